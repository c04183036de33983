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
///
/// The directory is opened once, at start, and the server's own work in it — making homes,
/// checking them, sweeping guests' — is done relative to that descriptor (`mkdirat`,
/// `fstatat`, `openat`), so a name swapped under it later cannot redirect that work. Each
/// directory above it must be root's or this user's and writable by no one else (a sticky one
/// such as /tmp excepted): otherwise another user could move the whole directory aside and put
/// one of their own in its place for the paths the stores are given. Before each store starts,
/// the path is checked to still be the directory opened (``isStillInPlace``).
public struct StateDirectory: Sendable {
  public let url: URL
  /// The directory, open for the server's life.
  let descriptor: Int32

  public var hostKey: URL { url.appendingPathComponent("host_ed25519_key") }
  var shoppers: URL { url.appendingPathComponent("shoppers") }
  var guests: URL { url.appendingPathComponent("guests") }
  /// The sessions' `XDG_CACHE_HOME`.
  var cache: URL { url.appendingPathComponent("cache") }

  /// Makes the directory (0700) if there is none, or checks the one there: it must belong to
  /// this user and be writable by nobody else, and so must every directory above it be (see
  /// above). Then sweeps guest directories that a server killed earlier left behind.
  public static func prepare(_ url: URL) throws(FrontDoorError) -> StateDirectory {
    let path = url.standardizedFileURL.path
    try makeIfMissing(path)
    var named = stat()
    guard lstat(path, &named) == 0, named.st_mode & S_IFMT == S_IFDIR else {
      throw FrontDoorError("\(path) is not a directory (a link or a file is in its place); the state directory must be a real directory.")
    }
    guard let real = realpath(path, nil) else { throw FrontDoorError("\(path): \(String(cString: strerror(errno))).") }
    let canonical = String(cString: real)
    free(real)
    try checkParents(of: canonical)
    let descriptor = open(canonical, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw FrontDoorError("\(canonical) cannot be opened: \(String(cString: strerror(errno))).") }
    let directory = StateDirectory(url: URL(fileURLWithPath: canonical), descriptor: descriptor)
    do throws(FrontDoorError) {
      var status = stat()
      guard fstat(descriptor, &status) == 0 else { throw FrontDoorError("\(canonical): \(String(cString: strerror(errno))).") }
      try directory.checkPrivate(status, at: canonical)
      // Nobody else writes to it (checked); nobody else need read it either.
      if status.st_mode & 0o077 != 0 { fchmod(descriptor, status.st_mode & 0o700) }
      for name in ["shoppers", "guests", "cache"] { try directory.ensurePrivateDirectory(name) }
    } catch {
      close(descriptor)
      throw error
    }
    directory.sweepGuests()
    return directory
  }

  /// Whether the path still names the directory opened at start.
  var isStillInPlace: Bool {
    var named = stat()
    var held = stat()
    return stat(url.path, &named) == 0 && fstat(descriptor, &held) == 0 && named.st_dev == held.st_dev && named.st_ino == held.st_ino
  }

  /// Makes `path` (0700, with its parents) when nothing is there.
  private static func makeIfMissing(_ path: String) throws(FrontDoorError) {
    var status = stat()
    guard lstat(path, &status) != 0 else { return }
    guard errno == ENOENT else { throw FrontDoorError("\(path): \(String(cString: strerror(errno))).") }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      // A service's user often has no home to write in (a system user's is /nonexistent):
      // say which option names another place, and what systemd can make for it.
      throw FrontDoorError(
        "The state directory \(path) could not be created: \(error.localizedDescription). Give one this user can write with --state-dir DIR (under systemd, StateDirectory=onlinestore makes /var/lib/onlinestore for the service's user)."
      )
    }
    // Made here just now: ours, whatever the umask said.
    chmod(path, 0o700)
  }

  /// Every directory above `path` is root's or this user's, and nobody else may write to it
  /// unless it is sticky (where nobody can move another's entries). The state directory and
  /// `--host-key` are held to it.
  static func checkParents(of path: String) throws(FrontDoorError) {
    do {
      try PrivateFiles.checkParents(of: path, what: "the state directory")
    } catch {
      throw FrontDoorError(error.description)
    }
  }

  /// `name`, inside the directory, as a directory of this user's that nobody else may write
  /// to: made 0700 if missing, refused (with what to do) if it is someone else's or open to
  /// others. Made and looked at relative to the directory's descriptor.
  private func ensurePrivateDirectory(_ name: String) throws(FrontDoorError) {
    let shown = url.appendingPathComponent(name).path
    if mkdirat(descriptor, name, 0o700) == 0 {
      fchmodat(descriptor, name, 0o700, 0)
    } else if errno != EEXIST {
      throw FrontDoorError("\(shown) could not be created: \(String(cString: strerror(errno))).")
    }
    var status = stat()
    guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
      throw FrontDoorError("\(shown): \(String(cString: strerror(errno))).")
    }
    try checkPrivate(status, at: shown)
  }

  private func checkPrivate(_ status: stat, at path: String) throws(FrontDoorError) {
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw FrontDoorError("\(path) is not a directory (a link or a file is in its place); the state directory must be a real directory.")
    }
    guard status.st_uid == geteuid() else {
      throw FrontDoorError("\(path) belongs to user \(status.st_uid), not to this user (\(geteuid())); the store keeps its host key and carts only in a directory of its own.")
    }
    guard status.st_mode & 0o022 == 0 else {
      throw FrontDoorError(
        "\(path) can be written by other users (mode \(String(status.st_mode & 0o777, radix: 8))); run chmod 700 \(path) and start again."
      )
    }
  }

  /// The home of the shopper with key `fingerprint`, made if need be; carts that version 1.1
  /// kept in the shared `DIR/onlinestore/carts` are moved in the first time.
  func shopperHome(fingerprint: String) throws(FrontDoorError) -> URL {
    let name = Self.directoryName(for: fingerprint)
    try checkInPlace()
    try ensurePrivateDirectory("shoppers/" + name)
    let home = shoppers.appendingPathComponent(name)
    moveSharedCarts(of: fingerprint, into: home)
    return home
  }

  private func checkInPlace() throws(FrontDoorError) {
    guard isStillInPlace else {
      throw FrontDoorError("\(url.path) is no longer the state directory this server opened at start (it was moved or replaced).")
    }
  }

  /// A new home for a guest, named after this server's process so that a later start can tell
  /// which guests' homes were left by a server that is gone.
  func makeGuestHome() throws(FrontDoorError) -> URL {
    let name = "\(getpid())-\(UUID().uuidString)"
    try checkInPlace()
    try ensurePrivateDirectory("guests/" + name)
    return guests.appendingPathComponent(name)
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
