import TerminalKit
import Shop

/// The category or sort picker: a small box in the middle of the list's area, over the list,
/// which stays in view around it (a column cleared on each side, so that no row runs into the
/// box's border; nothing behind the picker answers a click). The choice in force is marked `●`,
/// the highlighted one in the selection style. A list longer than the screen scrolls.
public struct PickerView: Widget {
  public var state: PickerFeature.State

  public init(_ state: PickerFeature.State) {
    self.state = state
  }

  /// How many options fit in `area` (the app's body).
  public static func visibleRows(for state: PickerFeature.State, in area: Rect) -> Int {
    max(0, min(state.options.count + 2, area.height) - 2)
  }

  public func render(in area: Rect, on frame: inout ScreenFrame) {
    let theme = frame.theme
    let title = BrowsingText.title(of: state)
    let widest = state.options.map { TextWidth.columns(of: BrowsingText.title(of: $0)) }.max() ?? 0
    let width = min(max(widest + 8, TextWidth.columns(of: title) + 6, 24), area.width)
    let height = Self.visibleRows(for: state, in: area) + 2
    let box = area.centered(width: width, height: height)
    frame.fill(box.insetBy(dx: -1, dy: 0).intersection(area))
    frame.coverClickTargets()
    frame.render(Box(title: title), in: box)
    let inside = box.insideBorder.insetBy(dx: 1, dy: 0)
    guard !inside.isEmpty else { return }
    frame.onWheel(inside, up: .picker(.highlightMoved(.up, visibleRows: inside.height)), down: .picker(.highlightMoved(.down, visibleRows: inside.height)))
    var viewport = state.scroll
    let options = ScreenList(count: state.options.count, selected: state.highlighted, selectionStyle: theme.selection) { index, row, _, frame in
      let marker = index == state.current ? "● " : "  "
      frame.draw(marker + BrowsingText.title(of: state.options[index]), at: Point(x: row.x, y: row.y), width: row.width, style: theme.text)
      frame.onPress(row, .picker(.optionTapped(index)))
      return nil
    }
    frame.render(options, in: inside, state: &viewport)
  }
}
