import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import Synchronization
import Testing

/// The store's stock on the list: each level heard reaches the rows, whose steppers stop at
/// what is left; products the store lists later get the levels already heard; a cart above
/// what is left is kept as it is.
@MainActor
struct ProductListStockTests {
  @Test func stockHeardReachesTheRowsAndStopsTheirSteppers() async {
    let levels = AsyncStream.makeStream(of: StockLevels.self)
    let base = ProductListFeatureTests()
    let store = base.makeStore()
    store.dependencies.stockWatch = StockWatch { levels.stream }
    await base.load(store)
    await base.plus(store, .demo, to: 1)

    levels.continuation.yield(StockLevels(left: [Product.demo.id: 2, Product.another.id: 0]))
    await store.receive(\._internal.stockChanged) {
      $0.stock = StockLevels(left: [Product.demo.id: 2, Product.another.id: 0])
      $0.products[id: Product.demo.id]?.stockLeft = 2
      $0.products[id: Product.another.id]?.stockLeft = 0
    }
    #expect(store.state.products[id: Product.demo.id]?.addToCart.limit == 2)
    #expect(store.state.products[id: Product.another.id]?.isSoldOut == true)
    await base.plus(store, .demo, to: 2)
    // At what is left, and sold out: "+" adds nothing, and nothing is saved.
    await store.send(._internal(.products(.element(id: Product.demo.id, action: ._internal(.addToCart(.view(.plusTapped)))))))
    await store.send(._internal(.products(.element(id: Product.another.id, action: ._internal(.addToCart(.view(.plusTapped)))))))

    // It sold elsewhere: the cart keeps its 2, and "+" stays put until more arrive.
    levels.continuation.yield(StockLevels(left: [Product.demo.id: 1]))
    await store.receive(\._internal.stockChanged) {
      $0.stock = StockLevels(left: [Product.demo.id: 1])
      $0.products[id: Product.demo.id]?.stockLeft = 1
      $0.products[id: Product.another.id]?.stockLeft = nil
    }
    #expect(store.state.products[id: Product.demo.id]?.quantity == 2, "the cart is the shopper's")
    #expect(store.state.products[id: Product.another.id]?.addToCart.limit == AddToCartFeature.State.maximum, "no limit again")
    levels.continuation.finish()
    await store.finish()
  }

  @Test func levelsHeardBeforeTheProductsApplyWhenTheyArrive() async {
    let levels = AsyncStream.makeStream(of: StockLevels.self)
    let base = ProductListFeatureTests()
    let gate = Gate()
    let store = base.makeStore(fetch: {
      await gate.wait()
      return ProductListFeatureTests.products
    })
    store.dependencies.stockWatch = StockWatch { levels.stream }
    await store.send(.view(.onAppear)) {
      $0.status = .loading
      $0.restoration = .loading
    }
    await store.receive(\._internal.savedCartLoaded.success) { $0.restoration = .waiting(.empty) }
    levels.continuation.yield(StockLevels(left: [Product.demo.id: 3]))
    await store.receive(\._internal.stockChanged) { $0.stock = StockLevels(left: [Product.demo.id: 3]) }
    gate.open(after: .zero)
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = ProductListFeatureTests.rows
      $0.products[id: Product.demo.id]?.stockLeft = 3
      $0.shownIDs = ProductListFeatureTests.products.map(\.id)
      $0.selectedID = Product.demo.id
      $0.restoration = .done
    }
    levels.continuation.finish()
    await store.finish()
  }

  /// The polling watch passes on each new level once, and skips a failed ask.
  @Test func pollingPassesOnChangesOnly() async {
    let answers = LockedAnswers([
      .success(StockLevels(left: [1: 3])), .success(StockLevels(left: [1: 3])), .failure(APIError.unreachable("down")),
      .success(StockLevels(left: [1: 2])),
    ])
    let watch = StockWatch.polling(every: .zero, clock: ImmediateClock()) { try answers.next() }
    var heard: [StockLevels] = []
    for await levels in watch.levels() {
      heard.append(levels)
      if heard.count == 2 { break }
    }
    #expect(heard == [StockLevels(left: [1: 3]), StockLevels(left: [1: 2])])
  }
}

/// Answers given in turn, the last one for ever after.
private final class LockedAnswers: Sendable {
  private let answers: Mutex<[Result<StockLevels, APIError>]>

  init(_ answers: [Result<StockLevels, APIError>]) {
    self.answers = Mutex(answers)
  }

  func next() throws -> StockLevels {
    try answers.withLock { answers in
      answers.count > 1 ? answers.removeFirst() : answers[0]
    }.get()
  }
}
