import Foundation
import Testing

/// Keeps the layer table of `Docs/Architecture.md` true to the two manifests: every library
/// target of `Package.swift` and `TerminalKit/Package.swift` has a row, and each row names
/// exactly the targets of ours and the outside products the manifest gives it.
struct LayersTableTests {
  static let root = LearnTCAGuideTests.root

  @Test func everyLibraryTargetHasARowThatNamesWhatItDependsOn() throws {
    let guide = try String(contentsOf: Self.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
    let rows = LayerRow.rows(in: guide)
    var targets: [String: ManifestTarget] = [:]
    for manifest in ["Package.swift", "TerminalKit/Package.swift"] {
      let text = try String(contentsOf: Self.root.appendingPathComponent(manifest), encoding: .utf8)
      for target in ManifestTarget.libraries(in: text) { targets[target.name] = target }
    }
    #expect(targets.count > 20, "the manifests were read")
    #expect(Set(rows.keys) == Set(targets.keys), "rows without a target, or targets without a row")
    for (name, target) in targets {
      guard let row = rows[name] else { continue }
      #expect(row.ours == target.ours, "\(name): the table says it imports \(row.ours.sorted()), the manifest \(target.ours.sorted())")
      #expect(row.outside == target.outside, "\(name): outside products \(row.outside.sorted()) in the table, \(target.outside.sorted()) in the manifest")
    }
  }

  @Test func aManifestsDependenciesAreReadAsItDeclaresThem() {
    let manifest = """
      let kit: Target.Dependency = .product(name: "Kit", package: "TerminalKit")
      let package = Package(
        targets: [
          // A comment with "Quoted" words.
          .target(name: "A", dependencies: ["B", kit, .product(name: "Outside", package: "outside")], path: "Sources/X"),
          .target(
            name: "B",
            linkerSettings: [.linkedLibrary("z")]
          ),
          .testTarget(name: "ATests", dependencies: ["A"]),
        ]
      )
      """
    let targets = ManifestTarget.libraries(in: manifest)
    #expect(targets.map(\.name) == ["A", "B"])
    #expect(targets.first?.ours == ["B", "Kit"] && targets.first?.outside == ["Outside"])
    #expect(targets.last?.ours == [] && targets.last?.outside == [])
  }
}

/// A row of the layer table: the target, and what the table says it imports.
struct LayerRow {
  var ours: Set<String>
  var outside: Set<String>

  /// The rows of the tables under `## Layers`, by target name.
  static func rows(in guide: String) -> [String: LayerRow] {
    guard let start = guide.range(of: "\n## Layers\n") else { return [:] }
    let section = guide[start.upperBound...]
    let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
    var rows: [String: LayerRow] = [:]
    for line in section[..<end].split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 5, let name = names(in: cells[1]).first else { continue }
      let outside = cells[4] == "—" ? [] : cells[4].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      rows[name] = LayerRow(ours: Set(names(in: cells[3])), outside: Set(outside))
    }
    return rows
  }

  private static func names(in cell: String) -> [String] {
    cell.matches(of: /`([A-Za-z]+)`/).map { String($0.output.1) }
  }
}

/// A library target as a manifest declares it: its name and the targets of ours and the outside
/// products among its dependencies. (Products of the kit's package count as ours.)
struct ManifestTarget {
  var name: String
  var ours: Set<String>
  var outside: Set<String>

  /// The `.target`, `.macro` and `.systemLibrary` declarations of `manifest`, in order.
  static func libraries(in manifest: String) -> [ManifestTarget] {
    let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
    var variables: [String: String] = [:]
    for match in text.matches(of: /let (\w+): Target\.Dependency = \.product\(name: "(\w+)", package: "TerminalKit"\)/) {
      variables[String(match.output.1)] = String(match.output.2)
    }
    let starts = text.matches(of: /\.(target|testTarget|executableTarget|macro|systemLibrary|plugin)\(\s*name: "([\w-]+)"/)
    var targets: [ManifestTarget] = []
    for (index, start) in starts.enumerated() where ["target", "macro", "systemLibrary"].contains(String(start.output.1)) {
      let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
      let declaration = text[start.range.upperBound..<end]
      var target = ManifestTarget(name: String(start.output.2), ours: [], outside: [])
      if let list = dependencyList(in: declaration) {
        var rest = String(list)
        for product in list.matches(of: /\.product\(name: "(\w+)", package: "([\w.-]+)"\)/) {
          if product.output.2 == "TerminalKit" { target.ours.insert(String(product.output.1)) } else { target.outside.insert(String(product.output.1)) }
          rest = rest.replacingOccurrences(of: String(product.output.0), with: "")
        }
        for quoted in rest.matches(of: /"([\w-]+)"/) { target.ours.insert(String(quoted.output.1)) }
        for word in rest.matches(of: /\b([a-z]\w*)\b/) {
          if let product = variables[String(word.output.1)] { target.ours.insert(product) }
        }
      }
      targets.append(target)
    }
    return targets
  }

  /// What is between `dependencies: [` and its closing bracket.
  private static func dependencyList(in declaration: Substring) -> Substring? {
    guard let open = declaration.range(of: "dependencies: [") else { return nil }
    var depth = 1
    var index = open.upperBound
    while index < declaration.endIndex {
      switch declaration[index] {
      case "[": depth += 1
      case "]":
        depth -= 1
        if depth == 0 { return declaration[open.upperBound..<index] }
      default: break
      }
      index = declaration.index(after: index)
    }
    return nil
  }
}
