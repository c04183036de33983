import Glibc
import Synchronization

/// A store's end of its front door's event socket (``StoreEvent``): a Unix datagram socket,
/// never waited on. An event that cannot be sent at once — the front door is gone, or its queue
/// is full (`net.unix.max_dgram_qlen` datagrams: the kernel's default is 10, systemd's 512; and
/// at most what the sender's buffer holds) — is dropped, never waited for: a store never slows
/// its shopper down for a metric. The drops are counted and told with the next event that goes
/// through (``StoreEvent/dropped(_:)``); those still untold when the store ends are lost.
public final class StoreEventSender: Sendable {
  private let descriptor: Int32
  private let drops = Atomic<Int>(0)

  /// A sender to the socket at `path`, or `nil` when there is none to send to.
  public init?(path: String) {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    guard UnixSocketAddress.with(path: path, { connect(descriptor, $0, $1) }) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Sends `event`, or drops it if that cannot be done at once; then the drops so far, if any.
  public func send(_ event: StoreEvent) {
    guard sendNow(event) else {
      drops.add(1, ordering: .relaxed)
      return
    }
    let dropped = drops.exchange(0, ordering: .relaxed)
    guard dropped > 0 else { return }
    let told = min(dropped, StoreEvent.maximumCount)
    drops.add(sendNow(.dropped(told)) ? dropped - told : dropped, ordering: .relaxed)
  }

  /// The events this sender could not send and has not yet told of.
  public var untoldDrops: Int { drops.load(ordering: .relaxed) }

  private func sendNow(_ event: StoreEvent) -> Bool {
    let line = Array(event.line.utf8)
    return line.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)) } == line.count
  }
}

/// A Unix socket's address, for `bind` and `connect`.
public enum UnixSocketAddress {
  /// The longest path an address holds (`sun_path`, less its terminating zero).
  public static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// Calls `body` with the address of `path`; -1 (and no call) for a path too long to hold.
  public static func with(path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count <= maximumPathLength, !bytes.contains(0) else { return -1 }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }
}
