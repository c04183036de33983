import Composable
import Testing

/// The guide's own features, tested the way the guide says to test.
@MainActor
struct GuideFeatureTests {
  @Test func countingUpAndDown() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }

    await store.send(.incrementButtonTapped) {
      $0.count = 1
    }
    await store.send(.decrementButtonTapped) {
      $0.count = 0
    }
  }

  @Test func aStoreRunsTheFeature() {
    let store = Store(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    store.send(.incrementButtonTapped)
    #expect(store.count == 1)
  }

  @Test func editingACounterThatExistsOnlyWhileEdited() async {
    let store = TestStore(initialState: CounterEditor.State()) {
      CounterEditor()
    }

    await store.send(.editTapped) {
      $0.editor = CounterFeature.State(count: 0)
    }
    await store.send(\.editor.incrementButtonTapped) {
      $0.editor?.count = 1
    }
    await store.send(.doneTapped) {
      $0.editor = nil
      $0.saved = 1
    }
  }
}
