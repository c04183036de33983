import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSH

/// Who is shopping on one connection, as the SSH authentication found out.
public enum Shopper: Hashable, Sendable {
  /// A public key: the customer is its fingerprint, with their own cart kept between logins.
  case key(fingerprint: String)
  /// No key (the client fell back to a password, any password): a cart for this connection.
  case guest

  /// How the logs name the shopper.
  public var logName: String {
    switch self {
    case let .key(fingerprint): fingerprint
    case .guest: "guest"
    }
  }
}

/// Accepts any public key — or only those of `--authorized-keys`, and the operators' of
/// `--admin-keys` — and, when no keys are restricted, a guest through password authentication
/// with whatever password the client gives (OpenSSH asks for one when it has no key to offer).
/// Tells the connection who it let in.
///
/// swift-nio-ssh checks a public key's signature before it asks this delegate, so a key here is
/// one the client holds. It calls the delegate on the connection's event loop.
final class ShopperAuthenticator: NIOSSHServerUserAuthenticationDelegate, Sendable {
  private let authorizedFingerprints: Set<String>?
  private let operatorFingerprints: Set<String>
  private let connection: NIOLoopBound<ShopperConnection>

  init(authorizedFingerprints: Set<String>?, operatorFingerprints: Set<String> = [], connection: NIOLoopBound<ShopperConnection>) {
    self.authorizedFingerprints = authorizedFingerprints
    self.operatorFingerprints = operatorFingerprints
    self.connection = connection
  }

  var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods {
    authorizedFingerprints == nil ? [.publicKey, .password] : .publicKey
  }

  func requestReceived(
    request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
  ) {
    switch request.request {
    case let .publicKey(offer):
      let fingerprint = KeyFingerprint.of(offer.publicKey)
      guard operatorFingerprints.contains(fingerprint) || (authorizedFingerprints?.contains(fingerprint) ?? true) else {
        responsePromise.succeed(.failure)
        return
      }
      connection.value.loggedIn(as: .key(fingerprint: fingerprint))
      responsePromise.succeed(.success)
    case .password where authorizedFingerprints == nil:
      connection.value.loggedIn(as: .guest)
      responsePromise.succeed(.success)
    default:
      responsePromise.succeed(.failure)
    }
  }
}

/// Reading `--authorized-keys`.
public enum ShopperAuthenticatorKeys {
  /// The fingerprints of the keys in an OpenSSH `authorized_keys` file; lines that are not
  /// keys (comments, options this server does not read) are skipped.
  public static func fingerprints(inAuthorizedKeys text: String) -> Set<String> {
    Set(
      text.split(separator: "\n").compactMap { line -> String? in
        let fields = line.split(separator: " ")
        for start in fields.indices where fields.count > start + 1 {
          let candidate = fields[start] + " " + fields[start + 1]
          if let key = try? NIOSSHPublicKey(openSSHPublicKey: String(candidate)) { return KeyFingerprint.of(key) }
        }
        return nil
      }
    )
  }
}
