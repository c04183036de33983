import Foundation
import StoreModels
import StoreTestSupport
import Testing

/// The program outside a terminal: clear refusals, and `onlinestore snapshot`.
struct CommandLineTests {
  struct Output {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  /// Runs the built program with `arguments`, stdin and stdout not terminals, on a thread of its
  /// own: a debug build can take a second to start on a busy machine, and a test waiting on it
  /// synchronously holds one of the few threads every test shares (these tests once held both
  /// for the run's first 14 s, and every other test waited). Its errors go to a file, so a long
  /// message cannot fill a pipe nobody is reading yet.
  ///
  /// A program still running after `limit` is killed, and the test fails saying so.
  func run(_ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(120)) async throws -> Output {
    let state = try StoreTerminal.temporaryStateDirectory()
    var merged = ProcessInfo.processInfo.environment
    merged["XDG_STATE_HOME"] = state.path
    merged.merge(environment) { $1 }
    let finalEnvironment = merged
    return try await Blocking.run {
      let process = Process()
      process.executableURL = StoreTerminal.binary
      process.arguments = arguments
      process.environment = finalEnvironment
      let output = Pipe()
      let errors = state.appendingPathComponent("stderr.txt")
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
      let errorHandle = try FileHandle(forWritingTo: errors)
      process.standardOutput = output
      process.standardError = errorHandle
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(limit.components.seconds * 1_000)), execute: watchdog)
      let out = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      watchdog.cancel()
      try errorHandle.close()
      if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGTERM {
        throw TestFailure("onlinestore \(arguments.joined(separator: " ")) was still running after \(limit)")
      }
      return Output(
        status: process.terminationStatus,
        standardOutput: String(decoding: out, as: UTF8.self),
        standardError: (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      )
    }
  }

  @Test func withoutATerminalItRefusesClearly() async throws {
    let output = try await run([])
    #expect(output.status == 2)
    #expect(output.standardError.contains("onlinestore needs a terminal"))
    #expect(output.standardError.contains("onlinestore snapshot"))
    #expect(output.standardOutput.isEmpty, "nothing that looks like a screen")
  }

  @Test func snapshotPrintsAScreen() async throws {
    let output = try await run(["snapshot", "--size", "80x24", "--latency", "0", "--keys", "+ j + c"])
    #expect(output.status == 0, "\(output.standardError)")
    let lines = output.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count >= 24)
    #expect(lines[0].hasSuffix("Cart: 2 items · $35.50"))
    #expect(output.standardOutput.contains("Quantity: 1"))
    #expect(!output.standardOutput.contains("\u{1B}"), "plain text, no escape sequences")
  }

  @Test func snapshotCanShowStyles() async throws {
    let output = try await run(["snapshot", "--size", "80x24", "--latency", "0", "--format", "styled", "--no-color"])
    #expect(output.status == 0)
    #expect(output.standardOutput.contains("-- styles (row:column style, in reading order, from plain) --\n0:1 bold reversed\n"))
    #expect(!output.standardOutput.contains("fg:"), "no colours in monochrome")
    let alias = try await run(["snapshot", "--size", "80x24", "--latency", "0", "--styles", "--no-color"])
    #expect(alias.standardOutput == output.standardOutput, "--styles is --format styled")
  }

  /// Every format prints the same screen: ANSI with colours, SVG as an image, a recording with
  /// one frame per key and real pauses between them.
  @Test func snapshotFormats() async throws {
    let keys = ["--keys", "+ j +"]
    let text = try await run(["snapshot", "--latency", "0", "--format", "text"] + keys).standardOutput
    let ansi = try await run(["snapshot", "--latency", "0", "--format", "ansi"] + keys).standardOutput
    #expect(ansi.contains("\u{1B}[0;1;7"), "the selected tab, reversed")
    let stripped = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    #expect(stripped == text, "ANSI without its colours is the text")
    let svg = try await run(["snapshot", "--latency", "0", "--format", "svg"] + keys).standardOutput
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("Cart: 2 items · $35.50") && svg.utf8.count < 60_000)
    let started = Date()
    let cast = try await run(["snapshot", "--latency", "0", "--format", "cast", "--key-delay", "200"] + keys).standardOutput
    let lines = cast.split(separator: "\n")
    #expect(lines.first?.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24") == true)
    #expect(lines.count == 5, "the first frame and one per key")
    let times = lines.dropFirst().compactMap { Double($0.dropFirst().prefix { $0 != "," }) }
    #expect(times.count == 4 && zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 0.19 }, "real pauses: \(times)")
    #expect(Date().timeIntervalSince(started) >= 0.6)
  }

  @Test(arguments: [
    (["snapshot", "--size", "huge"], "--size needs COLUMNSxROWS"),
    (["snapshot", "--keys", "j Hyper"], "Unknown key 'Hyper'"),
    (["snapshot", "--format", "png"], "The value 'png' is invalid for '--format <format>'"),
    (["snapshot", "--key-delay", "9000"], "--key-delay must be between 0 and 5000 milliseconds (got 9000)"),
    (["snapshot", "--keys", tooManyKeys], "--keys can hold at most 2000 keys (got 2001)"),
    (["--api", "ftp://example.com"], "--api needs an http or https address"),
    (["--user", "0"], "--user needs a positive customer number"),
    (["--latency", "600000"], "--latency needs a number of milliseconds"),
    (["--latency", "-5"], "--latency needs a number of milliseconds between 0 and 60000 (got -5)"),
    (["--user", "-1"], "--user needs a positive customer number (got -1)"),
    (["--timeout", "0"], "--timeout needs a number of seconds between 1 and 600 (got 0)"),
    (["--log", "/no/such/dir/file.log"], "--log: there is no directory /no/such/dir"),
    (["--log", "/tmp"], "--log cannot write to /tmp: Is a directory"),
    (["serve", "--metrics", "9464"], "--metrics needs HOST:PORT, such as 127.0.0.1:9465 (got '9464')"),
    (["serve", "--metrics", "127.0.0.1:99999"], "--metrics needs HOST:PORT, such as 127.0.0.1:9465 (got '127.0.0.1:99999')"),
    (["serve", "--metrics", ":9464"], "--metrics needs HOST:PORT, such as 127.0.0.1:9465 (got ':9464')"),
  ])
  func badArgumentsGetAClearMessage(arguments: [String], message: String) async throws {
    let output = try await run(arguments)
    #expect(output.status == 64, "a usage error")
    #expect(output.standardError.contains(message), "\(output.standardError)")
  }

  /// A second `serve` given the metrics port a first one holds stops at once, saying which port
  /// and why, before it takes any shopper; the first goes on answering.
  @Test func aSecondServeOnTheSameMetricsPortStopsSayingSo() async throws {
    let workspace = try SSHEndToEndTests.workspace()
    let metricsPort = try Deployment.freePort()
    let first = try await ServeProcess.start(
      stateDirectory: workspace.appendingPathComponent("first"), arguments: ["--metrics", "127.0.0.1:\(metricsPort)"]
    )
    let second = try await run([
      "serve", "--listen", "127.0.0.1:0", "--state-dir", workspace.appendingPathComponent("second").path, "--metrics", "127.0.0.1:\(metricsPort)",
    ])
    #expect(second.status != 0)
    #expect(second.standardError.contains("Could not listen on 127.0.0.1:\(metricsPort) for --metrics"), "\(second.standardError)")
    let ready = try await PrometheusScrapeTests.send("GET", URL(string: "http://127.0.0.1:\(metricsPort)/readyz")!)
    #expect(ready.0 == 200, "the first still answers")
    #expect(await first.stop() == 0)
  }

  /// The README's first screen is what the command it names prints, line for line: the first
  /// thing a newcomer compares.
  @Test func theReadmesScreenIsWhatItsSnapshotCommandPrints() async throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md"),
      encoding: .utf8
    )
    let screen = try #require(readme.firstMatch(of: /```\n(  Products[^`]*)```\n\nThat screen is the output of\n`swift run onlinestore ([^`]*)`/))
    let command = String(screen.output.2)
    let keys = try #require(command.firstMatch(of: /--keys "([^"]*)"/)).output.1
    let arguments = command.replacing(#/\s--keys "[^"]*"/#, with: "").split(separator: " ").map(String.init) + ["--keys", String(keys)]
    let printed = try await run(arguments)
    #expect(printed.status == 0, "\(printed.standardError)")
    #expect(printed.standardOutput == String(screen.output.1), "README.md shows another screen than `onlinestore \(command)` prints:\n\(printed.standardOutput)")
  }

  @Test func versionAndHelp() async throws {
    #expect(try await run(["--version"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "onlinestore \(Release.version)")
    let help = try await run(["--help"]).standardOutput
    for subcommand in ["shop (default)", "snapshot", "serve", "admin"] {
      #expect(help.contains(subcommand), "help mentions \(subcommand)")
    }
    let shopHelp = try await run(["shop", "--help"]).standardOutput
    for flag in ["--api", "--user", "--timeout", "--latency", "--no-color", "--log"] {
      #expect(shopHelp.contains(flag), "the shop's help mentions \(flag)")
    }
    let adminHelp = try await run(["admin", "--help"]).standardOutput
    for flag in ["--api", "--admin-token-file"] {
      #expect(adminHelp.contains(flag), "the back office's help mentions \(flag)")
    }
  }

  /// `serve --new-host-key` makes the key every host of one store serves, once.
  @Test func aSharedHostKeyIsMadeOnceAndNeverReplaced() async throws {
    let file = try StoreTerminal.temporaryStateDirectory().appendingPathComponent("store_host_key")
    let made = try await run(["serve", "--new-host-key", file.path])
    #expect(made.status == 0, "\(made.standardError)")
    #expect(made.standardOutput.hasPrefix("\(file.path): host key SHA256:"))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "readable by the server's user only")
    let before = try Data(contentsOf: file)
    let again = try await run(["serve", "--new-host-key", file.path])
    #expect(again.status == 1 && again.standardError.contains("exists already"))
    #expect(try Data(contentsOf: file) == before, "the key is the same")
  }
}

/// One key more than `snapshot` takes.
let tooManyKeys: String = Array(repeating: "j", count: 2_001).joined(separator: " ")
