import BackOffice
import Shop
import TerminalKit

/// The customers tab: accounts and keys with how much and when they ordered; one opened in a
/// sheet with the addresses they keep and their newest orders.
enum CustomersScreen {
  static func render(_ state: BackOfficeFeature.State, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let customers = state.customers
    let status: String =
      switch customers.loading {
      case .loading where customers.customers.isEmpty: "Loading…"
      case let .failed(reason): reason
      default: "\(customers.customers.count)\(customers.hasMore ? "+" : "") customers: the accounts, then the keys"
      }
    frame.draw(status, at: layout.statusLine.origin, width: layout.statusLine.width, style: customers.loading.isFailure ? frame.theme.warning : frame.theme.secondary)
    let rows = customers.customers
    let table = Table<AdminCommand>(
      columns: [
        .init("Number", width: .length(7), alignment: .trailing),
        .init("Who", width: .fill(1)),
        .init("Orders", width: .length(6), alignment: .trailing),
        .init("First order", width: .length(16)),
        .init("Last order", width: .length(16)),
      ],
      rowCount: rows.count, selected: customers.selectedIndex
    ) { row, column in
      let customer = rows[row]
      switch column {
      case 0: return "\(customer.id)"
      case 1: return customer.kind == .key ? "key " + customer.name : customer.name
      case 2: return "\(customer.orderCount)"
      case 3: return customer.firstOrder.map(AdminText.date) ?? "–"
      default: return customer.lastOrder.map(AdminText.date) ?? "–"
      }
    }
    var scroll = customers.scroll
    frame.render(table, in: layout.table, state: &scroll)
    FailureText.draw(customers.loading, whenEmpty: rows.isEmpty, in: layout.table, on: &frame)
    if let record = customers.record {
      drawRecord(record, state: state, in: layout.sheet, over: layout.body, on: &frame)
    } else if case let .failed(_, reason) = customers.opening {
      frame.draw(reason, at: layout.statusLine.origin, width: layout.statusLine.width, style: frame.theme.warning)
    }
  }

  private static func drawRecord(
    _ record: CustomerRecord, state: BackOfficeFeature.State, in area: Rect, over background: Rect, on frame: inout Frame<AdminCommand>
  ) {
    let customer = record.customer
    frame.render(Sheet<AdminCommand>(over: background, title: "Customer \(customer.id)", note: customer.kind == .key ? "SSH key" : "account"), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.width > 10, inside.height > 2 else { return }
    let theme = frame.theme
    var y = inside.y
    func line(_ text: String, _ style: Style) {
      if y < inside.maxY { frame.draw(text, at: Point(x: inside.x, y: y), width: inside.width, style: style) }
      y += 1
    }
    line(customer.name, theme.title)
    line("\(customer.orderCount) order\(customer.orderCount == 1 ? "" : "s")", theme.secondary)
    y += 1
    line(record.addresses.addresses.isEmpty ? "No saved addresses." : "Saved addresses (the first is the default):", theme.secondary)
    for address in record.addresses.addresses { line("  " + address.oneLine, theme.text) }
    y += 1
    line(record.orders.isEmpty ? "No orders." : "Newest orders:", theme.secondary)
    for order in record.orders {
      let total = AdminText.total(of: order, in: state).formatted
      line("  #\(order.id)  \(AdminText.date(order.date))  \(total)  \(order.history.last?.summary ?? order.status.name)", theme.text)
    }
  }
}
