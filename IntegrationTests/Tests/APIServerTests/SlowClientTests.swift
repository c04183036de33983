import Foundation
@testable import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// Connections that never finish, on real sockets against real deadlines: idle, half-sent and
/// slow ones are closed, a client that never reads loses its connection and holds up no stop,
/// pipelining is bounded, and slow clients do not crowd out a real one. (Moved from the unit
/// tier's HardeningTests, unchanged.)
@Suite(.serialized)
struct SlowClientTests {
  @Test func idleHalfSentAndSlowConnectionsAreClosed() async throws {
    try await RouteTests.withServerOnSocket(.sqlite, limits: HardeningTests.deadlineLimits()) { http, _ in
      let port = http.baseURL.port!
      let idle = try #require(RawConnection(port: port))
      let halfHead = try #require(RawConnection(port: port))
      halfHead.send("GET /products HTTP/1.1\r\nHost: x\r\n")
      let halfBody = try #require(RawConnection(port: port))
      halfBody.send("POST /carts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"userId\"")
      // Deadlines of 1 and 2 s, watched side by side; the waits allow for a machine busy with
      // every other test (a CI run on 2 cores once saw 15 s pass without the idle one closing).
      async let closedHead = Blocking.run { halfHead.waitUntilClosed(seconds: 40) }
      async let closedBody = Blocking.run { halfBody.waitUntilClosed(seconds: 40) }
      async let closedIdle = Blocking.run { idle.waitUntilClosed(seconds: 40) }
      let closed = await (closedHead, closedBody, closedIdle)
      #expect(closed.0, "a head that never ends")
      #expect(closed.1, "a body that never ends")
      #expect(closed.2, "a connection that never asks")
      #expect(try await http.get("/products").status == 200, "the server still answers")
    }
  }

  /// A client that sends requests and never reads the answers: once held its connection for
  /// ever (20,000 pipelined requests, 150 s and more), and the server's stop with it.
  @Test func aClientThatNeverReadsLosesItsConnection() async throws {
    var limits = HardeningTests.deadlineLimits()
    limits.writeTimeout = .seconds(2)
    limits.maximumPipelinedRequests = 1_000
    try await RouteTests.withServerOnSocket(.sqlite, limits: limits) { http, _ in
      let port = http.baseURL.port!
      let reader = try #require(RawConnection(port: port))
      // Small buffers on our side, so that the server's answers back up at once.
      var small: Int32 = 4_096
      setsockopt(reader.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
      reader.send(String(repeating: "GET /products HTTP/1.1\r\nHost: x\r\n\r\n", count: 900))
      let cut = await Blocking.run { RawConnection.isReset(reader, within: 40) }
      #expect(cut, "the connection is closed though the client never reads")
      #expect(try await http.get("/products").status == 200, "the server still answers")
    }
  }

  /// Requests sent far ahead of their answers close the connection.
  @Test func pipeliningIsBounded() async throws {
    var limits = HardeningTests.deadlineLimits()
    limits.maximumPipelinedRequests = 4
    try await RouteTests.withServerOnSocket(.sqlite, limits: limits) { http, _ in
      let port = http.baseURL.port!
      let polite = try #require(RawConnection(port: port))
      polite.send(String(repeating: "GET /products/1 HTTP/1.1\r\nHost: x\r\n\r\n", count: 3))
      #expect(await Blocking.run { polite.answerStatus(seconds: 10) } == 200, "a few ahead are answered")
      let greedy = try #require(RawConnection(port: port))
      greedy.send(String(repeating: "GET /products/1 HTTP/1.1\r\nHost: x\r\n\r\n", count: 200))
      let answers = await Blocking.run { greedy.answersUntilClosed(seconds: 30) }
      #expect(answers.closed, "the connection is closed")
      #expect(answers.count < 200, "not all 200 were answered (\(answers.count))")
    }
  }

  /// SIGTERM ends the server though a client that never reads is still being answered: after
  /// the grace (10 s) what is left is closed. (It once never ended.) The write deadline is set
  /// far off here, so that only the grace can end it.
  @Test func aClientThatNeverReadsHoldsUpNoStop() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-stop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try await APIServerProcess.start(
      database: "sqlite:" + directory.appendingPathComponent("api.sqlite").path,
      arguments: ["--write-timeout", "600", "--max-pipelined", "1000", "--idle-timeout", "600"]
    )
    let reader = try #require(RawConnection(port: server.baseURL.port!))
    var small: Int32 = 4_096
    setsockopt(reader.descriptor, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
    reader.send(String(repeating: "GET /products HTTP/1.1\r\nHost: x\r\n\r\n", count: 900))
    try await Task.sleep(for: .seconds(1))
    let stopping = ContinuousClock.now
    let stopped = Task { await server.stop() }
    let ended = await Blocking.run { () -> Bool in
      let deadline = Date().addingTimeInterval(40)
      while server.process.isRunning, Date() < deadline { usleep(50_000) }
      return !server.process.isRunning
    }
    if !ended { await server.kill9() }
    await stopped.value
    #expect(ended, "SIGTERM ended the server")
    #expect(ContinuousClock.now - stopping < .seconds(30), "within the grace and a margin")
    reader.close()
  }

  @Test func slowClientsCannotCrowdOutARealOne() async throws {
    var limits = HardeningTests.deadlineLimits()
    limits.headerTimeout = .seconds(60)
    limits.idleTimeout = .seconds(60)
    limits.maximumConnections = 10
    try await RouteTests.withServerOnSocket(.sqlite, limits: limits) { http, _ in
      let port = http.baseURL.port!
      let slow = (0..<30).compactMap { _ in RawConnection(port: port) }
      for client in slow { client.send("GET /products HTTP/1.1\r\nHo") }
      try await Task.sleep(for: .milliseconds(300))
      var quick = http
      quick.timeout = 5
      let start = ContinuousClock.now
      #expect(try await quick.get("/products").status == 200)
      #expect(ContinuousClock.now - start < .seconds(20), "answered without waiting for a slow client's 60 s deadline")
      slow.forEach { $0.close() }
    }
  }
}
