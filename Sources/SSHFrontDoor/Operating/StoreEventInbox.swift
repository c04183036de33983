import Glibc
import Observability

/// The front door's end of its stores' event socket: a Unix datagram socket bound in the
/// server's private state directory (only its own user can reach it), read without waiting.
///
/// Reading is bounded: a datagram longer than any ``StoreEvent`` is dropped unread, and one
/// ``drain(batch:)`` reads at most ``batch`` of them (the socket tells again when more are
/// queued). The kernel bounds the queue itself (`net.unix.max_dgram_qlen`).
final class StoreEventInbox: Sendable {
  /// The most datagrams one ``drain(batch:)`` reads.
  static let batch = 256

  let path: String
  let descriptor: Int32

  /// Binds a socket at `path`, replacing the socket a killed server left there — but never one a
  /// running server reads (another `serve` on the same state directory): that is an error.
  init(path: String) throws(FrontDoorError) {
    guard path.utf8.count <= UnixSocketAddress.maximumPathLength else {
      throw FrontDoorError("\(path) is too long for a socket's address (\(UnixSocketAddress.maximumPathLength) bytes at most).")
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { throw FrontDoorError("Could not make the stores' event socket: \(String(cString: strerror(errno))).") }
    var status = stat()
    if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK {
      guard !Self.isRead(path) else {
        Glibc.close(descriptor)
        throw FrontDoorError("\(path) is read by another onlinestore serve on this state directory.")
      }
      unlink(path)
    }
    guard UnixSocketAddress.with(path: path, { bind(descriptor, $0, $1) }) == 0 else {
      let reason = String(cString: strerror(errno))
      Glibc.close(descriptor)
      throw FrontDoorError("Could not make the stores' event socket at \(path): \(reason).")
    }
    self.path = path
    self.descriptor = descriptor
  }

  /// Whether a socket is bound at `path`: a datagram socket connects to a bound one, and is
  /// refused by a file no process holds.
  private static func isRead(_ path: String) -> Bool {
    let probe = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard probe >= 0 else { return false }
    defer { Glibc.close(probe) }
    return UnixSocketAddress.with(path: path) { connect(probe, $0, $1) } == 0
  }

  /// The events queued now, at most `batch` datagrams' worth (those that are not events are
  /// read and dropped), and whether more may be queued (the batch was full).
  func drain(batch: Int = StoreEventInbox.batch) -> (events: [StoreEvent], more: Bool) {
    var events: [StoreEvent] = []
    var buffer = [UInt8](repeating: 0, count: StoreEvent.maximumLength + 1)
    for _ in 0..<batch {
      // MSG_TRUNC: the datagram's whole length comes back, so a long one is seen as long.
      let length = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC)) }
      if length < 0 { return (events, false) }
      guard length <= StoreEvent.maximumLength, let event = StoreEvent(bytes: buffer[..<length]) else { continue }
      events.append(event)
    }
    return (events, true)
  }

  /// Closes the socket. Its file stays, unread, until the next server on the state directory
  /// replaces it: removing it here could remove another's (a path names no process, and a
  /// file's inode number is reused at once), and a file no one reads harms no one.
  func close() {
    Glibc.close(descriptor)
  }
}
