import CHTTPClient
import Foundation

/// Which hosts a store may connect to for pictures (and, on a server, for anything a catalog
/// can name).
///
/// A product's picture address comes from the catalog, so whoever can write a product can make
/// every store that shows it send a request. On a shopper's own machine that is their business;
/// on a server (`onlinestore serve`) it must not reach what only the server can reach — its own
/// loopback services, the cloud's metadata address, the private network — so there only public
/// addresses are connected to. The check is made by ``HTTPTransport`` on the address the
/// connection is about to be made to, after the name was resolved, at every redirect. The
/// store's own `--api` server is trusted wherever it is: its operator chose it.
public enum PictureHostPolicy: Sendable, Equatable {
  /// Any address (a store on the shopper's own machine).
  case any
  /// Public addresses only, but for the store's own server at `trusted` (scheme, host, port).
  case publicOnly(trusted: URL?)

  /// Whether a connection for `url` must go to a public address.
  public func requiresPublicAddress(for url: URL) -> Bool {
    guard case let .publicOnly(trusted) = self else { return false }
    guard let trusted else { return true }
    return !Self.sameServer(url, trusted)
  }

  static func sameServer(_ a: URL, _ b: URL) -> Bool {
    func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
    return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
  }

  /// Whether an IPv4 (4 bytes) or IPv6 (16 bytes) address is one anyone on the internet has:
  /// not loopback, unspecified, private (RFC 1918, unique local), shared (RFC 6598), link-local,
  /// multicast, broadcast or reserved; an IPv4 address inside IPv6 is judged as IPv4.
  public static func isPublic(_ address: [UInt8]) -> Bool {
    address.withUnsafeBufferPointer { hc_is_public($0.baseAddress, $0.count) != 0 }
  }
}
