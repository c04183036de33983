import TerminalKit
import Boundaries

/// Which of the store's products the list shows, and in what order: the search line (`/`), the
/// category picker (`f`) and the sort picker (`s`).
///
/// Rules it keeps:
/// - the list shows the products that match every word of the search (in title, category or
///   description, ignoring case and accents) and the chosen category, in the chosen order;
/// - the list follows the search as it is typed; Enter keeps the search, Esc clears it,
///   Backspace on an empty search line closes it;
/// - nothing is browsed until the store has listed some products;
/// - the category picker offers the store's own categories (asked for the first time it opens)
///   or, if the store has no list, the categories of its products.
///
/// It knows the products only through the ``BrowsingIndex`` it makes of those its parent hands
/// it whenever the catalog changes (``State/catalogChanged(_:)``). The selection is the parent's:
/// the product list keeps it on the same product while that product is shown.
@Reducer
public struct BrowsingFeature: ComposedBoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The search as typed; matched case- and accent-insensitively (see ``SearchIndex``).
    public var query = ""
    /// The category shown, or `nil` for all of them.
    public var category: String?
    public var sort: ProductSort = .storeOrder
    /// The search line while it is being edited (`/`); `nil` otherwise.
    public var searchField: SearchField?
    /// The store's categories, once asked for.
    public var categoryListing: CategoryListing = .notRequested
    /// The products' folded text, ids, categories, prices and ratings, and their sorted order.
    public var index = BrowsingIndex()
    /// The products on the list now, in order: those that match the search and the category.
    public var shownIDs: [Product.ID] = []
    /// The category or sort picker.
    @Presents public var picker: PickerFeature.State?

    public init(query: String = "", category: String? = nil, sort: ProductSort = .storeOrder) {
      self.query = query
      self.category = category
      self.sort = sort
    }

    /// Whether the list can be searched, narrowed to a category and sorted: only once the
    /// store has listed some products. The key map, the search line and the reducer all ask this.
    public var canBrowse: Bool { !index.isEmpty }

    /// Whether some products may be left out.
    public var isFiltering: Bool { !query.isEmpty || category != nil }

    /// The store listed its products (again): they are indexed in the sort in force and the
    /// list shows those that match.
    public mutating func catalogChanged(_ products: [Product]) {
      index = BrowsingIndex(products, sort: sort)
      showMatches()
    }

    /// Shows the products that match the search and the category, in the sort's order.
    mutating func showMatches() {
      shownIDs = index.ids(matching: query, in: category)
    }
  }

  /// Where the category picker's list comes from.
  public enum CategoryListing: Hashable, Sendable {
    case notRequested
    case requested
    /// The store's own list (`GET /products/categories`).
    case received([String])
    /// The store has no list (or could not send it): the products' categories stand in.
    case unavailable
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// `/`: the search line opens with the search in force.
      case searchOpened
      case searchEdited(SearchField.Edit)
      /// Enter: the search stays, the list has the keys again.
      case searchCommitted
      /// Esc while typing: the search is cleared and the line closes.
      case searchCancelled
      /// Esc on the list: clears the search in force.
      case searchCleared
      case categoryPickerOpened
      case sortPickerOpened
    }

    public enum InternalAction: Hashable, Sendable {
      case categoriesResponse(Result<[String], APIError>)
      case picker(PresentationAction<PickerFeature.Action>)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  enum CancelID {
    case categories
  }

  @Dependency(\.apiClient) var apiClient

  public init() {}

  public var body: some ReducerOf<Self> {
    coreReducer
      .ifLet(\.$picker, action: \.picker) { PickerFeature() }
  }

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .searchOpened:
      guard state.canBrowse else { return .none }
      state.searchField = SearchField(text: state.query)
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
      if field.text != state.query {
        state.query = field.text
        state.showMatches()
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
      state.picker = PickerFeature.State(options: categoryOptions(state), current: .category(state.category))
      guard state.categoryListing == .notRequested else { return .none }
      state.categoryListing = .requested
      return .run { send in
        await send(._internal(.categoriesResponse(await Result { try await apiClient.fetchCategories() })))
      }
      .cancellable(id: CancelID.categories, cancelInFlight: true)

    case .sortPickerOpened:
      guard state.canBrowse else { return .none }
      state.picker = PickerFeature.State(options: ProductSort.allCases.map(BrowsingChoice.sort), current: .sort(state.sort))
      return .none
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
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
        state.category = category
      case let .sort(sort):
        state.sort = sort
        state.index = state.index.sorted(sort)
      }
      state.showMatches()
      return .none

    case .picker(.presented(.delegate(.cancelled))):
      state.picker = nil
      return .none

    case .picker:
      return .none
    }
  }

  private func clearSearch(_ state: inout State) {
    guard !state.query.isEmpty else { return }
    state.query = ""
    state.showMatches()
  }

  /// "All", then the store's categories or, without a list from the store, its products'.
  private func categoryOptions(_ state: State) -> [BrowsingChoice] {
    let categories: [String]
    if case let .received(list) = state.categoryListing {
      categories = list
    } else {
      categories = state.index.productCategories
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
