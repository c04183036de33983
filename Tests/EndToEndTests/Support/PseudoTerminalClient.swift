import CPseudoTerminal
import Foundation

/// A program (here `ssh -tt`) on a bare pseudo-terminal of its own, for tests that run many at
/// once and read the bytes themselves: bytes in, bytes out, its exit status. (A test that reads
/// screens uses `TerminalSession`, which has an emulator on the other side.)
///
/// `@unchecked Sendable`: each client is used by one test task at a time.
final class PseudoTerminalClient: @unchecked Sendable {
  let pid: pid_t
  private let controller: Int32
  private(set) var output = Data()

  init(_ command: [String], environment: [String: String] = [:], columns: Int = 80, rows: Int = 24) throws {
    let path = "/usr/bin/env"
    var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    variables["TERM"] = "xterm-256color"
    let arguments = [path] + command
    let environmentLines = variables.map { "\($0.key)=\($0.value)" }
    var controller: Int32 = -1
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environmentLines.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    pid = pt_spawn(path, argv, envp, Int32(rows), Int32(columns), &controller)
    guard pid > 0 else { throw TestFailure("could not start \(command.joined(separator: " "))") }
    self.controller = controller
  }

  deinit {
    close(controller)
  }

  func send(_ text: String) {
    _ = text.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
  }

  /// Reads what the program wrote for up to `seconds`, or until `done` says enough; returns
  /// whether `done` was satisfied. Blocking: call it from a thread that may block.
  @discardableResult
  func read(for seconds: Double, until done: (Data) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while Date() < deadline {
      if done(output) { return true }
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
      guard ready > 0 else { continue }
      let count = Foundation.read(controller, &buffer, buffer.count)
      if count > 0 {
        output.append(contentsOf: buffer[0..<count])
      } else if count < 0, errno == EAGAIN || errno == EINTR {
        continue
      } else {
        break
      }
    }
    return done(output)
  }

  /// Reads until the program has written nothing for `quiet` seconds (or `limit` has passed).
  func readUntilQuiet(_ quiet: Double, limit: Double = 10) {
    let deadline = Date().addingTimeInterval(limit)
    var lastCount = -1
    while Date() < deadline, output.count != lastCount {
      lastCount = output.count
      read(for: quiet) { $0.count != lastCount }
    }
  }

  /// Sends `key` and waits for what it draws: the seconds from the key to the last byte of its
  /// answer (the answer is over once `quiet` seconds pass without a byte), or `nil` if nothing
  /// came within `limit`.
  func answerTime(to key: String, quiet: Double = 0.05, limit: Double = 2) -> Double? {
    readUntilQuiet(quiet)
    let before = output.count
    let sent = Date()
    send(key)
    guard read(for: limit, until: { $0.count > before }) else { return nil }
    var lastByte = Date()
    while true {
      let count = output.count
      read(for: quiet) { $0.count > count }
      guard output.count > count else { break }
      lastByte = Date()
    }
    return lastByte.timeIntervalSince(sent)
  }

  /// Whether `text` has appeared in the output since `from` bytes.
  func contains(_ text: String, after from: Int = 0) -> Bool {
    output.count > from && output[from...].range(of: Data(text.utf8)) != nil
  }

  /// Waits up to `seconds` for the program to end; its exit status, or `nil`.
  func waitForExit(seconds: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    var status: Int32 = 0
    while Date() < deadline {
      read(for: 0.05) { _ in false }
      if waitpid(pid, &status, WNOHANG) == pid {
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
      }
    }
    return nil
  }

  func kill(_ signal: Int32) {
    Foundation.kill(pid, signal)
  }
}
