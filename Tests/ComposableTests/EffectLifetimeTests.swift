import Composable
import Foundation
import StoreTestSupport
import Testing

/// Keeps an effect's `send` after the effect returned: what an effect must not do.
private final class KeptSend: @unchecked Sendable {
  var send: Send<Int>?
}

/// Stamps the state with the date dependency.
private struct Stamp: Reducer {
  struct State: Equatable { var date: Date? }
  enum Action: Equatable, Sendable { case stamp }

  @Dependency(\.date.now) var now

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.date = now
    return .none
  }
}

@MainActor
struct EffectLifetimeTests {
  @Test func aSendUsedAfterItsEffectEndedIsReported() async {
    let kept = KeptSend()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += action
        return action == 1 ? .run { send in kept.send = send } : .none
      }
    }
    await store.send(1) { $0 = 1 }
    await store.finish()
    withKnownIssue {
      kept.send?(2)
    } matching: { issue in
      issue.description.contains("effect that had already finished")
    }
    #expect(store.state == 1)
  }

  @Test func chainedSendsArriveInOrderBeforeSendReturns() {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        if action == "start" {
          return .concatenate(.send("a"), .send("b"), .merge(.send("c"), .send("d")))
        }
        state.append(action)
        return .none
      }
    }
    store.send("start")
    #expect(store.state == ["a", "b", "c", "d"])
  }

  @Test func skippedEffectsGoOnAndTheirActionsCanBeReceived() async {
    let clock = WatchedClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, String> { state, action in
        switch action {
        case "tap":
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send("response")
          }
        default:
          state = 42
          return .none
        }
      }
    }
    await store.send("tap")
    await clock.sleeping()
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive("response") { $0 = 42 }
  }

  @Test func skippingWhenNothingRunsFailsOnlyWhenStrict() async {
    let store = TestStore(initialState: 0) { Reduce<Int, Int> { _, _ in .none } }
    await store.skipInFlightEffects(strict: false)
    await withKnownIssue {
      await store.skipInFlightEffects(strict: true)
    } matching: { issue in
      issue.description.contains("no in-flight effects to skip")
    }
  }

  @Test func assertionClosuresSeeTheStoresDependencies() async {
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567)
    }
    await store.send(.stamp) {
      @Dependency(\.date.now) var now
      $0.date = now
    }
    #expect(store.state.date == Date(timeIntervalSince1970: 1_234_567))
  }

  @Test func receiveByPredicateAndAssertWithoutSending() async {
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        if action == "start" { return .send("echo") }
        state.append(action)
        return .none
      }
    }
    await store.send("start")
    await store.receive({ $0.hasPrefix("ec") }) { $0 = ["echo"] }
    store.assert { $0 = ["echo"] }
    withKnownIssue {
      store.assert { $0 = ["something else"] }
    } matching: { issue in
      issue.description.contains("does not match expectation")
    }
  }

  @Test func aPredicateThatDoesNotMatchFailsAnExhaustiveStore() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Int> { state, action in
        if action == 0 { return .send(1) }
        state = action
        return .none
      }
    }
    await store.send(0)
    await withKnownIssue {
      await store.receive({ $0 == 2 }) { $0 = 1 }
    } matching: { issue in
      issue.description.contains("does not match the predicate")
    }
  }

  /// The race a loaded CI machine hit: the test has received an effect's last action, but the
  /// effect's own thread is still a moment from returning when the store goes away. That effect
  /// has done all it will do and is not reported; one still waiting after the grace second is
  /// (`TestStoreFailureTests.anEffectStillRunningAtTheEndFails`).
  @Test func anEffectAMomentBehindItsLastActionIsNotReportedAsRunning() async {
    do {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Int> { state, action in
          state = action
          guard action == 1 else { return .none }
          return .run { send in
            await send(2)
            usleep(200_000)  // the effect's thread lags behind the test's, blocking as under load
          }
        }
      }
      await store.send(1) { $0 = 1 }
      await store.receive(2) { $0 = 2 }
    }
  }
}
