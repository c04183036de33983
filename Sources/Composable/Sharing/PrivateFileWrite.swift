import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// Replaces the file at `url` with `data` as a whole, readable by its owner only: written to a
/// new file beside it (mode 0600, created exclusively), flushed to the disk, then renamed over
/// it. A reader — or a program started after a `kill -9` or a power cut — finds the old contents
/// or the new, never a part; and what a shared value keeps (preferences, addresses) is nobody
/// else's to read.
func writePrivately(_ data: Data, to url: URL) throws {
  #if canImport(Glibc)
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
    var written = 0
    let failed: Bool = data.withUnsafeBytes { bytes in
      while written < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          return true
        }
        written += count
      }
      return fsync(descriptor) != 0
    }
    close(descriptor)
    guard !failed, rename(temporary.path, url.path) == 0 else {
      unlink(temporary.path)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
  #else
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url, options: .atomic)
  #endif
}
