import Foundation
import Synchronization
import TerminalKit

/// Any terminal program, run for a test: started on a pseudo-terminal of its own with a real
/// terminal emulator (libvterm) on the other side, in this process. The emulator answers the
/// program's queries as a terminal does, so a program that asks "what are you?" gets an
/// answer, and keeps the screen — cells, styles, the cursor, the modes the program set — for
/// the test to wait on and look at.
///
/// ```swift
/// let session = try TerminalSession(["htop", "-d", "100"], size: Size(width: 100, height: 30))
/// try await session.waitFor(text: "F10Quit")
/// try session.press(.character("q"))
/// #expect(try await session.waitForExit() == .exited(0))
/// #expect(session.modes == .initial)
/// ```
///
/// Everything a test does is queued for the program and returns at once; everything it reads
/// is the screen as of the last output parsed. Waits poll every 20 ms and, when they run out,
/// throw a ``Failure`` with the screen and the program's recent output in its message (and, in
/// a Swift Testing test, the screen and an asciicast recording of the whole run attached).
public final class TerminalSession: Sendable {
  /// How the program ended.
  public enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    public var description: String {
      switch self {
      case let .exited(code): "exited with status \(code)"
      case let .signalled(number): "killed by signal \(number)"
      }
    }
  }

  /// A mouse button, and the wheel's two directions.
  public enum MouseButton: Int32, Sendable {
    case left = 1, middle = 2, right = 3, wheelUp = 4, wheelDown = 5
  }

  /// The command line, for messages.
  public let command: [String]
  /// How long a wait given no timeout of its own waits.
  public let timeout: Duration
  /// How long the program must have written nothing, once what a wait looks for shows, before
  /// the wait returns: see ``init(_:size:environment:kittyGraphics:timeout:settle:)``.
  public let settle: Duration
  private let connection: SessionConnection
  /// The test that started the session, for the wait log.
  private let testName: String
  private let slowest = Mutex<WaitRecord?>(nil)

  /// Starts `command` (its first word found on `PATH` unless it has a `/`) on a terminal of
  /// `size`. The program's environment is ``defaultEnvironment`` with `environment` on top
  /// (give `"NO_COLOR": "1"` or another `TERM` there). With `kittyGraphics`, the terminal says
  /// yes to kitty graphics queries; otherwise it ignores them, as a terminal without the
  /// protocol does. A wait given no timeout waits `timeout` (a wait ends as soon as what it
  /// waits for is there, so a generous one costs nothing when all is well).
  ///
  /// A wait that found what it looks for returns once the program has then written nothing for
  /// `settle` (but no later than ten times `settle` after, for a program that never stops
  /// writing): a program draws a frame in several writes, and what a test looks for is often
  /// the first thing in its frame — a title — so without the pause the screen read next can be
  /// the frame's start, the rest of it still on its way. A pause is a heuristic, not a frame
  /// boundary: a program stalled mid-frame for longer than `settle` is still read half-drawn.
  /// `.zero` returns at once; more than a second is taken as a second.
  ///
  /// A program that announces its frames — synchronized output, `CSI ? 2026 h` before a frame
  /// and `CSI ? 2026 l` after it, as the kit's `CursesTerminal` does — needs no pause: the
  /// session shows each such frame when it ends, as a terminal that knows the mode does, so the
  /// screen only ever holds whole frames, and a wait returns as soon as it finds what it looks
  /// for. A frame left unfinished for a second is shown as it is.
  public init(
    _ command: [String],
    size: Size = Size(width: 80, height: 24),
    environment: [String: String] = [:],
    kittyGraphics: Bool = false,
    timeout: Duration = .seconds(10),
    settle: Duration = .milliseconds(40)
  ) throws {
    guard let name = command.first else { throw Failure("No command to run.") }
    guard size.width > 0, size.height > 0, size.width <= Canvas.maximumSize.width, size.height <= Canvas.maximumSize.height else {
      throw Failure("A terminal of \(size.width)×\(size.height) cannot be made; give 1×1 to \(Canvas.maximumSize.width)×\(Canvas.maximumSize.height).")
    }
    guard let executable = Self.find(name) else { throw Failure("\(name): no such program (looked on PATH).") }
    let merged = Self.defaultEnvironment.merging(environment) { $1 }
    self.command = command
    self.timeout = timeout
    self.settle = min(max(settle, .zero), .seconds(1))
    testName = Self.currentTestName ?? command.joined(separator: " ")
    connection = try SessionConnection(
      executable: executable, arguments: command,
      environment: merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
      size: size, kittyGraphics: kittyGraphics
    )
  }

  deinit {
    connection.hangUp()
    Self.logSlowestWait(slowestWait, test: testName, command: command)
  }

  /// The wait that took the largest part of its timeout so far.
  public var slowestWait: WaitRecord? { slowest.withLock { $0 } }

  private func waited(for what: String, since start: ContinuousClock.Instant, timeout: Duration) {
    let record = WaitRecord(what: what, took: .now - start, timeout: timeout)
    slowest.withLock { current in
      if current.map({ $0.took / $0.timeout < record.took / record.timeout }) ?? true { current = record }
    }
  }

  /// What every session's program gets: the test's `PATH`, `HOME` and user, `TERM=xterm-256color`
  /// (what libvterm emulates) and a UTF-8 locale.
  public static var defaultEnvironment: [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"]
    for name in ["PATH", "HOME", "USER", "LOGNAME", "TMPDIR"] {
      if let value = inherited[name] { environment[name] = value }
    }
    return environment
  }

  // MARK: Input

  /// Presses `keys`, one after another, encoded as the program's modes ask (arrows in
  /// application mode after `ESC [?1h`, for example).
  public func press(_ keys: Key...) throws {
    try connection.input { emulator in for key in keys { emulator.press(key) } }
  }

  /// Presses keys by name: `"j j Enter"`, `"C-c"`, `"S-Tab"` (see ``Key/init(name:)``).
  public func press(_ names: String) throws {
    let keys = try Key.sequence(parsing: names)
    try connection.input { emulator in for key in keys { emulator.press(key) } }
  }

  /// Types `text` as a person would: its bytes, as they are.
  public func type(_ text: String) throws {
    try connection.input { $0.type(text) }
  }

  /// Pastes `text`: bracketed if the program turned bracketed paste on, line ends as CR.
  public func paste(_ text: String) throws {
    try connection.input { $0.paste(text) }
  }

  /// Clicks `button` at `point` (a press, then a release), reported in the encoding the program
  /// enabled — or not at all if it enabled none.
  public func click(at point: Point, button: MouseButton = .left) throws {
    try connection.input { $0.click(button: button.rawValue, at: point) }
  }

  /// Turns the wheel one step at `point`.
  public func scroll(up: Bool, at point: Point) throws {
    try connection.input { $0.click(button: up ? 4 : 5, at: point) }
  }

  /// Sends `bytes` exactly: for what no key, paste or click produces.
  public func send(bytes: [UInt8]) throws {
    try connection.input { $0.send(bytes) }
  }

  /// Resizes the terminal; the program hears of it by SIGWINCH.
  public func resize(to size: Size) throws {
    guard size.width > 0, size.height > 0, size.width <= Canvas.maximumSize.width, size.height <= Canvas.maximumSize.height else {
      throw Failure("A terminal of \(size.width)×\(size.height) cannot be made.")
    }
    try connection.resize(to: size)
  }

  /// Sends the program `signal` (SIGTERM, SIGHUP, …), if it is still running.
  public func signal(_ signal: Int32) {
    connection.signal(signal)
  }

  /// Ends the program (SIGKILL to its process group) if it is still running, and closes the
  /// terminal. Also done when the session is released.
  public func close() {
    connection.hangUp()
  }

  // MARK: What the terminal shows

  /// The screen, as the kit's canvas, with the cursor where it shows:
  /// `assertSnapshot(of: session.screen, as: .screen)`.
  public var screen: Canvas { connection.read { emulator, modes, _ in emulator.screen(cursorVisible: modes.cursorVisible) } }

  /// The screen's text, a line per row, trailing spaces removed.
  public var text: String { screen.plainText }

  /// Where the cursor is; whether it shows is in ``modes``.
  public var cursor: Point { connection.read { emulator, _, _ in emulator.cursor } }

  /// The modes the program has set and not reset.
  public var modes: TerminalModes { connection.read { _, modes, _ in modes } }

  /// The style the next character would be written in: ``Style/plain`` unless the program left
  /// colours or attributes set.
  public var pen: Style { connection.read { emulator, _, _ in emulator.pen } }

  /// The pseudo-terminal's line settings: now while the program runs, as it left them after.
  public var lineSettings: LineSettings? { connection.lineSettings }

  /// What is not as the program found it: the modes it left changed, a pen it left set, and
  /// line settings it left raw. Empty when the terminal was restored.
  public var leftChanged: [String] {
    let pen = self.pen
    return modes.leftChanged
      + (pen == .plain ? [] : ["the pen is still \(pen.summary)"])
      + (lineSettings?.leftChanged ?? [])
  }

  /// The style of the cell at `point`.
  public func style(at point: Point) -> Style {
    let screen = self.screen
    guard screen.bounds.contains(point) else { return .plain }
    return screen[point.x, point.y].style
  }

  /// The style of the first cell of the first place `text` shows, or `nil` if it does not.
  public func style(ofFirst text: String) -> Style? {
    let screen = self.screen
    return Self.locate(text, in: screen).map { screen[$0.x, $0.y].style }
  }

  /// How the program ended, or `nil` while it runs.
  public var exitStatus: ExitStatus? { connection.state.status }

  /// The whole run so far as an asciicast (`asciinema play` replays it).
  public var recording: Asciicast { connection.read { _, _, log in log.recording } }

  /// The program's last output, its control characters written out.
  public var recentOutput: String { connection.read { _, _, log in log.recentOutput } }

  // MARK: Waiting

  /// Waits until `text` shows on one row of the screen; returns where it starts.
  @discardableResult
  public func waitFor(text: String, timeout: Duration? = nil) async throws -> Point {
    try await poll(for: "“\(text)” on the screen", timeout: timeout ?? self.timeout) { Self.locate(text, in: $0) }
  }

  /// Waits until a row of the screen matches `pattern` (a regular expression); returns where
  /// the match starts.
  @discardableResult
  public func waitFor(regex pattern: String, timeout: Duration? = nil) async throws -> Point {
    let regex: Regex<AnyRegexOutput>
    do { regex = try Regex(pattern) } catch { throw Failure("Not a regular expression: \(pattern) (\(error)).") }
    return try await poll(for: "/\(pattern)/ on the screen", timeout: timeout ?? self.timeout) { screen in
      for (row, line) in screen.textRows.enumerated() {
        if let match = line.firstMatch(of: regex) {
          return Point(x: TextWidth.columns(of: String(line[..<match.range.lowerBound])), y: row)
        }
      }
      return nil
    }
  }

  /// Waits until the screen satisfies `condition`, described as `what` in the failure.
  public func waitUntil(_ what: String, timeout: Duration? = nil, _ condition: @escaping @Sendable (Canvas) -> Bool) async throws {
    _ = try await poll(for: what, timeout: timeout ?? self.timeout) { condition($0) ? () : nil }
  }

  /// Waits until the program has written nothing for `quiet`: it has finished drawing.
  public func waitForIdle(quiet: Duration = .milliseconds(250), timeout: Duration? = nil) async throws {
    let timeout = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let start = clock.now
    while true {
      let state = connection.state
      if clock.now - state.lastOutput >= quiet {
        waited(for: "\(quiet) without output", since: start, timeout: timeout)
        return
      }
      guard clock.now < deadline else { throw failure(waitingFor: "\(quiet) without output", after: timeout) }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Waits for the program to end and returns how it did.
  @discardableResult
  public func waitForExit(timeout: Duration? = nil) async throws -> ExitStatus {
    let timeout = timeout ?? self.timeout
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let start = clock.now
    while true {
      if let status = connection.state.status {
        waited(for: "the program to exit", since: start, timeout: timeout)
        return status
      }
      guard clock.now < deadline else { throw failure(waitingFor: "the program to exit", after: timeout) }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  private func poll<T>(for what: String, timeout: Duration, _ found: (Canvas) -> T?) async throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    let start = clock.now
    var seen = -1
    while true {
      let state = connection.state
      if state.version != seen {
        seen = state.version
        if let result = found(screen) {
          waited(for: what, since: start, timeout: timeout)
          await settleAfterMatch()
          return result
        }
      }
      guard clock.now < deadline else { throw failure(waitingFor: what, after: timeout) }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Returns once the program has written nothing for ``settle``, has ended, or ten times
  /// ``settle`` has passed: unless the program stalled mid-frame, the frame whose start a wait
  /// just found is then whole on the screen.
  private func settleAfterMatch() async {
    // A program that announces its frames (synchronized output) is only ever read between
    // them: what was found is in a whole frame already.
    guard settle > .zero, !connection.announcesFrames else { return }
    let clock = ContinuousClock()
    let limit = clock.now + settle * 10
    while clock.now < limit, !Task.isCancelled {
      let state = connection.state
      if state.status != nil || clock.now - state.lastOutput >= settle { return }
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  private static func locate(_ text: String, in screen: Canvas) -> Point? {
    for (row, line) in screen.textRows.enumerated() {
      if let range = line.range(of: text) {
        return Point(x: TextWidth.columns(of: String(line[..<range.lowerBound])), y: row)
      }
    }
    return nil
  }

  private static func find(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}
