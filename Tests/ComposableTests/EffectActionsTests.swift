@_spi(Internals) import Composable
import ConcurrencyExtras
import Foundation
import Testing

/// `Effect.actions`: an effect run on its own, without a store.
struct EffectActionsTests {
  enum Step: Equatable, Sendable {
    case first, second, third, late
  }

  func collect(_ effect: Effect<Step>) async -> [Step] {
    var sent: [Step] = []
    for await step in effect.actions { sent.append(step) }
    return sent
  }

  @Test func noEffectSendsNothingAndEnds() async {
    #expect(await collect(.none) == [])
  }

  @Test func sendsAndRunsInTheOrderAStoreWould() async {
    let effect = Effect<Step>.concatenate(
      .send(.first),
      .run { send in
        await send(.second)
        await send(.third)
      }
    )
    #expect(await collect(effect) == [.first, .second, .third])
  }

  @Test func mergedEffectsAllFinishBeforeTheStreamEnds() async {
    let effect = Effect<Step>.merge(
      .run { send in
        try await Task.sleep(for: .milliseconds(30))
        await send(.second)
      },
      .send(.first)
    )
    #expect(await collect(effect) == [.first, .second])
  }

  /// Told by what the slow part saw, not by a stopwatch: cancelled, it never sends `.late`.
  @Test func anEffectCancelsAnotherOfItsPartsByID() async {
    enum Slow: Hashable { case id }
    let cancelled = LockIsolated(false)
    let effect = Effect<Step>.merge(
      .run { send in
        do {
          try await Task.sleep(for: .seconds(30))
        } catch {
          cancelled.setValue(true)
          return
        }
        await send(.late)
      }
      .cancellable(id: Slow.id),
      .run { send in
        await send(.first)
        Task.cancel(id: Slow.id)
      }
    )
    #expect(await collect(effect) == [.first])
    #expect(cancelled.value)
  }

  @Test func endingTheIterationEarlyCancelsWhatStillRuns() async {
    let ended = LockIsolated(false)
    let effect = Effect<Step>.run { send in
      await send(.first)
      do {
        try await Task.sleep(for: .seconds(30))
      } catch {
        ended.setValue(true)
      }
    }
    for await step in effect.actions {
      #expect(step == .first)
      break
    }
    let deadline = ContinuousClock.now + .seconds(10)
    while !ended.value, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(10)) }
    #expect(ended.value)
  }

  @Test func aMappedRunTransformsWithTheDependenciesOfWhereItWasMapped() async {
    @Dependency(\.date) var date
    let effect = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 42)
    } operation: {
      Effect<Step>.run { send in await send(.first) }.map { _ in date.now.timeIntervalSince1970 }
    }
    var times: [Double] = []
    for await time in effect.actions { times.append(time) }
    #expect(times == [42])
  }

  @Test func aThrownErrorIsReported() async {
    struct Unexpected: Error {}
    await withKnownIssue {
      _ = await collect(.run { _ in throw Unexpected() })
    } matching: { issue in
      issue.description.contains("threw an error it did not handle")
    }
  }
}
