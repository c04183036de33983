import Foundation

/// The built `onlinestore-api`, started as its own process on 127.0.0.1 and a port it chose.
public struct APIServerProcess {
  public let process: Process
  public let baseURL: URL

  /// The `onlinestore-api` built next to the running test bundle.
  public static var binary: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("onlinestore-api")
  }

  /// Starts it over `database` (`sqlite:PATH` or `postgres://…`) and waits for its first line,
  /// `onlinestore-api: listening on 127.0.0.1:PORT (database: …)`.
  public static func start(database: String, arguments: [String] = []) throws -> APIServerProcess {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--listen", "127.0.0.1:0", "--database", database] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw StartFailure(description: "onlinestore-api ended before it listened") }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    let prefix = "onlinestore-api: listening on 127.0.0.1:"
    guard text.hasPrefix(prefix), let port = Int(text.dropFirst(prefix.count).prefix { $0.isNumber }) else {
      throw StartFailure(description: "unexpected first line: \(text)")
    }
    return APIServerProcess(process: process, baseURL: URL(string: "http://127.0.0.1:\(port)")!)
  }

  /// SIGTERM, and waits for the process to end.
  public func stop() {
    process.terminate()
    process.waitUntilExit()
  }

  public struct StartFailure: Error, CustomStringConvertible {
    public let description: String
  }
}
