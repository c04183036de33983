import CNCurses
import Foundation
import Synchronization

/// The self-pipe the C signal handlers write to, and the thread that waits on it and on the
/// keyboard, so that the main actor is never blocked waiting for either.
///
/// The waiting thread reports `.input` when keys can be read, then waits until the run loop has
/// read them (``inputConsumed()``) before looking again: ncurses reads the keys, on the main
/// actor, as it must (it is not thread-safe).
///
/// Signals are reported by urgency, not one event per signal: a signal that ends the session
/// (SIGHUP, SIGTERM, SIGINT, SIGQUIT) is reported before any resize that came with it, and a
/// storm of SIGWINCH is one resize until the run loop has handled it (``resizeHandled()``). So
/// a hang-up never waits behind thousands of repaints, and the queue of events stays short
/// however fast the window changes.
public final class TerminalEventSource: Sendable {
  public enum Event: Sendable, Equatable {
    /// Keys (or a resize report) are waiting to be read.
    case input
    /// A signal arrived: SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGQUIT or SIGUSR1.
    case signal(Int32)
  }

  let events: AsyncStream<Event>
  /// The write end, for the signal handlers.
  let writeDescriptor: Int32
  private let readDescriptor: Int32
  private let consumed = DispatchSemaphore(value: 0)
  /// Whether a resize has been reported and not yet handled.
  private let resizePending = Mutex(false)

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
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    self.events = events
    let source = self
    let thread = Thread { source.waitForEvents(continuation) }
    thread.name = "terminal-events"
    thread.start()
  }

  /// The run loop has read every key that was waiting.
  func inputConsumed() {
    consumed.signal()
  }

  /// The run loop has taken the terminal's new size: the next SIGWINCH is news again.
  func resizeHandled() {
    resizePending.withLock { $0 = false }
  }

  /// The signals that end a session, most urgent first.
  static let endingSignals: [Int32] = [SIGHUP, SIGTERM, SIGINT, SIGQUIT]

  /// What the signals in `bytes` come to: the most urgent ending signal alone if any came; else
  /// one resize if any came and none is pending, and SIGUSR1 (a notice for the program) if it
  /// came. Pure, for the tests.
  static func report(_ signals: Set<Int32>, resizePending: Bool) -> [Event] {
    if let ending = endingSignals.first(where: signals.contains) { return [.signal(ending)] }
    var events: [Event] = []
    if signals.contains(SIGWINCH), !resizePending { events.append(.signal(SIGWINCH)) }
    if signals.contains(SIGUSR1) { events.append(.signal(SIGUSR1)) }
    return events
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

  private func waitForEvents(_ continuation: AsyncStream<Event>.Continuation) {
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
        continuation.finish()
        return
      }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        let signals = drainSignals()
        let events = resizePending.withLock { pending -> [Event] in
          let events = Self.report(signals, resizePending: pending)
          if events.contains(.signal(SIGWINCH)) { pending = true }
          return events
        }
        for event in events { continuation.yield(event) }
      }
      let input = descriptors[0].revents
      if input & Int16(POLLIN) != 0 {
        continuation.yield(.input)
        consumed.wait()
      } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
        // The terminal went away (an SSH connection dropped): as good as a hang-up.
        continuation.yield(.signal(SIGHUP))
        return
      }
    }
  }
}
