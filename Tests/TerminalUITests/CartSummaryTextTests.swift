import Shop
import Testing

@testable import TerminalUI

/// How the tab bar writes the cart's summary, in full and where room is short.
struct CartSummaryTextTests {
  @Test func cartSummariesInFullAndCompact() {
    let summaries: [(CartSummary, String, String)] = [
      (.contents(units: 0, total: .zero, unavailableLines: 0), "Cart: empty", "empty"),
      (.contents(units: 3, total: Money(cents: 24_220), unavailableLines: 0), "Cart: 3 items · $242.20", "3 · $242.20"),
      (.contents(units: 1, total: Money(cents: 900), unavailableLines: 2), "Cart: 1 item · $9.00 · 2 unavailable", "1 · $9.00 · 2 unavailable"),
      (.contents(units: 0, total: .zero, unavailableLines: 1), "Cart: 1 unavailable", "1 unavailable"),
      (.restoring(units: 3), "Cart: restoring 3 items…", "restoring 3…"),
    ]
    for (summary, text, compact) in summaries {
      #expect(summary.text == text)
      #expect(summary.compactText == compact)
    }
  }
}
