import Foundation

/// The TERM a session's store runs with: the client's, when this machine's terminfo knows it,
/// else one that draws the same on every terminal people use now. A client whose terminal is
/// newer than this machine's terminfo (`xterm-kitty`, `alacritty`, `xterm-ghostty`, `wezterm`,
/// `foot`) still gets a working store, never a refusal.
enum TerminalType {
  static let fallback = "xterm-256color"

  static let terminfoDirectories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]

  static func resolve(_ requested: String) -> String {
    guard isSafeName(requested), isKnown(requested) else { return fallback }
    return requested
  }

  /// Whether terminfo has an entry for `name`, in the layouts ncurses uses (`x/xterm` and the
  /// hashed `78/xterm`).
  static func isKnown(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first else { return false }
    let letter = String(first)
    let hex = String(format: "%02x", first.value)
    return terminfoDirectories.contains { directory in
      [letter, hex].contains { FileManager.default.fileExists(atPath: "\(directory)/\($0)/\(name)") }
    }
  }

  /// Letters, digits and `-._+`, at most 64 of them: a name that cannot walk out of a
  /// directory or carry anything else.
  static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-._+".unicodeScalars.contains($0) }
  }
}
