import Hummingbird

/// `GET /livez` and `GET /readyz`, open to anyone (a load balancer has no token), answered
/// before any fault the plan injects:
///
/// - `/livez`: 200 `{"status":"live"}` whenever the process answers at all — restart it if not;
/// - `/readyz`: 200 when ``Readiness`` finds the instance fit for shoppers, else 503, both with
///   what it found: `{"ready":false,"database":"ok","draining":true}`.
struct HealthRoutes: Sendable {
  let readiness: Readiness

  func add<Context: RequestContext>(to router: some RouterMethods<Context>) {
    router.get("livez") { _, _ in
      try JSONAnswer.ok(["status": "live"])
    }
    router.get("readyz") { _, _ in
      let report = await readiness.check()
      return try JSONAnswer.ok(report, status: report.ready ? .ok : .serviceUnavailable)
    }
  }
}
