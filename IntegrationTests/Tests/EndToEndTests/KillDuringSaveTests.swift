import Foundation
import Shop
import StoreTestSupport
import Testing

/// A copy of the store killed with SIGKILL in the middle of saving never leaves a damaged cart:
/// the file always holds one whole cart, the one before or the one after, and the next save
/// clears what the killed one left behind.
struct KillDuringSaveTests {
  static var probe: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cart-save-probe")
  }

  @Test func aSaveKilledAtAnyMomentLeavesTheOldCartOrTheNew() async throws {
    let directory = try StoreTerminal.temporaryStateDirectory()
    let file = directory.appendingPathComponent("cart.json")
    let lines = 200
    var generator = SystemRandomNumberGenerator()
    // Rounds whose kill caught a save in the middle of writing its temporary file.
    var caughtMidWrite = 0

    for round in 1...200 {
      let delay = UInt32.random(in: 0...4_000, using: &generator)
      let diedOfTheKill = try await Blocking.run { () throws -> Bool in
        let process = Process()
        process.executableURL = Self.probe
        process.arguments = [file.path, String(lines)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Wait for "ready": its first save is done, and from then on it does nothing but save.
        _ = output.fileHandleForReading.availableData
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
      }
      #expect(diedOfTheKill, "round \(round): the probe died of the kill")

      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      if names.contains(where: { $0.hasPrefix(".cart.json.") && $0.hasSuffix(".tmp") }) { caughtMidWrite += 1 }
      let saved = try await CartStorage.file(at: file).load()
      let values = Set(saved.quantities.values)
      #expect(saved.quantities.count == lines && (values == [1] || values == [2]), "round \(round): \(saved)")
    }
    #expect(caughtMidWrite > 0, "some kills landed in the middle of a write")

    // Temporary files of killed saves are cleared by the next save, and the lock is free.
    _ = try await CartStorage.file(at: file).apply(CartChanges(quantities: [1: 5]))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["cart.json", "cart.json.lock"])
  }
}
