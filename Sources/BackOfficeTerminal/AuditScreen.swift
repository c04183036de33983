import BackOffice
import Shop
import TerminalKit

/// The audit tab: every change made in the back office, newest first.
enum AuditScreen {
  static func render(_ audit: AuditFeature.State, layout: AdminLayout, on frame: inout Frame<AdminCommand>) {
    let status: String =
      switch audit.loading {
      case .loading where audit.entries.isEmpty: "Loading…"
      case let .failed(reason): reason
      default: audit.entries.isEmpty ? "Nothing changed yet." : "\(audit.entries.count)\(audit.hasMore ? "+" : "") change\(audit.entries.count == 1 && !audit.hasMore ? "" : "s"), newest first"
      }
    frame.draw(status, at: layout.statusLine.origin, width: layout.statusLine.width, style: audit.loading.isFailure ? frame.theme.warning : frame.theme.secondary)
    let entries = audit.entries
    let table = Table<AdminCommand>(
      columns: [
        .init("When (UTC)", width: .length(16)),
        .init("Who", width: .fill(1)),
        .init("What", width: .length(12)),
        .init("Change", width: .length(8)),
        .init("Before → after", width: .fill(2)),
      ],
      rowCount: entries.count, selected: audit.selectedIndex
    ) { row, column in
      let entry = entries[row]
      switch column {
      case 0: return AdminText.date(entry.at)
      case 1: return entry.actor
      case 2: return entry.subject
      case 3: return entry.change
      default: return "\(entry.before ?? "–") → \(entry.after ?? "–")"
      }
    }
    var scroll = audit.scroll
    frame.render(table, in: layout.table, state: &scroll)
    FailureText.draw(audit.loading, whenEmpty: entries.isEmpty, in: layout.table, on: &frame)
  }
}
