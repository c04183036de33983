/// A row of tabs — ` Products   Profile ` — the selected one in the theme's `selectedTab`
/// style, the others in `secondary`; a press on one sends its command. Returns nothing about
/// width: ``width(of:)`` says how many columns the row takes, for what an app draws beside it.
public struct Tabs<Command: Hashable & Sendable>: Widget {
  public var titles: [String]
  public var selected: Int?
  /// What a press on tab `index` sends, if anything.
  public var press: ((Int) -> Command)?

  public init(_ titles: [String], selected: Int?, press: ((Int) -> Command)? = nil) {
    self.titles = titles
    self.selected = selected
    self.press = press
  }

  /// The columns the tabs take from the area's left edge, the one-column margin included.
  public static func width(of titles: [String]) -> Int {
    1 + titles.map { TextWidth.columns(of: " \($0) ") + 1 }.reduce(0, +)
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard !area.isEmpty else { return }
    var x = area.x + 1
    for (index, title) in titles.enumerated() {
      guard x < area.maxX else { break }
      let style = index == selected ? frame.theme.selectedTab : frame.theme.secondary
      let width = frame.draw(" \(title) ", at: Point(x: x, y: area.y), width: area.maxX - x, style: style)
      // The selected tab is the focus until the tab's screen draws one of its own.
      if index == selected, width > 1 { frame.markFocus(at: Point(x: x + 1, y: area.y)) }
      if let press { frame.onPress(Rect(x: x, y: area.y, width: width, height: 1), press(index)) }
      x += width + 1
    }
  }
}
