import BackOffice
import TerminalKit

/// The screen on top of the drill-down, as a sheet over the tab; its title is the way there —
/// "Order #12 › Customer 7 › Order #9" — cut from the left when it does not fit, so the screen
/// shown is always named.
enum DrillDownScreen {
  static func render(_ state: BackOfficeFeature.State, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    guard let top = state.path.last else { return }
    let title = breadcrumb(state.path.map(\.crumb), width: max(8, layout.sheet.width - 16))
    switch top {
    case let .order(detail):
      OrderSheet.render(detail, app: state, title: title, in: layout.sheet, over: layout.body, on: &frame)
    case let .customer(customer):
      CustomerSheet.render(customer, app: state, title: title, in: layout.sheet, over: layout.body, on: &frame)
    }
  }

  /// The crumbs joined by "›", the first ones dropped (for "…") until it fits `width` columns.
  static func breadcrumb(_ crumbs: [String], width: Int) -> String {
    var shown = crumbs
    var text = shown.joined(separator: " › ")
    while shown.count > 1, TextWidth.columns(of: text) > width {
      shown.removeFirst()
      text = "… › " + shown.joined(separator: " › ")
    }
    return text
  }
}
