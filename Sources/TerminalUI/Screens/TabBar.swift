import TerminalKit
import Shop

/// The top row: the tabs, and the cart's content on the right.
public struct TabBar: Widget {
  public var state: AppFeature.State

  public init(_ state: AppFeature.State) {
    self.state = state
  }

  public func render(in rect: Rect, on frame: inout ScreenFrame) {
    let tabs = AppFeature.Tab.allCases
    let titles = tabs.map(Self.title(of:))
    frame.render(Tabs(titles, selected: tabs.firstIndex(of: state.selectedTab)) { .app(.tabSelected(tabs[$0])) }, in: rect)
    let x = rect.x + Tabs<KeyCommand>.width(of: titles)
    let theme = frame.theme
    // The full summary where it fits, the compact one where that fits, else none.
    let cart = state.productList.cartSummary
    for summary in [cart.text, cart.compactText] {
      let width = TextWidth.columns(of: summary)
      if x + width + 1 <= rect.maxX {
        frame.draw(summary, at: Point(x: rect.maxX - width - 1, y: rect.y), style: theme[.price])
        if state.selectedTab == .products {
          frame.onPress(Rect(x: rect.maxX - width - 1, y: rect.y, width: width, height: 1), .products(.cartButtonTapped))
        }
        break
      }
    }
  }

  /// How the bar names a tab.
  static func title(of tab: AppFeature.Tab) -> String {
    switch tab {
    case .products: "Products"
    case .profile: "Profile"
    }
  }
}
