import Boundaries
import Shop
import TerminalKit

/// The catalog's stock: every product with what is left (or "no limit"), and an editor that
/// sets a count, adds or takes away units that arrived or went (an adjustment cannot lose an
/// order placed while it was typed), or lifts the limit. Sales elsewhere show without a key.
@Reducer
public struct StockFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var rows: IdentifiedArrayOf<StockRow> = []
    public var loading: Loading = .idle
    public var selectedID: Product.ID?
    public var scroll = ListState()
    public var editor: StockEditor?
    public var isSaving = false
    /// Why the last change failed.
    public var failure: String?

    public init() {}

    public var selectedIndex: Int? { selectedID.flatMap { rows.index(id: $0) } }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      case selectionMoved(SelectionMove)
      case visibleRowCountChanged(Int)
      case rowTapped(Product.ID)
      /// `Enter`: set a count; `a`: add or take away.
      case editorOpened(StockEditor.Mode)
      case editorEdited(TextFieldState.Edit)
      case editorSubmitted
      /// `u` in the editor: no limit.
      case limitLifted
      case editorCancelled
      case refreshTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case loaded(Result<[StockRow], APIError>)
      case saved(Result<StockLevelChange, APIError>)
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

    case let .selectionMoved(move):
      guard !state.rows.isEmpty, state.editor == nil else { return .none }
      let index = state.scroll.move(state.selectedIndex, by: move, count: state.rows.count) ?? 0
      state.selectedID = state.rows[index].id
      return .none

    case let .visibleRowCountChanged(count):
      state.scroll.resize(to: count, showing: state.selectedIndex, count: state.rows.count)
      return .none

    case let .rowTapped(id):
      guard state.editor == nil, state.rows[id: id] != nil else { return .none }
      if state.selectedID == id { return reduce(into: &state, viewAction: .editorOpened(.count)) }
      state.selectedID = id
      return .none

    case let .editorOpened(mode):
      guard state.editor == nil, !state.isSaving, let id = state.selectedID, let row = state.rows[id: id] else { return .none }
      state.failure = nil
      state.editor = StockEditor(row: row, mode: mode)
      return .none

    case let .editorEdited(edit):
      state.editor?.edit(edit)
      return .none

    case .editorSubmitted:
      guard var editor = state.editor else { return .none }
      guard let setting = editor.setting() else {
        editor.message = editor.mode == .count ? "A count from 0 to \(StockSetting.maximum)" : "A number of units, such as 12 or -3"
        state.editor = editor
        return .none
      }
      return save(setting, of: editor.productID, &state)

    case .limitLifted:
      guard let editor = state.editor else { return .none }
      return save(.count(nil), of: editor.productID, &state)

    case .editorCancelled:
      state.editor = nil
      return .none

    case .refreshTapped:
      return load()
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .loaded(.success(rows)):
      state.rows = IdentifiedArray(rows, uniquingIDsWith: { first, _ in first })
      state.loading = .loaded
      if state.selectedID.flatMap({ state.rows[id: $0] }) == nil { state.selectedID = state.rows.first?.id }
      state.scroll.show(state.selectedIndex, count: state.rows.count)
      return .none

    case let .loaded(.failure(error)):
      state.loading = .failed(error.message)
      return .none

    case let .saved(.success(change)):
      state.isSaving = false
      state.rows[id: change.productId]?.stock = change.after
      return .none

    case let .saved(.failure(error)):
      state.isSaving = false
      state.failure = error.message
      return .none

    case .pulseHeard:
      return load()
    }
  }

  private func save(_ setting: StockSetting, of id: Product.ID, _ state: inout State) -> Effect<Action> {
    state.editor = nil
    state.isSaving = true
    return .run { send in
      await send(._internal(.saved(await Result { try await adminClient.setStock(id, setting) })))
    }
  }

  private func load() -> Effect<Action> {
    .run { send in
      await send(
        ._internal(
          .loaded(
            await Result {
              async let catalog = adminClient.fetchCatalog()
              async let stock = adminClient.fetchStock()
              return StockRow.rows(catalog: try await catalog, stock: try await stock)
            }
          )
        )
      )
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }

  private func listen() -> Effect<Action> {
    .run { send in
      for await pulse in pulseWatch.pulses() { await send(._internal(.pulseHeard(pulse))) }
    }
    .cancellable(id: CancelID.pulse, cancelInFlight: true)
  }
}

/// One product's row of the stock table.
public struct StockRow: Identifiable, Hashable, Sendable {
  public var id: Product.ID
  public var title: String
  public var category: String
  public var price: Money
  /// What is left; `nil`: no limit.
  public var stock: Int?

  public init(id: Product.ID, title: String, category: String, price: Money, stock: Int?) {
    self.id = id
    self.title = title
    self.category = category
    self.price = price
    self.stock = stock
  }

  /// The catalog's products in its order, each with its stock.
  static func rows(catalog: [Product], stock: [Int: Int?]) -> [StockRow] {
    catalog.map { StockRow(id: $0.id, title: $0.title, category: $0.category, price: $0.price, stock: stock[$0.id] ?? nil) }
  }
}

/// The stock editor of one product: a count to set, or units to add (or take away).
public struct StockEditor: Hashable, Sendable {
  public enum Mode: Hashable, Sendable { case count, adjust }

  public var productID: Product.ID
  public var title: String
  public var current: Int?
  public var mode: Mode
  public var field: TextFieldState
  public var message: String?

  public init(row: StockRow, mode: Mode) {
    productID = row.id
    title = row.title
    current = row.stock
    self.mode = mode
    field = TextFieldState(text: mode == .count ? row.stock.map(String.init) ?? "" : "", limit: 8)
  }

  /// Digits, and a sign in front when adding or taking away; anything else typed is dropped.
  mutating func edit(_ edit: TextFieldState.Edit) {
    var next = field
    next.apply(edit)
    let allowed = next.text.enumerated().allSatisfy { index, character in
      character.isASCII && (character.isNumber || (mode == .adjust && index == 0 && (character == "-" || character == "+")))
    }
    if allowed {
      field = next
      message = nil
    }
  }

  /// What the typed text asks of the stock, or `nil` when it is not a number in range.
  public func setting() -> StockSetting? {
    guard let value = Int(field.text) else { return nil }
    switch mode {
    case .count: return (0...StockSetting.maximum).contains(value) ? .count(value) : nil
    case .adjust: return value != 0 && (-StockSetting.maximum...StockSetting.maximum).contains(value) ? .adjust(by: value) : nil
    }
  }
}
