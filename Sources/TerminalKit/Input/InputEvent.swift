/// What a terminal backend reads: a key, a resize, a mouse event, or a paste.
public enum InputEvent: Equatable, Sendable {
  case key(Key)
  case resize
  case mouse(MouseEvent)
  /// Text the user pasted, whole (the terminal bracketed it).
  case paste(String)
}
