/// How long a program waits for its terminal's answers (``TerminalAnswers``), on whatever clock
/// it is given: a terminal that says nothing at all costs at most ``silence``; one that has begun
/// to answer — over a slow link its first byte comes late — is waited for up to ``answering``
/// from the start; and the wait ends at once when the last answer has come.
///
/// A link's round trip decides what `silence` must be: the SSH front door knows it from the
/// handshake and can give each session its own; a local terminal answers within a millisecond.
public struct TerminalProbeDeadline<Instant: InstantProtocol>: Sendable where Instant.Duration == Swift.Duration {
  public let start: Instant
  /// The wait for a terminal that has sent nothing.
  public let silence: Duration
  /// The most a terminal that is answering is waited for.
  public let answering: Duration

  public init(start: Instant, silence: Duration = .milliseconds(150), answering: Duration = .seconds(1)) {
    self.start = start
    self.silence = silence
    self.answering = max(answering, silence)
  }

  /// When the asking ends, given what has been read: `nil` when it is over already (the last
  /// answer came).
  public func end(after answers: TerminalAnswers) -> Instant? {
    if answers.isComplete { return nil }
    return start.advanced(by: answers.isAnswering ? answering : silence)
  }

  /// Whether the asking is over at `now`.
  public func isOver(at now: Instant, answers: TerminalAnswers) -> Bool {
    guard let end = end(after: answers) else { return true }
    return now >= end
  }
}
