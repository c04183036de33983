/// The addresses an `authorized_keys` line's `from="…"` lets a key come from: a comma-separated
/// list of CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`) and address patterns with `*` and `?`
/// (`192.168.1.*`), each of which may be negated with `!`. An address is let in when it matches
/// some pattern that is not negated and none that is, as sshd decides.
///
/// sshd also matches the client's host name; the front door does not look names up (a reverse
/// lookup is the client's own word), so a pattern of a name matches no address, and a line with
/// only names lets its key in from nowhere — the careful reading of a rule that cannot be checked.
public struct AddressPatterns: Hashable, Sendable {
  enum Pattern: Hashable, Sendable {
    case range(AddressRange)
    case wildcard(String)
  }

  private(set) var allowed: [Pattern] = []
  private(set) var denied: [Pattern] = []

  /// The most patterns one `from=` holds.
  static let maximumPatterns = 64

  /// The patterns of `list`; `nil` when it is empty, too long, or holds an empty pattern.
  public init?(_ list: String) {
    let parts = list.split(separator: ",", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.count <= Self.maximumPatterns else { return nil }
    for part in parts {
      let negated = part.hasPrefix("!")
      let text = negated ? part.dropFirst() : part
      guard !text.isEmpty, text.count <= 255, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else { return nil }
      let pattern: Pattern
      if text.contains("/") {
        guard let range = AddressRange(cidr: text) else { return nil }
        pattern = .range(range)
      } else {
        pattern = .wildcard(text.lowercased())
      }
      if negated { denied.append(pattern) } else { allowed.append(pattern) }
    }
  }

  /// Whether `address` comes in under these patterns.
  public func matches(_ address: ClientAddress) -> Bool {
    let text = address.description.lowercased()
    func matches(_ pattern: Pattern) -> Bool {
      switch pattern {
      case let .range(range): range.contains(address)
      case let .wildcard(glob): Self.glob(Array(glob.utf8)[...], matches: Array(text.utf8)[...])
      }
    }
    return !denied.contains(where: matches) && allowed.contains(where: matches)
  }

  /// `*` any run of characters, `?` one character, anything else itself. Iterative, with one
  /// place to come back to, so a pattern of many stars costs its length times the text's at most.
  static func glob(_ pattern: ArraySlice<UInt8>, matches text: ArraySlice<UInt8>) -> Bool {
    var p = pattern.startIndex
    var t = text.startIndex
    var star: (pattern: Int, text: Int)?
    while t < text.endIndex {
      if p < pattern.endIndex, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
        p += 1
        t += 1
      } else if p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") {
        star = (p, t)
        p += 1
      } else if let last = star {
        p = last.pattern + 1
        t = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.endIndex, pattern[p] == UInt8(ascii: "*") { p += 1 }
    return p == pattern.endIndex
  }
}
