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

  /// A number just given to a key.
  func remember(_ number: Int) {
    remembered.withLock { if $0.count < rememberedLimit { $0.insert(number) } }
  }
}
