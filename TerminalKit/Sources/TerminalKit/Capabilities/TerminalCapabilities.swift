/// What a terminal said it can do when it was asked (``TerminalQueries``, read by
/// ``TerminalAnswers``): a value for a program to choose how to draw by — pictures in pixels,
/// synchronized frames, keys without an escape delay — falling back quietly where the terminal
/// said nothing (every property's default is the plain terminal's).
public struct TerminalCapabilities: Equatable, Sendable {
  /// The terminal answered the last question (its primary device attributes, which every
  /// terminal answers, in order): every answer it was going to give has come.
  public var answered = false
  /// Its name and version as it gives them (XTVERSION), such as `kitty(0.39.1)`.
  public var version: String?
  /// Sixel pictures: attribute 4 of its device attributes.
  public var sixel = false
  /// The kitty graphics protocol: it answered the graphics query `OK`.
  public var kittyGraphics = false
  /// The kitty keyboard protocol's flags in force when asked; `nil` when it does not speak it.
  public var kittyKeyboardFlags: Int?
  /// What it answered for each private mode asked about (DECRQM).
  public var modes: [Int: ModeState] = [:]
  /// Its background colour (OSC 11), to 8 bits a channel (`.rgb`).
  public var background: Color?

  public init() {}

  /// A private mode's state, as DECRPM reports it.
  public enum ModeState: Int, Sendable {
    case notRecognized = 0
    case set = 1
    case reset = 2
    case permanentlySet = 3
    case permanentlyReset = 4

    /// The terminal knows the mode (whether or not it is on now).
    public var isRecognized: Bool { self != .notRecognized }
  }

  /// Synchronized output (mode 2026): frames drawn whole, never half.
  public var synchronizedOutput: Bool { modes[2026]?.isRecognized ?? false }
  /// Grapheme clusters measured as one (mode 2027).
  public var graphemeClusters: Bool { modes[2027]?.isRecognized ?? false }
  /// Whether the background is dark (its luminance, by sRGB's weights without linearising, under
  /// half); `nil` when the terminal did not say.
  public var hasDarkBackground: Bool? {
    guard case let .rgb(red, green, blue) = background else { return nil }
    return 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue) < 127.5
  }
}
