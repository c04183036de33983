import Dispatch
import Foundation
import Shop
import SSHFrontDoor
import Synchronization

/// SSH keys' customer numbers from the store's server (`POST /shop/key-customers`): one number
/// per key in the database every host shares, so a key is the same customer through any host.
/// The limit on new keys per address is the server's (`onlinestore-api --new-keys-per-hour`).
final class ServerKeyCustomers: KeyCustomers {
  private let server: StoreServer

  init(server: StoreServer) {
    self.server = server
  }

  /// Blocks the calling thread — one of the front door's blocking threads — until the server
  /// answers or the request's timeout passes.
  func number(for fingerprint: String, from address: ClientAddress, now: Date) throws(KeyCustomersError) -> Int {
    let origin = address.limitKey.description
    let answer = Mutex<Result<Int?, APIError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let server = self.server
    Task {
      let result: Result<Int?, APIError>
      do {
        result = .success(try await server.keyCustomer(fingerprint: fingerprint, origin: origin))
      } catch {
        result = .failure(APIError(error))
      }
      answer.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    switch answer.withLock({ $0 }) {
    case let .success(number?)?: return number
    case .success(nil)?: throw .tooManyNewKeys(limit: nil)
    case let .failure(error)?: throw .unavailable(error.message)
    case nil: throw .unavailable("no answer")
    }
  }
}
