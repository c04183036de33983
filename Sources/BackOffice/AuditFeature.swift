import Boundaries
import Shop
import TerminalKit

/// The audit: every change made in the back office, newest first — who (the admin token, or the
/// key an operator came with), when, to what, from what to what — a page at a time, and new
/// entries as they are written. One entry opens whole (Enter), for what a table row cuts short:
/// a long key, an address before and after.
@Reducer
public struct AuditFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var entries: IdentifiedArrayOf<AuditEntry> = []
    public var loading: Loading = .idle
    public var hasMore = false
    public var selectedID: AuditEntry.ID?
    public var scroll = ListState()
    /// The entry shown whole over the table, if one is.
    public var openedID: AuditEntry.ID?

    public init() {}

    public var selectedIndex: Int? { selectedID.flatMap { entries.index(id: $0) } }
    public var opened: AuditEntry? { openedID.flatMap { entries[id: $0] } }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      case task
      /// A move through the table, on a screen that shows `visibleRows` of its rows.
      case selectionMoved(SelectionMove, visibleRows: Int)
      case refreshTapped
      /// Shows the selected entry whole.
      case opened
      case closed
    }

    public enum InternalAction: Hashable, Sendable {
      /// A page: the newest (`before` is `nil`) or the one below `before`.
      case pageLoaded(before: Int?, Result<[AuditEntry], APIError>)
      case pulseHeard(BackOfficePulse)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(Never)
  }

  enum CancelID { case page, pulse }

  /// Entries a page holds: the store's default page.
  static let pageSize = 50

  @Dependency(\.adminClient) var adminClient
  @Dependency(\.pulseWatch) var pulseWatch

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task:
      state.loading = .loading
      return .merge(fetch(before: nil), listen())

    case let .selectionMoved(move, rows):
      guard !state.entries.isEmpty else { return .none }
      let index = state.scroll.move(state.selectedIndex, by: move, count: state.entries.count, visibleRows: rows) ?? 0
      state.selectedID = state.entries[index].id
      guard state.hasMore, state.loading == .loaded, index + state.scroll.visibleRows >= state.entries.count, let last = state.entries.last
      else { return .none }
      state.loading = .loading
      return fetch(before: last.id)

    case .refreshTapped:
      return fetch(before: nil)

    case .opened:
      state.openedID = state.selectedID
      return .none

    case .closed:
      state.openedID = nil
      return .none
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .pageLoaded(before, .success(entries)):
      if before == nil {
        // The newest page: entries not yet shown go in front; those shown stay.
        let wasEmpty = state.entries.isEmpty
        let newer = entries.filter { $0.id > (state.entries.first?.id ?? 0) }
        state.entries = IdentifiedArray(newer + state.entries.elements, uniquingIDsWith: { first, _ in first })
        if wasEmpty { state.hasMore = entries.count == Self.pageSize }
      } else {
        state.entries.append(contentsOf: entries.filter { state.entries[id: $0.id] == nil })
        state.hasMore = entries.count == Self.pageSize
      }
      state.loading = .loaded
      if state.selectedID == nil { state.selectedID = state.entries.first?.id }
      return .none

    case let .pageLoaded(_, .failure(error)):
      state.loading = .failed(error.message)
      return .none

    case .pulseHeard:
      return fetch(before: nil)
    }
  }

  private func fetch(before: Int?) -> Effect<Action> {
    .run { send in
      await send(._internal(.pageLoaded(before: before, await Result { try await adminClient.fetchAudit(before) })))
    }
    .cancellable(id: CancelID.page, cancelInFlight: before == nil)
  }

  private func listen() -> Effect<Action> {
    pulseWatch.listen { ._internal(.pulseHeard($0)) }.cancellable(id: CancelID.pulse, cancelInFlight: true)
  }
}
