import Foundation
import StoreModels
import Testing

/// Keeps the README, the guides in `Docs/` and the changelog true to the repository: every
/// link inside it leads to a file and, with a `#fragment`, to a heading that file has; every
/// Swift block is code the build compiles; the changelog's newest release is the one
/// `--version` names.
struct GuidesTests {
  static let root = LearnTCAGuideTests.root

  /// README.md, CHANGELOG.md, every Markdown file in `Docs/`, the core's DocC catalog and the
  /// kit's.
  static func documents() throws -> [URL] {
    func markdown(in folder: String) throws -> [URL] {
      try FileManager.default.contentsOfDirectory(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "md" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
    return [root.appendingPathComponent("README.md"), root.appendingPathComponent("CHANGELOG.md")]
      + (try markdown(in: "Docs")) + (try markdown(in: ComposableCatalogTests.catalog))
      + (try markdown(in: "TerminalKit/Sources/TerminalKit/TerminalKit.docc"))
  }

  @Test func everyLinkInsideTheRepositoryLeadsToAFileAndAHeading() throws {
    var checked = 0
    for document in try Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for link in markdownLinks(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty
          ? document
          : document.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
        let name = "\(document.lastPathComponent): \(link)"
        guard FileManager.default.fileExists(atPath: target.path) else {
          Issue.record("\(name) leads to no file")
          continue
        }
        guard parts.count == 2, target.pathExtension == "md" else { continue }
        let anchors = headingAnchors(in: try String(contentsOf: target, encoding: .utf8))
        #expect(anchors.contains(parts[1]), "\(name) leads to no heading of \(target.lastPathComponent)")
      }
    }
    #expect(checked > 20, "the README is a map: it links to its guides")
  }

  /// Swift shown in a guide is found, line for line, in a file the build compiles — but the
  /// lines of a package manifest, which an outside package writes in its own.
  @Test func everySwiftBlockIsCompiledCode() throws {
    let sources = try SourceFiles(
      under: Self.root, in: ["Sources", "Tests", "IntegrationTests/Tests", "Examples", "TerminalKit/Sources", "TerminalKit/Tests", "TerminalKit/Examples"]
    )
    for document in try Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for block in swiftBlocks(in: text) where !Self.isManifest(block.lines) {
        #expect(
          sources.file(containing: block.lines) != nil,
          "\(document.lastPathComponent)'s Swift block at line \(block.line) is not in any compiled file:\n\(block.lines.joined(separator: "\n"))"
        )
      }
    }
  }

  static func isManifest(_ lines: [String]) -> Bool {
    guard let first = lines.first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return true }
    let trimmed = first.trimmingCharacters(in: .whitespaces)
    return [".package(", ".testTarget(", ".target(", ".product(", "// swift-tools-version", "dependencies:"]
      .contains { trimmed.hasPrefix($0) }
  }

  @Test func theNewestReleaseInTheChangelogIsTheOneTheProgramsName() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let releases = text.components(separatedBy: "\n").compactMap { line -> String? in
      guard line.hasPrefix("## "), let version = line.dropFirst(3).split(separator: " ").first,
        version.first?.isNumber == true
      else { return nil }
      return String(version)
    }
    #expect(releases.first == Release.version, "CHANGELOG.md's newest release is \(releases.first ?? "none")")
    #expect(Set(releases).count == releases.count, "each release once")
  }

  @Test func anchorsAreSpelledAsGitHubSpellsThem() {
    let anchors = headingAnchors(in: """
      ## Serving the store over SSH
      ### The seeds' spelling: `@Reducer`, `@ObservableState`, `@Presents`
      ### …and your whole program
      ## Measured
      ### Measured
      ```sh
      # not a heading
      ```
      """)
    #expect(anchors == [
      "serving-the-store-over-ssh", "the-seeds-spelling-reducer-observablestate-presents",
      "and-your-whole-program", "measured", "measured-1",
    ])
  }
}

/// The targets of the Markdown links in `text`, `[words](target)`, outside code blocks.
func markdownLinks(in text: String) -> [String] {
  let prose = outsideCodeBlocks(text).joined(separator: "\n")
  return prose.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
}

/// The anchors GitHub gives the headings of `text`: lower case, letters, digits, `_`, `-` and
/// spaces kept (spaces as `-`), the rest dropped; a repeated one gets `-1`, `-2`, ….
func headingAnchors(in text: String) -> [String] {
  var seen: [String: Int] = [:]
  var anchors: [String] = []
  for line in outsideCodeBlocks(text) where line.hasPrefix("#") {
    let title = line.drop { $0 == "#" }
    guard title.first == " " else { continue }
    var slug = ""
    for scalar in title.dropFirst().lowercased().unicodeScalars {
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation:
        slug.unicodeScalars.append(scalar)
      default:
        if scalar == " " { slug += "-" } else if scalar == "-" { slug += "-" }
      }
    }
    let count = seen[slug, default: 0]
    seen[slug] = count + 1
    anchors.append(count == 0 ? slug : "\(slug)-\(count)")
  }
  return anchors
}

/// The lines of `text` that are not inside a fenced code block.
func outsideCodeBlocks(_ text: String) -> [String] {
  var inside = false
  var lines: [String] = []
  for line in text.components(separatedBy: "\n") {
    if line.hasPrefix("```") {
      inside.toggle()
    } else if !inside {
      lines.append(line)
    }
  }
  return lines
}
