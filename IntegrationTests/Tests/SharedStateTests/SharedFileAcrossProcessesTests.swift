import Composable
import Foundation
import Testing

/// A shared value kept in a file, changed by another program: the real file system, the real
/// inotify watch, and a shell writing the file as an editor or a second store would. (The unit
/// tier tests the same rules on files in memory; only here does a wait on the wall clock belong.)
@Suite(.serialized)
struct SharedFileAcrossProcessesTests {
  struct Preferences: Codable, Equatable, Sendable {
    var theme = "dark"
  }

  /// How long another program's write may take to be seen: inotify tells within milliseconds;
  /// this bounds a failing test, and a passing one never waits it out.
  static let deadline: Duration = .seconds(10)

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-across-\(UUID().uuidString)")
  var url: URL { folder.appendingPathComponent("preferences.json") }

  func preferences() throws -> Shared<Preferences> {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.sharedRoots = SharedRoots()
    } operation: {
      Shared(wrappedValue: Preferences(), .fileStorage(url))
    }
  }

  /// Runs `script` in `sh` with the file's path as `$1`, as another program.
  func anotherProgram(_ script: String) throws {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", script, "sh", url.path]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
  }

  /// Whether `condition` holds within ``deadline``, checked every 10 ms.
  func eventually(_ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: Self.deadline)
    while clock.now < end {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
  }

  @Test func anAtomicWriteByAnotherProgramIsSeen() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let preferences = try preferences()
    try anotherProgram(#"printf '{"theme":"light"}' > "$1.tmp" && mv "$1.tmp" "$1""#)
    #expect(await eventually { preferences.wrappedValue.theme == "light" })
    #expect(preferences.loadError == nil)
  }

  @Test func aWriteInPlaceByAnotherProgramIsSeen() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let preferences = try preferences()
    try anotherProgram(#"printf '{"theme":"solarized"}' > "$1""#)
    #expect(await eventually { preferences.wrappedValue.theme == "solarized" })
  }

  @Test func aCorruptWriteByAnotherProgramIsAnErrorAndTheValueStays() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let preferences = try preferences()
    preferences.withLock { $0.theme = "light" }
    try anotherProgram(#"printf 'not json' > "$1""#)
    #expect(await eventually { preferences.loadError != nil })
    #expect(preferences.wrappedValue.theme == "light")
    // The next change keeps the unreadable file beside, and writes the value.
    preferences.withLock { $0.theme = "dark" }
    #expect(try String(contentsOf: url.appendingPathExtension("unreadable"), encoding: .utf8) == "not json")
    #expect(try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url)).theme == "dark")
  }

  @Test func twoProcessesValuesMeet() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let preferences = try preferences()
    preferences.withLock { $0.theme = "light" }
    // What this process wrote is what another reads.
    let read = Process()
    let output = Pipe()
    read.executableURL = URL(fileURLWithPath: "/bin/cat")
    read.arguments = [url.path]
    read.standardOutput = output
    try read.run()
    read.waitUntilExit()
    let written = try JSONDecoder().decode(Preferences.self, from: output.fileHandleForReading.readDataToEndOfFile())
    #expect(written.theme == "light")
  }
}
