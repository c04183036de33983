import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What the store keeps for a person — carts, orders, addresses, key fingerprints, the catalog's
/// passwords, tokens — is that person's (or the service's) alone: directories 0700, files 0600,
/// whatever the umask, and tightened when an earlier version left them open to others.
public enum PrivateFiles {
  public struct Refusal: Error, CustomStringConvertible {
    public let description: String
  }

  /// Makes `path` a directory, with its missing parents, each made 0700 whatever the umask. With
  /// `tighteningExisting` (the store's own state directory, which an earlier version made 0755),
  /// an existing one of this user's that others may read or enter is made 0700 too; a directory
  /// someone chose for a file of ours is otherwise left as it is.
  public static func ensureDirectory(_ path: String, tighteningExisting: Bool = false) throws(Refusal) {
    var made = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      made += "/" + component
      if mkdir(made, 0o700) == 0 {
        chmod(made, 0o700)
      } else if errno != EEXIST {
        throw Refusal(description: "\(made) could not be created: \(String(cString: strerror(errno)))")
      }
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Refusal(description: "\(path) is not a directory")
    }
    if tighteningExisting { tighten(path, to: 0o700) }
  }

  /// Creates the file at `path` empty with mode 0600 if there is none, so that a library that
  /// creates it with the umask's mode (SQLite: 0644, and its `-wal` and `-shm` files take the
  /// database's mode) finds it private; an existing file of this user's is made 0600.
  public static func ensureFile(_ path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 { close(descriptor) }
    tighten(path, to: 0o600)
  }

  /// Takes from `path` what `mode` does not allow, if it is this user's and allows more.
  public static func tighten(_ path: String, to mode: mode_t) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_uid == geteuid(), status.st_mode & S_IFMT != S_IFLNK else { return }
    if status.st_mode & 0o777 & ~mode != 0 { chmod(path, status.st_mode & 0o777 & mode) }
  }

  /// The mode bits of `path` (`nil` when there is nothing there).
  public static func mode(of path: String) -> mode_t? {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
  }

  /// Every directory above `path` is root's or this user's, and nobody else may write to it
  /// unless it is sticky (where nobody can move another's entries): otherwise another user could
  /// put a directory of theirs in `path`'s place. `what` names `path` in the refusal.
  public static func checkParents(of path: String, what: String) throws(Refusal) {
    var parent = (path as NSString).deletingLastPathComponent
    while !parent.isEmpty {
      var status = stat()
      guard stat(parent, &status) == 0 else { throw Refusal(description: "\(parent): \(String(cString: strerror(errno))).") }
      guard status.st_uid == 0 || status.st_uid == geteuid() else {
        throw Refusal(
          description: "\(parent), above \(what), belongs to user \(status.st_uid): that user could put another directory in its place. Keep \(what) under directories of root's or this user's."
        )
      }
      let sticky = status.st_mode & S_ISVTX != 0
      guard status.st_mode & 0o022 == 0 || sticky else {
        throw Refusal(
          description: "\(parent), above \(what), can be written by other users (mode \(String(status.st_mode & 0o777, radix: 8))): they could put another directory in its place. Run chmod go-w \(parent), or keep \(what) elsewhere."
        )
      }
      if parent == "/" { break }
      parent = (parent as NSString).deletingLastPathComponent
    }
  }

  /// `path` is a real directory of this user's that no one else may write to, under parents
  /// held to ``checkParents(of:what:)``: a folder where a database keeps its file and the
  /// files beside it (SQLite's `-wal` and `-shm`), which another user must not be able to place.
  public static func checkPrivateFolder(_ path: String, what: String) throws(Refusal) {
    var status = stat()
    guard lstat(path, &status) == 0 else { throw Refusal(description: "\(path): \(String(cString: strerror(errno))).") }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Refusal(description: "\(path), the folder of \(what), is not a directory (a link or a file is in its place).")
    }
    guard status.st_uid == geteuid() else {
      throw Refusal(description: "\(path), the folder of \(what), belongs to user \(status.st_uid), not to this user (\(geteuid())).")
    }
    guard status.st_mode & 0o022 == 0 else {
      throw Refusal(
        description: "\(path), the folder of \(what), can be written by other users (mode \(String(status.st_mode & 0o777, radix: 8))): they could put files in \(what)'s place. Run chmod go-w \(path), or choose another folder."
      )
    }
    try checkParents(of: path, what: what)
  }

  /// Refuses a secret (a token file) that a user other than its owner may read: anyone who can
  /// read it can do whatever it allows.
  public static func checkSecret(_ path: String, descriptor: Int32) throws(Refusal) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw Refusal(description: "\(path) cannot be examined: \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw Refusal(
        description: "\(path) can be read by other users (mode \(String(status.st_mode & 0o777, radix: 8))); run chmod 600 \(path) and start again"
      )
    }
  }
}
