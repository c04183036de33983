import Foundation
import Testing

@testable import SSHFrontDoor

/// The state directory and the host key must be this user's own and closed to everyone else.
struct StateDirectoryTests {
  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func mode(_ url: URL) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
  }

  @Test func aNewStateDirectoryIsMadePrivate() throws {
    let url = try scratch().appendingPathComponent("deep/serve")
    let state = try StateDirectory.prepare(url)
    #expect(try mode(state.url) == 0o700)
    #expect(try mode(state.url.appendingPathComponent("shoppers")) == 0o700)
    #expect(try mode(state.url.appendingPathComponent("guests")) == 0o700)
  }

  /// A directory that cannot be made (a system user's home that does not exist, or here a place
  /// no one can make one) is refused with the option that names another.
  @Test func aStateDirectoryThatCannotBeMadeNamesTheOptionForAnother() throws {
    do {
      _ = try StateDirectory.prepare(URL(fileURLWithPath: "/proc/self/onlinestore-\(UUID().uuidString)/serve"))
      Issue.record("a directory under /proc was made")
    } catch {
      #expect(error.description.contains("--state-dir DIR"), "\(error)")
      #expect(error.description.contains("StateDirectory=onlinestore"), "\(error)")
    }
  }

  @Test func aDirectoryOthersCanWriteIsRefusedAndLeftAsItWas() throws {
    let url = try scratch()
    chmod(url.path, 0o777)
    #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(url) }
    #expect(try mode(url) == 0o777)
    chmod(url.path, 0o770)
    #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(url) }
  }

  @Test func aDirectoryOfAnotherUserIsRefused() throws {
    // Only root can give a directory away; elsewhere this test shows nothing.
    try #require(geteuid() == 0, "needs root to chown")
    let url = try scratch()
    chown(url.path, 65_534, 65_534)
    let error = #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(url) }
    #expect(error?.description.contains("belongs to user 65534") == true)
  }

  /// A directory above it that others may write to lets them move it aside and put their own
  /// in its place: refused, unless it is sticky (as /tmp, where nobody moves another's entry).
  @Test func aParentOthersCanWriteIsRefusedUnlessSticky() throws {
    let parent = try scratch()
    let url = parent.appendingPathComponent("serve")
    chmod(parent.path, 0o777)
    let error = #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(url) }
    #expect(error?.description.contains("above the state directory, can be written by other users") == true, "\(error?.description ?? "")")
    chmod(parent.path, 0o1777)
    #expect(throws: Never.self) { try StateDirectory.prepare(url) }
    chmod(parent.path, 0o755)
  }

  @Test func aParentOfAnotherUserIsRefused() throws {
    try #require(geteuid() == 0, "needs root to chown")
    let parent = try scratch()
    chown(parent.path, 65_534, 65_534)
    let error = #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(parent.appendingPathComponent("serve")) }
    #expect(error?.description.contains("belongs to user 65534") == true)
  }

  /// Homes are made relative to the directory opened at start; once its name points elsewhere
  /// (moved, replaced), no session gets a home under the new one.
  @Test func aDirectoryMovedAwayAfterTheStartGivesNoHomes() throws {
    let parent = try scratch()
    let url = parent.appendingPathComponent("serve")
    let state = try StateDirectory.prepare(url)
    let home = try state.shopperHome(fingerprint: "SHA256:abc")
    #expect(FileManager.default.fileExists(atPath: home.path))
    #expect(rename(url.path, parent.appendingPathComponent("moved").path) == 0)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    #expect(!state.isStillInPlace)
    #expect(throws: FrontDoorError.self) { try state.shopperHome(fingerprint: "SHA256:def") }
    #expect(throws: FrontDoorError.self) { try state.makeGuestHome() }
    #expect(!FileManager.default.fileExists(atPath: url.appendingPathComponent("shoppers").path), "nothing made in the impostor")
  }

  @Test func aDirectoryOthersMayReadIsClosed() throws {
    let url = try scratch()
    chmod(url.path, 0o755)
    _ = try StateDirectory.prepare(url)
    #expect(try mode(url) == 0o700)
  }

  @Test func aLinkInPlaceOfTheDirectoryIsRefused() throws {
    let base = try scratch()
    let link = base.appendingPathComponent("serve")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: try scratch())
    #expect(throws: FrontDoorError.self) { try StateDirectory.prepare(link) }
  }

  @Test func aHostKeyThatIsALinkOrOpenToOthersIsRefused() throws {
    let state = try StateDirectory.prepare(try scratch())
    let real = try HostKey.loadOrCreate(at: state.hostKey)
    // Readable by others: refused, not quietly served.
    chmod(state.hostKey.path, 0o644)
    #expect(throws: FrontDoorError.self) { try HostKey.loadOrCreate(at: state.hostKey) }
    chmod(state.hostKey.path, 0o600)
    #expect(try HostKey.loadOrCreate(at: state.hostKey).fingerprint == real.fingerprint)
    // A link to a key elsewhere (someone could point it at their own key): refused.
    let elsewhere = try scratch().appendingPathComponent("key")
    try FileManager.default.moveItem(at: state.hostKey, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: state.hostKey, withDestinationURL: elsewhere)
    let error = #expect(throws: FrontDoorError.self) { try HostKey.loadOrCreate(at: state.hostKey) }
    #expect(error?.description.contains("symbolic link") == true)
  }

  @Test func aSharedHostKeyMustExist() throws {
    let missing = try scratch().appendingPathComponent("shared_key")
    #expect(throws: FrontDoorError.self) { try HostKey.loadExisting(at: missing) }
    #expect(!FileManager.default.fileExists(atPath: missing.path), "never made by a host that was told to use it")
  }

  @Test func guestHomesOfServersThatAreGoneAreSwept() throws {
    let url = try scratch()
    let state = try StateDirectory.prepare(url)
    let mine = try state.makeGuestHome()
    // A pid no process has (the kernel's limit is below it).
    let gone = url.appendingPathComponent("guests/99999999-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
    // The pid of a process that runs: another server's guests stay.
    let living = url.appendingPathComponent("guests/1-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: living, withIntermediateDirectories: true)
    _ = try StateDirectory.prepare(url)
    #expect(FileManager.default.fileExists(atPath: mine.path))
    #expect(!FileManager.default.fileExists(atPath: gone.path))
    #expect(FileManager.default.fileExists(atPath: living.path))
  }

  @Test func eachKeyHasAHomeOfItsOwnAndItsOldCartMovesIn() throws {
    let url = try scratch()
    let state = try StateDirectory.prepare(url)
    let fingerprint = "SHA256:ab+cd/ef"
    let old = url.appendingPathComponent("onlinestore/carts/embedded/key-SHA256%3Aab%2Bcd%2Fef.json")
    try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
    try #"{"quantities":{"1":2}}"#.write(to: old, atomically: true, encoding: .utf8)
    let home = try state.shopperHome(fingerprint: fingerprint)
    #expect(home.lastPathComponent == "SHA256_ab-cd_ef")
    let moved = home.appendingPathComponent("onlinestore/carts/embedded/key-SHA256%3Aab%2Bcd%2Fef.json")
    #expect(try String(contentsOf: moved, encoding: .utf8).contains("\"1\":2"))
    #expect(!FileManager.default.fileExists(atPath: old.path))
    #expect(try state.shopperHome(fingerprint: "SHA256:other") != home)
  }

  @Test func aCartAlreadyInTheNewHomeIsNeverOverwritten() throws {
    let url = try scratch()
    let state = try StateDirectory.prepare(url)
    let home = try state.shopperHome(fingerprint: "SHA256:ada")
    let name = "embedded/key-SHA256%3Aada.json"
    let new = home.appendingPathComponent("onlinestore/carts/" + name)
    try FileManager.default.createDirectory(at: new.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "new".write(to: new, atomically: true, encoding: .utf8)
    let old = url.appendingPathComponent("onlinestore/carts/" + name)
    try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "old".write(to: old, atomically: true, encoding: .utf8)
    _ = try state.shopperHome(fingerprint: "SHA256:ada")
    #expect(try String(contentsOf: new, encoding: .utf8) == "new")
    #expect(try String(contentsOf: old, encoding: .utf8) == "old", "and the old one is kept for the operator")
  }
}
