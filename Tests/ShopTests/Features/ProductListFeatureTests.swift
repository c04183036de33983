import Boundaries
import Foundation
import Shop
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
    sendOrder: @escaping @Sendable (OrderRequest) async throws -> OrderConfirmation = { _ in
      OrderConfirmation(id: 1, userId: 1, products: [])
    }
  ) -> TestStoreOf<ProductListFeature> {
    TestStore(initialState: state) {
      ProductListFeature()
    } withDependencies: {
      $0.apiClient.fetchProducts = fetch
      $0.apiClient.sendOrder = sendOrder
      $0.cartStorage = storage ?? .inMemory(saved)
      $0.date.now = .orderDate
    }
  }

  /// Appears, reads the (empty) saved cart, then loads the products.
  func load(_ store: TestStoreOf<ProductListFeature>) async {
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) {
      $0.restoration = .waiting(.empty)
    }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.selectedID = Product.demo.id
      $0.restoration = .done
    }
  }

  func plus(_ store: TestStoreOf<ProductListFeature>, _ product: Product, to quantity: Int) async {
    await store.send(._internal(.products(.element(id: product.id, action: ._internal(.addToCart(.view(.plusTapped))))))) {
      $0.products[id: product.id]?.quantity = quantity
    }
    await store.receive(._internal(.products(.element(id: product.id, action: ._internal(.addToCart(.delegate(.countChanged(quantity))))))))
    await store.receive(._internal(.products(.element(id: product.id, action: .delegate(.quantityChanged(quantity))))))
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
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) {
      $0.restoration = .waiting(.empty)
    }
    await store.receive(\._internal.productsResponse.failure) {
      $0.status = .failed(.timedOut(seconds: 10))
    }
    #expect(store.state.products.isEmpty)

    await store.send(.view(.retryTapped)) { $0.status = .loading }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.selectedID = Product.demo.id
      $0.restoration = .done
    }
  }

  @Test func aSecondAppearanceDoesNotFetchAgain() async {
    let store = makeStore()
    await load(store)
    await store.send(.view(.onAppear))
    // Retry only means something after a failure.
    await store.send(.view(.retryTapped))
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
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) {
      $0.restoration = .waiting(.empty)
    }
    await store.send(.view(.onAppear))
    answer.continuation.yield(Self.products)
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.selectedID = Product.demo.id
      $0.restoration = .done
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
        userID: 1
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
        items: [CartItemFeature.State(item: CartItem(product: .demo, quantity: 2))], userID: 1
      )
    }
    await store.send(._internal(.cart(.presented(.view(.payTapped))))) {
      $0.cart?.alert = AlertState {
        TextState("Confirm your purchase")
      } actions: {
        ButtonState(action: .confirmPurchase) { TextState("Pay $21.00") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("Do you want to proceed with your purchase of $21.00?")
      }
    }
    await store.send(._internal(.cart(.presented(.view(.alert(.presented(.confirmPurchase))))))) {
      $0.cart?.alert = nil
      $0.cart?.order = .sending
    }
    let confirmation = OrderConfirmation(id: 1, userId: 1, products: [])
    await store.receive(\._internal.cart.presented) {
      $0.cart?.order = .sent(confirmation)
      $0.cart?.alert = .orderSucceededForTest(number: 1)
    }
    await store.send(._internal(.cart(.presented(.view(.alert(.presented(.orderCompletedAcknowledged))))))) {
      $0.cart?.alert = nil
    }
    await store.receive(._internal(.cart(.presented(.delegate(.orderCompleted))))) {
      $0.products[id: Product.demo.id]?.quantity = 0
      $0.cart = nil
    }
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
        items: [CartItemFeature.State(item: CartItem(product: .demo, quantity: 2))], userID: 1
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
    await store.receive(._internal(.cart(.presented(.delegate(.itemRemoved(Product.demo.id)))))) {
      $0.products[id: Product.demo.id]?.quantity = 0
    }
  }

  // MARK: Keeping the cart

  @Test func savedQuantitiesAreRestoredOnceProductsLoad() async {
    let saved = SavedCart(quantities: [Product.another.id: 3, 999: 1])
    let store = makeStore(saved: saved)
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) {
      $0.restoration = .waiting(saved)
    }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      // Product 999 is no longer sold: it is dropped.
      $0.products[id: Product.another.id]?.quantity = 3
      $0.selectedID = Product.demo.id
      $0.restoration = .done
    }
  }

  @Test func savedQuantitiesApplyToProductsAlreadyLoaded() async {
    var state = ProductListFeature.State()
    state.status = .loaded
    state.products = Self.rows
    let store = makeStore(state: state, saved: SavedCart(quantities: [Product.demo.id: 4]))
    await store.send(.view(.onAppear)) { $0.restoration = .loading }
    await store.receive(\._internal.savedCartLoaded.success) {
      $0.products[id: Product.demo.id]?.quantity = 4
      $0.restoration = .done
    }
  }

  @Test func everyChangeIsSaved() async {
    let saves = LockIsolated<[SavedCart]>([])
    let storage = CartStorage.stub(save: { cart in saves.withValue { $0.append(cart) } })
    let store = makeStore(storage: storage)
    await load(store)
    await plus(store, .demo, to: 1)
    await store.finish()
    await plus(store, .another, to: 1)
    await store.finish()
    #expect(saves.value == [SavedCart(quantities: [1: 1]), SavedCart(quantities: [1: 1, 2: 1])])

    await store.send(.view(.willTerminate)).finish()
    #expect(saves.value.last == SavedCart(quantities: [1: 1, 2: 1]))
  }

  @Test func nothingIsSavedBeforeTheSavedCartIsRestored() async {
    var state = ProductListFeature.State()
    state.products = [ProductFeature.State(product: .demo)]
    state.status = .loaded
    // `save` is unimplemented: calling it would fail the test.
    let store = makeStore(state: state, storage: .stub())
    // Restoration has not happened: a change must not overwrite the file with an empty list.
    await plus(store, .demo, to: 1)
  }

  @Test func aCorruptSavedCartIsReportedAndDismissable() async {
    let error = CartStorageError.corrupt(path: "/state/cart.json", setAsideAs: "/state/cart.json.corrupt-1")
    let store = makeStore(storage: .stub(load: { throw error }))
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.failure) {
      $0.notice = error.message
      $0.restoration = .done
    }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.selectedID = Product.demo.id
    }
    await store.send(.view(.noticeDismissed)) { $0.notice = nil }
  }

  @Test func aFailedSaveIsReported() async {
    let error = CartStorageError.unwritable(path: "/state/cart.json", reason: "read-only file system")
    let store = makeStore(storage: .stub(save: { _ in throw error }))
    await load(store)
    await plus(store, .demo, to: 1)
    await store.receive(\._internal.cartSaveFailed) { $0.notice = error.message }
  }

  // MARK: Selection

  @Test func theSelectionMovesAndTheListScrollsToShowIt() async {
    let many = (1...30).map { Product(id: $0, title: "Product \($0)", price: Money(cents: 100 * $0)) }
    let store = makeStore(fetch: { many })
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) { $0.restoration = .waiting(.empty) }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = IdentifiedArray(uniqueElements: many.map { ProductFeature.State(product: $0) })
      $0.selectedID = 1
      $0.restoration = .done
    }

    await store.send(.view(.visibleRowCountChanged(5))) { $0.visibleRowCount = 5 }
    await store.send(.view(.selectionMoved(.up)))
    await store.send(.view(.selectionMoved(.down))) { $0.selectedID = 2 }
    await store.send(.view(.selectionMoved(.pageDown))) {
      $0.selectedID = 7
      $0.scrollOffset = 2
    }
    await store.send(.view(.selectionMoved(.last))) {
      $0.selectedID = 30
      $0.scrollOffset = 25
    }
    await store.send(.view(.selectionMoved(.pageUp))) {
      $0.selectedID = 25
      $0.scrollOffset = 24
    }
    await store.send(.view(.selectionMoved(.first))) {
      $0.selectedID = 1
      $0.scrollOffset = 0
    }
    // A taller screen needs no scrolling for the same selection.
    await store.send(.view(.selectionMoved(.last))) {
      $0.selectedID = 30
      $0.scrollOffset = 25
    }
    await store.send(.view(.visibleRowCountChanged(40))) {
      $0.visibleRowCount = 40
      $0.scrollOffset = 0
    }
  }
}

extension CartStorage {
  /// A storage that loads `load` and saves with `save`; an endpoint left out is unimplemented.
  static func stub(
    load: (@Sendable () async throws -> SavedCart)? = { .empty },
    save: (@Sendable (SavedCart) async throws -> Void)? = nil
  ) -> CartStorage {
    var storage = CartStorage()
    if let load { storage.load = load }
    if let save { storage.save = save }
    return storage
  }
}
