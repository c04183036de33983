import Foundation
import Testing

/// Keeps the core's DocC catalog (`Sources/Composable/Composable.docc`) true to the core: every
/// symbol it links to is declared public in `Sources/Composable`, and every public type of the
/// core but its underscored plumbing is listed on its landing page. (Its Swift blocks and links
/// are checked with the guides', in `GuidesTests`.)
struct ComposableCatalogTests {
  static let catalog = "Sources/Composable/Composable.docc"

  /// The names the core declares public at the top level: types, protocols, type aliases.
  static func publicTypes() throws -> Set<String> {
    let sources = try SourceFiles(under: GuidesTests.root, in: ["Sources/Composable"])
    let declaration = /^public (?:final class|struct|enum|protocol|typealias) (\w+)/
    return Set(sources.files.flatMap(\.lines).compactMap { line in (try? declaration.firstMatch(in: line))?.1 }.map(String.init))
  }

  static func symbolLinks(in file: String) throws -> [String] {
    let text = try String(contentsOf: GuidesTests.root.appendingPathComponent("\(catalog)/\(file)"), encoding: .utf8)
    return text.matches(of: /``(\w+)``/).map { String($0.1) }
  }

  @Test func everySymbolTheCatalogLinksToIsPublicInTheCore() throws {
    let declared = try Self.publicTypes()
    let files = try FileManager.default.contentsOfDirectory(atPath: GuidesTests.root.appendingPathComponent(Self.catalog).path)
    var checked = 0
    for file in files where file.hasSuffix(".md") {
      for symbol in try Self.symbolLinks(in: file) where symbol != "Composable" {
        checked += 1
        #expect(declared.contains(symbol), "\(file) links to ``\(symbol)``, which the core does not declare public")
      }
    }
    #expect(checked > 30)
  }

  /// Names with a leading underscore are the core's plumbing that TCA spells the same way
  /// (`_DependencyKeyWritingReducer`); everything else public is on the landing page.
  @Test func everyPublicTypeIsOnTheLandingPage() throws {
    let listed = Set(try Self.symbolLinks(in: "Composable.md"))
    let missing = try Self.publicTypes().filter { !$0.hasPrefix("_") }.subtracting(listed)
    #expect(missing.isEmpty, "public in the core but not on Composable.md: \(missing.sorted())")
  }
}
