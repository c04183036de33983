import TerminalKit
import Shop

/// Checkout, drawn in the cart's sheet: a title with the step ("Checkout · 1/3 Shipping and
/// contact"), a notice when there is one, and the step — the address form, the delivery
/// choices with their prices and estimates, or the review with its buttons. In the accessible
/// mode, plain lines with no box: the form one question at a time, the other steps as text.
public struct CheckoutSheet: Widget {
  public var state: CheckoutFeature.State
  public var context: RenderContext

  public init(_ state: CheckoutFeature.State, context: RenderContext) {
    self.state = state
    self.context = context
  }

  public var title: String {
    "Checkout · \(state.step.number)/\(CheckoutStep.allCases.count) \(state.step.title)"
  }

  public func render(in area: Rect, on frame: inout ScreenFrame) {
    let theme = context.theme
    var inside: Rect
    if context.accessible {
      frame.fill(area)
      inside = area
    } else {
      let sheet = ScreenLayout(content: area, showsPictures: false).sheet
      frame.render(Sheet(over: area, title: title), in: sheet)
      inside = sheet.insideBorder.insetBy(dx: 1, dy: 0)
    }
    guard inside.height >= 3 else { return }
    if let notice = state.notice {
      frame.draw("! " + notice, at: inside.origin, width: inside.width, style: theme.warning)
      inside = Rect(x: inside.x, y: inside.y + 1, width: inside.width, height: inside.height - 1)
    }
    switch state.step {
    case .address:
      let form = state.form.form(showing: state.shownMessages)
      if context.accessible {
        frame.render(AccessibleFormView<AddressForm, AddressForm.Field, KeyCommand>(form, title: title), in: inside)
      } else {
        let tap: (AddressForm.Field) -> KeyCommand = { .checkout(.fieldTapped($0)) }
        frame.render(FormView<AddressForm, AddressForm.Field, KeyCommand>(form, focus: tap, press: tap), in: inside)
      }
    case .delivery:
      drawLines(deliveryLines, in: inside, on: &frame)
    case .review:
      drawLines(reviewLines, in: inside, on: &frame)
    }
  }

  /// One line of a step drawn as text: what it says, how, and what a click on it does.
  struct Line {
    var text: String
    var style: Style
    var press: KeyCommand?
    /// A row of buttons instead of text.
    var buttons: [(button: CheckoutFeature.ReviewButton, label: String)] = []
    /// Whether the keyboard is on it (the delivery chosen): the focus.
    var isFocus = false
  }

  var deliveryLines: [Line] {
    let theme = context.theme
    var lines: [Line] = []
    if context.accessible { lines.append(Line(text: title, style: theme.title)) }
    lines.append(Line(text: "How should it travel? Items come to \(state.subtotal.formatted).", style: theme.text))
    lines.append(Line(text: "", style: theme.text))
    for method in DeliveryMethod.allCases {
      let chosen = method == state.delivery
      let fee = state.rules.fee(for: method, subtotal: state.subtotal)
      let text = "\(chosen ? "(•)" : "( )") \(method.name) — \(fee == .zero ? "free" : fee.formatted), \(state.rules.estimate(for: method))"
      lines.append(Line(text: text, style: chosen ? theme.selection : theme.text, press: .checkout(.deliveryChosen(method)), isFocus: chosen))
    }
    lines.append(Line(text: "", style: theme.text))
    if state.subtotal < state.rules.freeStandardFrom {
      lines.append(Line(text: "Standard shipping is free from \(state.rules.freeStandardFrom.formatted).", style: theme.secondary))
    }
    lines.append(Line(text: "Total with shipping: \(state.total.formatted)", style: theme.title))
    lines.append(Line(text: ScreenButton.text("Continue"), style: theme.action, press: .checkout(.continueTapped)))
    if context.accessible { lines.append(Line(text: "Arrows: choose. Enter: continue. Esc: back.", style: theme.secondary)) }
    return lines
  }

  var reviewLines: [Line] {
    let theme = context.theme
    let address = state.form.address
    var lines: [Line] = []
    if context.accessible { lines.append(Line(text: title, style: theme.title)) }
    lines.append(Line(text: "Items", style: theme.title))
    for line in state.lines {
      lines.append(Line(text: "  \(line.quantity) × \(line.product.title) — \(line.subtotal.formatted)", style: theme.text))
    }
    lines.append(Line(text: "Ships to", style: theme.title))
    lines += address.lines.map { Line(text: "  " + $0, style: theme.text) }
    lines.append(Line(text: "  " + ([address.email, address.phone].filter { !$0.isEmpty }.joined(separator: " · ")), style: theme.secondary))
    lines.append(Line(text: "Delivery: \(state.delivery.name), \(state.rules.estimate(for: state.delivery))", style: theme.title))
    lines.append(Line(text: "Subtotal \(state.subtotal.formatted) · Shipping \(state.shippingFee == .zero ? "free" : state.shippingFee.formatted) · Total \(state.total.formatted)", style: theme[.price]))
    lines.append(Line(text: "", style: theme.text, buttons: Self.reviewButtons(state)))
    if context.accessible {
      let focused = Self.reviewButtons(state).first { $0.button == state.reviewFocus }?.label ?? ""
      lines.append(Line(text: "Now on: \(focused). Arrows: other buttons. Enter: press. p: place the order. Esc: back.", style: theme.secondary))
    }
    return lines
  }

  /// The review's buttons, in order, as they are labelled.
  static func reviewButtons(_ state: CheckoutFeature.State) -> [(button: CheckoutFeature.ReviewButton, label: String)] {
    [(.editAddress, "Edit address"), (.editDelivery, "Edit delivery"), (.placeOrder, "Place order \(state.total.formatted)")]
  }

  /// Draws `lines` from the top of `area`; when they do not fit, the last lines — the buttons and
  /// the totals — stay and the items give way, with a line saying how many are not shown.
  private func drawLines(_ lines: [Line], in area: Rect, on frame: inout ScreenFrame) {
    // In the accessible mode a line is never cut: what does not fit goes on the next line.
    var shown = !context.accessible ? lines : lines.flatMap { line in
      line.buttons.isEmpty && TextWidth.columns(of: line.text) > area.width
        ? TextLayout.wrap(line.text, toWidth: area.width).enumerated().map { index, text in
          Line(text: text, style: line.style, press: line.press, isFocus: line.isFocus && index == 0)
        } : [line]
    }
    if shown.count > area.height, let firstItem = lines.firstIndex(where: { $0.text.hasPrefix("  ") }) {
      let excess = shown.count - area.height + 1
      let cut = min(excess, state.lines.count)
      shown.removeSubrange(firstItem..<(firstItem + cut))
      shown.insert(Line(text: "  … and \(cut) more", style: context.theme.secondary), at: firstItem)
    }
    for (offset, line) in shown.prefix(area.height).enumerated() {
      let row = area.row(offset)
      guard line.buttons.isEmpty else {
        var x = row.x
        for (button, label) in line.buttons where x < row.maxX {
          let width = min(TextWidth.columns(of: ScreenButton.text(label)), row.maxX - x)
          let appearance: ButtonAppearance = button == state.reviewFocus ? .focused : .normal
          frame.render(Button(label, appearance: appearance, press: KeyCommand.checkout(.reviewButtonTapped(button))), in: Rect(x: x, y: row.y, width: width, height: 1))
          x += width + 2
        }
        continue
      }
      frame.draw(line.text, at: row.origin, width: row.width, style: line.style)
      if line.isFocus { frame.markFocus(at: row.origin) }
      if let press = line.press { frame.onPress(row, press) }
    }
  }
}
