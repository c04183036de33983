/// How a button looks: as one that acts, the one the keyboard is on, one that does nothing right
/// now, or one that destroys something.
public enum ButtonAppearance: Sendable {
  case normal, focused, disabled, destructive

  public func style(in theme: Theme) -> Style {
    switch self {
    case .normal: theme.action
    case .focused: theme.focus
    case .disabled: theme.disabled
    case .destructive: theme.danger
    }
  }
}

/// A button: `[ Pay $242.20 ]`, centred in its area when the area is wider, cut short when it is
/// narrower; a press on it sends `press`, if it has one.
public struct Button<Command: Hashable & Sendable>: Widget {
  public var label: String
  public var appearance: ButtonAppearance
  public var press: Command?

  public init(_ label: String, appearance: ButtonAppearance = .normal, press: Command? = nil) {
    self.label = label
    self.appearance = appearance
    self.press = press
  }

  /// The text of a button labelled `label`.
  public static func text(_ label: String) -> String {
    "[ \(label) ]"
  }

  /// The columns a button labelled `label` takes.
  public static func width(_ label: String) -> Int {
    TextWidth.columns(of: text(label))
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    let theme = frame.theme
    guard !area.isEmpty else { return }
    let text = TextLayout.pad(Self.text(label), toWidth: area.width, alignment: .center)
    let drawn = frame.draw(text, at: Point(x: area.x, y: area.y), width: area.width, style: appearance.style(in: theme))
    if let press { frame.onPress(Rect(x: area.x, y: area.y, width: drawn, height: 1), press) }
    // The button the keyboard is on is the focus, at its bracket.
    if appearance == .focused, drawn > 0 {
      let padding = text.prefix { $0 == " " }.count
      frame.markFocus(at: Point(x: area.x + min(padding, drawn - 1), y: area.y))
    }
  }
}
