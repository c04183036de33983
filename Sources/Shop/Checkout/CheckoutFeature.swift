import Boundaries
import Foundation
import TerminalKit

/// Checkout, in the cart sheet: (1) where to ship and how to reach the shopper, (2) standard or
/// express delivery, (3) a review with Edit for each step, then Place order, which the cart
/// confirms and sends.
///
/// Rules it keeps:
/// - Esc goes back a step, and from the first step back to the cart; nothing typed is lost
///   (the draft goes with the cart, ``Action/DelegateAction/draftChanged(_:)``);
/// - a field's message shows once the shopper has left the field, or tried to go on; going on
///   with a problem left focuses the first field that has one;
/// - a returning shopper starts from their default address (an account customer, the first
///   time, from the address the store keeps with the account); picking a saved address fills
///   the form; the address used goes to the front of the book when "keep" is ticked;
/// - the total is the lines at the prices shown plus the fee of the delivery chosen, by the
///   store's rules: what Place order asks the cart to send, and the store compares.
@Reducer
public struct CheckoutFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var step: CheckoutStep
    public var form: AddressForm
    /// The fields whose problems are shown under them.
    public var shownMessages: Set<ShippingAddress.Field> = []
    public var delivery: DeliveryMethod
    /// What is being paid for.
    public var lines: [CartItem]
    public var rules: ShippingRules = .standard
    public var book: BookStatus = .loading
    /// The button the keyboard is on in the review.
    public var reviewFocus: ReviewButton = .placeOrder
    /// Something the shopper should know that is no field's problem.
    public var notice: String?
    public var customer: Customer.ID

    /// Checkout of `lines` for customer `customer`, from `draft` when one was kept.
    public init(lines: [CartItem], customer: Customer.ID, draft: CheckoutDraft? = nil) {
      self.lines = lines
      self.customer = customer
      step = draft?.step ?? .address
      delivery = draft?.delivery ?? .standard
      form = AddressForm(draft?.address ?? ShippingAddress(), book: nil)
      isResumed = draft != nil
    }

    /// Whether the checkout took up a kept draft: the saved address then does not replace it.
    public var isResumed: Bool
    /// Whether the shopper has used the address form (a key, a paste or a click in it): from
    /// then on, an address that arrives later (the book's default, the account's) does not
    /// replace what is in it, even in fields they emptied.
    public var hasUsedForm = false
    /// Whether the draft has changed since the cart was last handed it: the pause's timer is
    /// running, and the cart gets the draft when it ends.
    public var draftChangePending = false

    /// What would be kept if the shopper left now.
    public var draft: CheckoutDraft {
      CheckoutDraft(address: form.address, delivery: delivery, step: step)
    }

    public var subtotal: Money { lines.sum(\.subtotal) }
    public var shippingFee: Money { rules.fee(for: delivery, subtotal: subtotal) }
    public var total: Money { subtotal + shippingFee }
  }

  /// Where the shopper's address book stands.
  public enum BookStatus: Hashable, Sendable {
    case loading
    /// The shopper keeps none (a guest).
    case none
    case loaded(AddressBook)
    /// It could not be read: checkout goes on without it, and saves none over it.
    case unavailable(String)

    public var book: AddressBook? {
      if case let .loaded(book) = self { book } else { nil }
    }
  }

  /// The review's buttons, in order.
  public enum ReviewButton: Int, CaseIterable, Hashable, Sendable {
    case editAddress, editDelivery, placeOrder
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// The checkout is on screen: the rules and the address book are fetched.
      case task
      /// A key or paste for the address form.
      case form(FormInput)
      /// A click on one of the form's fields: focus it, or press it if it is a button.
      case fieldTapped(AddressForm.Field)
      case deliveryChosen(DeliveryMethod)
      case deliveryMoved(by: Int)
      /// Enter on the delivery step.
      case continueTapped
      /// Esc.
      case backTapped
      case editTapped(CheckoutStep)
      case reviewFocusMoved(by: Int)
      /// A click on one of the review's buttons.
      case reviewButtonTapped(ReviewButton)
      /// Enter in the review, on its focused button.
      case reviewButtonPressed
      case placeOrderTapped
    }

    public enum InternalAction: Hashable, Sendable {
      case rulesLoaded(ShippingRules?)
      case bookLoaded(Result<AddressBook?, AddressBookError>)
      case accountAddressLoaded(ShippingAddress)
      case bookSaved(Result<AddressBook, AddressBookError>)
      /// The pause after a change to the draft is over: the cart is handed the draft as it is.
      case draftPauseEnded
    }

    public enum DelegateAction: Hashable, Sendable {
      /// The draft changed: the cart keeps it.
      case draftChanged(CheckoutDraft)
      /// Esc on the first step: back to the cart, the draft kept.
      case backedOut(CheckoutDraft)
      /// Place order: send these lines to this address, for this total.
      case placeOrder(CheckoutDraft, total: Money)
    }

    case view(ViewAction)
    case _internal(InternalAction)
    case delegate(DelegateAction)
  }

  enum CancelID { case draft }

  /// How long after a change to the draft the cart is handed it to keep.
  static let draftPause: Duration = .milliseconds(500)

  @Dependency(\.apiClient) var apiClient
  @Dependency(\.addressBook) var addressBook
  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case .task:
      let customer = state.customer
      let wantsAccountAddress = !state.isResumed && !Customer.keyShopperNumbers.contains(customer)
      return .run { send in
        await send(._internal(.rulesLoaded(try? await apiClient.fetchShippingRules())))
        do {
          let book = try await addressBook.load()
          await send(._internal(.bookLoaded(.success(book))))
          // An account customer's first checkout starts from the account's address.
          if let book, book.addresses.isEmpty, wantsAccountAddress,
            let profile = try? await apiClient.fetchUserProfile(customer)
          {
            await send(._internal(.accountAddressLoaded(profile.suggestedAddress)))
          }
        } catch {
          await send(._internal(.bookLoaded(.failure(error as? AddressBookError ?? AddressBookError("\(error)")))))
        }
      }

    case let .form(input):
      guard state.step == .address, let event = state.form.form(showing: state.shownMessages).handle(input.event) else { return .none }
      state.hasUsedForm = true
      return apply(event, &state)

    case let .fieldTapped(field):
      guard state.step == .address else { return .none }
      let form = state.form.form(showing: state.shownMessages)
      guard let tapped = form.fields.first(where: { $0.id == field }) else { return .none }
      state.hasUsedForm = true
      if case .button = tapped.control { return apply(.press(field), &state) }
      return apply(.focus(field), &state)

    case let .deliveryChosen(method):
      state.delivery = method
      return draftChanged(&state)

    case let .deliveryMoved(offset):
      let methods = DeliveryMethod.allCases
      let index = methods.firstIndex(of: state.delivery) ?? 0
      state.delivery = methods[min(max(index + offset, 0), methods.count - 1)]
      return draftChanged(&state)

    case .continueTapped:
      switch state.step {
      case .address: return goOn(from: &state)
      case .delivery: return go(to: .review, &state)
      case .review: return reduce(into: &state, viewAction: .placeOrderTapped)
      }

    case .backTapped:
      guard let previous = state.step.previous else {
        state.draftChangePending = false
        return .concatenate(.cancel(id: CancelID.draft), .send(.delegate(.backedOut(state.draft))))
      }
      return go(to: previous, &state)

    case let .editTapped(step):
      return go(to: step, &state)

    case let .reviewFocusMoved(offset):
      let buttons = ReviewButton.allCases
      state.reviewFocus = buttons[min(max(state.reviewFocus.rawValue + offset, 0), buttons.count - 1)]
      return .none

    case let .reviewButtonTapped(button):
      state.reviewFocus = button
      return reduce(into: &state, viewAction: .reviewButtonPressed)

    case .reviewButtonPressed:
      switch state.reviewFocus {
      case .editAddress: return go(to: .address, &state)
      case .editDelivery: return go(to: .delivery, &state)
      case .placeOrder: return reduce(into: &state, viewAction: .placeOrderTapped)
      }

    case .placeOrderTapped:
      guard state.step == .review else { return .none }
      if state.form.address.firstProblem != nil { return go(to: .address, &state) }
      state.draftChangePending = false
      var effects: [Effect<Action>] = [.cancel(id: CancelID.draft)]
      if state.form.keepAddress, let book = state.book.book {
        let address = state.form.address
        let kept = state.form.pickedIndex.map { book.replacing(at: $0, with: address).using(address) } ?? book.using(address)
        if kept != book { effects.append(save(kept)) }
      }
      effects.append(.send(.delegate(.placeOrder(state.draft, total: state.total))))
      return .concatenate(effects)
    }
  }

  public func reduce(into state: inout State, internalAction action: Action.InternalAction) -> Effect<Action> {
    switch action {
    case let .rulesLoaded(rules):
      if let rules { state.rules = rules }
      return .none

    case .bookLoaded(.success(nil)):
      state.book = .none
      return .none

    case let .bookLoaded(.success(book?)):
      state.book = .loaded(book)
      let address = state.form.address
      if !state.isResumed, !state.hasUsedForm, let first = book.defaultAddress, address == ShippingAddress(country: address.country) {
        state.form.fill(with: first)
      }
      state.form.offer(book, current: state.form.address)
      // A returning shopper's first question is which of their addresses.
      if !book.addresses.isEmpty, !state.isResumed { state.form.focus = .saved }
      return .none

    case let .bookLoaded(.failure(error)):
      state.book = .unavailable(error.message)
      state.notice = error.message
      return .none

    case let .accountAddressLoaded(address):
      // Only into a form nobody has used yet.
      guard !state.hasUsedForm, state.form.address == ShippingAddress(country: state.form.address.country) else { return .none }
      state.form.fill(with: address)
      if let book = state.book.book { state.form.offer(book, current: address) }
      return .none

    case let .bookSaved(.success(book)):
      state.book = .loaded(book)
      state.form.offer(book, current: state.form.address)
      return .none

    case let .bookSaved(.failure(error)):
      state.notice = error.message
      return .none

    case .draftPauseEnded:
      state.draftChangePending = false
      return .send(.delegate(.draftChanged(state.draft)))
    }
  }
}
