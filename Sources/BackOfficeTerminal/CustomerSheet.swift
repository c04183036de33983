import BackOffice
import Shop
import TerminalKit

/// One customer over the tab: who they are, the addresses they keep, and their newest orders,
/// the chosen one marked (Enter opens it on top); or that the record is on its way, or failed.
enum CustomerSheet {
  static func render(
    _ customer: CustomerDetailFeature.State, app: BackOfficeFeature.State, title: String, in area: Rect,
    over background: Rect, on frame: inout Frame<AdminCommand>
  ) {
    let kind = customer.record.map { $0.customer.kind == .key ? "SSH key" : "account" } ?? ""
    frame.render(Sheet<AdminCommand>(over: background, title: title, note: kind), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.width > 10, inside.height > 2 else { return }
    let theme = frame.theme
    var y = inside.y
    func line(_ text: String, _ style: Style, focused: Bool = false) {
      guard y < inside.maxY else { return }
      frame.draw(text, at: Point(x: inside.x, y: y), width: inside.width, style: style)
      if focused { frame.markFocus(at: Point(x: inside.x, y: y)) }
      y += 1
    }
    guard let record = customer.record else {
      if let failure = customer.failure {
        line(failure, theme.warning)
        line("r tries again.", theme.secondary)
      } else {
        line("Fetching customer \(customer.customerID)…", theme.secondary)
      }
      return
    }
    let summary = record.customer
    line(summary.name, theme.title)
    line("\(summary.orderCount) order\(summary.orderCount == 1 ? "" : "s")", theme.secondary)
    y += 1
    line(record.addresses.addresses.isEmpty ? "No saved addresses." : "Saved addresses (the first is the default):", theme.secondary)
    for address in record.addresses.addresses { line("  " + address.oneLine, theme.text) }
    y += 1
    line(record.orders.isEmpty ? "No orders." : "Newest orders:", theme.secondary)
    for order in record.orders {
      let total = AdminText.total(of: order, in: app).formatted
      let chosen = order.id == customer.selectedOrderID
      line(
        (chosen ? "› " : "  ") + "#\(order.id)  \(AdminText.date(order.date))  \(total)  \(order.history.last?.summary ?? order.status.name)",
        chosen ? theme.selection : theme.text, focused: chosen
      )
    }
  }
}
