import CVTerm
import TerminalKit

/// libvterm, wrapped: a screen of cells that a program's output is parsed into, the answers a
/// terminal gives to its queries, and keys, clicks and pastes encoded the way the program asked
/// for them (application cursor keys, the mouse encoding it enabled, bracketed paste).
///
/// Not thread-safe: ``TerminalSession`` holds it under its lock.
final class Emulator {
  private let terminal: OpaquePointer
  private let screenHandle: OpaquePointer
  private let state: OpaquePointer
  /// What libvterm wrote for the program since it was last taken: answers and encoded input.
  private var pending: [UInt8] = []

  init(size: Size) {
    terminal = vterm_new(Int32(size.height), Int32(size.width))
    vterm_set_utf8(terminal, 1)
    screenHandle = vterm_obtain_screen(terminal)
    state = vterm_obtain_state(terminal)
    vterm_screen_enable_altscreen(screenHandle, 1)
    vterm_screen_reset(screenHandle, 1)
    vterm_output_set_callback(
      terminal,
      { bytes, length, user in
        guard let bytes, let user else { return }
        let emulator = Unmanaged<Emulator>.fromOpaque(user).takeUnretainedValue()
        bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
          emulator.pending.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
      },
      Unmanaged.passUnretained(self).toOpaque()
    )
  }

  deinit {
    vterm_free(terminal)
  }

  var size: Size {
    var rows: Int32 = 0
    var columns: Int32 = 0
    vterm_get_size(terminal, &rows, &columns)
    return Size(width: Int(columns), height: Int(rows))
  }

  /// Parses the program's output.
  func feed(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let taken = bytes[offset...].withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { vterm_input_write(terminal, $0.baseAddress, $0.count) }
      }
      guard taken > 0 else { break }
      offset += taken
    }
  }

  /// What the terminal has to send the program: answers to its queries, encoded keys.
  func takePending() -> [UInt8] {
    defer { pending.removeAll(keepingCapacity: true) }
    return pending
  }

  func resize(to size: Size) {
    vterm_set_size(terminal, Int32(size.height), Int32(size.width))
  }

  // MARK: Input

  func press(_ key: Key, modifiers: VTermModifier = VTERM_MOD_NONE) {
    func special(_ code: VTermKey, _ extra: VTermModifier = VTERM_MOD_NONE) {
      vterm_keyboard_key(terminal, code, VTermModifier(rawValue: modifiers.rawValue | extra.rawValue))
    }
    switch key {
    case let .character(character) where modifiers == VTERM_MOD_NONE:
      type(String(character))
    case let .character(character):
      for scalar in character.unicodeScalars { vterm_keyboard_unichar(terminal, scalar.value, modifiers) }
    case let .control(letter):
      if let scalar = letter.unicodeScalars.first {
        vterm_keyboard_unichar(terminal, scalar.value, VTermModifier(rawValue: modifiers.rawValue | VTERM_MOD_CTRL.rawValue))
      }
    case let .alt(inner): press(inner, modifiers: VTermModifier(rawValue: modifiers.rawValue | VTERM_MOD_ALT.rawValue))
    case let .withControl(inner): press(inner, modifiers: VTermModifier(rawValue: modifiers.rawValue | VTERM_MOD_CTRL.rawValue))
    case .up: special(VTERM_KEY_UP)
    case .down: special(VTERM_KEY_DOWN)
    case .left: special(VTERM_KEY_LEFT)
    case .right: special(VTERM_KEY_RIGHT)
    case .home: special(VTERM_KEY_HOME)
    case .end: special(VTERM_KEY_END)
    case .pageUp: special(VTERM_KEY_PAGEUP)
    case .pageDown: special(VTERM_KEY_PAGEDOWN)
    case .enter: special(VTERM_KEY_ENTER)
    case .tab: special(VTERM_KEY_TAB)
    case .backTab: special(VTERM_KEY_TAB, VTERM_MOD_SHIFT)
    case .escape: special(VTERM_KEY_ESCAPE)
    case .backspace: special(VTERM_KEY_BACKSPACE)
    case .delete: special(VTERM_KEY_DEL)
    }
  }

  /// Text as typed: its bytes as they are (a grapheme of several scalars arrives whole).
  func type(_ text: String) {
    pending.append(contentsOf: Array(text.utf8))
  }

  /// Bytes exactly as given.
  func send(_ bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
  }

  /// Text as pasted: between the bracketed-paste marks if the program asked for them (libvterm
  /// knows whether it did), with line ends as a terminal sends them (CR).
  func paste(_ text: String) {
    vterm_keyboard_start_paste(terminal)
    let normalized = text.replacingOccurrences(of: "\r\n", with: "\r").replacingOccurrences(of: "\n", with: "\r")
    pending.append(contentsOf: Array(normalized.utf8))
    vterm_keyboard_end_paste(terminal)
  }

  /// A press and a release of `button` at `point` (1 left, 2 middle, 3 right; 4 and 5 the
  /// wheel), reported only if the program enabled the mouse, in the encoding it chose.
  func click(button: Int32, at point: Point) {
    vterm_mouse_move(terminal, Int32(point.y), Int32(point.x), VTERM_MOD_NONE)
    vterm_mouse_button(terminal, button, true, VTERM_MOD_NONE)
    if button < 4 { vterm_mouse_button(terminal, button, false, VTERM_MOD_NONE) }
  }

  // MARK: Reading the screen

  var cursor: Point {
    var position = VTermPos()
    vterm_state_get_cursorpos(state, &position)
    return Point(x: Int(position.col), y: Int(position.row))
  }

  /// The screen as the kit's canvas. Faint (SGR 2) is not kept: libvterm 0.1.4 has no cell
  /// attribute for it, so ``Style/isDim`` is never set here.
  var screen: Canvas {
    let size = self.size
    var canvas = Canvas(size: size)
    var cell = VTermScreenCell()
    for row in 0..<canvas.size.height {
      var column = 0
      while column < canvas.size.width {
        vterm_screen_get_cell(screenHandle, VTermPos(row: Int32(row), col: Int32(column)), &cell)
        let text = Self.text(of: cell)
        let style = style(of: cell)
        if text.isEmpty {
          if style != .plain { canvas.fill(Rect(x: column, y: row, width: 1, height: 1), style: style) }
        } else {
          canvas.draw(text, at: Point(x: column, y: row), style: style, truncate: false)
        }
        column += max(1, Int(cell.width))
      }
    }
    return canvas
  }

  /// The screen with the cursor where it shows, if `visible`; its ``Canvas/focus`` is where the
  /// cursor is, shown or not (where a screen reader finds it).
  func screen(cursorVisible visible: Bool) -> Canvas {
    var canvas = screen
    if visible { canvas.showCursor(at: cursor) } else { canvas.markFocus(at: cursor) }
    return canvas
  }

  /// The attributes the next character would be written with: a program that leaves them set
  /// when it exits leaves the shell writing in its colours.
  var pen: Style {
    var value = VTermValue()
    func flag(_ attribute: VTermAttr) -> Bool {
      vterm_state_get_penattr(state, attribute, &value) != 0 && value.boolean != 0
    }
    func number(_ attribute: VTermAttr) -> Int32 {
      vterm_state_get_penattr(state, attribute, &value) != 0 ? value.number : 0
    }
    func color(_ attribute: VTermAttr) -> VTermColor? {
      vterm_state_get_penattr(state, attribute, &value) != 0 ? value.color : nil
    }
    return Style(
      foreground: color(VTERM_ATTR_FOREGROUND).flatMap(convert),
      background: color(VTERM_ATTR_BACKGROUND).flatMap(convert),
      bold: flag(VTERM_ATTR_BOLD),
      reversed: flag(VTERM_ATTR_REVERSE),
      underlined: number(VTERM_ATTR_UNDERLINE) != 0,
      italic: flag(VTERM_ATTR_ITALIC),
      struckThrough: flag(VTERM_ATTR_STRIKE)
    )
  }

  private static func text(of cell: VTermScreenCell) -> String {
    var scalars = String.UnicodeScalarView()
    withUnsafeBytes(of: cell.chars) { raw in
      for value in raw.bindMemory(to: UInt32.self) {
        guard value != 0, value != UInt32.max, let scalar = Unicode.Scalar(value) else { break }
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  private func style(of cell: VTermScreenCell) -> Style {
    Style(
      foreground: convert(cell.fg),
      background: convert(cell.bg),
      bold: cell.attrs.bold != 0,
      reversed: cell.attrs.reverse != 0,
      underlined: cell.attrs.underline != 0,
      italic: cell.attrs.italic != 0,
      struckThrough: cell.attrs.strike != 0
    )
  }

  /// The eight colours by name, the terminal's own as `nil`, any other (bright, the 256-colour
  /// palette, direct RGB) as its RGB value.
  private func convert(_ color: VTermColor) -> Color? {
    let flags = color.type
    if flags & UInt8(VTERM_COLOR_DEFAULT_MASK.rawValue) != 0 { return nil }
    if flags & UInt8(VTERM_COLOR_TYPE_MASK.rawValue) == UInt8(VTERM_COLOR_INDEXED.rawValue), color.indexed.idx < 8 {
      return Color.named[Int(color.indexed.idx)]
    }
    var rgb = color
    vterm_screen_convert_color_to_rgb(screenHandle, &rgb)
    return .rgb(red: rgb.rgb.red, green: rgb.rgb.green, blue: rgb.rgb.blue)
  }
}
