import Dependencies

extension Effect where Action: Sendable {
  /// The actions this effect sends, run without a store: for tests of an effect on its own.
  ///
  /// ```swift
  /// @_spi(Internals) import Composable
  ///
  /// var sent: [Action] = []
  /// for await action in feature.reduce(into: &state, action: .refresh).actions {
  ///   sent.append(action)
  /// }
  /// ```
  ///
  /// The effect runs as a store would run it — `.send` at once, `merge` side by side,
  /// `concatenate` in order, cancellation by id among its own parts, with the dependencies of
  /// the caller — and the stream ends when all of it has finished. Ending the iteration early
  /// cancels what is still running. It is SPI, as in the Composable Architecture: a feature's
  /// tests go through a `TestStore`, which also checks the state.
  @_spi(Internals)
  public var actions: AsyncStream<Action> {
    let dependencies = DependencyValues._current
    return AsyncStream { continuation in
      let work = Task { @MainActor in
        let runner = EffectRunner<Action>(dependencies: dependencies)
        runner.deliver = { continuation.yield($0) }
        await runner.perform(self)
        continuation.finish()
      }
      continuation.onTermination = { _ in work.cancel() }
    }
  }
}
