/// A key the user pressed, as the screens see it — whatever bytes the terminal sent for it.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// A letter pressed with Control: `.control("c")` is Ctrl-C.
  case control(Character)
  case up, down, left, right
  case home, end, pageUp, pageDown
  case enter, tab, backTab, escape, backspace, delete
  /// A key pressed with Alt (Meta): the terminal sends Esc before it. `.alt(.character("b"))`
  /// is a shell's word left.
  indirect case alt(Key)
  /// An arrow or Home/End pressed with Control: Ctrl-← is a word left in most editors.
  indirect case withControl(Key)

  /// How help and hints write this key.
  public var label: String {
    switch self {
    case .character(" "): "Space"
    case let .character(character): String(character)
    case let .control(character): "Ctrl-\(character.uppercased())"
    case .up: "↑"
    case .down: "↓"
    case .left: "←"
    case .right: "→"
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .enter: "Enter"
    case .tab: "Tab"
    case .backTab: "Shift-Tab"
    case .escape: "Esc"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case let .alt(key): "Alt-\(key.label)"
    case let .withControl(key): "Ctrl-\(key.label)"
    }
  }
}

extension Key {
  /// Reads a key name as written in `--keys` and in tests: `j`, `Enter`, `Esc`, `Up`,
  /// `S-Tab`, `C-c`, `Space`, `PgDn`, `+`. Returns `nil` for a name it does not know.
  public init?(name: String) {
    // No key's name is longer; a bound also on the modifiers' recursion ("M-M-M-…").
    guard name.count <= 16 else { return nil }
    switch name.lowercased() {
    case "up": self = .up
    case "down": self = .down
    case "left": self = .left
    case "right": self = .right
    case "home": self = .home
    case "end": self = .end
    case "pgup", "pageup", "ppage": self = .pageUp
    case "pgdn", "pagedown", "npage": self = .pageDown
    case "enter", "return": self = .enter
    case "tab": self = .tab
    case "s-tab", "btab", "backtab", "shift-tab": self = .backTab
    case "esc", "escape": self = .escape
    case "bspace", "backspace": self = .backspace
    case "delete", "dc", "del": self = .delete
    case "space": self = .character(" ")
    case let modified where modified.count > 2 && (modified.hasPrefix("m-") || modified.hasPrefix("a-")):
      guard let key = Key(name: String(name.dropFirst(2))) else { return nil }
      self = .alt(key)
    case let modified where modified.count > 3 && modified.hasPrefix("c-"):
      guard let key = Key(name: String(name.dropFirst(2))) else { return nil }
      self = .withControl(key)
    default:
      if name.count == 1, let character = name.first {
        self = .character(character)
      } else if name.count == 3, name.lowercased().hasPrefix("c-"), let letter = name.last {
        self = .control(Character(letter.lowercased()))
      } else {
        return nil
      }
    }
  }

  /// Reads a space-separated list of key names: `"j j + c Enter"`.
  public static func sequence(parsing text: String) throws(KeyNameError) -> [Key] {
    try text.split(separator: " ").map { name throws(KeyNameError) in
      guard let key = Key(name: String(name)) else { throw KeyNameError(name: String(name)) }
      return key
    }
  }
}

/// A key name ``Key/init(name:)`` does not know.
public struct KeyNameError: Error, Equatable, CustomStringConvertible {
  public let name: String
  public var description: String {
    "Unknown key '\(name)'. Use characters (j, +, ?) or names: Up Down Left Right Home End PgUp PgDn Enter Tab S-Tab Esc Space Delete, C-c (Control and a letter), C-Left (Control and a key), M-b (Alt and a key)."
  }
}
