import Foundation
import StoreTestSupport
import Testing

/// The session starter runs from a constructor in every program it is linked into, so only the
/// program that serves links it: `onlinestore` has it, this test program (which links the
/// server's side of it through the front door's library) has not.
struct SessionStarterLinkingTests {
  /// Which of `names` `binary` defines as functions, by its symbol table (binutils' `nm`). Run
  /// on a thread of its own: a debug binary's table is tens of megabytes, and the tests' own
  /// threads must not wait on it.
  static func defines(_ names: [String], in binary: URL) async throws -> Set<String> {
    try await Blocking.run {
      let nm = Process()
      nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
      nm.arguments = ["-p", "--defined-only", binary.path]
      let output = Pipe()
      nm.standardOutput = output
      try nm.run()
      let listing = output.fileHandleForReading.readDataToEndOfFile()
      nm.waitUntilExit()
      return Set(names.filter { listing.range(of: Data(" T \($0)\n".utf8)) != nil })
    }
  }

  @Test func theStarterIsOnlyInTheProgramThatServes() async throws {
    let names = ["ss_session_arguments", "sr_decode"]
    let tests = URL(fileURLWithPath: CommandLine.arguments[0])
    let store = tests.deletingLastPathComponent().appendingPathComponent("onlinestore")
    #expect(try await Self.defines(names, in: store) == Set(names), "onlinestore serves: it has both sides")
    #expect(try await Self.defines(names, in: tests) == ["sr_decode"], "the server's side is linked here, the starter is not")
  }
}
