import TerminalKit
import TerminalPictures
import Shop

/// The Products tab: loading, error, or the list with a stepper per row, and the selected
/// product's details where the screen is wide enough. Only the rows on screen are drawn.
/// Drawn in the area it is given (header, list, status: ``ScreenLayout``).
public struct ProductsScreen: Widget {
  public var state: ProductListFeature.State
  public var showsPictures: Bool
  public var context: RenderContext
  public var pictures: PictureShelf

  /// Whether a sheet (the cart, checkout) will be drawn over the list: then only the header is
  /// drawn, since the sheet covers the rest and a keystroke in it should not pay for the list.
  public var isUnderSheet: Bool

  public init(
    _ state: ProductListFeature.State, showsPictures: Bool, context: RenderContext, pictures: PictureShelf = .off, isUnderSheet: Bool = false
  ) {
    self.state = state
    self.showsPictures = showsPictures
    self.context = context
    self.pictures = pictures
    self.isUnderSheet = isUnderSheet
  }

  /// Columns of a price: "$1,249.50" and a margin.
  static let priceWidth = 11
  /// Lists narrower than this get the compact stepper, so that titles keep room.
  static let compactStepperBelowWidth = 60

  /// The price column for these prices: at least ``priceWidth``, and wide enough for the
  /// widest of them plus a margin. A price is never cut; the title gives way.
  static func priceColumns(for prices: some Sequence<Money>) -> Int {
    prices.reduce(priceWidth) { max($0, $1.formatted.count + 1) }
  }

  public func render(in content: Rect, on frame: inout ScreenFrame) {
    let theme = context.theme
    let layout = ScreenLayout(content: content, showsPictures: showsPictures)
    let keys = ProductsKeys.map(for: state, visibleRows: layout.visibleProductRows)
    let hint = keys.key(for: .products(.cartButtonTapped)).map { "\($0)  Go to Cart" } ?? ""
    let hintX = layout.header.maxX - TextWidth.columns(of: hint) - 1
    frame.draw(ProductsScreen.title(for: state.browsing), at: Point(x: layout.header.x + 1, y: layout.header.y), width: max(0, hintX - layout.header.x - 2), style: theme.title)
    frame.draw(hint, at: Point(x: hintX, y: layout.header.y), style: theme.secondary)
    frame.onPress(Rect(x: hintX, y: layout.header.y, width: TextWidth.columns(of: hint), height: 1), .products(.cartButtonTapped))
    frame.draw(String(repeating: "─", count: layout.rule.width), at: layout.rule.origin, style: theme.secondary)
    guard !isUnderSheet else { return }

    switch state.status {
    case .idle, .loading:
      frame.render(Spinner("Loading products…", frame: context.spinnerFrame), in: layout.body)
    case let .failed(error):
      frame.render(
        ErrorMessage(
          title: "Oops, we couldn't fetch the product list", reason: error.message, retry: .products(.retryTapped),
          retryKey: keys.key(for: .products(.retryTapped))),
        in: layout.body
      )
    case .loaded where state.products.isEmpty:
      let again = keys.key(for: .products(.retryTapped)).map { " Press \($0) to look again." } ?? ""
      frame.drawCentered("The store has no products right now." + again, in: layout.body.centered(width: layout.body.width, height: 1), style: theme.secondary)
    case .loaded where state.shownIDs.isEmpty:
      ProductsScreen.drawNoMatches(state.browsing, keys: keys, in: layout.body, on: &frame, theme: theme)
    case .loaded:
      ProductsScreen.drawList(state, in: layout.productList, on: &frame, theme: theme)
      if let pane = layout.detailPane, let row = state.selectedRow {
        ProductsScreen.drawDetails(row.product, in: pane, on: &frame, theme: theme, pictures: layout.showsPictures ? pictures : nil)
      }
    }
    ProductsScreen.drawStatus(state, in: layout.status, on: &frame, theme: theme)
  }

  static func drawList(_ state: ProductListFeature.State, in rect: Rect, on frame: inout ScreenFrame, theme: Theme) {
    // Sized by the rows on screen only, so a frame costs the same for 20 products or 100,000.
    let shown = state.shownIDs
    // The feature keeps the offset of its last move; the list fits it to the rows of `rect`
    // around the selection as it draws.
    var viewport = ListState(offset: state.scrollOffset, visibleRows: rect.height)
    let visible = viewport.visibleRange(count: shown.count)
    let rows = shown[visible].compactMap { state.products[id: $0] }
    let priceColumns = priceColumns(for: rows.lazy.map(\.product.price))
    frame.onWheel(rect, up: .products(.selectionMoved(.up, visibleRows: rect.height)), down: .products(.selectionMoved(.down, visibleRows: rect.height)))
    let list = ScreenList(count: shown.count, selected: state.selectedIndex, selectionStyle: theme.selection) { index, line, isSelected, frame in
      guard let row = state.products[id: shown[index]] else { return nil }
      return drawRow(row, in: line, on: &frame, theme: theme, isSelected: isSelected, priceColumns: priceColumns)
    }
    frame.render(list, in: rect, state: &viewport)
  }

  /// "Products", then the category and the order when they are not the defaults:
  /// `Products · Electronics · Price: low to high`.
  static func title(for browsing: BrowsingFeature.State) -> String {
    var parts = ["Products"]
    if let category = browsing.category { parts.append(BrowsingText.title(ofCategory: category)) }
    if browsing.sort != .storeOrder { parts.append(BrowsingText.title(of: browsing.sort)) }
    return parts.joined(separator: " · ")
  }

  /// Nothing matches the search or the category: say so, and how to see more.
  static func drawNoMatches(
    _ browsing: BrowsingFeature.State, keys: KeyMap<KeyCommand>, in rect: Rect, on frame: inout ScreenFrame, theme: Theme
  ) {
    var what = browsing.query.isEmpty ? "No products" : "No products match \u{201C}\(browsing.query)\u{201D}"
    if let category = browsing.category { what += " in \(BrowsingText.title(ofCategory: category))" }
    var ways: [String] = []
    if !browsing.query.isEmpty, let key = keys.key(for: .browsing(.searchCleared)) { ways.append("\(key) clears the search") }
    if browsing.category != nil, let key = keys.key(for: .browsing(.categoryPickerOpened)) { ways.append("\(key) picks another category") }
    let middle = rect.centered(width: rect.width, height: 2)
    frame.drawCentered(what + ".", in: middle.row(0), style: theme.text)
    frame.drawCentered(ways.joined(separator: " · "), in: middle.row(1), style: theme.secondary)
  }

  /// Draws one product row; returns the part the selection bar covers: the marker and the
  /// title's own text, not the padding after it, so that moving the selection re-sends two
  /// short runs of text rather than two whole rows (see Docs/Benchmarks.md, "Bytes per key, over SSH").
  static func drawRow(
    _ row: ProductFeature.State, in line: Rect, on frame: inout ScreenFrame, theme: Theme, isSelected: Bool,
    priceColumns: Int = priceWidth
  ) -> Rect {
    let compact = line.width < Self.compactStepperBelowWidth
    let stepperWidth = Stepper<KeyCommand>.width(compact: compact, emptyLabel: CartStepper.emptyLabel(compact: compact))
    let titleWidth = max(0, line.width - 2 - priceColumns - 2 - stepperWidth)
    var x = line.x
    x += frame.draw(isSelected ? "▸ " : "  ", at: Point(x: x, y: line.y), width: 2, style: theme.action)
    // "3 left" or "sold out" at the end of the title's room, when there is room for both.
    let badge = StockBadge.text(for: row)
    let badgeWidth = badge.map { TextWidth.columns(of: $0) + 1 } ?? 0
    let showsBadge = badge != nil && titleWidth >= badgeWidth + StockBadge.titleRoomNeeded
    let titleColumns = frame.draw(
      row.product.title, at: Point(x: x, y: line.y), width: showsBadge ? titleWidth - badgeWidth : titleWidth, style: theme.text
    )
    if showsBadge, let badge {
      frame.draw(badge, at: Point(x: x + titleWidth - badgeWidth + 1, y: line.y), width: badgeWidth - 1, style: theme.warning)
    }
    x += titleWidth
    let price = TextLayout.pad(row.product.price.formatted, toWidth: priceColumns, alignment: .trailing)
    x += frame.draw(price, at: Point(x: x, y: line.y), width: priceColumns, style: theme[.price])
    x += 2
    frame.onPress(Rect(x: line.x, y: line.y, width: x - line.x, height: 1), .products(.productTapped(row.id)))
    let soldOut = row.isSoldOut && row.quantity == 0
    let stepper = Stepper<KeyCommand>(
      count: row.quantity, emptyLabel: CartStepper.emptyLabel(for: row, compact: compact), compact: compact,
      style: soldOut ? theme.disabled : theme.action, decrement: .stepper(row.id, .minusTapped),
      increment: soldOut ? nil : .stepper(row.id, .plusTapped)
    )
    frame.render(stepper, in: Rect(x: x, y: line.y, width: stepperWidth, height: 1))
    return Rect(x: line.x, y: line.y, width: 2 + titleColumns, height: 1)
  }

  /// The selected product in the pane beside the list: its picture on top when pictures are on,
  /// then its title, facts and description.
  static func drawDetails(_ product: Product, in rect: Rect, on frame: inout ScreenFrame, theme: Theme, pictures: PictureShelf? = nil) {
    for y in rect.y..<rect.maxY {
      frame.draw("│", at: Point(x: rect.x - 1, y: y), style: theme.secondary)
    }
    let inside = rect.insetBy(dx: 1, dy: 0)
    guard inside.width > 4 else { return }
    var y = inside.y
    if let pictures, let area = panePictureArea(in: rect) {
      frame.render(PictureView<KeyCommand>(pictures.content(for: product, in: area.size), theme: theme), in: area)
      y = area.maxY + 1
    }
    for line in TextLayout.wrap(SafeText.sanitize(product.title), toWidth: inside.width, maximumLines: 3) {
      frame.draw(line, at: Point(x: inside.x, y: y), width: inside.width, style: theme.title)
      y += 1
    }
    y += 1
    let facts = [
      (product.price.formatted, theme[.price]),
      (BrowsingText.rating(of: product), theme.text),
      (BrowsingText.categoryLine(of: product), theme.secondary),
    ]
    for (text, style) in facts where y < inside.maxY {
      frame.draw(text, at: Point(x: inside.x, y: y), width: inside.width, style: style)
      y += 1
    }
    y += 1
    for line in TextLayout.wrap(SafeText.sanitize(product.description), toWidth: inside.width, maximumLines: max(0, inside.maxY - y)) {
      frame.draw(line, at: Point(x: inside.x, y: y), width: inside.width, style: theme.text)
      y += 1
    }
  }

  /// The picture's place at the top of the detail pane `pane`: the pane's width, and at most
  /// half its height, so the title and price stay in view.
  public static func panePictureArea(in pane: Rect) -> Rect? {
    let inside = pane.insetBy(dx: 1, dy: 0)
    let height = min(inside.height / 2, inside.width / 2 + 1)
    guard inside.width > 4, height >= 3 else { return nil }
    return Rect(x: inside.x, y: inside.y, width: inside.width, height: height)
  }

  /// "4.0", "3.9": a rating with one decimal.
  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }

  static func drawStatus(_ state: ProductListFeature.State, in rect: Rect, on frame: inout ScreenFrame, theme: Theme) {
    switch state.attention {
    case let .notice(notice):
      frame.draw(TextLayout.fitting("! " + notice.text, toWidth: rect.width), at: Point(x: rect.x, y: rect.y), width: rect.width, style: theme.warning)
      return
    case let .earlierVersionCart(offer):
      let text = "! Cart left by version 1.0, store unknown: \(offer.text)"
      frame.draw(text, at: Point(x: rect.x, y: rect.y), width: rect.width, style: theme.warning)
      return
    case .search, nil:
      break
    }
    guard state.browsing.canBrowse else { return }
    let browsing = state.browsing
    if browsing.searchField != nil || !browsing.query.isEmpty {
      let line = SearchLine<KeyCommand>(
        text: browsing.searchField?.text ?? browsing.query, cursor: browsing.searchField?.cursor, count: matchCount(state))
      frame.render(line, in: rect)
      return
    }
    let position = browsing.isFiltering ? matchCount(state) : "\((state.selectedIndex ?? 0) + 1)/\(state.shownIDs.count)"
    frame.draw(position, at: Point(x: rect.maxX - TextWidth.columns(of: position), y: rect.y), style: theme.secondary)
  }

  /// How many products are shown of how many the store lists: `3 of 20`.
  static func matchCount(_ state: ProductListFeature.State) -> String {
    "\(state.shownIDs.count) of \(state.products.count)"
  }
}
