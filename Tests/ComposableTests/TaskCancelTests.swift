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

    // The stop is an effect: the clock moves on once it has run (on a busy machine it could
    // run after the listener of row 1 had heard).
    await store.send(.rows(.element(id: 1, action: .stopFromAnEffect))).finish()
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
    await store.send(.presented(.presented(.stopFromAnEffect))).finish()
    await clock.advance(by: .seconds(3))
    await store.receive(.own(.heard)) {
      $0.own.heard = 1
    }
    await store.finish()
  }

  /// Outside any effect it cancels under that id in every store alive, as TCA's one table does.
  @Test func outsideAnEffectItCancelsInEveryStore() async {
    let first = TestStore(initialState: 0) { Endless() }
    let second = TestStore(initialState: 0) { Endless() }
    await first.send(true)
    await second.send(true)
    Task.cancel(id: Endless.CancelID.forever)
    await first.finish()
    await second.finish()
  }
}

/// Waits an hour under an id no other test uses: tests run side by side, and a cancel from
/// outside any effect reaches every store.
struct Endless: Reducer {
  enum CancelID { case forever }

  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: CancelID.forever)
  }
}
