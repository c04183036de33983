import Foundation

/// A systemd unit as the README writes it (an `ini` block under a `# /etc/systemd/system/NAME`
/// line), read so that a test starts exactly what the README deploys: its `User=`, its
/// `ExecStart=` (continuation lines joined), and the rest of its settings.
struct SystemdUnit {
  let name: String
  let settings: [String: String]
  /// `ExecStart=`, split into words as systemd splits a line without quotes.
  let command: [String]

  var user: String? { settings["User"] }

  /// The unit named `name` (`onlinestore.service`) in the README.
  static func inREADME(_ name: String) throws -> SystemdUnit {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: "# /etc/systemd/system/\(name)") ?? lines.firstIndex(where: { $0.hasSuffix("`/etc/systemd/system/\(name)`:") })
    else { throw TestFailure("the README has no unit \(name)") }
    var block: [String] = []
    var inBlock = lines[start].hasPrefix("#")
    for line in lines[(start + 1)...] {
      if line.hasPrefix("```") {
        if inBlock { break }
        inBlock = true
        continue
      }
      if inBlock { block.append(line) }
    }
    // Continuation lines (a trailing backslash) are one setting.
    var joined: [String] = []
    for line in block {
      if let last = joined.last, last.hasSuffix("\\") {
        joined[joined.count - 1] = String(last.dropLast()) + " " + line.trimmingCharacters(in: .whitespaces)
      } else {
        joined.append(line)
      }
    }
    var settings: [String: String] = [:]
    for line in joined where !line.hasPrefix("#") && !line.hasPrefix("[") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      settings[String(line[..<equals])] = String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
    }
    let command = (settings["ExecStart"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    guard !command.isEmpty else { throw TestFailure("the README's \(name) has no ExecStart") }
    return SystemdUnit(name: name, settings: settings, command: command)
  }

  /// The command with each of `replacements` (a word, or the word after an option) put in:
  /// what differs between the README's machine and this test's.
  func command(replacing replacements: [String: String]) -> [String] {
    command.map { replacements[$0] ?? $0 }
  }
}
