import Foundation
import SSHTestSupport
import StoreTestSupport

/// `onlinestore serve` on 127.0.0.1 and a port it chose, with a state directory of its own, and
/// OpenSSH client commands that reach it.
///
/// `@unchecked Sendable` because `Process` is not marked `Sendable`; the tests only signal it
/// and wait for it, which `Process` allows from any thread.
struct ServeProcess: @unchecked Sendable {
  let process: Process
  let host: String
  let port: Int
  let stateDirectory: URL
  /// The server's standard error: one line per session started and ended.
  let log: URL

  /// Starts the server; with `openFileLimit`, under that limit of open files (hard and soft, so
  /// that the server cannot raise it).
  ///
  /// With `namespace`, it runs in that network namespace (`ip netns exec`), listening on `host`.
  ///
  /// It runs as the unprivileged ``ServiceUser`` when the tests are root, as a deployment runs
  /// it: its state directory and every file its arguments name are handed to that user first.
  static func start(
    stateDirectory: URL, arguments: [String] = [], openFileLimit: Int? = nil, host: String = "127.0.0.1", namespace: String? = nil
  ) async throws -> ServeProcess {
    try await Blocking.run {
      let log = stateDirectory.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString).log")
      if ServiceUser.account != nil {
        if !FileManager.default.fileExists(atPath: stateDirectory.path) { try ServiceUser.makeStateDirectory(stateDirectory) }
        ServiceUser.handOver(stateDirectory)
        for argument in arguments where argument.hasPrefix("/") && FileManager.default.fileExists(atPath: argument) {
          ServiceUser.handOver(URL(fileURLWithPath: argument))
        }
      }
      var (binary, command) = ServiceUser.command(
        StoreTerminal.binary, ["serve", "--listen", "\(host):0", "--state-dir", stateDirectory.path] + arguments
      )
      if let openFileLimit {
        command = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", binary.path] + command
        binary = URL(fileURLWithPath: "/bin/sh")
      }
      if let namespace {
        command = ["netns", "exec", namespace, binary.path] + command
        binary = URL(fileURLWithPath: "/usr/sbin/ip")
      }
      let (process, port) = try ListeningProcess.startBlocking(
        binary, command, readyLine: "onlinestore serve: listening on \(host):", standardError: log
      )
      return ServeProcess(process: process, host: host, port: port, stateDirectory: stateDirectory, log: log)
    }
  }

  /// `ssh` to the server: no known-hosts file, nothing from the user's own configuration, the
  /// key `identity` if given (else no key at all), and a pseudo-terminal unless `terminal` is
  /// false (`-T`).
  ///
  /// With `knownHosts`, the host key must be the one that file holds for the alias `onlinestore`
  /// (the first connection writes it there): a client that reaches a store through any of its
  /// hosts checks each against one key, as behind a load balancer.
  func ssh(identity: URL?, terminal: Bool = true, options: [String] = [], source: String? = nil, knownHosts: URL? = nil) -> [String] {
    Self.ssh(host: host, port: port, identity: identity, terminal: terminal, options: options, source: source, knownHosts: knownHosts)
  }

  /// `ssh` to a store at `host`:`port` (a load balancer, say), as ``ssh(identity:terminal:options:source:knownHosts:)``.
  static func ssh(
    host: String, port: Int, identity: URL?, terminal: Bool = true, options: [String] = [], source: String? = nil, knownHosts: URL? = nil
  ) -> [String] {
    var command = [
      "ssh", terminal ? "-tt" : "-T", "-F", "/dev/null", "-p", String(port),
    ]
    // A source address of its own (any 127.x.y.z is this machine), for tests of many shoppers:
    // the server counts connections per address.
    if let source { command += ["-b", source] }
    if let knownHosts {
      command += ["-o", "StrictHostKeyChecking=accept-new", "-o", "UserKnownHostsFile=\(knownHosts.path)", "-o", "HostKeyAlias=onlinestore"]
    } else {
      command += ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null"]
    }
    // ssh keeps the first value it is given for an option: a test's own LogLevel comes first.
    if !options.contains(where: { $0.hasPrefix("LogLevel=") }) { command += ["-o", "LogLevel=ERROR"] }
    command += ["-o", "BatchMode=\(identity == nil ? "no" : "yes")"]
    if let identity {
      command += ["-o", "IdentitiesOnly=yes", "-i", identity.path]
    } else {
      command += ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
    }
    let logLevel = options.firstIndex { $0.hasPrefix("LogLevel=") }.map { ["-o", options[$0]] } ?? []
    return [command[0]] + logLevel + command.dropFirst() + options + ["shopper@\(host)"]
  }

  /// SIGTERM, and the exit status; a server still running 20 s later is killed (SIGKILL), so a
  /// server that will not stop fails its test instead of hanging it.
  func stop() async -> Int32 {
    let process = self.process
    process.terminate()
    return await Blocking.run {
      let deadline = Date().addingTimeInterval(20)
      while process.isRunning, Date() < deadline { usleep(20_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  var pid: Int32 { process.processIdentifier }

  /// The server's store processes: its children, but for the session starter.
  var stores: [ProcessProbe] {
    ProcessProbe(pid).children.filter { $0.commandLine != "onlinestore serve: session starter" }
  }

  /// The session starter, while there is one.
  var starter: ProcessProbe? {
    ProcessProbe(pid).children.first { $0.commandLine == "onlinestore serve: session starter" }
  }
}

/// A new ed25519 key pair for a shopper, made with ssh-keygen.
enum ShopperKey {
  static func make(in directory: URL, name: String) async throws -> URL {
    let key = directory.appendingPathComponent(name)
    let status = try await CleanSpawn.run(
      "/usr/bin/env", ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.path],
      outputFile: directory.appendingPathComponent("\(name).log").path
    )
    guard status == 0 else { throw TestFailure("ssh-keygen failed") }
    return key
  }
}

/// The host key every host of one store serves, made by `onlinestore serve --new-host-key`.
enum HostKeyFile {
  static func make(in directory: URL) async throws -> URL {
    let file = directory.appendingPathComponent("store_host_key")
    let status = try await CleanSpawn.run(
      StoreTerminal.binary.path, ["serve", "--new-host-key", file.path], outputFile: directory.appendingPathComponent("host-key.log").path
    )
    guard status == 0 else { throw TestFailure("onlinestore serve --new-host-key failed") }
    return file
  }
}
