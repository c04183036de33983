import TerminalKit

/// Where the back office draws on a screen of `size`: the tabs on the first row, the footer's
/// keys on the last, and between them the tab's body — a line that says what is shown, then
/// its table. The screens draw by it and the keys' moves carry the rows its table shows, so the
/// two never disagree.
struct AdminLayout {
  let size: Size

  /// Below this the console asks for a larger window.
  static let minimum = Size(width: 60, height: 14)

  var fits: Bool { size.width >= Self.minimum.width && size.height >= Self.minimum.height }

  var header: Rect { Rect(x: 0, y: 0, width: size.width, height: 1) }
  var footer: Rect { Rect(x: 0, y: size.height - 1, width: size.width, height: 1) }
  var body: Rect { Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)) }

  /// The line above a table: the filter, the search, what failed.
  var statusLine: Rect { Rect(x: 1, y: body.y, width: max(0, size.width - 2), height: 1) }
  /// A tab's table, its header row included.
  var table: Rect { Rect(x: 1, y: body.y + 1, width: max(0, size.width - 2), height: max(0, body.height - 1)) }
  /// The rows of a table on screen.
  var tableRows: Int { max(1, table.height - 1) }

  /// An order's sheet: over the body, two columns in from each side.
  var sheet: Rect { body.insetBy(dx: size.width >= 100 ? 6 : 2, dy: 0) }
}
