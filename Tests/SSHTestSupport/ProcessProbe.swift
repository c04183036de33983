import Foundation

/// What `/proc` says about a process: its memory, its CPU time, its children, its descriptors
/// and environment. For tests that check what a client could make a server hold.
public struct ProcessProbe: Sendable {
  public let pid: Int32

  public init(_ pid: Int32) {
    self.pid = pid
  }

  /// Resident memory in bytes (VmRSS), or `nil` if the process is gone.
  public var residentBytes: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return nil }
    return kilobytes * 1_024
  }

  /// CPU time used so far (user and system), in seconds.
  public var cpuSeconds: Double? {
    guard let fields = statFields, fields.count > 14, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The process's nice value.
  public var niceness: Int? {
    guard let fields = statFields, fields.count > 16 else { return nil }
    return Int(fields[16])
  }

  public var isAlive: Bool { kill(pid, 0) == 0 && statFields?.first != "Z" }

  /// The fields of `/proc/PID/stat` after the command name, the state first.
  private var statFields: [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
      return nil
    }
    return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
  }

  /// The parent's pid.
  public var parent: Int32? { statFields.flatMap { $0.count > 1 ? Int32($0[1]) : nil } }

  /// The process's children.
  public var children: [ProcessProbe] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).map(ProcessProbe.init).filter { $0.parent == pid }
  }

  /// What `ps` shows: the command line's arguments joined by spaces.
  public var commandLine: String? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return nil }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
  }

  /// The process's environment, `NAME=value` lines.
  public var environment: [String] {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ")) else { return [] }
    return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The open descriptors and what each is (`socket:[…]`, `/dev/pts/3`, a path).
  public var descriptors: [Int: String] {
    let directory = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return Dictionary(
      uniqueKeysWithValues: names.compactMap { name in
        Int(name).map { ($0, (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(name)")) ?? "?") }
      }
    )
  }

  /// Waits up to `seconds` for `condition`; whether it held.
  public static func eventually(_ seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
  }
}
