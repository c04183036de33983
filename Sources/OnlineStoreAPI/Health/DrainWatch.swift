import ServiceLifecycle

/// A service of the server's group that does nothing but wait for the graceful stop to begin
/// and then mark the instance as draining (``Readiness/beginDraining()``). The group stops its
/// services last to first and this one is last, so the flag is up before the HTTP server starts
/// to wind down.
struct DrainWatch: Service {
  let readiness: Readiness

  func run() async throws {
    try? await gracefulShutdown()
    readiness.beginDraining()
  }
}
