import Foundation
import Testing

/// Runs the built `onlinestore` in tmux through the repository's driver, `Tests/Tools/tmux-drive.sh`:
/// keys in, screens out, and a check that the terminal was restored (the driver's exit status
/// is 4 when it was not).
struct TUIDrive {
  /// What one run produced.
  struct Run {
    /// The driver's exit status: 0 when the program's terminal was restored (or it is still
    /// running), 2 or 3 when a screen it waited for never came, 4 when the terminal was not
    /// restored.
    let driverStatus: Int32
    /// The program's exit status, if it exited.
    let programStatus: Int32?
    /// The screen after the start and after each step, in order.
    let screens: [String]
    /// The screen after the program exited.
    let finalScreen: String?
    /// The driver's own messages, for failures.
    let log: String

    var lastScreen: String { screens.last ?? "" }
  }

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let tool = root.appendingPathComponent("Tests/Tools/tmux-drive.sh")

  /// The `onlinestore` built next to this test bundle.
  static var binary: URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return directory.appendingPathComponent("onlinestore")
  }

  /// A fresh state directory, so a test never touches the user's saved cart.
  static func temporaryStateDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("onlinestore-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The quantities saved for `customer` at `store` (a directory name under `carts/`) in the
  /// state directory `state`.
  static func savedQuantities(in state: URL, store: String = "embedded", customer: String = "user-1") throws -> [Int: Int] {
    let file = state.appendingPathComponent("onlinestore/carts/\(store)/\(customer).json")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let quantities = json?["quantities"] as? [String: Int] ?? [:]
    return Dictionary(uniqueKeysWithValues: quantities.map { (Int($0.key)!, $0.value) })
  }

  /// Starts the store at `size` with `arguments`, waits for a first screen matching
  /// `firstScreen`, runs `steps` (tmux key names, `@wait REGEX`, `@resize WxH`,
  /// `@signal NAME`), and collects the screens.
  static func run(
    size: String = "80x24",
    arguments: [String] = ["--latency", "30"],
    stateDirectory: URL,
    firstScreen: String = "q quit",
    environment: [String] = [],
    term: String = "tmux-256color",
    command: [String]? = nil,
    steps: [String]
  ) async throws -> Run {
    guard FileManager.default.isExecutableFile(atPath: tool.path) else {
      throw Failure("The terminal driver is missing or not executable: \(tool.path).")
    }
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw Failure("The store was not built: \(binary.path). Run 'swift build' first.")
    }
    let output = try temporaryStateDirectory().appendingPathComponent("screens")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let dimensions = size.split(separator: "x")
    var driverArguments = [
      "-q", "-x", String(dimensions[0]), "-y", String(dimensions[1]), "-o", output.path,
      "-r", firstScreen, "-t", "20", "-T", term,
      "-E", "XDG_STATE_HOME=\(stateDirectory.path)", "-E", "LANG=C.UTF-8",
    ] + environment.flatMap { ["-E", $0] }
    for step in steps { driverArguments += ["-s", step] }
    driverArguments += ["--"] + (command ?? [binary.path] + arguments)

    let outputFile = output.deletingLastPathComponent().appendingPathComponent("driver.out")
    let status = try await CleanSpawn.run(tool.path, driverArguments, outputFile: outputFile.path)
    let logText = [outputFile, output.appendingPathComponent("log")]
      .compactMap { try? String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")

    let files = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
    let screens = files.filter { $0.hasSuffix(".txt") && $0.first?.isNumber == true }.sorted().map {
      (try? String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)) ?? ""
    }
    let exitCode = (try? String(contentsOf: output.appendingPathComponent("exit-code"), encoding: .utf8))
      .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let final = try? String(contentsOf: output.appendingPathComponent("final.txt"), encoding: .utf8)
    return Run(
      driverStatus: status, programStatus: exitCode, screens: screens,
      finalScreen: final, log: logText
    )
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}
