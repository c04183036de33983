import Foundation
import Testing

/// Keeps `Docs/LearnTCA.md` true to the code: every Swift block in it must be found, line for
/// line, in a Swift file of `Sources/` or `Tests/` (which the build compiles), and every link to
/// a file of this repository must lead to one.
struct LearnTCAGuideTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let guide = root.appendingPathComponent("Docs/LearnTCA.md")

  @Test func everySwiftBlockIsCompiledCode() throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    let blocks = swiftBlocks(in: text)
    #expect(blocks.count >= 20, "the guide should show the code it talks about")
    let sources = try SourceFiles(under: Self.root, in: ["Sources", "Tests"])
    for block in blocks {
      #expect(
        sources.file(containing: block.lines) != nil,
        "The guide's Swift block at line \(block.line) is not in any compiled file:\n\(block.lines.joined(separator: "\n"))"
      )
    }
  }

  @Test func everyLinkToTheRepositoryLeadsToAFile() throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    let links = relativeLinks(in: text)
    #expect(!links.isEmpty)
    for link in links {
      let target = Self.guide.deletingLastPathComponent().appendingPathComponent(link).standardizedFileURL
      #expect(FileManager.default.fileExists(atPath: target.path), "The guide links to \(link), which does not exist")
    }
  }

  @Test func aBlockThatDriftedFromTheCodeIsNotFound() throws {
    let sources = try SourceFiles(under: Self.root, in: ["Tests/DocsTests"])
    let real = ["case .incrementButtonTapped:", "  state.count += 1", "  return .none"]
    #expect(sources.file(containing: real)?.hasSuffix("CounterFeature.swift") == true)
    let drifted = ["case .incrementButtonTapped:", "  state.count += 2", "  return .none"]
    #expect(sources.file(containing: drifted) == nil)
    let reindented = ["case .incrementButtonTapped:", "state.count += 1", "  return .none"]
    #expect(sources.file(containing: reindented) == nil)
  }
}

/// The fenced ```swift blocks of a Markdown text, with the line each starts on.
func swiftBlocks(in text: String) -> [(line: Int, lines: [String])] {
  var blocks: [(line: Int, lines: [String])] = []
  var current: [String]?
  var start = 0
  for (number, line) in text.components(separatedBy: "\n").enumerated() {
    if current == nil, line.hasPrefix("```swift") {
      current = []
      start = number + 2
    } else if current != nil, line.hasPrefix("```") {
      blocks.append((start, current!))
      current = nil
    } else if current != nil {
      current!.append(line)
    }
  }
  return blocks
}

/// The targets of Markdown links that point into the repository (`../Sources/…`).
func relativeLinks(in text: String) -> [String] {
  let pattern = /\]\((\.\.\/[^)#\s]+)/
  return text.matches(of: pattern).map { String($0.output.1) }
}

/// The Swift files under some folders of the repository, as lines.
struct SourceFiles {
  let files: [(path: String, lines: [String])]

  init(under root: URL, in folders: [String]) throws {
    var files: [(path: String, lines: [String])] = []
    for folder in folders {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker where url.pathExtension == "swift" {
        let text = try String(contentsOf: url, encoding: .utf8)
        files.append((url.path, text.components(separatedBy: "\n")))
      }
    }
    self.files = files
  }

  /// The file in which `block` appears as consecutive lines, all indented by the same amount
  /// more than in the block (blank lines match blank lines); `nil` when none has it.
  func file(containing block: [String]) -> String? {
    guard let first = block.first, !first.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    for file in files {
      for start in file.lines.indices where file.lines[start].hasSuffix(first) {
        let indent = String(file.lines[start].dropLast(first.count))
        guard indent.allSatisfy({ $0 == " " }), start + block.count <= file.lines.count else { continue }
        let matches = block.indices.allSatisfy { offset in
          let line = file.lines[start + offset]
          let expected = block[offset]
          return expected.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + expected
        }
        if matches { return file.path }
      }
    }
    return nil
  }
}
