import Testing

@testable import SSHFrontDoor

/// The PROXY protocol header, versions 1 and 2, as HAProxy writes them.
struct ProxyHeaderTests {
  static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

  /// A v2 header: `command` (0 LOCAL, 1 PROXY), `family`, the address block and TLVs.
  static func version2(command: UInt8 = 1, family: UInt8, body: [UInt8]) -> [UInt8] {
    signature + [0x20 | command, family, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
  }

  @Test func version1NamesTheClient() throws {
    let line = Array("PROXY TCP4 203.0.113.7 192.0.2.1 51234 22\r\n".utf8)
    #expect(ProxyHeader.read(line + Array("SSH-2.0-x\r\n".utf8)) == .header(.proxied(source: ClientAddress(parsing: "203.0.113.7")!), length: line.count))
    let six = Array("PROXY TCP6 2001:db8::7 2001:db8::1 51234 22\r\n".utf8)
    #expect(ProxyHeader.read(six) == .header(.proxied(source: ClientAddress(parsing: "2001:db8::7")!), length: six.count))
    #expect(ProxyHeader.read(Array("PROXY UNKNOWN\r\n".utf8)) == .header(.local, length: 15))
    #expect(ProxyHeader.read(Array("PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n".utf8)) == .header(.local, length: 35))
  }

  @Test func version1WaitsForItsWholeLine() {
    let line = Array("PROXY TCP4 203.0.113.7 192.0.2.1 51234 22\r\n".utf8)
    for cut in [1, 3, 6, 20, line.count - 1] {
      #expect(ProxyHeader.read(line.prefix(cut)) == .needMore, "after \(cut) bytes")
    }
  }

  @Test(arguments: [
    "PROXY TCP4 203.0.113.7 192.0.2.1 51234 22\n",  // a lone LF
    "PROXY TCP4 203.0.113.7 192.0.2.1 51234\r\n",  // a field missing
    "PROXY TCP4 2001:db8::7 192.0.2.1 51234 22\r\n",  // an IPv6 address as TCP4
    "PROXY TCP6 203.0.113.7 2001:db8::1 51234 22\r\n",  // an IPv4 address as TCP6
    "PROXY TCP4 203.0.113.7 192.0.2.1 65536 22\r\n",  // no such port
    "PROXY TCP4 203.0.113.7 192.0.2.1 051234 22\r\n",  // a leading zero
    "PROXY TCP4  203.0.113.7 192.0.2.1 51234 22\r\n",  // two spaces
    "PROXY UDP4 203.0.113.7 192.0.2.1 51234 22\r\n",
    "PROXY TCP4 203.0.113.7 192.0.2.1 51234 22 extra\r\n",
    "SSH-2.0-OpenSSH_9.2\r\n",  // not a header at all
    "GET / HTTP/1.1\r\n",
  ])
  func malformedVersion1IsRefused(line: String) {
    guard case .invalid = ProxyHeader.read(Array(line.utf8)) else {
      Issue.record("accepted: \(line.debugDescription)")
      return
    }
  }

  @Test func aVersion1LineMayNotRunOnPast107Bytes() {
    let long = Array(("PROXY UNKNOWN " + String(repeating: "x", count: 120)).utf8)
    guard case .invalid = ProxyHeader.read(long) else {
      Issue.record("a line with no end within 107 bytes was not refused")
      return
    }
  }

  @Test func version2NamesTheClient() {
    let v4 = Self.version2(family: 0x11, body: [203, 0, 113, 7, 192, 0, 2, 1, 0xC8, 0x22, 0, 22])
    #expect(ProxyHeader.read(v4 + [0x53, 0x53, 0x48]) == .header(.proxied(source: ClientAddress(parsing: "203.0.113.7")!), length: 28))
    let source: [UInt8] = [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 11) + [7]
    let v6 = Self.version2(family: 0x21, body: source + Array(repeating: 0, count: 16) + [0, 1, 0, 22])
    #expect(ProxyHeader.read(v6) == .header(.proxied(source: ClientAddress(parsing: "2001:db8::7")!), length: 52))
  }

  @Test func version2SkipsTLVsAfterTheAddresses() {
    let tlv: [UInt8] = [0x05, 0x00, 0x04, 1, 2, 3, 4, 0xE0, 0x00, 0x01, 9]
    let header = Self.version2(family: 0x11, body: [198, 51, 100, 2, 192, 0, 2, 1, 0, 1, 0, 22] + tlv)
    #expect(ProxyHeader.read(header) == .header(.proxied(source: ClientAddress(parsing: "198.51.100.2")!), length: header.count))
  }

  @Test func aHealthCheckSpeaksForTheBalancerItself() {
    let local = Self.version2(command: 0, family: 0x00, body: [])
    #expect(ProxyHeader.read(local) == .header(.local, length: 16))
    let localWithBody = Self.version2(command: 0, family: 0x11, body: Array(repeating: 0, count: 12))
    #expect(ProxyHeader.read(localWithBody) == .header(.local, length: 28), "LOCAL skips whatever follows")
    let unix = Self.version2(family: 0x31, body: Array(repeating: 0, count: 216))
    #expect(ProxyHeader.read(unix) == .header(.local, length: 232))
  }

  @Test func version2WaitsForItsWholeLength() {
    let v4 = Self.version2(family: 0x11, body: [203, 0, 113, 7, 192, 0, 2, 1, 0xC8, 0x22, 0, 22])
    for cut in [1, 11, 12, 15, 16, 27] {
      #expect(ProxyHeader.read(v4.prefix(cut)) == .needMore, "after \(cut) bytes")
    }
  }

  @Test func malformedVersion2IsRefused() {
    let cases: [(String, [UInt8])] = [
      ("version 1 in a v2 header", Self.signature + [0x11, 0x11, 0, 12] + Array(repeating: 0, count: 12)),
      ("command 2", Self.signature + [0x22, 0x11, 0, 12] + Array(repeating: 0, count: 12)),
      ("UDP", Self.version2(family: 0x12, body: Array(repeating: 0, count: 12))),
      ("addresses cut short", Self.version2(family: 0x11, body: [1, 2, 3, 4])),
      ("IPv6 cut short", Self.version2(family: 0x21, body: Array(repeating: 0, count: 20))),
      ("longer than the limit", Self.signature + [0x21, 0x11, 0xFF, 0xFF]),
      ("a wrong signature byte", [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x55]),
    ]
    for (name, bytes) in cases {
      guard case .invalid = ProxyHeader.read(bytes) else {
        Issue.record("accepted: \(name)")
        continue
      }
    }
  }
}
