/// The one contract every widget keeps: a widget is a value, configured when it is made, that
/// draws itself into a region of a frame — and registers, in the same call, the click targets
/// of what it drew.
///
/// `Command` is what its clicks send. A widget that sends nothing is generic over it all the
/// same, so that it draws into any app's frame: the frame's own `Command` is inferred.
///
/// ```swift
/// frame.render(Box(title: "Cart"), in: area)
/// frame.render(Button("Pay $14.50", press: .payTapped), in: payRow)
/// ```
public protocol Widget {
  associatedtype Command: Hashable & Sendable
  func render(in area: Rect, on frame: inout Frame<Command>)
}

/// A widget whose drawing depends on, and may update, state that outlives one frame: a list's
/// scroll offset, kept so that the selection moves within the rows on screen before the list
/// scrolls.
public protocol StatefulWidget {
  associatedtype Command: Hashable & Sendable
  associatedtype State
  func render(in area: Rect, on frame: inout Frame<Command>, state: inout State)
}

extension Frame {
  /// Draws `widget` in `area` of this frame.
  public mutating func render<W: Widget>(_ widget: W, in area: Rect) where W.Command == Command {
    widget.render(in: area, on: &self)
  }

  /// Draws `widget` in `area` with its `state`, which it may update.
  public mutating func render<W: StatefulWidget>(_ widget: W, in area: Rect, state: inout W.State) where W.Command == Command {
    widget.render(in: area, on: &self, state: &state)
  }
}
