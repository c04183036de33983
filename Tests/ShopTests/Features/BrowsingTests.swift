import TerminalKit
import Boundaries
import Foundation
import Shop
import Testing

/// Search, category, sort and details on the product list (`ProductListFeature+Browsing`).
@MainActor
struct BrowsingTests {
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

  /// The list as it is once the products and the saved cart are in: everything shown.
  static func loaded(selecting id: Product.ID = mug.id) -> ProductListFeature.State {
    var state = ProductListFeature.State()
    state.status = .loaded
    state.restoration = .done
    state.products = IdentifiedArray(uniqueElements: products.map { ProductFeature.State(product: $0) })
    state.index = BrowsingIndex(products, sort: .storeOrder)
    state.shownIDs = products.map(\.id)
    state.selectedID = id
    return state
  }

  func makeStore(
    _ state: ProductListFeature.State = loaded(),
    categories: @escaping @Sendable () async throws -> [String] = { ["outdoor", "kitchen", "stationery", "toys"] }
  ) -> TestStoreOf<ProductListFeature> {
    TestStore(initialState: state) {
      ProductListFeature()
    } withDependencies: {
      $0.apiClient.fetchCategories = categories
    }
  }

  func type(_ text: String, into store: TestStoreOf<ProductListFeature>, shown: [[Product.ID]]) async {
    for (character, ids) in zip(text, shown) {
      await store.send(.view(.searchEdited(.insert(String(character))))) {
        $0.searchField?.apply(.insert(String(character)))
        $0.browsing.query.append(character)
        $0.shownIDs = ids
        if !ids.contains($0.selectedID ?? -1) {
          $0.selectedID = ids.first
          $0.scrollOffset = 0
        }
      }
    }
  }

  /// Search, category and sort wait for the products: a search line opened while they load
  /// would search nothing, and one opened on an empty store would never find anything.
  @Test func nothingIsBrowsedBeforeTheProductsAreIn() async {
    var loading = Self.loaded()
    loading.status = .loading
    let store = makeStore(loading)
    await store.send(.view(.searchOpened))
    await store.send(.view(.categoryPickerOpened))
    await store.send(.view(.sortPickerOpened))
    var empty = Self.loaded()
    empty.products = []
    let emptyStore = makeStore(empty)
    await emptyStore.send(.view(.searchOpened))
    await emptyStore.send(.view(.sortPickerOpened))
  }

  @Test func theListFollowsTheSearchAsItIsTypedAndKeepsTheSelection() async {
    let store = makeStore(Self.loaded(selecting: Self.headlamp.id))
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    // "u": the clay mug, USB-C, mulberry, titanium. "us": only USB-C.
    await type("us", into: store, shown: [[1, 2, 3, 5], [2]])
    await store.send(.view(.searchEdited(.deleteBackward))) {
      $0.searchField = SearchField(text: "u")
      $0.browsing.query = "u"
      $0.shownIDs = [1, 2, 3, 5]
    }
    await store.send(.view(.searchCommitted)) { $0.searchField = nil }
    await store.send(.view(.searchCleared)) {
      $0.browsing.query = ""
      $0.shownIDs = [1, 2, 3, 4, 5]
    }
  }

  @Test func theSelectionMovesToTheFirstMatchWhenItsProductIsNoLongerShown() async {
    let store = makeStore(Self.loaded(selecting: Self.notebook.id))
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    // "s": lumens, stationery, set, spork. "sp": the spork.
    await type("sp", into: store, shown: [[2, 3, 4, 5], [5]])
    #expect(store.state.selectedID == Self.spork.id)
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
      $0.browsing.query = query
      $0.shownIDs = expected
      if !expected.contains(Self.mug.id) { $0.selectedID = expected.first }
    }
  }

  @Test func escWhileTypingClearsTheSearchAndBackspaceOnAnEmptyLineClosesIt() async {
    let store = makeStore()
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    await store.send(.view(.searchEdited(.insert("zzz")))) {
      $0.searchField = SearchField(text: "zzz")
      $0.browsing.query = "zzz"
      $0.shownIDs = []
      $0.selectedID = nil
    }
    await store.send(.view(.searchCancelled)) {
      $0.searchField = nil
      $0.browsing.query = ""
      $0.shownIDs = [1, 2, 3, 4, 5]
      $0.selectedID = Self.mug.id
    }
    await store.send(.view(.searchOpened)) { $0.searchField = SearchField() }
    await store.send(.view(.searchEdited(.deleteBackward))) { $0.searchField = nil }
  }

  @Test func theSearchLineOpensWithTheSearchInForce() async {
    var state = Self.loaded()
    state.browsing.query = "mug"
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
        options: [
          .category(nil), .category("kitchen"),
          .category("outdoor"), .category("stationery"),
        ],
        current: .category(nil)
      )
    }
    await store.receive(\._internal.categoriesResponse.success) {
      $0.categoryListing = .received(["outdoor", "kitchen", "stationery", "toys"])
      $0.picker?.options = [
        .category(nil), .category("outdoor"), .category("kitchen"),
        .category("stationery"), .category("toys"),
      ]
    }
    await store.send(._internal(.picker(.presented(.view(.highlightMoved(.down)))))) { $0.picker?.highlighted = 1 }
    await store.send(._internal(.picker(.presented(.view(.chooseTapped)))))
    await store.receive(\._internal.picker.presented.delegate.chose) {
      $0.picker = nil
      $0.browsing.category = "outdoor"
      $0.shownIDs = [2, 5]
      $0.selectedID = Self.headlamp.id
    }
    // The list was asked for once; the picker now opens on the category in force.
    await store.send(.view(.categoryPickerOpened)) {
      $0.picker = PickerFeature.State(
        options: [
          .category(nil), .category("outdoor"), .category("kitchen"),
          .category("stationery"), .category("toys"),
        ],
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
        options: [
          .category(nil), .category("kitchen"),
          .category("outdoor"), .category("stationery"),
        ],
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
  func sortingKeepsTheSelectionOnTheSameProduct(sort: ProductSort, expected: [Int]) async {
    // Sorted by title to begin with: titles compare folded, by code point, so 抹 (U+62B9)
    // comes before 한 (U+D55C).
    var state = Self.loaded(selecting: Self.whisk.id)
    state.browsing.sort = .title
    state.index = BrowsingIndex(Self.products, sort: .title)
    state.shownIDs = [1, 2, 5, 4, 3]
    #expect(state.index.sortedPositions == [0, 1, 4, 3, 2])
    let store = makeStore(state)
    await store.send(.view(.sortPickerOpened)) {
      $0.picker = PickerFeature.State(
        options: ProductSort.allCases.map(BrowsingChoice.sort), current: .sort(.title)
      )
    }
    let index = ProductSort.allCases.firstIndex(of: sort)!
    await store.send(._internal(.picker(.presented(.view(.optionTapped(index)))))) { $0.picker?.highlighted = index }
    await store.receive(\._internal.picker.presented.delegate.chose) {
      $0.picker = nil
      $0.browsing.sort = sort
      $0.shownIDs = expected
      $0.scrollOffset = 0
    }
    #expect(store.state.selectedID == Self.whisk.id)
  }

  @Test func searchCategoryAndSortCombine() async {
    var state = Self.loaded(selecting: Self.spork.id)
    state.visibleRowCount = 1
    state.scrollOffset = 4
    let store = makeStore(state)
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
    #expect(store.state.browsing == ProductBrowsing(query: "17", category: "outdoor", sort: .priceHighToLow))
    #expect(store.state.shownIDs == [5])
    #expect(store.state.selectedID == Self.spork.id)
    #expect(store.state.scrollOffset == 0)
  }

  @Test func detailsOpenOnTheSelectedProductScrollAndClose() async {
    let store = makeStore(Self.loaded(selecting: Self.notebook.id))
    await store.send(.view(.detailsOpened)) { $0.details = ProductDetailsFeature.State(productID: Self.notebook.id) }
    await store.send(._internal(.details(.presented(.view(.scrollLimitChanged(5)))))) { $0.details?.scrollLimit = 5 }
    await store.send(._internal(.details(.presented(.view(.scrolled(by: 10)))))) { $0.details?.scrollOffset = 5 }
    await store.send(._internal(.details(.presented(.view(.scrolled(by: -1)))))) { $0.details?.scrollOffset = 4 }
    await store.send(._internal(.details(.presented(.view(.scrollLimitChanged(2)))))) {
      $0.details?.scrollLimit = 2
      $0.details?.scrollOffset = 2
    }
    await store.send(._internal(.details(.presented(.view(.closeTapped)))))
    await store.receive(\._internal.details.presented.delegate.closeRequested) { $0.details = nil }
  }

  @Test func aClickSelectsARowAndASecondClickOpensItsDetails() async {
    let store = makeStore()
    await store.send(.view(.productTapped(Self.whisk.id))) { $0.selectedID = Self.whisk.id }
    await store.send(.view(.productTapped(Self.whisk.id))) { $0.details = ProductDetailsFeature.State(productID: Self.whisk.id) }
    await store.send(.view(.productTapped(99)))
  }

  @Test func detailsCloseWhenTheStoreNoLongerListsTheProduct() async {
    var state = Self.loaded(selecting: Self.whisk.id)
    state.details = ProductDetailsFeature.State(productID: Self.whisk.id)
    let store = makeStore(state)
    let remaining = Self.products.filter { $0.id != Self.whisk.id }
    await store.send(._internal(.productsResponse(.success(ProductListing(products: remaining))))) {
      $0.products = IdentifiedArray(uniqueElements: remaining.map { ProductFeature.State(product: $0) })
      $0.details = nil
      $0.shownIDs = [1, 2, 3, 5]
      $0.selectedID = Self.mug.id
    }
  }
}
