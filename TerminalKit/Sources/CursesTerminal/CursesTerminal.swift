import CNCurses
import Foundation
import TerminalKit

/// The terminal in full-screen mode, driven through ncurses: the only Swift code that calls it.
///
/// It starts ncurses in the order that works (locale, signal guard, `newterm`, `cbreak`,
/// `noecho`, `keypad`, no cursor, a 25 ms escape delay, default colours), paints whole
/// ``Canvas`` frames and lets ncurses send only what changed, reads keys without blocking, and
/// restores the terminal on every way out — including a crash, through the C signal guard.
///
/// Everything here runs on the main actor: ncurses is not thread-safe.
@MainActor
public final class CursesTerminal {
  /// The terminal's size, as of the last resize.
  public private(set) var size: Size
  /// Whether frames are drawn in colour (the terminal has colours and `NO_COLOR` is not set).
  public let usesColor: Bool

  /// How many colours frames can use: terminfo's count (16,777,216 on a direct-colour terminal,
  /// such as `TERM=xterm-direct`), or 0 without colour.
  public var colorCount: Int { usesColor ? Int(cn_color_count()) : 0 }

  /// The terminal's window in pixels, where it says (many do not, and say 0).
  public var pixelSize: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 else { return (0, 0) }
    return (Int(window.ws_xpixel), Int(window.ws_ypixel))
  }
  private let screen: OpaquePointer
  private let window: UnsafeMutablePointer<WINDOW>
  let eventSource: TerminalEventSource
  private var colorPairs = ColorPairs()
  /// The frame the window holds, to compare the next one with.
  private var lastPainted: Canvas?
  private var isStopped = false
  /// Whether the terminal's cursor shows at a focus that is not a point of input (a selected
  /// row, a button): for a screen reader's terminal. It rests at the focus either way.
  public let showsCursorAtFocus: Bool
  /// Whether the cursor is shown now (it starts hidden).
  private var cursorShown = false
  /// The paste being read, if one has begun; the terminal's clock tells it the time.
  private var paste = PasteAssembly<ContinuousClock.Instant>()

  /// Takes over the terminal.
  ///
  /// - Parameters:
  ///   - wantsColor: `false` for `--no-color` or `NO_COLOR`.
  ///   - wantsMouse: `false` for `--no-mouse`: clicks and the wheel then stay the terminal's
  ///     (selecting text, scrolling its history).
  ///   - showsCursorAtFocus: `true` to show the cursor at every focus, not only at a point of
  ///     input (the accessible mode: a screen reader's terminal).
  ///   - crashNote: What to print after restoring the terminal if the process crashes.
  public static func start(
    wantsColor: Bool, wantsMouse: Bool = true, showsCursorAtFocus: Bool = false, crashNote: String
  ) throws(TerminalError) -> CursesTerminal {
    guard isatty(STDIN_FILENO) == 1 else { throw .notATerminal(stream: "input") }
    guard isatty(STDOUT_FILENO) == 1 else { throw .notATerminal(stream: "output") }
    let term = ProcessInfo.processInfo.environment["TERM"]
    guard let term, !term.isEmpty else { throw .unsupportedTerminal(term: nil) }
    guard term != "dumb" else { throw .unsupportedTerminal(term: term) }

    chooseUTF8Locale()
    let eventSource = try TerminalEventSource()
    // The guard goes in before ncurses starts, so ncurses leaves these signals to it.
    guard cn_guard_install(STDIN_FILENO, STDOUT_FILENO, eventSource.writeDescriptor, crashNote) == 0 else {
      throw .setupFailed("signal handlers could not be installed (\(String(cString: strerror(errno))))")
    }
    guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r"),
      let screen = newterm(nil, output, input)
    else {
      cn_guard_uninstall()
      throw .unsupportedTerminal(term: term)
    }
    set_term(screen)
    let window = cn_main_window()!
    cbreak()
    noecho()
    keypad(window, true)
    nodelay(window, true)
    curs_set(0)
    set_escdelay(25)
    cn_set_bracketed_paste(true)
    if wantsMouse { _ = cn_set_mouse(true) }
    var usesColor = false
    if wantsColor, has_colors() {
      start_color()
      use_default_colors()
      usesColor = true
    }
    return CursesTerminal(
      screen: screen, window: window, eventSource: eventSource, usesColor: usesColor, showsCursorAtFocus: showsCursorAtFocus
    )
  }

  private init(
    screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, eventSource: TerminalEventSource, usesColor: Bool,
    showsCursorAtFocus: Bool
  ) {
    self.showsCursorAtFocus = showsCursorAtFocus
    self.screen = screen
    self.window = window
    self.eventSource = eventSource
    self.usesColor = usesColor
    self.size = Size(width: Int(cn_window_width(window)), height: Int(cn_window_height(window)))
  }

  /// A UTF-8 locale for drawing: the user's if it is one, `C.UTF-8` otherwise. Product names
  /// are UTF-8 whatever `LANG` says, and the terminal almost certainly is too.
  private static func chooseUTF8Locale() {
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  // MARK: Input

  /// Every key (and resize report) waiting to be read.
  public func readInput() -> [InputEvent] {
    var events: [InputEvent] = []
    var code: wint_t = 0
    // A paste can be long; read in bounded batches so a frame is drawn in between. A paste
    // still open at the end of a batch goes on in the next.
    if let expired = paste.expire(at: .now) { events.append(expired) }
    var read = 0
    while read < 4096 {
      let status = wget_wch(window, &code)
      if status == ERR { break }
      read += 1
      if status == KEY_CODE_YES, Int32(code) == cn_key_paste_start() {
        paste.begin(at: .now)
        continue
      }
      if status == KEY_CODE_YES, Int32(code) == cn_key_paste_end() {
        if let pasted = paste.end() { events.append(pasted) }
        continue
      }
      if paste.isOpen {
        // Inside a paste every character is text, Enter and Tab included, never a key.
        if status != KEY_CODE_YES, let scalar = Unicode.Scalar(UInt32(code)) { paste.append(scalar) }
        continue
      }
      let event =
        status == KEY_CODE_YES ? KeyDecoding.functionKey(Int32(code)) : KeyDecoding.character(UInt32(code))
      guard let event else { continue }
      // Esc and a key that arrived with it are one key pressed with Alt.
      if case let .key(key) = event, case .key(.escape)? = events.last, key != .escape {
        events[events.count - 1] = .key(.alt(key))
      } else {
        events.append(event)
      }
    }
    return events
  }

  /// Asks the kernel for the new size after SIGWINCH and tells ncurses.
  public func updateSize() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cn_terminal_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 {
      resize_term(rows, columns)
    }
    size = Size(width: Int(cn_window_width(window)), height: Int(cn_window_height(window)))
  }

  // MARK: Output

  /// Draws `canvas`, handing ncurses only the cells that differ from the last frame painted;
  /// ncurses then sends only what changed on screen. `repaintEverything` (after a resize or
  /// Ctrl-L) sends the whole screen instead.
  ///
  /// Each frame is announced to the terminal as one (synchronized output, DEC mode 2026): a
  /// terminal that knows the mode — kitty, WezTerm, Ghostty, foot, iTerm2, Windows Terminal,
  /// tmux 3.4 and later — paints it whole when it ends, without tearing over a slow link; others
  /// ignore the mode. The end is written once ncurses has flushed the frame. A frame the same
  /// as the last one painted sends nothing at all.
  public func paint(_ canvas: Canvas, repaintEverything: Bool = false) {
    if !repaintEverything, canvas == lastPainted { return }
    Self.writeToTerminal(Self.beginFrame)
    defer { Self.writeToTerminal(Self.endFrame) }
    var previous = lastPainted
    if repaintEverything || previous?.size != canvas.size {
      if repaintEverything { clearok(window, true) }
      werase(window)
      previous = nil
    }
    colorPairs.beginFrame()
    drawCells(of: canvas, changedSince: previous)
    if colorPairs.ranOut {
      // More colour pairs than the terminal has were asked for since they were last recycled:
      // start them again from this frame's own, and send every cell with its new pair.
      colorPairs.recycle()
      clearok(window, true)
      werase(window)
      drawCells(of: canvas, changedSince: nil)
    }
    // The cursor rests at the frame's focus, where screen readers and input methods look for
    // it (ncurses leaves the terminal's cursor at the window's position after the refresh), and
    // shows at a point of input, or everywhere for a screen reader's terminal.
    var shows = false
    if let focus = canvas.focus, focus.x < size.width, focus.y < size.height {
      wmove(window, Int32(focus.y), Int32(focus.x))
      shows = canvas.focusIsInput || showsCursorAtFocus
    }
    if shows != cursorShown {
      curs_set(shows ? 1 : 0)
      cursorShown = shows
    }
    wrefresh(window)
    lastPainted = canvas
  }

  static let beginFrame = Array("\u{1B}[?2026h".utf8)
  static let endFrame = Array("\u{1B}[?2026l".utf8)

  /// Writes `bytes` to the terminal straight away, past ncurses: between frames, when ncurses
  /// has nothing buffered (its refresh ends by writing all it has).
  private static func writeToTerminal(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { return }
      }
    }
  }

  /// Puts the cells of `canvas` into the window: every one on a blank window (`previous` nil),
  /// or those that differ from `previous`, the frame the window holds.
  private func drawCells(of canvas: Canvas, changedSince previous: Canvas?) {
    let rows = min(canvas.size.height, size.height)
    let columns = min(canvas.size.width, size.width)
    let width = canvas.size.width
    // Compared in place, through the buffers: this looks at every cell of every frame.
    canvas.cells.withUnsafeBufferPointer { cells in
      (previous?.cells ?? []).withUnsafeBufferPointer { before in
        for y in 0..<rows {
          for x in 0..<columns {
            let index = y * width + x
            if !before.isEmpty {
              if before[index] == cells[index] { continue }
            } else if cells[index].isBlank {
              continue
            }
            guard cells[index].width > 0, x + cells[index].width <= columns else { continue }
            put(cells[index], x: x, y: y)
          }
        }
      }
    }
  }

  private func put(_ cell: Canvas.Cell, x: Int, y: Int) {
    let attributes = self.attributes(for: cell.style)
    let pair = colorPair(for: cell.style)
    // One code point one column wide — printable ASCII, most cells, needs no measuring; the
    // rest (a picture's block symbols, most letters) by the C library's measure too — goes as
    // it is, without an array.
    if cell.width == 1, let scalar = cell.scalar {
      var character = wchar_t(scalar.value)
      if (0x20...0x7E).contains(scalar.value) || cn_character_width(character) == 1 {
        _ = cn_put_cell(window, Int32(y), Int32(x), &character, 1, attributes, pair)
        return
      }
    }
    let (characters, padding) = CellEncoding.characters(for: cell) { cn_character_width($0) }
    characters.withUnsafeBufferPointer { buffer in
      _ = cn_put_cell(window, Int32(y), Int32(x), buffer.baseAddress, Int32(buffer.count), attributes, pair)
    }
    if padding {
      let space: [wchar_t] = [32]
      space.withUnsafeBufferPointer { buffer in
        _ = cn_put_cell(window, Int32(y), Int32(x + 1), buffer.baseAddress, 1, attributes, pair)
      }
    }
  }

  private func attributes(for style: Style) -> attr_t {
    var attributes = cn_attribute_normal()
    if style.isBold { attributes |= cn_attribute_bold() }
    if style.isDim { attributes |= cn_attribute_dim() }
    if style.isReversed { attributes |= cn_attribute_reverse() }
    if style.isUnderlined { attributes |= cn_attribute_underline() }
    if style.isItalic { attributes |= cn_attribute_italic() }
    return attributes
  }

  private func colorPair(for style: Style) -> Int32 {
    guard usesColor, style.foreground != nil || style.background != nil else { return 0 }
    let colors = ColorPairs.StyleColors(foreground: style.foreground, background: style.background)
    return colorPairs.pair(for: colors, colorCount: Int(cn_color_count()), available: Int(cn_color_pair_count())) { key, pair in
      _ = cn_init_pair(Int32(pair), Int32(key.foreground), Int32(key.background))
    }
  }

  // MARK: Leaving

  /// Gives the terminal back as it was: leaves the alternate screen, shows the cursor, restores
  /// the saved settings and the default signal handlers. A terminal with no alternate screen
  /// (`TERM=linux`, `vt100`) is cleared first, so the shell's prompt does not land on the last
  /// frame. Safe to call more than once.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    _ = cn_set_mouse(false)
    cn_set_bracketed_paste(false)
    if !cn_has_alternate_screen() {
      wclear(window)
      wrefresh(window)
    }
    endwin()
    delscreen(screen)
    cn_guard_restore_settings()
    cn_guard_uninstall()
    eventSource.finish()
  }
}
