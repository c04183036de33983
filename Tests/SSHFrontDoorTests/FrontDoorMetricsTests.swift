import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
import StoreTestSupport
import Testing

@testable import SSHFrontDoor

/// What the front door measures, as Prometheus reads it, and its operator's port.
struct FrontDoorMetricsTests {
  @Test func eachMeasureIsWrittenUnderItsPrometheusName() {
    let metrics = FrontDoorMetrics()
    metrics.refused(.sessions)
    metrics.refused(.sessions)
    metrics.refused(.noTerminal)
    metrics.sessionStarted()
    metrics.sessionStarted()
    metrics.sessionEnded(sentBytes: 3_000)
    metrics.loggedIn(after: .milliseconds(250))
    metrics.firstFrame(after: .milliseconds(40))
    metrics.keyToFrame(after: .milliseconds(3))
    metrics.sent(100)
    metrics.sent(28)
    metrics.storeStarted(.starter)
    metrics.storeStarted(.exec)
    metrics.storeStarted(.starter)
    metrics.starterRestarted()
    let text = metrics.exposition()
    for line in [
      #"onlinestore_ssh_refused_total{reason="sessions"} 2"#,
      #"onlinestore_ssh_refused_total{reason="no_pty"} 1"#,
      #"onlinestore_ssh_refused_total{reason="full"} 0"#,
      "onlinestore_ssh_sessions_started_total 2",
      "onlinestore_ssh_sessions_active 1.0",
      "onlinestore_ssh_handshake_duration_seconds_count 1",
      "onlinestore_ssh_handshake_duration_seconds_sum 0.25",
      "onlinestore_ssh_first_frame_duration_seconds_count 1",
      "onlinestore_ssh_key_to_frame_duration_seconds_count 1",
      "onlinestore_ssh_sent_bytes_total 128",
      "onlinestore_ssh_session_sent_size_bytes_count 1",
      "onlinestore_ssh_session_sent_size_bytes_sum 3000.0",
      #"onlinestore_ssh_session_sent_size_bytes_bucket{le="4096.0"} 1"#,
      #"onlinestore_ssh_session_sent_size_bytes_bucket{le="1024.0"} 0"#,
      #"onlinestore_stores_started_total{how="starter"} 2"#,
      #"onlinestore_stores_started_total{how="exec"} 1"#,
      "onlinestore_stores_starter_restarts_total 1",
    ] {
      #expect(text.split(separator: "\n").contains { $0 == line }, "\(line) in:\n\(text)")
    }
    #expect(FrontDoorMetrics.none.exposition().isEmpty)
  }

  /// One key in eight is timed, to the output after it; keys typed while one waits are not.
  @Test func oneKeyInEightIsTimedToTheOutputAfterIt() {
    var sampler = KeyToFrameSampler()
    let start = NIODeadline.uptimeNanoseconds(1_000_000)
    #expect(sampler.outputSent(at: start) == nil, "output without a key times nothing")
    sampler.keyArrived(at: start)
    sampler.keyArrived(at: start + .milliseconds(1))
    #expect(sampler.outputSent(at: start + .milliseconds(5)) == .milliseconds(5), "from the sampled key, not the one after it")
    #expect(sampler.outputSent(at: start + .milliseconds(9)) == nil, "once")
    for key in 3...KeyToFrameSampler.sampleEvery {
      sampler.keyArrived(at: start + .milliseconds(Int64(10 + key)))
      #expect(sampler.outputSent(at: start + .milliseconds(Int64(20 + key))) == nil, "key \(key) is not sampled")
    }
    sampler.keyArrived(at: start + .seconds(1))
    #expect(sampler.outputSent(at: start + .seconds(1) + .milliseconds(2)) == .milliseconds(2), "the ninth is")
  }

  static func answers(_ metrics: FrontDoorMetrics = FrontDoorMetrics(), readiness: FrontDoorReadiness = FrontDoorReadiness()) -> OperatorAnswers {
    OperatorAnswers(metrics: metrics, readiness: readiness, sessions: { 3 }, starter: { true })
  }

  @Test func readinessGoesAtTheStartOfTheDrainAndLivenessStays() {
    let readiness = FrontDoorReadiness()
    let answers = Self.answers(readiness: readiness)
    let ready = answers.answer(method: .GET, uri: "/readyz")
    #expect(ready.status == .ok)
    #expect(ready.body == #"{"ready":true,"draining":false,"sessions":3,"starter":"running"}"#)
    readiness.beginDraining()
    let draining = answers.answer(method: .GET, uri: "/readyz?verbose")
    #expect(draining.status == .serviceUnavailable)
    #expect(draining.body == #"{"ready":false,"draining":true,"sessions":3,"starter":"running"}"#)
    #expect(answers.answer(method: .GET, uri: "/livez") == .init(status: .ok, contentType: "application/json", body: #"{"status":"live"}"#))
  }

  @Test func onlyTheThreeRoutesAreAnsweredAndOnlyToReads() {
    let metrics = FrontDoorMetrics()
    metrics.sent(5)
    let answers = Self.answers(metrics)
    let scraped = answers.answer(method: .GET, uri: "/metrics")
    #expect(scraped.status == .ok && scraped.contentType.hasPrefix("text/plain; version=0.0.4"))
    #expect(scraped.body.contains("onlinestore_ssh_sent_bytes_total 5"))
    #expect(answers.answer(method: .GET, uri: "/").status == .notFound)
    #expect(answers.answer(method: .GET, uri: "/metrics/../etc/passwd").status == .notFound)
    #expect(answers.answer(method: .POST, uri: "/readyz").status == .methodNotAllowed)
    #expect(answers.answer(method: .DELETE, uri: "/metrics").status == .methodNotAllowed)
  }

  /// Through NIO's HTTP/1 codec as the port sets it up: one request, one answer, then closed —
  /// whatever else the client sends after it.
  @Test func aConnectionGetsOneAnswerAndIsClosed() throws {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
    try channel.pipeline.syncOperations.addHandler(OperatorRequestHandler(answers: Self.answers()))
    try channel.writeInbound(ByteBuffer(string: "GET /readyz HTTP/1.1\r\nHost: x\r\n\r\nGET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"))
    var written = ""
    while let part = try channel.readOutbound(as: ByteBuffer.self) { written += String(buffer: part) }
    #expect(written.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(written.contains("Connection: close\r\n") || written.contains("connection: close\r\n"))
    #expect(written.hasSuffix(#"{"ready":true,"draining":false,"sessions":3,"starter":"running"}"#))
    #expect(written.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer: \(written)")
    #expect(!channel.isActive, "closed after its answer")
  }

  /// On a real socket in this process: past ``OperatorPort/maximumConnections`` held open at
  /// once, the next connection is closed unanswered, and the ones held are still served.
  @Test func thePortHoldsItsMostConnectionsAndNoMore() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let port = try await OperatorPort.open(host: "127.0.0.1", port: 0, group: group, answers: Self.answers())
    let number = try #require(port.address.port)
    let held = (0..<OperatorPort.maximumConnections).compactMap { _ in RawConnection(port: number) }
    #expect(held.count == OperatorPort.maximumConnections)
    let extra = try #require(RawConnection(port: number))
    extra.send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(extra.answerStatus(seconds: 5) == nil, "one past the bound is closed without an answer")
    held[0].send("GET /livez HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(held[0].answerStatus(seconds: 5) == 200, "a connection within the bound is answered")
    for connection in held + [extra] { connection.close() }
    await port.close()
    try await group.shutdownGracefully()
  }

  @Test func aConnectionThatSendsNothingIsClosedAtTheRequestTimeout() throws {
    // Half a request: the head never ends.
    let loop = EmbeddedEventLoop()
    let channel = EmbeddedChannel(loop: loop)
    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
    try channel.pipeline.syncOperations.addHandler(OperatorRequestHandler(answers: Self.answers()))
    try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
    try channel.writeInbound(ByteBuffer(string: "GET /metr"))
    loop.advanceTime(by: OperatorPort.requestTimeout - .milliseconds(1))
    #expect(channel.isActive)
    loop.advanceTime(by: .milliseconds(2))
    #expect(!channel.isActive, "closed at its timeout on the loop's clock")
  }
}
