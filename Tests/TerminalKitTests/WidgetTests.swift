import TerminalKit
import Testing

/// Each widget of the kit, drawn alone into a small frame and checked as the rows it must
/// produce (trailing blanks trimmed), its styles where they carry meaning, and its click targets.
struct WidgetTests {
  enum Tap: Hashable, Sendable { case pay, cancel, retry, up, down, behind }

  static let theme = Theme.monochrome

  static func frame<Command>(_ width: Int, _ height: Int, of _: Command.Type = Never.self) -> Frame<Command> {
    Frame(size: Size(width: width, height: height), theme: Self.theme)
  }

  @Test func aBoxDrawsItsBorderTitleAndNote() {
    var frame = Self.frame(20, 4)
    frame.render(Box(title: "Cart", note: "Esc"), in: frame.bounds)
    #expect(frame.textRows == [
      "┌─ Cart ───── Esc ─┐",
      "│                  │",
      "│                  │",
      "└──────────────────┘",
    ])
    #expect(frame[3, 0].style == Self.theme.title)
    #expect(frame[0, 0].style == Self.theme.secondary)
    #expect(frame.bounds.insideBorder == Rect(x: 1, y: 1, width: 18, height: 2))
  }

  @Test func aBoxTooSmallForABorderDrawsNothing() {
    var frame = Self.frame(4, 1)
    frame.draw("abcd", at: Point(x: 0, y: 0))
    frame.render(Box(title: "x"), in: frame.bounds)
    #expect(frame.textRows == ["abcd"])
    #expect(frame.bounds.insideBorder.isEmpty)
  }

  @Test func aSheetBlanksTheStripsBesideAndBelowItAndSilencesWhatIsUnder() {
    var frame = Self.frame(10, 4, of: Tap.self)
    for y in 0..<4 { frame.draw("##########", at: Point(x: 0, y: y)) }
    frame.onPress(frame.bounds, .behind)
    frame.render(Sheet(over: frame.bounds), in: Rect(x: 2, y: 0, width: 6, height: 3))
    #expect(frame.textRows == [
      "  ┌────┐",
      "  │    │",
      "  └────┘",
      "",
    ])
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 0, y: 3))) == nil, "nothing under a sheet hears the mouse")
  }

  @Test func aButtonIsCentredInItsAreaAndAnswersAPressAnywhereInIt() {
    var frame = Self.frame(20, 1, of: Tap.self)
    frame.render(Button("Pay", appearance: .focused, press: .pay), in: frame.bounds)
    #expect(frame.textRows == ["      [ Pay ]"])
    #expect(frame[6, 0].style == Self.theme.focus)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 10, y: 0))) == .pay)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 19, y: 0))) == .pay, "a row-wide button answers across the row")
    #expect(frame.command(for: MouseEvent(.wheelUp, at: Point(x: 10, y: 0))) == nil, "a wheel is not a press")
    #expect(Button<Tap>.width("Pay") == 7)
  }

  @Test func aButtonWithoutAPressRegistersNothingAndANarrowOneIsCutShort() {
    var frame = Self.frame(6, 1, of: Tap.self)
    frame.render(Button("Retry", appearance: .disabled), in: frame.bounds)
    #expect(frame.textRows == ["[ Ret…"])
    #expect(frame.clickTargets.isEmpty)
  }

  @Test func aSpinnerTurnsWithItsFrameAndWraps() {
    var frame = Self.frame(16, 3)
    frame.render(Spinner("Loading", frame: 11), in: frame.bounds)
    #expect(frame.textRows == ["", "   ⠙ Loading", ""])
    #expect(Spinner<Never>.character(at: -1) == "⠏")
  }

  @Test func keyHintsDropOrdinaryOnesBeforeEssentialOnes() {
    let hints = [
      Hint(keys: "?", text: "help", isEssential: true), Hint(keys: "/", text: "search"),
      Hint(keys: "c", text: "cart"), Hint(keys: "q", text: "quit", isEssential: true),
    ]
    var frame = Self.frame(22, 1)
    frame.render(KeyHints(hints), in: frame.bounds)
    #expect(frame.textRows == [" ? help  q quit"], "the ordinary hints gave way, the last first, and the essentials stayed")
    var middling = Self.frame(30, 1)
    middling.render(KeyHints(hints), in: middling.bounds)
    #expect(middling.textRows == [" ? help  / search  q quit"], "only the last ordinary hint gave way")
    var wide = Self.frame(40, 1)
    wide.render(KeyHints(hints), in: wide.bounds)
    #expect(wide.textRows == [" ? help  / search  c cart  q quit"])
    #expect(wide[1, 0].style == Self.theme.key)
    #expect(KeyHints<Never>.fitting(hints, inWidth: 6).map(\.keys) == ["?"], "only an essential is left when nothing else fits")
  }

  @Test func tooSmallSaysWhatItNeedsAndWhatItHas() {
    var frame = Self.frame(24, 5)
    frame.render(TooSmall(minimum: Size(width: 40, height: 12), exitHint: "Ctrl-C quits"), in: frame.bounds)
    #expect(frame.textRows == ["", "   Terminal too small", " need 40×12, have 24×5", "      Ctrl-C quits", ""])
  }

  /// Narrower than the sizes' line, each size gets a line of its own: none is cut off.
  @Test func tooSmallNeverCutsOffASize() {
    var frame = Self.frame(14, 6)
    frame.render(TooSmall(minimum: Size(width: 40, height: 12), exitHint: "Ctrl-C quits"), in: frame.bounds)
    #expect(frame.textRows == [" Terminal too", "    small", "  need 40×12", "  have 14×6", " Ctrl-C quits", ""])
  }

  @Test func theTopmostTargetUnderThePointerAnswers() {
    var frame = Self.frame(10, 2, of: Tap.self)
    frame.onWheel(frame.bounds, up: .up, down: .down)
    frame.onPress(Rect(x: 0, y: 0, width: 5, height: 1), .retry)
    frame.onPress(Rect(x: 3, y: 0, width: 5, height: 1), .pay)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 4, y: 0))) == .pay)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 1, y: 0))) == .retry)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 1, y: 1))) == nil)
    #expect(frame.command(for: MouseEvent(.wheelDown, at: Point(x: 4, y: 0))) == .down, "a press target lets the wheel through")
  }

  @Test func aDialogCentresItsTitleMessageAndButtonsAndOnlyTheyHearTheMouse() {
    var frame = Self.frame(40, 10, of: Tap.self)
    frame.onPress(frame.bounds, .behind)
    let buttons = [Dialog<Tap>.Item("Cancel", appearance: .normal, press: .cancel), Dialog<Tap>.Item("Pay", appearance: .focused, press: .pay)]
    frame.render(Dialog(title: "Pay?", message: "Confirm the purchase of $14.50?", buttons: buttons), in: frame.bounds)
    let rows = frame.textRows
    #expect(rows[1] == "  ┌" + String(repeating: "─", count: 33) + "┐", "31 columns inside for the message, a space and a border each side")
    #expect(rows[2].firstRange(of: "Pay?")?.lowerBound == rows[2].index(rows[2].startIndex, offsetBy: 17))
    #expect(rows[4].contains("Confirm the purchase of $14.50?"), "on one line")
    #expect(rows[6] == "  │       [ Cancel ]  [ Pay ]       │")
    #expect(frame[22, 6].style == Self.theme.focus)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 11, y: 6))) == .cancel)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 23, y: 6))) == .pay)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 0, y: 0))) == nil, "what is under a dialog does not hear the mouse")
  }

  @Test func aSearchLineShowsItsCursorAndScrollsToKeepItInView() {
    var frame = Self.frame(20, 1)
    frame.render(SearchLine(text: "mug", cursor: 3, count: "1 of 5"), in: frame.bounds)
    #expect(frame.textRows == ["/mug          1 of 5"])
    #expect(frame[4, 0].style.isReversed, "the cursor after the text")
    var long = Self.frame(20, 1)
    long.render(SearchLine(text: "abcdefghijklmnop", cursor: 16, count: "1 of 5"), in: long.bounds)
    #expect(long.textRows == ["/fghijklmnop  1 of 5"], "the start gave way so the cursor stays in view")
    var resting = Self.frame(20, 1)
    resting.render(SearchLine(text: "mug", cursor: nil, count: "1 of 5"), in: resting.bounds)
    #expect(!(0..<20).contains { resting[$0, 0].style.isReversed }, "no cursor when the line is not edited")
  }

  @Test func anErrorMessageSaysWhatFailedAndOffersRetry() {
    var frame = Self.frame(40, 9, of: Tap.self)
    frame.render(ErrorMessage(title: "Oops", reason: "no network", retry: .retry, retryKey: "r"), in: frame.bounds)
    #expect(frame.textRows == [
      "", "                   :(", "", "                  Oops", "               no network", "",
      "               [ Retry ]", "                press r", "",
    ])
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 16, y: 6))) == .retry)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 16, y: 7))) == nil)
  }

  @Test func aStepperRightAlignedFillsItsColumnAndItsButtonsAnswerWhereTheyAre() {
    var frame = Self.frame(15, 2, of: Tap.self)
    frame.render(Stepper(count: 2, style: Self.theme.action, decrement: Tap.down, increment: .up), in: frame.bounds.row(0))
    frame.render(Stepper(count: 0, emptyLabel: "Add to Cart", style: Self.theme.action, decrement: Tap.down, increment: .up), in: frame.bounds.row(1))
    #expect(frame.textRows == ["    [-]   2 [+]", "[ Add to Cart ]"])
    #expect(frame[0, 0].style == Self.theme.action, "the padding is the control's too, so a column of them lines up")
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 4, y: 0))) == .down)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 13, y: 0))) == .up)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 8, y: 0))) == nil, "the number is not a button")
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 0, y: 1))) == .up, "Add to Cart adds one")
  }

  @Test func aStepperLeftAlignedStartsAtItsEdgeAndACutOneHasNoButtons() {
    var frame = Self.frame(20, 2, of: Tap.self)
    frame.render(Stepper(count: 12, compact: true, style: Self.theme.action, alignment: .leading, decrement: Tap.down, increment: .up), in: frame.bounds.row(0))
    frame.render(Stepper(count: 3, style: Self.theme.action, alignment: .leading, decrement: Tap.down, increment: .up), in: Rect(x: 0, y: 1, width: 6, height: 1))
    #expect(frame.textRows == ["[-]12 [+]", "[-]  …"])
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 7, y: 0))) == .up)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 0, y: 1))) == nil, "no target on a control cut short")
  }

  /// Ten rows in a list three high: the selection moves within the rows on screen before the
  /// list scrolls, and each row's click target is where the row is drawn.
  @Test func aScrollingListKeepsItsOffsetAndScrollsOnlyToShowTheSelection() {
    func draw(selected: Int, viewport: inout ListState) -> Frame<Int> {
      var frame = Self.frame(6, 3, of: Int.self)
      let list = ScrollingList<Int>(count: 10, selected: selected, selectionStyle: Self.theme.selection) { index, row, _, frame in
        frame.draw("row \(index)", at: row.origin)
        frame.onPress(row, index)
        return nil
      }
      frame.render(list, in: frame.bounds, state: &viewport)
      return frame
    }
    var viewport = ListState()
    #expect(draw(selected: 0, viewport: &viewport).textRows == ["row 0", "row 1", "row 2"])
    #expect(draw(selected: 4, viewport: &viewport).textRows == ["row 2", "row 3", "row 4"])
    #expect(viewport.offset == 2)
    // Back up one: the selection moves on screen, the list stays.
    let frame = draw(selected: 3, viewport: &viewport)
    #expect(frame.textRows == ["row 2", "row 3", "row 4"])
    #expect(frame[0, 1].style == Self.theme.selection && frame[0, 0].style == .plain)
    #expect(frame.command(for: MouseEvent(.press, at: Point(x: 1, y: 2))) == 4)
    // Past the end, and a list shorter than its area.
    viewport.offset = 50
    #expect(draw(selected: 9, viewport: &viewport).textRows == ["row 7", "row 8", "row 9"])
    var short = ListState(offset: 3, visibleRows: 3)
    short.show(nil, count: 2)
    #expect(short.offset == 0 && short.visibleRange(count: 2) == 0..<2)
    // No room: nothing drawn, and the offset back at the start.
    var none = ListState(offset: 4)
    var empty = Self.frame(6, 3, of: Int.self)
    empty.render(ScrollingList<Int>(count: 10, selected: 5, selectionStyle: Self.theme.selection) { _, row, _, frame in
      frame.draw("x", at: row.origin)
      return nil
    }, in: Rect(x: 0, y: 0, width: 6, height: 0), state: &none)
    #expect(empty.textRows == ["", "", ""] && none.offset == 0)
  }
}

/// A picture's symbols go in one cell each, and nothing that is not a one-column printable
/// character gets in that way.
struct DrawSymbolTests {
  @Test func aSymbolTakesItsCellAndNothingElseGetsIn() {
    var canvas = Canvas(size: Size(width: 6, height: 1))
    let style = Style(foreground: .rgb(red: 1, green: 2, blue: 3))
    for (x, character) in ["▛", "a", "\u{1B}", "界", "\u{202E}", "e\u{301}"].enumerated() {
      canvas.drawSymbol(Character(character), at: Point(x: x, y: 0), style: style)
    }
    #expect((0..<6).map { canvas[$0, 0].text } == ["▛", "a", " ", " ", " ", " "])
    #expect(canvas[0, 0].style == style && canvas[2, 0].width == 1)
    canvas.drawSymbol("x", at: Point(x: 6, y: 0), style: style)
    canvas.drawSymbol("x", at: Point(x: -1, y: 0), style: style)
    #expect(canvas.plainText.hasPrefix("▛a"), "outside the canvas, nothing is drawn")
  }
}
