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

  /// The slow part sends only once the test has seen the quick one: the stream is still open
  /// then, and ends after it.
  @Test func mergedEffectsAllFinishBeforeTheStreamEnds() async {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let effect = Effect<Step>.merge(
      .run { send in
        for await _ in gate { break }
        await send(.second)
      },
      .send(.first)
    )
    var seen: [Step] = []
    for await step in effect.actions {
      seen.append(step)
      if step == .first { open.yield() }
    }
    #expect(seen == [.first, .second])
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

  /// The effect says it was cancelled through a stream the test awaits: no clock, and a test
  /// that would otherwise wait for ever is ended by its time limit.
  @Test(.timeLimit(.minutes(1))) func endingTheIterationEarlyCancelsWhatStillRuns() async {
    let (ended, end) = AsyncStream.makeStream(of: Bool.self)
    let effect = Effect<Step>.run { send in
      await send(.first)
      do {
        try await Task.sleep(for: .seconds(3_600))
        end.yield(false)
      } catch {
        end.yield(true)
      }
    }
    for await step in effect.actions {
      #expect(step == .first)
      break
    }
    var iterator = ended.makeAsyncIterator()
    #expect(await iterator.next() == true, "cancelled, not ended by its sleep")
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
