import Crypto
import Foundation
import NIOSSH

/// The server's host key: an ed25519 key created on the first start, kept with mode 0600 and
/// used again on every later start, so that a returning shopper's client never warns that the
/// host key changed — or, with `--host-key`, a key file `ssh-keygen` wrote (ed25519 or ECDSA,
/// see ``OpenSSHPrivateKeyFile``) or `serve --new-host-key` made.
public struct HostKey: Sendable {
  public let privateKey: NIOSSHPrivateKey
  /// `SHA256:…`, as `ssh-keygen -l` and the client's first-connection prompt write it.
  public let fingerprint: String

  /// The first line of the key file; the second is the key's 32 bytes in base64.
  static let header = "onlinestore ed25519 host key"

  init(_ key: Curve25519.Signing.PrivateKey) {
    self.init(NIOSSHPrivateKey(ed25519Key: key))
  }

  init(_ key: NIOSSHPrivateKey) {
    privateKey = key
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

  /// The key in `file`, which must be there (`--host-key`): every host of one store serves the
  /// same key, so a host that cannot read it stops rather than make one of its own.
  public static func loadExisting(at file: URL) throws -> HostKey {
    // Whoever may write to a directory above the key could swap it: the same rule as for the
    // state directory.
    if let real = realpath(file.deletingLastPathComponent().path, nil) {
      defer { free(real) }
      try StateDirectory.checkParents(of: String(cString: real) + "/key")
    }
    guard let key = try load(file) else {
      throw FrontDoorError("The host key \(file.path) does not exist; copy the store's key there (host_ed25519_key in the state directory of the host that made it).")
    }
    return key
  }

  /// The key in `file`, or `nil` if there is no such file. The file is opened without
  /// following a symbolic link, and must be a regular file of this user's that no one else may
  /// read: a key others can read, or that someone could have swapped in, is refused.
  private static func load(_ file: URL) throws -> HostKey? {
    let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return nil
      case ELOOP: throw FrontDoorError("The host key \(file.path) is a symbolic link; the server reads only a key file of its own.")
      default: throw FrontDoorError("The host key \(file.path) cannot be read: \(String(cString: strerror(errno))).")
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw FrontDoorError("The host key \(file.path) is not a regular file.")
    }
    guard status.st_uid == geteuid() else {
      throw FrontDoorError("The host key \(file.path) belongs to user \(status.st_uid), not to this user (\(geteuid())).")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw FrontDoorError(
        "The host key \(file.path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); run chmod 600 \(file.path) and start again."
      )
    }
    // A key file is at most a few KB (an OpenSSH ECDSA P-521 key is under 1 KB).
    var bytes = [UInt8](repeating: 0, count: 16_384)
    var count = 0
    while count < bytes.count {
      let got = bytes[count...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    guard count > 0, count < bytes.count, let text = String(validating: bytes[..<count], as: UTF8.self) else {
      throw FrontDoorError("The host key \(file.path) cannot be read (it is empty, larger than 16 KB, or not text).")
    }
    if OpenSSHPrivateKeyFile.looksLikeOne(text[...]) {
      do {
        return HostKey(try OpenSSHPrivateKeyFile.parse(text))
      } catch {
        throw FrontDoorError("The host key \(file.path) cannot be used: \(error).")
      }
    }
    let lines = text.split(separator: "\n")
    guard lines.count == 2, lines[0] == header, let raw = Data(base64Encoded: String(lines[1])),
      let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
    else {
      throw FrontDoorError(
        "The host key \(file.path) is neither an OpenSSH private key file (ssh-keygen -t ed25519) nor one this server wrote; move it away to have a new one made (clients will then see a new host key)."
      )
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
