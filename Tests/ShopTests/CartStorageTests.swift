import Foundation
@testable import Shop
import StoreTestSupport
import Testing

/// The cart file: round trips, atomic replacement, every way the file system can refuse, and
/// several copies of the store sharing one cart.
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

    func contents(of path: String = "") throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(path).path).sorted()
    }
  }

  @Test func aMissingFileIsAnEmptyCart() async throws {
    let directory = try TemporaryDirectory()
    let storage = CartStorage.file(at: directory.url.appendingPathComponent("state/cart.json"))
    #expect(try await storage.load() == .empty)
  }

  @Test func appliesChangesAndLoadsThem() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("carts/cart.json")
    let storage = CartStorage.file(at: file)

    let first = try await storage.apply(CartChanges(quantities: [3: 2, 17: 1]))
    #expect(first == SavedCart(quantities: [3: 2, 17: 1], revision: 1))
    #expect(try await storage.load() == first)
    #expect(
      String(decoding: try Data(contentsOf: file), as: UTF8.self)
        == #"{"quantities":{"17":1,"3":2},"revision":1,"version":2}"#
    )

    // 0 removes a line; lines not mentioned stay as they are.
    let second = try await storage.apply(CartChanges(quantities: [3: 0, 5: 1]))
    #expect(second == SavedCart(quantities: [17: 1, 5: 1], revision: 2))
    #expect(try await storage.load() == second)
    // The temporary file was renamed over the old one: only the cart and its lock are left.
    #expect(try directory.contents(of: "carts") == ["cart.json", "cart.json.lock"])
  }

  /// Finding 3 of the cart-safety issue: two copies of the store, last writer wins. Each copy
  /// now applies only its own changes to the latest file, so neither loses the other's.
  @Test func twoCopiesKeepEachOthersChanges() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    let first = CartStorage.file(at: file)
    let second = CartStorage.file(at: file)

    _ = try await first.apply(CartChanges(quantities: [1: 1]))
    // The second copy read the cart before the first one saved, then adds its own product.
    _ = try await second.apply(CartChanges(quantities: [2: 3]))
    // The first copy changes its line again; the second copy's line stays.
    let latest = try await first.apply(CartChanges(quantities: [1: 4]))
    #expect(latest.quantities == [1: 4, 2: 3])
    #expect(try await second.load().quantities == [1: 4, 2: 3])
  }

  /// The unconfirmed order is saved with the cart and replaced or cleared only when a change
  /// says so.
  @Test func anUnconfirmedOrderIsKeptWithTheCart() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    let storage = CartStorage.file(at: file)
    let attempt = OrderAttempt(
      idempotencyKey: "k-1", order: OrderRequest(userId: 1, date: Date(timeIntervalSince1970: 1_795_000_000), products: [.init(productId: 3, quantity: 2)])
    )
    _ = try await storage.apply(CartChanges(quantities: [3: 2], unconfirmedOrder: .replaced(by: attempt)))
    _ = try await storage.apply(CartChanges(quantities: [4: 1]))
    #expect(try await CartStorage.file(at: file).load().unconfirmedOrder == attempt)
    _ = try await storage.apply(CartChanges(unconfirmedOrder: .replaced(by: nil)))
    #expect(try await storage.load().unconfirmedOrder == nil)
    #expect(CartChanges(unconfirmedOrder: .replaced(by: nil)).isEmpty == false)
  }

  /// Many saves from several storages at once: the lock keeps every change.
  @Test func concurrentSavesNeverLoseAChange() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for id in 1...40 {
        group.addTask { _ = try await CartStorage.file(at: file).apply(CartChanges(quantities: [id: id % 99 + 1])) }
      }
      try await group.waitForAll()
    }
    let saved = try await CartStorage.file(at: file).load()
    #expect(saved.quantities.count == 40)
    #expect(saved.revision == 40)
  }

  /// A copy of the store learns of another copy's save without asking.
  @Test func aWatcherHearsAnotherCopysSave() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    let watching = CartStorage.file(at: file)
    let updates = watching.updates()
    var iterator = updates.makeAsyncIterator()
    // The watch is in place once the stream exists; another copy saves twice.
    _ = try await CartStorage.file(at: file).apply(CartChanges(quantities: [7: 1]))
    let heard = await iterator.next()
    #expect(heard == .saved(SavedCart(quantities: [7: 1], revision: 1)))
    _ = try await CartStorage.file(at: file).apply(CartChanges(quantities: [7: 2]))
    #expect(await iterator.next() == .saved(SavedCart(quantities: [7: 2], revision: 2)))
  }

  /// Past the system's limit of inotify instances, a copy still hears another copy's save at
  /// once (its bell rings), and any other writer's by looking at the file — and says nothing.
  @Test func withoutInotifyCopiesRingEachOtherAndLookForOtherWriters() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("cart.json")
    let unwatchable = CartFile(url: url, pollInterval: .seconds(30)) { _, _ in .failure(WatchFailure(errno: EMFILE)) }
    var iterator = unwatchable.updates().makeAsyncIterator()
    _ = try await CartStorage.file(at: url).apply(CartChanges(quantities: [7: 1]))
    #expect(await iterator.next() == .saved(SavedCart(quantities: [7: 1], revision: 1)), "the bell, long before a 30 s look")
    let looking = CartFile(url: url, pollInterval: .milliseconds(50)) { _, _ in .failure(WatchFailure(errno: EMFILE)) }
    var looked = looking.updates().makeAsyncIterator()
    try Data(#"{"version":2,"revision":5,"quantities":{"7":4}}"#.utf8).write(to: url)
    #expect(await looked.next() == .saved(SavedCart(quantities: [7: 4], revision: 5)), "a writer that rings no bell is seen by looking")
  }

  /// Stores of `serve` hear each other by bells alone (no inotify instance each); a bell whose
  /// store is gone is taken out of the registry by the next save.
  @Test func bellsAloneCarryASaveAndForgetStoresThatAreGone() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("cart.json")
    let listening = CartStorage.file(at: url, hearing: .bells)
    var iterator = listening.updates().makeAsyncIterator()
    let bells = directory.url.appendingPathComponent(".bells")
    #expect(try FileManager.default.contentsOfDirectory(atPath: bells.path).count == 1, "one bell, registered")
    // A store killed without stopping its bell leaves its name behind.
    #expect(FileManager.default.createFile(atPath: bells.appendingPathComponent("0123456789abcdef").path, contents: nil))
    _ = try await CartStorage.file(at: url, hearing: .bells).apply(CartChanges(quantities: [3: 2]))
    #expect(await iterator.next() == .saved(SavedCart(quantities: [3: 2], revision: 1)))
    #expect(try FileManager.default.contentsOfDirectory(atPath: bells.path).count == 1, "the dead bell is gone")
  }

  /// A guest's cart is the session's own: nothing is listened for.
  @Test func aCartNobodyElseWritesIsNotListenedFor() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("cart.json")
    var iterator = CartStorage.file(at: url, hearing: .none).updates().makeAsyncIterator()
    #expect(await iterator.next() == nil, "the stream ends at once")
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(".bells").path))
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

  @Test func aSaveOverACorruptFileKeepsTheChangesAndTheDamagedFile() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    try Data("garbage".utf8).write(to: file)
    let saved = try await CartStorage.file(at: file).apply(CartChanges(quantities: [4: 1]))
    #expect(saved.quantities == [4: 1])
    #expect(try directory.contents().contains { $0.hasPrefix("cart.json.corrupt-") })
  }

  @Test func unusableQuantitiesAreDroppedOrCapped() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    try Data(#"{"version":2,"revision":3,"quantities":{"1":0,"2":-4,"3":500,"4":2}}"#.utf8).write(to: file)
    #expect(try await CartStorage.file(at: file).load() == SavedCart(quantities: [3: 99, 4: 2], revision: 3))
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
      try await CartStorage.file(at: file).apply(CartChanges(quantities: [1: 1]))
    }
    guard case .unwritable(file.path, _)? = error else {
      Issue.record("expected an unwritable directory, got \(String(describing: error))")
      return
    }
    #expect(error?.message.hasPrefix("Your cart could not be saved") == true)
  }

  /// A temporary file left by a copy killed in the middle of a save is cleared by the next save;
  /// one of a process still running is not.
  @Test func leftoversOfKilledSavesAreRemoved() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("cart.json")
    let gone = directory.url.appendingPathComponent(".cart.json.2147483646.12345.tmp")
    let running = directory.url.appendingPathComponent(".cart.json.1.12345.tmp")
    try Data("{".utf8).write(to: gone)
    try Data("{".utf8).write(to: running)
    _ = try await CartStorage.file(at: file).apply(CartChanges(quantities: [1: 1]))
    #expect(try directory.contents() == [".cart.json.1.12345.tmp", "cart.json", "cart.json.lock"])
  }

  // MARK: Whose cart

  /// Finding 1 of the cart-safety issue: one cart for every store. Each store and customer now
  /// has a file of its own.
  @Test func eachStoreAndCustomerHasACartOfItsOwn() async throws {
    let directory = try TemporaryDirectory()
    let embedded = CartStorage.files(in: directory.url, for: .embedded(customer: 1))
    let api = CartStorage.files(in: directory.url, for: .api(URL(string: "http://127.0.0.1:8080")!, customer: 1))
    let otherCustomer = CartStorage.files(in: directory.url, for: .embedded(customer: 2))

    _ = try await embedded.apply(CartChanges(quantities: [3: 2]))
    #expect(try await api.load() == .empty)
    #expect(try await otherCustomer.load() == .empty)
    _ = try await api.apply(CartChanges(quantities: [3: 1]))
    // Back at the first store: its cart is untouched.
    #expect(try await embedded.load().quantities == [3: 2])
    #expect(try directory.contents(of: "carts") == ["embedded", "http%3A%2F%2F127.0.0.1%3A8080"])
    #expect(try directory.contents(of: "carts/embedded").filter { $0.hasSuffix(".json") } == ["user-1.json"])
  }

  @Test func spellingsOfOneBaseURLShareACart() {
    let spellings = ["HTTP://Example.COM:80/", "http://example.com", "http://example.com//", "http://example.com?x=1"]
    #expect(Set(spellings.map { CartOwner.normalizedStore(URL(string: $0)!) }) == ["http://example.com"])
    #expect(CartOwner.normalizedStore(URL(string: "https://example.com:8443/api/")!) == "https://example.com:8443/api")
    #expect(CartOwner.normalizedStore(URL(string: "https://example.com:443")!) == "https://example.com")
  }

  @Test func ownersNeverShareOrEscapeTheDirectory() {
    let names = ["user-1", "user-1/../../etc", "..", ".", "", "key-SHA256:abc/+="]
    let paths = names.map { CartOwner(store: "embedded", customerName: $0).relativePath }
    #expect(Set(paths).count == names.count)
    for path in paths {
      #expect(path.split(separator: "/").count == 2)
      #expect(!path.split(separator: "/").contains { $0.hasPrefix(".") })
    }
  }

  // MARK: Version 1.0's cart

  @Test func version1CartIsOfferedAndRemovedOnlyWhenTakenIn() async throws {
    let directory = try TemporaryDirectory()
    let legacy = directory.url.appendingPathComponent("cart.json")
    try Data(#"{"quantities":{"3":2,"9":1},"version":1}"#.utf8).write(to: legacy)
    let storage = CartStorage.files(in: directory.url, for: .embedded(customer: 1))

    #expect(await storage.earlierVersionCart() == SavedCart(quantities: [3: 2, 9: 1]))
    // Asking does not move or change it.
    #expect(await storage.earlierVersionCart() == SavedCart(quantities: [3: 2, 9: 1]))
    #expect(try await storage.load() == .empty)
    try await storage.removeEarlierVersionCart()
    #expect(await storage.earlierVersionCart() == nil)
    #expect(!FileManager.default.fileExists(atPath: legacy.path))
  }

  @Test func anEmptyOrDamagedVersion1CartIsNotOffered() async throws {
    let directory = try TemporaryDirectory()
    let legacy = directory.url.appendingPathComponent("cart.json")
    let storage = CartStorage.files(in: directory.url, for: .embedded(customer: 1))
    try Data(#"{"quantities":{},"version":1}"#.utf8).write(to: legacy)
    #expect(await storage.earlierVersionCart() == nil)
    try Data("{".utf8).write(to: legacy)
    #expect(await storage.earlierVersionCart() == nil)
    #expect(FileManager.default.fileExists(atPath: legacy.path), "left for the person to look at")
  }

  @Test func theStateDirectoryFollowsTheXDGBaseDirectories() {
    #expect(
      CartStorage.stateDirectory(environment: ["XDG_STATE_HOME": "/var/state", "HOME": "/home/ada"])?.path
        == "/var/state/onlinestore"
    )
    #expect(
      CartStorage.stateDirectory(environment: ["HOME": "/home/ada"])?.path
        == "/home/ada/.local/state/onlinestore"
    )
    // A relative XDG_STATE_HOME is invalid and ignored, as the specification says.
    #expect(
      CartStorage.stateDirectory(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/ada"])?.path
        == "/home/ada/.local/state/onlinestore"
    )
    #expect(CartStorage.stateDirectory(environment: [:]) == nil)
  }
}
