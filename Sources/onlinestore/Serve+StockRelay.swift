import Foundation
import Logging
import Shop
import StoreCommand

extension Serve {
  /// Follows the `--api` server's stock once for every session of this host and relays it to
  /// their stores through `folder` (``StockRelay``); `nil` without an `--api` server. A server
  /// that keeps no stock (FakeStore) is asked what it offers once, and nothing more.
  func relayStock(into folder: URL, options: StoreOptions, listeners: Int, logger: Logger) -> Task<Void, Never>? {
    guard let url = options.apiBaseURL else { return nil }
    do {
      try StockRelay.prepare(folder)
    } catch {
      logger.warning("the stock cannot be relayed to the sessions; each store will show none", metadata: ["folder": "\(folder.path)", "error": "\(error)"])
      return nil
    }
    let token = options.apiTokenFile.flatMap { try? StoreOptions.readToken($0) }
    let server = StoreServer(baseURL: url, token: token, timeout: .seconds(options.timeout))
    return Task {
      for await levels in StockWatch.following(server).levels() {
        do {
          try StockRelay.publish(levels, in: folder, listeners: listeners)
        } catch {
          logger.warning("the stock could not be written for the sessions", metadata: ["error": "\(error)"])
        }
      }
    }
  }
}
