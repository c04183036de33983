import Foundation
import Shop
import StoreTestSupport
import Testing

/// The cart file: round trips, atomic replacement, and every way the file system can refuse.
struct CartStorageTests {
  /// A fresh directory for one test, removed afterwards.
  final class TemporaryDirectory {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory
        .appendingPathComponent("onlinestore-tests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
      try? FileManager.default.removeItem(at: url)
    }

    func contents() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
  }

  @Test func aMissingFileIsAnEmptyCart() async throws {
    let directory = try TemporaryDirectory()
    let storage = CartStorage.file(at: directory.url.appendingPathComponent("state/cart.json"))
    #expect(try await storage.load() == .empty)
  }

  @Test func savesAndLoadsQuantities() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("onlinestore/cart.json")
    let storage = CartStorage.file(at: file)

    try await storage.save(SavedCart(quantities: [3: 2, 17: 1]))
    #expect(try await storage.load() == SavedCart(quantities: [3: 2, 17: 1]))
    #expect(
      String(decoding: try Data(contentsOf: file), as: UTF8.self)
        == #"{"quantities":{"17":1,"3":2},"version":1}"#
    )

    try await storage.save(SavedCart(quantities: [5: 1]))
    #expect(try await storage.load() == SavedCart(quantities: [5: 1]))
    // The temporary file was renamed over the old one: nothing else is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["cart.json"])
  }

  @Test func aCorruptFileIsSetAsideAndReported() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    try Data("{\"quantities\": {\"3\": 2".utf8).write(to: file)
    let storage = CartStorage.file(at: file)

    let error = await #expect(throws: CartStorageError.self) { try await storage.load() }
    guard case let .corrupt(path, setAsideAs?) = error else {
      Issue.record("expected a corrupt file that was set aside, got \(String(describing: error))")
      return
    }
    #expect(path == file.path)
    #expect(setAsideAs.hasPrefix(file.path + ".corrupt-"))
    #expect(FileManager.default.fileExists(atPath: setAsideAs))
    #expect(error?.message.contains("moved to") == true)
    // Out of the way: the next start begins with an empty cart.
    #expect(try await storage.load() == .empty)
  }

  @Test func unusableQuantitiesAreDroppedOrCapped() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    try Data(#"{"version":1,"quantities":{"1":0,"2":-4,"3":500,"4":2}}"#.utf8).write(to: file)
    #expect(try await CartStorage.file(at: file).load() == SavedCart(quantities: [3: 99, 4: 2]))
  }

  @Test func anUnreadableFileIsReported() async throws {
    let directory = try TemporaryDirectory()
    // A directory where the file should be cannot be read as one, even by root.
    let file = directory.url.appendingPathComponent("cart.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)

    let error = await #expect(throws: CartStorageError.self) {
      try await CartStorage.file(at: file).load()
    }
    guard case .unreadable(file.path, _)? = error else {
      Issue.record("expected an unreadable file, got \(String(describing: error))")
      return
    }
  }

  @Test func anUnwritableDirectoryIsReported() async throws {
    let directory = try TemporaryDirectory()
    // A regular file where the directory should be: no one can create the cart under it.
    let blocker = directory.url.appendingPathComponent("onlinestore")
    try Data("not a directory".utf8).write(to: blocker)
    let file = blocker.appendingPathComponent("cart.json")

    let error = await #expect(throws: CartStorageError.self) {
      try await CartStorage.file(at: file).save(SavedCart(quantities: [1: 1]))
    }
    guard case .unwritable(file.path, _)? = error else {
      Issue.record("expected an unwritable directory, got \(String(describing: error))")
      return
    }
    #expect(error?.message.hasPrefix("Your cart could not be saved") == true)
  }

  @Test func aSaveReplacedByANewerOneIsSkipped() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    let storage = CartStorage.file(at: file)
    try await storage.save(SavedCart(quantities: [1: 1]))

    let stale = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await storage.save(SavedCart(quantities: [1: 7]))
    }
    try await stale.value
    #expect(try await storage.load() == SavedCart(quantities: [1: 1]))
  }

  @Test func theDefaultFileFollowsTheXDGBaseDirectories() {
    #expect(
      CartStorage.defaultFile(environment: ["XDG_STATE_HOME": "/var/state", "HOME": "/home/ada"])?.path
        == "/var/state/onlinestore/cart.json"
    )
    #expect(
      CartStorage.defaultFile(environment: ["HOME": "/home/ada"])?.path
        == "/home/ada/.local/state/onlinestore/cart.json"
    )
    // A relative XDG_STATE_HOME is invalid and ignored, as the specification says.
    #expect(
      CartStorage.defaultFile(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/ada"])?.path
        == "/home/ada/.local/state/onlinestore/cart.json"
    )
    #expect(CartStorage.defaultFile(environment: [:]) == nil)
  }
}
