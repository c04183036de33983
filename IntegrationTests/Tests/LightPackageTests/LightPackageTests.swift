import Foundation
import Testing

/// An app that depends on the kit gets the kit and no more: a package outside this one, made in a
/// temporary folder, depends on `TerminalKit` by path, resolves at most six packages (no server,
/// database, SSH or macro package), builds, and passes a snapshot test of its own screen.
///
/// Both tests run builds of minutes: they wait for them without holding one of the few threads
/// every async test shares, and one after the other.
@Suite(.serialized)
struct LightPackageTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test(.timeLimit(.minutes(15))) func anOutsidePackageGetsTheKitWithFewCheckoutsAndPassesItsOwnSnapshotTest() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = Self.repository.appendingPathComponent("IntegrationTests/Tests/LightPackageTests/OutsidePackage")
    try FileManager.default.copyItem(at: fixture, to: folder)
    let template = try String(contentsOf: folder.appendingPathComponent("Package.swift.template"), encoding: .utf8)
    let kit = Self.repository.appendingPathComponent("TerminalKit").path
    try template.replacingOccurrences(of: "TERMINAL_KIT_PATH", with: kit)
      .write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Package.swift.template"))

    let (status, output) = try await Self.swift(["test", "--jobs", "1"], in: folder)
    #expect(status == 0, "swift test in the outside package failed:\n\(output.suffix(4_000))")
    #expect(output.contains("Test greets() passed"), "the outside package's snapshot test did not pass:\n\(output.suffix(4_000))")

    let checkouts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(".build/checkouts").path)
      .filter { !$0.hasPrefix(".") }.sorted()
    #expect(checkouts.count <= 6, "the kit brought \(checkouts.count) packages: \(checkouts)")
    for heavy in ["swift-nio", "hummingbird", "postgres-nio", "GRDB.swift", "swift-nio-ssh", "swift-dependencies"] {
      #expect(!checkouts.contains(heavy), "the kit brought \(heavy)")
    }
  }

  /// The kit builds without a warning, and its DocC catalog (articles, the to-do tutorial, every
  /// symbol link in the doc comments) builds with swift-docc-plugin with warnings as errors. In a
  /// build folder of the test's own, so a developer's `.build` is left alone.
  @Test(.timeLimit(.minutes(20))) func theKitBuildsWithoutWarningsAndItsDocumentationBuilds() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kit-docs-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let kit = Self.repository.appendingPathComponent("TerminalKit")
    for target in ["TerminalKit", "CursesTerminal", "TerminalKitTesting"] {
      let (status, output) = try await Self.swift(
        ["build", "--jobs", "1", "--scratch-path", scratch.path, "--target", target, "-Xswiftc", "-warnings-as-errors"], in: kit, log: scratch)
      #expect(status == 0, "\(target) does not build without warnings:\n\(output.suffix(4_000))")
    }
    let (status, output) = try await Self.swift(
      ["package", "--jobs", "1", "--scratch-path", scratch.path, "generate-documentation", "--target", "TerminalKit", "--warnings-as-errors"], in: kit, log: scratch)
    #expect(status == 0, "the documentation does not build cleanly:\n\(output.suffix(6_000))")
    #expect(output.contains("Generated documentation archive"), "\(output.suffix(2_000))")
  }

  /// Runs `swift ARGUMENTS` in `folder`, its output and errors together, with the snapshot
  /// tests told never to record (a missing reference fails instead of being written). The
  /// builds run on one core (`--jobs 1`), so the suite's other tests keep the other.
  static func swift(_ arguments: [String], in folder: URL, log logFolder: URL? = nil) async throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift"] + arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["SNAPSHOT_TESTING_RECORD"] = "never"
    process.environment = environment
    let logs = logFolder ?? folder
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    let log = logs.appendingPathComponent("swift-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    let ended = AsyncStream<Void> { continuation in
      process.terminationHandler = { _ in continuation.finish() }
    }
    try process.run()
    for await _ in ended {}
    try handle.close()
    return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
  }
}
