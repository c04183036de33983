/// A sheet over a screen: a ``Box`` rises in its area over `background`, and the strips of the
/// background beside and below the box are blanked, so no half of a row peeks out at its edges.
/// Nothing drawn before it hears the mouse. What goes inside is drawn in ``Rect/insideBorder``.
/// The focus is on its title until something drawn in it takes it (a selected line, a button).
///
/// What is underneath is not dimmed: dimming changes every cell of the screen, and over SSH
/// that re-sends the whole screen (2.9 KB at 80×24) to open a sheet that covers most of it.
public struct Sheet<Command: Hashable & Sendable>: Widget {
  public var background: Rect
  public var box: Box<Command>

  public init(over background: Rect, title: String? = nil, note: String? = nil) {
    self.background = background
    self.box = Box(title: title, note: note)
  }

  public func render(in area: Rect, on frame: inout Frame<Command>) {
    frame.coverClickTargets()
    let covered = area.intersection(background)
    frame.fill(Rect(x: background.x, y: covered.y, width: covered.x - background.x, height: covered.height))
    frame.fill(Rect(x: covered.maxX, y: covered.y, width: background.maxX - covered.maxX, height: covered.height))
    frame.fill(Rect(x: background.x, y: covered.maxY, width: background.width, height: background.maxY - covered.maxY))
    frame.render(box, in: area)
    if box.title != nil, area.width > 4, area.height >= 2 { frame.markFocus(at: Point(x: area.x + 3, y: area.y)) }
  }
}
