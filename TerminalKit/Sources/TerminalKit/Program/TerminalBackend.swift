/// A terminal a ``ProgramLoop`` runs on: ncurses on a real one, or a ``RecordingTerminal`` in
/// tests, snapshots and recordings.
///
/// Input is announced and then taken, rather than pushed: the backend says that input is
/// waiting (``announceWakeUps(to:)``) and hands it over when the loop asks (``takeInput()``),
/// reading nothing more until then. So a flood of keys waits in the kernel's buffer, bounded,
/// and never piles up in memory ahead of a program that is busy drawing.
@MainActor
public protocol TerminalBackend: AnyObject {
  /// The size in cells, as of the last ``InputEvent/resize`` taken.
  var size: Size { get }
  /// The theme the terminal can show: colours, or monochrome.
  var theme: Theme { get }
  /// From now on, calls `wake` — on any thread — each time input is waiting, and once when the
  /// terminal ends. The loop passes a handler that notes the wake-up in its mailbox and, unless
  /// the loop is already at work, starts its next step on the main actor: one hop from the
  /// terminal's thread. Called once, by the loop that runs on this backend.
  func announceWakeUps(to wake: @escaping @Sendable (TerminalWakeUp) -> Void)
  /// Everything waiting: keys, mouse reports, pastes, and ``InputEvent/resize`` once the new
  /// size is in ``size``. After this the backend watches for more.
  func takeInput() -> [InputEvent]
  /// Shows `canvas`. `repaintEverything` (after a resize, or when the user asks for a redraw)
  /// sends every cell instead of what changed.
  func paint(_ canvas: Canvas, repaintEverything: Bool)
  /// Gives the terminal back as it was found.
  func stop()
}

/// Why a ``TerminalBackend`` wakes its program.
public enum TerminalWakeUp: Equatable, Sendable {
  /// Input is waiting: take it with ``TerminalBackend/takeInput()``.
  case inputWaiting
  /// The terminal is ending: a signal (SIGHUP when the terminal went away, SIGTERM, …).
  case ended(signal: Int32)

  /// SIGHUP, the same number on every POSIX system: how a terminal that went away ends.
  public static let hangUpSignal: Int32 = 1
}
