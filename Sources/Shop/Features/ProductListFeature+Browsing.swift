import Boundaries

/// Browsing the product list: the search line, the category and sort pickers, and the detail
/// sheet.
///
/// Rules it keeps:
/// - the list shows the products that match every word of the search (in title, category or
///   description, ignoring case and accents) and the chosen category, in the chosen order;
/// - the list follows the search as it is typed; Enter keeps the search, Esc clears it,
///   Backspace on an empty search line closes it;
/// - the selection stays on the same product while it is shown, else goes to the first row;
/// - the category picker offers the store's own categories (asked for the first time it opens)
///   or, if the store has no list, the categories of its products.
extension ProductListFeature {
  func reduce(into state: inout State, browsingAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .searchOpened:
      guard state.canBrowse else { return .none }
      state.searchField = SearchField(text: state.browsing.query)
      return .none

    case let .searchEdited(edit):
      guard var field = state.searchField else { return .none }
      if edit == .deleteBackward, field.text.isEmpty {
        // Backspace on an empty line closes it, as in less and vim.
        state.searchField = nil
        return .none
      }
      field.apply(edit)
      state.searchField = field
      if field.text != state.browsing.query {
        state.browsing.query = field.text
        showBrowsedProducts(&state)
      }
      return .none

    case .searchCommitted:
      state.searchField = nil
      return .none

    case .searchCancelled:
      state.searchField = nil
      clearSearch(&state)
      return .none

    case .searchCleared:
      clearSearch(&state)
      return .none

    case .categoryPickerOpened:
      guard state.canBrowse else { return .none }
      state.picker = PickerFeature.State(options: categoryOptions(state), current: .category(state.browsing.category))
      guard state.categoryListing == .notRequested else { return .none }
      state.categoryListing = .requested
      return .run { send in
        await send(._internal(.categoriesResponse(await Result { try await apiClient.fetchCategories() })))
      }
      .cancellable(id: CancelID.categories, cancelInFlight: true)

    case .sortPickerOpened:
      guard state.canBrowse else { return .none }
      state.picker = PickerFeature.State(options: ProductSort.allCases.map(BrowsingChoice.sort), current: .sort(state.browsing.sort))
      return .none

    case .detailsOpened:
      guard let id = state.selectedID else { return .none }
      state.details = ProductDetailsFeature.State(productID: id)
      return .none

    case let .productTapped(id):
      guard let index = state.shownIDs.firstIndex(of: id) else { return .none }
      if state.selectedID == id {
        state.details = ProductDetailsFeature.State(productID: id)
      } else {
        select(index: index, in: &state)
      }
      return .none

    default:
      return .none
    }
  }

  func reduce(into state: inout State, browsingAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .categoriesResponse(.success(categories)):
      state.categoryListing = categories.isEmpty ? .unavailable : .received(categories)
      refreshCategoryPicker(&state)
      return .none

    case .categoriesResponse(.failure):
      // Not every compatible store has the list; the products' own categories stand in.
      state.categoryListing = .unavailable
      return .none

    case let .picker(.presented(.delegate(.chose(choice)))):
      state.picker = nil
      switch choice {
      case let .category(category):
        state.browsing.category = category
      case let .sort(sort):
        state.browsing.sort = sort
        state.index = state.index.sorted(sort, products: state.products.map(\.product))
      }
      showBrowsedProducts(&state)
      return .none

    case .picker(.presented(.delegate(.cancelled))):
      state.picker = nil
      return .none

    case .details(.presented(.delegate(.closeRequested))):
      state.details = nil
      return .none

    default:
      return .none
    }
  }

  /// Shows the products that match ``State/browsing``, in its order, keeping the selection on
  /// the same product when it is still shown.
  func showBrowsedProducts(_ state: inout State) {
    var positions = state.index.sortedPositions
    if let category = state.browsing.category {
      positions = positions.filter { state.products[$0].product.category == category }
    }
    for word in state.browsing.query.split(whereSeparator: \.isWhitespace) {
      positions = state.index.search.positions(among: positions, containing: SearchIndex.fold(String(word)))
    }
    state.shownIDs = positions.map { state.products[$0].id }
    select(index: state.selectedIndex ?? 0, in: &state)
  }

  private func clearSearch(_ state: inout State) {
    guard !state.browsing.query.isEmpty else { return }
    state.browsing.query = ""
    showBrowsedProducts(&state)
  }

  /// "All", then the store's categories or, without a list from the store, its products'.
  private func categoryOptions(_ state: State) -> [BrowsingChoice] {
    let categories: [String]
    if case let .received(list) = state.categoryListing {
      categories = list
    } else {
      categories = Set(state.products.lazy.map(\.product.category)).filter { !$0.isEmpty }.sorted()
    }
    return [.category(nil)] + categories.map(BrowsingChoice.category)
  }

  /// The store's own list arrived while the category picker is open: it shows that list.
  private func refreshCategoryPicker(_ state: inout State) {
    guard var picker = state.picker, case .category? = picker.options.first else { return }
    picker.replaceOptions(categoryOptions(state))
    state.picker = picker
  }
}

extension ProductListFeature.State {
  /// Whether the list can be searched, narrowed to a category and sorted: only once the
  /// products are in, and only if there are some. The key map, the search line and the reducer
  /// all ask this.
  public var canBrowse: Bool { status == .loaded && !products.isEmpty }
}
