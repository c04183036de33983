import Foundation
import TerminalKit

/// The real terminal as a ``TerminalBackend``: the event source's wake-ups become the loop's,
/// and what the loop takes is read from ncurses only then — until it is taken, the waiting
/// thread does not look at the keyboard again, so unread keys stay in the kernel's buffer.
extension CursesTerminal: TerminalBackend {
  public var theme: Theme { usesColor ? .color : .monochrome }

  /// Made once: the event source has one stream, and one forwarder reads it.
  public var wakeUps: AsyncStream<TerminalWakeUp> {
    if let made = madeWakeUps { return made }
    let (wakeUps, continuation) = AsyncStream.makeStream(of: TerminalWakeUp.self)
    let events = self.events
    let forwarder = Task { @MainActor [weak self] in
      for await event in events {
        guard let self else { break }
        switch event {
        case .input:
          keysWaiting = true
          continuation.yield(.inputWaiting)
        case .signal(SIGWINCH):
          resizeWaiting = true
          continuation.yield(.inputWaiting)
        case .signal(SIGUSR1):
          // Not an ending: something to tell the program (see `InputEvent.signal`).
          noticesWaiting.append(SIGUSR1)
          continuation.yield(.inputWaiting)
        case let .signal(number):
          continuation.yield(.ended(signal: number))
        }
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in forwarder.cancel() }
    madeWakeUps = wakeUps
    return wakeUps
  }

  public func takeInput() -> [InputEvent] {
    var inputs: [InputEvent] = []
    if resizeWaiting {
      resizeWaiting = false
      resizeHandled()
      inputs.append(.resize)
    }
    inputs += noticesWaiting.map(InputEvent.signal)
    noticesWaiting = []
    if keysWaiting {
      keysWaiting = false
      inputs += readInput()
      inputConsumed()
    }
    // ncurses reports a resize it noticed itself as a key; either way the size is read now.
    if inputs.contains(.resize) { updateSize() }
    return inputs
  }
}
