import Logging
import NIOConcurrencyHelpers

/// Logs refused connections — or any other event a client can cause many times a second, such
/// as a connection that could not be set up — without letting a flood of them flood the log:
/// the first of each second is written in full, and those after it in the same second are
/// counted and reported with the next line written.
final class RefusalLog: Sendable {
  private struct Window {
    var started: ContinuousClock.Instant
    var unreported = 0
  }

  private let logger: Logger
  private let message: Logger.Message
  private let level: Logger.Level
  private let window: NIOLockedValueBox<Window>

  init(logger: Logger, message: Logger.Message = "connection refused", level: Logger.Level = .info) {
    self.logger = logger
    self.message = message
    self.level = level
    self.window = NIOLockedValueBox(Window(started: .now - .seconds(2)))
  }

  func refused(_ remote: String, reason: String, now: ContinuousClock.Instant = .now) {
    let skipped: Int? = window.withLockedValue { window in
      guard now - window.started >= .seconds(1) else {
        window.unreported += 1
        return nil
      }
      let skipped = window.unreported
      window = Window(started: now)
      return skipped
    }
    guard let skipped else { return }
    var metadata: Logger.Metadata = ["remote": "\(remote)", "reason": "\(reason)"]
    if skipped > 0 { metadata["unlogged-refusals"] = "\(skipped)" }
    logger.log(level: level, message, metadata: metadata)
  }
}
