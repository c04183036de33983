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
    if let key = try load(file) { return key }
    let key = Curve25519.Signing.PrivateKey()
    try create(file, containing: "\(header)\n\(key.rawRepresentation.base64EncodedString())\n")
    // Two servers starting at once on one state directory: the key that landed first is the one.
    guard let landed = try load(file) else {
      throw FrontDoorError("The host key \(file.path) was written but cannot be read back.")
    }
    return landed
  }

  /// The key in `file`, or `nil` if there is no such file.
  private static func load(_ file: URL) throws -> HostKey? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      throw FrontDoorError("The host key \(file.path) cannot be read.")
    }
    let lines = text.split(separator: "\n")
    guard lines.count == 2, lines[0] == header, let raw = Data(base64Encoded: String(lines[1])),
      let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
    else {
      throw FrontDoorError("The host key \(file.path) is not one this server wrote; move it away to have a new one made (clients will then see a new host key).")
    }
    return HostKey(key)
  }

  /// Writes `text` to a temporary file readable by this user only, makes it durable, then links
  /// it into place — never over a key already there, and never half-written if the server is
  /// killed meanwhile (a leftover temporary file is harmless).
  private static func create(_ file: URL, containing text: String) throws {
    let temporary = file.path + ".new-\(UUID().uuidString)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw FrontDoorError("The host key \(file.path) could not be created: \(String(cString: strerror(errno))).")
    }
    defer { unlink(temporary) }
    let written = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    let durable = fsync(descriptor) == 0
    close(descriptor)
    guard written == text.utf8.count, durable else {
      throw FrontDoorError("The host key \(file.path) could not be written: \(String(cString: strerror(errno))).")
    }
    guard link(temporary, file.path) == 0 || errno == EEXIST else {
      throw FrontDoorError("The host key \(file.path) could not be put in place: \(String(cString: strerror(errno))).")
    }
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
