extension CartStorage {
  /// This storage, each save (``apply``) timed on `clock` and told to `report` — its time, and
  /// whether it failed — before its result goes back to the store. For the operator's metrics.
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
      } catch {
        report(start.duration(to: clock.now), true)
        throw error
      }
    }
    return storage
  }
}
