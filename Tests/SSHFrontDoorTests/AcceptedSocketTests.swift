import Foundation
import NIOCore
import NIOPosix
import StoreTestSupport

@testable import SSHFrontDoor
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The socket the front door accepts is set up as a terminal session wants it: key presses go out
/// at once (TCP_NODELAY), and nothing only root may set is asked for (`SO_DEBUG`, which the
/// option was once mistaken for: as any other user every connection was closed at once).
@Suite struct AcceptedSocketTests {
  /// On a listener set up as the front door sets up its accepted sockets (``FrontDoor``'s
  /// `setUpSocket`). A whole front door is not opened here: its reaper waits for every child of
  /// the process, and would take other tests' children from them.
  @Test func anAcceptedConnectionHasNagleOffAndNoDebugging() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let (setUp, announce) = AsyncStream.makeStream(of: Void.self)
    let listener = try await ServerBootstrap(group: group)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try FrontDoor.setUpSocket(of: channel)
          announce.yield()
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    let port = try #require(listener.localAddress?.port)
    let client = try #require(RawConnection(port: port))
    defer { client.close() }
    let clientPort = try #require(Self.port(of: client.descriptor, peer: false))
    var announced = setUp.makeAsyncIterator()
    _ = await announced.next()
    let accepted = try #require(Self.acceptedSocket(serverPort: port, clientPort: clientPort), "no accepted socket found")
    #expect(Self.option(accepted, Int32(IPPROTO_TCP), TCP_NODELAY) == 1, "Nagle off")
    #expect(Self.option(accepted, SOL_SOCKET, SO_DEBUG) == 0, "no SO_DEBUG")
    try await listener.close()
    try await group.shutdownGracefully()
  }

  /// The descriptor of this process whose socket is the server's end of the connection from
  /// `clientPort` to `serverPort` (asked once the front door has set the socket up).
  static func acceptedSocket(serverPort: Int, clientPort: Int) -> Int32? {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
    return descriptors.first { port(of: $0, peer: false) == serverPort && port(of: $0, peer: true) == clientPort }
  }

  static func port(of descriptor: Int32, peer: Bool) -> Int? {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        peer ? getpeername(descriptor, $0, &length) : getsockname(descriptor, $0, &length)
      }
    }
    guard result == 0, address.sin_family == sa_family_t(AF_INET) else { return nil }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func option(_ descriptor: Int32, _ level: Int32, _ name: Int32) -> Int32? {
    var value: Int32 = -1
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(descriptor, level, name, &value, &length) == 0 ? value : nil
  }
}
