import CPseudoTerminal
import Foundation
import TerminalKit

/// One program on a pseudo-terminal and the emulator on its other side, with the one thread
/// that does all of the session's I/O: it reads the program's output into the emulator, writes
/// what the terminal has to send (keys, pastes, answers to queries) when the program can take
/// it, and reaps the program. A test only ever queues input and reads state, so it never blocks
/// on the program, and the program is never stuck writing while the test waits to type.
final class SessionConnection: @unchecked Sendable {
  /// Everything below is read and changed under this lock.
  private let lock = NSLock()
  private let emulator: Emulator
  private var scanner: OutputScanner
  private var log: SessionLog
  private var outgoing: [UInt8] = []
  private(set) var status: TerminalSession.ExitStatus?
  /// The line settings when the program was reaped: what it left the terminal in.
  private(set) var settingsAtExit: LineSettings?
  /// Counts changes of the screen, so a wait can tell "nothing new" without reading it.
  private(set) var version = 0
  private(set) var lastOutput: ContinuousClock.Instant
  /// When the synchronized frame being held began.
  private var frameBegan: ContinuousClock.Instant
  private let started: ContinuousClock.Instant
  /// The pseudo-terminal's controlling side; -1 once the I/O thread has closed it.
  private var controller: Int32
  private let pid: pid_t
  /// Written to wake the I/O thread when there is input to send or the session is closing;
  /// closed only when the connection is released.
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private var closing = false
  private let finished = DispatchSemaphore(value: 0)

  /// The most input queued and not yet taken by the program.
  static let maximumQueuedInput = 16 * 1_024 * 1_024

  init(executable: String, arguments: [String], environment: [String], size: Size, kittyGraphics: Bool) throws {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else {
      throw TerminalSession.Failure("Could not make a pipe: \(String(cString: strerror(errno))).")
    }
    for end in pipeEnds {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
    emulator = Emulator(size: size)
    scanner = OutputScanner(answersKittyGraphics: kittyGraphics)
    log = SessionLog(size: size, title: ([executable] + arguments.dropFirst()).joined(separator: " "))
    started = .now
    lastOutput = started
    frameBegan = started
    var descriptor: Int32 = -1
    let spawned = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        pt_spawn(executable, argv, envp, Int32(size.height), Int32(size.width), &descriptor)
      }
    }
    guard spawned > 0 else {
      let reason = String(cString: strerror(errno))
      close(wakeRead)
      close(wakeWrite)
      throw TerminalSession.Failure("Could not start \(executable) on a pseudo-terminal: \(reason).")
    }
    pid = spawned
    controller = descriptor
    let thread = Thread { [self] in runIO() }
    thread.name = "TerminalSession I/O"
    thread.start()
  }

  /// The wake pipe lives as long as the connection: a test may still wake a thread that has
  /// ended, and a descriptor closed early could by then be another test's socket.
  deinit {
    close(wakeRead)
    close(wakeWrite)
  }

  // MARK: What a test does

  /// Runs `change` on the emulator and queues what it produced for the program.
  func input(_ change: (Emulator) -> Void) throws {
    try lock.withLock {
      guard status == nil, controller >= 0 else { throw TerminalSession.Failure("The program has ended; nothing more can be sent to it.") }
      change(emulator)
      outgoing += emulator.takePending()
      guard outgoing.count <= Self.maximumQueuedInput else {
        let waiting = outgoing.count
        outgoing.removeAll()
        throw TerminalSession.Failure(
          "The program is not reading its input: \(waiting) bytes were waiting for it, past the \(Self.maximumQueuedInput) a session holds; they were dropped."
        )
      }
    }
    wake()
  }

  func resize(to size: Size) throws {
    try lock.withLock {
      guard controller >= 0 else { throw TerminalSession.Failure("The program's terminal is closed.") }
      emulator.resize(to: size)
      log.resized(to: size, at: .now - started)
      version += 1
      guard pt_resize(controller, Int32(size.height), Int32(size.width)) == 0 else {
        throw TerminalSession.Failure("Could not resize the terminal: \(String(cString: strerror(errno))).")
      }
    }
  }

  func signal(_ number: Int32) {
    lock.withLock {
      if status == nil { _ = kill(pid, number) }
    }
  }

  func read<T>(_ body: (Emulator, TerminalModes, SessionLog) -> T) -> T {
    lock.withLock { body(emulator, scanner.modes, log) }
  }

  /// The line settings now, or as the program left them once it has ended.
  var lineSettings: LineSettings? {
    lock.withLock { status == nil && controller >= 0 ? LineSettings(controller: controller) : settingsAtExit }
  }

  /// The screen's version, when output last came, and the program's exit status — given once
  /// the reader has stopped (after the process was reaped, at the end of its output, or after
  /// 20 ms of quiet if something else still holds the terminal), not at the moment it is reaped:
  /// the last bytes before an exit (a program restoring the terminal) may still be unread then.
  var state: (version: Int, lastOutput: ContinuousClock.Instant, status: TerminalSession.ExitStatus?) {
    lock.withLock { (version, lastOutput, controller < 0 ? status : nil) }
  }

  /// Whether the program announces its frames (synchronized output): the screen then only ever
  /// holds whole ones.
  var announcesFrames: Bool {
    lock.withLock { scanner.announcesFrames }
  }

  /// Ends the program (SIGKILL to its process group, if it is still running) and waits for the
  /// I/O thread to finish.
  func hangUp() {
    lock.withLock {
      closing = true
      if status == nil { _ = kill(-pid, SIGKILL) }
    }
    wake()
    // Signalled once by the I/O thread at its end, and again here for whoever waits next.
    if finished.wait(timeout: .now() + 10) == .success { finished.signal() }
  }

  // MARK: The I/O thread

  private func wake() {
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  private func runIO() {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var endOfOutput = false
    var reaped = false
    while true {
      // Whether the program had ended before this poll began: only then does a quiet poll mean
      // that everything it wrote has been read (it may write and end while a poll times out).
      let endedBefore = reaped
      let wantsToWrite = lock.withLock { !outgoing.isEmpty }
      var descriptors = [
        pollfd(fd: controller, events: Int16(POLLIN) | (wantsToWrite ? Int16(POLLOUT) : 0), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      if endOfOutput { descriptors[0].fd = -1 }
      let ready = poll(&descriptors, 2, 20)
      if descriptors[1].revents != 0 {
        while Foundation.read(wakeRead, &buffer, buffer.count) > 0 {}
      }
      var quiet = ready == 0
      let events = descriptors[0].revents
      if !endOfOutput, events & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let count = Foundation.read(controller, &buffer, buffer.count)
        if count > 0 {
          received(Array(buffer[0..<count]))
          quiet = false
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          endOfOutput = true  // EIO: nothing holds the terminal side any more
        }
      }
      if !endOfOutput, events & Int16(POLLOUT) != 0 { sendQueued() }
      releaseStalledFrame(outputEnded: false)
      if !reaped { reaped = reap() }
      if reaped && (endOfOutput || (endedBefore && quiet)) { break }
      if lock.withLock({ closing }) && endOfOutput { break }
    }
    releaseStalledFrame(outputEnded: true)
    lock.withLock {
      close(controller)
      controller = -1
      version += 1
    }
    if lock.withLock({ status == nil }) {
      // The terminal is closed; a program that still runs is ended so it can be reaped.
      _ = kill(-pid, SIGKILL)
      while !reap() { usleep(5_000) }
    }
    finished.signal()
  }

  private func received(_ bytes: [UInt8]) {
    lock.withLock {
      let wasHolding = scanner.isHoldingFrame
      let scanned = scanner.scan(bytes)
      emulator.feed(scanned.forEmulator)
      outgoing += scanned.answers + emulator.takePending()
      let now = ContinuousClock.now
      log.append(bytes, at: now - started)
      lastOutput = now
      if scanner.isHoldingFrame, !wasHolding { frameBegan = now }
      version += 1
    }
  }

  /// How long a synchronized frame may stay unfinished before what it holds is shown anyway,
  /// as a terminal does for a program that stalled inside one (or ended in one).
  static let longestHeldFrame = Duration.seconds(1)

  /// Shows what is held of a frame begun ``longestHeldFrame`` ago, or of any frame once the
  /// program's output has ended.
  private func releaseStalledFrame(outputEnded: Bool) {
    lock.withLock {
      guard scanner.isHoldingFrame, outputEnded || ContinuousClock.now - frameBegan >= Self.longestHeldFrame else { return }
      let held = scanner.releaseHeldFrame()
      frameBegan = .now
      guard !held.isEmpty else { return }
      emulator.feed(held)
      outgoing += emulator.takePending()
      version += 1
    }
  }

  private func sendQueued() {
    lock.withLock {
      guard !outgoing.isEmpty else { return }
      let written = outgoing.withUnsafeBytes { Foundation.write(controller, $0.baseAddress, $0.count) }
      if written > 0 { outgoing.removeFirst(written) }
    }
  }

  /// Whether the program has been reaped (now or before).
  private func reap() -> Bool {
    if lock.withLock({ status != nil }) { return true }
    var raw: Int32 = 0
    guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
    let result: TerminalSession.ExitStatus =
      raw & 0x7F == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(raw & 0x7F)
    lock.withLock {
      if controller >= 0 { settingsAtExit = LineSettings(controller: controller) }
      status = result
      version += 1
    }
    return true
  }
}

/// `strings` as a NULL-terminated array of C strings, for the length of `body`.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
  let pointers = strings.map { strdup($0) } + [nil]
  defer { pointers.forEach { free($0) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
