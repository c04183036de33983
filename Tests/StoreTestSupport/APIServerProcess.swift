import Foundation

/// The built `onlinestore-api`, started as its own process on 127.0.0.1 and a port it chose.
///
/// `@unchecked Sendable` because `Process` is not marked `Sendable`; the tests only signal it
/// and wait for it, which `Process` allows from any thread.
public struct APIServerProcess: @unchecked Sendable {
  public let process: Process
  public let baseURL: URL

  /// The `onlinestore-api` built next to the running test bundle.
  public static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("onlinestore-api")
  }

  /// Starts it over `database` (`sqlite:PATH` or `postgres://…`) and waits for its first line,
  /// `onlinestore-api: listening on 127.0.0.1:PORT (database: …)` — on a thread of its own, so
  /// that waiting never blocks the threads every test's tasks run on.
  ///
  /// It listens on `host` (an address of this machine's; 127.0.0.1 unless a test's network
  /// namespaces need another).
  /// Its log (standard error) goes to `log` when given.
  ///
  /// With `asServiceUser`, it runs as the unprivileged ``ServiceUser`` (when the tests are root),
  /// as a deployment runs it; what it reads and writes must be that user's.
  public static func start(
    database: String, arguments: [String] = [], host: String = "127.0.0.1", log: URL? = nil, asServiceUser: Bool = false
  ) async throws -> APIServerProcess {
    try await Blocking.run { try startBlocking(database: database, arguments: arguments, host: host, log: log, asServiceUser: asServiceUser) }
  }

  private static func startBlocking(database: String, arguments: [String], host: String, log: URL?, asServiceUser: Bool) throws -> APIServerProcess {
    let arguments = ["--listen", "\(host):0", "--database", database] + arguments
    let (program, command) = asServiceUser ? ServiceUser.command(binary, arguments) : (binary, arguments)
    let (process, port) = try ListeningProcess.startBlocking(
      program, command, readyLine: "onlinestore-api: listening on \(host):", standardError: log
    )
    return APIServerProcess(process: process, baseURL: URL(string: "http://\(host):\(port)")!)
  }

  /// SIGTERM, and waits for the process to end.
  public func stop() async {
    let process = self.process
    process.terminate()
    await Blocking.run { process.waitUntilExit() }
  }

  /// SIGKILL, and waits for the process to end.
  public func kill9() async {
    let process = self.process
    kill(process.processIdentifier, SIGKILL)
    await Blocking.run { process.waitUntilExit() }
  }

  public struct StartFailure: Error, CustomStringConvertible {
    public let description: String
  }
}

/// A server started as a process of its own, which says when it listens with a first line
/// `<readyLine><port>…` on its standard output.
public enum ListeningProcess {
  /// Starts `binary` and waits, blocking, for its first line; returns it and the port it
  /// chose. Its standard error goes to `standardError` (discarded if `nil`).
  public static func startBlocking(
    _ binary: URL, _ arguments: [String], readyLine: String, standardError: URL? = nil, environment: [String: String]? = nil
  ) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    if let standardError {
      guard FileManager.default.createFile(atPath: standardError.path, contents: nil) else {
        throw APIServerProcess.StartFailure(description: "cannot create \(standardError.path)")
      }
      process.standardError = try FileHandle(forWritingTo: standardError)
    } else {
      process.standardError = FileHandle.nullDevice
    }
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else {
        // What it said on the way out says why.
        let said = standardError.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.map { String($0.suffix(2_000)) } ?? ""
        throw APIServerProcess.StartFailure(description: "\(binary.lastPathComponent) \(arguments.prefix(3).joined(separator: " ")) ended before it listened: \(said)")
      }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix(readyLine), let port = Int(text.dropFirst(readyLine.count).prefix { $0.isNumber }) else {
      throw APIServerProcess.StartFailure(description: "unexpected first line: \(text)")
    }
    return (process, port)
  }
}

/// Blocking work (waiting for a process, reading a pipe) for async tests, on a dispatch thread:
/// blocking one of the cooperative pool's threads — two on this machine — stalls every test
/// running beside it.
public enum Blocking {
  public static func run<Value>(_ work: @escaping @Sendable () throws -> Value) async throws -> sending Value {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  public static func run<Value>(_ work: @escaping @Sendable () -> Value) async -> sending Value {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }
}
