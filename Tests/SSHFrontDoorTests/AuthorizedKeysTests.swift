import Crypto
import Foundation
import NIOSSH
@testable import SSHFrontDoor
import Testing

/// `--authorized-keys` and `--admin-keys` read as sshd reads an `authorized_keys` file: a
/// commented-out key lets no one in (it once gave a revoked operator the back office); `from=`
/// and `expiry-time=` decide where from and until when a key comes in; `cert-authority` and
/// options the front door would not keep refuse their line, saying why.
struct AuthorizedKeysTests {
  /// A new Ed25519 public key as an `authorized_keys` line's `type base64`, and its fingerprint.
  static func key() -> (line: String, fingerprint: String) {
    let key = NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()).publicKey
    return (String(openSSHPublicKey: key), KeyFingerprint.of(key))
  }

  static let office = ClientAddress(parsing: "10.9.9.9")!
  static let elsewhere = ClientAddress(parsing: "127.0.0.1")!
  static let now = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func aCommentedOutKeyLetsNoOneIn() {
    let revoked = Self.key()
    let kept = Self.key()
    let keys = AuthorizedKeys(parsing: """
      # revoked: \(revoked.line) ada@laptop
        #\(revoked.line)
      \(kept.line) grace@desk

      """)
    #expect(!keys.admits(revoked.fingerprint, from: Self.elsewhere, at: Self.now), "a comment is a comment, however it is written")
    #expect(keys.admits(kept.fingerprint, from: Self.elsewhere, at: Self.now))
    #expect(keys.entries.count == 1 && keys.refusals.isEmpty)
  }

  @Test func fromLetsAKeyInOnlyFromItsAddresses() {
    let key = Self.key()
    let cases: [(String, ClientAddress, Bool)] = [
      ("10.9.9.9", Self.office, true), ("10.9.9.9", Self.elsewhere, false),
      ("10.0.0.0/8", Self.office, true), ("10.0.0.0/8", Self.elsewhere, false),
      ("10.9.*", Self.office, true), ("10.9.?.9", Self.office, true), ("10.8.*", Self.office, false),
      ("*,!10.9.9.9", Self.office, false), ("*,!10.9.9.9", Self.elsewhere, true),
      ("office.example", Self.office, false),
      ("2001:db8::/32", ClientAddress(parsing: "2001:db8::7")!, true), ("2001:db8::/32", Self.office, false),
    ]
    for (from, address, admitted) in cases {
      let keys = AuthorizedKeys(parsing: "from=\"\(from)\" \(key.line)\n")
      #expect(keys.admits(key.fingerprint, from: address, at: Self.now) == admitted, "from=\"\(from)\" at \(address)")
    }
  }

  @Test func anExpiredKeyIsNotLetIn() throws {
    let key = Self.key()
    let utc = try #require(TimeZone(identifier: "UTC"))
    let past = AuthorizedKeys(parsing: "expiry-time=\"20200101\" \(key.line)\n", timeZone: utc)
    #expect(!past.admits(key.fingerprint, from: Self.office, at: Self.now))
    let future = AuthorizedKeys(parsing: "expiry-time=\"20991231\" \(key.line)\n", timeZone: utc)
    #expect(future.admits(key.fingerprint, from: Self.office, at: Self.now))
    // To the second, in UTC with a Z: 2026-11-18 11:06:40 UTC is 1,795,000,000.
    let edge = AuthorizedKeys(parsing: "expiry-time=\"20261118110640Z\" \(key.line)\n", timeZone: .current)
    #expect(edge.admits(key.fingerprint, from: Self.office, at: Self.now - 1))
    #expect(!edge.admits(key.fingerprint, from: Self.office, at: Self.now))
    // Both conditions, in either order.
    let both = AuthorizedKeys(parsing: "expiry-time=\"20991231\",from=\"10.0.0.0/8\" \(key.line)\n", timeZone: utc)
    #expect(both.admits(key.fingerprint, from: Self.office, at: Self.now))
    #expect(!both.admits(key.fingerprint, from: Self.elsewhere, at: Self.now))
  }

  @Test func optionsTheFrontDoorWouldNotKeepRefuseTheirLine() {
    let key = Self.key()
    let refused = [
      ("cert-authority", "cert-authority is never accepted"),
      ("command=\"/bin/sh\"", "the option command is not one this server keeps"),
      ("environment=\"PATH=/tmp\"", "the option environment is not one this server keeps"),
      ("no-pty", "the option no-pty is not one this server keeps"),
      ("principals=\"ada\"", "the option principals is not one this server keeps"),
      ("from=\"\"", "from= needs a list"),
      ("expiry-time=\"tomorrow\"", "expiry-time= needs YYYYMMDD"),
      ("expiry-time=\"20261332\"", "expiry-time= needs YYYYMMDD"),
      ("from=\"10.0.0.1", "its options are not"),
      ("from = \"10.0.0.1\"", "its options are not"),
    ]
    for (options, reason) in refused {
      let keys = AuthorizedKeys(parsing: "\(options) \(key.line)\n")
      #expect(!keys.admits(key.fingerprint, from: Self.office, at: Self.now), "\(options)")
      #expect(keys.refusals.first?.reason.hasPrefix(reason) == true, "\(options): \(keys.refusals)")
      #expect(keys.refusals.first?.line == 1)
    }
    let kept = AuthorizedKeys(parsing: "restrict,no-port-forwarding,no-agent-forwarding,no-X11-forwarding,no-user-rc \(key.line)\n")
    #expect(kept.admits(key.fingerprint, from: Self.office, at: Self.now), "restrictions the front door keeps anyway")
  }

  @Test func linesThatAreNotKeysAreSaidAndTheRestStillRead() {
    let key = Self.key()
    let text = [
      "ssh-ed25519", "ssh-ed25519 AAAAnotbase64", "ssh-ed25519-cert-v01@openssh.com AAAA", "hello world",
      String(repeating: "x", count: 20_000), key.line,
    ].joined(separator: "\n")
    let keys = AuthorizedKeys(parsing: text)
    #expect(keys.fingerprints == [key.fingerprint])
    #expect(keys.refusals.map(\.line) == [1, 2, 3, 4, 5])
    #expect(keys.refusals[2].reason.contains("certificates"))
  }

  @Test func aPatternOfManyStarsCostsLittle() {
    let pattern = String(repeating: "*", count: 200) + "x"
    let patterns = AddressPatterns(pattern)!
    #expect(!patterns.matches(ClientAddress(parsing: "2001:db8:1:2:3:4:5:6")!))
    #expect(AddressPatterns.glob(Array("a*b*c".utf8)[...], matches: Array("aXXbYYc".utf8)[...]))
    #expect(!AddressPatterns.glob(Array("a*b*c".utf8)[...], matches: Array("aXXbYY".utf8)[...]))
    #expect(AddressPatterns(Array(repeating: "1.2.3.4", count: 65).joined(separator: ",")) == nil, "at most 64 patterns")
  }
}
