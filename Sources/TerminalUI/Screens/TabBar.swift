import TerminalKit
import Shop

/// The top row: the tabs, and the cart's content on the right.
public struct TabBar: Widget {
  public var state: AppFeature.State
  public var theme: Theme

  public init(_ state: AppFeature.State, theme: Theme) {
    self.state = state
    self.theme = theme
  }

  public func render(in rect: Rect, on canvas: inout ScreenFrame) {
    var x = rect.x + 1
    for tab in AppFeature.Tab.allCases {
      let style = tab == state.selectedTab ? theme.selectedTab : theme.secondary
      let width = canvas.draw(" \(Self.title(of: tab)) ", at: Point(x: x, y: rect.y), style: style)
      canvas.onPress(Rect(x: x, y: rect.y, width: width, height: 1), .app(.tabSelected(tab)))
      x += width + 1
    }
    // The full summary where it fits, the compact one where that fits, else none.
    let cart = state.productList.cartSummary
    for summary in [cart.text, cart.compactText] {
      let width = TextWidth.columns(of: summary)
      if x + width + 1 <= rect.maxX {
        canvas.draw(summary, at: Point(x: rect.maxX - width - 1, y: rect.y), style: theme.price)
        if state.selectedTab == .products {
          canvas.onPress(Rect(x: rect.maxX - width - 1, y: rect.y, width: width, height: 1), .products(.cartButtonTapped))
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
