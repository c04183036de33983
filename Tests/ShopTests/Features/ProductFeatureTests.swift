import Boundaries
import Shop
import Testing

/// Ports of the original Product tests (product 1 "ProductDemo", 10.5, "Hi mom!", "Category1").
/// Each quantity change also travels up as the row's delegate action.
@MainActor
struct ProductFeatureTests {
  func makeStore() -> TestStoreOf<ProductFeature> {
    TestStore(initialState: ProductFeature.State(product: .demo)) { ProductFeature() }
  }

  func plus(_ store: TestStoreOf<ProductFeature>, to quantity: Int) async {
    await store.send(._internal(.addToCart(.view(.plusTapped)))) { $0.quantity = quantity }
    await store.receive(._internal(.addToCart(.delegate(.countChanged(quantity)))))
    await store.receive(.delegate(.quantityChanged(quantity)))
  }

  @Test func plusOnce() async {
    let store = makeStore()
    await plus(store, to: 1)
  }

  @Test func plusThreeTimes() async {
    let store = makeStore()
    await plus(store, to: 1)
    await plus(store, to: 2)
    await plus(store, to: 3)
  }

  @Test func minusAtZeroChangesNothing() async {
    let store = makeStore()
    await store.send(._internal(.addToCart(.view(.minusTapped))))
  }

  @Test func minusThreeTimesAtZeroChangesNothing() async {
    let store = makeStore()
    for _ in 1...3 {
      await store.send(._internal(.addToCart(.view(.minusTapped))))
    }
  }

  @Test func minusMinusPlus() async {
    let store = makeStore()
    await store.send(._internal(.addToCart(.view(.minusTapped))))
    await store.send(._internal(.addToCart(.view(.minusTapped))))
    await plus(store, to: 1)
  }
}
