import Foundation
import Testing

@testable import SSHFrontDoor

/// The front door's parts that need no connection: keys, fingerprints, terminal names.
struct FrontDoorPartsTests {
  func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("frontdoor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theHostKeyIsMadeOnceWithMode0600AndReused() throws {
    let file = try temporaryDirectory().appendingPathComponent("host_ed25519_key")
    let first = try HostKey.loadOrCreate(at: file)
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let again = try HostKey.loadOrCreate(at: file)
    #expect(again.fingerprint == first.fingerprint)
    #expect(first.fingerprint.hasPrefix("SHA256:") && first.fingerprint.count == 50)
  }

  @Test func aDamagedHostKeyIsNotReplacedQuietly() throws {
    let file = try temporaryDirectory().appendingPathComponent("host_ed25519_key")
    try "something else\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(throws: FrontDoorError.self) { try HostKey.loadOrCreate(at: file) }
    #expect(try String(contentsOf: file, encoding: .utf8) == "something else\n", "left as it was")
  }

  @Test(arguments: [
    ("xterm-256color", "xterm-256color"), ("tmux-256color", "tmux-256color"), ("linux", "linux"), ("vt100", "vt100"),
    ("xterm-kitty-from-the-future", "xterm-256color"), ("../../etc/passwd", "xterm-256color"), ("", "xterm-256color"),
    (String(repeating: "x", count: 200), "xterm-256color"), ("xterm\u{1B}[31m", "xterm-256color"),
  ])
  func terminalNamesTerminfoDoesNotKnowFallBack(requested: String, used: String) {
    #expect(TerminalType.resolve(requested) == used)
  }
}

/// Two servers starting at once on one state directory agree on one host key.
struct HostKeyRaceTests {
  @Test func serversStartingAtOnceShareTheKeyThatLandedFirst() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)-host_key")
    let fingerprints = CollectedStrings()
    DispatchQueue.concurrentPerform(iterations: 16) { _ in
      if let key = try? HostKey.loadOrCreate(at: file) { fingerprints.add(key.fingerprint) }
    }
    #expect(fingerprints.all.count == 16, "every start found a key")
    #expect(Set(fingerprints.all).count == 1, "and it was one key")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
      .filter { $0.hasPrefix(file.lastPathComponent + ".new-") }
    #expect(leftovers.isEmpty, "no temporary file is left")
  }
}

final class CollectedStrings: @unchecked Sendable {
  private let lock = NSLock()
  private var strings: [String] = []
  func add(_ string: String) { lock.withLock { strings.append(string) } }
  var all: [String] { lock.withLock { strings } }
}
