import TerminalKit
import Boundaries
import Foundation
import Shop
import Testing

/// The product list over what its browsing child shows: the selection stays on its product
/// while that is shown, the details open on it, a click selects (`ProductListFeature+Selection`).
/// What is shown, and in what order, is tested on the child (`BrowsingFeatureTests`).
@MainActor
struct ProductListBrowsingTests {
  typealias Samples = BrowsingFeatureTests
  nonisolated static let products = Samples.products

  /// The list as it is once the products and the saved cart are in: everything shown.
  static func loaded(selecting id: Product.ID = Samples.mug.id, sort: ProductSort = .storeOrder) -> ProductListFeature.State {
    var state = ProductListFeature.State()
    state.status = .loaded
    state.kept.restoration = .done
    state.products = IdentifiedArray(uniqueElements: products.map { ProductFeature.State(product: $0) })
    state.browsing = Samples.browsing(sort: sort)
    state.selectedID = id
    return state
  }

  func makeStore(_ state: ProductListFeature.State = loaded()) -> TestStoreOf<ProductListFeature> {
    TestStore(initialState: state) {
      ProductListFeature()
    } withDependencies: {
      $0.apiClient.fetchCategories = { ["outdoor", "kitchen", "stationery", "toys"] }
    }
  }

  /// Sends what the browsing keys send (through the browsing child's own store on screen).
  func browse(
    _ action: BrowsingFeature.Action.ViewAction, in store: TestStoreOf<ProductListFeature>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    assert: ((inout ProductListFeature.State) -> Void)? = nil
  ) async {
    await store.send(._internal(.browsing(.view(action))), assert: assert, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  @Test func theSelectionStaysOnItsProductWhileItIsShown() async {
    let store = makeStore(Self.loaded(selecting: Samples.headlamp.id))
    await browse(.searchOpened, in: store) { $0.browsing.searchField = SearchField() }
    // "u": the clay mug, USB-C, mulberry, titanium: the headlamp is still shown, now second.
    await browse(.searchEdited(.insert("u")), in: store) {
      $0.browsing.searchField = SearchField(text: "u")
      $0.browsing.query = "u"
      $0.browsing.shownIDs = [1, 2, 3, 5]
    }
    #expect(store.state.selectedIndex == 1)
    // "us": only USB-C.
    await browse(.searchEdited(.insert("s")), in: store) {
      $0.browsing.searchField = SearchField(text: "us")
      $0.browsing.query = "us"
      $0.browsing.shownIDs = [2]
    }
    #expect(store.state.selectedID == Samples.headlamp.id)
  }

  @Test func theSelectionMovesToTheFirstRowWhenItsProductIsNoLongerShownAndToNoneWhenNothingIs() async {
    let store = makeStore(Self.loaded(selecting: Samples.notebook.id))
    await browse(.searchOpened, in: store) { $0.browsing.searchField = SearchField() }
    // "sp": the spork.
    await browse(.searchEdited(.insert("sp")), in: store) {
      $0.browsing.searchField = SearchField(text: "sp")
      $0.browsing.query = "sp"
      $0.browsing.shownIDs = [5]
      $0.selectedID = Samples.spork.id
    }
    await browse(.searchEdited(.insert("zzz")), in: store) {
      $0.browsing.searchField = SearchField(text: "spzzz")
      $0.browsing.query = "spzzz"
      $0.browsing.shownIDs = []
      $0.selectedID = nil
    }
    await browse(.searchCancelled, in: store) {
      $0.browsing.searchField = nil
      $0.browsing.query = ""
      $0.browsing.shownIDs = [1, 2, 3, 4, 5]
      $0.selectedID = Samples.mug.id
    }
  }

  @Test func sortingKeepsTheSelectionOnTheSameProductAndScrollsToIt() async {
    var state = Self.loaded(selecting: Samples.whisk.id, sort: .title)
    state.scroll = ListScroll(offset: 2, visibleRows: 2)
    #expect(state.selectedIndex == 3)
    let store = makeStore(state)
    await browse(.sortPickerOpened, in: store) {
      $0.browsing.picker = PickerFeature.State(options: ProductSort.allCases.map(BrowsingChoice.sort), current: .sort(.title))
    }
    let priceHighToLow = ProductSort.allCases.firstIndex(of: .priceHighToLow)!
    await store.send(._internal(.browsing(._internal(.picker(.presented(.view(.optionTapped(priceHighToLow)))))))) {
      $0.browsing.picker?.highlighted = priceHighToLow
    }
    await store.receive(\._internal.browsing._internal.picker.presented.delegate.chose) {
      $0.browsing.picker = nil
      $0.browsing.sort = .priceHighToLow
      $0.browsing.shownIDs = [2, 4, 3, 1, 5]
      // The whisk is second now, above the offset kept: the screen scrolls back to show it as
      // it draws, and the next move starts from there (AppScreenScrollTests).
    }
    #expect(store.state.selectedID == Samples.whisk.id)
  }

  /// Only a change to the rows shown moves anything: the store's categories arriving, or a
  /// picker opened and left, leave the selection and the scroll where they were — even a
  /// selection scrolled out of sight, which keeping the selection would bring back.
  @Test func browsingThatShowsTheSameRowsMovesNothing() async {
    var state = Self.loaded(selecting: Samples.spork.id)
    state.scroll = ListScroll(offset: 0, visibleRows: 1)
    let store = makeStore(state)
    await browse(.categoryPickerOpened, in: store) {
      $0.browsing.categoryListing = .requested
      $0.browsing.picker = PickerFeature.State(
        options: [.category(nil), .category("kitchen"), .category("outdoor"), .category("stationery")], current: .category(nil)
      )
    }
    await store.receive(\._internal.browsing._internal.categoriesResponse.success) {
      $0.browsing.categoryListing = .received(["outdoor", "kitchen", "stationery", "toys"])
      $0.browsing.picker?.options = [.category(nil), .category("outdoor"), .category("kitchen"), .category("stationery"), .category("toys")]
    }
    await store.send(._internal(.browsing(._internal(.picker(.presented(.view(.cancelTapped)))))))
    await store.receive(\._internal.browsing._internal.picker.presented.delegate.cancelled) { $0.browsing.picker = nil }
  }

  @Test func detailsOpenOnTheSelectedProductScrollAndClose() async {
    let store = makeStore(Self.loaded(selecting: Samples.notebook.id))
    await store.send(.view(.detailsOpened)) { $0.details = ProductDetailsFeature.State(productID: Samples.notebook.id) }
    // Each scroll carries how far the text goes past its box at the screen's size.
    await store.send(._internal(.details(.presented(.view(.scrolled(by: 1, limit: 0))))))
    await store.send(._internal(.details(.presented(.view(.scrolled(by: 10, limit: 5)))))) { $0.details?.scrollOffset = 5 }
    await store.send(._internal(.details(.presented(.view(.scrolled(by: -1, limit: 5)))))) { $0.details?.scrollOffset = 4 }
    // A taller screen: drawn at its limit of 2, the text goes up one from there.
    await store.send(._internal(.details(.presented(.view(.scrolled(by: -1, limit: 2)))))) { $0.details?.scrollOffset = 1 }
    await store.send(._internal(.details(.presented(.view(.closeTapped)))))
    await store.receive(\._internal.details.presented.delegate.closeRequested) { $0.details = nil }
  }

  @Test func aClickSelectsARowAndASecondClickOpensItsDetails() async {
    let store = makeStore()
    await store.send(.view(.productTapped(Samples.whisk.id))) { $0.selectedID = Samples.whisk.id }
    await store.send(.view(.productTapped(Samples.whisk.id))) { $0.details = ProductDetailsFeature.State(productID: Samples.whisk.id) }
    await store.send(.view(.productTapped(99)))
  }

  @Test func detailsCloseWhenTheStoreNoLongerListsTheProduct() async {
    var state = Self.loaded(selecting: Samples.whisk.id)
    state.details = ProductDetailsFeature.State(productID: Samples.whisk.id)
    let store = makeStore(state)
    let remaining = Self.products.filter { $0.id != Samples.whisk.id }
    await store.send(._internal(.productsResponse(.success(ProductListing(products: remaining))))) {
      $0.products = IdentifiedArray(uniqueElements: remaining.map { ProductFeature.State(product: $0) })
      $0.details = nil
      $0.browsing.index = BrowsingIndex(remaining, sort: .storeOrder)
      $0.browsing.shownIDs = [1, 2, 3, 5]
      $0.selectedID = Samples.mug.id
    }
  }
}
