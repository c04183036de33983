import Composable
import Testing

/// What `StoreTask.isCancelled` says, case by case, as its comment claims: a send with no
/// effect has nothing left to cancel; one effect cancelled by its id is seen; one of several
/// cancelled by its id is not, and `cancel()` is.
@MainActor
struct StoreTaskCancelledTests {
  struct Waits: Reducer {
    struct State: Equatable {}
    enum Action: Equatable, Sendable {
      case nothing
      case one
      case two
      case stopFirst
    }
    enum CancelID { case first, second }

    var body: some ReducerOf<Self> {
      Reduce { _, action in
        let wait: Effect<Action> = .run { _ in try await Task.sleep(for: .seconds(3_600)) }
        switch action {
        case .nothing: return .none
        case .one: return wait.cancellable(id: CancelID.first)
        case .two: return .merge(wait.cancellable(id: CancelID.first), wait.cancellable(id: CancelID.second))
        case .stopFirst: return .cancel(id: CancelID.first)
        }
      }
    }
  }

  @Test func eachCaseAsTheCommentSays() async {
    let store = Store(initialState: Waits.State()) { Waits() }
    #expect(store.send(.nothing).isCancelled, "nothing to cancel")

    let one = store.send(.one)
    #expect(!one.isCancelled)
    await store.send(.stopFirst).finish()
    await one.finish()
    #expect(one.isCancelled, "its one effect was cancelled by its id")

    let two = store.send(.two)
    await store.send(.stopFirst).finish()
    #expect(!two.isCancelled, "one of two cancelled by its id is not seen")
    two.cancel()
    await two.finish()
    #expect(two.isCancelled)
  }
}
