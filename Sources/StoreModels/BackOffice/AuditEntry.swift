import Foundation

/// One change the back office made, as the audit table keeps it: who made it (the admin
/// token, or the SSH key an operator came with), when, to what, and what it was before and
/// after — in words a person reads, because the console shows them as they are.
public struct AuditEntry: Hashable, Sendable, Codable, Identifiable {
  public var id: Int
  public var at: Date
  /// "admin token", or "key SHA256:…" when the operator's front door names the key.
  public var actor: String
  /// What was changed: "order 12", "product 3".
  public var subject: String
  /// What was done: "status", "stock".
  public var change: String
  public var before: String?
  public var after: String?

  public init(id: Int = 0, at: Date, actor: String, subject: String, change: String, before: String?, after: String?) {
    self.id = id
    self.at = at
    self.actor = actor
    self.subject = subject
    self.change = change
    self.before = before
    self.after = after
  }

  /// The longest actor, subject, change, before or after kept, in Unicode scalars; longer text is
  /// cut.
  public static let maximumTextLength = 200

  /// `self` with every text cut to ``maximumTextLength``.
  public var bounded: AuditEntry {
    func cut(_ text: String) -> String { VisibleText.cut(text, to: Self.maximumTextLength) }
    var entry = self
    entry.actor = cut(actor)
    entry.subject = cut(subject)
    entry.change = cut(change)
    entry.before = before.map(cut)
    entry.after = after.map(cut)
    return entry
  }
}

/// What `GET /admin/pulse` answers: the newest order's number and the newest audit entry's. A
/// console that sees either move fetches what changed.
public struct BackOfficePulse: Hashable, Sendable, Codable {
  public var newestOrder: Int
  public var newestAudit: Int

  public init(newestOrder: Int, newestAudit: Int) {
    self.newestOrder = newestOrder
    self.newestAudit = newestAudit
  }
}
