import Foundation
import StoreModels

#if canImport(Glibc)
  import Glibc
#endif

/// One customer's cart at one store, in a JSON file that several copies of the store share.
///
/// - A save takes the lock file next to the cart (`<name>.lock`), reads the latest cart, applies
///   this copy's changes to it, and replaces the file durably (``DurableFile/replace(_:with:)``):
///   writers never interleave, and a crash at any moment leaves the old cart or the new one.
/// - Reading needs no lock: the file is only ever replaced whole, by a rename.
/// - A file that cannot be understood is renamed aside (`<name>.corrupt-<time>`) and reported,
///   and the cart starts empty instead of the app failing.
public final class CartFile: Sendable {
  /// Starts watching a directory, or says why it cannot.
  typealias WatcherStart = @Sendable (_ directory: String, _ onChange: @escaping @Sendable (Set<String>) -> Void) -> Result<DirectoryWatcher, WatchFailure>

  /// How a copy hears of another copy's save.
  public enum Hearing: Sendable {
    /// inotify, which hears any writer at once, for a store on a person's own machine; when the
    /// system will not give a watch, bells (``CartChangeBell``) from other copies of the store
    /// and a look at the file every ``pollInterval`` for any other writer — quietly.
    case watch
    /// Bells only: every writer is a copy of the store (the stores of `onlinestore serve`, which
    /// run as one user and would use up its inotify instances).
    case bells
    /// Not at all: nobody else writes this cart (a guest's, which is the session's own).
    case none
  }

  let url: URL
  private let hearing: Hearing
  private let startWatcher: WatcherStart
  /// How often the file is looked at when it cannot be watched.
  private let pollInterval: Duration

  init(url: URL, hearing: Hearing = .watch, pollInterval: Duration = .seconds(2), startWatcher: @escaping WatcherStart = DirectoryWatcher.start) {
    self.url = url
    self.hearing = hearing
    self.pollInterval = pollInterval
    self.startWatcher = startWatcher
  }

  private var lockPath: String { url.path + ".lock" }

  func load() throws(CartStorageError) -> SavedCart {
    guard let data = try read() else { return .empty }
    guard let cart = Self.decode(data) else {
      throw .corrupt(path: url.path, setAsideAs: setAside())
    }
    return cart
  }

  func apply(_ changes: CartChanges) throws(CartStorageError) -> SavedCart {
    try createDirectory()
    return try DurableFile.withLock(lockPath) { () throws(CartStorageError) -> SavedCart in
      DurableFile.removeLeftovers(of: url)
      var latest = SavedCart.empty
      do throws(CartStorageError) {
        latest = try load()
      } catch {
        // A damaged file is set aside by `load`; the changes still deserve a home.
        guard case .corrupt = error else { throw error }
      }
      let merged = latest.applying(changes)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      guard let data = try? encoder.encode(merged) else {
        throw .unwritable(path: url.path, reason: "the cart could not be encoded")
      }
      if let failure = DurableFile.replace(url, with: data) {
        throw .unwritable(path: url.path, reason: failure)
      }
      CartChangeBell.ring(in: url.deletingLastPathComponent().path)
      return merged
    }
  }

  /// The cart each time another copy saves it, until the listening task is cancelled; how it
  /// is heard is ``Hearing``.
  func updates() -> AsyncStream<CartUpdate> {
    AsyncStream { continuation in
      let directory = url.deletingLastPathComponent()
      guard hearing != .none, (try? createDirectory()) != nil else {
        continuation.finish()
        return
      }
      let reread: @Sendable () -> Void = { [self] in
        if let data = try? read(), let cart = Self.decode(data) { continuation.yield(.saved(cart)) }
      }
      if hearing == .watch {
        let started = startWatcher(directory.path) { [self] names in
          if names.contains(url.lastPathComponent) { reread() }
        }
        if case let .success(watcher) = started {
          continuation.onTermination = { _ in watcher.stop() }
          return
        }
      }
      let bell = CartChangeBell.listen(in: directory.path, onRing: reread)
      // Without a watch, any writer that rings no bell is found by looking; with bells only,
      // a store that could not have a bell looks too.
      // What is there now, before any later save can land: the look compares against it.
      let present = FileIdentity(of: url)
      let polling: Task<Void, Never>? =
        hearing == .watch || bell == nil
        ? Task { [self] in
          var seen = present
          while !Task.isCancelled {
            try? await Task.sleep(for: pollInterval)
            let now = FileIdentity(of: url)
            guard now != seen else { continue }
            seen = now
            reread()
          }
        } : nil
      continuation.onTermination = { _ in
        bell?.stop()
        polling?.cancel()
      }
    }
  }

  /// Version 1.0's cart at `url`, if there is a readable one with something in it.
  static func earlierVersionCart(at url: URL) -> SavedCart? {
    guard let data = try? Data(contentsOf: url), let cart = decode(data), !cart.quantities.isEmpty
    else { return nil }
    return cart
  }

  /// A saved cart of version 1 or 2, with quantities that cannot be right left out or capped.
  static func decode(_ data: Data) -> SavedCart? {
    guard let cart = try? JSONDecoder().decode(SavedCart.self, from: data), (1...2).contains(cart.version)
    else { return nil }
    var checked = SavedCart(
      quantities: cart.quantities.filter { $0.key > 0 && $0.value > 0 }.mapValues { min($0, CartBounds.maximumQuantity) },
      revision: max(0, cart.revision)
    )
    checked.unconfirmedOrder = cart.unconfirmedOrder
    // A draft that could not have been typed here (overlong, with control characters) is let go.
    checked.checkout = cart.checkout.flatMap { $0.isKeepable ? $0 : nil }
    checked.orderUpdates = max(0, cart.orderUpdates)
    return checked
  }

  // MARK: Files

  /// The file's bytes, or `nil` when there is no file.
  private func read() throws(CartStorageError) -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return nil
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return nil }
      throw .unreadable(path: url.path, reason: Self.reason(for: error))
    }
  }

  private func createDirectory() throws(CartStorageError) {
    do {
      try PrivateFiles.ensureDirectory(url.deletingLastPathComponent().path)
    } catch {
      throw .unwritable(path: url.path, reason: error.description)
    }
  }

  /// Renames the unreadable file aside; returns its new path, or `nil` if that failed too.
  private func setAside() -> String? {
    let stamp = ISO8601DateFormatter.string(
      from: Date(), timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime]
    )
    let aside = url.path + ".corrupt-" + stamp
    return rename(url.path, aside) == 0 ? aside : nil
  }

  private static func reason(for error: any Error) -> String {
    if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
      return String(cString: strerror(underlying.code.rawValue))
    }
    if let error = error as? CocoaError {
      switch error.code {
      case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
      case .fileWriteOutOfSpace: return "the disk is full"
      case .fileWriteVolumeReadOnly: return "the disk is read-only"
      default: break
      }
    }
    return error.localizedDescription
  }
}

/// Which file is at a path, and when it last changed: a save replaces the file, so its inode (or
/// at least its modification time) differs.
struct FileIdentity: Equatable {
  var inode: UInt64 = 0
  var seconds = 0
  var nanoseconds = 0
  var size = 0

  init(of url: URL) {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return }
    inode = UInt64(status.st_ino)
    seconds = Int(status.st_mtim.tv_sec)
    nanoseconds = Int(status.st_mtim.tv_nsec)
    size = Int(status.st_size)
  }
}
