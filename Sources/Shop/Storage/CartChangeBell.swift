import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How copies of the store sharing a cart file tell each other of a save without an inotify
/// instance each: every copy that listens holds a datagram socket, named in the cart directory's
/// `.bells/` folder; a copy that saves sends one byte to each. Nothing is read or written while
/// nobody saves.
///
/// Why: Debian allows each user 128 inotify instances, and `onlinestore serve` runs every
/// session's store as one user — the 129th shopper's store could not watch its file. A bell costs
/// a descriptor, which the front door already budgets per session.
///
/// The sockets are in Linux's abstract namespace (no path, so no 108-byte limit on a deep state
/// directory); the folder's files are the registry of who listens, each named by 16 random hex
/// digits. A bell whose store is gone (killed) answers "refused", and its file is removed by the
/// next ring. Ringing a stranger's name costs them a re-read of nothing: harmless.
final class CartChangeBell: @unchecked Sendable {
  /// The most bells one save rings: more copies of one cart than any shopper has windows.
  static let maximumBells = 64

  private let source: any DispatchSourceRead
  private let registration: String

  /// Listens in `directory` (the cart file's); `onRing` runs on a background queue after each
  /// ring (rings close together may come as one). `nil` when no socket can be had.
  static func listen(in directory: String, onRing: @escaping @Sendable () -> Void) -> CartChangeBell? {
    let folder = directory + "/.bells"
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { return nil }
    let name = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0 ... .max)) }.joined()
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = Self.address(of: name)
    let bound = withUnsafePointer(to: &address.socket) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, address.length) }
    }
    let registration = folder + "/" + name
    let file = open(registration, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard bound == 0, file >= 0 else {
      if file >= 0 { close(file) }
      close(descriptor)
      return nil
    }
    close(file)
    return CartChangeBell(descriptor: descriptor, registration: registration, onRing: onRing)
  }

  private init(descriptor: Int32, registration: String, onRing: @escaping @Sendable () -> Void) {
    self.registration = registration
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "onlinestore.cart-bell"))
    source.setEventHandler {
      var byte: UInt8 = 0
      var rang = false
      while recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT)) >= 0 { rang = true }
      if rang { onRing() }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    self.source = source
  }

  /// Stops listening and takes this bell out of the registry.
  func stop() {
    unlink(registration)
    source.cancel()
  }

  /// Rings every bell registered in `directory` — at most `limit` of them — removing those
  /// nobody answers any more.
  static func ring(in directory: String, atMost limit: Int = maximumBells) {
    let folder = directory + "/.bells"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard sender >= 0 else { return }
    defer { close(sender) }
    var byte: UInt8 = 1
    for name in names.prefix(limit) where isName(name) {
      var address = Self.address(of: name)
      let sent = withUnsafePointer(to: &address.socket) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(sender, &byte, 1, Int32(MSG_DONTWAIT | MSG_NOSIGNAL), $0, address.length) }
      }
      if sent < 0, errno == ECONNREFUSED || errno == ENOENT { unlink(folder + "/" + name) }
    }
  }

  static func isName(_ name: String) -> Bool {
    name.utf8.count == 16 && name.utf8.allSatisfy { ("0"..."9").contains(Character(Unicode.Scalar($0))) || ("a"..."f").contains(Character(Unicode.Scalar($0))) }
  }

  /// `\0onlinestore-cart-bell-<name>`: an abstract socket address.
  private static func address(of name: String) -> (socket: sockaddr_un, length: socklen_t) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let text = Array(("onlinestore-cart-bell-" + name).utf8)
    withUnsafeMutableBytes(of: &address.sun_path) { path in
      path[0] = 0
      for (index, byte) in text.enumerated() where index + 1 < path.count { path[index + 1] = byte }
    }
    let length = MemoryLayout<sa_family_t>.size + 1 + text.count
    return (address, socklen_t(length))
  }
}
