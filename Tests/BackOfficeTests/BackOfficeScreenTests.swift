import BackOffice
import BackOfficeTerminal
import Boundaries
import Foundation
import SnapshotTesting
import Shop
import TerminalKit
import TerminalKitTesting
import Testing

/// The back office, keys in and screens out, through the same program the console runs: each
/// screen at 80×24 and 120×40 against a store that answers from memory, and the keys that
/// decide what the operator can do from where.
@MainActor
struct BackOfficeScreenTests {
  /// A store in memory: the sample orders, the stock, the audit, and the moves it takes.
  final class FakeStore: Sendable {
    static let customers = [
      CustomerSummary(id: 1, kind: .account, name: "Ada Lovelace (ada)", orderCount: 29, firstOrder: Samples.placedAt, lastOrder: Samples.placedAt.addingTimeInterval(1_740)),
      CustomerSummary(id: 2, kind: .account, name: "Grace Hopper (grace)"),
      CustomerSummary(id: 1_001, kind: .key, name: "SHA256:k3yF1ngerpr1nt", orderCount: 1, firstOrder: Samples.placedAt.addingTimeInterval(1_800), lastOrder: Samples.placedAt.addingTimeInterval(1_800)),
    ]

    let orders = LockIsolated(Samples.orders(1...30).map { $0.id == 30 ? Samples.order(30, customer: 1_001, product: 2, quantity: 1) : $0 })
    let stock = LockIsolated<[Int: Int?]>([1: 3, 2: nil, 3: 0])
    let audit = LockIsolated<[AuditEntry]>([])

    var client: AdminClient {
      AdminClient(
        fetchProducts: {
          Samples.catalog.map { product in CatalogEntry(product: product, archived: false, stock: self.stock.value[product.id] ?? nil) }
        },
        addProduct: { draft in Product(id: 4, title: draft.title, price: draft.price, category: draft.category) },
        updateProduct: { id, draft in Product(id: id, title: draft.title, price: draft.price, category: draft.category) },
        setArchived: { id, archived in CatalogEntry(product: Samples.catalog[id - 1], archived: archived, stock: nil) },
        fetchOrders: { query in
          self.orders.value.filter { order in
            (query.status == nil || order.status == query.status) && (query.search == nil || order.id == query.search || order.userId == query.search)
              && (query.before == nil || order.id < query.before!)
          }.prefix(query.limit).map { $0 }
        },
        moveOrder: { id, request in
          try self.orders.withValue { orders in
            guard let index = orders.firstIndex(where: { $0.id == id }) else { throw APIError.other("No order \(id)") }
            orders[index] = Samples.moved(orders[index], to: request)
            self.audit.withValue {
              $0.insert(AuditEntry(id: $0.count + 1, at: Samples.placedAt.addingTimeInterval(3_600), actor: "key SHA256:operator", subject: "order \(id)", change: "status", before: "Placed", after: request.status.name), at: 0)
            }
            return orders[index]
          }
        },
        setStock: { id, setting in
          self.stock.withValue { stock in
            let before = stock[id] ?? nil
            stock[id] = .some(setting.applied(to: before))
            return StockLevelChange(productId: id, before: before, after: setting.applied(to: before))
          }
        },
        fetchAudit: { _ in self.audit.value },
        fetchPulse: { BackOfficePulse(newestOrder: self.orders.value.first?.id ?? 0, newestAudit: self.audit.value.count) },
        fetchCustomers: { after in Self.customers.filter { $0.id > after } },
        fetchCustomer: { number in
          guard let customer = Self.customers.first(where: { $0.id == number }) else { throw APIError.other("No customer \(number)") }
          return CustomerRecord(
            customer: customer, addresses: AddressBook(addresses: [Samples.address]),
            orders: self.orders.value.filter { $0.userId == number }.prefix(3).map { $0 }
          )
        }
      )
    }
  }

  func makeSession(size: Size, store fake: FakeStore = FakeStore()) async -> ProgramLoop<BackOfficeProgram, RecordingTerminal> {
    let store = Store(initialState: BackOfficeFeature.State(storeName: "shop.example")) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient = fake.client
    }
    let session = ProgramLoop(
      program: BackOfficeProgram(store: store), backend: RecordingTerminal(size: size, theme: .color), waitsForWork: true, tickInterval: nil
    )
    await session.start()
    return session
  }

  nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

  func screen(_ session: ProgramLoop<BackOfficeProgram, RecordingTerminal>) -> Canvas { session.frame().canvas }

  @Test(arguments: sizes)
  func everyScreen(size: Size) async {
    let name = "\(size.width)x\(size.height)"
    let session = await makeSession(size: size)
    assertSnapshot(of: screen(session), as: .text, named: "orders.\(name)")
    expectFocus(screen(session), on: "orders")
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "order.\(name)")
    expectFocus(screen(session), on: "order")
    await session.press(.character("p"))
    assertSnapshot(of: screen(session), as: .text, named: "confirm.\(name)")
    expectFocus(screen(session), on: "confirm")
    await session.press(.character("y"))
    await session.press(.character("s"))
    await session.press(.enter)
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "ship-form-blank.\(name)")
    expectFocus(screen(session), on: "ship-form-blank")
    await session.press(.escape)
    await session.press(.escape)
    await session.press(.character("f"))
    assertSnapshot(of: screen(session), as: .text, named: "orders-placed.\(name)")
    expectFocus(screen(session), on: "orders-placed")
    await session.press(.tab)
    assertSnapshot(of: screen(session), as: .text, named: "stock.\(name)")
    expectFocus(screen(session), on: "stock")
    await session.press(.character("a"))
    assertSnapshot(of: screen(session), as: .text, named: "stock-editor.\(name)")
    expectFocus(screen(session), on: "stock-editor")
    await session.press(.escape)
    await session.press(.character("n"))
    for _ in 0..<5 { await session.press(.tab) }
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "product-form-blank.\(name)")
    expectFocus(screen(session), on: "product-form-blank")
    await session.press(.escape)
    await session.press(.character("x"))
    assertSnapshot(of: screen(session), as: .text, named: "archive-question.\(name)")
    expectFocus(screen(session), on: "archive-question")
    await session.press(.character("n"))
    await session.press(.tab)
    assertSnapshot(of: screen(session), as: .text, named: "customers.\(name)")
    expectFocus(screen(session), on: "customers")
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "customer.\(name)")
    expectFocus(screen(session), on: "customer")
    // The customer's newest order, on top of them: the breadcrumb names the way there.
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "customer-order.\(name)")
    expectFocus(screen(session), on: "customer-order")
    await session.press(.escape)
    await session.press(.escape)
    await session.press(.tab)
    // The pulse is not heard here: `r` fetches what the moves above wrote.
    await session.press(.character("r"))
    assertSnapshot(of: screen(session), as: .text, named: "audit.\(name)")
    expectFocus(screen(session), on: "audit")
    assertSnapshot(of: screen(session), as: .svg, named: "audit.\(name)")
    await session.press(.enter)
    assertSnapshot(of: screen(session), as: .text, named: "audit-entry.\(name)")
    expectFocus(screen(session), on: "audit-entry")
  }

  /// What the row the focus is on says from the focus on, screen by screen of the walk above
  /// (`nil`: the point of input of a field, where the cursor shows).
  static let focusedText: [String: String?] = [
    "orders": "    #30", "order": "Order #30", "confirm": "Mark order #30 as packed?", "ship-form-blank": nil, "orders-placed": "    #29",
    "stock": "    1 Dot-grid notebook", "stock-editor": nil, "product-form-blank": nil, "archive-question": "Archive Dot-grid",
    "customers": "      1 Ada Lovelace", "customer": "› #29", "customer-order": "Customer 1 › Order #29", "audit": "2026-11-21 12:20", "audit-entry": "Change 1",
  ]

  /// Every screen of the console says where its focus is, and the terminal's cursor rests there.
  func expectFocus(_ screen: Canvas, on name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let focus = screen.focus, let expected = Self.focusedText[name] else {
      Issue.record("\(name): no focus", sourceLocation: sourceLocation)
      return
    }
    guard let expected else {
      #expect(screen.focusIsInput, "\(name): the cursor at the point of input", sourceLocation: sourceLocation)
      return
    }
    let said = screen.textRows[focus.y].dropFirst(focus.x)
    #expect(said.hasPrefix(expected), "\(name): the cursor is at “\(said)”", sourceLocation: sourceLocation)
  }

  /// A refusal longer than the status line is shown whole in the empty list's place (the
  /// admin token's message lost its end at 100 columns).
  @Test func aLongRefusalIsShownWhole() async {
    let reason = "The store refused the admin token: is --admin-token-file the file onlinestore-api was started with?"
    var client = FakeStore().client
    client.fetchOrders = { _ in throw APIError.other(reason) }
    let store = Store(initialState: BackOfficeFeature.State(storeName: "shop.example")) {
      BackOfficeFeature()
    } withDependencies: {
      $0.adminClient = client
    }
    let session = ProgramLoop(
      program: BackOfficeProgram(store: store), backend: RecordingTerminal(size: Size(width: 100, height: 24), theme: .color),
      waitsForWork: true, tickInterval: nil
    )
    await session.start()
    let rows = screen(session).textRows.map { row in String(row.unicodeScalars.filter { !(0x2500...0x257F).contains($0.value) }.map(Character.init)) }
    let words = rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains(reason), "\(screen(session).plainText)")
  }

  /// An entry longer than its row is opened whole: the table cuts a long address at 100
  /// columns, the sheet wraps it, and Esc goes back to the table.
  @Test func anAuditEntryOpensWhole() async {
    let fake = FakeStore()
    let before = "Ada Lovelace, 12 Marylebone High Street, Flat 3, London W1U 4NS, United Kingdom, ada@example.com"
    let after = "Ada Lovelace, 9 Rue de la Paix, Escalier B, 75002 Paris, France, ada@example.com, +33 1 23 45 67 89"
    fake.audit.setValue([
      AuditEntry(id: 7, at: Samples.placedAt, actor: "key SHA256:k3yF1ngerpr1ntThatIsLongerThanItsColumnWouldShow", subject: "customer 1", change: "address", before: before, after: after)
    ])
    let session = await makeSession(size: Size(width: 100, height: 30), store: fake)
    await session.press(.character("4"))
    let table = screen(session).plainText
    #expect(!table.contains("United Kingdom"), "the table row is cut")
    await session.press(.enter)
    let words = Self.words(of: screen(session))
    for whole in [before, after, "key SHA256:k3yF1ngerpr1ntThatIsLongerThanItsColumnWouldShow"] {
      #expect(words.contains(whole.split(separator: " ").joined(separator: " ")), "\(screen(session).plainText)")
    }
    #expect(screen(session).plainText.contains("Esc back to the audit"))
    await session.press(.escape)
    #expect(session.program.store.state.audit.opened == nil)
    #expect(screen(session).plainText == table)
  }

  /// The words on screen in reading order, box drawing left out: text wrapped over lines reads
  /// as it was written.
  static func words(of screen: Canvas) -> String {
    let rows = screen.textRows.map { row in String(row.unicodeScalars.filter { !(0x2500...0x257F).contains($0.value) }.map(Character.init)) }
    return rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
  }

  @Test func aScreenTooSmallSaysWhatItNeeds() async {
    let session = await makeSession(size: Size(width: 50, height: 10))
    let text = screen(session).plainText
    #expect(text.contains("needs 60×14") && text.contains("this is 50×10"), "\(text)")
  }

  /// An operator ships an order by keyboard: the store takes the move, the table and the audit
  /// show it.
  @Test func shippingByKeyboard() async {
    let fake = FakeStore()
    let session = await makeSession(size: Size(width: 100, height: 30), store: fake)
    await session.press(.enter)
    for key: Key in [.character("p"), .character("y"), .character("s")] { await session.press(key) }
    await session.paste("DHL")
    await session.press(.tab)
    await session.paste("JD0001")
    await session.press(.enter)
    #expect(screen(session).plainText.contains("Ship order #30 with DHL, tracking JD0001?"))
    await session.press(.enter)
    #expect(fake.orders.value.first { $0.id == 30 }?.history.last?.summary == "Shipped with DHL, JD0001")
    await session.press(.escape)
    #expect(screen(session).plainText.contains("Shipped with DHL, JD0001"), "the table shows it")
    await session.press(.character("4"))
    await session.press(.character("r"))
    #expect(screen(session).plainText.contains("key SHA256:operator"), "\(screen(session).plainText)")
  }

  /// Keys the open thing does not take go nowhere: typing into the search or the stock editor
  /// never switches tabs or quits.
  @Test func typingNeverLeavesTheField() async {
    let session = await makeSession(size: Size(width: 80, height: 24))
    await session.press(.character("/"))
    for key: Key in [.character("q"), .tab, .character("3")] { #expect(await session.press(key), "\(key) did not end the program") }
    #expect(session.program.store.state.tab == .orders)
    #expect(session.program.store.state.orders.searchField?.text == "3", "letters dropped, the digit typed")
    await session.press(.escape)
    await session.press(.character("2"))
    await session.press(.enter)
    await session.press(.tab)
    #expect(session.program.store.state.tab == .catalog && session.program.store.state.catalog.editor != nil)
    #expect(await session.press(.character("q")) && session.program.store.state.catalog.editor != nil)
  }
}
