import TerminalKit
import Testing

/// The layered key router, tabs and help, with an app's own commands and nothing of the shop.
struct KeyLayersTests {
  enum Command: Hashable, Sendable { case quit, help, next, save, close, typed(String), tab(Int), scroll(Int) }

  static let global = KeyMap<Command>("Anywhere", bindings: [KeyBinding([.control("c")], "Ctrl-C", "quit", command: .quit)])
  static let screen = KeyMap<Command>("List", bindings: [
    KeyBinding([.character("j")], "j", "next", command: .next).inFooter(),
    KeyBinding([.character("?")], "?", "help", command: .help).inFooter(essential: true),
  ])
  static let field = KeyMap<Command>("Search", textInput: TextInput("type to search", command: { .typed($0) }), bindings: [])
  static let dialog = KeyMap<Command>("Save?", isModal: true, bindings: [KeyBinding([.enter], "Enter", "save", command: .save).inFooter()])

  @Test func theInnermostMapThatBindsAKeyDecides() {
    let layers = KeyLayers(global: Self.global, layers: [Self.field, Self.screen])
    #expect(layers.command(for: .character("j")) == .typed("j"), "the focused field's typing wins over the screen's j")
    #expect(layers.command(for: .control("c")) == .quit, "the keys that work everywhere come first")
    #expect(layers.command(forPaste: "milk") == .typed("milk"))
    #expect(KeyLayers(global: Self.global, layers: [Self.screen]).command(for: .character("j")) == .next)
  }

  @Test func aModalMapStopsKeysAndPastesFromReachingWhatIsUnder() {
    let layers = KeyLayers(global: Self.global, layers: [Self.dialog, Self.field, Self.screen])
    #expect(layers.command(for: .character("j")) == nil)
    #expect(layers.command(forPaste: "x") == nil)
    #expect(layers.command(for: .enter) == .save)
    #expect(layers.inForce.map(\.title) == ["Anywhere", "Save?"])
    #expect(layers.footerHints.map(\.keys) == ["Enter"])
  }

  @Test func theFooterListsInnerHintsFirstAndEachOnce() {
    let layers = KeyLayers(global: Self.global, layers: [Self.screen, Self.screen])
    #expect(layers.footerHints.map(\.text) == ["next", "help"])
    #expect(layers.helpOrder.map(\.title) == ["List", "List", "Anywhere"])
  }

  @Test func tabsMarkTheSelectedOneAndAnswerPresses() {
    var frame = Frame<Command>(size: Size(width: 24, height: 1), theme: .monochrome)
    frame.render(Tabs(["Orders", "Stock"], selected: 1) { .tab($0) }, in: frame.bounds)
    #expect(frame.textRows == ["  Orders   Stock"])
    #expect(frame[11, 0].style == Theme.monochrome.selectedTab)
    #expect(frame[2, 0].style == Theme.monochrome.secondary)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 3, y: 0))) == .tab(0))
    #expect(Tabs<Command>.width(of: ["Orders", "Stock"]) == 18)
    var narrow = Frame<Command>(size: Size(width: 7, height: 1))
    narrow.render(Tabs(["漢字漢字", "Stock"], selected: 0), in: narrow.bounds)
    #expect(TextWidth.columns(of: narrow.textRows[0]) <= 7)
  }

  @Test func helpScrollsWhenItDoesNotFitAndSaysWhichWayThereIsMore() {
    let long = KeyMap<Command>("Long", bindings: (0..<30).map { KeyBinding([.character(Character(String($0 % 10)))], "k\($0)", "does \($0)", command: .next) })
    let maps = KeyLayers(global: Self.global, layers: [long]).helpOrder
    let area = Rect(x: 0, y: 0, width: 40, height: 12)
    let limit = HelpOverlay<Command, Command>.scrollLimit(for: maps, in: area)
    #expect(limit > 0)
    var top = Frame<Command>(size: area.size)
    top.render(HelpOverlay<Command, Command>(maps, closeKey: "?", scroll: WheelCommands(up: .scroll(-3), down: .scroll(3))), in: area)
    #expect(top.textRows[0].contains("↓ more"))
    #expect(top.command(for: MouseEvent(.wheelDown, at: Point(x: 5, y: 5))) == .scroll(3))
    var bottom = Frame<Command>(size: area.size)
    bottom.render(HelpOverlay<Command, Command>(maps, scrolledBy: limit + 100, closeKey: "?"), in: area)
    #expect(bottom.textRows.joined().contains("Ctrl-C"), "scrolled to the end: the last section shows")
    #expect(bottom.textRows[0].contains("↑ more"))
    var fits = Frame<Command>(size: Size(width: 60, height: 30))
    fits.render(HelpOverlay<Command, Command>(KeyLayers(global: Self.global, layers: [Self.screen]).helpOrder, closeKey: "?"), in: fits.bounds)
    #expect(fits.plainText.contains("? close"))
  }
}
