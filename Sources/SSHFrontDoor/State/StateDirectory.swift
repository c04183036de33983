import Foundation
import StoreModels

/// The server's state directory: the host key, the customer numbers, and a directory per
/// shopper. Whoever can write to it can replace the host key or read every cart, so it must be
/// this user's own and closed to everyone else.
///
/// ```
/// DIR/host_ed25519_key         the host key (0600)
/// DIR/customers.sqlite         the keys' customer numbers
/// DIR/shoppers/<key>/          one key's home: its carts, its session log
/// DIR/guests/<pid>-<uuid>/     a guest's home, removed when the connection ends
/// DIR/cache/                   what every session shares: fetched product pictures
/// ```
public struct StateDirectory: Sendable {
  public let url: URL

  public var hostKey: URL { url.appendingPathComponent("host_ed25519_key") }
  var shoppers: URL { url.appendingPathComponent("shoppers") }
  var guests: URL { url.appendingPathComponent("guests") }
  /// The sessions' `XDG_CACHE_HOME`.
  var cache: URL { url.appendingPathComponent("cache") }

  /// Makes the directory (0700) if there is none, or checks the one there: it must belong to
  /// this user and be writable by nobody else. Then sweeps guest directories that a server
  /// killed earlier left behind.
  public static func prepare(_ url: URL) throws(FrontDoorError) -> StateDirectory {
    let directory = StateDirectory(url: url.standardizedFileURL)
    try directory.ensurePrivateDirectory(directory.url, creatingParents: true)
    try directory.ensurePrivateDirectory(directory.shoppers, creatingParents: false)
    try directory.ensurePrivateDirectory(directory.guests, creatingParents: false)
    try directory.ensurePrivateDirectory(directory.cache, creatingParents: false)
    directory.sweepGuests()
    return directory
  }

  /// `path` as a directory of this user's that nobody else may write to: made 0700 if missing,
  /// refused (with what to do) if it is someone else's or open to others.
  private func ensurePrivateDirectory(_ path: URL, creatingParents: Bool) throws(FrontDoorError) {
    var status = stat()
    if lstat(path.path, &status) != 0 {
      guard errno == ENOENT else { throw FrontDoorError("\(path.path): \(String(cString: strerror(errno))).") }
      do {
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: creatingParents, attributes: [.posixPermissions: 0o700])
      } catch {
        throw FrontDoorError("The state directory \(path.path) could not be created: \(error.localizedDescription)")
      }
      // Made here just now: ours, whatever the umask said.
      chmod(path.path, 0o700)
      return
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw FrontDoorError("\(path.path) is not a directory (a link or a file is in its place); the state directory must be a real directory.")
    }
    guard status.st_uid == geteuid() else {
      throw FrontDoorError("\(path.path) belongs to user \(status.st_uid), not to this user (\(geteuid())); the store keeps its host key and carts only in a directory of its own.")
    }
    guard status.st_mode & 0o022 == 0 else {
      throw FrontDoorError(
        "\(path.path) can be written by other users (mode \(String(status.st_mode & 0o777, radix: 8))); run chmod 700 \(path.path) and start again."
      )
    }
  }

  /// The home of the shopper with key `fingerprint`, made if need be; carts that version 1.1
  /// kept in the shared `DIR/onlinestore/carts` are moved in the first time.
  func shopperHome(fingerprint: String) throws(FrontDoorError) -> URL {
    let home = shoppers.appendingPathComponent(Self.directoryName(for: fingerprint))
    try ensurePrivateDirectory(home, creatingParents: false)
    moveSharedCarts(of: fingerprint, into: home)
    return home
  }

  /// A new home for a guest, named after this server's process so that a later start can tell
  /// which guests' homes were left by a server that is gone.
  func makeGuestHome() throws(FrontDoorError) -> URL {
    let home = guests.appendingPathComponent("\(getpid())-\(UUID().uuidString)")
    try ensurePrivateDirectory(home, creatingParents: false)
    return home
  }

  /// Removes guests' homes left by servers that are no longer running (killed with SIGKILL, or
  /// a crash): a guest's cart lasts for the connection only.
  func sweepGuests() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: guests.path)) ?? []
    for name in names {
      let owner = name.split(separator: "-").first.flatMap { pid_t($0) }
      if let owner, owner == getpid() || kill(owner, 0) == 0 || errno == EPERM { continue }
      try? FileManager.default.removeItem(at: guests.appendingPathComponent(name))
    }
  }

  /// A directory name for a key fingerprint: `SHA256:` and base64 with `/` and `+` spelled `_`
  /// and `-` (base64url), so that it is one path component and two keys never share it.
  static func directoryName(for fingerprint: String) -> String {
    String(fingerprint.map { $0 == "/" ? "_" : $0 == "+" ? "-" : $0 == ":" ? "_" : $0 })
  }

  /// Version 1.1 kept every key's cart in `DIR/onlinestore/carts/<store>/key-SHA256…json`, all
  /// keys sharing one home; each cart moves into its key's own home once, never over a cart
  /// already there.
  private func moveSharedCarts(of fingerprint: String, into home: URL) {
    let shared = url.appendingPathComponent("onlinestore/carts")
    let stores = (try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []
    let name = FileName.escaped("key-" + fingerprint) + ".json"
    for store in stores {
      let old = shared.appendingPathComponent(store).appendingPathComponent(name)
      guard FileManager.default.fileExists(atPath: old.path) else { continue }
      let directory = home.appendingPathComponent("onlinestore/carts").appendingPathComponent(store)
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      let new = directory.appendingPathComponent(name)
      // link, then unlink: never over a cart the new home already has (that one stays, and so
      // does the old file, for the operator to look at).
      if link(old.path, new.path) == 0 { unlink(old.path) }
    }
  }
}
