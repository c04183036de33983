import Boundaries
import Foundation
import Shop
import StoreTestSupport
import Testing

/// The product list over its cart keeping (``CartKeepingFeature``): the saved cart restored onto
/// the rows, each change saved, other copies' saves shown on the rows and in an open cart,
/// version 1.0's cart, and the storage's failures as the list's notice. The keeping's own rules
/// are tested on the child (`CartKeepingFeatureTests`).
@MainActor
struct ProductListCartKeepingTests {
  nonisolated static let products = ProductListFeatureTests.products
  nonisolated static let rows = ProductListFeatureTests.rows
  let list = ProductListFeatureTests()

  /// A list whose products loaded and whose saved cart was read, offering version 1.0's `cart`.
  static func offering(_ cart: SavedCart) -> ProductListFeature.State {
    var state = ProductListFeature.State()
    state.status = .loaded
    state.products = rows
    state.kept.restoration = .done
    state.kept.earlierVersionCart = cart
    return state
  }

  /// `m` on a list ``offering(_:)`` `quantity` of `Product.another`: the line goes onto its row,
  /// a save holding it starts, and the old file is still to go.
  static func takeEarlierVersionCart(of quantity: Int, in store: TestStoreOf<ProductListFeature>) async {
    await store.send(.view(.earlierVersionCartTaken)) {
      $0.kept.earlierVersionCart = nil
      $0.kept.earlierVersionCartTaken = true
      $0.products[id: Product.another.id]?.quantity = quantity
      $0.kept.savingChanges = CartChanges(quantities: [Product.another.id: quantity])
    }
  }

  /// A loaded list with one of the demo product in its cart, and the stream through which
  /// another copy's saves reach it.
  func storeHearingOtherCopies() async -> (TestStoreOf<ProductListFeature>, (stream: AsyncStream<CartUpdate>, continuation: AsyncStream<CartUpdate>.Continuation)) {
    let updates = AsyncStream.makeStream(of: CartUpdate.self)
    var storage = CartStorage.inMemory()
    storage.updates = { updates.stream }
    let store = list.makeStore(storage: storage)
    await list.load(store)
    await list.plus(store, .demo, to: 1)
    return (store, updates)
  }

  /// Finding 2 of the cart-safety issue: a saved line whose product is not listed was dropped
  /// on restore and deleted by the next save. It is kept aside, shown, and never saved away.
  @Test func savedQuantitiesAreRestoredAndUnlistedLinesKept() async {
    let saved = SavedCart(quantities: [Product.another.id: 3, 999: 1], revision: 4)
    let store = list.makeStore(saved: saved)
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) {
      $0.kept.restoration = .waiting(saved)
    }
    #expect(store.state.cartSummary == .restoring(units: 4))
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.products[id: Product.another.id]?.quantity = 3
      $0.unavailableQuantities = [999: 1]
      $0.kept.savedCart = saved
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
    #expect(store.state.cartSummary == .contents(units: 3, total: Product.another.price * 3, unavailableLines: 1))

    // A change elsewhere saves only that change: line 999 stays in the file.
    await list.plus(store, .demo, to: 1)
    #expect(store.state.kept.savedCart == SavedCart(quantities: [1: 1, 2: 3, 999: 1], revision: 5))

    // The cart shows it as unavailable: not in the total, not ordered, and it can be deleted.
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(
        items: [
          CartItemFeature.State(item: CartItem(product: .demo, quantity: 1)),
          CartItemFeature.State(item: CartItem(product: .another, quantity: 3)),
          CartItemFeature.State(unavailableID: 999, quantity: 1),
        ],
        customer: 1
      )
    }
    #expect(store.state.cart?.total == Product.demo.price + Product.another.price * 3)
    #expect(store.state.cart?.orderableItems.map(\.id) == [Product.demo.id, Product.another.id])
    await store.send(._internal(.cart(.presented(._internal(.items(.element(id: 999, action: .view(.deleteTapped))))))))
    await store.receive(._internal(.cart(.presented(._internal(.items(.element(id: 999, action: .delegate(.deleteRequested)))))))) {
      $0.cart?.items.remove(id: 999)
    }
    await list.receiveSave(store, of: ._internal(.cart(.presented(.delegate(.itemRemoved(999)))))) {
      $0.unavailableQuantities = [:]
    }
    #expect(store.state.kept.savedCart.quantities == [1: 1, 2: 3])
  }

  /// An empty or failed product list shows the saved cart as restoring, never "empty", and
  /// saves nothing.
  @Test func aCartWaitingForProductsIsRestoringNotEmpty() async {
    let saved = SavedCart(quantities: [Product.demo.id: 2], revision: 1)
    let store = list.makeStore(fetch: { throw APIError.timedOut(seconds: 10) }, saved: saved)
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) { $0.kept.restoration = .waiting(saved) }
    await store.receive(\._internal.productsResponse.failure) { $0.status = .failed(.timedOut(seconds: 10)) }
    #expect(store.state.cartSummary == .restoring(units: 2))
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(items: [], customer: 1, restoringUnitCount: 2)
    }
    #expect(store.state.cart?.canPay == false)
    // Quitting now writes nothing: nothing was changed.
    await store.send(.view(.willTerminate))
  }

  @Test func savedQuantitiesApplyToProductsAlreadyLoaded() async {
    var state = ProductListFeature.State()
    state.status = .loaded
    state.products = Self.rows
    let saved = SavedCart(quantities: [Product.demo.id: 4], revision: 2)
    let store = list.makeStore(state: state, saved: saved)
    await store.send(.view(.onAppear)) { $0.kept.restoration = .loading }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) {
      $0.products[id: Product.demo.id]?.quantity = 4
      $0.kept.savedCart = saved
      $0.kept.restoration = .done
    }
  }

  @Test func everyChangeIsSavedAsAChange() async {
    let applied = LockIsolated<[CartChanges]>([])
    let memory = CartStorage.inMemory()
    var storage = memory
    storage.apply = { changes in
      applied.withValue { $0.append(changes) }
      return try await memory.apply(changes)
    }
    let store = list.makeStore(storage: storage)
    await list.load(store)
    await list.plus(store, .demo, to: 1)
    await list.plus(store, .another, to: 1)
    #expect(applied.value == [CartChanges(quantities: [1: 1]), CartChanges(quantities: [2: 1])])

    // Nothing changed since: quitting writes nothing.
    await store.send(.view(.willTerminate)).finish()
    #expect(applied.value.count == 2)
  }

  /// Changes made while a save is under way are saved when it answers, one save at a time,
  /// and a change undone meanwhile is not lost to the answer.
  @Test func changesDuringASaveFollowIt() async {
    let gate = AsyncStream.makeStream(of: Void.self)
    let applied = LockIsolated<[CartChanges]>([])
    let memory = CartStorage.inMemory()
    var storage = memory
    storage.apply = { changes in
      applied.withValue { $0.append(changes) }
      if applied.value.count == 1 { for await _ in gate.stream { break } }
      return try await memory.apply(changes)
    }
    let store = list.makeStore(storage: storage)
    await list.load(store)
    let row = { (action: AddToCartFeature.Action) -> ProductListFeature.Action in
      ._internal(.products(.element(id: Product.demo.id, action: ._internal(.addToCart(action)))))
    }
    await store.send(row(.view(.plusTapped))) { $0.products[id: 1]?.quantity = 1 }
    await store.receive(row(.delegate(.countChanged(1))))
    await store.receive(._internal(.products(.element(id: 1, action: .delegate(.quantityChanged(1)))))) {
      $0.kept.savingChanges = CartChanges(quantities: [1: 1])
    }
    // While the first save waits, the customer takes the product out again.
    await store.send(row(.view(.minusTapped))) { $0.products[id: 1]?.quantity = 0 }
    await store.receive(row(.delegate(.countChanged(0))))
    await store.receive(._internal(.products(.element(id: 1, action: .delegate(.quantityChanged(0))))))
    gate.continuation.yield()
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = SavedCart(quantities: [1: 1], revision: 1)
      $0.kept.savingChanges = CartChanges(quantities: [1: 0])
    }
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = SavedCart(quantities: [:], revision: 2)
      $0.kept.savingChanges = nil
    }
    #expect(store.state.products[id: 1]?.quantity == 0)
  }

  /// Finding 3 of the cart-safety issue, in the feature: another copy's save shows up here, in
  /// the lines this copy did not change, and this copy's unsaved change stays.
  @Test func anotherCopysSaveShowsUp() async {
    let (store, updates) = await storeHearingOtherCopies()
    // The other copy added product 2 and a product this store does not list.
    updates.continuation.yield(.saved(SavedCart(quantities: [1: 1, 2: 5, 31: 2], revision: 2)))
    await store.receive(\._internal.keeping._internal.cartChangedElsewhere) {
      $0.products[id: 2]?.quantity = 5
      $0.unavailableQuantities = [31: 2]
      $0.kept.savedCart = SavedCart(quantities: [1: 1, 2: 5, 31: 2], revision: 2)
    }
    // An older version, or this copy's own save heard again, changes nothing.
    updates.continuation.yield(.saved(SavedCart(quantities: [1: 1], revision: 1)))
    await store.receive(\._internal.keeping._internal.cartChangedElsewhere)
    updates.continuation.finish()
    await store.finish()
  }

  /// An open cart sheet follows a change made elsewhere, unless the customer is paying.
  @Test func anOpenCartFollowsChangesElsewhere() async {
    let (store, updates) = await storeHearingOtherCopies()
    await store.send(.view(.cartButtonTapped)) {
      $0.cart = CartFeature.State(items: [CartItemFeature.State(item: CartItem(product: .demo, quantity: 1))], customer: 1)
    }
    updates.continuation.yield(.saved(SavedCart(quantities: [2: 1], revision: 2)))
    await store.receive(\._internal.keeping._internal.cartChangedElsewhere) {
      $0.products[id: 1]?.quantity = 0
      $0.products[id: 2]?.quantity = 1
      $0.kept.savedCart = SavedCart(quantities: [2: 1], revision: 2)
      $0.cart?.items = [CartItemFeature.State(item: CartItem(product: .another, quantity: 1))]
      $0.cart?.focus = .item(2)
    }
    updates.continuation.finish()
    await store.finish()
  }

  /// A host that is restarting tells its shopper, who can dismiss the notice and go on.
  @Test func aRestartingHostIsAnnouncedAndTheNoticeCanBeDismissed() async {
    let store = list.makeStore(storage: .inMemory())
    await list.load(store)
    await store.send(.view(.hostRestartAnnounced)) {
      $0.notice = .hostRestarting
    }
    await store.send(.view(.noticeDismissed)) {
      $0.notice = nil
    }
    await store.finish()
  }

  /// Version 1.0's cart is offered by name and added only when the customer says so.
  @Test func version1CartIsOfferedThenTakenIn() async {
    let removed = LockIsolated(false)
    var storage = CartStorage.inMemory(SavedCart(quantities: [1: 1], revision: 1))
    storage.earlierVersionCart = { SavedCart(quantities: [1: 2, 77: 1]) }
    storage.removeEarlierVersionCart = { removed.setValue(true) }
    let store = list.makeStore(storage: storage)
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) { $0.kept.restoration = .waiting(SavedCart(quantities: [1: 1], revision: 1)) }
    await store.receive(\._internal.keeping._internal.earlierVersionCartFound) { $0.kept.earlierVersionCart = SavedCart(quantities: [1: 2, 77: 1]) }
    #expect(store.state.earlierVersionCartOffer == nil, "offered once the products are there to name")
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.products[id: 1]?.quantity = 1
      $0.kept.savedCart = SavedCart(quantities: [1: 1], revision: 1)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
    #expect(
      store.state.earlierVersionCartOffer
        == EarlierVersionCartOffer(lines: [.init(id: Product.demo.id, title: "ProductDemo", quantity: 2), .init(id: 77, title: nil, quantity: 1)])
    )
    await store.send(.view(.earlierVersionCartTaken)) {
      $0.kept.earlierVersionCart = nil
      $0.kept.earlierVersionCartTaken = true
      $0.products[id: 1]?.quantity = 3
      $0.unavailableQuantities = [77: 1]
      $0.kept.savingChanges = CartChanges(quantities: [1: 3, 77: 1])
    }
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = SavedCart(quantities: [1: 3, 77: 1], revision: 2)
      $0.kept.savingChanges = nil
    }
    // Removed only after the save landed; once gone, the way out does not remove it again.
    await store.receive(\._internal.keeping._internal.earlierVersionCartRemoved) { $0.kept.earlierVersionCartTaken = false }
    #expect(removed.value)
    removed.setValue(false)
    await store.send(.view(.willTerminate))
    await store.finish()
    #expect(!removed.value, "a file that came back since is offered next time, not removed unread")
  }

  /// Version 1.0's file goes only once a save holding its lines has landed: not after a write
  /// that failed, and — when the store is quit before the take-in's own save is done — after
  /// the last save on the way out, which the exit waits for. (Quitting at once after taking it
  /// in used to leave the file behind, to be offered and added a second time.)
  @Test func version1FileIsRemovedOnlyOnceItsLinesAreSavedEvenOnTheWayOut() async throws {
    let error = CartStorageError.unwritable(path: "/state/cart.json", reason: "no space left on device")
    let failing = LockIsolated(true)
    let removals = LockIsolated(0)
    let memory = CartStorage.inMemory()
    var storage = memory
    storage.apply = { changes in
      if failing.value { throw error }
      return try await memory.apply(changes)
    }
    storage.removeEarlierVersionCart = { removals.withValue { $0 += 1 } }
    let store = list.makeStore(state: Self.offering(SavedCart(quantities: [Product.another.id: 2])), storage: storage)
    await Self.takeEarlierVersionCart(of: 2, in: store)
    await store.receive(\._internal.keeping._internal.cartSaveFailed) { $0.kept.savingChanges = nil }
    await store.receive(\._internal.keeping.delegate.storageFailed) { $0.notice = .cartStorage(error) }
    #expect(removals.value == 0, "its lines are not saved: the file stays")

    failing.setValue(false)
    await store.send(.view(.willTerminate))
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = SavedCart(quantities: [Product.another.id: 2], revision: 1)
    }
    await store.receive(\._internal.keeping._internal.earlierVersionCartRemoved) { $0.kept.earlierVersionCartTaken = false }
    await store.finish()
    #expect(removals.value == 1, "removed after the last save landed")
    #expect(try await memory.load().quantities == [Product.another.id: 2])
  }

  /// A removal of version 1.0's file that fails is told, and tried again on the way out, after
  /// the last save (nothing left to write: the file alone).
  @Test func version1FileThatCouldNotBeRemovedIsTriedAgainOnTheWayOut() async {
    let error = CartStorageError.unwritable(path: "/state/onlinestore/cart.json", reason: "read-only file system")
    let removals = LockIsolated(0)
    var storage = CartStorage.inMemory()
    storage.removeEarlierVersionCart = {
      let attempt = removals.withValue { $0 += 1; return $0 }
      if attempt == 1 { throw error }
    }
    let store = list.makeStore(state: Self.offering(SavedCart(quantities: [Product.another.id: 1])), storage: storage)
    await Self.takeEarlierVersionCart(of: 1, in: store)
    await store.receive(\._internal.keeping._internal.cartSaved) {
      $0.kept.savedCart = SavedCart(quantities: [Product.another.id: 1], revision: 1)
      $0.kept.savingChanges = nil
    }
    await store.receive(\._internal.keeping._internal.earlierVersionCartNotRemoved)
    await store.receive(\._internal.keeping.delegate.storageFailed) { $0.notice = .cartStorage(error) }
    #expect(store.state.kept.earlierVersionCartTaken, "still to go")

    await store.send(.view(.willTerminate))
    await store.receive(\._internal.keeping._internal.earlierVersionCartRemoved) { $0.kept.earlierVersionCartTaken = false }
    await store.finish()
    #expect(removals.value == 2)
  }

  /// Taking version 1.0's cart while another save is under way waits: the old file must not be
  /// removed before a save holding its lines has started.
  @Test func version1CartIsNotTakenWhileASaveIsUnderWay() async {
    var state = Self.offering(SavedCart(quantities: [1: 2]))
    state.kept.savingChanges = CartChanges(quantities: [2: 1])
    state.products[id: 2]?.quantity = 1
    var storage = CartStorage.inMemory()
    // Unimplemented: removing the old file now would fail the test.
    storage.removeEarlierVersionCart = CartStorage().removeEarlierVersionCart
    let store = list.makeStore(state: state, storage: storage)
    await store.send(.view(.earlierVersionCartTaken))
    #expect(store.state.kept.earlierVersionCart != nil, "still offered; m works once the save is done")
  }

  @Test func version1CartLeftForNowStaysOnDisk() async {
    var storage = CartStorage.inMemory()
    storage.earlierVersionCart = { SavedCart(quantities: [1: 2]) }
    // removeEarlierVersionCart stays unimplemented: calling it would fail the test.
    storage.removeEarlierVersionCart = CartStorage().removeEarlierVersionCart
    let store = list.makeStore(storage: storage)
    await list.load(store, findingEarlierVersionCart: SavedCart(quantities: [1: 2]))
    await store.send(.view(.noticeDismissed)) { $0.kept.earlierVersionCart = nil }
    await store.send(.view(.earlierVersionCartTaken))
    #expect(store.state.products[id: 1]?.quantity == 0)
  }

  @Test func aCorruptSavedCartIsReportedAndDismissable() async {
    let error = CartStorageError.corrupt(path: "/state/cart.json", setAsideAs: "/state/cart.json.corrupt-1")
    var storage = CartStorage.inMemory()
    storage.load = { throw error }
    let store = list.makeStore(storage: storage)
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.failure) {
      $0.kept.restoration = .done
    }
    await store.receive(\._internal.keeping.delegate.storageFailed) {
      $0.notice = .cartStorage(error)
    }
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = Self.rows
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
    }
    await store.send(.view(.noticeDismissed)) { $0.notice = nil }
  }

  @Test func aFailedSaveIsReportedAndSentAgainWithTheNextChange() async {
    let error = CartStorageError.unwritable(path: "/state/cart.json", reason: "read-only file system")
    let failing = LockIsolated(true)
    let memory = CartStorage.inMemory()
    var storage = memory
    storage.apply = { changes in
      if failing.value { throw error }
      return try await memory.apply(changes)
    }
    let store = list.makeStore(storage: storage)
    await list.load(store)
    await store.send(._internal(.products(.element(id: 1, action: ._internal(.addToCart(.view(.plusTapped))))))) {
      $0.products[id: 1]?.quantity = 1
    }
    await store.receive(._internal(.products(.element(id: 1, action: ._internal(.addToCart(.delegate(.countChanged(1))))))))
    await store.receive(._internal(.products(.element(id: 1, action: .delegate(.quantityChanged(1)))))) {
      $0.kept.savingChanges = CartChanges(quantities: [1: 1])
    }
    await store.receive(\._internal.keeping._internal.cartSaveFailed) {
      $0.kept.savingChanges = nil
    }
    await store.receive(\._internal.keeping.delegate.storageFailed) {
      $0.notice = .cartStorage(error)
    }
    failing.setValue(false)
    await list.plus(store, .another, to: 1)
    #expect(store.state.kept.savedCart.quantities == [1: 1, 2: 1])
  }

  /// A line kept aside because the store did not list its product goes onto the product's row
  /// when a later answer lists it, and a listed line whose product is gone is kept aside: each
  /// line of the cart in one place. (Kept in both places, the cart's lines had the product twice,
  /// which stops the store when the cart is shown.)
  @Test func aReloadMovesEachLineToWhereItsProductIs() async {
    var state = ProductListFeature.State()
    state.status = .failed(.timedOut(seconds: 10))
    state.kept.restoration = .done
    state.products = IdentifiedArray(uniqueElements: [ProductFeature.State(product: .another, quantity: 4)])
    state.unavailableQuantities = [Product.demo.id: 2]
    state.cart = CartFeature.State(items: IdentifiedArray(uniqueElements: state.cartLines), customer: 1)
    let store = TestStore(initialState: state) { ProductListFeature() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(._internal(.productsResponse(.success(ProductListing(products: [.demo])))))
    #expect(store.state.products[id: Product.demo.id]?.quantity == 2)
    #expect(store.state.unavailableQuantities == [Product.another.id: 4])
    #expect(store.state.cart?.items.map(\.id) == [Product.demo.id, Product.another.id], "the open cart shows each line once")
  }

  /// A cart opened while the saved cart is still being read shows it arriving: its "restoring"
  /// count, and the saved checkout to go on with.
  @Test func aCartOpenWhileTheSavedCartIsReadShowsItArriving() async {
    var saved = SavedCart(quantities: [Product.demo.id: 3], revision: 2)
    saved.checkout = CheckoutDraft(step: .delivery)
    var state = ProductListFeature.State()
    state.kept.restoration = .loading
    state.cart = CartFeature.State(items: [], customer: 1)
    let store = TestStore(initialState: state) { ProductListFeature() }
    await store.send(._internal(.keeping(._internal(.savedCartLoaded(.success(saved)))))) {
      $0.kept.restoration = .waiting(saved)
      $0.cart?.restoringUnitCount = 3
    }
    await store.send(._internal(.productsResponse(.success(ProductListing(products: Self.products))))) {
      $0.status = .loaded
      $0.products = IdentifiedArray(uniqueElements: Self.products.map { ProductFeature.State(product: $0, quantity: $0.id == Product.demo.id ? 3 : 0) })
      $0.browsing.catalogChanged(Self.products)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
      $0.kept.savedCart = saved
      $0.kept.checkoutDraft = saved.checkout
      $0.cart?.checkoutDraft = saved.checkout
      $0.cart?.restoringUnitCount = 0
      $0.cart?.items = [CartItemFeature.State(item: CartItem(product: .demo, quantity: 3))]
    }
  }
}
