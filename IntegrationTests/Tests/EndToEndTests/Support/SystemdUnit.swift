import Foundation

/// A systemd unit as the README or a guide in `Docs/` writes it (an `ini` block under a
/// `# /etc/systemd/system/NAME` line, or after a line ending in `` `/etc/systemd/system/NAME`: ``),
/// read so that a test starts exactly what the guides deploy: its `User=`, its `ExecStart=`
/// (continuation lines joined), and the rest of its settings.
struct SystemdUnit {
  let name: String
  let settings: [String: String]
  /// `ExecStart=`, split into words as systemd splits a line without quotes.
  let command: [String]

  var user: String? { settings["User"] }

  /// The unit named `name` (`onlinestore.service`) where the documentation writes it: in
  /// README.md or a guide in `Docs/` (`Docs/ServingOverSSH.md`, `Docs/SeveralHosts.md`), looked
  /// for in README.md first, then in the guides by name.
  static func inDocs(_ name: String) throws -> SystemdUnit {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let docs = root.appendingPathComponent("Docs")
    let guides = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "md" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    for document in [root.appendingPathComponent("README.md")] + guides {
      let lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
      if let found = try unit(name, in: lines, of: document.lastPathComponent) { return found }
    }
    throw TestFailure("neither README.md nor Docs/*.md has a unit \(name)")
  }

  /// The unit named `name` in `lines`, or `nil` when they do not have it.
  private static func unit(_ name: String, in lines: [String], of document: String) throws -> SystemdUnit? {
    guard let start = lines.firstIndex(of: "# /etc/systemd/system/\(name)") ?? lines.firstIndex(where: { $0.hasSuffix("`/etc/systemd/system/\(name)`:") })
    else { return nil }
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
    guard !command.isEmpty else { throw TestFailure("\(document)'s \(name) has no ExecStart") }
    return SystemdUnit(name: name, settings: settings, command: command)
  }

  /// The command with each of `replacements` (a word, or the word after an option) put in:
  /// what differs between the guides' machine and this test's.
  func command(replacing replacements: [String: String]) -> [String] {
    command.map { replacements[$0] ?? $0 }
  }
}
