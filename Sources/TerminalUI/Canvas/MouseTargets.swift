/// The places of a frame that answer the mouse, registered as the frame is drawn, so that a
/// click acts on exactly what is on screen at that cell — the same drawing code places the
/// button and its target.
///
/// A target drawn later lies on top. A sheet, dialog or help first covers the screen with a
/// target that answers nothing, so what is underneath does not hear the mouse, as it does not
/// hear keys.
public struct MouseTarget: Hashable, Sendable {
  public var rect: Rect
  public var press: KeyCommand?
  public var wheel: (up: KeyCommand, down: KeyCommand)?

  /// Whether it only covers what is underneath.
  var isCover: Bool { press == nil && wheel == nil }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rect == rhs.rect && lhs.press == rhs.press && lhs.wheel?.up == rhs.wheel?.up && lhs.wheel?.down == rhs.wheel?.down
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rect)
    hasher.combine(press)
    hasher.combine(wheel?.up)
    hasher.combine(wheel?.down)
  }
}

extension Canvas {
  /// A press in `rect` sends `command`.
  public mutating func onPress(_ rect: Rect, _ command: KeyCommand) {
    mouseTargets.append(MouseTarget(rect: rect, press: command))
  }

  /// The wheel over `rect` sends `up` or `down`, one per notch.
  public mutating func onWheel(_ rect: Rect, up: KeyCommand, down: KeyCommand) {
    mouseTargets.append(MouseTarget(rect: rect, wheel: (up, down)))
  }

  /// Nothing drawn so far hears the mouse any more (a modal sheet, dialog or help opens).
  public mutating func coverMouseTargets() {
    mouseTargets.append(MouseTarget(rect: bounds))
  }

  /// What the mouse `event` asks for: the topmost target under it that answers its kind.
  public func command(for event: MouseEvent) -> KeyCommand? {
    for target in mouseTargets.reversed() where target.rect.contains(event.point) {
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
