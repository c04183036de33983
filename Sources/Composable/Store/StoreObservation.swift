/// A callback registered with ``Store/observeChanges(_:)``: the store stops calling it once the
/// observation is cancelled.
@MainActor
public final class StoreObservation {
  private var stop: (@MainActor () -> Void)?

  init(stop: @escaping @MainActor () -> Void) {
    self.stop = stop
  }

  public func cancel() {
    stop?()
    stop = nil
  }
}
