import Boundaries
import Foundation
import TerminalKit

/// How checkout moves between its steps, keeps its draft and address book, and answers its
/// address form: what the reducer's cases call.
extension CheckoutFeature {
  // MARK: Steps

  /// From the address step on, if the address can be shipped to; otherwise every problem shown
  /// and the first field with one focused.
  func goOn(from state: inout State) -> Effect<Action> {
    let problems = state.form.address.problems
    guard problems.isEmpty else {
      state.shownMessages.formUnion(problems.keys)
      state.form.focus = state.form.form(showing: state.shownMessages).firstFieldWithMessage
      return .none
    }
    return go(to: .delivery, &state)
  }

  func go(to step: CheckoutStep, _ state: inout State) -> Effect<Action> {
    state.step = step
    state.reviewFocus = .placeOrder
    state.draftChangePending = false
    return .concatenate(.cancel(id: CancelID.draft), .send(.delegate(.draftChanged(state.draft))))
  }

  /// Hands the draft to the cart within ``draftPause`` of a change: one timer runs while the
  /// shopper types, and when it ends the cart gets the draft as it is then — so a keystroke
  /// neither writes a file nor cancels and starts a task, and typing without a rest is still
  /// kept twice a second. The clock is looked up inside the effect, off the keystroke's path.
  func draftChanged(_ state: inout State) -> Effect<Action> {
    guard !state.draftChangePending else { return .none }
    state.draftChangePending = true
    return .run { send in
      try await clock.sleep(for: Self.draftPause)
      await send(._internal(.draftPauseEnded))
    }
    .cancellable(id: CancelID.draft)
  }

  func save(_ book: AddressBook) -> Effect<Action> {
    .run { send in
      do {
        try await addressBook.save(book)
        await send(._internal(.bookSaved(.success(book))))
      } catch {
        await send(._internal(.bookSaved(.failure(error as? AddressBookError ?? AddressBookError("\(error)")))))
      }
    }
  }

  // MARK: The address form

  /// What a key, a paste or a click did to the form, carried out.
  func apply(_ event: FormEvent<AddressForm, AddressForm.Field>, _ state: inout State) -> Effect<Action> {
    switch event {
    case let .change(change):
      let picked = state.form.saved?.selected
      change.apply(to: &state.form)
      if let book = state.book.book, state.form.saved?.selected != picked {
        if let index = state.form.pickedIndex {
          state.form.fill(with: book.addresses[index])
        } else {
          state.form.fill(with: ShippingAddress(fullName: state.form.address.fullName, email: state.form.address.email))
        }
        state.shownMessages = []
      }
      return draftChanged(&state)

    case let .focus(field):
      if case let .address(left)? = state.form.focus {
        // A postal code is read against the country, the field after it: going from the code
        // to the country says nothing yet ("06234" is no UK postcode, and Korea is next), and
        // leaving the country checks both.
        if left == .postalCode, field == .address(.country) {
        } else {
          state.shownMessages.insert(left)
          if left == .country, !state.form.postalCode.text.isEmpty { state.shownMessages.insert(.postalCode) }
        }
      }
      state.form.focus = field
      return .none

    case .submit, .press(.continue):
      if case let .address(left)? = state.form.focus { state.shownMessages.insert(left) }
      return goOn(from: &state)

    case .press(.makeDefault):
      guard let book = state.book.book, let index = state.form.pickedIndex else { return .none }
      return save(book.using(book.addresses[index]))

    case .press(.delete):
      guard let book = state.book.book, let index = state.form.pickedIndex else { return .none }
      let kept = book.removing(at: index)
      state.book = .loaded(kept)
      state.form.offer(kept, current: state.form.address)
      return save(kept)

    case .press:
      return .none

    case .cancel:
      return reduce(into: &state, viewAction: .backTapped)
    }
  }
}
