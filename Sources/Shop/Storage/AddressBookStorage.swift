import Dependencies
import DependenciesMacros
import Foundation

/// Where a shopper's saved addresses are kept: in `onlinestore-api`'s database behind `--api`
/// (``server(_:customer:)``), in the state directory without it (``file(at:)``), nowhere for a
/// guest (``none``), who types an address each time.
@DependencyClient
public struct AddressBookStorage: Sendable {
  /// The book; `nil` when this shopper keeps none (a guest). Throws ``AddressBookError``.
  public var load: @Sendable () async throws -> AddressBook?
  /// Replaces the book. Throws ``AddressBookError``.
  public var save: @Sendable (_ book: AddressBook) async throws -> Void
}

/// Why the address book could not be read or written, in words for the checkout's notice.
public struct AddressBookError: Error, Hashable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}

extension AddressBookStorage: DependencyKey {
  /// Kept nowhere: the program chooses the real place, because only it knows the shopper.
  public static var liveValue: AddressBookStorage { .none }
  public static let testValue = AddressBookStorage()

  /// A guest's: no book; nothing is kept.
  public static let none = AddressBookStorage(load: { nil }, save: { _ in })

  /// In memory, for previews and tests that want a working book.
  public static func inMemory(_ book: AddressBook = .empty) -> AddressBookStorage {
    let kept = LockIsolated(book)
    return AddressBookStorage(load: { kept.value }, save: { book in kept.setValue(book) })
  }

  /// In `onlinestore-api`'s database, through `/shop/customers/<n>/addresses`.
  public static func server(_ server: StoreServer, customer: Int) -> AddressBookStorage {
    AddressBookStorage(
      load: {
        do { return try await server.addressBook(of: customer) } catch { throw AddressBookError("Your saved addresses could not be read: \(APIError(error).message)") }
      },
      save: { book in
        do { try await server.save(book, of: customer) } catch { throw AddressBookError("Your address could not be saved: \(APIError(error).message)") }
      }
    )
  }

  /// The server's address books when `server` is onlinestore-api (it keeps open carts and
  /// addresses alike), `file` otherwise: asked once, when the book is first needed.
  public static func serverIfItKeepsAddresses(_ server: StoreServer, customer: Int, otherwise file: AddressBookStorage) -> AddressBookStorage {
    // Asked when checkout first needs the book, not when the store starts.
    let choice = LockIsolated<Task<AddressBookStorage, Never>?>(nil)
    @Sendable func chosen() async -> AddressBookStorage {
      let task = choice.withValue { task in
        if task == nil { task = Task { (try? await server.keepsOpenCarts()) == true ? .server(server, customer: customer) : file } }
        return task!
      }
      return await task.value
    }
    return AddressBookStorage(
      load: { try await chosen().load() },
      save: { book in try await chosen().save(book) }
    )
  }

  /// In the JSON file at `url`, replaced whole and durably on each save (the cart's way:
  /// a temporary file, `fsync`, `rename`). A file that is not an address book fails to load,
  /// and checkout then saves no book over it.
  public static func file(at url: URL) -> AddressBookStorage {
    AddressBookStorage(
      load: {
        try await onFileQueue {
          guard let data = FileManager.default.contents(atPath: url.path) else { return AddressBook.empty }
          guard data.count <= 256 * 1_024, let book = try? StoreJSON.decoder.decode(AddressBook.self, from: data) else {
            throw AddressBookError("Your saved addresses (\(url.path)) could not be read; they are left as they are.")
          }
          return book
        }
      },
      save: { book in
        try await onFileQueue {
          try? PrivateFiles.ensureDirectory(url.deletingLastPathComponent().path)
          let data = try StoreJSON.encoder.encode(book)
          if let failure = DurableFile.replace(url, with: data) {
            throw AddressBookError("Your address could not be saved (\(url.path): \(failure)).")
          }
        }
      }
    )
  }
}

extension DependencyValues {
  /// Where the shopper's saved addresses are kept.
  public var addressBook: AddressBookStorage {
    get { self[AddressBookStorage.self] }
    set { self[AddressBookStorage.self] = newValue }
  }
}
