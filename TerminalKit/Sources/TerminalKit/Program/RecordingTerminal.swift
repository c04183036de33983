/// A terminal without a screen: it keeps what a ``ProgramLoop`` paints, with the time of each
/// paint. What `onlinestore snapshot`, recordings and tests run the app on.
///
/// Input comes from whoever drives it: ``ProgramLoop/send(_:)`` directly, or ``type(_:)``
/// for a loop that ``ProgramLoop/run()``s.
@MainActor
public final class RecordingTerminal: TerminalBackend {
  /// One painted frame, and when it was painted since the terminal was made.
  public struct Paint: Sendable {
    public var canvas: Canvas
    public var time: Duration
  }

  public private(set) var size: Size
  public let theme: Theme
  /// The frames painted, oldest first; at most ``keptPaints`` of them (the newest).
  public private(set) var paints: [Paint] = []
  /// How many paints are kept: a long script must not grow without bound.
  public let keptPaints: Int
  /// Whether ``stop()`` was called.
  public private(set) var isStopped = false

  /// The running loop's handler, once it asked for wake-ups; until then they are kept.
  private var wake: (@Sendable (TerminalWakeUp) -> Void)?
  private var unannounced: [TerminalWakeUp] = []
  private var waiting: [InputEvent] = []
  private let clock = ContinuousClock()
  private let began: ContinuousClock.Instant
  /// Callers of ``painted(until:)``, resumed at the next paint.
  private var paintWaiters: [CheckedContinuation<Void, Never>] = []

  public init(size: Size, theme: Theme = .color, keptPaints: Int = 1) {
    self.size = size
    self.theme = theme
    self.keptPaints = max(1, keptPaints)
    began = clock.now
  }

  /// The last frame painted.
  public var screen: Canvas? { paints.last?.canvas }

  /// The terminal becomes `size`; the ``InputEvent/resize`` that says so is returned, for the
  /// loop to take.
  public func resize(to size: Size) -> InputEvent {
    self.size = size
    return .resize
  }

  /// Queues `inputs` and wakes a running loop.
  public func type(_ inputs: [InputEvent]) {
    waiting += inputs
    announce(.inputWaiting)
  }

  /// Ends the terminal, as a hang-up does.
  public func hangUp() {
    announce(.ended(signal: TerminalWakeUp.hangUpSignal))
  }

  public func announceWakeUps(to wake: @escaping @Sendable (TerminalWakeUp) -> Void) {
    self.wake = wake
    unannounced.forEach(wake)
    unannounced = []
  }

  private func announce(_ wakeUp: TerminalWakeUp) {
    guard !isStopped else { return }
    // Kept once each: a script that types a thousand times before the loop runs wakes it once.
    guard let wake else {
      if !unannounced.contains(wakeUp) { unannounced.append(wakeUp) }
      return
    }
    wake(wakeUp)
  }

  public func takeInput() -> [InputEvent] {
    defer { waiting = [] }
    return waiting
  }

  public func paint(_ canvas: Canvas, repaintEverything: Bool) {
    paints.append(Paint(canvas: canvas, time: clock.now - began))
    if paints.count > keptPaints { paints.removeFirst(paints.count - keptPaints) }
    wakePaintWaiters()
  }

  private func wakePaintWaiters() {
    let waiters = paintWaiters
    paintWaiters = []
    waiters.forEach { $0.resume() }
  }

  /// Returns once the screen satisfies `condition` — at once if it does now, else at the first
  /// paint after which it does — or once the calling task is cancelled (a test's time limit),
  /// whatever the screen shows. For whoever drives a loop that ``ProgramLoop/run()``s: a wait
  /// for what the loop draws, with no clock in it.
  public func painted(until condition: (Canvas) -> Bool) async {
    while !(screen.map(condition) ?? false), !Task.isCancelled {
      await withTaskCancellationHandler {
        await withCheckedContinuation { paintWaiters.append($0) }
      } onCancel: {
        Task { @MainActor in self.wakePaintWaiters() }
      }
    }
  }

  public func stop() {
    isStopped = true
  }
}

extension ProgramLoop where Backend == RecordingTerminal {
  /// The terminal becomes `size`, and the program is told, settled and drawn again.
  public func resize(to size: Size) async {
    await send([backend.resize(to: size)])
  }
}
