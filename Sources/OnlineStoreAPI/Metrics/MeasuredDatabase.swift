import Foundation
import StoreModels

/// A database whose every operation is timed into ``APIMetrics`` as
/// `db.client.operation.duration`, by operation (`place`, `openCart`, `stock`, …: a fixed set,
/// the protocol's methods) and system (`sqlite` or `postgresql`). Put in front of the store's
/// database only when the operator asked for metrics, so that a server without them pays
/// nothing.
struct MeasuredDatabase: StoreDatabase {
  let base: any StoreDatabase
  let metrics: APIMetrics
  let system: String

  init(_ base: any StoreDatabase, metrics: APIMetrics) {
    self.base = base
    self.metrics = metrics
    system = base is PostgresStoreDatabase ? "postgresql" : "sqlite"
  }

  /// Runs `operation`, timing it whether it returns or throws.
  private func timed<Value>(_ name: String, _ operation: () async throws -> Value) async throws -> Value {
    let began = ContinuousClock.now
    defer { metrics.databaseOperation(name, system: system, took: began.duration(to: .now)) }
    return try await operation()
  }

  func prepare(loading catalog: StoreCatalog) async throws -> StoreCatalog { try await timed("prepare") { try await base.prepare(loading: catalog) } }
  func place(_ order: NewOrder) async throws -> PlacedOrder { try await timed("place") { try await base.place(order) } }
  func replay(_ order: NewOrder) async throws -> StoredOrder? { try await timed("replay") { try await base.replay(order) } }
  func orders(_ filter: OrderFilter) async throws -> [StoredOrder] { try await timed("orders") { try await base.orders(filter) } }
  func order(id: Int) async throws -> StoredOrder? { try await timed("order") { try await base.order(id: id) } }
  func changeStatus(of id: Int, to change: OrderStatusChange, by actor: String) async throws -> StoredOrder {
    try await timed("changeStatus") { try await base.changeStatus(of: id, to: change, by: actor) }
  }
  func addressBook(of customer: Int) async throws -> AddressBook { try await timed("addressBook") { try await base.addressBook(of: customer) } }
  func saveAddressBook(_ book: AddressBook, of customer: Int) async throws {
    try await timed("saveAddressBook") { try await base.saveAddressBook(book, of: customer) }
  }
  func close() async { await base.close() }

  func stock() async throws -> [Int: Int?] { try await timed("stock") { try await base.stock() } }
  func setStock(of id: Int, _ setting: StockSetting, by actor: String, at time: Date) async throws -> StockChange {
    try await timed("setStock") { try await base.setStock(of: id, setting, by: actor, at: time) }
  }
  func audit(limit: Int, before: Int?) async throws -> [AuditEntry] { try await timed("audit") { try await base.audit(limit: limit, before: before) } }
  func pulse() async throws -> BackOfficePulse { try await timed("pulse") { try await base.pulse() } }
  func keyCustomers(after: Int, limit: Int) async throws -> [KeyCustomerRow] {
    try await timed("keyCustomers") { try await base.keyCustomers(after: after, limit: limit) }
  }
  func activity(of customers: [Int]) async throws -> [Int: CustomerActivity] { try await timed("activity") { try await base.activity(of: customers) } }

  func catalogVersion() async throws -> Int { try await timed("catalogVersion") { try await base.catalogVersion() } }
  func catalogContents() async throws -> CatalogContents { try await timed("catalogContents") { try await base.catalogContents() } }
  func catalogPicture(named name: String) async throws -> CatalogPictures.Picture? {
    try await timed("catalogPicture") { try await base.catalogPicture(named: name) }
  }
  func addProduct(_ draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    try await timed("addProduct") { try await base.addProduct(draft, picture: picture, by: actor, at: time) }
  }
  func updateProduct(_ id: Int, to draft: ProductDraft, picture: StoredPicture?, by actor: String, at time: Date) async throws -> Product {
    try await timed("updateProduct") { try await base.updateProduct(id, to: draft, picture: picture, by: actor, at: time) }
  }
  func setArchived(_ id: Int, _ archived: Bool, by actor: String, at time: Date) async throws -> Product {
    try await timed("setArchived") { try await base.setArchived(id, archived, by: actor, at: time) }
  }

  func openCart(of customer: Int) async throws -> SavedCart { try await timed("openCart") { try await base.openCart(of: customer) } }
  func applyToOpenCart(of customer: Int, _ changes: CartChanges) async throws -> SavedCart {
    try await timed("applyToOpenCart") { try await base.applyToOpenCart(of: customer, changes) }
  }
  func keyCustomer(fingerprint: String, origin: String, now: Date, newKeysPerHour: Int) async throws -> KeyCustomerAnswer {
    try await timed("keyCustomer") { try await base.keyCustomer(fingerprint: fingerprint, origin: origin, now: now, newKeysPerHour: newKeysPerHour) }
  }
  func isKeyCustomer(_ number: Int) async throws -> Bool { try await timed("isKeyCustomer") { try await base.isKeyCustomer(number) } }
  func cartsSavedElsewhere() -> AsyncStream<Int> { base.cartsSavedElsewhere() }
}
