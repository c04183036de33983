import Foundation
import StoreModels

/// A stable customer number for each key, kept in `customers.json` in the state directory:
/// the number a key's orders are placed under, the same at every login and after restarts.
///
/// Numbers start at 1001 (``Customer/keyShopperNumbers``), clear of the demo catalog's and
/// FakeStore's own customers (1–10), so that no key's orders are ever listed as another
/// customer's; the store's own server (`onlinestore-api`) takes orders under them. The file is changed under an
/// exclusive lock and replaced whole, so two sessions starting at once never share a number.
enum CustomerNumbers {
  static let first = Customer.keyShopperNumbers.lowerBound

  static func number(for fingerprint: String, in directory: URL) throws -> Int {
    let file = directory.appendingPathComponent("customers.json")
    let lock = open(directory.appendingPathComponent("customers.json.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw FrontDoorError("customers.json.lock: \(String(cString: strerror(errno)))") }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0, errno == EINTR {}
    var numbers: [String: Int] = [:]
    if let data = try? Data(contentsOf: file) {
      guard let decoded = try? JSONDecoder().decode([String: Int].self, from: data) else {
        throw FrontDoorError("\(file.path) is damaged; customer numbers cannot be given out until it is repaired.")
      }
      numbers = decoded
    }
    if let number = numbers[fingerprint] { return number }
    let number = max(first, (numbers.values.max() ?? 0) + 1)
    numbers[fingerprint] = number
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    try encoder.encode(numbers).write(to: file, options: .atomic)
    return number
  }
}
