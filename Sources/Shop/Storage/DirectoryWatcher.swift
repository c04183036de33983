import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when files in a directory are replaced or written, through Linux's inotify: the kernel
/// wakes the process only when something happened, so watching costs nothing while idle.
///
/// The directory is watched rather than the file, because a save replaces the file by a rename:
/// a watch on the old file would see nothing after the first save.
///
/// `@unchecked Sendable`: its one stored property is a dispatch source, whose `cancel` may be
/// called from any thread.
final class DirectoryWatcher: @unchecked Sendable {
  private let source: any DispatchSourceRead

  /// Starts watching `directory`; `onChange` gets the names of the files that were renamed into
  /// it or written and closed, on a background queue. Fails, saying why, when inotify cannot be
  /// had (the user's limit of inotify instances or watches is reached).
  static func start(directory: String, onChange: @escaping @Sendable (Set<String>) -> Void) -> Result<DirectoryWatcher, WatchFailure> {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return .failure(WatchFailure(errno: errno)) }
    guard inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO | IN_CLOSE_WRITE)) >= 0 else {
      let failure = WatchFailure(errno: errno)
      close(descriptor)
      return .failure(failure)
    }
    return .success(DirectoryWatcher(descriptor: descriptor, onChange: onChange))
  }

  private init(descriptor: Int32, onChange: @escaping @Sendable (Set<String>) -> Void) {
    let source = DispatchSource.makeReadSource(
      fileDescriptor: descriptor, queue: DispatchQueue(label: "onlinestore.cart-watcher")
    )
    source.setEventHandler {
      let names = Self.readNames(from: descriptor)
      if !names.isEmpty { onChange(names) }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    self.source = source
  }

  func stop() {
    source.cancel()
  }

  /// The names in every event waiting on `descriptor`.
  private static func readNames(from descriptor: Int32) -> Set<String> {
    var names: Set<String> = []
    let capacity = 16 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, capacity)
      guard count > 0 else { return names }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameLength = Int(event.len)
        if nameLength > 0 {
          let start = buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self)
          names.insert(String(cString: start))
        }
        offset += header + nameLength
      }
    }
  }
}

/// Why a directory could not be watched: the system's error (EMFILE or ENOSPC past the user's
/// limit of inotify instances or watches). The store then hears other copies by their bells.
struct WatchFailure: Error {
  let code: Int32

  init(errno code: Int32) {
    self.code = code
  }
}
