import BackOffice
import Shop
import TerminalKit

/// One order over the orders table: its lines at the prices they were placed at, the totals,
/// where it ships and how to reach the customer, its history; then the move's form, the
/// question that confirms a move, or what failed.
enum OrderSheet {
  static func render(
    _ detail: OrderDetailFeature.State, app: BackOfficeFeature.State, title: String, in area: Rect, over background: Rect,
    on frame: inout Frame<AdminCommand>
  ) {
    let order = detail.order
    frame.render(Sheet<AdminCommand>(over: background, title: title, note: order.status.name), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.width > 10, inside.height > 2 else { return }
    let bottom = bottomArea(detail, in: inside)
    var lines = Lines(area: Rect(x: inside.x, y: inside.y, width: inside.width, height: inside.height - bottom.height))
    let theme = frame.theme

    lines.add("Placed \(AdminText.date(order.date)) UTC by customer \(AdminText.customer(order.userId))", theme.secondary, on: &frame)
    lines.skip()
    let priceWidth = 10
    for line in order.products {
      let price = (line.price ?? app.product(line.productId)?.price).map { ($0 * line.quantity).formatted } ?? ""
      lines.pair("\(line.quantity) × \(app.title(of: line.productId))", price, width: priceWidth, theme.text, on: &frame)
    }
    let items = AdminText.itemsTotal(of: order, in: app)
    if let checkout = order.checkout {
      lines.pair("Items", items.formatted, width: priceWidth, theme.secondary, on: &frame)
      lines.pair("Shipping (\(checkout.delivery.name))", checkout.shippingFee.formatted, width: priceWidth, theme.secondary, on: &frame)
      lines.pair("Total", checkout.total.formatted, width: priceWidth, theme.title, on: &frame)
      lines.skip()
      lines.add("Ship to: " + checkout.shipping.oneLine, theme.text, on: &frame)
      let contact = [checkout.shipping.email, checkout.shipping.phone].filter { !$0.isEmpty }.joined(separator: " · ")
      if !contact.isEmpty { lines.add("Contact: " + contact, theme.text, on: &frame) }
    } else {
      lines.pair("Total", items.formatted, width: priceWidth, theme.title, on: &frame)
      lines.add("No address: an order from before checkout, or from a FakeStore client.", theme.secondary, on: &frame)
    }
    lines.skip()
    for change in order.history.reversed() {
      lines.add("\(AdminText.date(change.at))  \(change.summary)", change.stage == order.status ? theme.title : theme.secondary, on: &frame)
    }
    drawBottom(detail, in: bottom, on: &frame)
  }

  /// The form, the question or the failure, at the foot of the sheet.
  private static func bottomArea(_ detail: OrderDetailFeature.State, in inside: Rect) -> Rect {
    let height =
      if let form = detail.form { form.stage == .cancelled ? 4 : 6 } else if detail.pending != nil || detail.failure != nil || detail.isMoving { 2 } else { 0 }
    let clamped = min(height, max(0, inside.height - 3))
    return Rect(x: inside.x, y: inside.maxY - clamped, width: inside.width, height: clamped)
  }

  private static func drawBottom(_ detail: OrderDetailFeature.State, in area: Rect, on frame: inout Frame<AdminCommand>) {
    guard area.height > 0 else { return }
    let theme = frame.theme
    if let form = detail.form {
      frame.draw(form.title, at: area.origin, width: area.width, style: theme.title)
      frame.render(FormView<MoveForm, MoveForm.Field, AdminCommand>(form.form), in: Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1))
    } else if let pending = detail.pending {
      frame.draw(pending.question, at: Point(x: area.x, y: area.y + 1), width: area.width, style: theme.warning)
      // The question is what the keys answer now: the focus is on it.
      frame.markFocus(at: Point(x: area.x, y: area.y + 1))
    } else if detail.isMoving {
      frame.draw("Sending…", at: Point(x: area.x, y: area.y + 1), width: area.width, style: theme.secondary)
    } else if let failure = detail.failure {
      frame.draw(failure, at: Point(x: area.x, y: area.y + 1), width: area.width, style: theme.warning)
    }
  }

  /// Lines down an area, each cut to its width; those past its foot are not drawn.
  private struct Lines {
    let area: Rect
    var y: Int

    init(area: Rect) {
      self.area = area
      y = area.y
    }

    mutating func add(_ text: String, _ style: Style, on frame: inout Frame<AdminCommand>) {
      if y < area.maxY { frame.draw(text, at: Point(x: area.x, y: y), width: area.width, style: style) }
      y += 1
    }

    /// `text` on the left and `amount` against the right edge.
    mutating func pair(_ text: String, _ amount: String, width: Int, _ style: Style, on frame: inout Frame<AdminCommand>) {
      if y < area.maxY {
        frame.draw(text, at: Point(x: area.x, y: y), width: max(0, area.width - width - 1), style: style)
        let amountWidth = TextWidth.columns(of: amount)
        frame.draw(amount, at: Point(x: area.maxX - amountWidth, y: y), width: amountWidth, style: style)
      }
      y += 1
    }

    mutating func skip() { y += 1 }
  }
}
