import Foundation
import StoreTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The attack the review made on `onlinestore-api`, on the real binary: one client holds 700
/// sockets, each sending a request head with `Content-Length: 60000` and then a byte every two
/// seconds, opening a new one whenever the server closes one. Meanwhile a real client, from
/// another address, asks for the products ten times: every answer comes, each within seconds.
/// (On 1.5 eight of the ten timed out: bodies were never closed before their 30 s deadline and
/// one address could hold every connection.)
@Suite(.serialized)
struct SlowBodiesEndToEndTests {
  /// The attacker's sockets, trickling; counts the connections it had to open again.
  final class Trickler: Sendable {
    let port: Int
    let count: Int
    let stopped = Mutex(false)
    let reopened = Mutex(0)
    static let head = "POST /shop/carts/1/changes HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n"

    init(port: Int, count: Int) {
      self.port = port
      self.count = count
    }

    func open() -> RawConnection? {
      let connection = RawConnection(port: port, source: "127.0.0.2")
      connection?.send(Self.head)
      return connection
    }

    /// Trickles until stopped: a byte on every socket every two seconds.
    func run() {
      var sockets = (0..<count).map { _ in open() }
      while !stopped.withLock({ $0 }) {
        for index in sockets.indices {
          if let socket = sockets[index], socket.sendByte() { continue }
          sockets[index]?.close()
          sockets[index] = open()
          reopened.withLock { $0 += 1 }
        }
        for _ in 0..<20 where !stopped.withLock({ $0 }) { usleep(100_000) }
      }
      sockets.forEach { $0?.close() }
    }
  }

  @Test func sevenHundredSlowBodiesDoNotKeepARealClientOut() async throws {
    let workspace = try StoreTerminal.temporaryStateDirectory()
    let api = try await APIServerProcess.start(database: "sqlite:" + workspace.appendingPathComponent("api.sqlite").path)
    let trickler = Trickler(port: api.baseURL.port!, count: 700)
    let attack = Task.detached { trickler.run() }
    var answered = 0
    var slowest: Duration = .zero
    for _ in 0..<10 {
      var request = URLRequest(url: api.baseURL.appendingPathComponent("products"))
      request.timeoutInterval = 5
      let start = ContinuousClock.now
      if let (_, response) = try? await URLSession.shared.data(for: request), (response as? HTTPURLResponse)?.statusCode == 200 {
        answered += 1
        slowest = max(slowest, ContinuousClock.now - start)
      }
      try await Task.sleep(for: .seconds(1))
    }
    trickler.stopped.withLock { $0 = true }
    await attack.value
    await api.stop()
    #expect(answered == 10, "every real request answered; slowest \(slowest)")
    #expect(trickler.reopened.withLock { $0 } > 0, "the server closed slow bodies, and the attacker had to open new sockets")
  }
}

extension RawConnection {
  /// Sends one byte of a body; `false` when the server has closed the connection.
  func sendByte() -> Bool {
    var byte: UInt8 = 0x7B
    return Glibc.send(descriptor, &byte, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1
  }
}
