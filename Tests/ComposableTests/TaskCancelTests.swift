import Composable
import StoreTestSupport
import Testing

// `Task.cancel(id:)`: an effect cancels effects by id at once, from its own thread, with the
// same ids its reducer's `.cancel(id:)` would name — a row's own, not its parent's or a
// sibling's.

@MainActor
struct TaskCancelTests {
  @Test func anEffectCancelsAnotherByItsID() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.own(.stopFromAnEffect))
    // Both effects are over: the listener was cancelled before it heard anything.
    await store.finish()
    await clock.advance(by: .seconds(5))
  }

  @Test func inARowTheIDIsTheRowsOwn() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.rows(.element(id: 1, action: .listen)))
    await clock.sleeping()
    await store.send(.rows(.element(id: 2, action: .listen)))
    await clock.sleeping()

    await store.send(.rows(.element(id: 1, action: .stopFromAnEffect)))
    await clock.advance(by: .seconds(1))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .heard))) {
      $0.rows[id: 2]?.heard = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }

  @Test func aPresentedChildCancelsOnlyItsOwn() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    await store.send(.present(id: 2)) {
      $0.presented = Listener.State(id: 2)
    }
    await store.send(.presented(.presented(.listen)))
    await clock.sleeping()
    await store.send(.presented(.presented(.stopFromAnEffect)))
    await clock.advance(by: .seconds(3))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }

  /// Outside any effect there is no store to look in: nothing is cancelled.
  @Test func outsideAnEffectNothingIsCancelled() async {
    let clock = WatchedClock()
    let store = ListenerHost.testStore(clock: clock)
    await store.send(.own(.listen))
    await clock.sleeping()
    Task.cancel(id: Listener.CancelID.listening)
    await clock.advance(by: .seconds(3))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }
}
