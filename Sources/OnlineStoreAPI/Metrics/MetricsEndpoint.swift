import Hummingbird
import Logging
import Observability

/// The operator's port (`--metrics HOST:PORT`): `GET /metrics` in Prometheus' text format, and
/// `/livez` and `/readyz` as on the API's own port — on an address the operator keeps private,
/// so that neither the shoppers' port nor its token is needed to watch the store.
struct MetricsEndpoint {
  let metrics: APIMetrics
  let readiness: Readiness

  func router() -> Router<BasicRequestContext> {
    let router = Router()
    let metrics = self.metrics
    router.get("metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: MetricsRegistry.contentType],
        body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition()))
      )
    }
    HealthRoutes(readiness: readiness).add(to: router)
    return router
  }

  func application(host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
    Application(
      router: router(), configuration: .init(address: .hostname(host, port: port), serverName: "onlinestore-api-metrics"), logger: logger
    )
  }
}
