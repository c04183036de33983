import NIOCore
import NIOPosix

/// How many key exchanges one connection may make: ``burst`` at once (the first among them),
/// then one more every ``refill``. A client that asks for more is refused and disconnected.
///
/// `@unchecked Sendable`: it is made, read and changed only on its connection's event loop.
final class KeyExchangeAllowance: @unchecked Sendable {
  static let burst = 5
  static let refill: TimeAmount = .minutes(10)

  private let eventLoop: EventLoop
  private var tokens = KeyExchangeAllowance.burst
  private var lastRefill: NIODeadline

  init(eventLoop: EventLoop) {
    self.eventLoop = eventLoop
    lastRefill = eventLoop.now
  }

  struct Exhausted: Error, CustomStringConvertible {
    var description: String { "more than \(KeyExchangeAllowance.burst) key exchanges in \(KeyExchangeAllowance.refill.nanoseconds / 60_000_000_000) minutes" }
  }

  /// Takes one key exchange, or throws when none is left.
  func take() throws {
    let now = eventLoop.now
    let earned = Int((now - lastRefill).nanoseconds / Self.refill.nanoseconds)
    if earned > 0 {
      tokens = min(Self.burst, tokens + earned)
      lastRefill = lastRefill + .nanoseconds(Int64(earned) * Self.refill.nanoseconds)
    }
    guard tokens > 0 else { throw Exhausted() }
    tokens -= 1
  }
}

/// One connection's key exchanges as its ciphers see them: what it may still make (its
/// ``allowance``) and whether a re-exchange is under way.
///
/// A re-exchange runs from the client's `SSH_MSG_KEXINIT` to its `SSH_MSG_NEWKEYS`, both sent
/// under the old keys, so the cipher that decrypts them sees them (the first exchange's are in
/// the clear and never pass a cipher). The server's own `NEWKEYS` goes out with its reply, before
/// the client can send its own, so once the client's is read swift-nio-ssh takes session data
/// again; until then swift-nio-ssh 0.15.1 refuses it (RFC 4253 §7.1 says to queue it) and what
/// it refused is lost.
///
/// swift-nio-ssh makes a cipher in the middle of reading a packet, with no way to tell which
/// connection it is for; ``KeyExchangeWatch``, just before it in each pipeline, sets
/// ``current`` for as long as it hands the library that connection's bytes.
///
/// `@unchecked Sendable`: it is made, read and changed only on its connection's event loop (the
/// thread-specific slot that holds it is what needs the conformance).
final class KeyExchanges: @unchecked Sendable {
  static let keyExchangeInit: UInt8 = 20
  static let newKeys: UInt8 = 21

  let allowance: KeyExchangeAllowance
  private(set) var reExchangeUnderWay = false

  init(eventLoop: EventLoop) {
    allowance = KeyExchangeAllowance(eventLoop: eventLoop)
  }

  /// Notes a decrypted packet from the client: a `KEXINIT` starts a re-exchange, a `NEWKEYS`
  /// ends it.
  func saw(_ packet: ByteBuffer) {
    switch packet.getInteger(at: packet.readerIndex, as: UInt8.self) {
    case Self.keyExchangeInit: reExchangeUnderWay = true
    case Self.newKeys: reExchangeUnderWay = false
    default: break
    }
  }

  /// The key exchanges of the connection whose bytes this thread is handing to swift-nio-ssh now.
  static var current: KeyExchanges? { reading.currentValue }

  fileprivate static let reading = ThreadSpecificVariable<KeyExchanges>()
}

/// Sits just before swift-nio-ssh in a connection's pipeline and makes the connection's
/// ``KeyExchanges`` the thread's ``KeyExchanges/current`` while the library reads what arrived
/// (a key exchange is made as the client's packets are read); then tells the connection when a
/// re-exchange has begun or ended, so its sessions hold their output meanwhile.
final class KeyExchangeWatch: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private let connection: ShopperConnection
  private var exchanges: KeyExchanges?

  init(connection: ShopperConnection) {
    self.connection = connection
  }

  func handlerAdded(context: ChannelHandlerContext) {
    exchanges = KeyExchanges(eventLoop: context.eventLoop)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let previous = KeyExchanges.reading.currentValue
    let underWay = exchanges?.reExchangeUnderWay ?? false
    KeyExchanges.reading.currentValue = exchanges
    context.fireChannelRead(data)
    KeyExchanges.reading.currentValue = previous
    if let now = exchanges?.reExchangeUnderWay, now != underWay {
      connection.keyReExchange(underWay: now)
    }
  }
}
