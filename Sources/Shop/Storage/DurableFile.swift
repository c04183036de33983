import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The file-system steps that make a save survive a crash at any moment, and the lock that keeps
/// two copies of the store from saving at once.
enum DurableFile {
  /// Writes `data` to `url` so that a crash at any moment leaves either the old file or the new
  /// one: a temporary file next to it, flushed to disk, renamed over the old one, and the
  /// directory flushed so the rename itself is on disk. Returns why it failed.
  static func replace(_ url: URL, with data: Data) -> String? {
    let temporary = url.deletingLastPathComponent().appendingPathComponent(
      ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
    )
    if let failure = writeNew(data, to: temporary.path) {
      unlink(temporary.path)
      return failure
    }
    guard rename(temporary.path, url.path) == 0 else {
      let failure = lastError()
      unlink(temporary.path)
      return failure
    }
    flushDirectory(url.deletingLastPathComponent().path)
    return nil
  }

  /// Removes the temporary files that copies killed in the middle of a save left next to `url`
  /// (`.<name>.<pid>.<random>.tmp` whose process is gone). Call it holding the lock.
  static func removeLeftovers(of url: URL) {
    let directory = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let fields = name.dropFirst(prefix.count).split(separator: ".")
      guard let pid = fields.first.flatMap({ pid_t($0) }), pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH {
        unlink(directory.appendingPathComponent(name).path)
      }
    }
  }

  /// Runs `body` holding an exclusive advisory lock (`flock`) on `lockPath`, which every copy of
  /// the store takes before it saves. The kernel releases it when a holder dies, even by
  /// `kill -9`. Gives up after `timeout` with why.
  static func withLock<T>(
    _ lockPath: String, timeout: Duration = .seconds(3), _ body: () throws(CartStorageError) -> T
  ) throws(CartStorageError) -> T {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .unwritable(path: lockPath, reason: lastError()) }
    defer { close(descriptor) }
    let deadline = ContinuousClock.now + timeout
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw .unwritable(path: lockPath, reason: lastError())
      }
      guard ContinuousClock.now < deadline else {
        throw .unwritable(path: lockPath, reason: "another copy of the store kept the cart locked")
      }
      usleep(1_000)
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Writes `data` to a new file at `path` and waits until it is on disk. Returns why it failed.
  private static func writeNew(_ data: Data, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return lastError() }
    defer { close(descriptor) }
    let failure: String? = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return lastError()
        }
        offset += written
      }
      return nil
    }
    if let failure { return failure }
    return fsync(descriptor) == 0 ? nil : lastError()
  }

  /// Makes a rename in `path` durable. Best effort: not every file system supports it.
  private static func flushDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
