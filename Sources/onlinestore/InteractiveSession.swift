import Boundaries
import CursesTerminal
import Foundation
import Shop
import TerminalKit
import TerminalUI

/// The interactive run loop: keys, signals and the store's changes in; frames out.
///
/// Everything happens on the main actor, ncurses included. Nothing here polls: the loop sleeps
/// until the keyboard has input, a signal arrives, an effect changes the state, or — only while
/// a spinner is on screen — it is time for its next frame.
@MainActor
final class InteractiveSession {
  private let store: StoreOf<AppFeature>
  private let terminal: CursesTerminal
  private let screens: ScreenStores
  private let context: RenderContext
  private var spinnerFrame = 0
  private var lastState: AppFeature.State?
  private var repaintEverything = true
  /// Ticks for the spinner; running only while one is on screen, so an idle store sleeps.
  private var ticker: Task<Void, Never>?
  private var tickContinuation: AsyncStream<Event>.Continuation?

  init(store: StoreOf<AppFeature>, terminal: CursesTerminal) {
    self.store = store
    self.terminal = terminal
    self.screens = ScreenStores(app: store)
    self.context = RenderContext(theme: terminal.usesColor ? .color : .monochrome)
  }

  /// Why the session ended.
  enum Ending: Equatable {
    case quit
    case signal(Int32)

    /// The exit status: 0 for a quit, 128 + the signal number otherwise, as shells expect.
    var status: Int32 {
      switch self {
      case .quit: 0
      case let .signal(number): 128 + number
      }
    }
  }

  private enum Event {
    case terminal(TerminalEventSource.Event)
    case stateChanged
    case tick
  }

  /// Runs until the user quits or a signal ends the session; the terminal is restored when this
  /// returns.
  func run() async -> Ending {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let terminalEvents = terminal.events
    let changes = store.stateChanges()
    let forwarders = [
      Task {
        for await event in terminalEvents { continuation.yield(.terminal(event)) }
        continuation.yield(.terminal(.signal(SIGHUP)))
      },
      Task {
        for await _ in changes { continuation.yield(.stateChanged) }
      },
    ]
    tickContinuation = continuation
    defer {
      forwarders.forEach { $0.cancel() }
      ticker?.cancel()
    }

    settle()
    draw()
    for await event in events {
      if let ending = handle(event) {
        await finish()
        return ending
      }
      if case .tick = event, !AppScreen.isAnimating(store.state) { continue }
      settle()
      draw()
    }
    await finish()
    return .signal(SIGHUP)
  }

  private func handle(_ event: Event) -> Ending? {
    switch event {
    case .terminal(.input):
      let inputs = terminal.readInput()
      terminal.inputConsumed()
      for input in inputs {
        switch input {
        case .resize:
          resize()
        case let .key(key):
          if let ending = perform(KeyRouter.command(for: key, in: store.state, size: terminal.size)) { return ending }
        case let .mouse(event):
          // The frame on screen now decides what is under the pointer.
          if let ending = perform(AppScreen.command(for: event, in: store.state, size: terminal.size)) { return ending }
        case let .paste(text):
          if let ending = perform(KeyRouter.command(forPaste: text, in: store.state, size: terminal.size)) { return ending }
        }
      }
    case .terminal(.signal(SIGWINCH)):
      terminal.resizeHandled()
      resize()
    case let .terminal(.signal(number)):
      return .signal(number)
    case .stateChanged:
      break
    case .tick:
      spinnerFrame &+= 1
    }
    return nil
  }

  /// Does what a key, a click or a paste asks for; returns how the session ends if it does.
  private func perform(_ command: KeyCommand?) -> Ending? {
    switch command {
    case .quit?: return .quit
    case .redraw?: repaintEverything = true
    case let command?: screens.send(command)
    case nil: break
    }
    // Routing the next key needs the state this one produced.
    settle()
    return nil
  }

  private func resize() {
    terminal.updateSize()
    repaintEverything = true
  }

  /// Sends what the screens say without a key: appearances, and how many rows fit.
  private func settle() {
    screens.sendScreenEvents(since: &lastState, size: terminal.size)
  }

  /// Starts the spinner's ticks when something animates, and stops them when nothing does.
  private func updateTicker() {
    let animating = AppScreen.isAnimating(store.state)
    if animating, ticker == nil, let continuation = tickContinuation {
      ticker = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(100))
          continuation.yield(.tick)
        }
      }
    } else if !animating, let running = ticker {
      running.cancel()
      ticker = nil
    }
  }

  private func draw() {
    updateTicker()
    var context = self.context
    context.spinnerFrame = spinnerFrame
    terminal.paint(AppScreen.render(store.state, size: terminal.size, context: context).canvas, repaintEverything: repaintEverything)
    repaintEverything = false
  }

  /// Lets the product list save the cart (up to a second), then gives the terminal back. Waits
  /// for whichever comes first, the save or the second, without polling.
  private func finish() async {
    let saving = screens.productsScreen.send(.willTerminate)
    let (done, signal) = AsyncStream.makeStream(of: Void.self)
    let waiters = [
      Task {
        await saving.finish()
        signal.yield()
      },
      Task {
        try? await Task.sleep(for: .seconds(1))
        signal.yield()
      },
    ]
    for await _ in done { break }
    waiters.forEach { $0.cancel() }
    terminal.stop()
  }
}
