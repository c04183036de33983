import Foundation
import Shop
import StoreTestSupport
import Testing

/// Where checkout keeps what it keeps on this machine: the draft in the cart's file, the address
/// book in a file of its own.
struct CheckoutStorageTests {
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-storage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theDraftGoesWithTheCartFileAndComesBack() async throws {
    let file = try Self.directory().appendingPathComponent("cart.json")
    let storage = CartStorage.file(at: file, hearing: .none)
    _ = try await storage.apply(CartChanges(quantities: [3: 1], checkout: .replaced(by: .sample)))
    #expect(try await storage.load().checkout == .sample)
    #expect(try await CartStorage.file(at: file, hearing: .none).load().checkout == .sample, "another copy reads it too")
    _ = try await storage.apply(CartChanges(checkout: .replaced(by: nil)))
    #expect(try await storage.load().checkout == nil)
  }

  /// A draft no form could have made (a hand-edited or hostile file) is let go, not shown.
  @Test func aDraftThatCouldNotHaveBeenTypedIsLetGo() async throws {
    let file = try Self.directory().appendingPathComponent("cart.json")
    var hostile = CheckoutDraft.sample
    hostile.address.fullName = "Ana\u{1B}[2J"
    var cart = SavedCart(quantities: [3: 1], revision: 1)
    cart.checkout = hostile
    try JSONEncoder().encode(cart).write(to: file)
    let loaded = try await CartStorage.file(at: file, hearing: .none).load()
    #expect(loaded.checkout == nil)
    #expect(loaded.quantities == [3: 1], "the cart itself is kept")
  }

  @Test func anAddressBookFileIsWrittenPrivatelyAndReadBack() async throws {
    let file = try Self.directory().appendingPathComponent("addresses/embedded/user-1.json")
    let storage = AddressBookStorage.file(at: file)
    #expect(try await storage.load() == .empty, "no file yet: an empty book")
    try await storage.save(AddressBook(addresses: [.seoul, .sample]))
    #expect(try await storage.load() == AddressBook(addresses: [.seoul, .sample]))
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
    #expect(mode == 0o600, "an address is nobody else's")
  }

  @Test func aBookFileThatIsNotABookFailsToLoadAndIsLeftAsItIs() async throws {
    let file = try Self.directory().appendingPathComponent("addresses.json")
    try Data("{not a book".utf8).write(to: file)
    await #expect(throws: AddressBookError.self) { try await AddressBookStorage.file(at: file).load() }
    #expect(try String(contentsOf: file, encoding: .utf8) == "{not a book")
  }

  @Test func aGuestKeepsNoBook() async throws {
    #expect(try await AddressBookStorage.none.load() == nil)
  }
}
