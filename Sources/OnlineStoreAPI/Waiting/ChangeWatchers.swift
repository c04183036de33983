import Foundation
import Synchronization

/// The requests waiting for something to change: a customer's open cart
/// (`GET /shop/carts/<n>/updates`, ``CartWatchers``) or the stock (`GET /shop/stock?after=…`),
/// woken when a change lands here or is heard from another instance.
///
/// Bounded: at most ``capacity`` requests wait at once on one instance, and at most
/// ``perTopic`` for one topic (one customer's many windows, or a client asking again and again
/// under one number, cannot take the places of everyone else); the next is told to come back
/// rather than hold a connection and a continuation more.
final class ChangeWatchers<Topic: Hashable & Sendable>: Sendable {
  private struct Waiter {
    var topic: Topic
    /// Set once the request waits; until then a change only marks it ``changed``.
    var continuation: CheckedContinuation<Void, Never>?
    var changed = false
  }

  private struct State {
    var waiters: [UInt64: Waiter] = [:]
    var perTopic: [Topic: Int] = [:]
    var nextID: UInt64 = 0
    /// Who waits for a number of requests to be held (``untilHolding(atLeast:)``).
    var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The observers whose number of held requests is reached, taken out.
    mutating func satisfiedObservers() -> [CheckedContinuation<Void, Never>] {
      let held = waiters.values.count { $0.continuation != nil }
      let satisfied = observers.filter { $0.count <= held }.map(\.continuation)
      observers.removeAll { $0.count <= held }
      return satisfied
    }

    mutating func remove(_ id: UInt64) -> Waiter? {
      guard let waiter = waiters.removeValue(forKey: id) else { return nil }
      let left = (perTopic[waiter.topic] ?? 1) - 1
      perTopic[waiter.topic] = left > 0 ? left : nil
      return waiter
    }
  }

  let capacity: Int
  let perTopic: Int
  private let state = Mutex(State())

  init(capacity: Int, perTopic: Int) {
    self.capacity = capacity
    self.perTopic = perTopic
  }

  /// How many requests are waiting.
  var count: Int { state.withLock { $0.waiters.count } }

  /// Returns once at least `count` requests are held (waiting for a change, not reading): how a
  /// test knows the request it sent is held, without looking again and again.
  func untilHolding(atLeast count: Int) async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        state.observers.append((count, continuation))
        return state.satisfiedObservers()
      }
      for observer in now { observer.resume() }
    }
  }

  /// A place among the waiters for `topic`, or `nil` when all are taken, or all of this
  /// topic's. The place is taken before the value is read, so a change between the read and the
  /// wait is not missed.
  func enlist(_ topic: Topic) -> Ticket? {
    state.withLock { state in
      guard state.waiters.count < capacity, state.perTopic[topic, default: 0] < perTopic else { return nil }
      state.nextID += 1
      state.waiters[state.nextID] = Waiter(topic: topic)
      state.perTopic[topic, default: 0] += 1
      return Ticket(id: state.nextID, topic: topic)
    }
  }

  /// Waits until the ticket's topic changes (``changed(_:)``) — at once if it changed since the
  /// ticket was taken — or `clock` reaches `deadline`, or the task is cancelled (the client went
  /// away). The place is given up on the way out.
  func wait(_ ticket: Ticket, until deadline: Duration, clock: ElapsedClock) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let (resumeNow, observers) = self.state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
              guard let waiter = state.waiters[ticket.id], !waiter.changed, !Task.isCancelled else { return (true, []) }
              state.waiters[ticket.id]?.continuation = continuation
              return (false, state.satisfiedObservers())
            }
            for observer in observers { observer.resume() }
            if resumeNow { continuation.resume() }
          }
        } onCancel: {
          self.wake(ticket.id)
        }
      }
      group.addTask { try? await clock.sleepUntil(deadline) }
      await group.next()
      group.cancelAll()
    }
    wake(ticket.id)
  }

  /// Wakes every request waiting for `topic`.
  func changed(_ topic: Topic) {
    let woken = state.withLock { state in
      var woken: [CheckedContinuation<Void, Never>] = []
      for (id, waiter) in state.waiters where waiter.topic == topic {
        if let continuation = waiter.continuation {
          woken.append(continuation)
          state.waiters[id]?.continuation = nil
        }
        state.waiters[id]?.changed = true
      }
      return woken
    }
    for continuation in woken { continuation.resume() }
  }

  /// Gives up a ticket's place, and ends its wait if it is waiting.
  func release(_ ticket: Ticket) {
    wake(ticket.id)
  }

  private func wake(_ id: UInt64) {
    state.withLock { $0.remove(id) }?.continuation?.resume()
  }

  /// A request's place among the waiters.
  struct Ticket: Sendable {
    let id: UInt64
    let topic: Topic
  }
}

/// The requests waiting for a customer's open cart, by customer number.
typealias CartWatchers = ChangeWatchers<Int>
