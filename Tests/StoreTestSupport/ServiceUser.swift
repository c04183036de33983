import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The unprivileged system user the servers' end-to-end tests run them as, as the systemd units
/// of `Docs/ServingOverSSH.md` and `Docs/SeveralHosts.md` do (`User=onlinestore`): a server that
/// works only as root is a server that does not work. (One did: a socket option only root may
/// set closed every connection, and every test ran as root.)
///
/// When the tests run as root (CI does), the user is made once if the machine lacks it
/// (`useradd --system`), and servers are started through `setpriv` as that user, with what they
/// must read or write handed to it. When the tests run as any other user, they already are
/// unprivileged, and servers run as they are.
public enum ServiceUser {
  /// The user's name: the `User=` of the guides' units (`Docs/ServingOverSSH.md`,
  /// `Docs/SeveralHosts.md`).
  public static let name = "onlinestore"

  public struct Account: Sendable {
    public let uid: uid_t
    public let gid: gid_t
  }

  /// The account servers are started as, or `nil` when the tests are not root.
  public static let account: Account? = {
    guard geteuid() == 0 else { return nil }
    if getpwnam(name) == nil {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/sbin/useradd")
      process.arguments = ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", name]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try? process.run()
      process.waitUntilExit()
    }
    guard let entry = getpwnam(name) else { fatalError("the tests run as root but could not make the system user \(name)") }
    return Account(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
  }()

  /// `binary arguments` as the service user: through `setpriv` when the tests are root, as is
  /// otherwise. `setpriv` executes the program in its own process, so the process started is
  /// the server's own (signals reach it, its children are its stores).
  public static func command(_ binary: URL, _ arguments: [String]) -> (URL, [String]) {
    guard let account else { return (binary, arguments) }
    return (
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--", runnable(binary).path] + arguments
    )
  }

  /// Gives the service user `url` (a file, or a directory and all in it), and a way through the
  /// directories above it; nothing when the tests are not root.
  public static func handOver(_ url: URL) {
    guard let account else { return }
    // Only what a test made for itself, under the temporary directory: never a system file a
    // test names (`--store-program /bin/false`).
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
    guard url.standardizedFileURL.path.hasPrefix(temporary + "/") else { return }
    openWayThrough(to: url.deletingLastPathComponent())
    chownTree(url.path, account)
  }

  /// A state directory for a server, made as systemd's `StateDirectory=` makes one: the
  /// service user's, with `mode`.
  public static func makeStateDirectory(_ url: URL, mode: mode_t = 0o700) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    chmod(url.path, mode)
    handOver(url)
  }

  /// Lets others pass through (not read) each directory from `/` down to `directory`.
  static func openWayThrough(to directory: URL) {
    var path = directory.standardizedFileURL.path
    while path != "/" && !path.isEmpty {
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & 0o001 == 0 { chmod(path, (status.st_mode & 0o7777) | 0o011) }
      path = (path as NSString).deletingLastPathComponent
    }
  }

  private static func chownTree(_ path: String, _ account: Account) {
    _ = lchown(path, account.uid, account.gid)
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      chownTree(path + "/" + entry, account)
    }
  }

  /// `binary`, or a copy the service user can run: the build folder may sit where it cannot
  /// pass (a home directory of 0700). The copy is made once per test run.
  public static func runnable(_ binary: URL) -> URL {
    if access(binary.path, X_OK) == 0, everyoneCanReach(binary) { return binary }
    return copies.withLock { made in
      if let copy = made[binary.path] { return copy }
      let directory = URL(fileURLWithPath: "/tmp/onlinestore-test-binaries-\(getpid())")
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      chmod(directory.path, 0o755)
      let copy = directory.appendingPathComponent(binary.lastPathComponent)
      try? FileManager.default.copyItem(at: binary, to: copy)
      chmod(copy.path, 0o755)
      made[binary.path] = copy
      return copy
    }
  }

  private static let copies = LockedDictionary()

  private static func everyoneCanReach(_ binary: URL) -> Bool {
    var path = binary.standardizedFileURL.path
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & 0o005 == 0o005 else { return false }
    path = (path as NSString).deletingLastPathComponent
    while path != "/" && !path.isEmpty {
      guard stat(path, &status) == 0, status.st_mode & 0o001 != 0 else { return false }
      path = (path as NSString).deletingLastPathComponent
    }
    return true
  }

  private final class LockedDictionary: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: URL] = [:]
    func withLock<Value>(_ body: (inout [String: URL]) -> Value) -> Value {
      lock.withLock { body(&values) }
    }
  }
}

/// A shell script a test runs, written so that no other process can hold it open: through a
/// descriptor that is closed on exec. (A file written without one can be inherited, open for
/// writing, by a child another test forks at that moment, and executing it then fails with
/// "text file busy": the store exited 127 once in CI that way.)
public enum TestScript {
  public static func write(_ text: String, to url: URL) throws {
    unlink(url.path)
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
      throw CocoaError(.fileWriteUnknown)
    }
    fchmod(descriptor, 0o755)
  }
}
