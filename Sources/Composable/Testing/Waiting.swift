/// Waits, a millisecond at a time, until `condition` holds or `timeout` has passed; returns
/// whether it holds. For test helpers that wait on effects running elsewhere: a test is short,
/// and a millisecond's latency buys a check that cannot miss a wake-up.
func waitUntil(
  timeout: Duration,
  isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
