import NIOCore

/// The address a connection's limits are counted against: an IPv4 address, or an IPv6 client's
/// /64 (one subscriber's whole network, which a client can otherwise spread itself over).
struct PeerAddress: Hashable, Sendable {
  private enum Storage: Hashable, Sendable {
    case v4(UInt32)
    case v6(UInt64)
    case other
  }

  private let storage: Storage
  /// 127.0.0.0/8 or ::1.
  let isLoopback: Bool

  init(_ address: SocketAddress?) {
    switch address {
    case let .v4(v4)?:
      let address = UInt32(bigEndian: v4.address.sin_addr.s_addr)
      storage = .v4(address)
      isLoopback = address >> 24 == 127
    case let .v6(v6)?:
      let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
      // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 client.
      if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
        storage = .v4(bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        isLoopback = bytes[12] == 127
      } else {
        storage = .v6(bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
        isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
      }
    default:
      storage = .other
      isLoopback = false
    }
  }
}
