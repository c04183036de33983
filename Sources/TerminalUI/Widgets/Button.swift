import TerminalKit
/// A button: `[ Pay $242.20 ]`, drawn normal, focused or disabled.
public enum Button {
  public enum Appearance: Sendable {
    case normal, focused, disabled, destructive
  }

  /// The text of a button labelled `label`.
  public static func text(_ label: String) -> String {
    "[ \(label) ]"
  }

  public static func style(_ appearance: Appearance, theme: Theme) -> Style {
    switch appearance {
    case .normal: theme.action
    case .focused: theme.focus
    case .disabled: theme.disabled
    case .destructive: theme.danger
    }
  }

  /// Draws the button at `point`; returns its width.
  @discardableResult
  public static func draw(
    _ label: String, at point: Point, on canvas: inout ScreenFrame, appearance: Appearance, theme: Theme,
    width: Int? = nil
  ) -> Int {
    var text = self.text(label)
    if let width {
      text = TextLayout.pad(text, toWidth: width, alignment: .center)
    }
    return canvas.draw(text, at: point, width: width, style: style(appearance, theme: theme))
  }
}
