/// The PROXY protocol header (versions 1 and 2, as HAProxy specifies them) that a TCP load
/// balancer puts before the client's own bytes, so that the server learns who the client is.
///
/// Read only from load balancers the operator names (`--proxy-protocol-from`): from anyone else a
/// header would let a client claim any address. Pure: bytes in, a verdict out.
public enum ProxyHeader: Equatable, Sendable {
  /// The client the load balancer accepted the connection from.
  case proxied(source: ClientAddress)
  /// The load balancer speaking for itself (a health check: v2's LOCAL, v1's UNKNOWN, or an
  /// address family other than TCP over IP): the socket's own peer is the one to count.
  case local

  /// What a look at the first bytes of a connection found.
  public enum Reading: Equatable, Sendable {
    /// Not enough bytes yet to tell.
    case needMore
    /// A whole header, `length` bytes long; the client's bytes follow it.
    case header(ProxyHeader, length: Int)
    /// Not a header this server accepts; the connection must be closed.
    case invalid(String)
  }

  /// v1's longest line, CRLF included.
  static let maximumVersion1Length = 107
  /// v2's fixed part: signature, version and command, family, length.
  static let version2FixedLength = 16
  /// The longest v2 header accepted: the addresses and a few TLVs (HAProxy's unique id, SSL
  /// details); far more than any load balancer sends, far less than a client could make us hold.
  public static let maximumLength = 2_048

  static let version1Prefix = Array("PROXY ".utf8)
  static let version2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

  /// Reads a header from the start of `bytes`.
  public static func read(_ bytes: some Collection<UInt8>) -> Reading {
    let bytes = Array(bytes.prefix(maximumLength))
    guard let first = bytes.first else { return .needMore }
    switch first {
    case version1Prefix[0]: return readVersion1(bytes)
    case version2Signature[0]: return readVersion2(bytes)
    default: return .invalid("no PROXY protocol header")
    }
  }

  // MARK: Version 1: "PROXY TCP4 203.0.113.7 192.0.2.1 51234 22\r\n"

  private static func readVersion1(_ bytes: [UInt8]) -> Reading {
    guard bytes.starts(with: version1Prefix.prefix(bytes.count)) else { return .invalid("no PROXY protocol header") }
    guard let end = bytes.firstIndex(of: 0x0A) else {
      return bytes.count >= maximumVersion1Length ? .invalid("PROXY v1 line longer than 107 bytes") : .needMore
    }
    guard end + 1 <= maximumVersion1Length, end > 0, bytes[end - 1] == 0x0D else {
      return .invalid("PROXY v1 line does not end in CRLF within 107 bytes")
    }
    guard let line = String(validating: bytes[..<(end - 1)], as: UTF8.self) else { return .invalid("PROXY v1 line is not text") }
    let fields = line.split(separator: " ", omittingEmptySubsequences: false)
    guard fields.count >= 2, fields[0] == "PROXY" else { return .invalid("malformed PROXY v1 line") }
    switch fields[1] {
    case "UNKNOWN":
      return .header(.local, length: end + 1)
    case "TCP4", "TCP6":
      guard fields.count == 6, isPort(fields[4]), isPort(fields[5]) else { return .invalid("malformed PROXY v1 line") }
      let isV4 = fields[1] == "TCP4"
      let parsed = isV4
        ? ClientAddress.parseV4(fields[2]).map(ClientAddress.init(v4:))
        : ClientAddress.parseV6(fields[2]).map { ClientAddress(v6: $0.0, $0.1) }
      let destination = isV4 ? ClientAddress.parseV4(fields[3]) != nil : ClientAddress.parseV6(fields[3]) != nil
      guard let source = parsed, destination else { return .invalid("PROXY v1 addresses do not match \(fields[1])") }
      return .header(.proxied(source: source), length: end + 1)
    default:
      return .invalid("PROXY v1 protocol '\(fields[1].prefix(8))' is not TCP4, TCP6 or UNKNOWN")
    }
  }

  /// 0 to 65535 in decimal, without leading zeros.
  private static func isPort(_ text: Substring) -> Bool {
    guard (1...5).contains(text.count), text.allSatisfy(\.isASCIIDigit), text == "0" || text.first != "0",
      let value = Int(text)
    else { return false }
    return value <= 65_535
  }

  // MARK: Version 2: a binary header

  private static func readVersion2(_ bytes: [UInt8]) -> Reading {
    let signature = min(bytes.count, version2Signature.count)
    guard bytes[..<signature].elementsEqual(version2Signature[..<signature]) else { return .invalid("no PROXY protocol header") }
    guard bytes.count >= version2FixedLength else { return .needMore }
    let versionAndCommand = bytes[12]
    guard versionAndCommand >> 4 == 2 else { return .invalid("PROXY v2 header of version \(versionAndCommand >> 4)") }
    let command = versionAndCommand & 0x0F
    guard command <= 1 else { return .invalid("PROXY v2 command \(command) is neither LOCAL nor PROXY") }
    let family = bytes[13]
    let payload = Int(bytes[14]) << 8 | Int(bytes[15])
    let length = version2FixedLength + payload
    guard length <= maximumLength else { return .invalid("PROXY v2 header of \(length) bytes is longer than \(maximumLength)") }
    guard bytes.count >= length else { return .needMore }
    // LOCAL: the balancer's own connection (a health check), whatever the rest says.
    guard command == 1 else { return .header(.local, length: length) }
    let body = bytes[version2FixedLength..<length]
    switch family {
    case 0x11:  // TCP over IPv4: source, destination, source port, destination port.
      guard body.count >= 12 else { return .invalid("PROXY v2 IPv4 addresses are cut short") }
      let source = UInt32(ClientAddress.word(body.prefix(4)))
      return .header(.proxied(source: ClientAddress(v4: source)), length: length)
    case 0x21:  // TCP over IPv6.
      guard body.count >= 36 else { return .invalid("PROXY v2 IPv6 addresses are cut short") }
      let start = body.startIndex
      let source = ClientAddress(v6: ClientAddress.word(body[start..<start + 8]), ClientAddress.word(body[start + 8..<start + 16]))
      return .header(.proxied(source: source), length: length)
    case 0x00, 0x31, 0x32:  // Unspecified, or a Unix socket: nothing to count the client by.
      return .header(.local, length: length)
    default:
      return .invalid(String(format: "PROXY v2 family and protocol 0x%02x is not TCP", family))
    }
  }
}
