import Foundation

/// The pseudo-terminal's line discipline settings that a full-screen program changes (raw mode)
/// and must change back: with them off, the shell after it echoes nothing, edits no line and
/// stairs its output.
public struct LineSettings: Hashable, Sendable {
  /// Typed characters are echoed (ECHO).
  public var echo: Bool
  /// Input comes a line at a time, with erase and kill (ICANON).
  public var lineEditing: Bool
  /// Ctrl-C and Ctrl-Z send signals (ISIG).
  public var signalKeys: Bool
  /// A newline written goes to the start of the next line (OPOST and ONLCR).
  public var newlineTranslation: Bool
  /// Return arrives as a newline (ICRNL).
  public var returnTranslation: Bool

  /// The settings of a new pseudo-terminal, which is what a program starts with.
  public static let initial = LineSettings(echo: true, lineEditing: true, signalKeys: true, newlineTranslation: true, returnTranslation: true)

  public init(echo: Bool, lineEditing: Bool, signalKeys: Bool, newlineTranslation: Bool, returnTranslation: Bool) {
    self.echo = echo
    self.lineEditing = lineEditing
    self.signalKeys = signalKeys
    self.newlineTranslation = newlineTranslation
    self.returnTranslation = returnTranslation
  }

  /// The settings of the pseudo-terminal whose controlling side is `controller`, or `nil` if it
  /// cannot be read.
  init?(controller: Int32) {
    var settings = termios()
    guard tcgetattr(controller, &settings) == 0 else { return nil }
    echo = settings.c_lflag & tcflag_t(ECHO) != 0
    lineEditing = settings.c_lflag & tcflag_t(ICANON) != 0
    signalKeys = settings.c_lflag & tcflag_t(ISIG) != 0
    newlineTranslation = settings.c_oflag & tcflag_t(OPOST) != 0 && settings.c_oflag & tcflag_t(ONLCR) != 0
    returnTranslation = settings.c_iflag & tcflag_t(ICRNL) != 0
  }

  /// What differs from a new terminal's settings, in words.
  public var leftChanged: [String] {
    var changes: [String] = []
    if !echo { changes.append("echo is off") }
    if !lineEditing { changes.append("line editing is off") }
    if !signalKeys { changes.append("Ctrl-C sends no signal") }
    if !newlineTranslation { changes.append("newlines are not translated on output") }
    if !returnTranslation { changes.append("Return is not translated on input") }
    return changes
  }
}
