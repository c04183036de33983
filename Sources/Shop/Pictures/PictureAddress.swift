import Foundation

/// Where a product's picture is: one of the demo catalog's own, or on the web.
public enum PictureAddress: Hashable, Sendable {
  /// A picture of the embedded demo catalog, by file name (`7.png`).
  case demo(String)
  /// A picture to fetch over HTTP or HTTPS.
  case web(URL)

  /// The longest `image` value looked at; a longer one is no address.
  public static let maximumLength = 2_048

  /// What a product's `image` value comes to for a store at `storeBase` (`nil`: the embedded
  /// catalog): no picture, an address, or a reason it cannot be one.
  public enum Lookup: Hashable, Sendable {
    case none
    case address(PictureAddress)
    case unusable(String)
  }

  /// An absolute `http(s)` URL is fetched wherever it points (a picture may live on another
  /// host than the store; it gets the same limits). A bare file name is the demo catalog's own
  /// picture in the embedded store, and is taken relative to the store's address otherwise.
  /// Nothing else — `file:`, `data:`, a path that climbs out with `..` — is fetched.
  public static func lookUp(_ image: String, storeBase: URL?) -> Lookup {
    let text = image.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return .none }
    guard text.utf8.count <= maximumLength else { return .unusable("the picture's address is over \(maximumLength) bytes") }
    guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
      return .unusable("the picture's address has spaces, control characters or non-ASCII")
    }
    if let url = URL(string: text), let scheme = url.scheme?.lowercased() {
      guard scheme == "http" || scheme == "https", url.host?.isEmpty == false else {
        return .unusable("only http and https pictures are fetched (got \(scheme):)")
      }
      // A user name or password would be sent as Basic authentication to whoever the catalog
      // names: never.
      guard url.user == nil, url.password == nil else { return .unusable("the picture's address holds a user name or password") }
      guard !url.path.split(separator: "/").contains("..") else { return .unusable("the picture's address climbs out with ..") }
      return .address(.web(url))
    }
    guard !text.split(separator: "/").contains("..") else { return .unusable("the picture's address climbs out with ..") }
    if let storeBase {
      guard let url = URL(string: text, relativeTo: storeBase)?.absoluteURL else { return .unusable("not an address") }
      return .address(.web(url))
    }
    guard isFileName(text) else { return .unusable("the demo catalog has no picture \(text)") }
    return .address(.demo(text))
  }

  /// Letters, digits, `.`, `-` and `_`, not starting with a dot.
  static func isFileName(_ text: String) -> Bool {
    !text.hasPrefix(".") && text.count <= 100
      && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-_".contains(Character($0)) }
  }

  /// The key of the caches: the same address, the same key.
  public var key: String {
    switch self {
    case let .demo(name): "demo:" + name
    case let .web(url): url.absoluteString
    }
  }
}
