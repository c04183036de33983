import Foundation
import StoreTestSupport
import TerminalKit
import TerminalKitTesting
import Testing

/// The terminal's own cursor rests at the focus after every frame — the selected product's row,
/// a sheet's title, help's first line — where screen readers and input methods look for it: hidden
/// in the ordinary mode, shown in the accessible one. Read from the terminal the store runs on.
struct CursorAtFocusEndToEndTests {
  /// The row of `screen` the cursor is on.
  static func cursorRow(_ screen: Canvas) -> String? {
    screen.focus.map { screen.textRows[$0.y] }
  }

  @Test func theCursorFollowsTheSelectionAndTheSheetsHidden() async throws {
    let store = try StoreTerminal.start(["--latency", "0"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    try await store.waitUntil("the cursor on the first product") { Self.cursorRow($0)?.contains("▸ Dot-grid notebook") == true }
    let first = try #require(store.screen.focus)
    #expect(!store.modes.cursorVisible)
    try store.press("j")
    try await store.waitUntil("the cursor on the second product's row") { $0.focus == first.moved(y: 1) }
    try store.press("c")
    try await store.waitUntil("the cursor on the cart's title") { Self.cursorRow($0)?.contains("Cart") == true && $0.focus!.y < first.y }
    try store.press("Escape")
    try await store.waitUntil("back on the second product") { $0.focus == first.moved(y: 1) }
    try store.press("?")
    try await store.waitUntil("the cursor on help's first line") { Self.cursorRow($0)?.contains("Selected product") == true }
    #expect(!store.modes.cursorVisible)
    try store.press("Escape")
    try await StoreTerminal.quit(store)
  }

  @Test func theAccessibleModeShowsTheCursorAtTheFocus() async throws {
    let store = try StoreTerminal.start(["--latency", "0", "--accessible"], stateDirectory: try StoreTerminal.temporaryStateDirectory())
    try await store.waitFor(text: "quit")
    try await store.waitUntil("the cursor shown on the first product") { Self.cursorRow($0)?.contains("Dot-grid notebook") == true && $0.cursor != nil }
    #expect(store.modes.cursorVisible)
    try store.press("j")
    try await store.waitUntil("and on the second") { $0.cursor != nil && Self.cursorRow($0)?.contains("Dot-grid notebook") == false }
    try await StoreTerminal.quit(store)
  }
}

extension Point {
  fileprivate func moved(y rows: Int) -> Point { Point(x: x, y: y + rows) }
}
