@testable import TerminalKit
import Foundation
import SnapshotTesting
import TerminalKitTesting
import Testing

@testable import TerminalUI

/// Every screen in every state, at 80×24, 120×40 and the minimum size, and once more in
/// monochrome: the text and the map of styles are compared with the committed references in
/// `__Snapshots__`. Run with `SNAPSHOT_TESTING_RECORD=all` to record them again after a
/// deliberate change, and read the diff before committing.
@MainActor
@Suite
struct ScreenSnapshotTests {
  static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), AppLayout.minimumSize]

  @Test(arguments: Scenario.allCases)
  func inColor(scenario: Scenario) async {
    for size in Self.sizes {
      let canvas = AppScreen.render(await scenario.state(at: size), size: size, context: RenderContext(theme: .color))
      assertSnapshot(of: canvas.canvas, as: .screen, named: "\(scenario.rawValue).\(size.width)x\(size.height)")
    }
  }

  @Test(arguments: Scenario.allCases)
  func inMonochrome(scenario: Scenario) async {
    let size = Size(width: 80, height: 24)
    let canvas = AppScreen.render(await scenario.state(at: size), size: size, context: RenderContext(theme: .monochrome))
    assertSnapshot(of: canvas.canvas, as: .screen, named: "\(scenario.rawValue).mono")
  }

  @Test(arguments: [Size(width: 39, height: 24), Size(width: 80, height: 11), Size(width: 20, height: 5), Size(width: 1, height: 1)])
  func terminalTooSmall(size: Size) async {
    let canvas = AppScreen.render(await Scenario.productsTop.state(at: size), size: size)
    assertSnapshot(of: canvas.canvas, as: .screen, named: "\(size.width)x\(size.height)")
  }
}
