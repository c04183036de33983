import TerminalKit
import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import Testing

/// Ports of the original ProductList tests, and the list's rules from SPEC "Behaviour".
@MainActor
struct ProductListFeatureTests {
  nonisolated static let products = [Product.demo, .another]
  /// The products as they are listed, none in the cart.
  nonisolated static let rows = IdentifiedArray(uniqueElements: products.map { ProductFeature.State(product: $0) })

  /// A store whose products arrive at once and whose cart storage starts with `saved`.
  func makeStore(
    state: ProductListFeature.State = ProductListFeature.State(),
    fetch: @escaping @Sendable () async throws -> [Product] = { Self.products },
    saved: SavedCart = .empty,
    storage: CartStorage? = nil,
    sendOrder: @escaping @Sendable (OrderAttempt) async throws -> OrderConfirmation = { _ in
      OrderConfirmation(id: 1, userId: 1, products: [])
    }
  ) -> TestStoreOf<ProductListFeature> {
    // The products answer only once the store has reduced the saved cart's answer: the tests
    // receive the two in that order, which a busy machine could otherwise swap. (A gate opened a
    // moment after the cart was read was not enough under a full suite's load.)
    let cartRead = Gate()
    let storage = storage ?? .inMemory(saved)
    return TestStore(initialState: state) {
      ProductListFeature()
      Reduce { _, action in
        if case ._internal(.keeping(._internal(.savedCartLoaded))) = action { cartRead.open() }
        return .none
      }
    } withDependencies: {
      $0.apiClient.fetchProducts = {
        await cartRead.wait()
        return ProductListing(products: try await fetch())
      }
      $0.apiClient.sendOrder = sendOrder
      $0.cartStorage = storage
      $0.date.now = .orderDate
      $0.uuid = .incrementing
      $0.apiClient.fetchShippingRules = { .standard }
      $0.addressBook = .inMemory(AddressBook(addresses: [.sample]))
      $0.continuousClock = ImmediateClock()
    }
  }

  /// Pay, then checkout's steps as the screens send them — from the default address, or from a
  /// kept draft where it stopped — up to the confirmation. (Checkout's own steps are asserted in
  /// its tests.)
  func checkOut(_ store: TestStoreOf<ProductListFeature>, resuming: Bool = false) async {
    let exhaustivity = store.exhaustivity
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(._internal(.cart(.presented(.view(.payTapped)))))
    await store.send(._internal(.cart(.presented(._internal(.checkout(.view(.task)))))))
    // The address book has answered (and the default is in the form) before going on.
    await store.receive(\._internal.cart.presented._internal.checkout._internal.bookLoaded)
    let steps: [CheckoutFeature.Action.ViewAction] = resuming ? [.placeOrderTapped] : [.continueTapped, .continueTapped, .placeOrderTapped]
    for step in steps {
      await store.send(._internal(.cart(.presented(._internal(.checkout(.view(step)))))))
      // Each step's answer has come (the draft handed on; Place order asked of the cart).
      if step == .placeOrderTapped {
        await store.receive(\._internal.cart.presented._internal.checkout.delegate.placeOrder)
      } else {
        await store.receive(\._internal.cart.presented._internal.checkout.delegate.draftChanged)
      }
    }
    // The draft the cart was handed is saved before the test goes on.
    await store.receive(\._internal.cart.presented.delegate.checkoutDraftChanged)
    while store.state.kept.savingChanges != nil { await store.receive(\._internal.keeping._internal.cartSaved) }
    store.exhaustivity = exhaustivity
  }

  /// Appears, reads the (empty) saved cart — and version 1.0's, if `earlier` is there — then
  /// loads the products.
  func load(_ store: TestStoreOf<ProductListFeature>, findingEarlierVersionCart earlier: SavedCart? = nil) async {
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) {
      $0.kept.restoration = .waiting(.empty)
    }
    if let earlier {
      await store.receive(\._internal.keeping._internal.earlierVersionCartFound) { $0.kept.earlierVersionCart = earlier }
    }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
  }

  /// Presses "+" on `product`'s stepper, which becomes `quantity`; once the saved cart is
  /// restored, the change is saved to a storage that answers at once.
  func plus(_ store: TestStoreOf<ProductListFeature>, _ product: Product, to quantity: Int) async {
    await store.send(._internal(.products(.element(id: product.id, action: ._internal(.addToCart(.view(.plusTapped))))))) {
      $0.products[id: product.id]?.quantity = quantity
    }
    await store.receive(._internal(.products(.element(id: product.id, action: ._internal(.addToCart(.delegate(.countChanged(quantity))))))))
    await receiveSave(store, of: ._internal(.products(.element(id: product.id, action: .delegate(.quantityChanged(quantity))))))
  }

  /// Receives `action`, which saves what changed, and the save's answer.
  func receiveSave(_ store: TestStoreOf<ProductListFeature>, of action: ProductListFeature.Action, changing update: ((inout ProductListFeature.State) -> Void)? = nil) async {
    guard store.state.kept.restoration == .done else {
      await store.receive(action, assert: update)
      return
    }
    await store.receive(action) {
      update?(&$0)
      $0.kept.savingChanges = CartChanges(from: $0.kept.savedCart.quantities, to: $0.quantities)
    }
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = $0.kept.savedCart.applying($0.kept.savingChanges!)
      $0.kept.savingChanges = nil
    }
  }

  // MARK: Fetching

  @Test func fetchSucceeds() async {
    let store = makeStore()
    await load(store)
    #expect(store.state.products.map(\.product) == Self.products)
  }

  @Test func fetchFailsThenRetrySucceeds() async {
    let attempts = LockIsolated(0)
    let store = makeStore(fetch: {
      attempts.withValue { $0 += 1 }
      if attempts.value == 1 { throw APIError.timedOut(seconds: 10) }
      return Self.products
    })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) {
      $0.kept.restoration = .waiting(.empty)
    }
    await store.receive(\._internal.productsResponse.failure) {
      $0.status = .failed(.timedOut(seconds: 10))
    }
    #expect(store.state.products.isEmpty)

    await store.send(.view(.retryTapped)) { $0.status = .loading }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
  }

  @Test func aSecondAppearanceDoesNotFetchAgain() async {
    let store = makeStore()
    await load(store)
    await store.send(.view(.onAppear))
  }

  /// `r` on a list shown fetches it again while it stays on screen: a product added at the
  /// store appears, and what is in the cart stays. (It once did nothing once the list loaded.)
  @Test func refreshingALoadedListShowsNewProductsAndKeepsTheCart() async {
    let newcomer = Product(id: 77, title: "Fountain pen", price: Money(cents: 4_200), category: "Category1")
    let fetches = LockIsolated(0)
    let store = makeStore(fetch: {
      fetches.withValue { $0 += 1 }
      return fetches.value == 1 ? Self.products : Self.products + [newcomer]
    })
    await load(store)
    await plus(store, .demo, to: 1)
    await store.send(.view(.retryTapped)) { $0.isRefreshing = true }
    await store.receive(\._internal.productsResponse.success) {
      $0.isRefreshing = false
      $0.products.append(ProductFeature.State(product: newcomer))
      $0.browsing.catalogChanged(Self.products + [newcomer])
    }
    #expect(store.state.status == .loaded, "the list never left the screen")
    #expect(store.state.products[id: Product.demo.id]?.quantity == 1, "the cart's quantity is kept")
    #expect(fetches.value == 2)
  }

  /// `+` on a cart line reaches the product's row and the saved cart, held to what the store
  /// has left.
  @Test func aQuantityChangedInTheCartIsTheRowsAndHeldToTheStock() async {
    let store = makeStore()
    await load(store)
    await plus(store, .demo, to: 1)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.view(.cartButtonTapped))
    let line = ProductListFeature.Action._internal(.cart(.presented(._internal(.items(.element(id: Product.demo.id, action: .view(.plusTapped)))))))
    await store.send(line)
    await store.skipReceivedActions()
    #expect(store.state.products[id: Product.demo.id]?.quantity == 2, "the row shows the cart's quantity")
    #expect(store.state.cart?.items[id: Product.demo.id]?.quantity == 2)

    await store.send(._internal(.stockChanged(StockLevels(left: [Product.demo.id: 2]))))
    await store.send(line)
    await store.skipReceivedActions()
    #expect(store.state.products[id: Product.demo.id]?.quantity == 2, "no more than the store has left")
    #expect(store.state.cart?.items[id: Product.demo.id]?.quantity == 2, "and the cart's line follows")
  }

  /// A refresh that fails leaves the list as it was and says so.
  @Test func aFailedRefreshKeepsTheListAndSaysSo() async {
    let fetches = LockIsolated(0)
    let store = makeStore(fetch: {
      fetches.withValue { $0 += 1 }
      if fetches.value > 1 { throw APIError.timedOut(seconds: 10) }
      return Self.products
    })
    await load(store)
    await store.send(.view(.retryTapped)) { $0.isRefreshing = true }
    await store.receive(\._internal.productsResponse.failure) {
      $0.isRefreshing = false
      $0.notice = .refreshFailed(.timedOut(seconds: 10))
    }
    #expect(store.state.status == .loaded && store.state.products == Self.rows)
  }

  /// An order whose answer never came is saved with the cart: after a restart, paying for the
  /// same lines resends it with the same key, and a completed order clears it.
  @Test func anUnconfirmedOrderSurvivesARestart() async throws {
    let memory = CartStorage.inMemory()
    let sent = LockIsolated<[OrderAttempt]>([])
    let order = OrderRequest(
      userId: 1, date: .orderDate, products: [.init(productId: Product.demo.id, quantity: 1, price: Product.demo.price)],
      shipping: .sample, delivery: .standard, total: Product.demo.price + Money(cents: 500)
    )
    let attempt = OrderAttempt(idempotencyKey: "00000000-0000-0000-0000-000000000000", order: order)

    // First run: the order times out.
    let first = makeStore(storage: memory, sendOrder: { attempt in
      sent.withValue { $0.append(attempt) }
      throw APIError.timedOut(seconds: 10)
    })
    first.exhaustivity = .off
    await first.send(.view(.onAppear))
    await first.receive(\._internal.productsResponse.success)
    await first.send(._internal(.products(.element(id: Product.demo.id, action: ._internal(.addToCart(.view(.plusTapped)))))))
    await first.receive(\._internal.keeping._internal.cartSaved)
    await first.send(.view(.cartButtonTapped))
    await checkOut(first)
    await first.send(._internal(.cart(.presented(.view(.alert(.presented(.confirmPurchase)))))))
    await first.receive(._internal(.cart(.presented(.delegate(.orderUnconfirmed(attempt)))))) {
      $0.kept.unconfirmedOrder = attempt
    }
    await first.receive(\._internal.keeping._internal.cartSaved)
    #expect(try await memory.load().unconfirmedOrder == attempt)

    // Second run, a different date: the same lines are sent as the same attempt.
    let second = TestStore(initialState: ProductListFeature.State()) {
      ProductListFeature()
    } withDependencies: {
      $0.apiClient.fetchProducts = { ProductListing(products: Self.products) }
      $0.apiClient.sendOrder = { attempt in
        sent.withValue { $0.append(attempt) }
        return OrderConfirmation(id: 1, userId: 1, products: attempt.order.products)
      }
      $0.cartStorage = memory
      $0.date.now = .orderDate.addingTimeInterval(3_600)
      $0.uuid = .incrementing
      $0.apiClient.fetchShippingRules = { .standard }
      $0.addressBook = .inMemory()
      $0.continuousClock = ImmediateClock()
    }
    second.exhaustivity = .off
    await second.send(.view(.onAppear))
    await second.receive(\._internal.productsResponse.success)
    #expect(second.state.kept.unconfirmedOrder == attempt)
    #expect(second.state.kept.checkoutDraft == CheckoutDraft(address: .sample, delivery: .standard, step: .review), "the checkout was kept too")
    await second.send(.view(.cartButtonTapped))
    await checkOut(second, resuming: true)
    await second.send(._internal(.cart(.presented(.view(.alert(.presented(.confirmPurchase)))))))
    await second.receive(\._internal.cart.presented)
    await second.send(._internal(.cart(.presented(.view(.alert(.presented(.orderCompletedAcknowledged)))))))
    await second.receive(._internal(.cart(.presented(.delegate(.orderCompleted)))))
    await second.receive(\._internal.keeping._internal.cartSaved)
    #expect(sent.value == [attempt, attempt], "one key, one body, twice")
    #expect(try await memory.load().unconfirmedOrder == nil, "cleared once the order went through")
    #expect(try await memory.load().checkout == nil, "and so is the checkout")
  }

  @Test func skippedProductsAreSaid() async {
    var state = ProductListFeature.State()
    state.kept.restoration = .done
    let store = TestStore(initialState: state) {
      ProductListFeature()
    } withDependencies: {
      $0.apiClient.fetchProducts = { ProductListing(products: [.demo], skippedCount: 2) }
    }
    await store.send(.view(.onAppear)) { $0.status = .loading }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = [ProductFeature.State(product: .demo)]
      $0.browsing.catalogChanged([.demo])
      $0.selectedID = Product.demo.id
      $0.notice = .productsSkipped(2)
    }
  }

  @Test func anEmptyListIsFetchedAgainOnRetry() async {
    let fetches = LockIsolated(0)
    let store = makeStore(fetch: {
      fetches.withValue { $0 += 1 }
      return fetches.value == 1 ? [] : Self.products
    })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) { $0.kept.restoration = .waiting(.empty) }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.kept.restoration = .done
    }
    await store.send(.view(.retryTapped)) { $0.status = .loading }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
    }
    #expect(fetches.value == 2)
  }

  @Test func appearingWhileLoadingDoesNotFetchTwice() async {
    let fetches = LockIsolated(0)
    let answer = AsyncStream.makeStream(of: [Product].self)
    let store = makeStore(fetch: {
      fetches.withValue { $0 += 1 }
      for await products in answer.stream { return products }
      return []
    })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) {
      $0.kept.restoration = .waiting(.empty)
    }
    await store.send(.view(.onAppear))
    answer.continuation.yield(Self.products)
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
    #expect(fetches.value == 1)
  }

  // MARK: The cart

  @Test func openingTheCartTakesProductsAboveZeroInListOrder() async {
    let store = makeStore()
    await load(store)
    await plus(store, .another, to: 1)
    await plus(store, .demo, to: 1)
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(
        items: [
          CartItemFeature.State(item: CartItem(product: .demo, quantity: 1)),
          CartItemFeature.State(item: CartItem(product: .another, quantity: 1)),
        ],
        customer: 1
      )
    }
    // Closing it keeps the quantities.
    await store.send(._internal(.cart(.presented(.view(.closeTapped)))))
    await store.receive(._internal(.cart(.presented(.delegate(.closeRequested))))) {
      $0.cart = nil
    }
    #expect(store.state.products[id: Product.demo.id]?.quantity == 1)
  }

  /// Original: plus twice on product 1, open the cart, pay, confirm; the success alert's Done
  /// sets product 1 back to 0 and closes the cart.
  @Test func aSuccessfulOrderResetsQuantitiesAndClosesTheCart() async {
    let store = makeStore()
    await load(store)
    await plus(store, .demo, to: 1)
    await plus(store, .demo, to: 2)
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(
        items: [CartItemFeature.State(item: CartItem(product: .demo, quantity: 2))], customer: 1
      )
    }
    await checkOut(store)
    #expect(store.state.cart?.alert == AlertState {
      TextState("Confirm your purchase")
    } actions: {
      ButtonState(action: .confirmPurchase) { TextState("Pay $26.00") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("Do you want to proceed with your purchase of $26.00, shipping to Ana Lima in San Francisco?")
    })
    await store.send(._internal(.cart(.presented(.view(.alert(.presented(.confirmPurchase))))))) {
      $0.cart?.alert = nil
      $0.cart?.order = .sending
      $0.cart?.attempt = OrderAttempt(
        idempotencyKey: "00000000-0000-0000-0000-000000000000",
        order: OrderRequest(
          userId: 1, date: .orderDate, products: [.init(productId: Product.demo.id, quantity: 2, price: Product.demo.price)],
          shipping: .sample, delivery: .standard, total: Money(cents: 2_600)
        )
      )
    }
    let confirmation = OrderConfirmation(id: 1, userId: 1, products: [])
    await store.receive(\._internal.cart.presented) {
      $0.cart?.order = .sent(confirmation)
      $0.cart?.attempt = nil
      $0.cart?.alert = .orderSucceededForTest(number: 1)
    }
    await store.send(._internal(.cart(.presented(.view(.alert(.presented(.orderCompletedAcknowledged))))))) {
      $0.cart?.alert = nil
    }
    await store.receive(._internal(.cart(.presented(.delegate(.orderCompleted))))) {
      $0.products[id: Product.demo.id]?.quantity = 0
      $0.cart = nil
      $0.kept.checkoutDraft = nil
      $0.kept.savingChanges = CartChanges(quantities: [Product.demo.id: 0], checkout: .replaced(by: nil))
    }
    // The parent hears of the order (the order history fetches again), and the cart is saved.
    await store.receive(.delegate(.orderPlaced))
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = $0.kept.savedCart.applying($0.kept.savingChanges!)
      $0.kept.savingChanges = nil
    }
    #expect(store.state.kept.savedCart.quantities.isEmpty)
  }

  /// Original: products at 2 and 0, open the cart, delete the item: the cart is empty with Pay
  /// disabled, then product 1 goes back to 0 — in that order, cart first, list second.
  @Test func deletingFromTheCartResetsTheProduct() async {
    let store = makeStore()
    await load(store)
    await plus(store, .demo, to: 1)
    await plus(store, .demo, to: 2)
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(
        items: [CartItemFeature.State(item: CartItem(product: .demo, quantity: 2))], customer: 1
      )
    }
    await store.send(._internal(.cart(.presented(._internal(.items(.element(id: Product.demo.id, action: .view(.deleteTapped))))))))
    await store.receive(._internal(.cart(.presented(._internal(.items(.element(id: Product.demo.id, action: .delegate(.deleteRequested)))))))) {
      $0.cart?.items = []
      $0.cart?.focus = .payButton
    }
    #expect(store.state.cart?.total == .zero)
    #expect(store.state.cart?.canPay == false)
    #expect(store.state.products[id: Product.demo.id]?.quantity == 2)
    await receiveSave(store, of: ._internal(.cart(.presented(.delegate(.itemRemoved(Product.demo.id)))))) {
      $0.products[id: Product.demo.id]?.quantity = 0
    }
  }

  // MARK: Selection

  @Test func theSelectionMovesAndTheListScrollsToShowIt() async {
    let many = (1...30).map { Product(id: $0, title: "Product \($0)", price: Money(cents: 100 * $0)) }
    let store = makeStore(fetch: { many })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) { $0.kept.restoration = .waiting(.empty) }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = IdentifiedArray(uniqueElements: many.map { ProductFeature.State(product: $0) })
      $0.browsing.catalogChanged(many)
      $0.selectedID = 1
      $0.kept.restoration = .done
    }

    // Each move carries the rows the screen shows: a page is that many.
    await store.send(.view(.selectionMoved(.up, visibleRows: 5))) { $0.scroll.visibleRows = 5 }
    await store.send(.view(.selectionMoved(.down, visibleRows: 5))) { $0.selectedID = 2 }
    await store.send(.view(.selectionMoved(.pageDown, visibleRows: 5))) {
      $0.selectedID = 7
      $0.scrollOffset = 2
    }
    await store.send(.view(.selectionMoved(.last, visibleRows: 5))) {
      $0.selectedID = 30
      $0.scrollOffset = 25
    }
    await store.send(.view(.selectionMoved(.pageUp, visibleRows: 5))) {
      $0.selectedID = 25
      $0.scrollOffset = 24
    }
    await store.send(.view(.selectionMoved(.first, visibleRows: 5))) {
      $0.selectedID = 1
      $0.scrollOffset = 0
    }
    await store.send(.view(.selectionMoved(.last, visibleRows: 5))) {
      $0.selectedID = 30
      $0.scrollOffset = 25
    }
    // The screen grew to 40 rows: the move starts from the rows it drew (all 30, from the
    // top), so going up one scrolls nothing, and a page is 40.
    await store.send(.view(.selectionMoved(.up, visibleRows: 40))) {
      $0.selectedID = 29
      $0.scroll.visibleRows = 40
      $0.scrollOffset = 0
    }
    await store.send(.view(.selectionMoved(.pageUp, visibleRows: 40))) { $0.selectedID = 1 }
    // It shrank to 3 with the selection at the top: a move down stays within the three rows drawn.
    await store.send(.view(.selectionMoved(.down, visibleRows: 3))) {
      $0.selectedID = 2
      $0.scroll.visibleRows = 3
    }
  }

  /// A move on a screen that shrank starts from the rows the screen drew around the selection,
  /// not from the offset the last move left: one up from the bottom row drawn stays on screen.
  @Test func aMoveAfterTheScreenShrankStartsFromTheRowsDrawn() async {
    var state = ProductListFeature.State()
    let many = (1...30).map { Product(id: $0, title: "Product \($0)", price: Money(cents: 100 * $0)) }
    state.status = .loaded
    state.products = IdentifiedArray(uniqueElements: many.map { ProductFeature.State(product: $0) })
    state.browsing.catalogChanged(many)
    state.selectedID = 13
    state.kept.restoration = .done
    state.scroll = ListScroll(offset: 0, visibleRows: 20)
    let store = makeStore(state: state)
    // Drawn in 5 rows, row 12 (the 13th product) is the last of rows 8…12.
    await store.send(.view(.selectionMoved(.up, visibleRows: 5))) {
      $0.selectedID = 12
      $0.scroll = ListScroll(offset: 8, visibleRows: 5)
    }
  }
}

/// Closed until opened; then every wait, before or after, goes on.
final class Gate: Sendable {
  private let state = LockIsolated<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let goOn = state.withValue { state in
        if state.isOpen { return true }
        state.waiting.append(continuation)
        return false
      }
      if goOn { continuation.resume() }
    }
  }

  /// Opens the gate now.
  func open() {
    let waiting = state.withValue { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
