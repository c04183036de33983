import TerminalKit
import Boundaries
import Foundation
import Shop
import Testing

/// Search, category and sort on their own (`BrowsingFeature`): which products are shown and in
/// what order. The selection over them is the product list's (`ProductListBrowsingTests`).
@MainActor
struct BrowsingFeatureTests {
  nonisolated static let mug = Product(
    id: 1, title: "Café de olla clay mug", price: Money(cents: 1690), description: "Hand-thrown in Oaxaca.",
    category: "kitchen", rating: .init(rate: 4.2, count: 80)
  )
  nonisolated static let headlamp = Product(
    id: 2, title: "Headlamp, 400 lumens", price: Money(cents: 3995), description: "Rechargeable over USB-C.",
    category: "outdoor", rating: .init(rate: 4.5, count: 120)
  )
  nonisolated static let notebook = Product(
    id: 3, title: "한지 노트 Hanji notebook", price: Money(cents: 2100), description: "Mulberry paper.",
    category: "stationery", rating: .init(rate: 4.8, count: 40)
  )
  nonisolated static let whisk = Product(
    id: 4, title: "抹茶 Matcha whisk set", price: Money(cents: 2840), description: "A bamboo chasen and scoop.",
    category: "kitchen", rating: .init(rate: 3.9, count: 12)
  )
  nonisolated static let spork = Product(
    id: 5, title: "Titanium spork", price: Money(cents: 999), description: "Weighs 17 g.",
    category: "outdoor", rating: .init(rate: 4.2, count: 300)
  )
  nonisolated static let products = [mug, headlamp, notebook, whisk, spork]

  /// Browsing once the store has listed `products`: everything shown, in the store's order.
  static func browsing(_ products: [Product] = products, sort: ProductSort = .storeOrder) -> BrowsingFeature.State {
    var state = BrowsingFeature.State(sort: sort)
    state.catalogChanged(products)
    return state
  }

  func makeStore(
    _ state: BrowsingFeature.State = browsing(),
    categories: @escaping @Sendable () async throws -> [String] = { ["outdoor", "kitchen", "stationery", "toys"] }
  ) -> TestStoreOf<BrowsingFeature> {
    TestStore(initialState: state) {
      BrowsingFeature()
    } withDependencies: {
      $0.apiClient.fetchCategories = categories
    }
  }

  func type(_ text: String, into store: TestStoreOf<BrowsingFeature>, shown: [[Product.ID]]) async {
    for (character, ids) in zip(text, shown) {
      await store.send(.view(.searchEdited(.insert(String(character))))) {
        $0.searchField?.apply(.insert(String(character)))
        $0.query.append(character)
        $0.shownIDs = ids
      }
    }
  }

  @Test func theStoresProductsAreShownInTheSortInForce() {
    #expect(Self.browsing().shownIDs == [1, 2, 3, 4, 5])
    // Titles compare folded, by code point, so 抹 (U+62B9) comes before 한 (U+D55C).
    #expect(Self.browsing(sort: .title).shownIDs == [1, 2, 5, 4, 3])
    #expect(BrowsingFeature.State().shownIDs.isEmpty)
  }

  /// Search, category and sort wait for the products: a search line opened while they load
  /// would search nothing, and one opened on an empty store would never find anything.
  @Test(arguments: [[Product](), nil])
  func nothingIsBrowsedBeforeTheStoreListsSomeProducts(catalog: [Product]?) async {
    var state = BrowsingFeature.State()
    if let catalog { state.catalogChanged(catalog) }
    let store = makeStore(state)
    await store.send(.view(.searchOpened))
    await store.send(.view(.categoryPickerOpened))
    await store.send(.view(.sortPickerOpened))
    #expect(!store.state.canBrowse)
  }

  @Test func theListFollowsTheSearchAsItIsTyped() async {
    let store = makeStore()
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    // "u": the clay mug, USB-C, mulberry, titanium. "us": only USB-C.
    await type("us", into: store, shown: [[1, 2, 3, 5], [2]])
    await store.send(.view(.searchEdited(.deleteBackward))) {
      $0.searchField = SearchField(text: "u")
      $0.query = "u"
      $0.shownIDs = [1, 2, 3, 5]
    }
    // Moving the cursor changes the line, not the search.
    await store.send(.view(.searchEdited(.moveLeft))) { $0.searchField?.apply(.moveLeft) }
    await store.send(.view(.searchCommitted)) { $0.searchField = nil }
    #expect(store.state.isFiltering)
    await store.send(.view(.searchCleared)) {
      $0.query = ""
      $0.shownIDs = [1, 2, 3, 4, 5]
    }
    #expect(!store.state.isFiltering)
  }

  @Test(arguments: [
    ("CAFÉ", [1]), ("cafe", [1]), ("노트", [3]), ("抹茶", [4]), ("MATCHA", [4]),
    ("kitchen bamboo", [4]), ("  spork  ", [5]), ("oaxaca", [1]), ("zzz", []),
  ])
  func searchIgnoresCaseAndAccentsInAnyScriptAndNeedsEveryWord(query: String, expected: [Int]) async {
    let store = makeStore()
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    await store.send(.view(.searchEdited(.insert(query)))) {
      $0.searchField = SearchField(text: query)
      $0.query = query
      $0.shownIDs = expected
    }
  }

  @Test func escWhileTypingClearsTheSearchAndBackspaceOnAnEmptyLineClosesIt() async {
    let store = makeStore()
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    await store.send(.view(.searchEdited(.insert("zzz")))) {
      $0.searchField = SearchField(text: "zzz")
      $0.query = "zzz"
      $0.shownIDs = []
    }
    await store.send(.view(.searchCancelled)) {
      $0.searchField = nil
      $0.query = ""
      $0.shownIDs = [1, 2, 3, 4, 5]
    }
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    await store.send(.view(.searchEdited(.deleteBackward))) { $0.searchField = nil }
    // Edits with no line open change nothing.
    await store.send(.view(.searchEdited(.insert("x"))))
  }

  @Test func theSearchLineOpensWithTheSearchInForce() async {
    var state = Self.browsing()
    state.query = "mug"
    state.shownIDs = [1]
    let store = makeStore(state)
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField(text: "mug") }
    #expect(store.state.searchField?.cursor == 3)
  }

  @Test func theCategoryPickerOffersTheStoresOwnListAndNarrowsTheList() async {
    let store = makeStore()
    await store.send(.view(.categoryPickerOpened)) {
      $0.categoryListing = .requested
      $0.picker = PickerFeature.State(
        options: [.category(nil), .category("kitchen"), .category("outdoor"), .category("stationery")],
        current: .category(nil)
      )
    }
    await store.receive(\._internal.categoriesResponse.success) {
      $0.categoryListing = .received(["outdoor", "kitchen", "stationery", "toys"])
      $0.picker?.options = [.category(nil), .category("outdoor"), .category("kitchen"), .category("stationery"), .category("toys")]
    }
    await store.send(._internal(.picker(.presented(.view(.highlightMoved(.down, visibleRows: 5)))))) { $0.picker?.highlighted = 1 }
    await store.send(._internal(.picker(.presented(.view(.chooseTapped)))))
    await store.receive(\._internal.picker.presented.delegate.chose) {
      $0.picker = nil
      $0.category = "outdoor"
      $0.shownIDs = [2, 5]
    }
    // The list was asked for once; the picker now opens on the category in force.
    await store.send(.view(.categoryPickerOpened)) {
      $0.picker = PickerFeature.State(
        options: [.category(nil), .category("outdoor"), .category("kitchen"), .category("stationery"), .category("toys")],
        current: .category("outdoor")
      )
    }
    #expect(store.state.picker?.highlighted == 1)
    await store.send(._internal(.picker(.presented(.view(.cancelTapped)))))
    await store.receive(\._internal.picker.presented.delegate.cancelled) { $0.picker = nil }
  }

  @Test func withoutTheStoresListTheProductsCategoriesStandIn() async {
    let store = makeStore(categories: { throw APIError.httpStatus(404) })
    await store.send(.view(.categoryPickerOpened)) {
      $0.categoryListing = .requested
      $0.picker = PickerFeature.State(
        options: [.category(nil), .category("kitchen"), .category("outdoor"), .category("stationery")],
        current: .category(nil)
      )
    }
    await store.receive(\._internal.categoriesResponse.failure) { $0.categoryListing = .unavailable }
  }

  @Test(arguments: [
    (ProductSort.priceLowToHigh, [5, 1, 3, 4, 2]),
    (.priceHighToLow, [2, 4, 3, 1, 5]),
    // 4.2 twice: the store's order between them.
    (.rating, [3, 2, 1, 5, 4]),
    (.storeOrder, [1, 2, 3, 4, 5]),
  ])
  func theSortPickerOrdersTheList(sort: ProductSort, expected: [Int]) async {
    let store = makeStore(Self.browsing(sort: .title))
    await store.send(.view(.sortPickerOpened)) {
      $0.picker = PickerFeature.State(options: ProductSort.allCases.map(BrowsingChoice.sort), current: .sort(.title))
    }
    let index = ProductSort.allCases.firstIndex(of: sort)!
    await store.send(._internal(.picker(.presented(.view(.optionTapped(index)))))) { $0.picker?.highlighted = index }
    await store.receive(\._internal.picker.presented.delegate.chose) {
      $0.picker = nil
      $0.sort = sort
      $0.shownIDs = expected
    }
  }

  @Test func searchCategoryAndSortCombine() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.view(.sortPickerOpened))
    await store.send(._internal(.picker(.presented(.view(.optionTapped(2))))))  // price high to low
    await store.receive(\._internal.picker.presented.delegate.chose)
    await store.send(.view(.categoryPickerOpened))
    await store.receive(\._internal.categoriesResponse.success)
    await store.send(._internal(.picker(.presented(.view(.optionTapped(1))))))  // outdoor
    await store.receive(\._internal.picker.presented.delegate.chose)
    #expect(store.state.shownIDs == [2, 5])
    await store.send(.view(.searchOpened))
    // Of the outdoor products, only the spork says "17" ("Weighs 17 g").
    await store.send(.view(.searchEdited(.insert("17"))))
    #expect((store.state.query, store.state.category, store.state.sort) == ("17", "outdoor", .priceHighToLow))
    #expect(store.state.shownIDs == [5])
  }

  /// The catalog handed over replaces the one before (the list hands one over each time the store
  /// lists its products: once in a session, or again after an empty listing): it is browsed as
  /// the customer asked, in the sort in force, and the index answers for the new list.
  @Test func aNewCatalogIsBrowsedAsTheCustomerAsked() {
    var state = Self.browsing(sort: .priceHighToLow)
    state.category = "outdoor"
    state.query = "ti"
    let cheaper = Product(
      id: 6, title: "Tent pegs", price: Money(cents: 500), description: "Titanium, six of them.", category: "outdoor", rating: .init(rate: 4, count: 1)
    )
    state.catalogChanged([Self.spork, cheaper, Self.mug, Self.headlamp])
    // Outdoor and saying "ti": the spork and the pegs (not the headlamp), dearest first.
    #expect(state.shownIDs == [5, 6])
    #expect(state.index.sortedPositions == [3, 2, 0, 1])
  }
}
