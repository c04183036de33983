import Hummingbird
import StoreModels
import Synchronization

/// Who may have orders and an open cart here: a catalog account, or an SSH key's number this
/// store's database gave out (any instance may have given it). A number once given is never
/// taken back, so the numbers found are remembered — up to ``rememberedLimit`` of them (100,000
/// unless told otherwise: under 4 MiB), past which the database is asked each time.
final class KnownCustomers: Sendable {
  let rememberedLimit: Int
  let accounts: Set<Int>
  private let database: any OpenCartStorage
  private let remembered = Mutex(Set<Int>())

  init(accounts: Set<Int>, database: any OpenCartStorage, rememberedLimit: Int = 100_000) {
    self.accounts = accounts
    self.database = database
    self.rememberedLimit = rememberedLimit
  }

  /// How many numbers are remembered.
  var rememberedCount: Int { remembered.withLock { $0.count } }

  func contains(_ number: Int) async throws -> Bool {
    if accounts.contains(number) { return true }
    guard Customer.keyShopperNumbers.contains(number) else { return false }
    if remembered.withLock({ $0.contains(number) }) { return true }
    guard try await database.isKeyCustomer(number) else { return false }
    remember(number)
    return true
  }

  /// The customer a route's `:customer` names, if they may have a cart, orders or addresses
  /// here; a 400 for what is not a number, a 404 for a number no one has.
  func number(in context: some RequestContext) async throws -> Int {
    let text = try context.parameters.require("customer")
    guard let customer = Int(text), customer > 0 else { throw APIFailure(.badRequest, "'\(text.prefix(40))' is not a customer number") }
    guard try await contains(customer) else { throw APIFailure(.notFound, "no customer \(customer)") }
    return customer
  }

  /// A number just given to a key.
  func remember(_ number: Int) {
    remembered.withLock { if $0.count < rememberedLimit { $0.insert(number) } }
  }
}
