import TerminalKit
import TerminalPictures
import Shop

/// The cart, drawn as a sheet over the product list: its lines (those the store no longer lists
/// dimmed, "no longer available"), the Pay button, "your cart is empty" or "restoring your saved
/// cart", and the "Sending your order…" overlay.
/// Drawn as the sheet of the area it is given (``ScreenLayout/sheet``), over that area.
///
/// On wide screens with pictures on, the picture of the line in focus (the last one looked at,
/// while the focus is on Pay) stands beside the lines.
public struct CartSheet: Widget {
  public var state: CartFeature.State
  public var showsPictures: Bool
  public var context: RenderContext
  public var pictures: PictureShelf

  public init(_ state: CartFeature.State, showsPictures: Bool, context: RenderContext, pictures: PictureShelf = .off) {
    self.state = state
    self.showsPictures = showsPictures
    self.context = context
    self.pictures = pictures
  }

  /// The sheet is this wide inside before a picture stands beside the lines…
  static let minimumWidthForPicture = 100
  /// …in this many columns.
  static let pictureWidth = 30

  /// Where the picture beside the lines goes, on a screen of `layout`.
  public static func pictureArea(in layout: ScreenLayout) -> Rect? {
    let inside = layout.sheet.insideBorder.insetBy(dx: 1, dy: 0)
    guard layout.showsPictures, inside.width >= minimumWidthForPicture, inside.height >= 6 else { return nil }
    return Rect(x: inside.maxX - pictureWidth, y: inside.y, width: pictureWidth, height: min(inside.height - 2, pictureWidth / 2 + 1))
  }

  /// The product whose picture the cart shows: the line in focus, or the first.
  public static func pictured(_ state: CartFeature.State) -> Product? {
    let index = state.focusedIndex ?? 0
    return state.items.indices.contains(index) ? state.items[index].product : nil
  }

  /// How many lines fit in the sheet of `layout`: all but its border and the Pay row.
  public static func visibleRows(in layout: ScreenLayout) -> Int {
    max(0, layout.sheet.insideBorder.height - 2)
  }

  public func render(in area: Rect, on frame: inout ScreenFrame) {
    if let checkout = state.checkout {
      frame.render(CheckoutSheet(checkout, context: context), in: area)
      if state.order == .sending { drawSending(in: ScreenLayout(content: area, showsPictures: false).sheet, on: &frame) }
      return
    }
    let theme = context.theme
    let layout = ScreenLayout(content: area, showsPictures: showsPictures)
    let sheet = layout.sheet
    let note = state.order == .sending ? nil : CartKeys.map(for: state, visibleRows: Self.visibleRows(in: layout)).key(for: .closeTapped).map { "\($0) close" }
    frame.render(Sheet(over: area, title: "Cart", note: note), in: sheet)
    let inside = sheet.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.height >= 3 else { return }

    let payRow = inside.row(inside.height - 1)
    var lines = Rect(x: inside.x, y: inside.y, width: inside.width, height: inside.height - 2)
    if let area = CartSheet.pictureArea(in: layout), !state.items.isEmpty {
      lines.width -= area.width + 2
      // Not under a dialog: the parts of a picture around it would be left as noise.
      if state.alert == nil, let product = CartSheet.pictured(state) {
        frame.render(PictureView<KeyCommand>(pictures.content(for: product, in: area.size), theme: theme), in: area)
      }
    }
    if state.items.isEmpty {
      let message =
        state.restoringUnitCount > 0
        ? "Restoring your saved cart (\(Counted.items(state.restoringUnitCount)))…"
        : "Oops, your cart is empty!"
      frame.drawCentered(message, in: lines.centered(width: lines.width, height: 1), style: theme.secondary)
    } else {
      CartSheet.drawLines(state, in: lines, on: &frame, theme: theme)
    }

    let appearance: ButtonAppearance =
      !state.canPay ? .disabled : state.focus == .payButton ? .focused : .normal
    let pay = Button("Pay \(state.total.formatted)", appearance: appearance, press: state.canPay ? KeyCommand.cart(.payTapped) : nil)
    frame.render(pay, in: payRow)

    if state.order == .sending { drawSending(in: sheet, on: &frame) }
  }

  private func drawSending(in sheet: Rect, on frame: inout ScreenFrame) {
    let box = sheet.centered(width: 30, height: 3)
    frame.render(Box(), in: box)
    frame.render(Spinner("Sending your order…", frame: context.spinnerFrame), in: box.insideBorder)
  }

  static func drawLines(_ state: CartFeature.State, in rect: Rect, on frame: inout ScreenFrame, theme: Theme) {
    let columns = LineColumns(width: rect.width, price: ProductsScreen.priceColumns(for: state.items.compactMap(\.product?.price)))
    frame.onWheel(rect, up: .cart(.focusMoved(.up, visibleRows: rect.height)), down: .cart(.focusMoved(.down, visibleRows: rect.height)))
    var viewport = state.scroll
    let lines = ScreenList(count: state.items.count, selected: state.focusedIndex, selectionStyle: theme.selection) { index, row, isFocused, frame in
      let line = state.items[index]
      var x = row.x
      func draw(_ text: String, width: Int, style: Style) {
        frame.draw(text, at: Point(x: x, y: row.y), width: min(width, row.maxX - x), style: style)
        x += width
      }
      draw(isFocused ? "▸ " : "  ", width: 2, style: theme.action)
      if let product = line.product {
        draw(product.title, width: columns.title + 1, style: theme.text)
        draw(TextLayout.pad(product.price.formatted, toWidth: columns.price, alignment: .trailing), width: columns.price + 2, style: theme[.price])
      } else {
        let width = columns.title + 1 + columns.price + 2
        draw(columns.unavailable(id: line.id, width: width), width: width, style: theme.disabled)
      }
      draw(TextLayout.pad(columns.quantity(line.quantity), toWidth: columns.quantityWidth), width: columns.quantityWidth + 1, style: line.product == nil ? theme.disabled : theme.text)
      draw(TextLayout.pad(line.item?.subtotal.formatted ?? "", toWidth: columns.lineTotal, alignment: .trailing), width: columns.lineTotal + 2, style: theme[.price])
      let deleteWidth = TextWidth.columns(of: columns.delete)
      frame.onPress(Rect(x: x, y: row.y, width: min(deleteWidth, row.maxX - x), height: 1), .cartItem(line.id, .deleteTapped))
      draw(columns.delete, width: deleteWidth, style: theme.danger)
      return nil
    }
    frame.render(lines, in: rect, state: &viewport)
  }

  /// The columns of a cart line: the full labels when the sheet is wide enough, short ones
  /// (`×2`, `[x]`) when it is not, so a line never runs over the sheet's border.
  struct LineColumns {
    let isCompact: Bool
    let title: Int
    let price: Int

    init(width: Int, price: Int = ProductsScreen.priceWidth) {
      self.price = price
      isCompact = width < 60
      lineTotal = price + 1
      let fixed = 2 + 1 + price + 2 + (isCompact ? 4 : 13) + 1 + lineTotal + 2 + (isCompact ? 3 : 10)
      title = max(0, width - fixed)
    }

    /// The line's total (unit price times quantity): a little wider than a unit price.
    let lineTotal: Int

    var quantityWidth: Int { isCompact ? 4 : 13 }
    var delete: String { isCompact ? "[x]" : ScreenButton.text("Delete") }

    /// A line whose product the store does not list now, where its title and price would be:
    /// the longest of its wordings that fits `width`.
    func unavailable(id: Product.ID, width: Int) -> String {
      let wordings = isCompact ? ["#\(id) unavailable"] : ["Product #\(id) · no longer available", "#\(id) · no longer available", "#\(id) unavailable"]
      return wordings.first { TextWidth.columns(of: $0) < width } ?? wordings[wordings.count - 1]
    }

    func quantity(_ count: Int) -> String {
      isCompact ? "×\(count)" : "Quantity: \(count)"
    }
  }
}
