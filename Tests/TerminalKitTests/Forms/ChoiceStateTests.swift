import TerminalKit
import Testing

/// `ChoiceState`: finding an option by typing, among many, as a person spells it.
struct ChoiceStateTests {
  static let countries = ["Canada", "Côte d’Ivoire", "Democratic People’s Republic of Korea", "Japan", "Korea, Republic of", "Åland Islands", "South Africa"]

  private func typed(_ text: String, into choice: ChoiceState = ChoiceState(options: countries)) -> ChoiceState {
    var choice = choice
    for character in text { choice.apply(.search(.insert(String(character)))) }
    return choice
  }

  @Test func optionsThatStartWithTheSearchComeFirstThenThoseThatContainIt() {
    let choice = typed("kor")
    #expect(choice.matches.map { choice.options[$0] } == ["Korea, Republic of", "Democratic People’s Republic of Korea"])
  }

  @Test func caseAndAccentsAreIgnored() {
    #expect(typed("COTE").matches.map { typed("COTE").options[$0] } == ["Côte d’Ivoire"])
    #expect(typed("aland").matches.count == 1)
  }

  @Test func enterChoosesTheHighlightedMatchAndClearsTheSearch() {
    var choice = typed("a")
    let matches = choice.matches
    choice.apply(.highlightNext)
    choice.apply(.highlightNext)
    choice.apply(.chooseHighlighted)
    #expect(choice.selected == matches[2])
    #expect(choice.search.text.isEmpty)
    #expect(choice.matches.count == Self.countries.count, "every option again")
  }

  /// Other names find an option as its own does: an official name, a name in its own script.
  @Test func anOptionIsFoundByItsOtherNamesToo() {
    let options = ["North Korea", "South Korea", "Spain"]
    let aliases = [["DPRK", "북한"], ["Korea", "Republic of Korea", "대한민국"], ["España"]]
    let choice = ChoiceState(options: options, aliases: aliases)
    func found(_ text: String) -> [String] {
      let typed = self.typed(text, into: choice)
      return typed.matches.map { typed.options[$0] }
    }
    #expect(found("kor") == ["South Korea", "North Korea"], "an other name that starts with the search comes first")
    #expect(found("republic of korea") == ["South Korea"])
    #expect(found("대한민국") == ["South Korea"])
    #expect(found("espana") == ["Spain"], "accents folded in other names too")
    #expect(found("dprk") == ["North Korea"])
  }

  /// "kor" and Enter chooses the first match; the list then shows every option again with the
  /// choice highlighted, not the first option.
  @Test func afterAChoiceTheHighlightIsOnTheChoice() {
    var choice = typed("kor", into: ChoiceState(options: ["North Korea", "South Korea"], aliases: [[], ["Korea"]]))
    #expect(choice.edit(for: .enter) == .chooseHighlighted)
    choice.apply(.chooseHighlighted)
    #expect(choice.selected == 1)
    #expect(choice.highlighted == 1, "the highlight is on South Korea")
    #expect(choice.edit(for: .enter) == nil, "a second Enter is the form's: it moves on")
    choice = typed("x", into: choice)
    choice.apply(.clearSearch)
    #expect(choice.highlighted == 1, "Esc on a search goes back to the choice")
  }

  @Test func theHighlightStaysAmongTheMatches() {
    var choice = typed("japan")
    choice.apply(.highlightNext)
    choice.apply(.highlightNext)
    #expect(choice.highlighted == 0, "one match: nowhere to go")
    choice.apply(.highlightPrevious)
    #expect(choice.highlighted == 0)
    var none = typed("zzz")
    none.apply(.highlightNext)
    none.apply(.chooseHighlighted)
    #expect(none.selected == nil, "nothing matches: nothing is chosen")
  }

  @Test func keysTheChoiceLeavesGoToTheForm() {
    let chosen = ChoiceState(options: Self.countries, selected: 0)
    #expect(chosen.edit(for: .enter) == nil, "Enter with nothing typed moves on")
    #expect(chosen.edit(for: .escape) == nil)
    #expect(chosen.edit(for: .tab) == nil)
    #expect(typed("k", into: chosen).edit(for: .enter) == .chooseHighlighted)
    #expect(typed("k", into: chosen).edit(for: .escape) == .clearSearch)
    #expect(chosen.edit(for: .down) == .highlightNext)
  }

  @Test func hostileTextNeverGetsIn() {
    var choice = ChoiceState(options: ["plain", "\u{1B}[2Jred\u{7}"])
    #expect(choice.options[1] == "red", "options are sanitized: \(choice.options[1].debugDescription)")
    choice.apply(.search(.paste("\u{1B}]52;c;aGk=\u{7}pla\nin")))
    #expect(choice.search.text == "pla in")
    let huge = ChoiceState(options: (0..<20_000).map(String.init))
    #expect(huge.options.count == ChoiceState.maximumOptions, "a bound on the work of every search")
  }
}
