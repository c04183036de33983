import ConcurrencyExtras
import Dependencies
import DependenciesMacros
import Foundation

/// Keeps one customer's cart at one store between runs, so that quitting, a crash or a dropped
/// SSH connection loses nothing, and several copies of the store at once lose nothing either.
///
/// A copy of the store never replaces the saved cart with its own: it ``apply``s the lines it
/// changed to the latest saved cart, and hears through ``updates`` when another copy did the same.
///
/// - ``files(in:for:)``: a small JSON file per store and customer (see ``CartFile``);
/// - ``inMemory(_:)``: for previews and tests that want a working storage;
/// - the test value: unimplemented, so a test fails on any load or save it did not expect.
@DependencyClient
public struct CartStorage: Sendable {
  /// The saved cart; empty when there is none yet. Throws ``CartStorageError``.
  public var load: @Sendable () async throws -> SavedCart
  /// Applies `changes` to the latest saved cart, under a lock that every copy of the store
  /// takes, and returns the cart as it was saved. Throws ``CartStorageError``.
  public var apply: @Sendable (_ changes: CartChanges) async throws -> SavedCart
  /// The saved cart, each time it changes on disk (another copy of the store saved it), and
  /// whether such changes are heard at once or looked for every few seconds. The stream ends
  /// when the task iterating it is cancelled.
  public var updates: @Sendable () -> AsyncStream<CartUpdate> = { AsyncStream { $0.finish() } }
  /// A cart saved by version 1.0, which kept one cart for every store and did not record which
  /// store it was for; `nil` when there is none.
  public var earlierVersionCart: @Sendable () async -> SavedCart? = { nil }
  /// Removes version 1.0's cart, once the customer has taken it into a cart of this version.
  public var removeEarlierVersionCart: @Sendable () async throws -> Void
}

/// What a storage hears of the other copies of the store.
public enum CartUpdate: Hashable, Sendable {
  /// Another copy saved the cart; this is it now.
  case saved(SavedCart)
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
  /// Kept in memory: the program chooses the real place with ``files(in:for:)``, because only it
  /// knows the store and the customer.
  public static var liveValue: CartStorage { inMemory() }

  public static let testValue = CartStorage()

  /// `$XDG_STATE_HOME/onlinestore`, or `~/.local/state/onlinestore` when `XDG_STATE_HOME` is
  /// unset or not absolute (as the XDG base directory specification says); `nil` without a home.
  public static func stateDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state).appendingPathComponent("onlinestore")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/state/onlinestore")
  }

  /// A storage that forgets everything when the process ends. Saves apply changes as the file
  /// does, so features behave the same on it.
  public static func inMemory(_ initial: SavedCart = .empty) -> CartStorage {
    let saved = LockIsolated(initial)
    return CartStorage(
      load: { saved.value },
      apply: { changes in
        saved.withValue {
          $0 = $0.applying(changes)
          return $0
        }
      },
      updates: { AsyncStream { $0.finish() } },
      earlierVersionCart: { nil },
      removeEarlierVersionCart: {}
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
