import Foundation
import NIOSSH

/// An OpenSSH `authorized_keys` file (`--authorized-keys`, `--admin-keys`), read as sshd(8)
/// reads it: one key a line, `[options] type base64 [comment]`; blank lines and lines whose
/// first visible character is `#` say nothing.
///
/// Of the options, the front door keeps the two that decide *whether* a key may come in —
/// `from="pattern-list"` (only from these addresses) and `expiry-time="timespec"` (not after
/// then) — and takes the restrictions it satisfies anyway (`restrict`, `no-port-forwarding`,
/// `no-agent-forwarding`, `no-X11-forwarding`, `no-user-rc`, `no-touch-required`: nothing is ever
/// forwarded and no rc file is run). Any other option would promise what the front door does not
/// do — run a `command=`, set an `environment=`, trust a `cert-authority` — so its line is
/// refused whole, and said so (``refusals``): a key an operator restricted is never let in with
/// fewer restrictions than they wrote.
public struct AuthorizedKeys: Sendable {
  /// One accepted line: a key, and the conditions it comes in under.
  public struct Entry: Hashable, Sendable {
    public var fingerprint: String
    /// `from=`: the patterns the client's address must match; `nil` for anywhere.
    public var from: AddressPatterns?
    /// `expiry-time=`: the key is not accepted from then on.
    public var expires: Date?
    /// The line it was read from, for the logs.
    public var line: Int
  }

  /// A line that says something but was not taken, and why.
  public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  public private(set) var entries: [Entry] = []
  public private(set) var refusals: [Refusal] = []

  /// The most lines read, and the longest line: an `authorized_keys` file is a short list.
  public static let maximumLines = 10_000
  public static let maximumLineLength = 16_384

  /// Reads `text`. `timeZone` is the one sshd's `expiry-time` means without a `Z` (the system's).
  public init(parsing text: String, timeZone: TimeZone = .current) {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(Self.maximumLines).enumerated() {
      let number = index + 1
      var rest = Substring(line.hasSuffix("\r") ? line.dropLast() : line)
      rest = rest.drop { $0 == " " || $0 == "\t" }
      guard !rest.isEmpty, !rest.hasPrefix("#") else { continue }
      guard rest.utf8.count <= Self.maximumLineLength else {
        refusals.append(Refusal(line: number, reason: "longer than \(Self.maximumLineLength) bytes; the line is refused"))
        continue
      }
      switch Self.entry(from: rest, line: number, timeZone: timeZone) {
      case let .success(entry): entries.append(entry)
      case let .failure(refusal): refusals.append(refusal)
      }
    }
  }

  /// The fingerprints of every key the file lets in under some condition.
  public var fingerprints: Set<String> { Set(entries.map(\.fingerprint)) }

  /// Whether the key `fingerprint` may come in from `address` at `date`: some line of it allows
  /// that address and has not expired.
  public func admits(_ fingerprint: String, from address: ClientAddress?, at date: Date) -> Bool {
    entries.contains { entry in
      guard entry.fingerprint == fingerprint else { return false }
      if let expires = entry.expires, date >= expires { return false }
      if let from = entry.from { return address.map(from.matches) ?? false }
      return true
    }
  }

  /// The key types a line may start with (sshd's; swift-nio-ssh verifies the Ed25519 and ECDSA
  /// ones, so a line of another type is read, and refused as a type this server cannot check).
  static let keyTypes: Set<Substring> = [
    "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa", "ssh-dss",
    "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
  ]

  /// The options whose restriction the front door always keeps.
  static let keptAnyway: Set<String> = ["restrict", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc", "no-touch-required"]

  private static func entry(from line: Substring, line number: Int, timeZone: TimeZone) -> Result<Entry, Refusal> {
    func refused(_ reason: String) -> Result<Entry, Refusal> { .failure(Refusal(line: number, reason: reason + "; the line is refused")) }
    var rest = line
    var options: [(name: String, value: String?)] = []
    let first = rest.prefix { $0 != " " && $0 != "\t" }
    if !keyTypes.contains(first) && !first.hasSuffix("-cert-v01@openssh.com") {
      guard let parsed = OptionList.parse(&rest) else { return refused("its options are not name or name=\"value\" separated by commas") }
      options = parsed
      rest = rest.drop { $0 == " " || $0 == "\t" }
    }
    let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard fields.count >= 2 else { return refused("no key type and key") }
    let type = fields[0]
    if type.hasSuffix("-cert-v01@openssh.com") { return refused("certificates (\(type)) are not accepted") }
    guard keyTypes.contains(type) else {
      if !options.isEmpty { return refused("its options are not name or name=\"value\" separated by commas, followed by a key") }
      return refused("'\(type.prefix(40))' is not a key type")
    }
    guard let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])") else {
      return refused("its \(type) key is not one this server can check (Ed25519 and ECDSA keys are)")
    }
    var entry = Entry(fingerprint: KeyFingerprint.of(key), from: nil, expires: nil, line: number)
    for (name, value) in options {
      switch name.lowercased() {
      case "cert-authority":
        return refused("cert-authority is never accepted: a certificate authority would let in any key it signs")
      case "from":
        guard let value, let patterns = AddressPatterns(value) else { return refused("from= needs a list of addresses, address patterns or CIDR ranges") }
        entry.from = patterns
      case "expiry-time":
        guard let value, let date = ExpiryTime.date(value, timeZone: timeZone) else { return refused("expiry-time= needs YYYYMMDD[HHMM[SS]][Z]") }
        entry.expires = min(entry.expires ?? date, date)
      case let name where keptAnyway.contains(name):
        continue
      default:
        return refused("the option \(name.prefix(40)) is not one this server keeps")
      }
    }
    return .success(entry)
  }
}

/// The comma-separated options at the start of an `authorized_keys` line: `name` or
/// `name="value"`, a value's `\"` an escaped quote; no spaces outside quotes.
enum OptionList {
  /// The options at the start of `text`, which is left after them; `nil` when they are malformed.
  static func parse(_ text: inout Substring) -> [(name: String, value: String?)]? {
    var options: [(name: String, value: String?)] = []
    while true {
      let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
      guard !name.isEmpty, name.count <= 64 else { return nil }
      text = text.dropFirst(name.count)
      var value: String?
      if text.first == "=" {
        text = text.dropFirst()
        guard text.first == "\"" else { return nil }
        text = text.dropFirst()
        var collected = ""
        var closed = false
        while let character = text.first {
          text = text.dropFirst()
          if character == "\\", text.first == "\"" {
            collected.append("\"")
            text = text.dropFirst()
          } else if character == "\"" {
            closed = true
            break
          } else {
            collected.append(character)
          }
        }
        guard closed else { return nil }
        value = collected
      }
      options.append((String(name), value))
      guard text.first == "," else { break }
      text = text.dropFirst()
    }
    guard let next = text.first, next == " " || next == "\t" else { return nil }
    return options
  }
}

/// `expiry-time`'s time: `YYYYMMDD`, `YYYYMMDDHHMM` or `YYYYMMDDHHMMSS`, in UTC with a trailing
/// `Z`, else in the system's time zone (as sshd reads it).
enum ExpiryTime {
  static func date(_ text: String, timeZone: TimeZone) -> Date? {
    var digits = Substring(text)
    var zone = timeZone
    if digits.hasSuffix("Z") || digits.hasSuffix("z") {
      digits = digits.dropLast()
      zone = TimeZone(identifier: "UTC")!
    }
    guard [8, 12, 14].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let numbers = stride(from: 0, to: digits.count, by: 2).map { Int(digits.dropFirst($0).prefix(2))! }
    var components = DateComponents()
    components.year = numbers[0] * 100 + numbers[1]
    components.month = numbers[2]
    components.day = numbers[3]
    components.hour = numbers.count > 4 ? numbers[4] : 0
    components.minute = numbers.count > 5 ? numbers[5] : 0
    components.second = numbers.count > 6 ? numbers[6] : 0
    guard (1...12).contains(components.month!), (1...31).contains(components.day!), (0...23).contains(components.hour!),
      (0...59).contains(components.minute!), (0...59).contains(components.second!)
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    guard let date = calendar.date(from: components), calendar.component(.day, from: date) == components.day else { return nil }
    return date
  }
}
