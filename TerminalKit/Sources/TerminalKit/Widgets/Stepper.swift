/// A quantity control: a button named by ``emptyLabel`` at 0 (`[ Add ]`, or a shop's
/// `[ Add to Cart ]`) and `[-]  2 [+]` above it; compact, `[-] 2 [+]`. A press on the button or
/// `[+]` sends `increment`, on `[-]` `decrement`.
///
/// Right-aligned (`.trailing`) it fills its area, padding included, so that a column of them
/// lines up whatever the quantities; left-aligned it starts at the area's edge. Its targets are
/// where its buttons are drawn, and a control cut short by its area has none.
public struct Stepper<Command: Hashable & Sendable>: Widget {
  public enum Alignment: Sendable { case leading, trailing }

  public var count: Int
  /// What the control says at 0, as a button.
  public var emptyLabel: String
  public var compact: Bool
  public var style: Style
  public var alignment: Alignment
  public var decrement: Command?
  public var increment: Command?

  public init(
    count: Int, emptyLabel: String = "Add", compact: Bool = false, style: Style, alignment: Alignment = .trailing,
    decrement: Command? = nil, increment: Command? = nil
  ) {
    self.count = count
    self.emptyLabel = emptyLabel
    self.compact = compact
    self.style = style
    self.alignment = alignment
    self.decrement = decrement
    self.increment = increment
  }

  /// The columns the control takes, whatever the quantity (up to three digits, two compact).
  public static func width(compact: Bool, emptyLabel: String = "Add") -> Int {
    max(compact ? 9 : 11, Button<Command>.width(emptyLabel))
  }

  /// The control's text without padding.
  public static func label(count: Int, compact: Bool = false, emptyLabel: String = "Add") -> String {
    guard count > 0 else { return Button<Command>.text(emptyLabel) }
    let number = String(count)
    return compact
      ? "[-]" + String(repeating: " ", count: max(0, 2 - number.count)) + number + " [+]"
      : "[-] " + String(repeating: " ", count: max(0, 3 - number.count)) + number + " [+]"
  }

  /// The control's text right-aligned in its width, as a column of them shows it.
  public static func text(count: Int, compact: Bool = false, emptyLabel: String = "Add") -> String {
    TextLayout.pad(label(count: count, compact: compact, emptyLabel: emptyLabel), toWidth: width(compact: compact, emptyLabel: emptyLabel), alignment: .trailing)
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    guard area.height > 0, area.width > 0 else { return }
    let label = Self.label(count: count, compact: compact, emptyLabel: emptyLabel)
    let labelWidth = TextWidth.columns(of: label)
    let start: Int
    switch alignment {
    case .trailing:
      frame.draw(TextLayout.pad(label, toWidth: area.width, alignment: .trailing), at: Point(x: area.x, y: area.y), width: area.width, style: style)
      start = area.maxX - labelWidth
    case .leading:
      frame.draw(label, at: Point(x: area.x, y: area.y), width: area.width, style: style)
      start = area.x
    }
    guard start >= area.x, start + labelWidth <= area.maxX else { return }
    if count == 0 {
      if let increment { frame.onPress(Rect(x: start, y: area.y, width: labelWidth, height: 1), increment) }
      return
    }
    if let decrement { frame.onPress(Rect(x: start, y: area.y, width: 3, height: 1), decrement) }
    if let increment { frame.onPress(Rect(x: start + labelWidth - 3, y: area.y, width: 3, height: 1), increment) }
  }
}
