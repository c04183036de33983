import BackOffice
import Boundaries
import Shop
import TerminalKit
import Testing

/// The stock table: the catalog with each product's stock; a count set, units added or taken
/// away, the limit lifted; a number out of range said and not sent; a refusal said.
@MainActor
struct StockFeatureTests {
  static let rows = [
    StockRow(id: 1, title: "Dot-grid notebook", category: "stationery", price: Money(cents: 1_450), stock: 3),
    StockRow(id: 2, title: "Brass pen", category: "stationery", price: Money(cents: 3_295), stock: nil),
    StockRow(id: 3, title: "Letter set", category: "stationery", price: Money(cents: 1_200), stock: 0),
  ]

  func makeStore(set: @escaping @Sendable (Int, StockSetting) async throws -> StockLevelChange) -> TestStoreOf<StockFeature> {
    TestStore(initialState: StockFeature.State()) {
      StockFeature()
    } withDependencies: {
      $0.adminClient.fetchCatalog = { Samples.catalog }
      $0.adminClient.fetchStock = { [1: 3, 2: nil, 3: 0] }
      $0.adminClient.setStock = set
    }
  }

  func load(_ store: TestStoreOf<StockFeature>) async {
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.loaded.success) {
      $0.rows = IdentifiedArray(uniqueElements: Self.rows)
      $0.loading = .loaded
      $0.selectedID = 1
    }
  }

  @Test func aCountIsSet() async {
    let store = makeStore { id, setting in
      #expect(id == 1 && setting == .count(12))
      return StockLevelChange(productId: 1, before: 3, after: 12)
    }
    await load(store)
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(row: Self.rows[0], mode: .count) }
    #expect(store.state.editor?.field.text == "3", "the count there is now, to change")
    await store.send(.view(.editorEdited(.deleteBackward))) { $0.editor?.field = TextFieldState(text: "", limit: 8) }
    await store.send(.view(.editorEdited(.paste("12")))) { $0.editor?.field = TextFieldState(text: "12", limit: 8) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.saved.success) {
      $0.isSaving = false
      $0.rows[id: 1]?.stock = 12
    }
  }

  @Test func unitsAreAddedOrTakenAwayAndTheLimitLifted() async {
    let sent = LockIsolated<[StockSetting]>([])
    let store = makeStore { id, setting in
      sent.withValue { $0.append(setting) }
      return StockLevelChange(productId: id, before: 0, after: setting == .count(nil) ? nil : 5)
    }
    await load(store)
    await store.send(.view(.selectionMoved(.last))) { $0.selectedID = 3 }
    await store.send(.view(.editorOpened(.adjust))) { $0.editor = StockEditor(row: Self.rows[2], mode: .adjust) }
    // A sign in front, digits after; nothing else is taken.
    await store.send(.view(.editorEdited(.paste("x"))))
    await store.send(.view(.editorEdited(.paste("+5")))) { $0.editor?.field = TextFieldState(text: "+5", limit: 8) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.saved.success) {
      $0.isSaving = false
      $0.rows[id: 3]?.stock = 5
    }
    await store.send(.view(.editorOpened(.count))) {
      var row = Self.rows[2]
      row.stock = 5
      $0.editor = StockEditor(row: row, mode: .count)
    }
    await store.send(.view(.limitLifted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.saved.success) {
      $0.isSaving = false
      $0.rows[id: 3]?.stock = nil
    }
    #expect(sent.value == [.adjust(by: 5), .count(nil)])
  }

  @Test func aNumberOutOfRangeIsSaidAndNotSent() async {
    let store = makeStore { _, _ in
      Issue.record("nothing is sent")
      return StockLevelChange(productId: 1, before: nil, after: nil)
    }
    await load(store)
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(row: Self.rows[0], mode: .count) }
    await store.send(.view(.editorEdited(.paste("9999999")))) { $0.editor?.field = TextFieldState(text: "39999999", limit: 8) }
    await store.send(.view(.editorSubmitted)) { $0.editor?.message = "A count from 0 to 1000000" }
    await store.send(.view(.editorCancelled)) { $0.editor = nil }
    await store.send(.view(.editorOpened(.adjust))) { $0.editor = StockEditor(row: Self.rows[0], mode: .adjust) }
    await store.send(.view(.editorSubmitted)) { $0.editor?.message = "A number of units, such as 12 or -3" }
  }

  @Test func aRefusalIsSaid() async {
    let store = makeStore { _, _ in throw APIError.other("No product 1") }
    await load(store)
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(row: Self.rows[0], mode: .count) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.saved.failure) {
      $0.isSaving = false
      $0.failure = "No product 1"
    }
    #expect(store.state.rows[id: 1]?.stock == 3)
  }
}

/// The audit: the newest page, the next one as the selection reaches the end, new entries in
/// front when the pulse moves.
@MainActor
struct AuditFeatureTests {
  nonisolated static func entries(_ ids: ClosedRange<Int>) -> [AuditEntry] {
    ids.reversed().map {
      AuditEntry(id: $0, at: Samples.placedAt, actor: "admin token", subject: "order \($0)", change: "status", before: "Placed", after: "Packed")
    }
  }

  @Test func pagesAndNewEntries() async {
    let pulses = AsyncStream.makeStream(of: BackOfficePulse.self)
    let newest = Answers([Self.entries(11...60), Self.entries(12...61)])
    let store = TestStore(initialState: AuditFeature.State()) {
      AuditFeature()
    } withDependencies: {
      $0.adminClient.fetchAudit = { before in before == nil ? newest.next() : Self.entries(1...10) }
      $0.pulseWatch = PulseWatch { pulses.stream }
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.entries = IdentifiedArray(uniqueElements: Self.entries(11...60))
      $0.hasMore = true
      $0.loading = .loaded
      $0.selectedID = 60
    }
    await store.send(.view(.visibleRowCountChanged(8))) { $0.scroll.visibleRows = 8 }
    await store.send(.view(.selectionMoved(.last))) {
      $0.selectedID = 11
      $0.scroll.offset = 42
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.entries.append(contentsOf: Self.entries(1...10))
      $0.hasMore = false
      $0.loading = .loaded
    }
    pulses.continuation.yield(BackOfficePulse(newestOrder: 1, newestAudit: 61))
    await store.receive(\._internal.pulseHeard)
    await store.receive(\._internal.pageLoaded) {
      $0.entries.insert(Self.entries(61...61)[0], at: 0)
      // The selection stays on its entry, and in view.
      $0.scroll.offset = 43
    }
    #expect(store.state.entries.count == 61 && store.state.selectedID == 11)
    pulses.continuation.finish()
    await store.finish()
  }
}

/// The console: the catalog fetched once, and the tabs.
@MainActor
struct BackOfficeFeatureTests {
  @Test func theCatalogNamesTheLinesAndTheTabsSwitch() async {
    let store = TestStore(initialState: BackOfficeFeature.State(storeName: "shop.example")) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient.fetchCatalog = { Samples.catalog }
    }
    #expect(store.state.title(of: 2) == "Product 2", "by number until the catalog comes")
    await store.send(.view(.task))
    await store.receive(\._internal.catalogLoaded.success) {
      $0.catalog = Dictionary(uniqueKeysWithValues: Samples.catalog.map { ($0.id, $0) })
    }
    #expect(store.state.title(of: 2) == "Brass pen")
    await store.send(.view(.tabSelected(.stock))) { $0.tab = .stock }
    await store.send(.view(.tabSelected(.audit))) { $0.tab = .audit }
  }
}

/// The customers: a page, the next as the selection reaches its end, one opened and closed, and
/// a record that cannot be fetched said.
@MainActor
struct CustomersFeatureTests {
  nonisolated static func page(_ ids: ClosedRange<Int>) -> [CustomerSummary] {
    ids.map { CustomerSummary(id: $0, kind: $0 > 1_000 ? .key : .account, name: "customer \($0)") }
  }

  @Test func pagesAndARecord() async {
    let first = Self.page(1...2) + Self.page(1_001...1_198)
    let store = TestStore(initialState: CustomersFeature.State()) {
      CustomersFeature()
    } withDependencies: {
      $0.adminClient.fetchCustomers = { after in after == 0 ? first : Self.page(1_199...1_210) }
      $0.adminClient.fetchCustomer = { number in
        guard number == 1_198 else { throw APIError.other("No customer \(number)") }
        return CustomerRecord(customer: Self.page(1_198...1_198)[0], addresses: .empty, orders: [Samples.order(4, customer: 1_198)])
      }
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.customers = IdentifiedArray(uniqueElements: first)
      $0.hasMore = true
      $0.loading = .loaded
      $0.selectedID = 1
    }
    await store.send(.view(.visibleRowCountChanged(8))) { $0.scroll.visibleRows = 8 }
    await store.send(.view(.selectionMoved(.last))) {
      $0.selectedID = 1_198
      $0.scroll.offset = 192
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.customers.append(contentsOf: Self.page(1_199...1_210))
      $0.hasMore = false
      $0.loading = .loaded
    }
    await store.send(.view(.opened)) { $0.opening = .loading(1_198) }
    await store.receive(\._internal.recordLoaded.success) {
      $0.opening = nil
      $0.record = CustomerRecord(customer: Self.page(1_198...1_198)[0], addresses: .empty, orders: [Samples.order(4, customer: 1_198)])
    }
    // The list stays where it is while a record is open.
    await store.send(.view(.selectionMoved(.up)))
    await store.send(.view(.closed)) { $0.record = nil }
    await store.send(.view(.selectionMoved(.up))) { $0.selectedID = 1_197 }
    await store.send(.view(.opened)) { $0.opening = .loading(1_197) }
    await store.receive(\._internal.recordLoaded.failure) { $0.opening = .failed(1_197, "No customer 1197") }
  }
}
