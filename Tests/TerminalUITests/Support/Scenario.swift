import Boundaries
import Foundation
import Shop
import TerminalUI

/// A state of the app worth a snapshot, reached by sending real actions through a real store,
/// so that the screens are tested with states the reducers actually produce.
enum Scenario: String, CaseIterable, Sendable {
  case productsLoading
  case productsError
  case productsTop
  case productsScrolled
  case productsInCart
  case productsWithNotice
  case cartWithItems
  case cartEmpty
  case cartSending
  case confirmPayFocused
  case confirmCancelFocused
  case orderSucceeded
  case orderFailed
  case profileLoading
  case profileLoaded
  case profileError
  case help

  /// The app in this scenario, laid out for `size`.
  @MainActor
  func state(at size: Size, products: [Product]? = nil) async -> AppFeature.State {
    let scenario = self
    let catalog = products ?? (try! DemoCatalog.products())
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.cartStorage = .inMemory()
      $0.date.now = Date(timeIntervalSince1970: 1_795_000_000)
      $0.apiClient.fetchProducts = {
        if scenario == .productsError { throw APIError.timedOut(seconds: 10) }
        return catalog
      }
      $0.apiClient.fetchUserProfile = { _ in
        if scenario == .profileError { throw APIError.unreachable("the connection was refused") }
        return UserProfile(id: 1, email: "ada@example.com", username: "ada", name: .init(firstname: "ada", lastname: "lovelace"))
      }
      $0.apiClient.sendOrder = { order in
        if scenario == .orderFailed { throw APIError.httpStatus(503) }
        return OrderConfirmation(id: 7, userId: order.userId, products: order.products)
      }
    }
    let screens = ScreenStores(app: store)
    func send(_ command: KeyCommand) async { await screens.send(command)?.finish() }
    await send(.products(.visibleRowCountChanged(AppLayout(size: size).visibleProductRows)))

    switch self {
    case .productsLoading:
      var state = store.state
      state.productList.status = .loading
      return state
    case .profileLoading:
      var state = store.state
      state.selectedTab = .profile
      state.profile.status = .loading
      return state
    case .profileLoaded, .profileError:
      await send(.app(.tabSelected(.profile)))
      await send(.profile(.onAppear))
      return store.state
    default:
      break
    }

    await send(.products(.onAppear))
    switch self {
    case .productsError, .productsTop:
      return store.state
    case .productsScrolled:
      await send(.products(.selectionMoved(.last)))
      await send(.products(.selectionMoved(.up)))
      return store.state
    case .productsInCart:
      await addToCart(send)
      return store.state
    case .productsWithNotice:
      await addToCart(send)
      var state = store.state
      state.productList.notice = CartStorageError.unwritable(path: "/home/ada/.local/state/onlinestore/cart.json", reason: "read-only file system").message
      return state
    case .help:
      await send(.app(.helpToggled))
      return store.state
    case .cartEmpty:
      await send(.products(.cartButtonTapped))
      return store.state
    default:
      break
    }

    await addToCart(send)
    await send(.products(.cartButtonTapped))
    switch self {
    case .cartWithItems:
      await send(.cart(.focusMoved(.down)))
      return store.state
    case .cartSending:
      var state = store.state
      state.productList.cart?.order = .sending
      return state
    default:
      break
    }
    await send(.cart(.payTapped))
    switch self {
    case .confirmPayFocused:
      return store.state
    case .confirmCancelFocused:
      await send(.cart(.alertFocusMoved(by: 1)))
      return store.state
    default:
      await send(.cart(.alert(.presented(.confirmPurchase))))
      return store.state
    }
  }

  /// Two of the first product, one of the second (Korean title) and one of the seventh
  /// (Japanese title).
  @MainActor
  private func addToCart(_ send: (KeyCommand) async -> Void) async {
    let ids = (try! DemoCatalog.products()).map(\.id)
    for id in [ids[0], ids[0], ids[1], ids[6]] {
      await send(.stepper(id, .plusTapped))
    }
  }
}
