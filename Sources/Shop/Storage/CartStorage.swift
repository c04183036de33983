import ConcurrencyExtras
import Dependencies
import DependenciesMacros
import Foundation

/// Keeps the cart between runs, so that quitting, a crash or a dropped SSH connection loses
/// nothing.
///
/// - ``file(at:)``: a small JSON file, replaced atomically on every save;
/// - ``inMemory(_:)``: for previews and tests that want a working storage;
/// - the test value: unimplemented, so a test fails on any load or save it did not expect.
@DependencyClient
public struct CartStorage: Sendable {
  /// The saved cart; empty when there is none yet. Throws ``CartStorageError``.
  public var load: @Sendable () async throws -> SavedCart
  /// Replaces the saved cart. Throws ``CartStorageError``.
  public var save: @Sendable (_ cart: SavedCart) async throws -> Void
}

/// Why the saved cart could not be read or written, for the notice the app shows.
public enum CartStorageError: Error, Hashable, Sendable {
  /// The file exists but cannot be read (permissions, a directory in its place, …).
  case unreadable(path: String, reason: String)
  /// The file is not a saved cart. It was renamed to `setAsideAs` (if that worked) so that it is
  /// kept for inspection and no longer in the way.
  case corrupt(path: String, setAsideAs: String?)
  /// The cart could not be written.
  case unwritable(path: String, reason: String)

  public var message: String {
    switch self {
    case let .unreadable(path, reason):
      "Your saved cart could not be read (\(path): \(reason))."
    case let .corrupt(_, setAsideAs?):
      "Your saved cart was damaged; it was moved to \(setAsideAs). Starting with an empty cart."
    case let .corrupt(path, nil):
      "Your saved cart (\(path)) was damaged and is ignored. Starting with an empty cart."
    case let .unwritable(path, reason):
      "Your cart could not be saved (\(path): \(reason))."
    }
  }
}

extension CartStorage: DependencyKey {
  /// Saved under the user's state directory (see ``defaultFile(environment:)``), or kept in memory
  /// if there is no home directory to save in.
  public static var liveValue: CartStorage {
    defaultFile().map(file(at:)) ?? inMemory()
  }

  public static let testValue = CartStorage()

  /// `$XDG_STATE_HOME/onlinestore/cart.json`, or `~/.local/state/onlinestore/cart.json` when
  /// `XDG_STATE_HOME` is unset or not absolute (as the XDG base directory specification says).
  public static func defaultFile(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("onlinestore/cart.json")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/onlinestore/cart.json")
  }

  /// A storage that forgets everything when the process ends.
  public static func inMemory(_ initial: SavedCart = .empty) -> CartStorage {
    let saved = LockIsolated(initial)
    return CartStorage(
      load: { saved.value },
      save: { cart in saved.setValue(cart) }
    )
  }
}

extension DependencyValues {
  /// Where the cart is kept between runs.
  public var cartStorage: CartStorage {
    get { self[CartStorage.self] }
    set { self[CartStorage.self] = newValue }
  }
}

extension CartStorageError {
  /// Any error from loading, as a ``CartStorageError`` (storages throw only these; a test's
  /// stand-in may throw something else).
  static func reading(_ error: any Error) -> Self {
    (error as? Self) ?? .unreadable(path: "saved cart", reason: String(describing: error))
  }

  /// Any error from saving, as a ``CartStorageError``.
  static func writing(_ error: any Error) -> Self {
    (error as? Self) ?? .unwritable(path: "saved cart", reason: String(describing: error))
  }
}
