import BackOffice
import Shop
import TerminalKit

/// The audit tab: every change made in the back office, newest first; one entry opened whole
/// in a sheet, its long values wrapped rather than cut.
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
    if let entry = audit.opened { drawEntry(entry, in: layout.sheet, over: layout.body, on: &frame) }
  }

  private static func drawEntry(_ entry: AuditEntry, in area: Rect, over background: Rect, on frame: inout Frame<AdminCommand>) {
    frame.render(Sheet<AdminCommand>(over: background, title: "Change \(entry.id)", note: entry.change), in: area)
    let inside = area.insideBorder.insetBy(dx: 1, dy: 0)
    guard inside.width > 20, inside.height > 2 else { return }
    let labelWidth = 8
    let valueWidth = inside.width - labelWidth
    var y = inside.y
    let fields: [(String, String)] = [
      ("When", AdminText.date(entry.at) + " UTC"), ("Who", entry.actor), ("What", entry.subject), ("Change", entry.change),
      ("Before", entry.before ?? "–"), ("After", entry.after ?? "–"),
    ]
    for (label, value) in fields where y < inside.maxY {
      frame.draw(label, at: Point(x: inside.x, y: y), width: labelWidth, style: frame.theme.secondary)
      for line in TextLayout.wrap(value, toWidth: valueWidth, maximumLines: max(1, inside.maxY - y)) {
        frame.draw(line, at: Point(x: inside.x + labelWidth, y: y), width: valueWidth, style: frame.theme.text)
        y += 1
      }
    }
  }
}
