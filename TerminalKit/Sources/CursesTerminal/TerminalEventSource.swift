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
/// run loop has read them (``inputConsumed()``) before looking again: ncurses reads the keys, on
/// the main actor, as it must (it is not thread-safe), and unread keys stay in the kernel's
/// buffer, bounded.
final class TerminalEventSource: Sendable {
  /// The write end, for the signal handlers.
  let writeDescriptor: Int32
  private let readDescriptor: Int32
  private let consumed = DispatchSemaphore(value: 0)
  private let waiting = Mutex(WaitingInput())
  private let started = Mutex(false)

  init() throws(TerminalError) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw .setupFailed("no pipe for signals (\(String(cString: strerror(errno))))")
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    // A signal handler must never block: if the pipe is full, the byte is simply not needed.
    _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
    // Read until empty each time, so that every signal that came is seen at once.
    _ = fcntl(readDescriptor, F_SETFL, fcntl(readDescriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(readDescriptor, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeDescriptor, F_SETFD, FD_CLOEXEC)
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

  /// The run loop has read every key that was waiting: the thread looks at the keyboard again.
  func inputConsumed() {
    consumed.signal()
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
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      descriptors[0].revents = 0
      descriptors[1].revents = 0
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        wake(.ended(signal: TerminalWakeUp.hangUpSignal))
        return
      }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        let signals = drainSignals()
        if let wakeUp = waiting.withLock({ $0.note(signals: signals) }) { wake(wakeUp) }
      }
      let input = descriptors[0].revents
      if input & Int16(POLLIN) != 0 {
        waiting.withLock { $0.keys = true }
        wake(.inputWaiting)
        consumed.wait()
      } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        // The terminal went away (an SSH connection dropped): as good as a hang-up.
        wake(.ended(signal: TerminalWakeUp.hangUpSignal))
        return
      }
    }
  }
}
