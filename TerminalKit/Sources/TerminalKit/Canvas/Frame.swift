/// One frame being drawn: the ``Canvas`` of cells, and the places that answer the mouse, each
/// with the app's `Command` it stands for.
///
/// Targets are registered as the frame is drawn, by the same code that draws what they cover,
/// so a click acts on exactly what is on screen at that cell. A target drawn later lies on top.
/// A sheet, dialog or help first covers the screen with a target that answers nothing
/// (``coverClickTargets()``), so what is underneath does not hear the mouse, as it does not
/// hear keys.
///
/// Read-only properties of the canvas (`size`, `bounds`, `textRows`, …) are read through the
/// frame; drawing goes through the frame's own methods, which draw on its canvas.
@dynamicMemberLookup
public struct Frame<Command: Hashable & Sendable>: Hashable, Sendable {
  public private(set) var canvas: Canvas
  /// What the mouse can act on, bottom first.
  public private(set) var clickTargets: [ClickTarget<Command>] = []
  /// The styles widgets draw with: a widget reads them here, so one theme set on the frame
  /// reaches every widget drawn into it.
  public var theme: Theme

  public init(size: Size, theme: Theme = .color) {
    canvas = Canvas(size: size)
    self.theme = theme
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<Canvas, Value>) -> Value {
    canvas[keyPath: keyPath]
  }

  public subscript(x: Int, y: Int) -> Canvas.Cell {
    canvas[x, y]
  }

  // MARK: Drawing (see ``Canvas``)

  @discardableResult
  public mutating func draw(
    _ text: String, at point: Point, width: Int? = nil, style: Style = .plain, truncate: Bool = true
  ) -> Int {
    canvas.draw(text, at: point, width: width, style: style, truncate: truncate)
  }

  public mutating func drawSymbol(_ character: Character, at point: Point, style: Style) {
    canvas.drawSymbol(character, at: point, style: style)
  }

  @discardableResult
  public mutating func drawCentered(_ text: String, in rect: Rect, style: Style = .plain) -> Int {
    canvas.drawCentered(text, in: rect, style: style)
  }

  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    canvas.fill(rect, style: style)
  }

  public mutating func highlight(_ rect: Rect, with style: Style) {
    canvas.highlight(rect, with: style)
  }

  public mutating func showCursor(at point: Point?) {
    canvas.showCursor(at: point)
  }

  public mutating func markFocus(at point: Point) {
    canvas.markFocus(at: point)
  }

  // MARK: The mouse

  /// A press in `rect` sends `command`.
  public mutating func onPress(_ rect: Rect, _ command: Command) {
    clickTargets.append(ClickTarget(rect: rect, press: command))
  }

  /// The wheel over `rect` sends `up` or `down`, one per notch.
  public mutating func onWheel(_ rect: Rect, up: Command, down: Command) {
    clickTargets.append(ClickTarget(rect: rect, wheel: WheelCommands(up: up, down: down)))
  }

  /// Nothing drawn so far hears the mouse any more (a modal sheet, dialog or help opens).
  public mutating func coverClickTargets() {
    clickTargets.append(ClickTarget(rect: canvas.bounds))
  }

  /// What the mouse `event` asks for: the topmost target under it that answers its kind.
  public func command(for event: MouseEvent) -> Command? {
    for target in clickTargets.reversed() where target.rect.contains(event.point) {
      if target.isCover { return nil }
      switch event.kind {
      case .press: if let press = target.press { return press }
      case .wheelUp: if let wheel = target.wheel { return wheel.up }
      case .wheelDown: if let wheel = target.wheel { return wheel.down }
      }
    }
    return nil
  }
}

/// A place in a ``Frame`` that answers the mouse.
public struct ClickTarget<Command: Hashable & Sendable>: Hashable, Sendable {
  public var rect: Rect
  public var press: Command?
  public var wheel: WheelCommands<Command>?

  public init(rect: Rect, press: Command? = nil, wheel: WheelCommands<Command>? = nil) {
    self.rect = rect
    self.press = press
    self.wheel = wheel
  }

  /// Whether it only covers what is underneath.
  public var isCover: Bool { press == nil && wheel == nil }
}

/// What the wheel sends over a ``ClickTarget``, one per notch.
public struct WheelCommands<Command: Hashable & Sendable>: Hashable, Sendable {
  public var up: Command
  public var down: Command

  public init(up: Command, down: Command) {
    self.up = up
    self.down = down
  }
}
