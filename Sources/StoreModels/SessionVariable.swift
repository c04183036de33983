/// The environment variable the SSH front door sets for each session's store: the session's id,
/// which the store sends with each request to its server (`X-Request-Id: <id>.<n>`), so that the
/// front door's log and the API's name one session alike.
public enum SessionVariable {
  public static let name = "ONLINESTORE_SESSION_ID"

  /// A new session id: 16 lowercase hexadecimal digits, random.
  public static func newID() -> String {
    let value = UInt64.random(in: .min ... .max)
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
