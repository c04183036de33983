import Foundation
import StoreTestSupport
import Testing

@testable import SSHFrontDoor

/// `--host-key` takes the keys operators have: files `ssh-keygen` wrote, with the fingerprint
/// `ssh-keygen -l` prints; an encrypted one, or a type the server does not serve, is refused
/// with what to do.
@Suite struct OpenSSHHostKeyTests {
  /// `ssh-keygen` on a dispatch thread: an RSA key takes a second or more on a busy machine, and
  /// the two threads every test's tasks share must not wait for it.
  static func keygen(_ arguments: [String], in directory: URL) async throws -> Int32 {
    try await Blocking.run { try keygenBlocking(arguments, in: directory) }
  }

  private static func keygenBlocking(_ arguments: [String], in directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// What `ssh-keygen -l -f` says the key's fingerprint is.
  static func fingerprint(of file: URL) async throws -> String {
    try await Blocking.run { try fingerprintBlocking(of: file) }
  }

  private static func fingerprintBlocking(of file: URL) throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
    process.arguments = ["-l", "-E", "sha256", "-f", file.path]
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: " ").dropFirst().first.map(String.init) ?? ""
  }

  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("openssh-keys-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test(arguments: [["-t", "ed25519"], ["-t", "ecdsa", "-b", "256"], ["-t", "ecdsa", "-b", "384"], ["-t", "ecdsa", "-b", "521"]])
  func aKeySSHKeygenMadeIsServedWithItsFingerprint(_ type: [String]) async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("host_key")
    try #require(try await Self.keygen(["-q", "-N", "", "-f", file.path] + type, in: directory) == 0)
    let key = try HostKey.loadExisting(at: file)
    #expect(key.fingerprint == (try await Self.fingerprint(of: file)))
  }

  @Test func anEncryptedKeyIsRefusedWithWhatToDo() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("host_key")
    try #require(try await Self.keygen(["-q", "-t", "ed25519", "-N", "a passphrase", "-f", file.path], in: directory) == 0)
    let error = try #require(throws: FrontDoorError.self) { try HostKey.loadExisting(at: file) }
    #expect(error.description.contains("encrypted with a passphrase"))
    #expect(error.description.contains("ssh-keygen -p"))
  }

  @Test func anRSAKeyIsRefusedWithWhatToDo() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("host_key")
    try #require(try await Self.keygen(["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", file.path], in: directory) == 0)
    let error = try #require(throws: FrontDoorError.self) { try HostKey.loadExisting(at: file) }
    #expect(error.description.contains("ssh-rsa is not one this server serves"))
  }

  @Test func aDamagedOrTruncatedKeyFileIsRefusedNotCrashedOn() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("host_key")
    try #require(try await Self.keygen(["-q", "-t", "ed25519", "-N", "", "-f", file.path], in: directory) == 0)
    let whole = try String(contentsOf: file, encoding: .utf8)
    let lines = whole.split(separator: "\n").map(String.init)
    let body = lines.dropFirst().dropLast().joined()
    var tries: [String] = []
    for cut in stride(from: 4, to: body.count, by: 7) {
      let shorter = String(body.prefix(cut))
      tries.append(lines[0] + "\n" + shorter + String(repeating: "=", count: (4 - shorter.count % 4) % 4) + "\n" + lines.last! + "\n")
    }
    tries.append(lines[0] + "\nnot base64 at all!\n" + lines.last! + "\n")
    for text in tries {
      unlink(file.path)
      #expect(FileManager.default.createFile(atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
      #expect(throws: FrontDoorError.self) { try HostKey.loadExisting(at: file) }
    }
  }

  /// A key below a directory others may write to could be swapped: refused, as the state
  /// directory is.
  @Test func aKeyBelowADirectoryOthersCanWriteIsRefused() async throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let open = directory.appendingPathComponent("open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
    let file = open.appendingPathComponent("host_key")
    try #require(try await Self.keygen(["-q", "-t", "ed25519", "-N", "", "-f", file.path], in: directory) == 0)
    chmod(open.path, 0o777)
    let error = try #require(throws: FrontDoorError.self) { try HostKey.loadExisting(at: file) }
    #expect(error.description.contains("can be written by other users"))
    chmod(open.path, 0o755)
    #expect(try HostKey.loadExisting(at: file).fingerprint == (try await Self.fingerprint(of: file)))
  }
}
