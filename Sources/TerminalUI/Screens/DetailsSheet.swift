import TerminalKit
import TerminalPictures
import Shop

/// A product's details as a sheet over the list (`Enter`): its picture on the left where
/// pictures are on and the sheet is wide enough, then the title wrapped, price, rating,
/// category, the stepper, and the whole description, which scrolls when it does not fit.
/// Drawn as the sheet of the area it is given (``ScreenLayout/sheet``), no wider than
/// ``maximumWidth``.
public struct DetailsSheet: Widget {
  public var details: ProductDetailsFeature.State
  public var row: ProductFeature.State
  public var showsPictures: Bool
  /// The product's picture, or what to say in its place; used where the layout has room for it.
  public var picture: PictureView<KeyCommand>.Content?

  public init(
    _ details: ProductDetailsFeature.State, row: ProductFeature.State, showsPictures: Bool,
    picture: PictureView<KeyCommand>.Content? = nil
  ) {
    self.details = details
    self.row = row
    self.showsPictures = showsPictures
    self.picture = picture
  }

  /// Where the parts of the sheet go for one product on a screen of one size.
  struct Layout {
    /// The sheet: as the cart's, but no wider than a comfortable reading width.
    var box: Rect
    /// Where the text goes: the inside of the sheet, right of the picture when there is one.
    var inside: Rect
    /// The picture's area, left of the text, when pictures are on and the sheet has room.
    var picture: Rect?
    var titleLines: [String]
    var description: [String]
    /// The rows of the description's window.
    var textArea: Rect

    init(_ product: Product, layout: ScreenLayout) {
      let sheet = layout.sheet
      let width = min(sheet.width, DetailsSheet.maximumWidth)
      box = Rect(x: sheet.x + (sheet.width - width) / 2, y: sheet.y, width: width, height: sheet.height)
      inside = box.insideBorder.insetBy(dx: 1, dy: 0)
      if layout.showsPictures, inside.width >= DetailsSheet.minimumWidthForPicture, inside.height >= 6 {
        let width = min(DetailsSheet.maximumPictureWidth, inside.width * 2 / 5)
        // As tall as a square picture of that width is, so it sits at the top beside the title.
        picture = Rect(x: inside.x, y: inside.y, width: width, height: min(inside.height, width / 2 + 1))
        inside = Rect(x: inside.x + width + 2, y: inside.y, width: inside.width - width - 2, height: inside.height)
      }
      let textWidth = max(1, inside.width)
      titleLines = TextLayout.wrap(SafeText.sanitize(product.title), toWidth: textWidth, maximumLines: 3)
      description = TextLayout.wrap(SafeText.sanitize(product.description), toWidth: textWidth)
      // The title, a blank line, price and rating, category, stepper, a blank line.
      let top = titleLines.count + 5
      textArea = Rect(x: inside.x, y: inside.y + top, width: inside.width, height: max(0, inside.height - top))
    }

    var scrollLimit: Int { max(0, description.count - textArea.height) }
  }

  /// Lines of text read best below about 80 columns.
  static let maximumWidth = 84
  /// The picture takes two fifths of the sheet, at most this many columns…
  static let maximumPictureWidth = 30
  /// …when the sheet is at least this wide inside, so the text keeps over 30 columns.
  static let minimumWidthForPicture = 56

  /// Where the picture goes in the details of `state`'s product on a screen of `layout`.
  public static func pictureArea(for state: ProductListFeature.State, layout: ScreenLayout) -> Rect? {
    guard let details = state.details, let row = state.products[id: details.productID] else { return nil }
    return Layout(row.product, layout: layout).picture
  }

  /// How far the description of the open details can scroll on a screen of `size`.
  public static func scrollLimit(for state: ProductListFeature.State, layout: ScreenLayout) -> Int {
    guard let details = state.details, let row = state.products[id: details.productID] else { return 0 }
    return Layout(row.product, layout: layout).scrollLimit
  }

  public func render(in area: Rect, on frame: inout ScreenFrame) {
    let theme = frame.theme
    let layout = Layout(row.product, layout: ScreenLayout(content: area, showsPictures: showsPictures))
    let offset = min(details.scrollOffset, layout.scrollLimit)
    let more = [offset > 0 ? "↑" : nil, offset < layout.scrollLimit ? "↓" : nil].compactMap { $0 }
    let note = more.isEmpty ? DetailsKeys.map(scrollLimit: layout.scrollLimit).key(for: .closeTapped).map { "\($0) close" } : more.joined() + " more"
    frame.render(Sheet(over: area, title: "Details", note: note), in: layout.box)
    if let area = layout.picture, let picture {
      frame.render(PictureView(picture, theme: theme), in: area)
    }
    let inside = layout.inside
    guard inside.height >= 3, inside.width > 4 else { return }
    var y = inside.y
    func line(_ text: String, _ style: Style) {
      if y < inside.maxY { frame.draw(text, at: Point(x: inside.x, y: y), width: inside.width, style: style) }
      y += 1
    }
    /// Two texts on one line, two columns apart.
    func pair(_ first: String, _ firstStyle: Style, _ second: String, _ secondStyle: Style) {
      if y < inside.maxY {
        let width = frame.draw(first, at: Point(x: inside.x, y: y), width: inside.width, style: firstStyle)
        frame.draw(second, at: Point(x: inside.x + width + 2, y: y), width: max(0, inside.width - width - 2), style: secondStyle)
      }
      y += 1
    }
    for title in layout.titleLines { line(title, theme.title) }
    y += 1
    let product = row.product
    let price = product.price.formatted
    pair(price, theme[.price], BrowsingText.rating(of: product), theme.text)
    line(BrowsingText.categoryLine(of: product), theme.secondary)
    if y < inside.maxY {
      let soldOut = row.isSoldOut && row.quantity == 0
      let label = CartStepper.emptyLabel(for: row, compact: false)
      let stepper = Stepper<KeyCommand>(
        count: row.quantity, emptyLabel: label, style: soldOut ? theme.disabled : theme.action, alignment: .leading,
        decrement: .stepper(row.id, .minusTapped), increment: soldOut ? nil : .stepper(row.id, .plusTapped)
      )
      let width = min(TextWidth.columns(of: Stepper<KeyCommand>.label(count: row.quantity, emptyLabel: label)), inside.width)
      frame.render(stepper, in: Rect(x: inside.x, y: y, width: width, height: 1))
      let notes = [row.quantity > 0 ? "in your cart" : nil, StockBadge.detail(for: row)].compactMap { $0 }
      if !notes.isEmpty {
        let style = row.stockLeft.map { $0 <= StockBadge.fewLeft } == true ? theme.warning : theme.secondary
        frame.draw(notes.joined(separator: " · "), at: Point(x: inside.x + width + 2, y: y), width: max(0, inside.width - width - 2), style: style)
      }
    }
    y += 1
    let text = layout.textArea
    frame.onWheel(layout.box, up: .details(.scrolled(by: -3, limit: layout.scrollLimit)), down: .details(.scrolled(by: 3, limit: layout.scrollLimit)))
    for (index, paragraph) in layout.description.dropFirst(offset).prefix(text.height).enumerated() {
      frame.draw(paragraph, at: Point(x: text.x, y: text.y + index), width: text.width, style: theme.text)
    }
  }

  /// `★★★★☆` for 3.9: the rating rounded to whole stars out of five.
  static func stars(_ rate: Double) -> String {
    let filled = min(5, max(0, Int(rate.rounded())))
    return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
  }
}
