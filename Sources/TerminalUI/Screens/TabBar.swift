import Shop

/// The top row: the tabs, and the cart's content on the right.
public enum TabBar {
  public static func draw(_ state: AppFeature.State, in rect: Rect, on canvas: inout Canvas, theme: Theme) {
    var x = rect.x + 1
    for tab in AppFeature.Tab.allCases {
      let style = tab == state.selectedTab ? theme.selectedTab : theme.secondary
      x += canvas.draw(" \(tab.title) ", at: Point(x: x, y: rect.y), style: style)
      x += 1
    }
    let summary = cartSummary(state.productList)
    let width = TextWidth.columns(of: summary)
    if x + width + 1 <= rect.maxX {
      canvas.draw(summary, at: Point(x: rect.maxX - width - 1, y: rect.y), style: theme.price)
    }
  }

  /// "Cart: 3 items · $242.20", or "Cart: empty".
  public static func cartSummary(_ list: ProductListFeature.State) -> String {
    let items = list.cartItems
    let units = items.reduce(0) { $0 + $1.quantity }
    guard units > 0 else { return "Cart: empty" }
    let total = items.sum(\.subtotal)
    return "Cart: \(units) \(units == 1 ? "item" : "items") · \(total.formatted)"
  }
}
