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
///   through ``KeyExchanges/current``) refuses the one past its allowance, which ends that
///   connection.
/// - **A re-exchange is seen from its start to its end** (``KeyExchanges/saw(_:)``), so the
///   sessions hold their output meanwhile: the library refuses a session's data while a
///   re-exchange is under way, and what it refuses is lost.
class GuardedTransportProtection: NIOSSHTransportProtection {
  /// The cipher this one wraps: one of swift-nio-ssh's bundled schemes.
  class var wrapped: NIOSSHTransportProtection.Type { fatalError("a subclass names its cipher") }

  class var cipherName: String { wrapped.cipherName }
  class var macName: String? { wrapped.macName }
  class var cipherBlockSize: Int { wrapped.cipherBlockSize }
  class var keySizes: ExpectedKeySizes { wrapped.keySizes }

  private let inner: NIOSSHTransportProtection

  required init(initialKeys: NIOSSHSessionKeys) throws {
    try KeyExchanges.current?.allowance.take()
    inner = try Self.wrapped.init(initialKeys: initialKeys)
  }

  var macBytes: Int { inner.macBytes }
  var lengthEncrypted: Bool { inner.lengthEncrypted }

  func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
    try KeyExchanges.current?.allowance.take()
    try inner.updateKeys(newKeys)
  }

  func decryptFirstBlock(_ source: inout ByteBuffer) throws {
    try inner.decryptFirstBlock(&source)
  }

  func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
    let packet = try inner.decryptAndVerifyRemainingPacket(&source, sequenceNumber: sequenceNumber)
    KeyExchanges.current?.saw(packet)
    return ChannelRequestTrim.trimmed(packet)
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

