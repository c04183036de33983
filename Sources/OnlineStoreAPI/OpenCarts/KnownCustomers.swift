import StoreModels
import Synchronization

/// Who may have orders and an open cart here: a catalog account, or an SSH key's number this
/// store's database gave out (any instance may have given it). A number once given is never
/// taken back, so the numbers found are remembered — up to ``rememberedLimit`` of them, past
/// which the database is asked each time.
final class KnownCustomers: Sendable {
  static let rememberedLimit = 100_000

  let accounts: Set<Int>
  private let database: any OpenCartStorage
  private let remembered = Mutex(Set<Int>())

  init(accounts: Set<Int>, database: any OpenCartStorage) {
    self.accounts = accounts
    self.database = database
  }

  func contains(_ number: Int) async throws -> Bool {
    if accounts.contains(number) { return true }
    guard Customer.keyShopperNumbers.contains(number) else { return false }
    if remembered.withLock({ $0.contains(number) }) { return true }
    guard try await database.isKeyCustomer(number) else { return false }
    remember(number)
    return true
  }

  /// A number just given to a key.
  func remember(_ number: Int) {
    remembered.withLock { if $0.count < Self.rememberedLimit { $0.insert(number) } }
  }
}
