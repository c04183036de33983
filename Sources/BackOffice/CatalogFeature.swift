import Boundaries
import Shop
import TerminalKit

/// The catalog: every product with its price, category and stock, archived ones marked. Its
/// stock editor sets a count, adds or takes away units that arrived or went (an adjustment
/// cannot lose an order placed while it was typed), or lifts the limit; its form adds a product
/// or edits one (``ProductForm``); a product is archived — the shop stops listing and selling it,
/// placed orders keep it — or restored, each asked first. Sales elsewhere show without a key.
@Reducer
public struct CatalogFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var rows: IdentifiedArrayOf<CatalogEntry> = []
    public var loading: Loading = .idle
    public var selectedID: Product.ID?
    public var scroll = ListState()
    public var editor: StockEditor?
    public var form: ProductForm?
    /// The product whose archiving (or restoring) waits for a yes.
    public var pendingArchive: CatalogEntry?
    public var isSaving = false
    /// Why the last change failed.
    public var failure: String?

    public init() {}

    public var selectedIndex: Int? { selectedID.flatMap { rows.index(id: $0) } }

    /// The store's categories, in the order products first name them.
    public var categories: [String] {
      var seen: Set<String> = []
      return rows.map(\.product.category).filter { seen.insert($0).inserted }
    }

    /// Whether something is open over the table (the editor, the form, a question).
    var isBusy: Bool { editor != nil || form != nil || pendingArchive != nil || isSaving }

    /// Whether the form's keys go to it: not while the store is taking what it holds.
    public var isFormEditable: Bool { form != nil && !isSaving }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      /// A move through the table, on a screen that shows `visibleRows` of its rows.
      case selectionMoved(SelectionMove, visibleRows: Int)
      case rowTapped(Product.ID)
      /// `Enter`: set a count; `a`: add or take away.
      case editorOpened(StockEditor.Mode)
      case editorEdited(TextFieldState.Edit)
      case editorSubmitted
      /// `u` in the editor: no limit.
      case limitLifted
      case editorCancelled
      /// `n`: a new product; `e`: the selected one.
      case formOpened(editing: Bool)
      case form(FormInput)
      /// `x`: archive the selected product, or restore an archived one; asked first.
      case archiveTapped
      case archiveConfirmed
      case archiveDismissed
      case refreshTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case loaded(Result<[CatalogEntry], APIError>)
      case stockSaved(Result<StockLevelChange, APIError>)
      case productSaved(Result<Product, APIError>)
      case archiveSaved(Result<CatalogEntry, APIError>)
      case pulseHeard(BackOfficePulse)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  enum CancelID { case load, pulse }

  @Dependency(\.adminClient) var adminClient
  @Dependency(\.pulseWatch) var pulseWatch

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task:
      state.loading = .loading
      return .merge(load(), listen())

    case let .selectionMoved(move, rows):
      guard !state.rows.isEmpty, !state.isBusy else { return .none }
      let index = state.scroll.move(state.selectedIndex, by: move, count: state.rows.count, visibleRows: rows) ?? 0
      state.selectedID = state.rows[index].id
      return .none

    case let .rowTapped(id):
      guard !state.isBusy, state.rows[id: id] != nil else { return .none }
      if state.selectedID == id { return reduce(into: &state, viewAction: .editorOpened(.count)) }
      state.selectedID = id
      return .none

    case .editorOpened, .editorEdited, .editorSubmitted, .limitLifted, .editorCancelled:
      return reduceStock(into: &state, action)

    case .formOpened, .form, .archiveTapped, .archiveConfirmed, .archiveDismissed:
      return reduceProducts(into: &state, action)

    case .refreshTapped:
      return load()
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .loaded(.success(entries)):
      state.rows = IdentifiedArray(entries, uniquingIDsWith: { first, _ in first })
      state.loading = .loaded
      if state.selectedID.flatMap({ state.rows[id: $0] }) == nil { state.selectedID = state.rows.first?.id }
      return .none

    case let .loaded(.failure(error)):
      state.loading = .failed(error.message)
      return .none

    case let .stockSaved(.success(change)):
      state.isSaving = false
      state.rows[id: change.productId]?.stock = change.after
      return .none

    case let .productSaved(.success(product)):
      state.isSaving = false
      state.form = nil
      if state.rows[id: product.id] != nil {
        state.rows[id: product.id]?.product = product
      } else {
        state.rows.append(CatalogEntry(product: product, archived: false, stock: nil))
      }
      state.selectedID = product.id
      // The stock a new product was given, and anything else that changed meanwhile.
      return load()

    case let .archiveSaved(.success(entry)):
      state.isSaving = false
      state.rows[id: entry.id] = entry
      return .none

    case let .productSaved(.failure(error)):
      state.isSaving = false
      // Back to the form, nothing typed lost, the store's reason under its field when it names one.
      guard var form = state.form else {
        state.failure = error.message
        return .none
      }
      if let (field, problem) = ProductForm.field(namedIn: error.message) {
        form.messages[field] = problem
        form.focus = field
      } else {
        state.failure = error.message
      }
      state.form = form
      return .none

    case let .stockSaved(.failure(error)), let .archiveSaved(.failure(error)):
      state.isSaving = false
      state.failure = error.message
      return .none

    case .pulseHeard:
      return load()
    }
  }

  func load() -> Effect<Action> {
    .run { send in
      await send(._internal(.loaded(await Result { try await adminClient.fetchProducts() })))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  private func listen() -> Effect<Action> {
    pulseWatch.listen { ._internal(.pulseHeard($0)) }.cancellable(id: CancelID.pulse, cancelInFlight: true)
  }
}
