import TerminalKit
import TerminalPictures
import Shop

/// The whole screen, as a function of the app's state and the terminal's size.
///
/// Everything the user sees comes from here: the interactive app paints what this returns, and
/// `onlinestore snapshot` prints it.
public enum AppScreen {
  /// - Parameter keys: The key maps in force for `state`, when the caller has them already
  ///   (the footer shows their hints); built here otherwise.
  public static func render(
    _ state: AppFeature.State, size: Size, context: RenderContext = RenderContext(), pictures: PictureShelf = .off,
    keys: KeyLayers<KeyCommand>? = nil
  ) -> ScreenFrame {
    var frame = ScreenFrame(size: size, theme: context.theme)
    let layout = AppLayout(size: frame.size, showsPictures: pictures.mode != nil)
    guard layout.fitsMinimum else {
      let quitKey = AppKeys.global(for: state).key(for: .quit)
      frame.render(TooSmall(minimum: AppLayout.minimumSize, exitHint: quitKey.map { "\($0) quits" }), in: frame.bounds)
      return frame
    }
    frame.render(TabBar(state), in: layout.tabBar)
    switch state.selectedTab {
    case .products:
      let products = ProductsScreen(
        state.productList, showsPictures: layout.showsPictures, context: context, pictures: pictures,
        isUnderSheet: state.productList.cart != nil
      )
      frame.render(products, in: layout.content)
      if let details = state.productList.details, let row = state.productList.products[id: details.productID] {
        let area = DetailsSheet.pictureArea(for: state.productList, layout: layout.screen)
        let picture = area.map { pictures.content(for: row.product, in: $0.size) as PictureView<KeyCommand>.Content }
        frame.render(DetailsSheet(details, row: row, showsPictures: layout.showsPictures, picture: picture), in: layout.content)
      }
      if let picker = state.productList.browsing.picker {
        frame.render(PickerView(picker), in: layout.screen.body)
      }
      if let cart = state.productList.cart {
        frame.render(CartSheet(cart, showsPictures: layout.showsPictures, context: context, pictures: pictures), in: layout.content)
        if cart.order != .sending, let alert = cart.alert {
          let area = context.accessible ? layout.content : layout.screen.sheet.insetBy(dx: 2, dy: 1)
          frame.render(AlertView(alert, plain: context.accessible, press: { .cart(.alert($0)) }), in: area)
        }
      }
    case .profile:
      frame.render(ProfileScreen(state.profile, summary: state.orderSummary(of:), context: context), in: layout.content)
    }
    if state.isHelpPresented {
      frame.render(ShopHelp.overlay(for: state, layout: layout), in: layout.content)
    }
    frame.render(KeyHints((keys ?? KeyRouter.keyLayers(for: state, layout: layout)).footerHints), in: layout.footer)
    return frame
  }

  /// Whether anything on screen is animated (a spinner), so the run loop knows to keep ticking.
  public static func isAnimating(_ state: AppFeature.State) -> Bool {
    switch state.selectedTab {
    case .products:
      let list = state.productList
      return list.status == .loading || list.status == .idle || list.cart?.order == .sending
    case .profile:
      return state.profile.status == .loading || state.profile.status == .idle
    }
  }
}

extension AppFeature.State {
  /// The same state with help closed: what help describes is what is underneath it.
  var withoutHelp: Self {
    var state = self
    state.isHelpPresented = false
    return state
  }
}
