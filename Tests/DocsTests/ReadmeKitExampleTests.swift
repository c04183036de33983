import Foundation
import Testing

/// Keeps the testing guide's "Snapshot-test your own screens" (`Docs/Testing.md`) true: each of
/// its Swift blocks (but the package manifest's lines) is found, line for line, in
/// `Tests/KitExampleTests`, which the build compiles and the suite runs, and the reference it
/// shows is the one the test compares.
struct ReadmeKitExampleTests {
  static let guide = LearnTCAGuideTests.root.appendingPathComponent("Docs/Testing.md")

  static func section() throws -> String {
    let text = try String(contentsOf: guide, encoding: .utf8)
    let start = try #require(text.range(of: "## Snapshot-test your own screens\n"))
    let rest = text[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  @Test func everySwiftBlockIsTheExampleTargetsCode() throws {
    let blocks = swiftBlocks(in: try Self.section()).filter { $0.lines.first?.hasPrefix(".testTarget") == false }
    #expect(blocks.count >= 3, "the widget, the program and its test")
    let example = try SourceFiles(under: LearnTCAGuideTests.root, in: ["Tests/KitExampleTests", "IntegrationTests/Tests/ProgramTests"])
    for block in blocks {
      #expect(
        example.file(containing: block.lines) != nil,
        "Docs/Testing.md's block at line \(block.line) of the section is not in Tests/KitExampleTests or IntegrationTests/Tests/ProgramTests:\n\(block.lines.joined(separator: "\n"))"
      )
    }
  }

  @Test func theReferenceShownIsTheOneCommitted() throws {
    let section = try Self.section()
    let opening = try #require(section.range(of: "is the screen, then its styles:\n\n```\n"))
    let shown = section[opening.upperBound...].prefix { $0 != "…" }
    let reference = try String(
      contentsOf: LearnTCAGuideTests.root.appendingPathComponent("Tests/KitExampleTests/__Snapshots__/TipJarTests/theScreenAfterTwoTips.1.txt"),
      encoding: .utf8
    )
    #expect(shown.count > 200)
    #expect(reference.hasPrefix(shown), "Docs/Testing.md shows:\n\(shown)")
  }
}
