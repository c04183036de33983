/// Every key binding in force, grouped by where it applies: `?` shows it.
///
/// Sections flow into a second column when one column would not fit the screen's height.
public enum HelpOverlay {
  struct Section {
    var title: String
    var rows: [(keys: String, summary: String)]
    var height: Int { 1 + rows.count }
  }

  public static func draw(_ layers: [KeyMap<KeyCommand>], in area: Rect, on canvas: inout Canvas, theme: Theme) {
    // Innermost first, "Anywhere" last.
    let sections = (layers.dropFirst() + layers.prefix(1))
      .filter { !$0.bindings.isEmpty }
      .map { Section(title: $0.title, rows: $0.bindings.map { ($0.keyLabel, $0.summary) }) }
    let keyWidth = min(14, (sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.keys) } }.max() ?? 0) + 2)
    let summaryWidth = sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.summary) } }.max() ?? 0
    let columnWidth = max(30, 1 + keyWidth + summaryWidth + 1)
    let oneColumnHeight = sections.map(\.height).reduce(0, +) + max(0, sections.count - 1)
    let available = area.height - 2
    let columns = oneColumnHeight > available && area.width >= 2 * columnWidth + 5 ? 2 : 1
    let placed = place(sections, columns: columns)
    let height = placed.map { $0.map(\.height).reduce(0, +) + max(0, $0.count - 1) }.max() ?? 0
    let frame = area.centered(width: columns * columnWidth + (columns - 1) * 2 + 4, height: height + 2)
    let inside = Box.draw(in: frame, on: &canvas, title: "Keys", note: "Esc close", theme: theme).insetBy(dx: 1, dy: 0)
    for (index, column) in placed.enumerated() {
      var y = inside.y
      let x = inside.x + index * (columnWidth + 2)
      for section in column {
        guard y < inside.maxY else { break }
        canvas.draw(section.title, at: Point(x: x, y: y), width: columnWidth, style: theme.title)
        y += 1
        for row in section.rows where y < inside.maxY {
          canvas.draw(row.keys, at: Point(x: x + 1, y: y), width: keyWidth, style: theme.key)
          canvas.draw(row.summary, at: Point(x: x + 1 + keyWidth, y: y), width: columnWidth - keyWidth - 1, style: theme.text)
          y += 1
        }
        y += 1
      }
    }
  }

  /// Sections split into `columns` columns, in order, as evenly as their heights allow.
  static func place(_ sections: [Section], columns: Int) -> [[Section]] {
    guard columns > 1, sections.count > 1 else { return [sections] }
    func height(_ part: ArraySlice<Section>) -> Int {
      part.map(\.height).reduce(0, +) + max(0, part.count - 1)
    }
    let best = (1..<sections.count).min { left, right in
      max(height(sections[..<left]), height(sections[left...]))
        < max(height(sections[..<right]), height(sections[right...]))
    }!
    return [Array(sections[..<best]), Array(sections[best...])]
  }
}
