/// A ``ProgramLoop``'s subscription to its program's changes (``TerminalProgram/observeStateChanges(_:)``):
/// the program stops calling back once it is cancelled.
@MainActor
public final class StateObservation {
  private var stop: (@MainActor () -> Void)?

  /// An observation that runs `stop` when it is cancelled (at most once).
  public init(stop: @escaping @MainActor () -> Void) {
    self.stop = stop
  }

  /// An observation of nothing: for a program whose state changes only through its commands.
  public static var none: StateObservation { StateObservation {} }

  /// Calls `onChange` on the main actor for every element of `changes`, until cancelled: for a
  /// program whose changes come as a stream. (Each element wakes a task; a program that can call
  /// back at the change itself spares the loop that hop.)
  public static func forwarding(
    _ changes: AsyncStream<Void>, to onChange: @escaping @MainActor () -> Void
  ) -> StateObservation {
    let forwarder = Task { @MainActor in
      for await _ in changes { onChange() }
    }
    return StateObservation { forwarder.cancel() }
  }

  public func cancel() {
    stop?()
    stop = nil
  }
}
