import NIOCore
import NIOEmbedded
import NIOSSH
@testable import SSHFrontDoor
import Testing

/// The two things the front door does inside swift-nio-ssh's ciphers: a channel request the
/// library cannot read arrives without its payload, and a connection's key exchanges are bounded.
struct GuardedTransportProtectionTests {
  /// `SSH_MSG_CHANNEL_REQUEST` for channel 0 of `type`, want-reply set, then `payload`.
  static func request(_ type: String, payload: [UInt8]) -> ByteBuffer {
    var packet = ByteBuffer()
    packet.writeInteger(UInt8(98))
    packet.writeInteger(UInt32(0))
    packet.writeInteger(UInt32(type.utf8.count))
    packet.writeString(type)
    packet.writeInteger(UInt8(1))
    packet.writeBytes(payload)
    return packet
  }

  @Test func anX11RequestArrivesWithoutItsPayload() {
    // x11-req: single connection, "MIT-MAGIC-COOKIE-1", a cookie, screen 0.
    let payload: [UInt8] = [0, 0, 0, 0, 18] + Array("MIT-MAGIC-COOKIE-1".utf8) + [0, 0, 0, 4, 1, 2, 3, 4] + [0, 0, 0, 0]
    let trimmed = ChannelRequestTrim.trimmed(Self.request("x11-req", payload: payload))
    #expect(trimmed == Self.request("x11-req", payload: []), "the type and want-reply stay; the payload goes")
  }

  @Test func requestsTheLibraryReadsAndOtherPacketsAreUntouched() {
    let pty = Self.request("pty-req", payload: Array(repeating: 7, count: 40))
    #expect(ChannelRequestTrim.trimmed(pty) == pty)
    let shell = Self.request("shell", payload: [])
    #expect(ChannelRequestTrim.trimmed(shell) == shell)
    var data = ByteBuffer()
    data.writeBytes([94, 0, 0, 0, 0, 0, 0, 0, 3, 0x61, 0x62, 0x63])
    #expect(ChannelRequestTrim.trimmed(data) == data, "channel data is never touched")
    var short = ByteBuffer()
    short.writeBytes([98, 0, 0])
    #expect(ChannelRequestTrim.trimmed(short) == short, "a packet too short to read is the library's to refuse")
  }

  @Test func keyExchangesPastTheAllowanceAreRefusedUntilItRefills() throws {
    let loop = EmbeddedEventLoop()
    let allowance = KeyExchangeAllowance(eventLoop: loop)
    for _ in 0..<KeyExchangeAllowance.burst { try allowance.take() }
    #expect(throws: KeyExchangeAllowance.Exhausted.self) { try allowance.take() }
    loop.advanceTime(by: KeyExchangeAllowance.refill)
    try allowance.take()
    #expect(throws: KeyExchangeAllowance.Exhausted.self) { try allowance.take() }
  }

  /// A re-exchange is under way from the client's KEXINIT to its NEWKEYS, as the cipher sees
  /// them decrypted; session data and other packets change nothing.
  @Test func aReExchangeRunsFromTheClientsKeyExchangeInitToItsNewKeys() {
    let exchanges = KeyExchanges(eventLoop: EmbeddedEventLoop())
    func packet(_ bytes: [UInt8]) -> ByteBuffer { ByteBuffer(bytes: bytes) }
    exchanges.saw(packet([94, 0, 0, 0, 0]))
    #expect(!exchanges.reExchangeUnderWay)
    exchanges.saw(packet([KeyExchanges.keyExchangeInit] + Array(repeating: 0, count: 16)))
    #expect(exchanges.reExchangeUnderWay)
    exchanges.saw(packet([30, 0, 0, 0, 32]))  // The client's ECDH init.
    exchanges.saw(packet([]))
    #expect(exchanges.reExchangeUnderWay)
    exchanges.saw(packet([KeyExchanges.newKeys]))
    #expect(!exchanges.reExchangeUnderWay)
  }

  @Test func theGuardedCiphersAreTheLibrarysOwnByName() {
    let guarded = GuardedTransportProtection.schemes.map { $0.cipherName }
    let bundled = Constants.bundledTransportProtectionSchemes.map { $0.cipherName }
    #expect(guarded == bundled)
  }
}
