import Foundation
import Glibc
import Observability
import Testing

@testable import SSHFrontDoor

/// What the stores send the front door for its metrics: lines that read back as they were sent,
/// nothing else read as an event, a socket read in bounded batches, and the counts Prometheus
/// reads. (The sockets are this process's own: one end sends, the other reads.)
struct StoreEventsTests {
  @Test func everyEventReadsBackAsItWasSent() {
    let events: [StoreEvent] = [
      .pictureDecoded(.nanoseconds(12_345_678)), .cartSaved(.zero), .cartSaveFailed(.seconds(3)), .dropped(17),
    ] + StoreEvent.PictureRefusal.allCases.map(StoreEvent.pictureRefused)
    for event in events {
      #expect(event.line.utf8.count <= StoreEvent.maximumLength)
      #expect(StoreEvent(bytes: Array(event.line.utf8)) == event, "\(event.line)")
    }
    #expect(StoreEvent.pictureDecoded(.seconds(-5)).line == "picture.decoded 0", "no negative time")
    #expect(StoreEvent.cartSaved(.seconds(86_400 * 365)).line == "cart.saved 3600000000000", "an hour at most")
    #expect(StoreEvent.cartSaved(.seconds(Int64.max)).line == "cart.saved 3600000000000", "no overflow")
    let nearTheEdge = Duration.seconds(9_223_372_036) + .nanoseconds(999_999_999)
    #expect(StoreEvent.cartSaved(nearTheEdge).line == "cart.saved 3600000000000", "no overflow where seconds just fit")
    #expect(StoreEvent.dropped(Int.max).line == "events.dropped 1000000000")
  }

  @Test(arguments: [
    "", "picture.decoded", "picture.decoded ", "picture.decoded -1", "picture.decoded +1", "picture.decoded 1 2", "picture.decoded 0x10",
    "picture.decoded 3600000000001", "picture.decoded 99999999999999999999", "picture.refused sideways", "picture.refused cancelled",
    "cart.saved  1", "cart.saved 1\n", "events.dropped 1000000001", "orders.placed 1", "PICTURE.DECODED 1",
    "picture.refused broken" + String(repeating: " ", count: 40),
  ])
  func aLineThatIsNotAnEventIsNotRead(_ line: String) {
    #expect(StoreEvent(bytes: Array(line.utf8)) == nil)
  }

  @Test func bytesThatAreNotUTF8AreNotAnEvent() {
    #expect(StoreEvent(bytes: Array("cart.saved 1".utf8) + [0xFF]) == nil)
  }

  @Test func theInboxReadsTheEventsSentAndDropsTheRest() throws {
    try Self.withInbox { inbox, path in
      let sender = try #require(StoreEventSender(path: path))
      sender.send(.pictureDecoded(.milliseconds(30)))
      try Self.sendRaw(Array(repeating: UInt8(ascii: "x"), count: 4_096), to: path)
      try Self.sendRaw(Array("cart.saved 1".utf8) + Array(repeating: UInt8(ascii: " "), count: 60), to: path)
      sender.send(.pictureRefused(.tooLarge))
      try Self.sendRaw(Array("nonsense 5".utf8), to: path)
      sender.send(.cartSaved(.milliseconds(2)))
      let drained = inbox.drain()
      #expect(drained.events == [.pictureDecoded(.milliseconds(30)), .pictureRefused(.tooLarge), .cartSaved(.milliseconds(2))])
      #expect(!drained.more)
      #expect(inbox.drain().events.isEmpty)
    }
  }

  /// The socket's queue is short (10 datagrams on Linux, and at most the sender's buffer):
  /// what did not fit is counted and told with the next event that does, never waited for.
  @Test func whatCouldNotBeSentIsToldWithTheNextEvent() throws {
    try Self.withInbox { inbox, path in
      let sender = try #require(StoreEventSender(path: path))
      let sent = 2_000
      for _ in 0..<sent { sender.send(.cartSaved(.milliseconds(1))) }
      let untold = sender.untoldDrops
      #expect(untold > 0, "a queue that holds \(sent) datagrams: this test needs a shorter one")
      var events = Self.drainAll(inbox)
      #expect(events.count == sent - untold)
      sender.send(.cartSaved(.milliseconds(1)))
      #expect(sender.untoldDrops == 0)
      events += Self.drainAll(inbox)
      #expect(events.last == .dropped(untold), "the drops follow the event that went through")
      #expect(events.filter { $0 == .cartSaved(.milliseconds(1)) }.count == sent - untold + 1)
    }
  }

  /// One drain reads at most its batch; the rest stays queued for the next.
  @Test func oneDrainReadsABatchAtMost() throws {
    try Self.withInbox { inbox, path in
      let sender = try #require(StoreEventSender(path: path))
      for _ in 0..<5 { sender.send(.cartSaved(.zero)) }
      try #require(sender.untoldDrops == 0)
      let first = inbox.drain(batch: 3)
      #expect(first.events.count == 3 && first.more)
      let second = inbox.drain(batch: 3)
      #expect(second.events.count == 2 && !second.more)
    }
  }

  @Test func aSocketFileLeftByAKilledServerIsReplacedAndNothingElseIs() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("events.sock").path
    let killed = try StoreEventInbox(path: path)
    Glibc.close(killed.descriptor)  // as a kill -9 leaves it: the file stays
    #expect(FileManager.default.fileExists(atPath: path))
    let next = try StoreEventInbox(path: path)
    defer { next.close() }
    let sender = try #require(StoreEventSender(path: path))
    sender.send(.dropped(1))
    #expect(next.drain().events == [.dropped(1)])

    let plain = directory.appendingPathComponent("notes").path
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: plain))
    #expect(throws: FrontDoorError.self) { try StoreEventInbox(path: plain) }
    #expect(try String(contentsOfFile: plain, encoding: .utf8) == "keep me")
    #expect(throws: FrontDoorError.self) { try StoreEventInbox(path: "/tmp/" + String(repeating: "d", count: 120)) }
  }

  /// A second server on the same state directory never takes the socket a running one reads;
  /// a killed one's is taken.
  @Test func aSocketARunningServerReadsIsNeverTaken() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("events.sock").path
    do {
      let running = try StoreEventInbox(path: path)
      #expect(throws: FrontDoorError.self) { try StoreEventInbox(path: path) }
      let sender = try #require(StoreEventSender(path: path))
      sender.send(.cartSaved(.zero))
      #expect(running.drain().events == [.cartSaved(.zero)], "the first still hears its stores")

      running.close()  // it is stopped or killed: its file stays, unread
      let next = try StoreEventInbox(path: path)
      defer { next.close() }
      sender.send(.cartSaved(.zero))
      #expect(next.drain().events.isEmpty, "a sender connected to the old socket reaches no one")
      let newSender = try #require(StoreEventSender(path: path))
      newSender.send(.dropped(2))
      #expect(next.drain().events == [.dropped(2)], "the next server hears the stores it starts")
    }
  }

  @Test func aSenderWithNoOneToSendToIsNone() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(StoreEventSender(path: directory.appendingPathComponent("nobody.sock").path) == nil)
    #expect(StoreEventSender(path: "") == nil)
  }

  @Test func whatTheStoresSentIsCountedUnderItsPrometheusName() {
    let metrics = FrontDoorMetrics()
    metrics.record(.pictureDecoded(.milliseconds(40)))
    metrics.record(.pictureDecoded(.milliseconds(60)))
    metrics.record(.pictureRefused(.overBudget))
    metrics.record(.cartSaved(.milliseconds(5)))
    metrics.record(.cartSaveFailed(.seconds(3)))
    metrics.record(.dropped(4))
    let text = metrics.exposition()
    for line in [
      "onlinestore_picture_decode_duration_seconds_count 2",
      "onlinestore_picture_decode_duration_seconds_sum 0.1",
      #"onlinestore_pictures_refused_total{reason="over_budget"} 1"#,
      #"onlinestore_pictures_refused_total{reason="too_large"} 0"#,
      #"onlinestore_cart_save_duration_seconds_count{outcome="saved"} 1"#,
      #"onlinestore_cart_save_duration_seconds_count{outcome="failed"} 1"#,
      "onlinestore_stores_events_dropped_total 4",
    ] {
      #expect(text.contains(line + "\n"), "\(line) in:\n\(text)")
    }
  }

  /// Everything queued, batch after batch.
  static func drainAll(_ inbox: StoreEventInbox) -> [StoreEvent] {
    var events: [StoreEvent] = []
    var more = true
    while more {
      let drained = inbox.drain()
      events += drained.events
      more = drained.more
    }
    return events
  }

  /// Runs `body` with an inbox bound at a new path, and removes both after.
  static func withInbox(_ body: (StoreEventInbox, String) throws -> Void) throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("events.sock").path
    let inbox = try StoreEventInbox(path: path)
    defer { inbox.close() }
    try body(inbox, path)
  }

  static func directory() throws -> URL {
    let url = URL(fileURLWithPath: "/tmp").appendingPathComponent("ev-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Sends `bytes` as one datagram from a socket of no particular sender.
  static func sendRaw(_ bytes: [UInt8], to path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    try #require(descriptor >= 0)
    defer { Glibc.close(descriptor) }
    let sent = UnixSocketAddress.with(path: path) { address, length in
      Int32(bytes.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, 0, address, length) })
    }
    try #require(sent == Int32(bytes.count))
  }
}
