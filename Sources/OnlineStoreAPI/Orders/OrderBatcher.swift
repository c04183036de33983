/// Group commit: orders that arrive while a transaction is being written wait, and all of them
/// go into the next transaction together. Each caller still gets its own answer only after the
/// transaction holding its order has committed.
actor OrderBatcher {
  typealias Outcome = Result<PlacedOrder, OrderRejection>
  private var waiting: [(order: NewOrder, continuation: CheckedContinuation<Outcome, any Error>)] = []
  private var isWriting = false
  private let write: @Sendable ([NewOrder]) async throws -> [Outcome]

  /// `write` stores the orders in one transaction and returns one outcome per order, in order.
  init(write: @escaping @Sendable ([NewOrder]) async throws -> [Outcome]) {
    self.write = write
  }

  func place(_ order: NewOrder) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      waiting.append((order, continuation))
      if !isWriting {
        isWriting = true
        Task { await writeWhileWaiting() }
      }
    }
  }

  private func writeWhileWaiting() async {
    while !waiting.isEmpty {
      let batch = waiting
      waiting = []
      do {
        let outcomes = try await write(batch.map(\.order))
        for (entry, outcome) in zip(batch, outcomes) { entry.continuation.resume(returning: outcome) }
      } catch {
        // The transaction rolled back: none of these orders is stored.
        for entry in batch { entry.continuation.resume(throwing: error) }
      }
    }
    isWriting = false
  }
}
