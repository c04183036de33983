/// How far a text longer than its box is scrolled: the lines scrolled past. A scroll command
/// carries the limit the screen drew the text with (how many lines do not fit at its size), so
/// a resize needs no report back: the offset kept is brought within the limit of the command
/// that moves it, as the screen brought it within the limit when it drew.
enum TextScroll {
  /// `offset` moved by `lines` (up when negative), within 0 and `limit`.
  static func offset(_ offset: Int, movedBy lines: Int, limit: Int) -> Int {
    let limit = max(0, limit)
    return min(max(0, min(offset, limit) + lines), limit)
  }
}
