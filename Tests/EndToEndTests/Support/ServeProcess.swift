import Foundation
import StoreTestSupport

/// `onlinestore serve` on 127.0.0.1 and a port it chose, with a state directory of its own, and
/// OpenSSH client commands that reach it.
///
/// `@unchecked Sendable` because `Process` is not marked `Sendable`; the tests only signal it
/// and wait for it, which `Process` allows from any thread.
struct ServeProcess: @unchecked Sendable {
  let process: Process
  let port: Int
  let stateDirectory: URL
  /// The server's standard error: one line per session started and ended.
  let log: URL

  static func start(stateDirectory: URL, arguments: [String] = []) async throws -> ServeProcess {
    try await Blocking.run {
      let log = stateDirectory.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString).log")
      let (process, port) = try ListeningProcess.startBlocking(
        TUIDrive.binary, ["serve", "--listen", "127.0.0.1:0", "--state-dir", stateDirectory.path] + arguments,
        readyLine: "onlinestore serve: listening on 127.0.0.1:", standardError: log
      )
      return ServeProcess(process: process, port: port, stateDirectory: stateDirectory, log: log)
    }
  }

  /// `ssh` to the server: no known-hosts file, nothing from the user's own configuration, the
  /// key `identity` if given (else no key at all), and a pseudo-terminal unless `terminal` is
  /// false (`-T`).
  func ssh(identity: URL?, terminal: Bool = true, options: [String] = []) -> [String] {
    var command = [
      "ssh", terminal ? "-tt" : "-T", "-F", "/dev/null", "-p", String(port),
      "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
      "-o", "BatchMode=\(identity == nil ? "no" : "yes")",
    ]
    if let identity {
      command += ["-o", "IdentitiesOnly=yes", "-i", identity.path]
    } else {
      command += ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password"]
    }
    return command + options + ["shopper@127.0.0.1"]
  }

  func stop() async -> Int32 {
    let process = self.process
    process.terminate()
    return await Blocking.run {
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  var logText: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
}

/// A new ed25519 key pair for a shopper, made with ssh-keygen.
enum ShopperKey {
  static func make(in directory: URL, name: String) async throws -> URL {
    let key = directory.appendingPathComponent(name)
    let status = try await CleanSpawn.run(
      "/usr/bin/env", ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.path],
      outputFile: directory.appendingPathComponent("\(name).log").path
    )
    guard status == 0 else { throw TUIDrive.Failure("ssh-keygen failed") }
    return key
  }
}
