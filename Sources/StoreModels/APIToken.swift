import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The secret the store's own API server asks for on its customers' routes
/// (`onlinestore-api --token-file`), and that its front door and stores send
/// (`--api-token-file`): one line of 16 to 512 visible ASCII characters in a file.
public enum APIToken {
  public struct Unusable: Error, CustomStringConvertible {
    public let description: String
  }

  /// The token in the file at `path`: its first line, without surrounding spaces. A file that
  /// other users may read is refused (mode 0600, as Docs/RunningYourOwnStore.md makes it).
  public static func read(from path: String) throws(Unusable) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw Unusable(description: "\(path) cannot be read: \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    do {
      try PrivateFiles.checkSecret(path, descriptor: descriptor)
    } catch {
      throw Unusable(description: error.description)
    }
    var bytes = [UInt8](repeating: 0, count: 1_024)
    let count = Glibc.read(descriptor, &bytes, bytes.count)
    guard count > 0, let text = String(validating: bytes[..<count], as: UTF8.self) else {
      throw Unusable(description: "\(path) cannot be read as text")
    }
    // The first line, even when it is empty (which is then refused): not the first non-empty one.
    let token = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    guard (16...512).contains(token.utf8.count), token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
      throw Unusable(description: "\(path) must hold one token of 16 to 512 visible ASCII characters (openssl rand -hex 32 makes one)")
    }
    return token
  }
}
