import FlyingFox
import Foundation
import Shop
import StoreTestSupport
import Testing

/// Where a product's `image` value points, for the embedded store and for one at `--api`.
struct PictureAddressTests {
  static let store = URL(string: "http://127.0.0.1:8080/")!

  @Test func absoluteAddressesAreFetchedWhereverTheyPoint() {
    #expect(PictureAddress.lookUp("https://fakestoreapi.com/img/81fPKd.jpg", storeBase: Self.store) == .address(.web(URL(string: "https://fakestoreapi.com/img/81fPKd.jpg")!)))
    #expect(PictureAddress.lookUp("  http://cdn.example/a.png ", storeBase: nil) == .address(.web(URL(string: "http://cdn.example/a.png")!)))
  }

  @Test func relativeNamesAreTheStoresOrTheDemosOwn() {
    #expect(PictureAddress.lookUp("/img/product-7.png", storeBase: Self.store) == .address(.web(URL(string: "http://127.0.0.1:8080/img/product-7.png")!)))
    #expect(PictureAddress.lookUp("img/a.png", storeBase: URL(string: "http://h/api/")!) == .address(.web(URL(string: "http://h/api/img/a.png")!)))
    #expect(PictureAddress.lookUp("product-7.png", storeBase: nil) == .address(.demo("product-7.png")))
    #expect(PictureAddress.lookUp("img/product-7.png", storeBase: nil) == .unusable("the demo catalog has no picture img/product-7.png"))
  }

  @Test func nothingElseIsAnAddress() {
    #expect(PictureAddress.lookUp("", storeBase: Self.store) == PictureAddress.Lookup.none)
    #expect(PictureAddress.lookUp("   ", storeBase: nil) == PictureAddress.Lookup.none)
    for image in ["file:///etc/passwd", "data:image/png;base64,AAAA", "ftp://x/y.png", "http://", "img/../../secret", "a b.png", "bild\u{1B}[2J.png", "ü.png"] {
      guard case .unusable = PictureAddress.lookUp(image, storeBase: Self.store) else {
        Issue.record("\(image) is not fetched")
        continue
      }
    }
    guard case .unusable = PictureAddress.lookUp(String(repeating: "a", count: PictureAddress.maximumLength + 1), storeBase: Self.store) else {
      Issue.record("an address over the limit is not looked at")
      return
    }
  }
}

/// A server's stores fetch pictures from public addresses and their own server only: a catalog
/// cannot make them reach the machine's loopback services, the cloud's metadata address or the
/// private network — by name, by number, or by a redirect. The check is made on the address
/// about to be connected to, so only loopback is ever a target here: for the other ranges the
/// addresses' bytes are judged.
struct PictureHostPolicyTests {
  @Test func aServerDoesNotConnectToItsOwnMachineHoweverItIsNamed() async throws {
    let inner = try await StubStoreServer(["GET /x.png": { _ in .json(#"{"secret":true}"#) }])
    defer { Task { await inner.stop() } }
    let port = try #require(inner.baseURL.port)
    let store = try #require(URL(string: "http://127.0.0.1:1"))
    let fetcher = PictureFetcher.live(cache: nil, hosts: .publicOnly(trusted: store))
    for host in ["127.0.0.1", "localhost", "127.1", "2130706433", "0x7f000001", "[::ffff:127.0.0.1]"] {
      let url = try #require(URL(string: "http://\(host):\(port)/x.png"))
      let failure = await #expect(throws: PictureFetchFailure.self, "\(host)") { try await fetcher.fetch(.web(url)) }
      #expect(failure?.reason.contains("an address of this machine or its network") == true, "\(host): \(failure?.reason ?? "")")
    }
    // The same server, named as the store's own --api, is fetched from. (60 s, not a store's 5:
    // the stub server answers on this process's busy threads; the policy, not the time, is tested.)
    let trusting = PictureFetcher.live(cache: nil, timeout: .seconds(60), hosts: .publicOnly(trusted: inner.baseURL))
    #expect(try await trusting.fetch(.web(inner.baseURL.appendingPathComponent("x.png"))) == Data(#"{"secret":true}"#.utf8))
    // And a shopper's own store fetches anywhere.
    #expect(try await PictureFetcher.live(cache: nil, timeout: .seconds(60)).fetch(.web(inner.baseURL.appendingPathComponent("x.png"))).isEmpty == false)
  }

  @Test func addressesAreJudgedByTheirBytes() {
    for address: [UInt8] in [[8, 8, 8, 8], [172, 32, 0, 1], [93, 184, 215, 14], [0x26, 0x06, 0x28, 0] + [UInt8](repeating: 1, count: 12)] {
      #expect(PictureHostPolicy.isPublic(address), "\(address)")
    }
    let inner: [[UInt8]] = [
      [127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1], [169, 254, 169, 254], [100, 64, 0, 1],
      [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1],
      [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 15) + [1],
      [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1], [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 10, 0, 0, 1],
      [0, 0x64, 0xFF, 0x9B] + [UInt8](repeating: 0, count: 8) + [127, 0, 0, 1],
      [0xFE, 0x80] + [UInt8](repeating: 0, count: 13) + [1], [0xFD] + [UInt8](repeating: 0, count: 15),
      [0xFF, 0x02] + [UInt8](repeating: 0, count: 13) + [1], [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 12), [1, 2, 3],
    ]
    for address in inner { #expect(!PictureHostPolicy.isPublic(address), "\(address)") }
  }

  @Test func theStoresOwnServerIsTrustedAndNothingElse() throws {
    let policy = PictureHostPolicy.publicOnly(trusted: URL(string: "http://127.0.0.1:8080")!)
    #expect(!policy.requiresPublicAddress(for: URL(string: "http://127.0.0.1:8080/img/product-1.png")!))
    for other in ["http://127.0.0.1:8081/x", "https://127.0.0.1:8080/x", "http://localhost:8080/x", "http://cdn.example/x"] {
      #expect(policy.requiresPublicAddress(for: URL(string: other)!), "\(other)")
    }
    #expect(!PictureHostPolicy.any.requiresPublicAddress(for: URL(string: "http://127.0.0.1:9/x")!))
  }

  @Test func anAbsoluteAddressThatClimbsOutIsNotFetched() {
    #expect(PictureAddress.lookUp("http://127.0.0.1:8080/img/../../t48", storeBase: nil) == .unusable("the picture's address climbs out with .."))
  }

  @Test func anAddressWithAUserNameOrPasswordIsNeverFetched() {
    for text in ["http://user:secret@pictures.example/x.png", "https://user@pictures.example/x.png"] {
      #expect(PictureAddress.lookUp(text, storeBase: nil) == .unusable("the picture's address holds a user name or password"), "\(text)")
    }
  }

  /// The store's own server redirects elsewhere on the machine: the redirect is not followed.
  /// (The fetchers wait up to a minute: what is checked is where the redirect leads, and a
  /// stub server on a machine busy with the whole suite once took over the 5 s a store allows.)
  @Test func aRedirectToTheMachinesOwnServicesIsNotFollowed() async throws {
    let inner = try await StubStoreServer(["GET /secret": { _ in .json(#"{"secret":true}"#) }])
    defer { Task { await inner.stop() } }
    let outer = try await StubStoreServer([
      "GET /x.png": { _ in HTTPResponse(statusCode: .found, headers: HTTPHeaders([.location: inner.baseURL.absoluteString + "/secret"])) }
    ])
    defer { Task { await outer.stop() } }
    let fetcher = PictureFetcher.live(cache: nil, timeout: .seconds(60), hosts: .publicOnly(trusted: outer.baseURL))
    let failure = await #expect(throws: PictureFetchFailure.self) {
      try await fetcher.fetch(.web(outer.baseURL.appendingPathComponent("x.png")))
    }
    #expect(failure?.reason.contains("an address of this machine or its network") == true, "\(failure?.reason ?? "")")
    // Without the policy the same redirect is followed.
    #expect(try await PictureFetcher.live(cache: nil, timeout: .seconds(60)).fetch(.web(outer.baseURL.appendingPathComponent("x.png"))) == Data(#"{"secret":true}"#.utf8))
  }
}
