import TerminalKit
/// A sheet over a screen: a bordered box rises over it, and the strips of `background` beside
/// and below the box are blanked, so no half of a row peeks out at its edges. Nothing under it
/// hears the mouse.
///
/// What is underneath is not dimmed: dimming changes every cell of the screen, and over SSH
/// that re-sends the whole screen (2.9 KB at 80×24) to open a sheet that covers most of it.
/// Returns the space inside the box.
public enum Sheet {
  @discardableResult
  public static func draw(
    over background: Rect, in rect: Rect, on canvas: inout ScreenFrame, title: String? = nil, note: String? = nil, theme: Theme
  ) -> Rect {
    canvas.coverClickTargets()
    let covered = rect.intersection(background)
    canvas.fill(Rect(x: background.x, y: covered.y, width: covered.x - background.x, height: covered.height))
    canvas.fill(Rect(x: covered.maxX, y: covered.y, width: background.maxX - covered.maxX, height: covered.height))
    canvas.fill(Rect(x: background.x, y: covered.maxY, width: background.width, height: background.maxY - covered.maxY))
    return Box.draw(in: rect, on: &canvas, title: title, note: note, theme: theme)
  }
}
