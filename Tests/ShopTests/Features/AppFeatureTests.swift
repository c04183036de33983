import Boundaries
import Clocks
import Shop
import StoreTestSupport
import Testing

@MainActor
struct AppFeatureTests {
  func makeStore(
    sendOrder: @escaping @Sendable (OrderAttempt) async throws -> OrderConfirmation
  ) -> TestStoreOf<AppFeature> {
    // The products answer once the store has reduced the saved cart's answer, the order the
    // tests receive them in, however busy the machine.
    let cartRead = Gate()
    let storage = CartStorage.inMemory()
    return TestStore(initialState: AppFeature.State()) {
      AppFeature()
      Reduce { _, action in
        if case ._internal(.productList(._internal(.keeping(._internal(.savedCartLoaded))))) = action { cartRead.open() }
        return .none
      }
    } withDependencies: {
      $0.apiClient.fetchProducts = {
        await cartRead.wait()
        return ProductListing(products: [.demo, .another])
      }
      $0.apiClient.fetchUserProfile = { _ in .john }
      $0.apiClient.fetchOrders = { _ in [] }
      $0.apiClient.sendOrder = sendOrder
      $0.cartStorage = storage
      $0.date.now = .orderDate
      $0.uuid = .incrementing
      $0.apiClient.fetchShippingRules = { .standard }
      $0.addressBook = .inMemory(AddressBook(addresses: [.sample]))
      $0.continuousClock = ImmediateClock()
    }
  }

  /// Pay, then checkout as the screens drive it: the default address, on to delivery, on to the
  /// review, Place order. (Checkout's own steps are asserted one by one in its tests; here,
  /// where the order goes and what the cart asks.)
  func checkOut(_ store: TestStoreOf<AppFeature>, total: String) async {
    let exhaustivity = store.exhaustivity
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(cart(.view(.payTapped)))
    await store.send(cart(._internal(.checkout(.view(.task)))))
    // The address book has answered (and the default is in the form) before going on.
    await store.receive(\._internal.productList._internal.cart.presented._internal.checkout._internal.bookLoaded)
    for action in [CheckoutFeature.Action.ViewAction.continueTapped, .continueTapped, .placeOrderTapped] {
      await store.send(cart(._internal(.checkout(.view(action)))))
      // Each step's answer has come (the draft handed on; Place order asked of the cart).
      if action == .placeOrderTapped {
        await store.receive(\._internal.productList._internal.cart.presented._internal.checkout.delegate.placeOrder)
      } else {
        await store.receive(\._internal.productList._internal.cart.presented._internal.checkout.delegate.draftChanged)
      }
    }
    // The draft the cart was handed is saved before the test goes on.
    await store.receive(\._internal.productList._internal.cart.presented.delegate.checkoutDraftChanged)
    while store.state.productList.kept.savingChanges != nil { await store.receive(\._internal.productList._internal.keeping._internal.cartSaved) }
    store.exhaustivity = exhaustivity
    #expect(store.state.productList.cart?.alert == .confirmPurchaseForTest(total: total))
    #expect(store.state.productList.kept.checkoutDraft == .sample, "the draft goes with the cart")
  }

  /// The order a checkout of `lines` to the sample address sends.
  static func order(_ lines: [(Product, Int)], total: Money) -> OrderRequest {
    OrderRequest(
      userId: 1, date: .orderDate, products: lines.map { .init(productId: $0.0.id, quantity: $0.1, price: $0.0.price) },
      shipping: .sample, delivery: .standard, total: total
    )
  }

  /// Exhaustive: the list is loaded and has a product in the cart, the profile is loaded, and
  /// going from one tab to the other and back changes nothing but the selected tab.
  @Test func switchingTabsKeepsEachTabsState() async {
    let store = makeStore { _ in OrderConfirmation(id: 1, userId: 1, products: []) }
    await loadProducts(store)
    await plus(store, .another, to: 1)
    await store.send(.view(.tabSelected(.profile))) { $0.selectedTab = .profile }
    await store.send(._internal(.profile(.view(.onAppear)))) {
      $0.profile.status = .loading
      $0.profile.ordersStatus = .loading
    }
    await store.receive(\._internal.profile._internal.profileResponse) {
      $0.profile.status = .loaded
      $0.profile.profile = .john
    }
    await store.receive(\._internal.profile._internal.ordersResponse) {
      $0.profile.ordersStatus = .loaded
    }
    let bothLoaded = store.state
    await store.send(.view(.tabSelected(.products))) { $0.selectedTab = .products }
    await store.send(.view(.tabSelected(.profile))) { $0.selectedTab = .profile }
    #expect(store.state == bothLoaded, "each tab's state is as it was")
    #expect(store.state.productList.products[id: Product.another.id]?.quantity == 1)
    #expect(AppFeature.Tab.products.next == .profile && AppFeature.Tab.products.previous == .profile)
    await store.finish()
  }

  @Test func theNextAndPreviousTabsWrapAround() async {
    let store = makeStore { _ in OrderConfirmation(id: 1, userId: 1, products: []) }
    await store.send(.view(.nextTabSelected)) { $0.selectedTab = .profile }
    await store.send(.view(.nextTabSelected)) { $0.selectedTab = .products }
    await store.send(.view(.previousTabSelected)) { $0.selectedTab = .profile }
    await store.send(.view(.previousTabSelected)) { $0.selectedTab = .products }
  }

  @Test func helpOpensAndCloses() async {
    let store = makeStore { _ in OrderConfirmation(id: 1, userId: 1, products: []) }
    await store.send(.view(.helpToggled)) { $0.isHelpPresented = true }
    await store.send(.view(.helpToggled)) { $0.isHelpPresented = false }
  }

  /// Help scrolls within the limit each scroll carries (what the screen has to spare), and opens
  /// at the top again.
  @Test func helpScrollsWithinItsLimit() async {
    let store = makeStore { _ in OrderConfirmation(id: 1, userId: 1, products: []) }
    await store.send(.view(.helpToggled)) { $0.isHelpPresented = true }
    // Nothing to scroll while it fits.
    await store.send(.view(.helpScrolled(by: 1, limit: 0)))
    await store.send(.view(.helpScrolled(by: 3, limit: 5))) { $0.helpScrollOffset = 3 }
    await store.send(.view(.helpScrolled(by: 10, limit: 5))) { $0.helpScrollOffset = 5 }
    // A taller screen has less to scroll: drawn at its limit, one up from there.
    await store.send(.view(.helpScrolled(by: -1, limit: 2))) { $0.helpScrollOffset = 1 }
    await store.send(.view(.helpScrolled(by: -20, limit: 2))) { $0.helpScrollOffset = 0 }
    await store.send(.view(.helpScrolled(by: 1, limit: 2))) { $0.helpScrollOffset = 1 }
    await store.send(.view(.helpToggled)) {
      $0.isHelpPresented = false
      $0.helpScrollOffset = 0
    }
  }

  /// Appears and loads the (empty) saved cart and the two products.
  func loadProducts(_ store: TestStoreOf<AppFeature>) async {
    await store.send(._internal(.productList(.view(.onAppear)))) {
      $0.productList.status = .loading
      $0.productList.kept.restoration = .loading
    }
    await store.receive(._internal(.productList(._internal(.keeping(._internal(.savedCartLoaded(.success(.empty)))))))) {
      $0.productList.kept.restoration = .waiting(.empty)
    }
    await store.receive(._internal(.productList(._internal(.productsResponse(.success(ProductListing(products: [.demo, .another]))))))) {
      $0.productList.status = .loaded
      $0.productList.products = [ProductFeature.State(product: .demo), ProductFeature.State(product: .another)]
      $0.productList.browsing.catalogChanged([.demo, .another])
      $0.productList.selectedID = Product.demo.id
      $0.productList.kept.restoration = .done
    }
  }

  /// Presses "+" on `product`'s stepper, which becomes `quantity`.
  func plus(_ store: TestStoreOf<AppFeature>, _ product: Product, to quantity: Int) async {
    let row = { (action: ProductFeature.Action) in
      AppFeature.Action._internal(.productList(._internal(.products(.element(id: product.id, action: action)))))
    }
    await store.send(row(._internal(.addToCart(.view(.plusTapped))))) {
      $0.productList.products[id: product.id]?.quantity = quantity
    }
    await store.receive(row(._internal(.addToCart(.delegate(.countChanged(quantity))))))
    await store.receive(row(.delegate(.quantityChanged(quantity)))) {
      $0.productList.kept.savingChanges = CartChanges(from: $0.productList.kept.savedCart.quantities, to: $0.productList.quantities)
    }
    await receiveCartSaved(store)
  }

  /// The answer of the save under way.
  func receiveCartSaved(_ store: TestStoreOf<AppFeature>) async {
    await store.receive(\._internal.productList._internal.keeping._internal.cartSaved) {
      $0.productList.kept.savedCart = $0.productList.kept.savedCart.applying($0.productList.kept.savingChanges!)
      $0.productList.kept.savingChanges = nil
    }
  }

  /// An action of the presented cart, as it reaches the root.
  func cart(_ action: CartFeature.Action) -> AppFeature.Action {
    ._internal(.productList(._internal(.cart(.presented(action)))))
  }

  /// The whole purchase, from the root: add, open the cart, pay, confirm, Done — quantities go
  /// back to 0 and the cart closes.
  @Test func aPurchaseFromStartToFinish() async {
    let confirmation = OrderConfirmation(
      id: 42, userId: 1,
      products: [.init(productId: Product.demo.id, quantity: 1), .init(productId: Product.another.id, quantity: 2)]
    )
    let order = Self.order([(.demo, 1), (.another, 2)], total: Money(cents: 21_048))
    let store = makeStore { attempt in
      #expect(attempt.order == order)
      return confirmation
    }
    await loadProducts(store)
    await plus(store, .demo, to: 1)
    await plus(store, .another, to: 1)
    await plus(store, .another, to: 2)

    await store.send(._internal(.productList(.view(.cartButtonTapped)))) {
      $0.productList.cart = CartFeature.State(
        items: [
          CartItemFeature.State(item: CartItem(product: .demo, quantity: 1)),
          CartItemFeature.State(item: CartItem(product: .another, quantity: 2)),
        ],
        customer: 1
      )
    }
    await checkOut(store, total: "$210.48")
    await store.send(cart(.view(.alert(.presented(.confirmPurchase))))) {
      $0.productList.cart?.alert = nil
      $0.productList.cart?.order = .sending
      $0.productList.cart?.attempt = OrderAttempt(idempotencyKey: "00000000-0000-0000-0000-000000000000", order: order)
    }
    await store.receive(cart(._internal(.orderResponse(.success(confirmation))))) {
      $0.productList.cart?.order = .sent(confirmation)
      $0.productList.cart?.attempt = nil
      $0.productList.cart?.alert = .orderSucceededForTest(number: 42)
    }
    await store.send(cart(.view(.alert(.presented(.orderCompletedAcknowledged))))) {
      $0.productList.cart?.alert = nil
    }
    // Done resets every product that was in the cart, not only one, and lets go of the draft.
    await store.receive(cart(.delegate(.orderCompleted))) {
      $0.productList.products[id: Product.demo.id]?.quantity = 0
      $0.productList.products[id: Product.another.id]?.quantity = 0
      $0.productList.cart = nil
      $0.productList.kept.checkoutDraft = nil
      $0.productList.kept.savingChanges = CartChanges(quantities: [Product.demo.id: 0, Product.another.id: 0], checkout: .replaced(by: nil))
    }
    // The profile hears of the order; it has not been opened, so it fetches nothing.
    await store.receive(._internal(.productList(.delegate(.orderPlaced))))
    await receiveCartSaved(store)
    #expect(store.state.productList.kept.savedCart.quantities.isEmpty)
    #expect(store.state.productList.kept.savedCart.checkout == nil)
    #expect(store.state.productList.products.allSatisfy { $0.quantity == 0 })
    await store.finish()
  }

  /// A failed order: the error alert's Done leaves the cart open and unchanged.
  @Test func aFailedPurchaseLeavesTheCartAsItWas() async {
    let store = makeStore { _ in throw APIError.httpStatus(500) }
    await loadProducts(store)
    await plus(store, .demo, to: 1)
    let items: IdentifiedArrayOf<CartItemFeature.State> = [
      CartItemFeature.State(item: CartItem(product: .demo, quantity: 1))
    ]
    await store.send(._internal(.productList(.view(.cartButtonTapped)))) {
      $0.productList.cart = CartFeature.State(items: items, customer: 1)
    }
    await checkOut(store, total: "$15.50")
    await store.send(cart(.view(.alert(.presented(.confirmPurchase))))) {
      $0.productList.cart?.alert = nil
      $0.productList.cart?.order = .sending
      $0.productList.cart?.attempt = OrderAttempt(
        idempotencyKey: "00000000-0000-0000-0000-000000000000", order: Self.order([(.demo, 1)], total: Money(cents: 1_550))
      )
    }
    await store.receive(cart(._internal(.orderResponse(.failure(.httpStatus(500)))))) {
      $0.productList.cart?.order = .failed(.httpStatus(500))
      $0.productList.cart?.attempt = nil
      $0.productList.cart?.alert = AlertState {
        TextState("Oops!")
      } actions: {
        ButtonState { TextState("Done") }
      } message: {
        TextState("Unable to send order, try again later. The store answered 500.")
      }
    }
    await store.send(cart(.view(.alert(.dismiss)))) {
      $0.productList.cart?.alert = nil
    }
    #expect(store.state.productList.cart?.items == items)
    #expect(store.state.productList.cart?.canPay == true)
    // After the error the checkout is still at its review, for another try.
    #expect(store.state.productList.cart?.checkout?.step == .review)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(cart(._internal(.checkout(.view(.placeOrderTapped)))))
    await store.receive(\._internal.productList._internal.cart.presented._internal.checkout.delegate.placeOrder)
    #expect(store.state.productList.cart?.alert == .confirmPurchaseForTest(total: "$15.50"))
    await store.finish()
  }

  /// After an order, a Profile tab that showed the history fetches it again, so the order is
  /// there at once.
  @Test func anOrderRefreshesAnOrderHistoryAlreadyShown() async {
    let fetches = LockIsolated(0)
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.apiClient.fetchUserProfile = { _ in .john }
      $0.apiClient.fetchOrders = { _ in
        fetches.withValue { $0 += 1 }
        return []
      }
    }
    store.exhaustivity = .off
    await store.send(._internal(.profile(.view(.onAppear))))
    await store.receive(\._internal.profile._internal.ordersResponse)
    await store.send(._internal(.productList(.delegate(.orderPlaced))))
    await store.receive(\._internal.profile._internal.ordersResponse)
    #expect(fetches.value == 2)
  }

  /// A history never shown is not fetched because of an order: the tab fetches it when opened.
  @Test func anOrderDoesNotFetchAHistoryNeverShown() async {
    let fetches = LockIsolated(0)
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.apiClient.fetchOrders = { _ in
        fetches.withValue { $0 += 1 }
        return []
      }
    }
    await store.send(._internal(.productList(.delegate(.orderPlaced))))
    #expect(fetches.value == 0)
  }
}
