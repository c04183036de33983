import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import TerminalKit
import TerminalUI

/// A state of the app worth a snapshot, reached by sending real actions through a real store,
/// so that the screens are tested with states the reducers actually produce. A few states that
/// no key reaches at once (loading, sending, a notice) are set by hand after the actions, as
/// each case says.
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
  /// The order timed out: it may have gone through.
  case orderNotConfirmed
  /// The saved cart has a product the store no longer lists.
  case cartWithUnavailable
  /// The products failed to load; the saved cart waits for them.
  case cartRestoring
  /// Version 1.0 left a cart; the store offers it.
  case productsWithEarlierCart
  case profileLoading
  case profileLoaded
  case profileError
  /// An order of the history opened.
  case profileOrderOpen
  case help
  /// `/ca` typed, the search line still open.
  case searchTyping
  /// A search nothing matches, kept with Enter.
  case searchNoMatches
  case categoryPicker
  case sortPicker
  /// A category chosen, sorted by price, a search kept.
  case productsBrowsed
  /// The detail sheet of a product in the cart.
  case details
  /// Checkout's first step with nothing typed, after Continue: every problem under its field.
  case checkoutAddressProblems
  /// Checkout's first step with a Korean address pasted in, the country found by typing.
  case checkoutAddressKorean
  /// A returning shopper: the saved addresses to pick from, the default filled in.
  case checkoutAddressBook
  /// Delivery, express chosen.
  case checkoutDelivery
  /// The review before Place order.
  case checkoutReview
  /// The store refused: a price changed meanwhile (409).
  case checkoutPriceChanged
  /// An order from checkout, shipped, opened in the history.
  case profileOrderShipped
  /// The store keeps stock: one product sold out, one with 3 left and one in the cart.
  case productsLowStock

  /// The app in this scenario, laid out for `size`.
  @MainActor
  func state(at size: Size, products: [Product]? = nil) async -> AppFeature.State {
    let scenario = self
    let catalog = products ?? (try! DemoCatalog.products())
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.cartStorage = .inMemory(scenario.savedCart(catalog: catalog))
      if scenario == .productsWithEarlierCart {
        $0.cartStorage.earlierVersionCart = { SavedCart(quantities: [catalog[2].id: 2, 999: 1]) }
      }
      $0.date.now = Date(timeIntervalSince1970: 1_795_000_000)
      $0.uuid = .incrementing
      $0.apiClient.fetchProducts = {
        if scenario == .productsError || scenario == .cartRestoring { throw APIError.timedOut(seconds: 10) }
        return ProductListing(products: catalog)
      }
      $0.apiClient.fetchCategories = { Set(catalog.map(\.category)).sorted() }
      $0.apiClient.fetchUserProfile = { _ in
        if scenario == .profileError { throw APIError.unreachable("the connection was refused") }
        return UserProfile(id: 1, email: "ada@example.com", username: "ada", name: .init(firstname: "ada", lastname: "lovelace"))
      }
      $0.apiClient.fetchOrders = { id in
        if scenario == .profileOrderShipped { return [Self.shippedOrder(customer: id, catalog: catalog)] }
        return [
          StoredOrder(id: 12, userId: id, date: Date(timeIntervalSince1970: 1_795_260_000), products: [.init(productId: catalog[0].id, quantity: 2), .init(productId: 999, quantity: 1)]),
          StoredOrder(id: 4, userId: id, date: Date(timeIntervalSince1970: 1_794_000_000), products: [.init(productId: catalog[1].id, quantity: 1)]),
        ]
      }
      $0.apiClient.fetchShippingRules = { .standard }
      $0.addressBook = scenario == .checkoutAddressBook ? .inMemory(AddressBook(addresses: [.sample, .seoul])) : .none
      $0.continuousClock = ImmediateClock()
      if scenario == .productsLowStock {
        $0.stockWatch = StockWatch {
          AsyncStream { continuation in
            continuation.yield(StockLevels(left: [catalog[0].id: 3, catalog[1].id: 0, catalog[2].id: 40]))
            continuation.finish()
          }
        }
      }
      $0.apiClient.sendOrder = { attempt in
        if scenario == .checkoutPriceChanged { throw APIError.changed("the price of \(catalog[0].title) changed to $99.00") }
        if scenario == .orderFailed { throw APIError.httpStatus(400) }
        if scenario == .orderNotConfirmed { throw APIError.timedOut(seconds: 10) }
        return OrderConfirmation(id: 7, userId: attempt.order.userId, products: attempt.order.products)
      }
    }
    let screens = ScreenStores(app: store)
    func send(_ command: KeyCommand) async { await screens.send(command)?.finish() }
    // What the screens' moves carry: the rows each list shows at this size.
    let layout = AppLayout(size: size).screen
    var pickerRows: Int { store.state.productList.browsing.picker.map { PickerView.visibleRows(for: $0, in: layout.body) } ?? 0 }

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
    case .profileOrderOpen, .profileOrderShipped:
      await send(.products(.onAppear))
      await send(.app(.tabSelected(.profile)))
      await send(.profile(.onAppear))
      await send(.profile(.orderOpened))
      return store.state
    default:
      break
    }

    await send(.products(.onAppear))
    switch self {
    case .productsError, .productsTop, .productsWithEarlierCart:
      return store.state
    case .cartRestoring, .cartWithUnavailable:
      await send(.products(.cartButtonTapped))
      return store.state
    case .productsScrolled:
      await send(.products(.selectionMoved(.last, visibleRows: layout.visibleProductRows)))
      await send(.products(.selectionMoved(.up, visibleRows: layout.visibleProductRows)))
      return store.state
    case .productsInCart, .productsLowStock:
      await addToCart(send)
      return store.state
    case .productsWithNotice:
      await addToCart(send)
      var state = store.state
      state.productList.notice = .cartStorage(CartStorageError.unwritable(path: "/home/ada/.local/state/onlinestore/carts/embedded/user-1.json", reason: "read-only file system"))
      return state
    case .help:
      await send(.app(.helpToggled))
      return store.state
    case .cartEmpty:
      await send(.products(.cartButtonTapped))
      return store.state
    case .searchTyping, .searchNoMatches:
      await send(.browsing(.searchOpened))
      for character in self == .searchTyping ? "ca" : "zzz" {
        await send(.browsing(.searchEdited(.insert(String(character)))))
      }
      if self == .searchNoMatches { await send(.browsing(.searchCommitted)) }
      return store.state
    case .categoryPicker:
      await send(.browsing(.categoryPickerOpened))
      await send(.picker(.highlightMoved(.down, visibleRows: pickerRows)))
      return store.state
    case .sortPicker:
      await send(.browsing(.sortPickerOpened))
      return store.state
    case .productsBrowsed:
      await send(.browsing(.categoryPickerOpened))
      await send(.picker(.highlightMoved(.down, visibleRows: pickerRows)))
      await send(.picker(.chooseTapped))
      await send(.browsing(.sortPickerOpened))
      await send(.picker(.highlightMoved(.down, visibleRows: pickerRows)))
      await send(.picker(.chooseTapped))
      await send(.browsing(.searchOpened))
      await send(.browsing(.searchEdited(.insert("e"))))
      await send(.browsing(.searchCommitted))
      return store.state
    case .details:
      await addToCart(send)
      await send(.products(.detailsOpened))
      return store.state
    default:
      break
    }

    await addToCart(send)
    await send(.products(.cartButtonTapped))
    switch self {
    case .cartWithItems:
      await send(.cart(.focusMoved(.down, visibleRows: CartSheet.visibleRows(in: layout))))
      return store.state
    case .cartSending:
      var state = store.state
      state.productList.cart?.order = .sending
      return state
    default:
      break
    }
    await send(.cart(.payTapped))
    await send(.checkout(.task))
    switch self {
    case .checkoutAddressProblems:
      await send(.checkout(.continueTapped))
      return store.state
    case .checkoutAddressKorean:
      await fill(.seoul, send)
      return store.state
    case .checkoutAddressBook:
      return store.state
    default:
      break
    }
    if self != .checkoutAddressBook { await fill(.sample, send) }
    await sendKeys([.enter], send)
    if self == .checkoutDelivery {
      await send(.checkout(.deliveryMoved(by: 1)))
      return store.state
    }
    await send(.checkout(.continueTapped))
    if self == .checkoutReview { return store.state }
    await send(.checkout(.placeOrderTapped))
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

  /// Types `address` into checkout's empty form, field by field as a person would: pasted into
  /// each text field, the country found by typing its name and chosen with Enter, Tab between.
  @MainActor
  private func fill(_ address: ShippingAddress, _ send: (KeyCommand) async -> Void) async {
    for field in [ShippingAddress.Field.fullName, .line1, .line2, .city, .region, .postalCode] {
      if !address[field].isEmpty { await send(.checkout(.form(.paste(address[field])))) }
      await sendKeys([.tab], send)
    }
    await send(.checkout(.form(.paste(address.countryName))))
    await sendKeys([.enter, .tab], send)
    for field in [ShippingAddress.Field.email, .phone] {
      if !address[field].isEmpty { await send(.checkout(.form(.paste(address[field])))) }
      await sendKeys([.tab], send)
    }
  }

  @MainActor
  private func sendKeys(_ keys: [Key], _ send: (KeyCommand) async -> Void) async {
    for key in keys { await send(.checkout(.form(.key(key)))) }
  }

  /// An order from checkout to ``ShippingAddress/seoul``, packed and then shipped.
  static func shippedOrder(customer: Int, catalog: [Product]) -> StoredOrder {
    let placed = Date(timeIntervalSince1970: 1_795_260_000)
    return StoredOrder(
      id: 21, userId: customer, date: placed,
      products: [.init(productId: catalog[0].id, quantity: 1, price: catalog[0].price)],
      checkout: OrderCheckout(shipping: .seoul, delivery: .express, shippingFee: Money(cents: 1_500), total: catalog[0].price + Money(cents: 1_500)),
      statusHistory: [
        OrderStatusChange(stage: .packed, at: placed.addingTimeInterval(3_600)),
        OrderStatusChange(stage: .shipped, at: placed.addingTimeInterval(7_200), carrier: "CJ Logistics", tracking: "6543 2109 8765"),
      ]
    )
  }

  /// What the scenario starts with in the saved cart.
  private func savedCart(catalog: [Product]) -> SavedCart {
    switch self {
    case .cartRestoring: SavedCart(quantities: [catalog[0].id: 2, catalog[1].id: 1], revision: 3)
    case .cartWithUnavailable: SavedCart(quantities: [catalog[0].id: 1, 999: 2], revision: 3)
    default: .empty
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
