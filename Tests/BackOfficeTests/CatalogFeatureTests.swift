import BackOffice
import Boundaries
import Shop
import TerminalKit
import Testing

/// The catalog: every product with its stock; a count set, units added or taken away, the
/// limit lifted; a number out of range said and not sent; a refusal said; a product added and
/// edited through the form, archived after a yes.
@MainActor
struct CatalogFeatureTests {
  nonisolated static let rows = [
    CatalogEntry(product: Samples.catalog[0], archived: false, stock: 3),
    CatalogEntry(product: Samples.catalog[1], archived: false, stock: nil),
    CatalogEntry(product: Samples.catalog[2], archived: false, stock: 0),
  ]

  func makeStore(
    set: @escaping @Sendable (Int, StockSetting) async throws -> StockLevelChange = { _, _ in
      Issue.record("no stock is set")
      return StockLevelChange(productId: 1, before: nil, after: nil)
    },
    entries: @escaping @Sendable () async throws -> [CatalogEntry] = { CatalogFeatureTests.rows }
  ) -> TestStoreOf<CatalogFeature> {
    TestStore(initialState: CatalogFeature.State()) {
      CatalogFeature()
    } withDependencies: {
      $0.adminClient.fetchProducts = entries
      $0.adminClient.setStock = set
    }
  }

  func load(_ store: TestStoreOf<CatalogFeature>) async {
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
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(entry: Self.rows[0], mode: .count) }
    #expect(store.state.editor?.field.text == "3", "the count there is now, to change")
    await store.send(.view(.editorEdited(.deleteBackward))) { $0.editor?.field = TextFieldState(text: "", limit: 8) }
    await store.send(.view(.editorEdited(.paste("12")))) { $0.editor?.field = TextFieldState(text: "12", limit: 8) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.stockSaved.success) {
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
    await store.send(.view(.selectionMoved(.last, visibleRows: 10))) { $0.selectedID = 3 }
    await store.send(.view(.editorOpened(.adjust))) { $0.editor = StockEditor(entry: Self.rows[2], mode: .adjust) }
    // A sign in front, digits after; nothing else is taken.
    await store.send(.view(.editorEdited(.paste("x"))))
    await store.send(.view(.editorEdited(.paste("+5")))) { $0.editor?.field = TextFieldState(text: "+5", limit: 8) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.stockSaved.success) {
      $0.isSaving = false
      $0.rows[id: 3]?.stock = 5
    }
    await store.send(.view(.editorOpened(.count))) {
      var entry = Self.rows[2]
      entry.stock = 5
      $0.editor = StockEditor(entry: entry, mode: .count)
    }
    await store.send(.view(.limitLifted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.stockSaved.success) {
      $0.isSaving = false
      $0.rows[id: 3]?.stock = nil
    }
    #expect(sent.value == [.adjust(by: 5), .count(nil)])
  }

  @Test func aNumberOutOfRangeIsSaidAndNotSent() async {
    let store = makeStore()
    await load(store)
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(entry: Self.rows[0], mode: .count) }
    await store.send(.view(.editorEdited(.paste("9999999")))) { $0.editor?.field = TextFieldState(text: "39999999", limit: 8) }
    await store.send(.view(.editorSubmitted)) { $0.editor?.message = "A count from 0 to 1000000" }
    await store.send(.view(.editorCancelled)) { $0.editor = nil }
    await store.send(.view(.editorOpened(.adjust))) { $0.editor = StockEditor(entry: Self.rows[0], mode: .adjust) }
    await store.send(.view(.editorSubmitted)) { $0.editor?.message = "A number of units, such as 12 or -3" }
  }

  @Test func aRefusalIsSaid() async {
    let store = makeStore { _, _ in throw APIError.other("No product 1") }
    await load(store)
    await store.send(.view(.editorOpened(.count))) { $0.editor = StockEditor(entry: Self.rows[0], mode: .count) }
    await store.send(.view(.editorSubmitted)) {
      $0.editor = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.stockSaved.failure) {
      $0.isSaving = false
      $0.failure = "No product 1"
    }
    #expect(store.state.rows[id: 1]?.stock == 3)
  }

  /// A new product: a blank form is refused field by field, then filled in and sent; the
  /// catalog is fetched again for the stock it was given.
  @Test func aProductIsAdded() async {
    let added = Product(id: 4, title: "Ink", price: Money(cents: 850), category: "stationery", imageURL: "upload-1.png")
    let afterwards = Self.rows + [CatalogEntry(product: added, archived: false, stock: 40)]
    let fetches = Answers([Self.rows, afterwards])
    let store = makeStore(entries: { fetches.next() })
    store.dependencies.adminClient.addProduct = { draft in
      #expect(draft == ProductDraft(title: "Ink", price: Money(cents: 850), category: "stationery", picture: .file("/srv/ink.png"), stock: 40))
      return added
    }
    await load(store)
    await store.send(.view(.formOpened(editing: false))) { $0.form = ProductForm(categories: ["stationery"]) }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.view(.form(.key(.tab))))
    await store.send(.view(.form(.key(.tab))))
    await store.send(.view(.form(.key(.tab))))
    await store.send(.view(.form(.key(.tab))))
    await store.send(.view(.form(.key(.tab))))
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.form?.messages == [.title: "Needed", .price: "A price in dollars, such as 12.50", .category: "Needed"])
    #expect(store.state.form?.focus == .title)
    for (text, last) in [("Ink", false), ("8.50", false), ("stationery", false), ("", false), ("40", false), ("/srv/ink.png", true)] {
      if !text.isEmpty { await store.send(.view(.form(.paste(text)))) }
      if !last { await store.send(.view(.form(.key(.tab)))) }
    }
    store.exhaustivity = .on
    // The form stays, what was typed in it, until the store has taken it.
    await store.send(.view(.form(.key(.enter)))) { $0.isSaving = true }
    await store.receive(\._internal.productSaved.success) {
      $0.isSaving = false
      $0.form = nil
      $0.rows.append(CatalogEntry(product: added, archived: false, stock: nil))
      $0.selectedID = 4
    }
    await store.receive(\._internal.loaded.success) { $0.rows[id: 4]?.stock = 40 }
  }

  /// The form has Save and Cancel buttons (it once could only be saved by Enter on its last
  /// field): Save checks and sends what was typed, Cancel closes the form.
  @Test func theFormsButtonsSaveAndCancel() async {
    let store = makeStore()
    store.dependencies.adminClient.addProduct = { draft in
      Product(id: 4, title: draft.title, price: draft.price, category: draft.category)
    }
    await load(store)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.view(.formOpened(editing: false)))
    let fields = store.state.form?.form.fields.map(\.id)
    #expect(fields?.suffix(2) == [.save, .cancel])
    for text in ["Ink", "8.50", "stationery"] {
      await store.send(.view(.form(.paste(text))))
      await store.send(.view(.form(.key(.tab))))
    }
    // Tab on past the description, stock and picture to the Save button, then Enter.
    for _ in 0..<3 { await store.send(.view(.form(.key(.tab)))) }
    #expect(store.state.form?.focus == .save)
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.isSaving, "Save sent the product")
    await store.receive(\._internal.productSaved.success)

    await store.send(.view(.formOpened(editing: false)))
    await store.send(.view(.form(.paste("Half-typed"))))
    for _ in 0..<7 { await store.send(.view(.form(.key(.tab)))) }
    #expect(store.state.form?.focus == .cancel)
    await store.send(.view(.form(.key(.enter))))
    #expect(store.state.form == nil, "Cancel closed the form")
  }

  /// The store refuses the picture: the form comes back with everything typed, the reason
  /// under the picture field.
  @Test func aRefusedProductKeepsItsForm() async {
    let store = makeStore()
    store.dependencies.adminClient.addProduct = { _ in
      throw APIError.other("Picture: /srv/none.png is not a readable PNG, JPEG or WebP file of at most 4 MiB")
    }
    await load(store)
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.view(.formOpened(editing: false)))
    for (index, text) in ["Ink", "8.50", "stationery", "", "", "/srv/none.png"].enumerated() {
      if !text.isEmpty { await store.send(.view(.form(.paste(text)))) }
      if index < 5 { await store.send(.view(.form(.key(.tab)))) }
    }
    await store.send(.view(.form(.key(.enter))))
    await store.receive(\._internal.productSaved.failure)
    #expect(store.state.form?.title.text == "Ink" && store.state.form?.picture.text == "/srv/none.png", "nothing typed is lost")
    #expect(store.state.form?.messages == [.picture: "/srv/none.png is not a readable PNG, JPEG or WebP file of at most 4 MiB"])
    #expect(store.state.form?.focus == .picture && !store.state.isSaving)
  }

  @Test func aProductIsArchivedAfterAYes() async {
    let store = makeStore()
    store.dependencies.adminClient.setArchived = { id, archived in
      #expect(id == 1 && archived)
      return CatalogEntry(product: Samples.catalog[0], archived: true, stock: 3)
    }
    await load(store)
    await store.send(.view(.archiveTapped)) { $0.pendingArchive = Self.rows[0] }
    // Nothing else opens while the question is asked.
    await store.send(.view(.formOpened(editing: true)))
    await store.send(.view(.archiveConfirmed)) {
      $0.pendingArchive = nil
      $0.isSaving = true
    }
    await store.receive(\._internal.archiveSaved.success) {
      $0.isSaving = false
      $0.rows[id: 1]?.archived = true
    }
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
    await store.send(.view(.selectionMoved(.last, visibleRows: 8))) {
      $0.scroll.visibleRows = 8
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
      // The selection stays on its entry; the table draws it in view (rows 43…50) from the
      // offset kept.
    }
    var drawn = store.state.scroll
    drawn.resize(to: 8, showing: store.state.selectedIndex, count: store.state.entries.count)
    #expect(drawn.offset == 43)
    #expect(store.state.entries.count == 61 && store.state.selectedID == 11)
    pulses.continuation.finish()
    await store.finish()
  }
}

/// The console: the catalog's rows name the lines of orders — a product added a moment ago
/// too — and the tabs switch.
@MainActor
struct BackOfficeFeatureTests {
  @Test func theCatalogNamesTheLinesAndTheTabsSwitch() async {
    let added = Product(id: 4, title: "Ink", price: Money(cents: 850), category: "stationery")
    let fetches = Answers([CatalogFeatureTests.rows, CatalogFeatureTests.rows + [CatalogEntry(product: added, archived: false, stock: nil)]])
    let store = TestStore(initialState: BackOfficeFeature.State(storeName: "shop.example")) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient.fetchProducts = { fetches.next() }
      $0.adminClient.addProduct = { _ in added }
    }
    #expect(store.state.title(of: 2) == "Product 2", "by number until the catalog comes")
    await store.send(._internal(.catalog(.view(.task)))) { $0.catalog.loading = .loading }
    await store.receive(\._internal.catalog._internal.loaded.success) {
      $0.catalog.rows = IdentifiedArray(uniqueElements: CatalogFeatureTests.rows)
      $0.catalog.loading = .loaded
      $0.catalog.selectedID = 1
    }
    #expect(store.state.title(of: 2) == "Brass pen")
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(._internal(.catalog(.view(.formOpened(editing: false)))))
    for text in ["Ink", "8.50", "stationery"] {
      await store.send(._internal(.catalog(.view(.form(.paste(text))))))
      await store.send(._internal(.catalog(.view(.form(.key(.tab))))))
    }
    await store.send(._internal(.catalog(.view(.form(.key(.tab))))))
    await store.send(._internal(.catalog(.view(.form(.key(.tab))))))
    await store.send(._internal(.catalog(.view(.form(.key(.enter))))))
    await store.receive(\._internal.catalog._internal.productSaved.success)
    await store.receive(\._internal.catalog._internal.loaded.success)
    #expect(store.state.title(of: 4) == "Ink", "a product added in this session names its orders' lines")
    store.exhaustivity = .on
    await store.send(.view(.tabSelected(.catalog))) { $0.tab = .catalog }
    await store.send(.view(.tabSelected(.audit))) { $0.tab = .audit }
  }
}

/// The customers' order counts are fetched again when their tab is shown again: an order placed
/// while the operator looked at another tab counts. (They once stayed 0 until `r`.)
@MainActor
struct CustomersTabTests {
  @Test func comingBackToTheCustomersFetchesTheirCountsAgain() async {
    let before = [CustomerSummary(id: 1, kind: .account, name: "Ana")]
    let after = [CustomerSummary(id: 1, kind: .account, name: "Ana", orderCount: 1)]
    let pages = Answers([before, after])
    let store = TestStore(initialState: BackOfficeFeature.State(storeName: "shop.example")) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient.fetchCustomers = { _ in pages.next() }
    }
    await store.send(.view(.tabSelected(.customers))) { $0.tab = .customers }
    await store.send(._internal(.customers(.view(.task)))) { $0.customers.loading = .loading }
    await store.receive(\._internal.customers._internal.pageLoaded) {
      $0.customers.customers = IdentifiedArray(uniqueElements: before)
      $0.customers.loading = .loaded
      $0.customers.selectedID = 1
    }
    await store.send(.view(.tabSelected(.orders))) { $0.tab = .orders }
    await store.send(.view(.tabSelected(.customers))) {
      $0.tab = .customers
      $0.customers.loading = .loading
    }
    await store.receive(\._internal.customers._internal.pageLoaded) {
      $0.customers.customers = IdentifiedArray(uniqueElements: after)
      $0.customers.loading = .loaded
    }
    #expect(store.state.customers.customers[id: 1]?.orderCount == 1)
  }
}

/// The customers: a page, the next as the selection reaches its end, and one opened (handed to
/// the console's drill-down, where ``CustomerDetailFeatureTests`` take it on).
@MainActor
struct CustomersFeatureTests {
  nonisolated static func page(_ ids: ClosedRange<Int>) -> [CustomerSummary] {
    ids.map { CustomerSummary(id: $0, kind: $0 > 1_000 ? .key : .account, name: "customer \($0)") }
  }

  @Test func pagesAndOpening() async {
    let first = Self.page(1...2) + Self.page(1_001...1_198)
    let store = TestStore(initialState: CustomersFeature.State()) {
      CustomersFeature()
    } withDependencies: {
      $0.adminClient.fetchCustomers = { after in after == 0 ? first : Self.page(1_199...1_210) }
    }
    await store.send(.view(.task)) { $0.loading = .loading }
    await store.receive(\._internal.pageLoaded) {
      $0.customers = IdentifiedArray(uniqueElements: first)
      $0.hasMore = true
      $0.loading = .loaded
      $0.selectedID = 1
    }
    await store.send(.view(.selectionMoved(.last, visibleRows: 8))) {
      $0.scroll.visibleRows = 8
      $0.selectedID = 1_198
      $0.scroll.offset = 192
      $0.loading = .loading
    }
    await store.receive(\._internal.pageLoaded) {
      $0.customers.append(contentsOf: Self.page(1_199...1_210))
      $0.hasMore = false
      $0.loading = .loaded
    }
    // Opening a customer asks the console to put them on its drill-down.
    await store.send(.view(.opened))
    await store.receive(\.delegate.customerOpened, 1_198)
    await store.send(.view(.selectionMoved(.up, visibleRows: 8))) { $0.selectedID = 1_197 }
    await store.send(.view(.opened))
    await store.receive(\.delegate.customerOpened, 1_197)
  }
}
