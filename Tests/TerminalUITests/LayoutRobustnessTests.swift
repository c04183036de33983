@testable import TerminalKit
import Foundation
import Shop
import Testing

@testable import TerminalUI

/// Titles from a hostile or careless store — wide scripts, combining marks, emoji sequences,
/// control characters, escape sequences, absurd lengths — must not move a column, break a
/// border, or reach the terminal as a command.
@MainActor
struct LayoutRobustnessTests {
  static let awkwardTitles = [
    "한지 노트 Hanji notebook — 한국어 제목이 아주 길어서 잘려야 합니다",
    "手ぬぐい 手ぬぐい 手ぬぐい 手ぬぐい 手ぬぐい 手ぬぐい 手ぬぐい",
    "Cre\u{300}me bru\u{302}le\u{301}e torch with combining marks",
    "I ❤️ emoji with VS16 ❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️❤️",
    "Family pack 👩‍👩‍👧👨‍👨‍👦‍👦 and flags 🇯🇵🇰🇷🇫🇷 and skin tones 👍🏽👍🏿",
    "Evil\u{1B}[2J\u{1B}[H\u{1B}]0;owned\u{07} title\u{9B}31m\u{202E}desrever",
    String(repeating: "Very long title ", count: 40),
    "\u{301}starts with a combining mark",
    "",
  ]

  static func products() -> [Product] {
    awkwardTitles.enumerated().map { index, title in
      Product(id: index + 1, title: title, price: Money(cents: 99_999_99 - index), description: title, category: title)
    }
  }

  @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 133, height: 41)])
  func columnsStayPutWhateverTheTitles(size: Size) async {
    let state = await Scenario.productsInCart.state(at: size, products: Self.products())
    let canvas = AppScreen.render(state, size: size)
    let list = AppLayout(size: size).screen.productList
    let rows = min(Self.awkwardTitles.count, list.height)
    for (row, product) in state.productList.products.prefix(rows).enumerated() {
      let y = list.y + row
      // The stepper fills the last 15 columns and the price the 11 before the gap, on every
      // row, whatever the title did.
      let compact = list.width < ProductsScreen.compactStepperBelowWidth
      let stepperWidth = Stepper<KeyCommand>.width(compact: compact, emptyLabel: CartStepper.emptyLabel(compact: compact))
      let stepper = Self.text(in: canvas, y: y, from: list.maxX - stepperWidth, width: stepperWidth)
      #expect(stepper == Stepper<KeyCommand>.text(count: product.quantity, compact: compact, emptyLabel: CartStepper.emptyLabel(compact: compact)), "row \(y)")
      let price = Self.text(in: canvas, y: y, from: list.maxX - stepperWidth - 2 - 11, width: 11)
      #expect(price == TextLayout.pad(product.product.price.formatted, toWidth: 11, alignment: .trailing), "row \(y)")
      #expect(TextWidth.columns(of: canvas.textRows[y]) <= size.width, "row \(y) fits the screen")
    }
    Self.expectNoControlCharacters(in: canvas)
  }

  /// Rough edge 9 of the browsing issue: past 100 columns the detail pane took the titles'
  /// width, and at 200 columns a short title sat ~45 columns from its price.
  /// Rough edge 11: the confirmation wrapped its amount onto a line of its own even at 200
  /// columns. Where there is room, the question is one line.
  @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 50)])
  func theConfirmationKeepsTheAmountWithItsQuestion(size: Size) async {
    let canvas = AppScreen.render(await Scenario.confirmPayFocused.state(at: size), size: size)
    // $78.40 of items and $5.00 of standard shipping.
    #expect(canvas.textRows.contains { $0.contains("Do you want to proceed with your purchase of $83.40,") })
  }

  @Test func theListKeepsItsWidthAndTheGapIsCapped() {
    let at80 = AppLayout(size: Size(width: 80, height: 24))
    for width in [100, 105, 110] {
      let layout = AppLayout(size: Size(width: width, height: 30))
      #expect(layout.screen.detailPane == nil, "\(width): no room for a pane beside a full list")
      #expect(layout.screen.productList.width >= at80.screen.productList.width, "\(width)")
    }
    let wide = AppLayout(size: Size(width: 120, height: 30))
    #expect(wide.screen.productList.width >= at80.screen.productList.width)
    #expect((wide.screen.detailPane?.width ?? 0) >= ScreenLayout.minimumDetailPaneWidth)
    let widest = AppLayout(size: Size(width: 200, height: 50))
    #expect(widest.screen.productList.width <= ScreenLayout.productListWidths.upperBound)
    #expect((widest.screen.detailPane?.width ?? 0) > 90)
  }

  /// Rough edge 13: at 40×12 the control kept 15 columns while titles shrank to 7, and the
  /// cart summary vanished. Narrow lists get the compact control; the tab bar the compact sum.
  @Test func narrowScreensUseCompactForms() async {
    let size = Size(width: 40, height: 12)
    let state = await Scenario.productsInCart.state(at: size)
    let rows = AppScreen.render(state, size: size).textRows
    #expect(rows[0].hasSuffix("4 · $78.40"), "\(rows[0])")
    let list = AppLayout(size: size).screen.productList
    #expect(rows[list.y].contains("[-] 2 [+]"), "\(rows[list.y])")
    #expect(rows[list.y + 2].contains("[ Add ]"), "\(rows[list.y + 2])")
    #expect(rows[list.y + 2].contains("Brass bullet"), "the title has room: \(rows[list.y + 2])")
  }

  /// A price is never cut, however large: the title gives way, and the prices on screen stay
  /// aligned on their right edge.
  @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24)])
  func pricesAreNeverCut(size: Size) async {
    let products = [
      Product(id: 1, title: "Private island, with a lighthouse", price: Money(cents: 9_999_999_999)),
      Product(id: 2, title: "Pencil", price: Money(cents: 150)),
    ]
    let state = await Scenario.productsInCart.state(at: size, products: products)
    let canvas = AppScreen.render(state, size: size)
    let list = AppLayout(size: size).screen.productList
    let rows = [canvas.textRows[list.y], canvas.textRows[list.y + 1]]
    #expect(rows[0].contains("$99,999,999.99"), "\(rows[0])")
    #expect(rows[1].contains("$1.50"))
    let ends = zip(rows, ["$99,999,999.99", "$1.50"]).map { row, price in row.range(of: price).map { row.distance(from: row.startIndex, to: $0.upperBound) } }
    #expect(ends[0] != nil && ends[0] == ends[1], "right-aligned: \(ends)")

    let cart = await Scenario.cartWithItems.state(at: size, products: products)
    let sheet = AppScreen.render(cart, size: size).textRows.joined(separator: "\n")
    #expect(sheet.contains("$99,999,999.99"))
  }

  @Test(arguments: [Scenario.cartWithItems, .confirmPayFocused, .orderFailed, .help], [Size(width: 40, height: 12), Size(width: 80, height: 24)])
  func everyBoxOnScreenIsWhole(scenario: Scenario, size: Size) async {
    let canvas = AppScreen.render(await scenario.state(at: size, products: Self.products()), size: size)
    let boxes = Self.boxes(in: canvas)
    #expect(!boxes.isEmpty)
    for box in boxes {
      for y in (box.y + 1)..<(box.maxY - 1) {
        #expect(canvas[box.x, y].text == "│" && canvas[box.maxX - 1, y].text == "│", "\(scenario) \(size): box \(box), row \(y)")
      }
      #expect(canvas[box.maxX - 1, box.maxY - 1].text == "┘", "\(scenario) \(size): box \(box)")
    }
    Self.expectNoControlCharacters(in: canvas)
  }

  /// The cells of row `y` from column `x`, `width` columns, as text.
  static func text(in canvas: ScreenFrame, y: Int, from x: Int, width: Int) -> String {
    (x..<(x + width)).map { canvas[$0, y].text }.joined()
  }

  /// The rectangles of the boxes whose top-left corner is visible: from "┌" right to "┐" and
  /// down to "└".
  static func boxes(in canvas: ScreenFrame) -> [Rect] {
    var boxes: [Rect] = []
    for y in 0..<canvas.size.height {
      for x in 0..<canvas.size.width where canvas[x, y].text == "┌" {
        guard let right = ((x + 1)..<canvas.size.width).first(where: { canvas[$0, y].text == "┐" }),
          let bottom = ((y + 1)..<canvas.size.height).first(where: { canvas[x, $0].text == "└" })
        else { continue }
        boxes.append(Rect(x: x, y: y, width: right - x + 1, height: bottom - y + 1))
      }
    }
    return boxes
  }

  @Test func theDetailPaneWrapsInsideItsColumn() async {
    let size = Size(width: 120, height: 40)
    var state = await Scenario.productsTop.state(at: size, products: Self.products())
    state.productList.selectedID = 5
    let canvas = AppScreen.render(state, size: size)
    let pane = AppLayout(size: size).screen.detailPane!
    for y in pane.y..<pane.maxY {
      #expect(canvas[pane.x - 1, y].text == "│", "the rule beside the pane is intact on row \(y)")
    }
  }

  static func expectNoControlCharacters(in canvas: ScreenFrame) {
    for cell in canvas.cells {
      #expect(!cell.text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x202E })
    }
  }
}
