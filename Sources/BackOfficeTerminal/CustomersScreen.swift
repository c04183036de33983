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
  }
}
