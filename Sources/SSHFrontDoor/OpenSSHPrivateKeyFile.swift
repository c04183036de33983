import Crypto
import Foundation
import NIOSSH

/// A private key in the file format `ssh-keygen` writes (`-----BEGIN OPENSSH PRIVATE KEY-----`,
/// OpenSSH's PROTOCOL.key): so that an operator can share a key made with `ssh-keygen`, or reuse
/// a machine's `/etc/ssh/ssh_host_ed25519_key`, as the store's host key.
///
/// Reads one unencrypted key, ed25519 or ECDSA on P-256, P-384 or P-521; anything else is refused
/// with a sentence that says what to do.
enum OpenSSHPrivateKeyFile {
  static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
  static let end = "-----END OPENSSH PRIVATE KEY-----"

  struct Unreadable: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  static func looksLikeOne(_ text: Substring) -> Bool {
    text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(begin)
  }

  /// The key in `text`, the whole file.
  static func parse(_ text: String) throws(Unreadable) -> NIOSSHPrivateKey {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.hasPrefix(begin), trimmed.hasSuffix(end) else { throw Unreadable("it is not an OpenSSH private key file") }
    let body = trimmed.dropFirst(begin.count).dropLast(end.count).filter { !$0.isWhitespace }
    guard let bytes = Data(base64Encoded: String(body)) else { throw Unreadable("its base64 is broken") }
    var reader = Reader(bytes: [UInt8](bytes))
    guard reader.take(15) == Array("openssh-key-v1\0".utf8) else { throw Unreadable("it is not openssh-key-v1") }
    let cipher = try reader.text()
    let kdf = try reader.text()
    _ = try reader.string()  // KDF options
    guard cipher == "none", kdf == "none" else {
      throw Unreadable("it is encrypted with a passphrase; the server starts unattended, so remove it (ssh-keygen -p -N '' -f FILE) or make a key without one")
    }
    guard try reader.uint32() == 1 else { throw Unreadable("it holds more than one key") }
    _ = try reader.string()  // the public key, which the private part repeats
    var secret = Reader(bytes: try reader.string())
    guard try secret.uint32() == (try secret.uint32()) else { throw Unreadable("its check numbers differ") }
    let type = try secret.text()
    switch type {
    case "ssh-ed25519":
      _ = try secret.string()
      let pair = try secret.string()
      guard pair.count == 64, let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: pair.prefix(32)) else {
        throw Unreadable("its ed25519 key is malformed")
      }
      return NIOSSHPrivateKey(ed25519Key: key)
    case "ecdsa-sha2-nistp256":
      return NIOSSHPrivateKey(p256Key: try ecdsa(&secret, curve: "nistp256", size: 32, { try P256.Signing.PrivateKey(rawRepresentation: $0) }))
    case "ecdsa-sha2-nistp384":
      return NIOSSHPrivateKey(p384Key: try ecdsa(&secret, curve: "nistp384", size: 48, { try P384.Signing.PrivateKey(rawRepresentation: $0) }))
    case "ecdsa-sha2-nistp521":
      return NIOSSHPrivateKey(p521Key: try ecdsa(&secret, curve: "nistp521", size: 66, { try P521.Signing.PrivateKey(rawRepresentation: $0) }))
    default:
      throw Unreadable("its key type \(type.prefix(40)) is not one this server serves (ed25519 or ECDSA); make one with ssh-keygen -t ed25519")
    }
  }

  /// An ECDSA private scalar: the curve's name, the public point, then the scalar as an SSH
  /// `mpint` (big-endian, a leading zero byte when its top bit is set), made `size` bytes long.
  private static func ecdsa<Key>(
    _ secret: inout Reader, curve: String, size: Int, _ make: ([UInt8]) throws -> Key
  ) throws(Unreadable) -> Key {
    guard try secret.text() == curve else { throw Unreadable("its ECDSA curve does not match its key type") }
    _ = try secret.string()
    var scalar = try secret.string()
    while scalar.count > size, scalar.first == 0 { scalar.removeFirst() }
    guard scalar.count <= size else { throw Unreadable("its ECDSA key is malformed") }
    scalar = [UInt8](repeating: 0, count: size - scalar.count) + scalar
    guard let key = try? make(scalar) else { throw Unreadable("its ECDSA key is malformed") }
    return key
  }

  /// Reads SSH's wire types from bytes, never past their end.
  struct Reader {
    let bytes: [UInt8]
    var offset = 0

    mutating func take(_ count: Int) -> [UInt8]? {
      guard count >= 0, bytes.count - offset >= count else { return nil }
      defer { offset += count }
      return Array(bytes[offset..<offset + count])
    }

    mutating func uint32() throws(Unreadable) -> UInt32 {
      guard let four = take(4) else { throw Unreadable("it ends too soon") }
      return four.reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func string() throws(Unreadable) -> [UInt8] {
      let length = try uint32()
      guard length <= 16_384, let value = take(Int(length)) else { throw Unreadable("it ends too soon") }
      return value
    }

    mutating func text() throws(Unreadable) -> String {
      String(decoding: try string(), as: UTF8.self)
    }
  }
}
