import Foundation
import SnapshotTesting
@testable import TerminalKit
import TerminalKitTesting
import Testing

@testable import TerminalUI

/// Every step of checkout, at 80×24 and 120×40, in every format the kit writes: the plain text,
/// the ANSI a terminal is sent, an SVG image, and the steps one after another as an asciicast.
/// The accessible mode's steps too, as text: one question at a time, no box.
@MainActor
@Suite
struct CheckoutSnapshotTests {
  static let steps: [Scenario] = [
    .checkoutAddressProblems, .checkoutAddressKorean, .checkoutAddressBook, .checkoutDelivery, .checkoutReview,
    .confirmPayFocused, .checkoutPriceChanged, .orderSucceeded,
  ]

  @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
  func everyStepInEveryFormat(size: Size) async {
    let name = "\(size.width)x\(size.height)"
    var cast = Asciicast(size: size, title: "checkout, step by step")
    for (index, step) in Self.steps.enumerated() {
      let canvas = AppScreen.render(await step.state(at: size), size: size, context: RenderContext(theme: .color)).canvas
      assertSnapshot(of: canvas, as: .text, named: "\(step.rawValue).\(name)")
      assertSnapshot(of: canvas, as: .ansi, named: "\(step.rawValue).\(name)")
      assertSnapshot(of: canvas, as: .svg, named: "\(step.rawValue).\(name)")
      cast.record(canvas, at: .seconds(index))
    }
    assertSnapshot(of: cast, as: .cast, named: name)
  }

  @Test(arguments: [Scenario.checkoutAddressKorean, .checkoutAddressProblems, .checkoutDelivery, .checkoutReview, .confirmPayFocused])
  func inTheAccessibleMode(step: Scenario) async {
    let size = Size(width: 80, height: 24)
    let canvas = AppScreen.render(await step.state(at: size), size: size, context: RenderContext(theme: .monochrome, accessible: true)).canvas
    #expect(!canvas.plainText.contains("┌") && !canvas.plainText.contains("│"), "no box: \(canvas.plainText)")
    assertSnapshot(of: canvas, as: .text, named: step.rawValue)
  }
}
