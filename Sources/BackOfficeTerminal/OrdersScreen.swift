import BackOffice
import Shop
import TerminalKit

/// The orders tab: what is shown (the filter, the search, how many), then the table, newest
/// first; an order's sheet over it when one is open.
enum OrdersScreen {
  static func render(_ state: BackOfficeFeature.State, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let orders = state.orders
    drawStatusLine(orders, in: layout.statusLine, on: &frame)
    let columns: [Table<AdminCommand>.Column] = [
      .init("Order", width: .length(7), alignment: .trailing),
      .init("Date (UTC)", width: .length(16)),
      .init("Customer", width: .length(9)),
      .init("Items", width: .length(5), alignment: .trailing),
      .init("Total", width: .length(10), alignment: .trailing),
      .init("Status", width: .fill(1)),
    ]
    let rows = orders.orders
    let table = Table<AdminCommand>(
      columns: columns, rowCount: rows.count, selected: orders.selectedIndex, press: { .orders(.rowTapped(rows[$0].id)) }
    ) { row, column in
      let order = rows[row]
      switch column {
      case 0: return "#\(order.id)"
      case 1: return AdminText.date(order.date)
      case 2: return AdminText.customer(order.userId)
      case 3: return "\(AdminText.units(of: order))"
      case 4: return AdminText.total(of: order, in: state).formatted
      default: return order.history.last.map(\.summary) ?? order.status.name
      }
    }
    var scroll = orders.scroll
    frame.render(table, in: layout.table, state: &scroll)
    FailureText.draw(orders.loading, whenEmpty: rows.isEmpty, in: layout.table, on: &frame)
    if rows.isEmpty, orders.loading == .loaded {
      let what = orders.search != nil || orders.filter != nil ? "No orders match." : "No orders yet: they appear here as they are placed."
      frame.drawCentered(what, in: layout.table.row(layout.table.height / 2), style: frame.theme.secondary)
    }
  }

  private static func drawStatusLine(_ orders: OrdersFeature.State, in line: Rect, on frame: inout Frame<AdminCommand>) {
    if let field = orders.searchField {
      let label = frame.draw("Order or customer number: ", at: line.origin, style: frame.theme.title)
      frame.render(TextField<AdminCommand>(field, placeholder: "12"), in: Rect(x: line.x + label, y: line.y, width: max(0, line.width - label), height: 1))
      return
    }
    var parts = [orders.filter.map { "\($0.name) orders" } ?? "All orders"]
    if let search = orders.search { parts.append("number \(search)") }
    parts.append(orders.hasMore ? "\(orders.orders.count)+ shown" : "\(orders.orders.count) shown")
    switch orders.loading {
    case .loading: parts.append("loading…")
    case let .failed(reason): parts.append(reason)
    case .idle, .loaded: break
    }
    let style = orders.loading.isFailure ? frame.theme.warning : frame.theme.secondary
    frame.draw(parts.joined(separator: " · "), at: line.origin, width: line.width, style: style)
  }
}

extension Loading {
  var isFailure: Bool {
    if case .failed = self { return true }
    return false
  }
}
