import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
@testable import OnlineStoreAPI
import Testing

/// One connection's request phases on an `EmbeddedChannel`, its time virtual: a body that
/// trickles in is closed within seconds of its head, one that arrives at a real client's pace is
/// not, and a request answered before its body arrived is answered with `Connection: close` and
/// its connection closed, so the rest of its body holds nothing.
struct RequestPhaseWatchTests {
  /// A channel with the watch alone on it, the roster it reports to, and these limits.
  static func channel(_ limits: APILimits = APILimits()) throws -> (EmbeddedChannel, ConnectionRoster) {
    let roster = ConnectionRoster(capacity: 10)
    let channel = EmbeddedChannel()
    try channel.connect(to: SocketAddress(ipAddress: "198.51.100.7", port: 40_000)).wait()
    try channel.pipeline.syncOperations.addHandler(RequestPhaseWatch(limits: limits, roster: roster))
    return (channel, roster)
  }

  static func post(length: Int) -> HTTPRequestPart {
    var request = HTTPRequest(method: .post, scheme: nil, authority: "api", path: "/shop/carts/1/changes")
    request.headerFields[.contentLength] = String(length)
    return .head(request)
  }

  static func bytes(_ count: Int) -> HTTPRequestPart { .body(ByteBuffer(repeating: 0x61, count: count)) }

  @Test func aBodyThatTricklesInIsClosedWithinSecondsOfItsHead() throws {
    let (channel, roster) = try Self.channel()
    try channel.writeInbound(Self.post(length: 60_000))
    // A byte every two seconds, as the attack sent them.
    var seconds = 0
    while channel.isActive, seconds < 30 {
      try channel.writeInbound(Self.bytes(1))
      channel.embeddedEventLoop.advanceTime(by: .seconds(2))
      seconds += 2
    }
    #expect(!channel.isActive, "closed")
    #expect(seconds <= 4, "within the 2 s grace and a look at its pace, not the 30 s body deadline (\(seconds) s)")
    #expect(roster.count == 0, "its place is free")
  }

  @Test func aBodyAtARealClientsPaceIsKept() throws {
    let (channel, _) = try Self.channel()
    try channel.writeInbound(Self.post(length: 60_000))
    // 60,000 bytes at 4 KiB a second: 15 s, inside the 30 s deadline and above the 1 KiB/s floor.
    for _ in 0..<14 {
      try channel.writeInbound(Self.bytes(4_096))
      channel.embeddedEventLoop.advanceTime(by: .seconds(1))
      #expect(channel.isActive)
    }
    try channel.writeInbound(Self.bytes(60_000 - 14 * 4_096))
    try channel.writeInbound(HTTPRequestPart.end(nil))
    #expect(channel.isActive, "a whole body, answered next")
    _ = try channel.finish(acceptAlreadyClosed: true)
  }

  @Test func aRequestRefusedBeforeItsBodyIsAnsweredAndClosed() throws {
    let (channel, _) = try Self.channel()
    try channel.writeInbound(Self.post(length: 60_000))
    try channel.writeInbound(Self.bytes(10))
    // The route refuses it (no token) without reading the body.
    try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .unauthorized)))
    try channel.writeOutbound(HTTPResponsePart.end(nil))
    guard case let .head(response)? = try channel.readOutbound(as: HTTPResponsePart.self) else {
      Issue.record("no answer")
      return
    }
    #expect(response.status == .unauthorized)
    #expect(response.headerFields[.connection] == "close")
    #expect(!channel.isActive, "the rest of the body is not waited for")
  }

  @Test func aRequestReadWholeKeepsItsConnection() throws {
    let (channel, _) = try Self.channel()
    try channel.writeInbound(Self.post(length: 10))
    try channel.writeInbound(Self.bytes(10))
    try channel.writeInbound(HTTPRequestPart.end(nil))
    try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
    try channel.writeOutbound(HTTPResponsePart.end(nil))
    guard case let .head(response)? = try channel.readOutbound(as: HTTPResponsePart.self) else {
      Issue.record("no answer")
      return
    }
    #expect(response.headerFields[.connection] == nil)
    #expect(channel.isActive, "kept alive for the next request")
    _ = try channel.finish(acceptAlreadyClosed: true)
  }
}
