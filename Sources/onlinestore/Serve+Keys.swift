import Logging
import SSHFrontDoor

extension Serve {
  /// One warning for each line of a keys file that was not taken, with why: an operator who
  /// wrote `command=` or `cert-authority` learns at start that the line lets no one in.
  static func log(_ refusals: [AuthorizedKeys.Refusal], of flag: String, logger: Logger) {
    for refusal in refusals.prefix(100) {
      logger.warning("a key line is not taken", metadata: ["file": "\(flag)", "line": "\(refusal.line)", "reason": "\(refusal.reason)"])
    }
    if refusals.count > 100 { logger.warning("more key lines are not taken", metadata: ["file": "\(flag)", "count": "\(refusals.count - 100)"]) }
  }

  /// ": line 3: cert-authority is never accepted…" for the first refusal, or nothing.
  static func refusalSummary(_ keys: AuthorizedKeys) -> String {
    keys.refusals.first.map { " (\($0))" } ?? ""
  }
}
