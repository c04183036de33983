import Foundation

/// The secret the store's own API server asks for on its customers' routes
/// (`onlinestore-api --token-file`), and that its front door and stores send
/// (`--api-token-file`): one line of 16 to 512 visible ASCII characters in a file.
public enum APIToken {
  public struct Unusable: Error, CustomStringConvertible {
    public let description: String
  }

  /// The token in the file at `path`: its first line, without surrounding spaces.
  public static func read(from path: String) throws(Unusable) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw Unusable(description: "\(path) cannot be read")
    }
    let token = text.split(separator: "\n", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    guard (16...512).contains(token.utf8.count), token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
      throw Unusable(description: "\(path) must hold one token of 16 to 512 visible ASCII characters (openssl rand -hex 32 makes one)")
    }
    return token
  }
}
