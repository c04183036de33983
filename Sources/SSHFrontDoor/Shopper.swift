import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH

/// Who came in on one connection, as the SSH authentication found out.
public enum Shopper: Hashable, Sendable {
  /// A public key: the customer is its fingerprint, with their own cart kept between logins.
  case key(fingerprint: String)
  /// An operator's key (`--admin-keys`), let in under its line's conditions: the back office,
  /// never the shop.
  case operatorKey(fingerprint: String)
  /// No key (the client fell back to a password, any password): a cart for this connection.
  case guest

  /// How the logs name who came in.
  public var logName: String {
    switch self {
    case let .key(fingerprint), let .operatorKey(fingerprint): fingerprint
    case .guest: "guest"
    }
  }

  /// The log field that names them: `operator` for an operator, `shopper` for everyone else.
  public var logField: String {
    if case .operatorKey = self { return "operator" }
    return "shopper"
  }
}

/// Accepts any public key — or only those `--authorized-keys` lets in, and the operators'
/// `--admin-keys` — each under its line's conditions (``AuthorizedKeys``: the client's address,
/// the key's expiry), and, when no keys are restricted, a guest through password authentication
/// with whatever password the client gives (OpenSSH asks for one when it has no key to offer).
/// Tells the connection who it let in: an operator's key is an operator only when its
/// `--admin-keys` line lets it in from this address now; otherwise it is a shopper like any key.
///
/// swift-nio-ssh checks a public key's signature before it asks this delegate, so a key here is
/// one the client holds. It calls the delegate on the connection's event loop.
final class ShopperAuthenticator: NIOSSHServerUserAuthenticationDelegate, Sendable {
  private let authorized: AuthorizedKeys?
  private let operators: AuthorizedKeys?
  private let connection: NIOLoopBound<ShopperConnection>
  private let now: @Sendable () -> Date

  init(
    authorized: AuthorizedKeys?, operators: AuthorizedKeys? = nil, connection: NIOLoopBound<ShopperConnection>,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.authorized = authorized
    self.operators = operators
    self.connection = connection
    self.now = now
  }

  var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
    authorized == nil ? [.publicKey, .password] : .publicKey
  }

  func requestReceived(
    request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
  ) {
    switch request.request {
    case let .publicKey(offer):
      let fingerprint = KeyFingerprint.of(offer.publicKey)
      let address = connection.value.address
      let date = now()
      if operators?.admits(fingerprint, from: address, at: date) == true {
        connection.value.loggedIn(as: .operatorKey(fingerprint: fingerprint))
      } else if authorized?.admits(fingerprint, from: address, at: date) ?? true {
        connection.value.loggedIn(as: .key(fingerprint: fingerprint))
      } else {
        responsePromise.succeed(.failure)
        return
      }
      responsePromise.succeed(.success)
    case .password where authorized == nil:
      connection.value.loggedIn(as: .guest)
      responsePromise.succeed(.success)
    default:
      responsePromise.succeed(.failure)
    }
  }
}
