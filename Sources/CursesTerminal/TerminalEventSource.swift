import CNCurses
import Foundation

/// The self-pipe the C signal handlers write to, and the thread that waits on it and on the
/// keyboard, so that the main actor is never blocked waiting for either.
///
/// The waiting thread reports `.input` when keys can be read, then waits until the run loop has
/// read them (``inputConsumed()``) before looking again: ncurses reads the keys, on the main
/// actor, as it must (it is not thread-safe).
public final class TerminalEventSource: Sendable {
  public enum Event: Sendable, Equatable {
    /// Keys (or a resize report) are waiting to be read.
    case input
    /// A signal arrived: SIGWINCH, SIGTERM, SIGHUP, SIGINT or SIGQUIT.
    case signal(Int32)
  }

  let events: AsyncStream<Event>
  /// The write end, for the signal handlers.
  let writeDescriptor: Int32
  private let readDescriptor: Int32
  private let consumed = DispatchSemaphore(value: 0)

  init() throws(TerminalError) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw .setupFailed("no pipe for signals (\(String(cString: strerror(errno))))")
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    // A signal handler must never block: if the pipe is full, the byte is simply not needed.
    _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
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
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(readDescriptor, &bytes, bytes.count)
        for byte in bytes.prefix(max(0, count)) {
          continuation.yield(.signal(Int32(byte)))
        }
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
