/// The questions a program asks its terminal once, before its first frame, to learn its
/// ``TerminalCapabilities``. Written in one go; the answers are read by ``TerminalAnswers``.
public enum TerminalQueries {
  /// The id of the kitty graphics query: its answer names it.
  public static let kittyGraphicsID = 31

  /// The private modes asked about: synchronized output (2026) and grapheme clusters (2027).
  public static let modes = [2026, 2027]

  /// XTVERSION, the modes (DECRQM), the kitty graphics query (a one-pixel picture, only asked
  /// about, never shown), the kitty keyboard query, the background colour (OSC 11) — and the
  /// primary device attributes last: every terminal answers those, and answers in order, so
  /// their answer says that the others have come or never will.
  public static var bytes: [UInt8] {
    var text = "\u{1B}[>0q"
    for mode in modes { text += "\u{1B}[?\(mode)$p" }
    text += "\u{1B}_Gi=\(kittyGraphicsID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    text += "\u{1B}[?u"
    text += "\u{1B}]11;?\u{1B}\\"
    text += "\u{1B}[c"
    return Array(text.utf8)
  }
}
