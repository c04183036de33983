import Boundaries
import Foundation
@testable import Shop
import StoreTestSupport
import Testing

/// The cart keeping on its own, over a plain cart (``TestCart``): restoring, saving, hearing
/// other copies, version 1.0's cart. (The list's tests drive it through the list, with the
/// products and the cart sheet.)
@MainActor
struct CartKeepingFeatureTests {
  static let attempt = OrderAttempt(idempotencyKey: "k-1", order: OrderRequest(userId: 1, date: .orderDate, products: [.init(productId: 1, quantity: 2)]))

  func makeStore(_ state: TestCart, storage: CartStorage = .inMemory()) -> TestStoreOf<CartKeepingFeature<TestCart>> {
    TestStore(initialState: state) { CartKeepingFeature<TestCart>() } withDependencies: { $0.cartStorage = storage }
  }

  /// Kept state whose saved cart is restored: `saved` as known.
  static func restored(_ saved: SavedCart) -> CartKeeping.Kept {
    var kept = CartKeeping.Kept()
    kept.restoration = .done
    kept.savedCart = saved
    return kept
  }

  @Test func aSavedCartWaitsForTheCatalogAndIsThenAppliedWithItsOrderAndCheckout() async {
    var saved = SavedCart(quantities: [1: 2, 7: 1], revision: 3)
    saved.unconfirmedOrder = Self.attempt
    let store = makeStore(TestCart(quantities: [2: 1], catalogLoaded: false))
    await store.send(._internal(.savedCartLoaded(.success(saved)))) { $0.kept.restoration = .waiting(saved) }
    #expect(store.state.kept.restoringUnitCount == 3, "the units waiting are counted for the tab bar")

    var state = store.state
    CartKeepingFeature<TestCart>().catalogLoaded(&state)
    #expect(state.kept.restoration == .done)
    #expect(state.kept.savedCart == saved)
    #expect(state.kept.unconfirmedOrder == Self.attempt)
    #expect(state.quantities == [1: 2, 7: 1, 2: 1], "the saved lines join what the list already shows")

    // A catalog that has loaded already takes the saved cart at once.
    let loaded = makeStore(TestCart(catalogLoaded: true))
    await loaded.send(._internal(.savedCartLoaded(.success(saved)))) {
      $0.kept.restoration = .done
      $0.kept.savedCart = saved
      $0.kept.unconfirmedOrder = Self.attempt
      $0.quantities = [1: 2, 7: 1]
    }
  }

  @Test func nothingIsSavedUntilTheSavedCartIsRestored() async {
    let keeping = CartKeepingFeature<TestCart>()
    var waiting = TestCart(quantities: [1: 1], catalogLoaded: true)
    waiting.kept.restoration = .waiting(SavedCart(quantities: [2: 1]))
    _ = keeping.save(&waiting)
    #expect(waiting.kept.savingChanges == nil, "an empty list must never overwrite the saved cart")

    var restored = TestCart(kept: Self.restored(SavedCart(quantities: [2: 1])), quantities: [1: 1, 2: 1], catalogLoaded: true)
    _ = keeping.save(&restored)
    #expect(restored.kept.savingChanges == CartChanges(quantities: [1: 1]), "only the line this copy changed")
  }

  @Test func aSaveThatLandsShowsTheCartAndSendsWhatChangedMeanwhile() async {
    let storage = CartStorage.inMemory()
    let store = makeStore(TestCart(kept: Self.restored(.empty), quantities: [1: 1], catalogLoaded: true), storage: storage)
    var state = store.state
    _ = CartKeepingFeature<TestCart>().save(&state)
    #expect(state.kept.savingChanges == CartChanges(quantities: [1: 1]))
    let landed = try! await storage.apply(CartChanges(quantities: [1: 1]))
    // While it was under way the customer added another line: it goes out when the first lands.
    let meanwhile = TestCart(kept: state.kept, quantities: [1: 1, 2: 3], catalogLoaded: true)
    let second = makeStore(meanwhile, storage: storage)
    await second.send(._internal(.cartSaved(landed))) {
      $0.kept.savedCart = landed
      $0.kept.savingChanges = CartChanges(quantities: [2: 3])
    }
    await second.receive(\._internal.cartSaved) {
      $0.kept.savedCart = landed.applying(CartChanges(quantities: [2: 3]))
      $0.kept.savingChanges = nil
    }
    #expect(try! await storage.load().quantities == [1: 1, 2: 3])
  }

  @Test func aReadOrWriteThatFailsIsToldToTheListAndLosesNothing() async {
    let error = CartStorageError.unwritable(path: "/state/cart.json", reason: "read-only file system")
    let store = makeStore(TestCart(kept: { var kept = CartKeeping.Kept(); kept.restoration = .loading; return kept }(), catalogLoaded: true))
    await store.send(._internal(.savedCartLoaded(.failure(error)))) { $0.kept.restoration = .done }
    await store.receive(\.delegate.storageFailed, error)

    var saving = TestCart(kept: Self.restored(.empty), quantities: [1: 2], catalogLoaded: true)
    saving.kept.savingChanges = CartChanges(quantities: [1: 2])
    let failing = makeStore(saving)
    await failing.send(._internal(.cartSaveFailed(error))) { $0.kept.savingChanges = nil }
    await failing.receive(\.delegate.storageFailed, error)
    #expect(failing.state.quantities == [1: 2], "the line is still there, to be saved with the next change")
  }

  @Test func anotherCopysSaveShowsAndAMovedOrderIsToldToTheList() async {
    let store = makeStore(TestCart(kept: Self.restored(SavedCart(quantities: [1: 1], revision: 2)), quantities: [1: 1], catalogLoaded: true))
    var older = SavedCart(quantities: [1: 5], revision: 1)
    older.orderUpdates = 9
    await store.send(._internal(.cartChangedElsewhere(older)))
    var newer = SavedCart(quantities: [1: 1, 4: 2], revision: 3)
    await store.send(._internal(.cartChangedElsewhere(newer))) {
      $0.kept.savedCart = newer
      $0.quantities = [1: 1, 4: 2]
    }
    newer.revision = 4
    newer.orderUpdates = 1
    await store.send(._internal(.cartChangedElsewhere(newer))) { $0.kept.savedCart = newer }
    await store.receive(\.delegate.ordersChangedElsewhere)
  }

  @Test func versionOnesCartIsAddedUpToTheMaximumAndNeverWhileASaveIsUnderWay() async {
    let keeping = CartKeepingFeature<TestCart>()
    var kept = Self.restored(.empty)
    kept.earlierVersionCart = SavedCart(quantities: [1: 5, 7: 1])
    var state = TestCart(kept: kept, quantities: [1: AddToCartFeature.State.maximum - 2], catalogLoaded: true)
    var busy = state
    busy.kept.savingChanges = CartChanges(quantities: [3: 1])
    _ = keeping.takeEarlierVersionCart(&busy)
    #expect(busy.kept.earlierVersionCart != nil, "left on offer while a save is under way")
    #expect(!busy.kept.earlierVersionCartTaken)
    #expect(busy.quantities == state.quantities)

    _ = keeping.takeEarlierVersionCart(&state)
    #expect(state.kept.earlierVersionCart == nil)
    #expect(state.kept.earlierVersionCartTaken, "its file is to go once a save holding its lines lands")
    #expect(state.quantities == [1: AddToCartFeature.State.maximum, 7: 1])
    #expect(state.kept.savingChanges == CartChanges(quantities: [1: AddToCartFeature.State.maximum, 7: 1]))
  }

  /// The list is the keeping's state: a line it sets goes to its row, or aside for a product
  /// the store does not list, and the list reads its lines from the same places.
  @Test func theListsLinesAreItsRowsOrAside() {
    var list = ProductListFeature.State()
    list.products = IdentifiedArray(uniqueElements: [Product.demo, .another].map { ProductFeature.State(product: $0) })
    #expect(list.quantities.isEmpty)
    list.setQuantities([Product.demo.id: 2, 77: 1])
    #expect(list.products[id: Product.demo.id]?.quantity == 2, "a listed product's line is on its row")
    #expect(list.unavailableQuantities == [77: 1], "a product the store does not list is kept aside")
    #expect(list.quantities == [Product.demo.id: 2, 77: 1])
    list.setQuantities([:])
    #expect(list.products[id: Product.demo.id]?.quantity == 0)
    #expect(list.unavailableQuantities.isEmpty)
  }

  /// A checkout draft the keeping takes in (here, another copy's) reaches an open cart, which
  /// starts checkout from it: the cart cannot read the list's `kept`.
  @Test func aDraftTheKeepingTakesInReachesTheOpenCart() async {
    var list = ProductListFeature.State()
    list.status = .loaded
    list.kept = Self.restored(.empty)
    list.cart = CartFeature.State(items: [], customer: 1)
    let store = TestStore(initialState: list) { ProductListFeature() } withDependencies: { $0.cartStorage = .inMemory() }
    var saved = SavedCart(quantities: [:], revision: 1)
    let draft = CheckoutDraft(step: .review)
    saved.checkout = draft
    await store.send(._internal(.keeping(._internal(.cartChangedElsewhere(saved))))) {
      $0.kept.savedCart = saved
      $0.kept.checkoutDraft = draft
      $0.cart?.checkoutDraft = draft
    }
  }
}

/// A cart held in a dictionary: the keeping's state without a product list around it.
struct TestCart: CartKeepingState {
  var kept = CartKeeping.Kept()
  var quantities: [Product.ID: Int] = [:]
  var catalogLoaded = false
  var checkoutOnScreen: CheckoutDraft?

  mutating func setQuantity(_ quantity: Int, of id: Product.ID) {
    let quantity = min(max(quantity, 0), AddToCartFeature.State.maximum)
    quantities[id] = quantity > 0 ? quantity : nil
  }
}
