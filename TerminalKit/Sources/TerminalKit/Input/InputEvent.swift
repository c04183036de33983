/// What a terminal backend reads: a key, a resize, a mouse event, a paste, or a signal.
public enum InputEvent: Equatable, Sendable {
  case key(Key)
  case resize
  case mouse(MouseEvent)
  /// Text the user pasted, whole (the terminal bracketed it).
  case paste(String)
  /// A signal that asks the program to tell its user something rather than to end: SIGUSR1
  /// (the SSH front door's notice that the host is restarting).
  case signal(Int32)
}
