import Boundaries
import Shop
import TerminalKit

/// One order in the back office: its lines, ship-to, contact, delivery, totals and history, and
/// the moves open to it — packed, shipped (with a carrier and tracking reference), delivered,
/// or cancelled (with a reason; its stock goes back). Every move is confirmed before it is sent;
/// the store's answer replaces the order shown, and a refusal (another operator moved it first)
/// is said and changes nothing.
@Reducer
public struct OrderDetailFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Hashable, Sendable {
    public var order: StoredOrder
    /// The form of a move that needs words, while it is open.
    public var form: MoveForm?
    /// The move waiting for a yes.
    public var pending: PendingMove?
    /// A move sent and not yet answered.
    public var isMoving = false
    /// Why the last move failed.
    public var failure: String?

    public init(order: StoredOrder) {
      self.order = order
    }

    /// The stages the order may move to now, in the order they come.
    public var moves: [OrderStage] {
      OrderStage.allCases.filter { order.status.canMove(to: $0) }
    }
  }

  /// A move the operator asked for, and the question that asks them to confirm it.
  public struct PendingMove: Hashable, Sendable {
    public var request: OrderStatusRequest
    public var question: String

    public init(request: OrderStatusRequest, question: String) {
      self.request = request
      self.question = question
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// A move was chosen: asked to confirm, or its form opens.
      case moveChosen(OrderStage)
      /// A key or paste for the open form.
      case form(FormInput)
      case confirmed
      case confirmationDismissed
      /// `c`: open the customer who placed the order, on top of it.
      case customerOpened
      case closeTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case moved(Result<StoredOrder, APIError>)
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The store moved the order on: it is this now.
      case orderChanged(StoredOrder)
      /// Open this customer on top of the order.
      case customerOpened(CustomerSummary.ID)
      case closed
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  @Dependency(\.adminClient) var adminClient

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .moveChosen(stage):
      guard !state.isMoving, state.pending == nil, state.form == nil, state.moves.contains(stage) else { return .none }
      state.failure = nil
      switch stage {
      case .shipped, .cancelled: state.form = MoveForm(stage: stage)
      default: state.pending = Self.pending(OrderStatusRequest(status: stage), of: state.order)
      }
      return .none

    case let .form(input):
      guard let form = state.form else { return .none }
      switch FormReply(to: input, on: form, form: form.form, focus: \.focus) {
      case let .edited(form):
        state.form = form
      case let .submitted(form):
        switch form.submitted() {
        case let .ready(request):
          state.form = nil
          state.pending = Self.pending(request, of: state.order)
        case let .needsFixing(checked):
          state.form = checked
        }
      case .cancelled:
        state.form = nil
      case .ignored:
        break
      }
      return .none

    case .confirmed:
      guard let pending = state.pending, !state.isMoving else { return .none }
      state.pending = nil
      state.isMoving = true
      let id = state.order.id
      return .run { send in
        await send(._internal(.moved(await Result { try await adminClient.moveOrder(id, pending.request) })))
      }

    case .confirmationDismissed:
      state.pending = nil
      return .none

    case .customerOpened:
      guard state.form == nil, state.pending == nil else { return .none }
      return .send(.delegate(.customerOpened(state.order.userId)))

    case .closeTapped:
      guard !state.isMoving else { return .none }
      return .send(.delegate(.closed))
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .moved(.success(order)):
      state.isMoving = false
      state.order = order
      return .send(.delegate(.orderChanged(order)))
    case let .moved(.failure(error)):
      state.isMoving = false
      state.failure = error.message
      return .none
    }
  }

  /// "Ship order #12 with UPS, tracking 1Z999?" — what the operator confirms.
  static func pending(_ request: OrderStatusRequest, of order: StoredOrder) -> PendingMove {
    let question =
      switch request.status {
      case .packed: "Mark order #\(order.id) as packed?"
      case .shipped: "Ship order #\(order.id) with \(request.carrier ?? ""), tracking \(request.tracking ?? "")?"
      case .delivered: "Mark order #\(order.id) as delivered?"
      case .cancelled: "Cancel order #\(order.id)? Its units go back to stock. Reason: \(request.reason ?? "")"
      case .placed: "Move order #\(order.id) back to placed?"
      }
    return PendingMove(request: request, question: question)
  }
}
