import Composable
import Foundation
import Testing

/// `@Shared` and `@SharedReader`: one value several features hold, in memory or in a file, and
/// asserted in a test store like any state.
@MainActor
struct SharedTests {
  @Test func twoDeclarationsOfOneKeyAreOneValue() {
    withDependencies {
      $0.sharedRoots = SharedRoots()
    } operation: {
      let first = SharedCounter.State()
      let second = SharedCounter.State()
      first.$count.withLock { $0 = 7 }
      #expect(second.count == 7)
      @SharedReader(.inMemory("count")) var reader = 0
      #expect(reader == 7)
      @Shared(.inMemory("other")) var other = 1
      #expect(other == 1)
    }
  }

  @Test func aReducersSharedChangeIsAssertedInTheClosure() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 += 1 }  // from the value last asserted, 1
    }
    #expect(store.state.count == 2)
  }

  @Test func anUnassertedSharedChangeFails() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementTapped)
    } matching: { issue in
      issue.description.contains("A shared value does not match expectation")
        && issue.description.contains("1")
    }
  }

  @Test func aWrongSharedAssertionFailsWithTheDifference() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementTapped) {
        $0.$count.withLock { $0 = 5 }
      }
    } matching: { issue in
      issue.description.contains("− 5") && issue.description.contains("+ 1")
    }
  }

  @Test func assertingASharedChangeThatDidNotHappenFails() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.tapOnly) {
        $0.taps = 1
        $0.$count.withLock { $0 = 3 }
      }
    } matching: { issue in
      issue.description.contains("A shared value does not match expectation")
    }
  }

  @Test func anEffectsSharedChangeIsAssertedWhereItsActionIsReceived() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLaterTapped)
    await store.receive(.tapOnly) {
      $0.taps = 1
      $0.$count.withLock { $0 = 10 }
    }
  }

  @Test func aSharedChangeLeftUnassertedAtTheEndIsReported() async {
    await withKnownIssue { @MainActor in
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementTapped) {
        $0.$count.withLock { $0 = 1 }
      }
      store.state.$count.withLock { $0 = 2 }  // as an effect might, after the last assertion
    } matching: { issue in
      issue.description.contains("the test did not assert it")
    }
  }

  @Test func aNonExhaustiveTestAssertsOnlyWhatItSays() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementTapped)
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 += 1 }
    }
    #expect(store.state.count == 2)
  }

  @Test func aSharedValueMadeBeforeTheStoreIsTrackedToo() async {
    await withKnownIssue { @MainActor in
      var state = SharedCounter.State()
      state.$count = Shared(value: 0)
      let store = TestStore(initialState: state) { SharedCounter() }
      await store.send(.incrementTapped)
    } matching: { issue in
      issue.description.contains("A shared value does not match expectation")
    }
  }

  @Test func aTestsOwnDeclarationIsTheValueItsStoreUses() async {
    @Shared(.inMemory("count")) var count = 41
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTapped) {
      $0.$count.withLock { $0 = 42 }
    }
    #expect(count == 42)
  }

  @Test func anotherTestsValuesAreNotSeen() {
    // `aTestsOwnDeclarationIsTheValueItsStoreUses` and the others change "count"; each test
    // starts from the declaration's default.
    @Shared(.inMemory("count")) var count = -1
    #expect(count == -1)
  }

  @Test func aKeyMayCarryItsDefault() {
    @Shared(.visits) var visits
    #expect(visits == [])
    $visits.withLock { $0.append("home") }
    @SharedReader(.visits) var reader
    #expect(reader == ["home"])
  }

  @Test func anOptionalElementIsSharedWhileItIsThere() throws {
    let rows = Shared(value: IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 1, title: "a")]))
    #expect(Shared(rows[id: 2]) == nil)
    let row = try #require(Shared(rows[id: 1]))
    row.withLock { $0.title = "b" }
    #expect(rows.wrappedValue[id: 1]?.title == "b")
    rows.withLock { $0.removeAll() }
    #expect(row.wrappedValue.title == "b")  // the last value seen
    row.withLock { $0.title = "c" }  // goes nowhere
    #expect(rows.wrappedValue.isEmpty)
  }

  @Test func aPartOfASharedValueIsSharedWithIt() {
    let preferences = Shared(value: Preferences())
    let theme = preferences.theme
    theme.withLock { $0 = "light" }
    #expect(preferences.wrappedValue.theme == "light")
    let reader = SharedReader(preferences)
    #expect(reader.language.wrappedValue == "en")
    preferences.withLock { $0.language = "ko" }
    #expect(reader.wrappedValue.language == "ko")
  }

  @Test func changesYieldsEachNewValue() async {
    let count = Shared(value: 0)
    var changes = count.changes.makeAsyncIterator()
    count.withLock { $0 = 1 }
    #expect(await changes.next() == 1)
    count.withLock { $0 = 1 }  // no change: nothing to tell
    count.withLock { $0 = 2 }
    #expect(await changes.next() == 2)
  }
}

/// `.fileStorage`: a value in a JSON file, here on files in memory.
@MainActor
struct FileStorageTests {
  let files = InMemoryFiles()

  func withFiles<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0.sharedRoots = SharedRoots()
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      try body()
    }
  }

  @Test func aMissingFileIsTheDefaultAndAChangeIsSavedAsSortedJSON() throws {
    try withFiles {
      @Shared(.fileStorage(.preferences)) var preferences = Preferences()
      #expect(preferences == Preferences())
      #expect(files.contents(of: .preferences) == nil)
      $preferences.withLock { $0.theme = "light" }
      let saved = try #require(files.contents(of: .preferences))
      #expect(String(decoding: saved, as: UTF8.self) == "{\n  \"language\" : \"en\",\n  \"theme\" : \"light\"\n}")
    }
  }

  @Test func aStoredValueIsLoaded() {
    files.writeFromOutside(Data(#"{"theme":"light","language":"ko"}"#.utf8), to: .preferences)
    withFiles {
      @Shared(.fileStorage(.preferences)) var preferences = Preferences()
      #expect(preferences == Preferences(theme: "light", language: "ko"))
      #expect($preferences.loadError == nil)
    }
  }

  @Test func aCorruptFileIsAnErrorNotACrashAndIsKeptBeforeBeingReplaced() throws {
    let corrupt = Data("{ not json".utf8)
    files.writeFromOutside(corrupt, to: .preferences)
    try withFiles {
      @Shared(.fileStorage(.preferences)) var preferences = Preferences()
      #expect(preferences == Preferences())
      let error = try #require($preferences.loadError as? FileStorageError)
      guard case .unreadable = error else {
        Issue.record("expected an unreadable file, got \(error)")
        return
      }
      $preferences.withLock { $0.language = "ko" }
      #expect(files.contents(of: URL.preferences.appendingPathExtension("unreadable")) == corrupt)
      #expect(files.contents(of: .preferences) != nil)
    }
  }

  @Test func aFileLargerThanTheBoundIsRefused() throws {
    files.writeFromOutside(Data(count: FileStorage.maximumFileSize + 1), to: .preferences)
    try withFiles {
      @Shared(.fileStorage(.preferences)) var preferences = Preferences()
      let error = try #require($preferences.loadError as? FileStorageError)
      #expect(error == .tooLarge(url: .preferences, size: FileStorage.maximumFileSize + 1))
      #expect(preferences == Preferences())
    }
  }

  @Test func anotherProgramsWriteIsSeenAndOurOwnIsNotReadBack() async {
    let preferences = withFiles { Shared(wrappedValue: Preferences(), .fileStorage(.preferences)) }
    var changes = preferences.changes.makeAsyncIterator()
    files.writeFromOutside(Data(#"{"theme":"light","language":"en"}"#.utf8), to: .preferences)
    #expect(preferences.wrappedValue.theme == "light")
    #expect(await changes.next()?.theme == "light")
    files.writeFromOutside(Data("garbage".utf8), to: .preferences)
    #expect(preferences.loadError != nil)
    #expect(preferences.wrappedValue.theme == "light")  // what was read last stays
  }

  @Test func twoStoresOfOneFileSeeEachOthersChanges() {
    withFiles {
      let shop = Store(initialState: PreferencesHolder.State()) { PreferencesHolder() }
      let backOffice = Store(initialState: PreferencesHolder.State()) { PreferencesHolder() }
      shop.send(.themeChosen("light"))
      #expect(backOffice.preferences.theme == "light")
    }
  }

  @Test func theRealFileSystemSavesAtomicallyAndKeepsAnUnreadableFile() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-file-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("preferences.json")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("[1, 2".utf8).write(to: url)
    try withDependencies {
      $0.sharedRoots = SharedRoots()
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(.fileStorage(url)) var preferences = Preferences()
      #expect($preferences.loadError != nil)
      $preferences.withLock { $0.theme = "light" }
      #expect(try Data(contentsOf: url.appendingPathExtension("unreadable")) == Data("[1, 2".utf8))
      let saved = try JSONDecoder().decode(Preferences.self, from: Data(contentsOf: url))
      #expect(saved.theme == "light")
      // Readable by its owner only, and nothing left beside it.
      let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
      #expect(mode?.intValue == 0o600)
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(left == ["preferences.json", "preferences.json.unreadable"])
    }
  }
}

/// A feature holding the shopper's preferences from their file.
@Reducer
struct PreferencesHolder {
  @ObservableState
  struct State: Equatable {
    @Shared(.fileStorage(.preferences)) var preferences = Preferences()
  }

  enum Action: Equatable {
    case themeChosen(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .themeChosen(theme):
        state.$preferences.withLock { $0.theme = theme }
        return .none
      }
    }
  }
}

/// A row of a shared list.
struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  /// Pages visited, with no default at the declaration.
  static var visits: Self { Self[.inMemory("visits"), default: []] }
}

@MainActor
struct SharedReentrancyTests {
  @Test func aChangeMayReadTheValueItChanges() throws {
    let rows = Shared(value: IdentifiedArrayOf<Row>(uniqueElements: [Row(id: 1, title: "a"), Row(id: 2, title: "b")]))
    let first = try #require(Shared(rows[id: 1]))
    // Reads `rows` (through `first`) while `rows` is being changed: the change sees the value
    // from before it.
    rows.withLock { _ = $0.remove(id: first.wrappedValue.id) }
    #expect(rows.wrappedValue.ids == [2])
  }
}
