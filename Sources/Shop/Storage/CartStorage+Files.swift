import Foundation
import StoreModels

/// How a store keeping its cart in a file hears of other copies' saves (``CartFile/Hearing``).
public typealias CartHearing = CartFile.Hearing

extension CartStorage {
  /// Keeps `owner`'s cart in `stateDirectory/carts/<store>/<customer>.json` (see
  /// ``CartOwner/relativePath``), and offers version 1.0's single `stateDirectory/cart.json` to
  /// be taken in.
  public static func files(in stateDirectory: URL, for owner: CartOwner, hearing: CartHearing = .watch) -> CartStorage {
    // The store's own directory: carts and the session's log are nobody else's (an earlier
    // version made it 0755). Should it fail, the first save says why.
    try? PrivateFiles.ensureDirectory(stateDirectory.path, tighteningExisting: true)
    return file(
      at: stateDirectory.appendingPathComponent("carts").appendingPathComponent(owner.relativePath),
      earlierVersion: stateDirectory.appendingPathComponent("cart.json"), hearing: hearing
    )
  }

  /// Keeps the cart in the JSON file at `url` (see ``CartFile``); `earlierVersion` is where
  /// version 1.0 kept its one cart, if anywhere.
  public static func file(at url: URL, earlierVersion: URL? = nil, hearing: CartHearing = .watch) -> CartStorage {
    let file = CartFile(url: url, hearing: hearing)
    return CartStorage(
      load: { try await onFileQueue { try file.load() } },
      apply: { changes in try await onFileQueue { try file.apply(changes) } },
      updates: { file.updates() },
      earlierVersionCart: { earlierVersion.flatMap(CartFile.earlierVersionCart(at:)) },
      removeEarlierVersionCart: {
        guard let earlierVersion else { return }
        guard unlink(earlierVersion.path) == 0 || errno == ENOENT else {
          throw CartStorageError.unwritable(path: earlierVersion.path, reason: DurableFile.lastError())
        }
      }
    )
  }
}

/// File work — `fsync`, waiting for another copy's lock — runs on threads of its own, never on
/// the few threads that run every task of the program.
func onFileQueue<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global(qos: .userInitiated).async {
      continuation.resume(with: Result { try work() })
    }
  }
}
