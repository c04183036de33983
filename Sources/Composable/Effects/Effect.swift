import IssueReporting

/// Work a reducer asks the store to do after changing state, which may feed actions back.
///
/// Effects are values: a reducer returns one, the store runs it. The cases you build with are
/// ``none``, ``send(_:)`` and ``run(priority:operation:catch:fileID:filePath:line:column:)``;
/// `merge(_:)`, `concatenate(_:)`, ``map(_:)``,
/// ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)`` combine and control them.
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(priority: TaskPriority?, operation: @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: EffectID, cancelInFlight: Bool, effect: Effect)
    case cancel(id: EffectID)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}

extension Effect {
  /// No work. Returning it costs nothing: no allocation, no task.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Feeds `action` back into the store at once, before the `send` that caused it returns.
  ///
  /// This is how a child tells its parent something (a delegate action) in the same
  /// transaction. Do not use it to share logic between two actions of one reducer: call a
  /// function instead.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(.send(action))
  }

  /// Runs asynchronous work, which may send any number of actions through `send`.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(._internal(.productsResponse(Result { try await api.fetchProducts() })))
  /// }
  /// ```
  ///
  /// Actions sent after the effect is cancelled are dropped. An error thrown from `operation`
  /// goes to `handler`; without one, a thrown error other than `CancellationError` is reported
  /// as a problem (in tests, a failure), because a reducer's effects should handle their errors.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      .run(priority: priority) { send in
        do {
          try await operation(send)
        } catch is CancellationError where Task.isCancelled {
          return
        } catch {
          guard let handler else {
            reportIssue(
              """
              An 'Effect.run' threw an error it did not handle: \(error)

              Catch errors inside the effect, or pass a 'catch' handler to 'Effect.run'.
              """,
              fileID: fileID,
              filePath: filePath,
              line: line,
              column: column
            )
            return
          }
          await handler(error, send)
        }
      }
    )
  }
}
