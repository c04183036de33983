import Foundation
import TerminalKit

/// The real terminal as a ``TerminalBackend``: the event source's thread wakes the loop itself,
/// and what the loop takes is read from ncurses only then — until it is taken, the thread does
/// not look at the keyboard again, so unread keys stay in the kernel's buffer.
extension CursesTerminal: TerminalBackend {
  public var theme: Theme { usesColor ? .color : .monochrome }

  public func announceWakeUps(to wake: @escaping @Sendable (TerminalWakeUp) -> Void) {
    eventSource.start(announcing: wake)
  }

  public func takeInput() -> [InputEvent] {
    let waiting = eventSource.take()
    var inputs: [InputEvent] = waiting.resize ? [.resize] : []
    inputs += waiting.notices.map(InputEvent.signal)
    if waiting.keys {
      inputs += readInput()
      eventSource.inputConsumed()
    }
    // ncurses reports a resize it noticed itself as a key; either way the size is read now.
    if inputs.contains(.resize) { updateSize() }
    return inputs
  }
}
