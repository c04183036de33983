/// The text of a bracketed paste, gathered scalar by scalar between the terminal's start and end
/// markers. A value that is told the time rather than reading a clock, so that its rules —
/// the bound on length, line breaks, and the deadline of a paste whose end never comes — are
/// tested with made-up instants and no wait.
public struct PasteAssembly<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
  /// A paste whose end has not come this long after its start is over anyway: a terminal sends
  /// a paste at once, and a start marker typed by hand (or cut off) must not swallow every later
  /// key, Ctrl-C included.
  public static var longest: Duration { .seconds(2) }

  /// The most scalars of one paste kept; the rest is dropped (no screen takes more than a line).
  public static var maximumLength: Int { 65_536 }

  /// The text so far, while a paste is open.
  public private(set) var text: String?
  /// The scalars kept so far (counted here: counting the string is not free).
  private var length = 0
  /// Whether the last scalar was a carriage return, so that a "\n" after it is not a second
  /// line break.
  private var afterReturn = false
  private var began: Instant?

  public init() {}

  /// Whether a paste has begun and not ended.
  public var isOpen: Bool { text != nil }

  /// When an open paste is over anyway (``longest`` after it began); `nil` when none is open.
  public var deadline: Instant? { began?.advanced(by: Self.longest) }

  /// The terminal's start marker. A second start inside a paste changes nothing: the paste and
  /// its deadline go on.
  public mutating func begin(at now: Instant) {
    guard text == nil else { return }
    text = ""
    length = 0
    afterReturn = false
    began = now
  }

  /// One scalar of the paste: a line break ("\r", "\n" or "\r\n") becomes one "\n"; past
  /// ``maximumLength`` scalars are dropped.
  public mutating func append(_ scalar: Unicode.Scalar) {
    guard text != nil else { return }
    defer { afterReturn = scalar == "\r" }
    if scalar == "\n", afterReturn { return }
    guard length < Self.maximumLength else { return }
    length += 1
    text!.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
  }

  /// The terminal's end marker: the paste as an event, or nothing for an empty one.
  public mutating func end() -> InputEvent? {
    defer { text = nil; began = nil }
    guard let text, !text.isEmpty else { return nil }
    return .paste(text)
  }

  /// Ends a paste open longer than ``longest`` at `now`, as if its end had come.
  public mutating func expire(at now: Instant) -> InputEvent? {
    guard let began, began.duration(to: now) > Self.longest else { return nil }
    return end()
  }
}
