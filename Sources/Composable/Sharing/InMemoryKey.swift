/// A value shared by name, in memory, for as long as the process runs (in a test, for as long as
/// the test store's dependencies live): `@Shared(.inMemory("count")) var count = 0`.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  public let name: String

  public var id: InMemoryKeyID { InMemoryKeyID(name: name) }
  public func load() throws -> Value? { nil }
  public func save(_ value: Value) throws {}
  public func subscribe(
    _ onChange: @escaping @Sendable (Result<Value, any Error>) -> Void
  ) -> SharedSubscription {
    .none
  }
}

extension SharedKey {
  /// A value shared by `name` in memory.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}

/// What names an in-memory value: its name, apart from any other kind of key's ids.
public struct InMemoryKeyID: Hashable, Sendable {
  let name: String
}
