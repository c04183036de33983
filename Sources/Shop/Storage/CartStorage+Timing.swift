extension CartStorage {
  /// This storage, each save (``apply``) timed on `clock` and told to `report` — its time, and
  /// whether it failed — before its result goes back to the store. For the operator's metrics.
  /// A save cancelled (the store is ending, say) is neither a save nor a failure: not told.
  public func timingSaves(
    on clock: some Clock<Duration> = ContinuousClock(), _ report: @escaping @Sendable (_ duration: Duration, _ failed: Bool) -> Void
  ) -> CartStorage {
    var storage = self
    let apply = self.apply
    storage.apply = { changes in
      let start = clock.now
      do {
        let saved = try await apply(changes)
        report(start.duration(to: clock.now), false)
        return saved
      } catch let cancelled as CancellationError {
        throw cancelled
      } catch {
        report(start.duration(to: clock.now), true)
        throw error
      }
    }
    return storage
  }
}
