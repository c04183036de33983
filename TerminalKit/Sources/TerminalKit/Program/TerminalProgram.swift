/// An app as a ``ProgramLoop`` sees it: what it draws, what an input asks of it, and the work
/// that asking starts. The loop owns everything else — routing the mouse through the frame on
/// screen, settling, ticks, resizes and finishing — so every backend runs an app the same way.
@MainActor
public protocol TerminalProgram {
  /// What the app's keys, pastes and clicks stand for.
  associatedtype Command: Hashable & Sendable

  /// The whole screen at `size`.
  func frame(size: Size, context: RenderContext) -> Frame<Command>
  /// What a key or a paste asks for now, if anything. (The mouse is routed by the loop, through
  /// the click targets of the frame on screen.)
  func command(for input: InputEvent, size: Size) -> Command?
  /// Carries out `command`.
  func perform(_ command: Command) -> ProgramStep
  /// What the app must hear without an input after its state changed or the size did (a screen
  /// came into view, the number of rows that fit), until there is nothing more to tell. Returns
  /// the work that started.
  func settle(size: Size) -> [ProgramWork]
  /// Whether something on screen animates, so the loop ticks.
  var isAnimating: Bool { get }
  /// Calls `onChange` on the main actor when the app's state changed on its own (an effect
  /// finished), until the observation is cancelled. It may call it for its commands' changes
  /// too, and at the change itself: the loop only notes the change, and a program with a
  /// ``changeCount`` has it drawn once.
  func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation
  /// A count that moves, at once, with every change ``observeStateChanges(_:)`` reports; `nil` when
  /// the app keeps none. The loop compares it with the count at its last frame, so that a
  /// change it has already drawn (its own key's, reported during the key's step or a moment
  /// after its frame) paints no second frame, and a click on an unchanged screen is hit-tested
  /// on the frame already drawn.
  var changeCount: Int? { get }
  /// Called once before the terminal is given back: the last chance to save. The loop gives it
  /// at most ``ProgramLoop/finishingTime``.
  func finish() -> ProgramWork
}

/// What carrying out a command comes to.
public enum ProgramStep: Sendable {
  /// The program ends.
  case quit
  /// Paint every cell again (the user asked for a redraw).
  case repaint
  /// The command was sent; the work it started, if a caller wants to wait for it.
  case started(ProgramWork?)

  /// The command was carried out and nothing goes on after it: the usual answer of a program
  /// that changes its own state and starts no work.
  public static var `continue`: ProgramStep { .started(nil) }
}

extension TerminalProgram {
  /// Nothing to hear after a change: most programs do all their work in ``perform(_:)``.
  public func settle(size: Size) -> [ProgramWork] { [] }
  /// Nothing animates.
  public var isAnimating: Bool { false }
  /// The state changes only through ``perform(_:)``.
  public func observeStateChanges(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { .none }
  /// No count: every announced change is drawn.
  public var changeCount: Int? { nil }
  /// Nothing to save before the terminal is given back.
  public func finish() -> ProgramWork { .none }
}

/// Work an app started (a store's effects): something to wait for, never to look into.
public struct ProgramWork: Sendable {
  private let waitForIt: @Sendable () async -> Void

  public init(_ waitForIt: @escaping @Sendable () async -> Void) {
    self.waitForIt = waitForIt
  }

  /// Returns when the work is done.
  public func finished() async {
    await waitForIt()
  }

  /// Work that is already done.
  public static let none = ProgramWork {}
}
