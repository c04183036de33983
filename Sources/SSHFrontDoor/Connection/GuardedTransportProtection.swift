import NIOCore
import NIOPosix
import NIOSSH

/// swift-nio-ssh's own ciphers, each wrapped to do two things the library does not, from inside
/// the only place a server sees an SSH packet decrypted:
///
/// - **A channel request it does not know is passed on without its payload.** swift-nio-ssh
///   0.15.1 reads an unknown request's type but not what follows it, then finds bytes left over
///   and drops the connection (apple/swift-nio-ssh#221): `ssh -X` (an `x11-req`, sent whenever a
///   shopper's own configuration forwards X11) ended every session before its store. With the
///   payload cut away here the library sees a request it does not know, refuses it as it should,
///   and the session goes on.
/// - **Key exchanges are bounded.** The library creates a cipher for every key exchange, the
///   first and each re-exchange a client asks for; each costs the server a few milliseconds of
///   CPU, and one connection asked for 500. ``KeyExchangeAllowance`` (the connection's, found
///   through ``KeyExchangeAllowance/current``) refuses the one past its allowance, which ends
///   that connection.
class GuardedTransportProtection: NIOSSHTransportProtection {
  /// The cipher this one wraps: one of swift-nio-ssh's bundled schemes.
  class var wrapped: NIOSSHTransportProtection.Type { fatalError("a subclass names its cipher") }

  class var cipherName: String { wrapped.cipherName }
  class var macName: String? { wrapped.macName }
  class var cipherBlockSize: Int { wrapped.cipherBlockSize }
  class var keySizes: ExpectedKeySizes { wrapped.keySizes }

  private let inner: NIOSSHTransportProtection

  required init(initialKeys: NIOSSHSessionKeys) throws {
    try KeyExchangeAllowance.current?.take()
    inner = try Self.wrapped.init(initialKeys: initialKeys)
  }

  var macBytes: Int { inner.macBytes }
  var lengthEncrypted: Bool { inner.lengthEncrypted }

  func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
    try KeyExchangeAllowance.current?.take()
    try inner.updateKeys(newKeys)
  }

  func decryptFirstBlock(_ source: inout ByteBuffer) throws {
    try inner.decryptFirstBlock(&source)
  }

  func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
    ChannelRequestTrim.trimmed(try inner.decryptAndVerifyRemainingPacket(&source, sequenceNumber: sequenceNumber))
  }

  func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber: UInt32) throws {
    try inner.encryptPacket(&destination, sequenceNumber: sequenceNumber)
  }

  /// Every bundled cipher, wrapped, in the library's order of preference.
  static var schemes: [NIOSSHTransportProtection.Type] {
    Constants.bundledTransportProtectionSchemes.map { scheme in
      scheme.cipherName == GuardedAES128GCM.wrapped.cipherName ? GuardedAES128GCM.self : GuardedAES256GCM.self
    }
  }
}

final class GuardedAES256GCM: GuardedTransportProtection {
  override class var wrapped: NIOSSHTransportProtection.Type {
    Constants.bundledTransportProtectionSchemes.first { $0.cipherName == "aes256-gcm@openssh.com" }!
  }
}

final class GuardedAES128GCM: GuardedTransportProtection {
  override class var wrapped: NIOSSHTransportProtection.Type {
    Constants.bundledTransportProtectionSchemes.first { $0.cipherName == "aes128-gcm@openssh.com" }!
  }
}

/// A decrypted packet with an unknown channel request's payload cut away (see
/// ``GuardedTransportProtection``): `SSH_MSG_CHANNEL_REQUEST`, the recipient channel, the
/// request type and want-reply stay; whatever followed goes. Every other packet is as it came.
enum ChannelRequestTrim {
  static let channelRequest: UInt8 = 98
  /// The requests swift-nio-ssh 0.15.1 reads whole (SSHMessages.swift).
  static let known: Set<String> = [
    "env", "exec", "exit-status", "exit-signal", "pty-req", "shell", "subsystem", "window-change", "xon-xoff", "signal",
  ]

  static func trimmed(_ packet: ByteBuffer) -> ByteBuffer {
    var reader = packet
    guard reader.readInteger(as: UInt8.self) == channelRequest, reader.readInteger(as: UInt32.self) != nil,
      let length = reader.readInteger(as: UInt32.self), length <= 64, let type = reader.readString(length: Int(length)),
      reader.readInteger(as: UInt8.self) != nil, reader.readableBytes > 0, !known.contains(type)
    else { return packet }
    return packet.getSlice(at: packet.readerIndex, length: reader.readerIndex - packet.readerIndex) ?? packet
  }
}

/// How many key exchanges one connection may make: ``burst`` at once (the first among them),
/// then one more every ``refill``. A client that asks for more is refused and disconnected.
///
/// swift-nio-ssh makes a cipher in the middle of reading a packet, with no way to tell which
/// connection it is for; the front door's ``KeyExchangeWatch``, just before it in each pipeline,
/// sets ``current`` for as long as it hands the library that connection's bytes.
///
/// `@unchecked Sendable`: it is made, read and changed only on its connection's event loop (the
/// thread-specific slot that holds it is what needs the conformance).
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

  /// The allowance of the connection whose bytes this thread is handing to swift-nio-ssh now.
  static var current: KeyExchangeAllowance? { reading.currentValue }

  fileprivate static let reading = ThreadSpecificVariable<KeyExchangeAllowance>()
}

/// Sits just before swift-nio-ssh in a connection's pipeline and makes the connection's
/// ``KeyExchangeAllowance`` the thread's ``KeyExchangeAllowance/current`` while the library reads
/// what arrived: a key exchange is completed as the client's packets are read.
final class KeyExchangeWatch: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var allowance: KeyExchangeAllowance?

  func handlerAdded(context: ChannelHandlerContext) {
    allowance = KeyExchangeAllowance(eventLoop: context.eventLoop)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let previous = KeyExchangeAllowance.reading.currentValue
    KeyExchangeAllowance.reading.currentValue = allowance
    defer { KeyExchangeAllowance.reading.currentValue = previous }
    context.fireChannelRead(data)
  }
}
