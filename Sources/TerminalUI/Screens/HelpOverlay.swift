import TerminalKit
import Shop

/// Every key binding in force, grouped by where it applies: `?` shows it.
///
/// Sections flow into a second column when one column would not fit the screen's height. When
/// even that does not fit, help is one column that scrolls, and its frame says which way there
/// is more.
public struct HelpOverlay: Widget {
  /// The key maps it lists, innermost first.
  public var layers: [KeyMap<KeyCommand>]
  public var requestedOffset: Int
  /// The key that closes help, from help's own key map, for the frame's note.
  public var closeKey: String?
  public var theme: Theme

  public init(_ layers: [KeyMap<KeyCommand>], scrolledBy offset: Int = 0, closeKey: String? = nil, theme: Theme) {
    self.layers = layers
    self.requestedOffset = offset
    self.closeKey = closeKey
    self.theme = theme
  }

  struct Section {
    var title: String
    var rows: [(keys: String, summary: String)]
    var height: Int { 1 + rows.count }
  }

  /// How help is laid out in `area`.
  struct Layout {
    var sections: [Section]
    var keyWidth: Int
    var columnWidth: Int
    var columns: [[Section]]
    /// Lines of the tallest column.
    var height: Int
    /// Lines that fit inside the frame.
    var visible: Int

    init(_ layers: [KeyMap<KeyCommand>], in area: Rect) {
      // Innermost first, "Anywhere" last.
      sections = (layers.dropFirst() + layers.prefix(1))
        .filter { !$0.bindings.isEmpty }
        .map { Section(title: $0.title, rows: ($0.textInput.map { [("text", $0.summary)] } ?? []) + $0.bindings.map { ($0.keyLabel, $0.summary) }) }
      keyWidth = min(14, (sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.keys) } }.max() ?? 0) + 2)
      let summaryWidth = sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.summary) } }.max() ?? 0
      columnWidth = min(max(30, 1 + keyWidth + summaryWidth + 1), max(0, area.width - 4))
      let oneColumnHeight = HelpOverlay.height(sections[...])
      visible = max(0, area.height - 2)
      let twoColumns = oneColumnHeight > visible && area.width >= 2 * columnWidth + 5
      columns = HelpOverlay.place(sections, columns: twoColumns ? 2 : 1)
      height = columns.map { HelpOverlay.height($0[...]) }.max() ?? 0
    }

    var scrollLimit: Int { max(0, height - visible) }
  }

  /// How many lines help can scroll on a screen of `size` for `state`: 0 when it fits.
  public static func scrollLimit(for state: AppFeature.State, size: Size) -> Int {
    Layout(KeyRouter.layers(for: state.withoutHelp), in: AppLayout(size: size).content).scrollLimit
  }

  public func render(in area: Rect, on canvas: inout ScreenFrame) {
    // Help is read, not glanced at: nothing of the screen underneath stays around it.
    canvas.fill(area)
    canvas.coverClickTargets()
    canvas.onWheel(area, up: .app(.helpScrolled(by: -3)), down: .app(.helpScrolled(by: 3)))
    let layout = Layout(layers, in: area)
    let offset = min(max(0, requestedOffset), layout.scrollLimit)
    let more = [offset > 0 ? "↑" : nil, offset < layout.scrollLimit ? "↓" : nil].compactMap { $0 }
    // The footer says how to close it; the frame says where the rest is.
    let note = more.isEmpty ? closeKey.map { "\($0) close" } : more.joined() + " more"
    let frame = area.centered(
      width: layout.columns.count * layout.columnWidth + (layout.columns.count - 1) * 2 + 4,
      height: min(layout.height, layout.visible) + 2
    )
    canvas.render(Box(title: "Keys", note: note, theme: theme), in: frame)
    let inside = frame.insideBorder.insetBy(dx: 1, dy: 0)
    for (index, column) in layout.columns.enumerated() {
      // Line `line` of the column is drawn at `inside.y + line - offset`, if that is inside.
      var line = 0
      let x = inside.x + index * (layout.columnWidth + 2)
      func draw(_ text: String, at indent: Int, width: Int, style: Style) {
        let y = inside.y + line - offset
        if y >= inside.y, y < inside.maxY {
          canvas.draw(text, at: Point(x: x + indent, y: y), width: width, style: style)
        }
      }
      for section in column {
        draw(section.title, at: 0, width: layout.columnWidth, style: theme.title)
        line += 1
        for row in section.rows {
          draw(row.keys, at: 1, width: layout.keyWidth, style: theme.key)
          draw(row.summary, at: 1 + layout.keyWidth, width: max(0, layout.columnWidth - layout.keyWidth - 1), style: theme.text)
          line += 1
        }
        line += 1
      }
    }
  }

  /// Lines `sections` take one under the other, a blank line between each two.
  static func height(_ sections: ArraySlice<Section>) -> Int {
    sections.map(\.height).reduce(0, +) + max(0, sections.count - 1)
  }

  /// Sections split into `columns` columns, in order, as evenly as their heights allow.
  static func place(_ sections: [Section], columns: Int) -> [[Section]] {
    guard columns > 1, sections.count > 1 else { return [sections] }
    let best = (1..<sections.count).min { left, right in
      max(height(sections[..<left]), height(sections[left...]))
        < max(height(sections[..<right]), height(sections[right...]))
    }!
    return [Array(sections[..<best]), Array(sections[best...])]
  }
}
