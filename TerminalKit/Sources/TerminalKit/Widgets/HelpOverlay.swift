/// Every key binding in force, grouped by where it applies: what a help key shows.
///
/// Sections flow into a second column when one column would not fit the area's height and the
/// area is wide enough for two. When that still does not fit, help scrolls (by
/// ``scrollOffset``, kept by the app), and its frame says which way there is more. The wheel over it sends the app's scroll
/// commands, if it gives them. (`BindingCommand` is what the listed keys stand for; `Command`
/// what the wheel over help sends. An app's are often the same type.)
public struct HelpOverlay<Command: Hashable & Sendable, BindingCommand>: Widget {
  /// The key maps it lists, in the order help shows them (``KeyLayers/helpOrder``).
  public var maps: [KeyMap<BindingCommand>]
  public var scrollOffset: Int
  /// The key that closes help, for the frame's note.
  public var closeKey: String?
  public var scroll: WheelCommands<Command>?

  public init(_ maps: [KeyMap<BindingCommand>], scrolledBy offset: Int = 0, closeKey: String? = nil, scroll: WheelCommands<Command>? = nil) {
    self.maps = maps
    self.scrollOffset = offset
    self.closeKey = closeKey
    self.scroll = scroll
  }

  struct Section {
    var title: String
    var rows: [(keys: String, summary: String)]
    var height: Int { 1 + rows.count }
  }

  /// How help is laid out in an area.
  struct Placement {
    var keyWidth: Int
    var columnWidth: Int
    var columns: [[Section]]
    /// Lines of the tallest column.
    var height: Int
    /// Lines that fit inside the frame.
    var visible: Int

    init(_ maps: [KeyMap<BindingCommand>], in area: Rect) {
      let sections = maps
        .filter { !$0.bindings.isEmpty }
        .map { Section(title: $0.title, rows: ($0.textInput.map { [("text", $0.summary)] } ?? []) + $0.bindings.map { ($0.keyLabel, $0.summary) }) }
      keyWidth = min(14, (sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.keys) } }.max() ?? 0) + 2)
      let summaryWidth = sections.flatMap { $0.rows.map { TextWidth.columns(of: $0.summary) } }.max() ?? 0
      columnWidth = min(max(30, 1 + keyWidth + summaryWidth + 1), max(0, area.width - 4))
      visible = max(0, area.height - 2)
      let twoColumns = HelpOverlay.height(sections[...]) > visible && area.width >= 2 * columnWidth + 5
      columns = HelpOverlay.place(sections, columns: twoColumns ? 2 : 1)
      height = columns.map { HelpOverlay.height($0[...]) }.max() ?? 0
    }

    var scrollLimit: Int { max(0, height - visible) }
  }

  /// How many lines help over `maps` can scroll in `area`: 0 when it fits.
  public static func scrollLimit(for maps: [KeyMap<BindingCommand>], in area: Rect) -> Int {
    Placement(maps, in: area).scrollLimit
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    // Help is read, not glanced at: nothing of the screen underneath stays around it.
    frame.fill(area)
    frame.coverClickTargets()
    if let scroll { frame.onWheel(area, up: scroll.up, down: scroll.down) }
    let placement = Placement(maps, in: area)
    let offset = min(max(0, scrollOffset), placement.scrollLimit)
    let more = [offset > 0 ? "↑" : nil, offset < placement.scrollLimit ? "↓" : nil].compactMap { $0 }
    // The footer says how to close it; the frame says where the rest is.
    let note = more.isEmpty ? closeKey.map { "\($0) close" } : more.joined() + " more"
    let box = area.centered(
      width: placement.columns.count * placement.columnWidth + (placement.columns.count - 1) * 2 + 4,
      height: min(placement.height, placement.visible) + 2
    )
    frame.render(Box(title: "Keys", note: note), in: box)
    let inside = box.insideBorder.insetBy(dx: 1, dy: 0)
    // Help is read from its first line on screen: the focus is there.
    if !inside.isEmpty { frame.markFocus(at: inside.origin) }
    for (index, column) in placement.columns.enumerated() {
      // Line `line` of the column is drawn at `inside.y + line - offset`, if that is inside.
      var line = 0
      let x = inside.x + index * (placement.columnWidth + 2)
      func draw(_ text: String, at indent: Int, width: Int, style: Style) {
        let y = inside.y + line - offset
        if y >= inside.y, y < inside.maxY {
          frame.draw(text, at: Point(x: x + indent, y: y), width: width, style: style)
        }
      }
      for section in column {
        draw(section.title, at: 0, width: placement.columnWidth, style: theme.title)
        line += 1
        for row in section.rows {
          draw(row.keys, at: 1, width: placement.keyWidth, style: theme.key)
          draw(row.summary, at: 1 + placement.keyWidth, width: max(0, placement.columnWidth - placement.keyWidth - 1), style: theme.text)
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
