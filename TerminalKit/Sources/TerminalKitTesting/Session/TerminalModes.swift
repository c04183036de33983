/// The modes a program can switch its terminal into, as a terminal would hold them: what a
/// program must switch back before it exits, or the shell after it is left unusable (no
/// cursor, keys arriving as escape codes, clicks typed as text).
public struct TerminalModes: Hashable, Sendable, CustomStringConvertible {
  /// The alternate screen (DEC modes 47, 1047, 1049): full-screen programs draw there so the
  /// shell's screen comes back when they leave.
  public var alternateScreen = false
  /// The cursor is shown (DEC mode 25).
  public var cursorVisible = true
  /// Which mouse events the terminal reports, if any.
  public var mouseTracking = MouseTracking.off
  /// Mouse reports in the SGR encoding (DEC mode 1006).
  public var sgrMouseEncoding = false
  /// Pasted text arrives between `ESC [200~` and `ESC [201~` (DEC mode 2004).
  public var bracketedPaste = false
  /// Arrow keys send `ESC O A` instead of `ESC [ A` (DECCKM, DEC mode 1).
  public var applicationCursorKeys = false
  /// The keypad sends application sequences (DECKPAM, `ESC =`; back with `ESC >`).
  public var applicationKeypad = false
  /// Focus in and out are reported (DEC mode 1004).
  public var focusEvents = false
  /// A frame is being written that the terminal shows when it ends (synchronized output, DEC
  /// mode 2026).
  public var synchronizedOutput = false

  /// Mouse reporting, from none to every movement.
  public enum MouseTracking: Hashable, Sendable {
    case off
    /// Presses and releases (DEC mode 1000).
    case clicks
    /// Also movement while a button is held (DEC mode 1002).
    case drags
    /// Every movement (DEC mode 1003).
    case motion
  }

  /// The modes of a terminal nobody has touched.
  public static let initial = TerminalModes()

  public init() {}

  /// What is not as a terminal starts, in words: empty when a program left its terminal as it
  /// found it.
  public var leftChanged: [String] {
    var changes: [String] = []
    if alternateScreen { changes.append("the alternate screen is still on") }
    if !cursorVisible { changes.append("the cursor is hidden") }
    if mouseTracking != .off { changes.append("mouse tracking is on (\(mouseTracking))") }
    if sgrMouseEncoding { changes.append("SGR mouse encoding is on") }
    if bracketedPaste { changes.append("bracketed paste is on") }
    if applicationCursorKeys { changes.append("the cursor keys are in application mode") }
    if applicationKeypad { changes.append("the keypad is in application mode") }
    if focusEvents { changes.append("focus events are on") }
    if synchronizedOutput { changes.append("a synchronized frame was begun and never ended") }
    return changes
  }

  public var description: String {
    leftChanged.isEmpty ? "as a terminal starts" : leftChanged.joined(separator: "; ")
  }

  /// Sets (`h`) or resets (`l`) DEC private mode `number`; a mode this type does not keep is
  /// ignored.
  mutating func setPrivateMode(_ number: Int, to on: Bool) {
    switch number {
    case 1: applicationCursorKeys = on
    case 25: cursorVisible = on
    case 47, 1047, 1049: alternateScreen = on
    case 1000: setTracking(.clicks, on)
    case 1002: setTracking(.drags, on)
    case 1003: setTracking(.motion, on)
    case 1004: focusEvents = on
    case 1006: sgrMouseEncoding = on
    case 2004: bracketedPaste = on
    case 2026: synchronizedOutput = on
    default: break
    }
  }

  /// A soft reset (DECSTR, `CSI ! p`): what it puts back, as xterm does.
  mutating func softReset() {
    cursorVisible = true
    applicationCursorKeys = false
    applicationKeypad = false
  }

  private mutating func setTracking(_ tracking: MouseTracking, _ on: Bool) {
    if on {
      mouseTracking = tracking
    } else if mouseTracking == tracking {
      mouseTracking = .off
    }
  }
}
