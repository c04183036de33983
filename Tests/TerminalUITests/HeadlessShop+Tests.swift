import Boundaries
import Clocks
import Foundation
import Shop
import StoreTestSupport
import TerminalKit

@testable import TerminalUI

extension HeadlessShop {
  /// The shop on the embedded catalog with nothing slow, kept or random: carts and address
  /// books in memory (one sample address), immediate clocks, a fixed date and counted ids.
  /// `failing` makes loading the products time out.
  static func forTests(size: Size = Size(width: 80, height: 24), failing: Bool = false) -> HeadlessShop {
    let store = Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.apiClient = .embedded(latency: .zero, clock: ImmediateClock())
      if failing { $0.apiClient.fetchProducts = { throw APIError.timedOut(seconds: 10) } }
      $0.cartStorage = .inMemory()
      $0.addressBook = .inMemory(AddressBook(addresses: [.sample]))
      $0.continuousClock = ImmediateClock()
      $0.date.now = Date(timeIntervalSince1970: 1_795_000_000)
      $0.uuid = .incrementing
    }
    return HeadlessShop(store: store, size: size)
  }
}
