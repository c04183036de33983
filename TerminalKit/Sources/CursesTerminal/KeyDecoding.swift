import CNCurses
import TerminalKit

/// Turns `wget_wch`'s answers into keys.
enum KeyDecoding {
  /// A character `wget_wch` returned (status `OK`).
  static func character(_ code: UInt32) -> InputEvent? {
    switch code {
    case 10, 13: return .key(.enter)
    case 9: return .key(.tab)
    case 27: return .key(.escape)
    case 8, 127: return .key(.backspace)
    case 1...26:
      return .key(.control(Character(Unicode.Scalar(UInt8(code) + 96))))
    case 0...31:
      return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .key(.character(Character(scalar)))
    }
  }

  /// A function key `wget_wch` returned (status `KEY_CODE_YES`).
  static func functionKey(_ code: Int32) -> InputEvent? {
    switch code {
    case KEY_UP: .key(.up)
    case KEY_DOWN: .key(.down)
    case KEY_LEFT: .key(.left)
    case KEY_RIGHT: .key(.right)
    case KEY_HOME: .key(.home)
    case KEY_END: .key(.end)
    case KEY_PPAGE: .key(.pageUp)
    case KEY_NPAGE: .key(.pageDown)
    case KEY_BACKSPACE: .key(.backspace)
    case cn_key_back_tab(): .key(.backTab)
    case cn_key_delete(): .key(.delete)
    case cn_key_enter(): .key(.enter)
    case cn_key_control_left(): .key(.withControl(.left))
    case cn_key_control_right(): .key(.withControl(.right))
    case cn_key_alt_left(): .key(.alt(.left))
    case cn_key_alt_right(): .key(.alt(.right))
    case cn_key_resize(): .resize
    case cn_key_mouse(): mouse()
    default: nil
    }
  }

  /// The mouse report ncurses has waiting, if it is one the screens use.
  static func mouse() -> InputEvent? {
    var x: Int32 = 0
    var y: Int32 = 0
    let kind: MouseEvent.Kind
    switch cn_read_mouse(&x, &y) {
    case cn_mouse_press: kind = .press
    case cn_mouse_wheel_up: kind = .wheelUp
    case cn_mouse_wheel_down: kind = .wheelDown
    default: return nil
    }
    return .mouse(MouseEvent(kind, at: Point(x: Int(x), y: Int(y))))
  }
}
