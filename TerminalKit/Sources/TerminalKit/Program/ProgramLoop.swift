/// The one loop every terminal app here runs in, whatever the backend: input in, commands to
/// the app, frames out.
///
/// It routes keys and pastes through the app, and clicks through the click targets of the
/// frame the app draws; settles the app after every change; ticks while something animates;
/// repaints everything after a resize or when asked; and finishes the app (a bounded last save)
/// before giving the terminal back.
///
/// Two ways to drive it, one behaviour:
/// - ``run()`` for a person at a terminal: sleeps until input, a state change or a tick, never
///   waits for the work a key started, and draws once per batch of input.
/// - ``start()`` and ``send(_:)`` for a script (snapshots, recordings, tests): each input is
///   handled, the work it started is waited for when ``waitsForWork`` is set, and a frame is
///   drawn after it.
@MainActor
public final class ProgramLoop<Program: TerminalProgram, Backend: TerminalBackend> {
  public let program: Program
  public let backend: Backend
  /// Whether the loop waits for the work each input starts before taking the next: for scripts,
  /// so that the screen after a key shows what the key led to (loaded products, a sent order).
  public let waitsForWork: Bool
  /// How often an animation advances; `nil` draws no animation (snapshots stay still).
  public let tickInterval: Duration?
  /// How long ``finish()`` lets the app save before the terminal is given back.
  public static var finishingTime: Duration { .seconds(1) }
  /// What the ticker and the finishing time are measured on: the continuous clock, or a test's.
  public let clock: any Clock<Duration>

  private static var hangUp: Int32 { TerminalWakeUp.hangUpSignal }

  private var spinnerFrame = 0
  private var repaintEverything = true
  private var ticker: Task<Void, Never>?
  /// The frame on screen, and the program's ``TerminalProgram/changeCount`` when it was drawn.
  private var drawn: (frame: Frame<Program.Command>, size: Size, changeCount: Int?)?

  /// How many frames the loop has painted: what a test or a benchmark counts per key.
  public private(set) var framesPainted = 0

  public init(
    program: Program, backend: Backend, waitsForWork: Bool = false, tickInterval: Duration? = .milliseconds(100),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.program = program
    self.backend = backend
    self.waitsForWork = waitsForWork
    self.tickInterval = tickInterval
    self.clock = clock
  }

  /// Why the loop ended.
  public enum Ending: Equatable, Sendable {
    case quit
    case signal(Int32)

    /// The exit status: 0 for a quit, 128 + the signal number otherwise, as shells expect.
    public var status: Int32 {
      switch self {
      case .quit: 0
      case let .signal(number): 128 + number
      }
    }
  }

  /// The current screen, as the app draws it now.
  public func frame() -> Frame<Program.Command> {
    program.frame(size: backend.size, context: context)
  }

  // MARK: Driven by a script

  /// Settles the app and draws the first frame.
  public func start() async {
    await settle()
    draw()
  }

  /// Handles `inputs` in order, then draws. Returns how the program ends, if an input ends it
  /// (the inputs after it are not handled).
  @discardableResult
  public func send(_ inputs: [InputEvent]) async -> Ending? {
    for input in inputs {
      if let ending = await handle(input) {
        return ending
      }
    }
    draw()
    return nil
  }

  /// Presses `key`; `false` if it ends the program.
  @discardableResult
  public func press(_ key: Key) async -> Bool {
    await send([.key(key)]) == nil
  }

  /// Clicks or turns the wheel, as a terminal's mouse report does.
  public func mouse(_ event: MouseEvent) async {
    await send([.mouse(event)])
  }

  /// Pastes `text`, as a terminal's bracketed paste does.
  public func paste(_ text: String) async {
    await send([.paste(text)])
  }

  /// Lets the app save (at most ``finishingTime``), then gives the terminal back.
  public func finish() async {
    ticker?.cancel()
    ticker = nil
    let saving = program.finish()
    let (done, signal) = AsyncStream.makeStream(of: Void.self)
    let finishingTime = Self.finishingTime
    let clock = self.clock
    // Off the main actor: neither the save's wait nor the deadline queues behind the app.
    let waiters = [
      Task.detached {
        await saving.finished()
        signal.yield()
      },
      Task.detached {
        try? await clock.sleep(for: finishingTime)
        signal.yield()
      },
    ]
    for await _ in done { break }
    waiters.forEach { $0.cancel() }
    backend.stop()
  }

  // MARK: Driven by a person

  /// Runs until the app quits or the terminal ends; the terminal is given back when this
  /// returns. Cancelling the task that runs it ends it as a hang-up does.
  public func run() async -> Ending {
    let wakeUps = LoopWakeUps()
    // The terminal's thread wakes the loop through one small mailbox, which takes each wake-up
    // to the loop's step on the main actor in one hop.
    backend.announceWakeUps { wakeUp in
      switch wakeUp {
      case .inputWaiting: wakeUps.post(.inputWaiting)
      case let .ended(signal): wakeUps.post(.ended(signal: signal))
      }
    }
    // A change is only noted here. A key's own change comes while its step is under way: the
    // mailbox keeps the note, the step draws, and the note's own step finds it drawn — no task
    // started and no thread woken for it.
    let changes = program.observeStateChanges { wakeUps.post(.stateChanged) }
    let tick: @MainActor () -> Void = { wakeUps.post(.tick) }
    defer { changes.cancel() }

    await start()
    updateTicker(tick)
    let ending = await withTaskCancellationHandler {
      await withCheckedContinuation { (ended: CheckedContinuation<Ending, Never>) in
        wakeUps.serve { event in
          guard let ending = await self.step(event, tick: tick) else { return true }
          ended.resume(returning: ending)
          return false
        }
      }
    } onCancel: {
      wakeUps.post(.ended(signal: TerminalWakeUp.hangUpSignal))
    }
    await finish()
    return ending
  }

  /// What one wake-up asks of a loop that runs for a person: `nil` to go on, or how it ends.
  private func step(_ event: LoopWakeUps.Event, tick: @escaping @MainActor () -> Void) async -> Ending? {
    switch event {
    case .inputWaiting:
      let inputs = backend.takeInput()
      guard !inputs.isEmpty else { return nil }
      for input in inputs {
        if let ending = await handle(input) { return ending }
      }
    case let .ended(signal):
      return .signal(signal)
    case .stateChanged:
      // Drawn meanwhile (by a key after the change): nothing to draw.
      guard !isDrawn else { return nil }
      await settle()
    case .tick:
      guard program.isAnimating else { return nil }
      spinnerFrame &+= 1
    }
    draw()
    updateTicker(tick)
    return nil
  }

  // MARK: The steps

  private var context: RenderContext {
    RenderContext(theme: backend.theme, spinnerFrame: spinnerFrame)
  }

  /// Does what one input asks for. The next input is routed on the state this one produced, so
  /// the app is settled after it.
  private func handle(_ input: InputEvent) async -> Ending? {
    let command: Program.Command?
    switch input {
    case .resize:
      repaintEverything = true
      await settle()
      return nil
    case let .mouse(event):
      // What is under the pointer on the screen the app draws now: the frame on screen, unless
      // something changed since it was drawn.
      let onScreen = isDrawn ? drawn?.frame : nil
      command = (onScreen ?? frame()).command(for: event)
    case let .key(.alt(key)):
      // A terminal sends Alt-x as Esc and x: a program that binds nothing to Alt-x gets those.
      command = program.command(for: input, size: backend.size)
      if command == nil {
        if let ending = await handle(.key(.escape)) { return ending }
        return await handle(.key(key))
      }
    case .key, .paste, .signal:
      command = program.command(for: input, size: backend.size)
    }
    guard let command else { return nil }
    return await carryOut(command)
  }

  private func carryOut(_ command: Program.Command) async -> Ending? {
    switch program.perform(command) {
    case .quit:
      return .quit
    case .repaint:
      repaintEverything = true
    case let .started(work):
      if waitsForWork, let work { await work.finished() }
    }
    await settle()
    return nil
  }

  private func settle() async {
    let work = program.settle(size: backend.size)
    if waitsForWork {
      for item in work { await item.finished() }
    }
  }

  private func draw() {
    let size = backend.size
    let frame = program.frame(size: size, context: context)
    backend.paint(frame.canvas, repaintEverything: repaintEverything)
    repaintEverything = false
    framesPainted += 1
    drawn = (frame, size, program.changeCount)
  }

  /// Whether the frame on screen shows the program as it is now: same size, and a change count
  /// that has not moved since (a program without one is never known to be drawn).
  private var isDrawn: Bool {
    guard let drawn, let count = program.changeCount else { return false }
    return drawn.changeCount == count && drawn.size == backend.size && !repaintEverything
  }

  /// Ticks only while something animates, so an idle program sleeps.
  private func updateTicker(_ tick: @escaping @MainActor () -> Void) {
    guard let interval = tickInterval else { return }
    if program.isAnimating, ticker == nil {
      let clock = self.clock
      ticker = Task {
        while !Task.isCancelled {
          try? await clock.sleep(for: interval)
          tick()
        }
      }
    } else if !program.isAnimating, let running = ticker {
      running.cancel()
      ticker = nil
    }
  }
}
