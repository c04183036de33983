/// One choice among options, and the search a person types to find it: the value a choice
/// field of a ``Form`` draws and a reducer keeps. Pure, like ``TextFieldState``.
///
/// Typing narrows the options to those that match (case and accents ignored; options that start
/// with the search first, then those that contain it — each option by its name and any other
/// names it is given), ↑/↓ move among the matches, and Enter chooses the highlighted one — how a
/// person finds "South Korea" among 249 countries by typing "kor", "Republic of Korea" or "대한민국".
public struct ChoiceState: Hashable, Sendable {
  public let options: [String]
  /// Each option's name and other names it is found by, folded for searching once (not on every
  /// key): "Republic of Korea" and "대한민국" find "South Korea".
  private let searchable: [[String]]
  /// The index in ``options`` of what is chosen, if anything is.
  public private(set) var selected: Int?
  /// What has been typed to find an option.
  public private(set) var search: TextFieldState
  /// Which of ``matches`` is highlighted.
  public private(set) var highlighted: Int
  /// Whether the person moved the highlight since the last choice: Enter then chooses it, even
  /// with nothing typed.
  public private(set) var highlightMoved = false

  /// The most options a choice holds: a bound on the work of every search.
  public static let maximumOptions = 5_000

  /// A choice among `options`, each also found by its `aliases` (the same order as `options`;
  /// shorter means none for the rest).
  public init(options: [String], aliases: [[String]] = [], selected: Int? = nil) {
    let kept = options.prefix(Self.maximumOptions).map { SafeText.sanitize($0) }
    self.options = kept
    searchable = kept.indices.map { index in
      [Self.folded(kept[index])] + (index < aliases.count ? aliases[index].prefix(16).map { Self.folded(String($0.prefix(100))) } : [])
    }
    self.selected = selected.flatMap { kept.indices.contains($0) ? $0 : nil }
    search = TextFieldState(limit: 60)
    highlighted = 0
  }

  /// The chosen option's text, or `nil`.
  public var value: String? {
    selected.map { options[$0] }
  }

  /// Chooses the option with this text, if there is one.
  public mutating func select(_ option: String) {
    if let index = options.firstIndex(of: option) { selected = index }
  }

  /// The options that match the search, as indices into ``options``, best first; every option
  /// when nothing is typed.
  public var matches: [Int] {
    let needle = Self.folded(search.text)
    guard !needle.isEmpty else { return Array(options.indices) }
    var starting: [Int] = []
    var containing: [Int] = []
    for (index, names) in searchable.enumerated() {
      if names.contains(where: { $0.hasPrefix(needle) }) { starting.append(index) }
      else if names.contains(where: { $0.contains(needle) }) { containing.append(index) }
    }
    return starting + containing
  }

  public enum Edit: Hashable, Sendable {
    /// A change to the search (typing, deleting, pasting).
    case search(TextFieldState.Edit)
    case highlightPrevious
    case highlightNext
    /// Chooses the highlighted match and clears the search.
    case chooseHighlighted
    /// Forgets the search.
    case clearSearch
  }

  public mutating func apply(_ edit: Edit) {
    switch edit {
    case let .search(change):
      search.apply(change)
      highlighted = 0
    case .highlightPrevious:
      highlighted = Swift.max(0, highlighted - 1)
      highlightMoved = true
    case .highlightNext:
      highlighted = Swift.min(Swift.max(0, matches.count - 1), highlighted + 1)
      highlightMoved = true
    case .chooseHighlighted:
      let found = matches
      if found.indices.contains(highlighted) { selected = found[highlighted] }
      search = TextFieldState(limit: search.limit)
      // The list, now of every option again, shows the choice highlighted (not the first option).
      highlighted = selected ?? 0
      highlightMoved = false
    case .clearSearch:
      search = TextFieldState(limit: search.limit)
      highlighted = selected ?? 0
      highlightMoved = false
    }
  }

  /// The edit a key asks for while the choice has focus, or `nil` for keys it leaves to the form.
  public func edit(for key: Key) -> Edit? {
    switch key {
    case .up: .highlightPrevious
    case .down: .highlightNext
    case .enter where !search.text.isEmpty || selected == nil || highlightMoved: .chooseHighlighted
    case .escape where !search.text.isEmpty: .clearSearch
    default: TextFieldState.edit(for: key).map(Edit.search)
    }
  }

  /// Lowercased, Latin letters without their accents: "Côte d’Ivoire" is found by "cote",
  /// "Åland" by "aland". (Without Foundation, so the kit stays light: the Latin-1 and Latin
  /// Extended-A letters, which is where the names people search for carry accents.)
  static func folded(_ text: String) -> String {
    var folded = ""
    folded.reserveCapacity(text.utf8.count)
    for scalar in text.lowercased().unicodeScalars {
      if let plain = AccentFolding.plain[scalar] { folded.unicodeScalars.append(plain) }
      else if scalar.properties.canonicalCombiningClass.rawValue == 0 { folded.unicodeScalars.append(scalar) }
    }
    return folded
  }
}
