import Foundation
import OnlineStoreAPI
import StoreModels
import StoreTestSupport
import Testing

/// What the API keeps — orders, carts, key fingerprints with addresses, the catalog's passwords —
/// and the token that guards it are its user's alone, whatever the umask (Debian's is 022).
@Suite struct FileModeTests {
  @Test func aNewDatabaseAndItsJournalAreThisUsersOnly() async throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("api-modes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("state/onlinestore")
    let path = directory.appendingPathComponent("api.sqlite").path
    let database = try SQLiteStoreDatabase(path: path)
    let catalog = try await database.prepare(loading: StoreCatalog.demo())
    #expect(!catalog.products.isEmpty)
    #expect(PrivateFiles.mode(of: directory.path) == 0o700)
    #expect(PrivateFiles.mode(of: directory.deletingLastPathComponent().path) == 0o700, "a parent it made too")
    for file in [path, path + "-wal", path + "-shm"] {
      #expect(PrivateFiles.mode(of: file) == 0o600, "\(file)")
    }
    await database.close()
  }

  @Test func anExistingDatabaseOthersCouldReadIsClosed() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-modes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("api.sqlite").path
    let first = try SQLiteStoreDatabase(path: path)
    _ = try await first.prepare(loading: StoreCatalog.demo())
    await first.close()
    for file in [path, path + "-wal", path + "-shm"] where PrivateFiles.mode(of: file) != nil { chmod(file, 0o644) }
    let again = try SQLiteStoreDatabase(path: path)
    _ = try await again.prepare(loading: StoreCatalog.demo())
    for file in [path, path + "-wal", path + "-shm"] where PrivateFiles.mode(of: file) != nil {
      #expect(PrivateFiles.mode(of: file) == 0o600, "\(file)")
    }
    await again.close()
  }

  /// A database in a folder others may write to, or under one (not sticky), is refused with
  /// what to do: another user could put the file, or its `-wal`, in its place.
  @Test func aDatabaseWhereOthersCouldPlaceItsFilesIsRefused() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("api-folders-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: parent) }
    let open = parent.appendingPathComponent("open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
    chmod(open.path, 0o777)
    #expect {
      try SQLiteStoreDatabase(path: open.appendingPathComponent("api.sqlite").path)
    } throws: { error in
      "\(error)".contains("\(open.path), the folder of the database, can be written by other users (mode 777)")
    }
    let under = open.appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: under, withIntermediateDirectories: true)
    chmod(under.path, 0o700)
    #expect {
      try SQLiteStoreDatabase(path: under.appendingPathComponent("api.sqlite").path)
    } throws: { error in
      "\(error)".contains("\(open.path), above the database, can be written by other users")
    }
    // Sticky, as /tmp is: others may write there but not move this user's entries.
    chmod(open.path, 0o1777)
    #expect(throws: Never.self) { _ = try SQLiteStoreDatabase(path: under.appendingPathComponent("api.sqlite").path) }
  }

  @Test func aTokenOthersCanReadIsRefused() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
    defer { unlink(file) }
    #expect(FileManager.default.createFile(atPath: file, contents: Data("0123456789abcdef0123456789abcdef\n".utf8)))
    for mode: mode_t in [0o644, 0o640, 0o604] {
      chmod(file, mode)
      #expect(throws: APIToken.Unusable.self, "mode \(String(mode, radix: 8))") { try APIToken.read(from: file) }
    }
    chmod(file, 0o600)
    #expect(try APIToken.read(from: file) == "0123456789abcdef0123456789abcdef")
    chmod(file, 0o400)
    #expect(try APIToken.read(from: file) == "0123456789abcdef0123456789abcdef")
    // The first line is the token, even when it is empty: not the first line that is not.
    unlink(file)
    #expect(FileManager.default.createFile(atPath: file, contents: Data("\n0123456789abcdef0123456789abcdef\n".utf8), attributes: [.posixPermissions: 0o600]))
    #expect(throws: APIToken.Unusable.self) { try APIToken.read(from: file) }
  }

  @Test func theStoresStateDirectoryIsMadePrivate() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("store-state-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: state) }
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    chmod(state.path, 0o755)
    try PrivateFiles.ensureDirectory(state.path, tighteningExisting: true)
    #expect(PrivateFiles.mode(of: state.path) == 0o700)
    let chosen = state.appendingPathComponent("chosen")
    try FileManager.default.createDirectory(at: chosen, withIntermediateDirectories: true)
    chmod(chosen.path, 0o755)
    try PrivateFiles.ensureDirectory(chosen.path)
    #expect(PrivateFiles.mode(of: chosen.path) == 0o755, "a directory someone chose is left as it is")
  }
}
