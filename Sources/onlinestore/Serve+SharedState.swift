import ArgumentParser
import Foundation
import Logging
import Shop
import SSHFrontDoor
import StoreCommand

extension Serve {
  /// How long `serve` waits at start for an `--api` server it cannot reach, before it gives up.
  static let serverWait: Duration = .seconds(30)

  /// Where every session keeps its cart and where keys get their numbers, decided once at start:
  /// with an `--api` server that is `onlinestore-api`, both are the server's (`--carts server`
  /// for every store), so that any number of hosts share them; otherwise the state directory's.
  ///
  /// A server that cannot be reached is asked again for ``serverWait`` and then `serve` stops:
  /// guessing would give a key one number here and another on the next host.
  func sharedState(logger: Logger) async throws -> (options: StoreOptions, keyCustomers: (any KeyCustomers)?) {
    var options = data
    // A server's stores fetch pictures from public addresses and the store's own server only,
    // unless its operator says otherwise.
    if options.pictureHosts == nil { options.pictureHosts = .public }
    guard let url = options.apiBaseURL, options.carts != .files else { return (options, nil) }
    let token = try options.apiTokenFile.map(StoreOptions.readToken)
    let server = StoreServer(baseURL: url, token: token, timeout: .seconds(options.timeout))
    let deadline = ContinuousClock.now + Self.serverWait
    while true {
      let keeps: Bool
      do {
        keeps = try await server.keepsOpenCarts()
      } catch {
        guard ContinuousClock.now < deadline else {
          throw ValidationError("--api \(url) could not be asked whether it keeps carts: \(error.message).")
        }
        logger.warning("waiting for the store's server", metadata: ["api": "\(url)", "error": "\(error.message)"])
        try await Task.sleep(for: .seconds(1))
        continue
      }
      switch (keeps, options.carts) {
      case (true, _):
        options.carts = .server
        logger.info("carts and key customers are kept by the store's server", metadata: ["api": "\(url)"])
        return (options, ServerKeyCustomers(server: server))
      case (false, .server):
        throw ValidationError("--carts server: \(url) does not keep open carts (it is not onlinestore-api).")
      case (false, _):
        options.carts = .files
        return (options, nil)
      }
    }
  }
}
