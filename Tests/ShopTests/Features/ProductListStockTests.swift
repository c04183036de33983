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
      $0.kept.restoration = .loading
    }
    await store.receive(\._internal.keeping._internal.savedCartLoaded.success) { $0.kept.restoration = .waiting(.empty) }
    levels.continuation.yield(StockLevels(left: [Product.demo.id: 3]))
    await store.receive(\._internal.stockChanged) { $0.stock = StockLevels(left: [Product.demo.id: 3]) }
    gate.open()
    await store.receive(\._internal.productsResponse.success) {
      $0.status = .loaded
      $0.products = ProductListFeatureTests.rows
      $0.products[id: Product.demo.id]?.stockLeft = 3
      $0.browsing.catalogChanged(ProductListFeatureTests.products)
      $0.selectedID = Product.demo.id
      $0.kept.restoration = .done
    }
    levels.continuation.finish()
    await store.finish()
  }
}
