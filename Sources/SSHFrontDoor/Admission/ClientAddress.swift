import NIOCore

/// The address a connection comes from: the socket's peer, or the real client a trusted load
/// balancer names in a PROXY protocol header.
///
/// IPv4-mapped IPv6 addresses (`::ffff:203.0.113.7`) are the IPv4 address they carry, so that
/// one client counts as one whichever way its socket was accepted.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
  enum Storage: Hashable, Sendable {
    case v4(UInt32)
    case v6(high: UInt64, low: UInt64)
  }

  let storage: Storage

  init(v4: UInt32) { storage = .v4(v4) }

  init(v6 high: UInt64, _ low: UInt64) {
    // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket.
    if high == 0, low >> 32 == 0xFFFF {
      storage = .v4(UInt32(truncatingIfNeeded: low))
    } else {
      storage = .v6(high: high, low: low)
    }
  }

  /// `203.0.113.7`, `2001:db8::1`, `::ffff:192.0.2.1`; `nil` for anything else (no ports, no
  /// brackets, no zone).
  public init?(parsing text: some StringProtocol) {
    if let v4 = Self.parseV4(Substring(text)) {
      self.init(v4: v4)
    } else if let (high, low) = Self.parseV6(Substring(text)) {
      self.init(v6: high, low)
    } else {
      return nil
    }
  }

  /// The peer of a socket, if it is an IP address.
  public init?(_ socketAddress: SocketAddress?) {
    switch socketAddress {
    case let .v4(address)?:
      self.init(v4: UInt32(bigEndian: address.address.sin_addr.s_addr))
    case let .v6(address)?:
      let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
      self.init(v6: Self.word(bytes[0..<8]), Self.word(bytes[8..<16]))
    default:
      return nil
    }
  }

  public var isLoopback: Bool {
    switch storage {
    case let .v4(value): value >> 24 == 127
    case let .v6(high, low): high == 0 && low == 1
    }
  }

  /// What the per-address limits count under: an IPv4 address itself, and the /64 an IPv6
  /// address lies in — one subscriber usually holds a whole /64, and can pick any address in it.
  public var limitKey: ClientAddress {
    switch storage {
    case .v4: self
    case let .v6(high, _): ClientAddress(v6: high, 0)
    }
  }

  public var description: String {
    switch storage {
    case let .v4(value):
      return (0..<4).map { String((value >> (24 - 8 * $0)) & 0xFF) }.joined(separator: ".")
    case let .v6(high, low):
      let groups = (0..<4).map { UInt16(truncatingIfNeeded: high >> (48 - 16 * $0)) }
        + (0..<4).map { UInt16(truncatingIfNeeded: low >> (48 - 16 * $0)) }
      return Self.compressed(groups)
    }
  }

  // MARK: Parsing

  static func parseV4(_ text: Substring) -> UInt32? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var value: UInt32 = 0
    for part in parts {
      // Decimal only, no leading zeros (which some parsers read as octal).
      guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), part == "0" || part.first != "0",
        let octet = UInt32(part), octet <= 255
      else { return nil }
      value = value << 8 | octet
    }
    return value
  }

  static func parseV6(_ text: Substring) -> (UInt64, UInt64)? {
    guard text.count <= 45, text.contains(":") else { return nil }
    var groups: [UInt16] = []
    var tail: [UInt16] = []
    var sawGap = false
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    for (index, half) in halves.enumerated() {
      if index == 1 { sawGap = true }
      guard !half.isEmpty else { continue }
      var parsed: [UInt16] = []
      let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
      for (position, piece) in pieces.enumerated() {
        if position == pieces.count - 1, piece.contains("."), let v4 = parseV4(piece) {
          parsed += [UInt16(v4 >> 16), UInt16(v4 & 0xFFFF)]
        } else {
          guard (1...4).contains(piece.count), let group = UInt16(piece, radix: 16) else { return nil }
          parsed.append(group)
        }
      }
      if index == 0 { groups = parsed } else { tail = parsed }
    }
    let missing = 8 - groups.count - tail.count
    guard sawGap ? missing >= 1 : missing == 0 else { return nil }
    let all = groups + Array(repeating: 0, count: missing) + tail
    let high = all[0..<4].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
    let low = all[4..<8].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
    return (high, low)
  }

  static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }

  /// RFC 5952's form: lower case, the longest run of two or more zero groups as `::`.
  private static func compressed(_ groups: [UInt16]) -> String {
    var best = (start: -1, length: 0)
    var index = 0
    while index < groups.count {
      guard groups[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < groups.count, groups[end] == 0 { end += 1 }
      if end - index > best.length, end - index >= 2 { best = (index, end - index) }
      index = end
    }
    let hex = groups.map { String($0, radix: 16) }
    guard best.start >= 0 else { return hex.joined(separator: ":") }
    let head = hex[..<best.start].joined(separator: ":")
    let tail = hex[(best.start + best.length)...].joined(separator: ":")
    return head + "::" + tail
  }
}

/// A block of addresses written as CIDR (`10.0.0.0/8`, `2001:db8::/32`), or one address.
public struct AddressRange: Hashable, Sendable, CustomStringConvertible {
  let base: ClientAddress
  let prefixLength: Int

  public init?(cidr text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let base = ClientAddress(parsing: parts[0]) else { return nil }
    let maximum = if case .v4 = base.storage { 32 } else { 128 }
    let length: Int
    if parts.count == 2 {
      guard parts[1].allSatisfy(\.isASCIIDigit), let parsed = Int(parts[1]), (0...maximum).contains(parsed) else { return nil }
      length = parsed
    } else {
      length = maximum
    }
    self.base = base
    self.prefixLength = length
  }

  /// `10.0.0.0/8,192.168.1.5`: each part a range; `nil` if any part is not one.
  public static func list(parsing text: String) -> [AddressRange]? {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !parts.isEmpty else { return nil }
    let ranges = parts.compactMap(AddressRange.init(cidr:))
    return ranges.count == parts.count ? ranges : nil
  }

  public func contains(_ address: ClientAddress) -> Bool {
    switch (base.storage, address.storage) {
    case let (.v4(base), .v4(value)):
      let mask: UInt32 = prefixLength == 0 ? 0 : ~0 << (32 - prefixLength)
      return base & mask == value & mask
    case let (.v6(baseHigh, baseLow), .v6(high, low)):
      let highBits = min(prefixLength, 64)
      let lowBits = max(prefixLength - 64, 0)
      let highMask: UInt64 = highBits == 0 ? 0 : ~0 << (64 - highBits)
      let lowMask: UInt64 = lowBits == 0 ? 0 : ~0 << (64 - lowBits)
      return baseHigh & highMask == high & highMask && baseLow & lowMask == low & lowMask
    default:
      return false
    }
  }

  public var description: String { "\(base)/\(prefixLength)" }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
