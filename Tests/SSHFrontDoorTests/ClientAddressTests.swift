import NIOCore
import Testing

@testable import SSHFrontDoor

/// Client addresses: parsing, their canonical text, and what the per-address limits count.
struct ClientAddressTests {
  @Test(arguments: [
    ("203.0.113.7", "203.0.113.7"), ("0.0.0.0", "0.0.0.0"), ("255.255.255.255", "255.255.255.255"),
    ("2001:db8::1", "2001:db8::1"), ("2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"), ("::1", "::1"), ("::", "::"),
    ("::ffff:192.0.2.1", "192.0.2.1"), ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("fe80::1:2:3:4", "fe80::1:2:3:4"),
  ])
  func addressesParseToTheirCanonicalForm(text: String, canonical: String) throws {
    #expect(try #require(ClientAddress(parsing: text)).description == canonical)
  }

  @Test(arguments: [
    "", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.4:22", "[::1]", "2001:db8::1::2", "2001:db8:1:2:3:4:5:6:7", "12345::1",
    "::ffff:1.2.3", "example.com", " 1.2.3.4", "1.2.3.-4", "fe80::1%eth0",
  ])
  func anythingElseIsNotAnAddress(text: String) {
    #expect(ClientAddress(parsing: text) == nil)
  }

  @Test func socketAddressesConvertBothWays() throws {
    let v4 = try SocketAddress(ipAddress: "198.51.100.9", port: 22)
    let v6 = try SocketAddress(ipAddress: "2001:db8::42", port: 22)
    let mapped = try SocketAddress(ipAddress: "::ffff:198.51.100.9", port: 22)
    #expect(ClientAddress(v4)?.description == "198.51.100.9")
    #expect(ClientAddress(v6)?.description == "2001:db8::42")
    #expect(ClientAddress(mapped) == ClientAddress(v4), "one client counts as one on a dual-stack socket")
    #expect(ClientAddress(nil) == nil)
  }

  @Test func ipv6ClientsAreCountedPerSlash64AndIPv4ClientsOneByOne() throws {
    let a = try #require(ClientAddress(parsing: "2001:db8:1:2::1"))
    let b = try #require(ClientAddress(parsing: "2001:db8:1:2:ffff:ffff:ffff:ffff"))
    let c = try #require(ClientAddress(parsing: "2001:db8:1:3::1"))
    #expect(a.limitKey == b.limitKey)
    #expect(a.limitKey != c.limitKey)
    #expect(a.limitKey.description == "2001:db8:1:2::")
    let v4 = try #require(ClientAddress(parsing: "192.0.2.1"))
    #expect(v4.limitKey == v4)
  }

  @Test func loopbackIsLoopback() {
    #expect(ClientAddress(parsing: "127.0.0.1")!.isLoopback)
    #expect(ClientAddress(parsing: "127.200.3.4")!.isLoopback)
    #expect(ClientAddress(parsing: "::1")!.isLoopback)
    #expect(ClientAddress(parsing: "::ffff:127.0.0.1")!.isLoopback)
    #expect(!ClientAddress(parsing: "128.0.0.1")!.isLoopback)
    #expect(!ClientAddress(parsing: "::2")!.isLoopback)
  }

  @Test func rangesContainWhatTheirPrefixSays() throws {
    let ten = try #require(AddressRange(cidr: "10.0.0.0/8"))
    #expect(ten.contains(ClientAddress(parsing: "10.255.1.2")!))
    #expect(!ten.contains(ClientAddress(parsing: "11.0.0.1")!))
    #expect(!ten.contains(ClientAddress(parsing: "::ffff:11.0.0.1")!))
    let one = try #require(AddressRange(cidr: "192.0.2.7"))
    #expect(one.contains(ClientAddress(parsing: "192.0.2.7")!) && !one.contains(ClientAddress(parsing: "192.0.2.8")!))
    let v6 = try #require(AddressRange(cidr: "2001:db8::/32"))
    #expect(v6.contains(ClientAddress(parsing: "2001:db8:ffff::1")!))
    #expect(!v6.contains(ClientAddress(parsing: "2001:db9::1")!))
    #expect(!v6.contains(ClientAddress(parsing: "10.0.0.1")!), "no family matches the other")
    let odd = try #require(AddressRange(cidr: "2001:db8::/65"))
    #expect(odd.contains(ClientAddress(parsing: "2001:db8::7fff:0:0:1")!) && !odd.contains(ClientAddress(parsing: "2001:db8::8000:0:0:1")!))
    #expect(AddressRange(cidr: "0.0.0.0/0")!.contains(ClientAddress(parsing: "8.8.8.8")!))
  }

  @Test(arguments: ["10.0.0.0/33", "2001:db8::/129", "10.0.0.0/", "10.0.0.0/8/8", "10.0.0.0/-1", "x/8", "10.0.0.0/ 8"])
  func malformedRangesAreRefused(text: String) {
    #expect(AddressRange(cidr: text) == nil)
  }

  @Test func rangeListsAreAllOrNothing() {
    #expect(AddressRange.list(parsing: "10.0.0.0/8, 192.0.2.7,2001:db8::/32")?.count == 3)
    #expect(AddressRange.list(parsing: "10.0.0.0/8,nonsense") == nil)
    #expect(AddressRange.list(parsing: "") == nil)
  }
}
