import BackOffice
import TerminalKit

/// Why a tab's list could not be fetched, whole: the status line holds one row and cuts a long
/// reason ("The store refused the admin token: is --admin-token-file the file onlinestore-api
/// was started with?" lost its end at 100 columns), so an empty list shows the reason wrapped in
/// its place, centred, as many lines as it needs and the table has.
enum FailureText {
  static func draw(_ loading: Loading, whenEmpty isEmpty: Bool, in table: Rect, on frame: inout Frame<AdminCommand>) {
    guard isEmpty, case let .failed(reason) = loading, table.height > 0 else { return }
    let width = max(1, min(table.width - 4, 76))
    let lines = TextLayout.wrap(reason, toWidth: width, maximumLines: table.height)
    let top = table.y + max(0, (table.height - lines.count) / 2)
    for (index, line) in lines.enumerated() {
      frame.drawCentered(line, in: table.row(top - table.y + index), style: frame.theme.warning)
    }
  }
}
