import Boundaries
import Shop
import Testing

/// Ports of the original AddToCart tests. The original stepper went below zero and its parent
/// clamped it; ours clamps itself, so the minus tests now show that it stays at 0.
@MainActor
struct AddToCartFeatureTests {
  func makeStore(count: Int = 0) -> TestStoreOf<AddToCartFeature> {
    TestStore(initialState: AddToCartFeature.State(count: count)) { AddToCartFeature() }
  }

  @Test func plusOnce() async {
    let store = makeStore()
    await store.send(.view(.plusTapped)) { $0.count = 1 }
    await store.receive(.delegate(.countChanged(1)))
  }

  @Test func plusThreeTimes() async {
    let store = makeStore()
    for count in 1...3 {
      await store.send(.view(.plusTapped)) { $0.count = count }
      await store.receive(.delegate(.countChanged(count)))
    }
  }

  @Test func minusAtZeroStaysAtZero() async {
    let store = makeStore()
    await store.send(.view(.minusTapped))
  }

  @Test func minusThreeTimesAtZeroStaysAtZero() async {
    let store = makeStore()
    for _ in 1...3 {
      await store.send(.view(.minusTapped))
    }
  }

  @Test func minusPlusMinus() async {
    let store = makeStore()
    await store.send(.view(.minusTapped))
    await store.send(.view(.plusTapped)) { $0.count = 1 }
    await store.receive(.delegate(.countChanged(1)))
    await store.send(.view(.minusTapped)) { $0.count = 0 }
    await store.receive(.delegate(.countChanged(0)))
  }

  @Test func plusStopsAtNinetyNine() async {
    let store = makeStore(count: 98)
    await store.send(.view(.plusTapped)) { $0.count = 99 }
    await store.receive(.delegate(.countChanged(99)))
    await store.send(.view(.plusTapped))
  }
}

/// The stepper of a product the store has little of: `+` stops at what is left, and a count
/// already above it is kept (the stock fell after it went into the cart) and only comes down.
@MainActor
struct AddToCartStockTests {
  @Test func plusStopsAtWhatIsLeft() async {
    let store = TestStore(initialState: AddToCartFeature.State(count: 1, limit: 2)) { AddToCartFeature() }
    await store.send(.view(.plusTapped)) { $0.count = 2 }
    await store.receive(.delegate(.countChanged(2)))
    await store.send(.view(.plusTapped))
  }

  @Test func soldOutAddsNothing() async {
    let store = TestStore(initialState: AddToCartFeature.State(count: 0, limit: 0)) { AddToCartFeature() }
    await store.send(.view(.plusTapped))
  }

  @Test func aCountAboveWhatIsLeftIsKeptAndComesDown() async {
    let store = TestStore(initialState: AddToCartFeature.State(count: 5, limit: 2)) { AddToCartFeature() }
    await store.send(.view(.plusTapped))
    await store.send(.view(.minusTapped)) { $0.count = 4 }
    await store.receive(.delegate(.countChanged(4)))
  }

  @Test func aLimitIsNeverBelowZeroNorAboveTheMaximum() {
    #expect(AddToCartFeature.State(limit: -3).limit == 0)
    #expect(AddToCartFeature.State(limit: 500).limit == AddToCartFeature.State.maximum)
  }
}
