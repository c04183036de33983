import Crypto
import Foundation
import NIOSSH

/// The server's ed25519 host key: created on the first start, kept with mode 0600 and used
/// again on every later start, so that a returning shopper's client never warns that the host
/// key changed.
public struct HostKey: Sendable {
  public let privateKey: NIOSSHPrivateKey
  /// `SHA256:…`, as `ssh-keygen -l` and the client's first-connection prompt write it.
  public let fingerprint: String

  /// The first line of the key file; the second is the key's 32 bytes in base64.
  static let header = "onlinestore ed25519 host key"

  init(_ key: Curve25519.Signing.PrivateKey) {
    privateKey = NIOSSHPrivateKey(ed25519Key: key)
    fingerprint = KeyFingerprint.of(privateKey.publicKey)
  }

  /// The key in `file`, or a new one written there first (no other user may read it).
  public static func loadOrCreate(at file: URL) throws -> HostKey {
    if let text = try? String(contentsOf: file, encoding: .utf8) {
      let lines = text.split(separator: "\n")
      guard lines.count == 2, lines[0] == header, let raw = Data(base64Encoded: String(lines[1])),
        let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
      else {
        throw FrontDoorError("The host key \(file.path) is not one this server wrote; move it away to have a new one made (clients will then see a new host key).")
      }
      return HostKey(key)
    }
    let key = Curve25519.Signing.PrivateKey()
    let text = "\(header)\n\(key.rawRepresentation.base64EncodedString())\n"
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FrontDoorError("The host key \(file.path) could not be created: \(String(cString: strerror(errno))).")
    }
    defer { close(descriptor) }
    let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    guard written == text.utf8.count, fsync(descriptor) == 0 else {
      unlink(file.path)
      throw FrontDoorError("The host key \(file.path) could not be written: \(String(cString: strerror(errno))).")
    }
    return HostKey(key)
  }
}

/// A public key's SHA-256 fingerprint, as OpenSSH writes it: `SHA256:` and the unpadded base64
/// of the digest of the key's wire encoding.
public enum KeyFingerprint {
  public static func of(_ key: NIOSSHPublicKey) -> String {
    let fields = String(openSSHPublicKey: key).split(separator: " ")
    let blob = fields.count > 1 ? Data(base64Encoded: String(fields[1])) ?? Data() : Data()
    let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
    return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
  }
}

/// Why the front door could not open, in a sentence for its operator.
public struct FrontDoorError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
