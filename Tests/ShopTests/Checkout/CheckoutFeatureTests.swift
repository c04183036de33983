import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import TerminalKit
import Testing

/// Checkout's steps, rules and transitions, exhaustively: every state change and every effect's
/// answer is asserted.
@MainActor
struct CheckoutFeatureTests {
  static let lines = [CartItem(product: .tShirt, quantity: 2), CartItem(product: .backpack, quantity: 2)]
  static let cheapLines = [CartItem(product: .tShirt, quantity: 1)]

  func makeStore(
    lines: [CartItem] = Self.lines, customer: Int = 1, draft: CheckoutDraft? = nil, book: AddressBookStorage = .none,
    clock: any Clock<Duration> = ImmediateClock(), configure: (inout DependencyValues) -> Void = { _ in }
  ) -> TestStoreOf<CheckoutFeature> {
    TestStore(initialState: CheckoutFeature.State(lines: lines, customer: customer, draft: draft)) {
      CheckoutFeature()
    } withDependencies: {
      $0.apiClient.fetchShippingRules = { .standard }
      $0.addressBook = book
      $0.continuousClock = clock
      configure(&$0)
    }
  }

  /// The task of a guest's checkout: the rules, and no book.
  func startAsGuest(_ store: TestStoreOf<CheckoutFeature>) async {
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.success(nil)))) { $0.book = .none }
  }

  /// The pause after a change to the draft ends (an `ImmediateClock`'s at once), and the cart is
  /// handed the draft as it is then.
  func receivePausedDraft(_ store: TestStoreOf<CheckoutFeature>) async {
    await store.receive(._internal(.draftPauseEnded)) { $0.draftChangePending = false }
    await store.receive(.delegate(.draftChanged(store.state.draft)))
  }

  @Test func aGuestTypesTheirAddressFieldByFieldAndGoesOnToDelivery() async {
    let store = makeStore()
    await startAsGuest(store)
    #expect(store.state.form.saved == nil, "a guest has no saved addresses to pick")
    await store.send(.view(.form(.paste("Ana Lima")))) { $0.hasUsedForm = true; $0.form.fullName.apply(.paste("Ana Lima")); $0.draftChangePending = true }
    await receivePausedDraft(store)
    #expect(store.state.form.address.fullName == "Ana Lima")
    // Tab goes on, and what the field left is checked from now on.
    await store.send(.view(.form(.key(.tab)))) {
      $0.form.focus = .address(.line1)
      $0.shownMessages = [.fullName]
    }
    for (field, text) in [(ShippingAddress.Field.line1, "12 Main Street"), (.line2, ""), (.city, "San Francisco"), (.region, "CA"), (.postalCode, "94103")] {
      if !text.isEmpty {
        await store.send(.view(.form(.paste(text)))) { $0.form[keyPath: AddressForm.text(of: field)!].apply(.paste(text)); $0.draftChangePending = true }
        await receivePausedDraft(store)
      }
      await store.send(.view(.form(.key(.tab)))) {
        // The postal code waits for the country (aPostalCodeIsCheckedOnceItsCountryIsChosen).
        if field != .postalCode { $0.shownMessages.insert(field) }
        $0.form.focus = .address(ShippingAddress.Field.allCases[ShippingAddress.Field.allCases.firstIndex(of: field)! + 1])
      }
    }
    // The country is chosen already (the United States); Tab on to the email, and the postal
    // code is checked against it.
    await store.send(.view(.form(.key(.tab)))) {
      $0.shownMessages.formUnion([.country, .postalCode])
      $0.form.focus = .address(.email)
    }
    await store.send(.view(.form(.paste("ana@example.com")))) { $0.form.email.apply(.paste("ana@example.com")); $0.draftChangePending = true }
    await receivePausedDraft(store)
    // Enter on the last field that is not a button: done with the form.
    await store.send(.view(.form(.key(.enter)))) { $0.form.focus = .address(.phone); $0.shownMessages.insert(.email) }
    await store.send(.view(.form(.key(.enter)))) {
      $0.shownMessages.insert(.phone)
      $0.step = .delivery
    }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(
      address: ShippingAddress(fullName: "Ana Lima", line1: "12 Main Street", city: "San Francisco", region: "CA", postalCode: "94103", country: "US", email: "ana@example.com"),
      delivery: .standard, step: .delivery
    ))))
  }

  @Test func goingOnWithProblemsShowsEachUnderItsFieldAndFocusesTheFirst() async {
    let store = makeStore()
    await startAsGuest(store)
    await store.send(.view(.form(.key(.tab)))) {
      $0.hasUsedForm = true
      $0.form.focus = .address(.line1)
      $0.shownMessages = [.fullName]
    }
    await store.send(.view(.continueTapped)) {
      // The United States has states: the region is asked for too. Line 2 and the phone are optional.
      $0.shownMessages = [.fullName, .line1, .city, .region, .postalCode, .email]
      $0.form.focus = .address(.fullName)
    }
    let form = store.state.form.form(showing: store.state.shownMessages)
    let messages = Dictionary(uniqueKeysWithValues: form.fields.compactMap { field in field.message.map { ("\(field.id)", $0) } })
    #expect(messages["address(StoreModels.ShippingAddress.Field.fullName)"] == "A name is needed")
    #expect(messages["address(StoreModels.ShippingAddress.Field.region)"] == "A state is needed")
    #expect(messages["address(StoreModels.ShippingAddress.Field.email)"] == "An email address is needed")
    #expect(messages.count == 6)
    #expect(store.state.step == .address)
  }

  @Test func aFieldsProblemShowsOnlyOnceTheShopperLeftIt() async {
    let store = makeStore()
    await startAsGuest(store)
    #expect(store.state.form.form(showing: store.state.shownMessages).fields.allSatisfy { $0.message == nil })
    await store.send(.view(.form(.key(.tab)))) {
      $0.hasUsedForm = true
      $0.form.focus = .address(.line1)
      $0.shownMessages = [.fullName]
    }
    let fields = store.state.form.form(showing: store.state.shownMessages).fields
    #expect(fields.compactMap(\.message) == ["A name is needed"])
  }

  @Test func aBadPostalCodeIsSaidInTheCountrysTerms() async {
    var draft = CheckoutDraft.sample
    draft.address.postalCode = "9410"
    draft.step = .address
    let store = makeStore(draft: draft)
    await startAsGuest(store)
    await store.send(.view(.continueTapped)) {
      $0.shownMessages = [.postalCode]
      $0.form.focus = .address(.postalCode)
    }
    #expect(store.state.form.address.problem(with: .postalCode) == "a ZIP code is 5 digits, or 5 and 4: 94103 or 94103-1234")
  }

  /// The postal code is read against the country, the field after it: leaving the code for the
  /// country says nothing yet ("06234" was called "not a UK postcode" on the way to Korea); leaving
  /// the country checks both.
  @Test func aPostalCodeIsCheckedOnceItsCountryIsChosen() async {
    var draft = CheckoutDraft.sample
    draft.address.postalCode = ""
    draft.step = .address
    let store = makeStore(draft: draft)
    store.exhaustivity = .off
    await startAsGuest(store)
    while store.state.form.focus != .address(.postalCode) { await store.send(.view(.form(.key(.tab)))) }
    for character in "06234" { await store.send(.view(.form(.key(.character(character))))) }
    await store.send(.view(.form(.key(.tab))))
    #expect(store.state.form.focus == .address(.country))
    #expect(!store.state.shownMessages.contains(.postalCode), "not yet read against \(store.state.form.address.country)")
    #expect(store.state.form.form(showing: store.state.shownMessages).fields.allSatisfy { $0.message == nil })
    for character in "korea" { await store.send(.view(.form(.key(.character(character))))) }
    await store.send(.view(.form(.key(.enter))))
    if store.state.form.focus == .address(.country) { await store.send(.view(.form(.key(.tab)))) }
    #expect(store.state.form.address.country == "KR")
    #expect(store.state.shownMessages.isSuperset(of: [.country, .postalCode]), "both are checked once the country is left")
    #expect(store.state.form.form(showing: store.state.shownMessages).fields.allSatisfy { $0.message == nil }, "06234 is a Korean code")
  }

  @Test func escGoesBackAStepAndLosesNothing() async {
    let store = makeStore(draft: .sample)
    await startAsGuest(store)
    #expect(store.state.step == .review)
    await store.send(.view(.backTapped)) { $0.step = .delivery }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(address: .sample, delivery: .standard, step: .delivery))))
    await store.send(.view(.backTapped)) { $0.step = .address }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(address: .sample, delivery: .standard, step: .address))))
    // Esc in the form cancels it: back to the cart, with the draft.
    await store.send(.view(.form(.key(.escape)))) { $0.hasUsedForm = true }
    await store.receive(.delegate(.backedOut(CheckoutDraft(address: .sample, delivery: .standard, step: .address))))
  }

  @Test func deliveryIsPricedByTheStoresRulesAndStandardIsFreeOverTheirAmount() async {
    var draft = CheckoutDraft.sample
    draft.step = .delivery
    let cheap = makeStore(lines: Self.cheapLines, draft: draft)
    await startAsGuest(cheap)
    #expect(cheap.state.subtotal == Money(cents: 2_230))
    #expect(cheap.state.shippingFee == Money(cents: 500))
    await cheap.send(.view(.deliveryMoved(by: 1))) { $0.delivery = .express; $0.draftChangePending = true }
    await receivePausedDraft(cheap)
    #expect(cheap.state.total == Money(cents: 3_730))
    await cheap.send(.view(.deliveryMoved(by: 1))) { $0.draftChangePending = true }
    await receivePausedDraft(cheap)
    await cheap.send(.view(.deliveryChosen(.standard))) { $0.delivery = .standard; $0.draftChangePending = true }
    await receivePausedDraft(cheap)

    let large = makeStore(draft: draft)
    await startAsGuest(large)
    #expect(large.state.subtotal == Money(cents: 26_450))
    #expect(large.state.shippingFee == .zero, "standard is free from $100")
    await large.send(.view(.deliveryChosen(.express))) { $0.delivery = .express; $0.draftChangePending = true }
    await receivePausedDraft(large)
    #expect(large.state.shippingFee == Money(cents: 1_500), "express is never free")
  }

  @Test func theStoresOwnRulesReplaceTheStandardOnes() async {
    let rules = ShippingRules(standardFee: Money(cents: 700), expressFee: Money(cents: 2_000), freeStandardFrom: Money(cents: 50_000))
    let store = makeStore(configure: { $0.apiClient.fetchShippingRules = { rules } })
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(rules))) { $0.rules = rules }
    await store.receive(._internal(.bookLoaded(.success(nil)))) { $0.book = .none }
    #expect(store.state.shippingFee == Money(cents: 700))
  }

  @Test func theReviewsButtonsGoBackToAStepOrPlaceTheOrder() async {
    let store = makeStore(draft: .sample)
    await startAsGuest(store)
    #expect(store.state.reviewFocus == .placeOrder)
    await store.send(.view(.reviewFocusMoved(by: -2))) { $0.reviewFocus = .editAddress }
    await store.send(.view(.reviewButtonPressed)) {
      $0.step = .address
      $0.reviewFocus = .placeOrder
    }
    await store.receive(\.delegate.draftChanged)
    await store.send(.view(.editTapped(.review))) { $0.step = .review }
    await store.receive(\.delegate.draftChanged)
    await store.send(.view(.placeOrderTapped))
    await store.receive(.delegate(.placeOrder(.sample, total: Money(cents: 26_450))))
  }

  @Test func placeOrderWithAProblemLeftGoesBackToTheAddress() async {
    var draft = CheckoutDraft.sample
    draft.address.email = "ana"
    let store = makeStore(draft: draft)
    await startAsGuest(store)
    await store.send(.view(.placeOrderTapped)) { $0.step = .address }
    await store.receive(\.delegate.draftChanged)
  }

  @Test func aReturningShopperStartsFromTheirDefaultAndPicksAnother() async {
    let book = AddressBookStorage.inMemory(AddressBook(addresses: [.sample, .seoul]))
    let store = makeStore(book: book)
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.success(AddressBook(addresses: [.sample, .seoul]))))) {
      $0.book = .loaded(AddressBook(addresses: [.sample, .seoul]))
      $0.form.fill(with: .sample)
      $0.form.offer(AddressBook(addresses: [.sample, .seoul]), current: .sample)
      $0.form.focus = .saved
    }
    #expect(store.state.form.address == .sample)
    #expect(store.state.form.saved?.options == [ShippingAddress.sample.oneLine, ShippingAddress.seoul.oneLine, "New address"])
    // ↓ highlights the second, Enter picks it: the form shows it.
    await store.send(.view(.form(.key(.down)))) { $0.hasUsedForm = true; $0.form.saved?.apply(.highlightNext); $0.draftChangePending = true }
    await receivePausedDraft(store)
    await store.send(.view(.form(.key(.enter)))) {
      $0.form.saved?.apply(.chooseHighlighted)
      $0.form.fill(with: .seoul)
      $0.draftChangePending = true
    }
    await receivePausedDraft(store)
    #expect(store.state.form.address == .seoul)
    #expect(store.state.form.pickedIndex == 1)
  }

  @Test func newAddressClearsTheFormButKeepsTheNameAndEmail() async {
    let store = makeStore(book: .inMemory(AddressBook(addresses: [.sample])))
    store.exhaustivity = .off
    await store.send(.view(.task))
    await store.receive(\._internal.bookLoaded)
    await store.send(.view(.form(.key(.down))))
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.form.pickedIndex == nil)
    #expect(store.state.form.address == ShippingAddress(fullName: "Ana Lima", email: "ana@example.com"))
  }

  @Test func placingTheOrderKeepsTheAddressAtTheFrontOfTheBook() async {
    let saved = LockIsolated<[AddressBook]>([])
    let book = AddressBookStorage(load: { AddressBook(addresses: [.seoul]) }, save: { book in saved.withValue { $0.append(book) } })
    let store = makeStore(draft: .sample, book: book)
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.success(AddressBook(addresses: [.seoul]))))) {
      $0.book = .loaded(AddressBook(addresses: [.seoul]))
      $0.form.offer(AddressBook(addresses: [.seoul]), current: .sample)
    }
    #expect(store.state.form.address == .sample, "a kept draft is not replaced by the default")
    await store.send(.view(.placeOrderTapped))
    await store.receive(._internal(.bookSaved(.success(AddressBook(addresses: [.sample, .seoul]))))) {
      $0.book = .loaded(AddressBook(addresses: [.sample, .seoul]))
      $0.form.offer(AddressBook(addresses: [.sample, .seoul]), current: .sample)
    }
    await store.receive(.delegate(.placeOrder(.sample, total: Money(cents: 26_450))))
    #expect(saved.value == [AddressBook(addresses: [.sample, .seoul])])
  }

  @Test func untickingKeepSavesNothing() async {
    let book = AddressBookStorage(load: { AddressBook(addresses: [.seoul]) }, save: { _ in Issue.record("nothing is saved") })
    let store = makeStore(draft: .sample, book: book)
    store.exhaustivity = .off
    await store.send(.view(.task))
    await store.receive(\._internal.bookLoaded)
    store.exhaustivity = .on
    await store.send(.view(.editTapped(.address))) { $0.step = .address }
    await store.receive(\.delegate.draftChanged)
    // Tab from the name through the address to the tick box.
    store.exhaustivity = .off
    for _ in 0..<9 { await store.send(.view(.form(.key(.tab)))) }
    store.exhaustivity = .on
    #expect(store.state.form.focus == .keepAddress)
    await store.send(.view(.form(.key(.character(" "))))) { $0.form.keepAddress = false; $0.draftChangePending = true }
    await receivePausedDraft(store)
    await store.send(.view(.editTapped(.review))) { $0.step = .review }
    await store.receive(\.delegate.draftChanged)
    await store.send(.view(.placeOrderTapped))
    await store.receive(\.delegate.placeOrder)
  }

  @Test func deleteAndMakeDefaultChangeTheBook() async {
    let saved = LockIsolated<[AddressBook]>([])
    let book = AddressBookStorage(load: { AddressBook(addresses: [.sample, .seoul]) }, save: { book in saved.withValue { $0.append(book) } })
    let store = makeStore(book: book)
    store.exhaustivity = .off
    await store.send(.view(.task))
    await store.receive(\._internal.bookLoaded)
    await store.send(.view(.form(.key(.down))))
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.form.pickedIndex == 1)
    // Enter again moves on to the address, and again to its next field: never onto Delete.
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.form.focus == .address(.fullName))
    await store.send(.view(.form(.key(.enter))))
    #expect(saved.value.isEmpty, "Enter after Enter deleted nothing")
    // The first is the default: no "Make default" there. The second's, at the form's end.
    for _ in 0..<12 where store.state.form.focus != .makeDefault { await store.send(.view(.form(.key(.tab)))) }
    #expect(store.state.form.focus == .makeDefault)
    await store.send(.view(.form(.key(.enter))))
    await store.receive(\._internal.bookSaved)
    #expect(saved.value.last == AddressBook(addresses: [.seoul, .sample]))
    #expect(store.state.form.pickedIndex == 0, "the address shown is now the first")
    for _ in 0..<12 where store.state.form.focus != .delete { await store.send(.view(.form(.key(.tab)))) }
    #expect(store.state.form.focus == .delete)
    await store.send(.view(.form(.key(.enter))))
    await store.receive(\._internal.bookSaved)
    #expect(saved.value.last == AddressBook(addresses: [.sample]))
    #expect(store.state.form.pickedIndex == nil, "the deleted address is now a new one, still typed in")
    #expect(store.state.form.address == .seoul)
  }

  @Test func anAccountCustomersFirstCheckoutStartsFromTheAccountsAddress() async {
    let profile = UserProfile(
      id: 1, email: "john@gmail.com", username: "johnd", name: .init(firstname: "john", lastname: "doe"),
      address: Customer.Address(city: "kilcoole", street: "new road", number: 7682, zipcode: "12926-3874", geolocation: nil), phone: "1-570-236-7033"
    )
    let store = makeStore(book: .inMemory(), configure: { $0.apiClient.fetchUserProfile = { _ in profile } })
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.success(.empty)))) {
      $0.book = .loaded(.empty)
      $0.form.offer(.empty, current: ShippingAddress())
    }
    let suggested = ShippingAddress(
      fullName: "John Doe", line1: "7682 New Road", city: "Kilcoole", postalCode: "12926-3874", country: "US", email: "john@gmail.com",
      phone: "1-570-236-7033"
    )
    await store.receive(._internal(.accountAddressLoaded(suggested))) {
      $0.form.fill(with: suggested)
      $0.form.offer(.empty, current: suggested)
    }
    #expect(store.state.form.address.problem(with: .region) == "A state is needed", "FakeStore keeps no state: the shopper gives it")
  }

  /// The account's address may arrive after the shopper began (a slow store). Once they have
  /// used the form it fills nothing, not even a field they emptied: what they paste next would
  /// otherwise land after it ("John DoeAna Lima", which an end-to-end run once showed).
  @Test func anAccountAddressArrivingAfterTheShopperBeganFillsNothing() async {
    let store = makeStore()
    await store.send(.view(.form(.key(.tab)))) {
      $0.hasUsedForm = true
      $0.form.focus = .address(.line1)
      $0.shownMessages = [.fullName]
    }
    await store.send(._internal(.accountAddressLoaded(ShippingAddress(fullName: "John Doe", line1: "7682 New Road", country: "US"))))
    #expect(store.state.form.address == ShippingAddress(country: store.state.form.address.country), "nothing was filled in")
  }

  @Test func aKeyShopperIsNeverLookedUpAsAnAccount() async {
    // fetchUserProfile is left unimplemented: calling it fails the test.
    let store = makeStore(customer: 1_001, book: .inMemory())
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.success(.empty)))) {
      $0.book = .loaded(.empty)
      $0.form.offer(.empty, current: ShippingAddress())
    }
  }

  @Test func aBookThatCannotBeReadIsSaidAndNeverSavedOver() async {
    let book = AddressBookStorage(load: { throw AddressBookError("Your saved addresses could not be read.") }, save: { _ in Issue.record("saved over") })
    let store = makeStore(draft: .sample, book: book)
    await store.send(.view(.task))
    await store.receive(._internal(.rulesLoaded(.standard)))
    await store.receive(._internal(.bookLoaded(.failure(AddressBookError("Your saved addresses could not be read."))))) {
      $0.book = .unavailable("Your saved addresses could not be read.")
      $0.notice = "Your saved addresses could not be read."
    }
    await store.send(.view(.placeOrderTapped))
    await store.receive(\.delegate.placeOrder)
  }

  /// A keystroke neither writes a file nor starts a task: the first change starts one pause, the
  /// keys typed during it start none, and when it ends the cart is handed the draft as it is
  /// then — so typing without a rest is still kept every half second. The pause that is running
  /// is the only effect in flight: the test store would fail on a second one left at the end.
  @Test func theDraftIsHandedOnHalfASecondAfterAChangeWithWhatWasTypedSince() async {
    let clock = WatchedClock()
    let store = makeStore(clock: clock)
    await startAsGuest(store)
    await store.send(.view(.form(.paste("A")))) { $0.hasUsedForm = true; $0.form.fullName.apply(.paste("A")); $0.draftChangePending = true }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(300))
    await store.send(.view(.form(.paste("na")))) { $0.form.fullName.apply(.paste("na")) }
    // 500 ms after the first key, 200 after the second: the pause the first key started ends.
    await clock.advance(by: .milliseconds(200))
    await store.receive(._internal(.draftPauseEnded)) { $0.draftChangePending = false }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(address: ShippingAddress(fullName: "Ana"), delivery: .standard, step: .address))))
    // Typing on starts the next pause.
    await store.send(.view(.form(.paste(" Lima")))) { $0.form.fullName.apply(.paste(" Lima")); $0.draftChangePending = true }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(499))
    await store.send(.view(.form(.key(.backspace)))) { $0.form.fullName.apply(.deleteBackward) }
    await clock.advance(by: .milliseconds(1))
    await store.receive(._internal(.draftPauseEnded)) { $0.draftChangePending = false }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(address: ShippingAddress(fullName: "Ana Lim"), delivery: .standard, step: .address))))
  }

  /// Leaving the step hands the draft on at once and stops the pause: a change after it starts
  /// a pause of its own (a pause left marked as running would keep nothing more).
  @Test func goingToAnotherStepHandsTheDraftOnAndEndsThePause() async {
    let clock = WatchedClock()
    let store = makeStore(draft: .sample, clock: clock)
    await startAsGuest(store)
    await store.send(.view(.editTapped(.address))) { $0.step = .address }
    await store.receive(.delegate(.draftChanged(CheckoutDraft(address: .sample, delivery: .standard, step: .address))))
    await store.send(.view(.form(.paste("!")))) { $0.hasUsedForm = true; $0.form.fullName.apply(.paste("!")); $0.draftChangePending = true }
    await clock.sleeping()
    await store.send(.view(.editTapped(.review))) { $0.step = .review; $0.draftChangePending = false }
    await store.receive(\.delegate.draftChanged)
    await store.send(.view(.editTapped(.address))) { $0.step = .address }
    await store.receive(\.delegate.draftChanged)
    await store.send(.view(.form(.paste("?")))) { $0.form.fullName.apply(.paste("?")); $0.draftChangePending = true }
    await clock.sleeping()
    await clock.advance(by: .milliseconds(500))
    await store.receive(._internal(.draftPauseEnded)) { $0.draftChangePending = false }
    await store.receive(\.delegate.draftChanged)
    #expect(store.state.draft.address.fullName == ShippingAddress.sample.fullName + "!?")
  }

  @Test func controlCharactersAndEscapesNeverReachAField() async {
    let store = makeStore()
    await startAsGuest(store)
    await store.send(.view(.form(.paste("Ana\u{1B}[31m\u{7}Lima\u{202E}")))) { $0.hasUsedForm = true; $0.form.fullName.apply(.paste("Ana\u{1B}[31m\u{7}Lima\u{202E}")); $0.draftChangePending = true }
    await receivePausedDraft(store)
    #expect(store.state.form.address.fullName.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" && $0 != "\u{202E}" })
    #expect(!store.state.form.address.fullName.contains("\u{1B}"))
  }

  @Test func pastedTextIsCutAtTheFieldsBound() async {
    let store = makeStore()
    await startAsGuest(store)
    let long = String(repeating: "가", count: 500)
    await store.send(.view(.form(.paste(long)))) { $0.hasUsedForm = true; $0.form.fullName.apply(.paste(long)); $0.draftChangePending = true }
    await receivePausedDraft(store)
    #expect(store.state.form.address.fullName.count == AddressRules.maximumLength)
  }
}
