/// The result of an effect's async work, as the Composable Architecture 1.x spells it:
/// `case productsResponse(TaskResult<[Product]>)`, sent with
/// `await send(.productsResponse(TaskResult { try await api.fetchProducts() }))`.
///
/// Unlike `Result<Success, any Error>`, it is `Equatable` whenever its value is, so actions that
/// carry one can be asserted in a ``TestStore``. Two failures are equal when their errors are of
/// the same type and, for `Equatable` errors, equal; otherwise when they describe themselves the
/// same way.
@CasePathable
public enum TaskResult<Success: Sendable>: Sendable {
  case success(Success)
  case failure(any Error)

  /// Runs `body`, keeping its value or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  public init(_ result: Result<Success, any Error>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  public func map<NewSuccess: Sendable>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): .success(transform(value))
    case let .failure(error): .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(left), .success(right)): left == right
    case let (.failure(left), .failure(right)): errorsAreEqual(left, right)
    default: false
    }
  }
}

/// Whether two errors are the same: equal if their type is `Equatable`, else of one type and
/// described alike.
func errorsAreEqual(_ left: any Error, _ right: any Error) -> Bool {
  guard type(of: left) == type(of: right) else { return false }
  func open<E: Error>(_ left: E) -> Bool? {
    guard let left = (left as Any) as? any Equatable else { return nil }
    return isEqual(left, right)
  }
  return open(left) ?? (String(reflecting: left) == String(reflecting: right))
}

private func isEqual<Value: Equatable>(_ left: Value, _ right: Any) -> Bool {
  guard let right = right as? Value else { return false }
  return left == right
}

/// The effect type of a reducer: `func load() -> EffectOf<Self>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>
