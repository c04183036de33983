import Foundation
import StoreModels

/// Products, customers and order lines are kept in the databases as their FakeStore JSON, so
/// what the server stores is byte for byte what it serves.
enum DatabaseJSON {
  static func text(_ value: some Encodable) throws -> String {
    String(decoding: try StoreJSON.encoder.encode(value), as: UTF8.self)
  }

  static func value<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
    try StoreJSON.decoder.decode(type, from: Data(text.utf8))
  }
}
