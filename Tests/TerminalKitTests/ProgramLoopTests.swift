import Clocks
import Foundation
import Synchronization
import TerminalKit
import Testing

/// The one program loop, with a program of its own: what it routes where, when it waits, when
/// it draws, and how it ends.
/// A wait for a paint that never comes ends at the suite's time limit, not never.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ProgramLoopTests {
  /// Counts keys; `s` starts slow work, `q` quits, `r` asks for a full repaint. Draws the count,
  /// and a clickable "+" at the top left.
  final class Counter: TerminalProgram {
    enum Command: Hashable, Sendable { case add, slow, quit, repaint }
    var count = 0
    var settles = 0
    var animating = false
    var finishing: ProgramWork = .none
    let changes: AsyncStream<Void>
    let changed: AsyncStream<Void>.Continuation
    /// Whether it announces its own changes and counts them, as a store does.
    var announcesChanges = false
    var announced = 0
    /// How many frames were rendered, drawn or not.
    var framesRendered = 0

    /// The slow work (`s`) goes on once the test lets it, through `slowWorkMayEnd`.
    let slowWorkGate: AsyncStream<Void>
    let slowWorkMayEnd: AsyncStream<Void>.Continuation

    init() {
      (changes, changed) = AsyncStream.makeStream(of: Void.self)
      (slowWorkGate, slowWorkMayEnd) = AsyncStream.makeStream(of: Void.self)
    }

    /// Whether it reports a change by calling the loop back at the change, as a store's
    /// `observeChanges` does, rather than through a stream.
    var reportsAtTheChange = false
    /// The loop's callback while it observes this program at the change.
    var onChange: (@MainActor () -> Void)?

    /// Announces a change, as a store does after every send.
    func announce() {
      announced += 1
      if let onChange { onChange() } else { changed.yield() }
    }

    func frame(size: Size, context: RenderContext) -> Frame<Command> {
      framesRendered += 1
      var frame = Frame<Command>(size: size)
      frame.draw("+", at: Point(x: 0, y: 0))
      frame.onPress(Rect(x: 0, y: 0, width: 1, height: 1), .add)
      frame.draw("count \(count) tick \(context.spinnerFrame)", at: Point(x: 2, y: 0))
      return frame
    }

    func command(for input: InputEvent, size: Size) -> Command? {
      switch input {
      case .key(.character("+")): .add
      case .key(.character("s")): .slow
      case .key(.character("q")): .quit
      case .key(.character("r")): .repaint
      case .paste: .add
      default: nil
      }
    }

    func perform(_ command: Command) -> ProgramStep {
      switch command {
      case .add:
        count += 1
        if announcesChanges { announce() }
        return .started(nil)
      case .slow:
        return .started(ProgramWork { @MainActor in
          for await _ in self.slowWorkGate { break }
          self.count += 100
        })
      case .quit: return .quit
      case .repaint: return .repaint
      }
    }

    func settle(size: Size) -> [ProgramWork] {
      settles += 1
      return []
    }

    var isAnimating: Bool { animating }
    func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
      guard reportsAtTheChange else { return .forwarding(changes, to: onChange) }
      self.onChange = onChange
      return StateObservation { self.onChange = nil }
    }
    var changeCount: Int? { announcesChanges ? announced : nil }
    func finish() -> ProgramWork { finishing }
  }

  final class RepaintCountingTerminal: TerminalBackend {
    let recorder = RecordingTerminal(size: Size(width: 30, height: 2))
    var fullRepaints = 0
    var size: Size { recorder.size }
    var theme: Theme { recorder.theme }
    func announceWakeUps(to wake: @escaping @Sendable (TerminalWakeUp) -> Void) { recorder.announceWakeUps(to: wake) }
    func takeInput() -> [InputEvent] { recorder.takeInput() }
    func paint(_ canvas: Canvas, repaintEverything: Bool) {
      if repaintEverything { fullRepaints += 1 }
      recorder.paint(canvas, repaintEverything: repaintEverything)
    }
    func stop() { recorder.stop() }
  }

  static func scripted(_ counter: Counter = Counter()) -> ProgramLoop<Counter, RecordingTerminal> {
    ProgramLoop(program: counter, backend: RecordingTerminal(size: Size(width: 30, height: 2)), waitsForWork: true, tickInterval: nil)
  }

  @Test func keysPastesAndClicksAreRoutedAndEachBatchIsDrawnOnce() async {
    let loop = Self.scripted()
    await loop.start()
    #expect(loop.framesPainted == 1)
    await loop.send([.key(.character("+")), .paste("anything"), .mouse(MouseEvent(.press, at: Point(x: 0, y: 0)))])
    #expect(loop.program.count == 3)
    #expect(loop.backend.screen?.textRows.first == "+ count 3 tick 0")
    #expect(loop.framesPainted == 2, "the three inputs of the batch, drawn once")
    // A click where nothing answers does nothing.
    await loop.mouse(MouseEvent(.press, at: Point(x: 5, y: 1)))
    #expect(loop.program.count == 3)
  }

  @Test func aScriptWaitsForTheWorkEachKeyStartedAPersonDoesNot() async {
    let scripted = Self.scripted()
    await scripted.start()
    scripted.program.slowWorkMayEnd.yield()
    await scripted.press(.character("s"))
    #expect(scripted.program.count == 100, "the screen after the key shows what it led to")

    let live = ProgramLoop(program: Counter(), backend: RecordingTerminal(size: Size(width: 30, height: 2)), waitsForWork: false, tickInterval: nil)
    await live.start()
    await live.press(.character("s"))  // Returns though the work cannot end until it is let.
    #expect(live.program.count == 0, "a person's next key is not held up by the work")
    live.program.slowWorkMayEnd.finish()
  }

  /// A terminal sends Alt-+ as Esc and +: a program that binds nothing to Alt-+ gets those two.
  @Test func anAltKeyAProgramLeavesReachesItAsEscAndTheKey() async {
    let loop = Self.scripted()
    await loop.start()
    await loop.send([.key(.alt(.character("+"))), .key(.alt(.character("+")))])
    #expect(loop.program.count == 2)
    #expect(await loop.send([.key(.alt(.character("q")))]) == .quit)
  }

  @Test func theInputsAfterOneThatQuitsAreNotHandled() async {
    let loop = Self.scripted()
    await loop.start()
    let ending = await loop.send([.key(.character("+")), .key(.character("q")), .key(.character("+"))])
    #expect(ending == .quit && loop.program.count == 1)
  }

  @Test func aResizeOrARedrawRepaintsEverythingOnce() async {
    let terminal = RepaintCountingTerminal()
    let loop = ProgramLoop(program: Counter(), backend: terminal, waitsForWork: true, tickInterval: nil)
    await loop.start()
    #expect(terminal.fullRepaints == 1, "the first frame")
    await loop.send([.key(.character("+"))])
    #expect(terminal.fullRepaints == 1)
    await loop.send([terminal.recorder.resize(to: Size(width: 20, height: 3))])
    #expect(terminal.fullRepaints == 2 && terminal.recorder.screen?.size == Size(width: 20, height: 3))
    await loop.send([.key(.character("r"))])
    #expect(terminal.fullRepaints == 3)
  }

  /// Run for a person: typed keys, state changes and ticks are drawn; a hang-up ends it with the
  /// signal, and the terminal is given back.
  @Test func runningForAPersonDrawsWhatHappensAndEndsOnAHangUp() async throws {
    let counter = Counter()
    counter.animating = true
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let clock = TestClock()
    let began = clock.now
    // An hour between ticks: only the loop's own clock, moved by the test, can bring three
    // within the suite's time limit.
    let loop = ProgramLoop(program: counter, backend: terminal, tickInterval: .seconds(3_600), clock: clock)
    let running = Task { await loop.run() }
    terminal.type([.key(.character("+")), .key(.character("+"))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 2") == true }
    counter.count = 7
    counter.changed.yield()
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 7") == true }
    // Three ticks of the test's clock: time moves on until the ticker has slept through three.
    func ticks() -> Int { (terminal.screen?.textRows.first?.split(separator: " ").last).flatMap { Int($0) } ?? 0 }
    while ticks() < 3 {
      try Task.checkCancellation()  // A ticker on another clock never ticks: the time limit ends it.
      await clock.advance(by: .seconds(3_600))
      await Task.yield()
    }
    #expect(began.duration(to: clock.now) >= .seconds(3 * 3_600), "a tick every hour of the loop's clock")
    terminal.hangUp()
    #expect(await running.value == .signal(1))
    #expect(terminal.isStopped)
  }

  /// A key's own change, announced a moment after the frame that shows it, paints no second
  /// frame. The change after it comes through the same stream, so by the time it is on screen
  /// the key's announcement has been taken: the count of frames is final, not a matter of time.
  @Test func aKeyPaintsOneFrame() async throws {
    let counter = Counter()
    counter.announcesChanges = true
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let loop = ProgramLoop(program: counter, backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    terminal.type([.key(.character("+"))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 1") == true }
    counter.count = 7
    counter.announce()
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 7") == true }
    #expect(loop.framesPainted == 3, "the first frame, the key's and the change's")
    terminal.hangUp()
    #expect(await running.value == .signal(1))
  }

  /// A program that calls back at the change itself: the key's change comes while its step is
  /// under way, is noted, and paints nothing more; a change from outside a step wakes the loop and
  /// is drawn; when the run ends, the loop stops observing.
  @Test func aChangeReportedAtTheChangeIsDrawnOnce() async throws {
    let counter = Counter()
    counter.announcesChanges = true
    counter.reportsAtTheChange = true
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let loop = ProgramLoop(program: counter, backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    await terminal.painted { _ in true }  // The loop observes the program before its first frame.
    #expect(counter.onChange != nil)
    terminal.type([.key(.character("+"))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 1") == true }
    counter.count = 7
    counter.announce()
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 7") == true }
    terminal.type([.key(.character("+"))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 8") == true }
    #expect(loop.framesPainted == 4, "the first frame, the key's, the change's and the second key's")
    #expect(counter.framesRendered == loop.framesPainted)
    terminal.hangUp()
    #expect(await running.value == .signal(1))
    #expect(counter.onChange == nil, "the loop stopped observing when it ended")
  }

  /// A click on a screen that has not changed since it was drawn is hit-tested on that frame:
  /// every frame rendered is a frame painted.
  @Test func aClickRendersNoFrameOnlyToHitTest() async throws {
    let counter = Counter()
    counter.announcesChanges = true
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let loop = ProgramLoop(program: counter, backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    terminal.type([.mouse(MouseEvent(.press, at: Point(x: 0, y: 0)))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 1") == true }
    terminal.type([.mouse(MouseEvent(.press, at: Point(x: 0, y: 0)))])
    await terminal.painted { $0.textRows.first?.hasPrefix("+ count 2") == true }
    #expect(loop.framesPainted == 3)
    #expect(counter.framesRendered == loop.framesPainted, "no frame rendered only to find what was clicked")
    terminal.hangUp()
    #expect(await running.value == .signal(1))
  }

  /// A terminal's own thread wakes the loop by calling the handler the loop gave it, once: the
  /// key is taken and drawn with no stream or task of the terminal's in between.
  @Test func aWakeUpFromTheTerminalsThreadReachesTheLoopDirectly() async throws {
    final class ThreadedTerminal: TerminalBackend {
      let recorder = RecordingTerminal(size: Size(width: 30, height: 2))
      let handlers = Mutex<[@Sendable (TerminalWakeUp) -> Void]>([])
      var size: Size { recorder.size }
      var theme: Theme { recorder.theme }
      func announceWakeUps(to wake: @escaping @Sendable (TerminalWakeUp) -> Void) {
        handlers.withLock { $0.append(wake) }
      }
      func takeInput() -> [InputEvent] { [.key(.character("+"))] }
      func paint(_ canvas: Canvas, repaintEverything: Bool) { recorder.paint(canvas, repaintEverything: repaintEverything) }
      func stop() { recorder.stop() }
      /// Calls the loop's handler from a thread of its own, as the terminal's event source does.
      func wakeFromAnotherThread(_ wakeUp: TerminalWakeUp) {
        let wake = handlers.withLock { $0.first }
        Thread.detachNewThread { wake?(wakeUp) }
      }
    }
    let terminal = ThreadedTerminal()
    let loop = ProgramLoop(program: Counter(), backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    await terminal.recorder.painted { _ in true }  // The loop asks for wake-ups before its first frame.
    #expect(terminal.handlers.withLock { !$0.isEmpty })
    terminal.wakeFromAnotherThread(.inputWaiting)
    await terminal.recorder.painted { $0.textRows.first?.hasPrefix("+ count 1") == true }
    terminal.wakeFromAnotherThread(.ended(signal: 15))
    #expect(await running.value == .signal(15))
    #expect(terminal.handlers.withLock { $0.count } == 1, "the loop asks for wake-ups once")
    #expect(terminal.recorder.isStopped)
  }

  /// Cancelling the task that runs the loop ends it as a hang-up does: the app finishes and the
  /// terminal is given back — also when the task is cancelled before the loop has begun to wait.
  @Test func cancellingTheRunEndsItAsAHangUpDoes() async throws {
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let loop = ProgramLoop(program: Counter(), backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    await terminal.painted { _ in true }
    running.cancel()
    #expect(await running.value == .signal(TerminalWakeUp.hangUpSignal))
    #expect(terminal.isStopped)
    let early = RecordingTerminal(size: Size(width: 30, height: 2))
    let cancelled = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await ProgramLoop(program: Counter(), backend: early, tickInterval: nil).run()
    }
    #expect(await cancelled.value == .signal(TerminalWakeUp.hangUpSignal))
    #expect(early.isStopped)
  }

  /// Wake-ups that come before a loop asks for them are kept once each, not once per call.
  @Test func wakeUpsBeforeTheLoopAreKeptOnceEach() {
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    for _ in 0..<1000 { terminal.type([.key(.character("+"))]) }
    terminal.hangUp()
    let heard = Mutex<[TerminalWakeUp]>([])
    terminal.announceWakeUps { wakeUp in heard.withLock { $0.append(wakeUp) } }
    #expect(heard.withLock { $0 } == [.inputWaiting, .ended(signal: TerminalWakeUp.hangUpSignal)])
    #expect(terminal.takeInput().count == 1000, "the keys themselves are all there")
  }

  @Test func quittingEndsARunWithStatusZero() async {
    let terminal = RecordingTerminal(size: Size(width: 30, height: 2))
    let loop = ProgramLoop(program: Counter(), backend: terminal, tickInterval: nil)
    let running = Task { await loop.run() }
    terminal.type([.key(.character("q"))])
    let ending = await running.value
    #expect(ending == .quit && ending.status == 0 && terminal.isStopped)
    #expect(ProgramLoop<Counter, RecordingTerminal>.Ending.signal(15).status == 143)
  }

  /// The terminal is given back after the app's last save, not before it.
  @Test func finishingWaitsForTheLastSave() async {
    let saved = Mutex(false)
    let counter = Counter()
    counter.finishing = ProgramWork {
      await Task.yield()
      saved.withLock { $0 = true }
    }
    let loop = Self.scripted(counter)
    await loop.start()
    await loop.finish()
    #expect(saved.withLock { $0 }, "the save ended before the terminal was given back")
    #expect(loop.backend.isStopped)
  }

  /// A last save that never finishes holds the terminal for ``ProgramLoop/finishingTime`` of the
  /// loop's clock, not for its 30 s: the save and the loop sleep on one test clock, moved on a
  /// tenth of a second at a time until the terminal is given back.
  @Test func finishingDoesNotWaitForeverForTheLastSave() async {
    let savedToTheEnd = Mutex(false)
    let clock = TestClock()
    let began = clock.now
    let counter = Counter()
    counter.finishing = ProgramWork {
      do {
        try await clock.sleep(for: .seconds(30))
        savedToTheEnd.withLock { $0 = true }
      } catch {
        // Let go when the loop stopped waiting.
      }
    }
    let loop = ProgramLoop(program: counter, backend: RecordingTerminal(size: Size(width: 30, height: 2)), waitsForWork: true, tickInterval: nil, clock: clock)
    await loop.start()
    let finishing = Task { await loop.finish() }
    while !loop.backend.isStopped {
      await clock.advance(by: .milliseconds(100))
      await Task.yield()
    }
    await finishing.value
    #expect(began.duration(to: clock.now) >= ProgramLoop<Counter, RecordingTerminal>.finishingTime, "not before the finishing time")
    #expect(began.duration(to: clock.now) < .seconds(30))
    #expect(!savedToTheEnd.withLock { $0 }, "the terminal was given back while the save still ran")
  }

  @Test func aRecordingTerminalKeepsOnlyTheNewestPaints() {
    let terminal = RecordingTerminal(size: Size(width: 4, height: 1), keptPaints: 3)
    for number in 0..<10 {
      var canvas = Canvas(size: terminal.size)
      canvas.draw(String(number), at: Point(x: 0, y: 0))
      terminal.paint(canvas, repaintEverything: false)
    }
    #expect(terminal.paints.map { $0.canvas.textRows[0] } == ["7", "8", "9"])
  }
}
