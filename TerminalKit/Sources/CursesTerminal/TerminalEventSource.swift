import CNCurses
import Foundation
import Synchronization
import TerminalKit

/// The self-pipe the C signal handlers write to, and the thread that waits on it and on the
/// keyboard, so that the main actor is never blocked waiting for either.
///
/// The thread notes what it saw in ``WaitingInput`` and wakes the run loop by calling the loop's
/// own handler, which notes it in the loop's mailbox — one hop from the keyboard to the loop's
/// step on the main actor, with no stream or task of the terminal's in between. After announcing keys it waits until the
/// run loop has read them (``inputConsumed()``) before looking at the keyboard again: ncurses
/// reads the keys, on the main actor, as it must (it is not thread-safe), and unread keys stay in
/// the kernel's buffer, bounded. Signals are heard all the while: a loop busy drawing a frame
/// still hears SIGTERM and SIGHUP, and if it has not ended ``abandonAfter`` after one of them
/// (a frame that never finishes), the thread gives the terminal back and ends the process.
final class TerminalEventSource: Sendable {
  /// The write end, for the signal handlers.
  let writeDescriptor: Int32
  private let readDescriptor: Int32
  /// The run loop writes a byte here when it has read the keys announced (a pipe rather than a
  /// semaphore, so that the thread can wait for it and for signals at once).
  private let consumedRead: Int32
  private let consumedWrite: Int32
  private let waiting = Mutex(WaitingInput())
  private let started = Mutex(false)
  private let finished = Mutex(false)

  /// How long after an ending signal the loop may take to give the terminal back itself.
  static let abandonAfter: Duration = .seconds(5)

  init() throws(TerminalError) {
    var signals: [Int32] = [0, 0]
    var consumed: [Int32] = [0, 0]
    guard pipe(&signals) == 0 else {
      throw .setupFailed("no pipe for signals (\(String(cString: strerror(errno))))")
    }
    guard pipe(&consumed) == 0 else {
      close(signals[0])
      close(signals[1])
      throw .setupFailed("no pipe for the keyboard (\(String(cString: strerror(errno))))")
    }
    readDescriptor = signals[0]
    writeDescriptor = signals[1]
    consumedRead = consumed[0]
    consumedWrite = consumed[1]
    // A signal handler must never block: if the pipe is full, the byte is simply not needed.
    _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
    // Read until empty each time, so that every signal that came is seen at once.
    for descriptor in [readDescriptor, consumedRead, consumedWrite] {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    for descriptor in [readDescriptor, writeDescriptor, consumedRead, consumedWrite] {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
  }

  /// Starts the waiting thread, which calls `wake` from then on. Only the first call starts it:
  /// there is one run loop per terminal. Signals that came before stay in the pipe, keys in the
  /// kernel's buffer, until then.
  func start(announcing wake: @escaping @Sendable (TerminalWakeUp) -> Void) {
    let isFirst = started.withLock { started in
      defer { started = true }
      return !started
    }
    guard isFirst else { return }
    let thread = Thread { [self] in waitForEvents(wake) }
    thread.name = "terminal-events"
    thread.start()
  }

  /// What has been announced and not yet taken; the run loop takes it all at once.
  func take() -> WaitingInput {
    waiting.withLock { waiting in
      defer { waiting = WaitingInput() }
      return waiting
    }
  }

  /// The terminal has been given back: the thread stops, and abandons nothing.
  func finish() {
    finished.withLock { $0 = true }
    var byte: UInt8 = 1
    _ = write(consumedWrite, &byte, 1)
  }

  /// The run loop has read every key that was waiting: the thread looks at the keyboard again.
  func inputConsumed() {
    var byte: UInt8 = 1
    _ = write(consumedWrite, &byte, 1)
  }

  /// Every signal number waiting in the pipe.
  private func drainSignals() -> Set<Int32> {
    var signals: Set<Int32> = []
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readDescriptor, &bytes, bytes.count)
      guard count > 0 else { return signals }
      signals.formUnion(bytes.prefix(count).map(Int32.init))
    }
  }

  private func waitForEvents(_ wake: @Sendable (TerminalWakeUp) -> Void) {
    // While keys wait for the loop, the keyboard is not watched; signals always are.
    var keysAnnounced = false
    var terminalGone = false
    var endingSince: ContinuousClock.Instant?
    var endingSignal: Int32 = 0
    while !finished.withLock({ $0 }) {
      // A negative descriptor is not watched: a terminal that hung up is not looked at again.
      var descriptors = [
        pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: keysAnnounced ? consumedRead : terminalGone ? -1 : STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: keysAnnounced ? -1 : consumedRead, events: Int16(POLLIN), revents: 0),
      ]
      var timeout: Int32 = -1
      if let since = endingSince {
        let left = Self.abandonAfter - (ContinuousClock.now - since)
        guard left > .zero else {
          // The loop did not end in time (a frame that never finishes): the terminal is given
          // back here, and the process ends as the signal would have ended it.
          if !finished.withLock({ $0 }) { cn_guard_abandon(endingSignal) }
          return
        }
        timeout = Int32(clamping: left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
      }
      let ready = poll(&descriptors, 3, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        wake(.ended(signal: TerminalWakeUp.hangUpSignal))
        return
      }
      if descriptors[0].revents & Int16(POLLIN) != 0 {
        let signals = drainSignals()
        if let ending = WaitingInput.endingSignals.first(where: signals.contains), endingSince == nil {
          endingSince = .now
          endingSignal = ending
        }
        if let wakeUp = waiting.withLock({ $0.note(signals: signals) }) { wake(wakeUp) }
      }
      if descriptors[2].revents & Int16(POLLIN) != 0 { drain(consumedRead) }
      let input = descriptors[1].revents
      if keysAnnounced {
        if input & Int16(POLLIN) != 0 {
          drain(consumedRead)
          keysAnnounced = false
        }
      } else if input & Int16(POLLIN) != 0 {
        waiting.withLock { $0.keys = true }
        keysAnnounced = true
        wake(.inputWaiting)
      } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        // The terminal went away (an SSH connection dropped): as good as a hang-up.
        terminalGone = true
        if endingSince == nil {
          endingSince = .now
          endingSignal = TerminalWakeUp.hangUpSignal
        }
        wake(.ended(signal: TerminalWakeUp.hangUpSignal))
      }
    }
  }

  /// Reads `descriptor` until it is empty.
  private func drain(_ descriptor: Int32) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(descriptor, &bytes, bytes.count) > 0 {}
  }
}
