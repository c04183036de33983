import Foundation
#if canImport(Glibc)
  import Glibc
#endif

/// Tells when a file may have changed, by watching its folder with inotify: a file replaced
/// by renaming (as every atomic write is) is a new file, which a watch on the old one would miss.
enum FileWatcher {
  /// Watches `url` on a thread of its own until the subscription goes. Where inotify is not
  /// available, or the folder cannot be watched, nothing is watched: changes made elsewhere are
  /// seen the next time the program starts.
  static func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    #if canImport(Glibc)
      let folder = url.deletingLastPathComponent().path
      let name = url.lastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let watcher = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard watcher >= 0 else { return .none }
      let events = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE)
      guard inotify_add_watch(watcher, folder, events) >= 0 else {
        close(watcher)
        return .none
      }
      var stopPipe: [Int32] = [-1, -1]
      guard pipe(&stopPipe) == 0 else {
        close(watcher)
        return .none
      }
      for end in stopPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let (stopReader, stopWriter) = (stopPipe[0], stopPipe[1])
      let thread = Thread {
        defer {
          close(watcher)
          close(stopReader)
        }
        readEvents(from: watcher, until: stopReader, naming: name, onChange: onChange)
      }
      thread.name = "shared-file-watcher"
      thread.start()
      return SharedSubscription {
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
        close(stopWriter)
      }
    #else
      return .none
    #endif
  }

  #if canImport(Glibc)
    /// Reads inotify events until `stop` becomes readable; calls `onChange` for events naming
    /// `name`. An event buffer of 4 KiB holds dozens of events; more are read on the next turn.
    private static func readEvents(
      from watcher: Int32, until stop: Int32, naming name: String, onChange: @Sendable () -> Void
    ) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let headerSize = MemoryLayout<inotify_event>.size
      while true {
        var descriptors = [
          pollfd(fd: watcher, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0, errno == EINTR { continue }
        if ready < 0 || descriptors[1].revents != 0 { return }
        let count = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        if count <= 0 { continue }
        var offset = 0
        var touched = false
        buffer.withUnsafeBytes { bytes in
          while offset + headerSize <= count {
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
            let nameStart = offset + headerSize
            let nameBytes = bytes[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
            if String(decoding: nameBytes, as: UTF8.self) == name { touched = true }
            offset = nameStart + length
          }
        }
        if touched { onChange() }
      }
    }
  #endif
}
