/// A sheet over a screen: what is underneath is dimmed, and a bordered box rises over it.
/// Returns the space inside the box.
public enum Sheet {
  @discardableResult
  public static func draw(
    over background: Rect, in rect: Rect, on canvas: inout Canvas, title: String? = nil, note: String? = nil, theme: Theme
  ) -> Rect {
    canvas.highlight(background, with: theme.scrim)
    return Box.draw(in: rect, on: &canvas, title: title, note: note, theme: theme)
  }
}
