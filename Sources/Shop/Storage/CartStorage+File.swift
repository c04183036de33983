import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CartStorage {
  /// Keeps the cart in the JSON file at `url`.
  ///
  /// A save writes a temporary file next to it, flushes it to disk, renames it over the old one
  /// and flushes the directory: a crash at any moment leaves either the old cart or the new one,
  /// never half of one. A file that cannot be understood is renamed aside (`cart.json.corrupt-…`)
  /// and reported, and the app starts with an empty cart instead of failing.
  public static func file(at url: URL) -> CartStorage {
    let file = CartFile(url: url)
    return CartStorage(
      load: { try file.load() },
      save: { cart in try file.save(cart) }
    )
  }
}

/// The file behind ``CartStorage/file(at:)``. Saves are serialised by a lock, so two saves can
/// never interleave their writes.
private final class CartFile: Sendable {
  let url: URL
  private let lock = NSLock()

  init(url: URL) {
    self.url = url
  }

  func load() throws(CartStorageError) -> SavedCart {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return .empty
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return .empty }
      throw .unreadable(path: url.path, reason: Self.reason(for: error))
    }
    guard let cart = try? JSONDecoder().decode(SavedCart.self, from: data), cart.version == 1
    else {
      throw .corrupt(path: url.path, setAsideAs: setAside())
    }
    return SavedCart(
      quantities: cart.quantities
        .filter { $0.key > 0 && $0.value > 0 }
        .mapValues { min($0, 99) }
    )
  }

  /// Writes `cart`, unless the task asking has been cancelled by then: a newer save replaced
  /// it (the product list cancels a pending save when it starts the next), and writing the
  /// older cart after the newer one would lose the latest change.
  func save(_ cart: SavedCart) throws(CartStorageError) {
    lock.lock()
    defer { lock.unlock() }
    guard !Task.isCancelled else { return }
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
      )
    } catch {
      throw .unwritable(path: url.path, reason: Self.reason(for: error))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(cart) else {
      throw .unwritable(path: url.path, reason: "the cart could not be encoded")
    }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
    )
    if let failure = Self.writeDurably(data, to: temporary.path) {
      unlink(temporary.path)
      throw .unwritable(path: url.path, reason: failure)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let failure = Self.lastErrorDescription()
      unlink(temporary.path)
      throw .unwritable(path: url.path, reason: failure)
    }
    Self.flushDirectory(directory.path)
  }

  /// Renames the unreadable file aside; returns its new path, or `nil` if that failed too.
  private func setAside() -> String? {
    let stamp = ISO8601DateFormatter.string(
      from: Date(), timeZone: .gmt, formatOptions: [.withYear, .withMonth, .withDay, .withTime]
    )
    let aside = url.path + ".corrupt-" + stamp
    return rename(url.path, aside) == 0 ? aside : nil
  }

  /// Writes `data` to a new file at `path` and waits until it is on disk. Returns why it failed.
  private static func writeDurably(_ data: Data, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return lastErrorDescription() }
    defer { close(descriptor) }
    let failure: String? = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return lastErrorDescription()
        }
        offset += written
      }
      return nil
    }
    if let failure { return failure }
    return fsync(descriptor) == 0 ? nil : lastErrorDescription()
  }

  /// Makes a rename in `path` durable. Best effort: not every file system supports it.
  private static func flushDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func lastErrorDescription() -> String {
    String(cString: strerror(errno))
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
