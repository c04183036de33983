import Foundation
import SSHTestSupport

/// `ssh-attacker MODE --port N [--source ADDRESS] [options]`: one of the attacks the front door
/// is measured against (Benchmarks/hostile-front-door.py runs them beside real shoppers). Prints
/// one line of JSON when done, and holds what it opened until it is done or killed.
///
///   env-flood        one session; COUNT environment requests with NAME-BYTES names, then a shell
///   keystroke-flood  one session with a store; MEGABYTES of keystrokes as fast as the window allows
///   silent           COUNT TCP connections (from consecutive addresses after SOURCE) that say nothing
///   resize-storm     one session with a store; COUNT window changes, then a hang-up
///   channels         one connection asking for COUNT session channels, each with a pty and a shell
@main
struct SSHAttacker {
  static func main() async {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let mode = arguments.first else { return usage() }
    arguments.removeFirst()
    func option(_ name: String, _ fallback: String) -> String {
      guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return fallback }
      return arguments[index + 1]
    }
    guard let port = Int(option("port", "")) else { return usage() }
    let source = option("source", "127.0.0.1")
    let count = Int(option("count", "0")) ?? 0
    let hold = Duration.seconds(Double(option("hold", "20")) ?? 20)
    let start = ContinuousClock.now
    var result: [String: String] = ["mode": mode]
    do {
      switch mode {
      case "env-flood":
        let client = try await SSHTestClient.connect(port: port, source: source)
        let session = try await client.openSession()
        _ = await session.pty()
        let size = Int(option("name-bytes", "30000")) ?? 30_000
        let name = "LC_" + String(repeating: "X", count: size)
        for index in 0..<count { await session.environment(name + "\(index)", "C", wantReply: false) }
        result["shell"] = "\(await session.shell() ?? false)"
        try? await Task.sleep(for: hold)
        await client.close()
      case "keystroke-flood":
        let client = try await SSHTestClient.connect(port: port, source: source)
        let session = try await client.openSession()
        _ = await session.pty()
        _ = await session.shell()
        _ = await session.waitFor("Dot-grid notebook")
        let megabytes = Int(option("megabytes", "200")) ?? 200
        let sent = await session.flood(chunk: Array(repeating: UInt8(ascii: "+"), count: 32_768), total: megabytes << 20, for: hold)
        result["sent-bytes"] = "\(sent)"
        await client.close()
      case "silent":
        let base = source.split(separator: ".").compactMap { Int($0) }
        let connections = (0..<count).compactMap { index -> Int32? in
          let address = "\(base[0]).\(base[1]).\(base[2] + (base[3] + index) / 250).\((base[3] + index) % 250 + 1)"
          return SilentConnection.open(port: port, source: address)
        }
        result["opened"] = "\(connections.count)"
        try? await Task.sleep(for: hold)
        connections.forEach { close($0) }
      case "resize-storm":
        let client = try await SSHTestClient.connect(port: port, source: source)
        let session = try await client.openSession()
        _ = await session.pty()
        _ = await session.shell()
        _ = await session.waitFor("Dot-grid notebook")
        for index in 0..<count { session.windowChange(columns: 80 + index % 40, rows: 24 + index % 10) }
        try? await Task.sleep(for: .milliseconds(100))
        await client.close()
      case "channels":
        let client = try await SSHTestClient.connect(port: port, source: source)
        var opened = 0
        for _ in 0..<count {
          guard let session = try? await client.openSession() else { continue }
          opened += 1
          _ = await session.pty()
          _ = await session.shell()
        }
        result["opened"] = "\(opened)"
        try? await Task.sleep(for: hold)
        await client.close()
      default:
        return usage()
      }
    } catch {
      result["error"] = "\(error)"
    }
    let elapsed = (ContinuousClock.now - start).components
    result["seconds"] = String(format: "%.2f", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
    let json = result.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
    print("{\(json)}")
  }

  static func usage() {
    FileHandle.standardError.write(Data("usage: ssh-attacker env-flood|keystroke-flood|silent|resize-storm|channels --port N [--source A] [--count N] [--hold S]\n".utf8))
    exit(2)
  }
}

/// A TCP connection from `source` that never sends a byte.
enum SilentConnection {
  static func open(port: Int, source: String) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    var remote = sockaddr_in()
    remote.sin_family = sa_family_t(AF_INET)
    remote.sin_port = in_port_t(UInt16(port).bigEndian)
    remote.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    let connected = withUnsafePointer(to: &remote) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, connected == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}
