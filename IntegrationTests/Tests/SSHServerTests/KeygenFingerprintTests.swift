import Foundation
import NIOSSH
import Testing

@testable import SSHFrontDoor

/// The front door's fingerprints and key files as OpenSSH's own `ssh-keygen` sees them.
struct KeygenFingerprintTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("frontdoor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs a command and returns its standard output.
  func output(of arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func fingerprintsAreWhatSSHKeygenSays() throws {
    let directory = try temporaryDirectory()
    let key = directory.appendingPathComponent("key").path
    _ = try output(of: ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "ada", "-f", key])
    let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    let listed = try output(of: ["ssh-keygen", "-l", "-f", key + ".pub"]).split(separator: " ")[1]
    #expect(KeyFingerprint.of(try NIOSSHPublicKey(openSSHPublicKey: publicKey)) == String(listed))
    #expect(AuthorizedKeys(parsing: "# mine\nrestrict \(publicKey)\nnot a key\n").fingerprints == [String(listed)])
  }
}
