/// The function an effect uses to feed actions back into its store.
///
/// `send` delivers on the main actor, where the store lives, so `await send(action)` returns
/// once the store has reduced the action. Actions sent after the effect was cancelled are
/// dropped: a cancelled request cannot overwrite newer state. A `send` kept and used after its
/// effect finished is reported as a problem, and what it sends is dropped.
@MainActor
public struct Send<Action>: Sendable {
  let deliver: @MainActor @Sendable (Action) -> Void

  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = send
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}
