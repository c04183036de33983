import Foundation

/// The real FakeStore answers kept with the tests (`Fixtures/fakestore`).
public enum Fixture: String, CaseIterable, Sendable {
  case products
  case categories
  case user1 = "user-1"
  case carts
  case cartsOfUser1 = "carts-user-1"

  /// The folder that holds every fixture, as FakeStore's answers are saved.
  public static var directory: URL {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/fakestore")
  }

  public var data: Data {
    get throws {
      guard let url = Bundle.module.url(
        forResource: rawValue, withExtension: "json", subdirectory: "Fixtures/fakestore"
      ) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(rawValue).json"])
      }
      return try Data(contentsOf: url)
    }
  }
}
