import TerminalKit
import Boundaries
import Shop

/// The Profile tab: the customer's name and email, and their orders, newest first; a spinner
/// while loading, or what went wrong and Retry. An opened order shows its lines in a box.
/// Drawn in the area it is given (``ScreenLayout``).
public struct ProfileScreen: Widget {
  public var state: ProfileFeature.State
  /// How an order is named and priced: ``AppFeature/State/orderSummary(of:)``.
  public var summary: (StoredOrder) -> OrderSummary
  public var context: RenderContext

  public init(_ state: ProfileFeature.State, summary: @escaping (StoredOrder) -> OrderSummary, context: RenderContext) {
    self.state = state
    self.summary = summary
    self.context = context
  }

  public func render(in content: Rect, on frame: inout ScreenFrame) {
    let theme = context.theme
    let layout = ScreenLayout(content: content)
    frame.draw("Profile", at: Point(x: layout.header.x + 1, y: layout.header.y), style: theme.title)
    frame.draw(String(repeating: "─", count: layout.rule.width), at: layout.rule.origin, style: theme.secondary)

    switch state.status {
    case .idle, .loading:
      frame.render(Spinner("Loading profile…", frame: context.spinnerFrame), in: layout.body)
    case let .failed(error):
      let retryKey = ProfileKeys.map(for: state, visibleRows: Self.visibleOrderRows(of: state, in: layout)).key(for: .retryTapped)
      frame.render(
        ErrorMessage(title: "Oops, we couldn't load your profile", reason: error.message, retry: .profile(.retryTapped), retryKey: retryKey),
        in: layout.body
      )
    case .loaded:
      let body = layout.body.insetBy(dx: 1, dy: 0)
      let fields = Self.fields(of: state)
      for (index, field) in fields.enumerated() where index < body.height {
        frame.draw(field.0, at: Point(x: body.x, y: body.y + index), width: 12, style: theme.secondary)
        frame.draw(field.1, at: Point(x: body.x + 12, y: body.y + index), width: max(0, body.width - 12), style: theme.title)
      }
      let history = Self.historyArea(of: state, in: layout)
      ProfileScreen.drawHistory(state, summary: summary, in: history, on: &frame, context: context)
      if let order = state.openOrder {
        let closeKey = ProfileKeys.map(for: state, visibleRows: Self.visibleOrderRows(of: state, in: layout)).key(for: .orderClosed)
        ProfileScreen.drawOrder(summary(order), closeKey: closeKey, layout: layout, on: &frame, theme: theme)
      }
    }
  }

  /// The customer's fields above the history: name, email and username; the key; the guest.
  static func fields(of state: ProfileFeature.State) -> [(String, String)] {
    var fields: [(String, String)] = []
    if let profile = state.profile {
      fields = [("Full name", profile.fullName), ("Email", profile.email), ("Username", profile.username)]
    }
    switch state.signIn {
    case .account:
      break
    case let .key(fingerprint):
      fields += [("SSH key", fingerprint), ("Customer", "#\(state.customer)")]
    case .guest:
      fields += [("Shopping as", "a guest: the orders of this session only")]
    }
    return fields
  }

  /// Where the history goes: below the fields and a blank line; its first row is its title.
  static func historyArea(of state: ProfileFeature.State, in layout: ScreenLayout) -> Rect {
    let body = layout.body.insetBy(dx: 1, dy: 0)
    let fields = fields(of: state).count
    return Rect(x: body.x, y: body.y + fields + 1, width: body.width, height: max(0, body.height - fields - 1))
  }

  /// How many orders the history shows at once in `layout`.
  public static func visibleOrderRows(of state: ProfileFeature.State, in layout: ScreenLayout) -> Int {
    let area = historyArea(of: state, in: layout)
    // The title; and the demo store's note, when there is room for it and a row besides.
    let note = !state.ordersOutliveTheRun && area.height - 1 >= 2 ? 1 : 0
    return max(0, area.height - 1 - note)
  }

  /// What the demo store's profile says of its orders.
  static let demoOrdersNote = "The demo store keeps orders only while it runs: they are gone when it quits."

  static func drawHistory(
    _ state: ProfileFeature.State, summary: @escaping (StoredOrder) -> OrderSummary, in rect: Rect,
    on frame: inout ScreenFrame, context: RenderContext
  ) {
    let theme = context.theme
    guard rect.height >= 2 else { return }
    frame.draw("Your orders", at: Point(x: rect.x, y: rect.y), style: theme.title)
    var list = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
    if !state.ordersOutliveTheRun, list.height >= 2 {
      frame.draw(Self.demoOrdersNote, at: Point(x: list.x, y: list.y), width: list.width, style: theme.secondary)
      list = Rect(x: list.x, y: list.y + 1, width: list.width, height: list.height - 1)
    }
    let message: String? =
      switch state.ordersStatus {
      case .idle, .loading: "Loading your orders…"
      case let .failed(error): "Your orders could not be loaded: \(error.message)."
      case .loaded where state.orders.isEmpty: "No orders yet."
      case .loaded: nil
      }
    if let message {
      frame.draw(message, at: Point(x: list.x, y: list.y), width: list.width, style: theme.secondary)
      return
    }
    let selected = state.selectedOrderID.flatMap { state.orders.index(id: $0) }
    frame.onWheel(list, up: .profile(.orderSelectionMoved(.up, visibleRows: list.height)), down: .profile(.orderSelectionMoved(.down, visibleRows: list.height)))
    var viewport = state.orderScroll
    let orders = ScreenList(count: state.orders.count, selected: selected, selectionStyle: theme.selection) { index, row, isSelected, frame in
      let order = summary(state.orders[index])
      let text = "#\(order.order.id)  \(order.dateText)  \(Counted.items(order.unitCount))  \(order.order.status.name)  \(order.shipToText)"
      var x = row.x
      x += frame.draw(isSelected ? "▸ " : "  ", at: Point(x: x, y: row.y), width: 2, style: theme.action)
      let drawn = frame.draw(text, at: Point(x: x, y: row.y), width: max(0, row.width - 2 - 14), style: theme.text)
      let total = TextLayout.pad(order.totalText, toWidth: 13, alignment: .trailing)
      frame.draw(total, at: Point(x: row.maxX - 13, y: row.y), width: 13, style: theme[.price])
      return Rect(x: row.x, y: row.y, width: 2 + drawn, height: 1)
    }
    frame.render(orders, in: list, state: &viewport)
  }

  /// One order in a box over the list: its status and history, where it ships and how, its
  /// lines and its total. What does not fit gives way from the lines up; the total stays.
  static func drawOrder(_ summary: OrderSummary, closeKey: String?, layout: ScreenLayout, on frame: inout ScreenFrame, theme: Theme) {
    frame.render(
      Sheet(over: layout.content, title: "Order #\(summary.order.id) · \(summary.dateText)", note: closeKey.map { "\($0) close" }),
      in: layout.sheet
    )
    var inside = layout.sheet.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.height >= 3 else { return }
    var header: [(String, Style)] = [("Status: " + summary.statusText, theme.title)]
    // Its history, the latest first.
    for change in summary.order.history.reversed().prefix(4) {
      header.append(("  \(OrderSummary.timeText(change.at))  \(change.summary)", theme.secondary))
    }
    if let checkout = summary.order.checkout {
      header.append(("Ships to: " + checkout.shipping.oneLine, theme.text))
      let fee = checkout.shippingFee == .zero ? "free" : checkout.shippingFee.formatted
      header.append(("Delivery: \(checkout.delivery.name), \(fee)", theme.text))
    } else {
      header.append(("No shipping address: this order was placed without one.", theme.secondary))
    }
    header.append(("", theme.text))
    for (offset, line) in header.prefix(max(0, inside.height - 3)).enumerated() {
      frame.draw(line.0, at: Point(x: inside.x, y: inside.y + offset), width: inside.width, style: line.1)
    }
    let used = min(header.count, max(0, inside.height - 3))
    inside = Rect(x: inside.x, y: inside.y + used, width: inside.width, height: inside.height - used)
    let priceWidth = ProductsScreen.priceColumns(for: summary.lines.compactMap(\.subtotal))
    for (index, line) in summary.lines.enumerated() where index < inside.height - 2 {
      let y = inside.y + index
      let quantity = "×\(line.quantity)"
      let titleWidth = max(0, inside.width - priceWidth - quantity.count - 2)
      frame.draw(line.title, at: Point(x: inside.x, y: y), width: titleWidth, style: line.subtotal == nil ? theme.disabled : theme.text)
      frame.draw(quantity, at: Point(x: inside.x + titleWidth + 1, y: y), style: theme.text)
      let price = TextLayout.pad(line.subtotal?.formatted ?? "—", toWidth: priceWidth, alignment: .trailing)
      frame.draw(price, at: Point(x: inside.maxX - priceWidth, y: y), width: priceWidth, style: theme[.price])
    }
    let totalRow = inside.row(inside.height - 1)
    let total = "Total " + summary.totalText
    frame.draw(total, at: Point(x: totalRow.maxX - TextWidth.columns(of: total), y: totalRow.y), style: theme.title)
  }
}
