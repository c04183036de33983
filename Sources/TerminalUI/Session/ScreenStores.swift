import TerminalKit
import Boundaries
import Shop

/// The stores the screens send through. Each one is scoped to one feature and restricted to
/// its view actions (``ViewOnlyStoreOf``): a key can only ever ask what a user could ask.
@MainActor
public struct ScreenStores {
  public let app: StoreOf<AppFeature>
  private let productList: StoreOf<ProductListFeature>
  private let browsing: StoreOf<BrowsingFeature>
  /// The product list's search line and pickers' opening, made once: every key typed in the
  /// search line is sent through it.
  public let browsingScreen: ViewOnlyStoreOf<BrowsingFeature>
  private let kept = KeptStores()

  public init(app: StoreOf<AppFeature>) {
    self.app = app
    self.productList = app.scope(state: \.productList, action: \.productList)
    self.browsing = productList.scope(state: \.browsing, action: \.browsing)
    self.browsingScreen = browsing.viewScope
  }

  /// Sends `command` through the store of the screen it belongs to. Returns the effects it
  /// started, or `nil` for a command that is not a view action (quit, redraw) or whose screen
  /// has gone away.
  @discardableResult
  public func send(_ command: KeyCommand) -> StoreTask? {
    switch command {
    case let .app(action): appScreen.send(action)
    case let .products(action): productsScreen.send(action)
    case let .browsing(action): browsingScreen.send(action)
    case let .stepper(id, action): stepper(of: id)?.send(action)
    case let .picker(action): picker?.send(action)
    case let .details(action): details?.send(action)
    case let .cart(action): cartSheet?.send(action)
    case let .cartItem(id, action): cartLine(id)?.send(action)
    case let .checkout(action): checkout?.send(action)
    case let .profile(action): profileScreen.send(action)
    case .quit, .redraw: nil
    }
  }

  /// Sends what the screens tell their features without a key (their appearances) until there
  /// is nothing left to tell, in at most ``ScreenEvents/mostRounds`` rounds: what is left then
  /// is told after the next input or change. `previous` is the state they last spoke for; it is
  /// brought up to date. Returns the effects started, for a caller that waits for them.
  @discardableResult
  public func sendScreenEvents(since previous: inout AppFeature.State?) -> [StoreTask] {
    var tasks: [StoreTask] = []
    ScreenEvents.settle { () -> Bool in
      let commands = ScreenEvents.commands(from: previous, to: app.state)
      previous = app.state
      tasks += commands.compactMap { send($0) }
      return !commands.isEmpty
    }
    return tasks
  }

  public var appScreen: ViewOnlyStoreOf<AppFeature> { app.viewScope }

  public var productsScreen: ViewOnlyStoreOf<ProductListFeature> {
    productList.viewScope
  }

  public var profileScreen: ViewOnlyStoreOf<ProfileFeature> {
    app.scope(state: \.profile, action: \.profile).viewScope
  }

  public func stepper(of id: Product.ID) -> ViewOnlyStoreOf<AddToCartFeature>? {
    productList.scope(state: \.products[id: id], action: \.products[id: id])?
      .scope(state: \.addToCart, action: \.addToCart).viewScope
  }

  public var picker: ViewOnlyStoreOf<PickerFeature>? {
    browsing.scope(state: \.picker, action: \.picker.presented)?.viewScope
  }

  public var details: ViewOnlyStoreOf<ProductDetailsFeature>? {
    productList.scope(state: \.details, action: \.details.presented)?.viewScope
  }

  public var cartSheet: ViewOnlyStoreOf<CartFeature>? {
    cart?.viewScope
  }

  /// Kept as the cart's store is: every key typed in checkout is sent through it.
  public var checkout: ViewOnlyStoreOf<CheckoutFeature>? {
    guard let cart, cart.state.checkout != nil else { return nil }
    if let store = kept.checkout { return store }
    kept.checkout = cart.scope(state: \.checkout, action: \.checkout)?.viewScope
    return kept.checkout
  }

  public func cartLine(_ id: Product.ID) -> ViewOnlyStoreOf<CartItemFeature>? {
    cart?.scope(state: \.items[id: id], action: \.items[id: id])?.viewScope
  }

  /// The cart's store while the cart is open: made the first time and kept, since it reads
  /// through the root whenever it is used (see ``KeptStores``).
  private var cart: StoreOf<CartFeature>? {
    guard productList.cart != nil else { return nil }
    if let store = kept.cart { return store }
    kept.cart = productList.scope(state: \.cart, action: \.cart.presented)
    return kept.cart
  }
}

/// Scoped stores made once and used again. Making one evaluates its key and case paths at run
/// time — for the cart's, a fifth of the time a keystroke in checkout spent sending. A kept
/// store is only handed out while its state is present, and it reads that state through the
/// root each time, so it is never stale: a cart closed and opened again is the new cart.
@MainActor
private final class KeptStores {
  var cart: StoreOf<CartFeature>?
  var checkout: ViewOnlyStoreOf<CheckoutFeature>?
}
