import Foundation
import Synchronization

/// The requests waiting for an open cart to change (`GET /shop/carts/<n>/updates`), woken when
/// a save of that customer's cart lands here or is heard from another instance.
///
/// Bounded: at most ``capacity`` requests wait at once on one instance, and at most
/// ``perCustomer`` for one customer (one customer's many windows, or a client asking again and
/// again under one number, cannot take the places of everyone else); the next is told to come
/// back rather than hold a connection and a continuation more.
final class CartWatchers: Sendable {
  private struct Waiter {
    var customer: Int
    /// Set once the request waits; until then a save only marks it ``saved``.
    var continuation: CheckedContinuation<Void, Never>?
    var saved = false
  }

  private struct State {
    var waiters: [UInt64: Waiter] = [:]
    var perCustomer: [Int: Int] = [:]
    var nextID: UInt64 = 0

    mutating func remove(_ id: UInt64) -> Waiter? {
      guard let waiter = waiters.removeValue(forKey: id) else { return nil }
      let left = (perCustomer[waiter.customer] ?? 1) - 1
      perCustomer[waiter.customer] = left > 0 ? left : nil
      return waiter
    }
  }

  let capacity: Int
  let perCustomer: Int
  private let state = Mutex(State())

  init(capacity: Int, perCustomer: Int = 8) {
    self.capacity = capacity
    self.perCustomer = perCustomer
  }

  /// How many requests are waiting.
  var count: Int { state.withLock { $0.waiters.count } }

  /// A place among the waiters for `customer`, or `nil` when all are taken, or all of this
  /// customer's. The place is taken before the cart is read, so a save between the read and the
  /// wait is not missed.
  func enlist(_ customer: Int) -> Ticket? {
    state.withLock { state in
      guard state.waiters.count < capacity, state.perCustomer[customer, default: 0] < perCustomer else { return nil }
      state.nextID += 1
      state.waiters[state.nextID] = Waiter(customer: customer)
      state.perCustomer[customer, default: 0] += 1
      return Ticket(id: state.nextID, customer: customer)
    }
  }

  /// Waits until the ticket's customer's cart is saved (``changed(_:)``) — at once if it was
  /// saved since the ticket was taken — or `timeout` passes, or the task is cancelled (the
  /// client went away). The place is given up on the way out.
  func wait(_ ticket: Ticket, timeout: Duration) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let resumeNow = self.state.withLock { state in
              guard let waiter = state.waiters[ticket.id], !waiter.saved, !Task.isCancelled else { return true }
              state.waiters[ticket.id]?.continuation = continuation
              return false
            }
            if resumeNow { continuation.resume() }
          }
        } onCancel: {
          self.wake(ticket.id)
        }
      }
      group.addTask { try? await Task.sleep(for: timeout) }
      await group.next()
      group.cancelAll()
    }
    wake(ticket.id)
  }

  /// Wakes every request waiting for `customer`'s cart.
  func changed(_ customer: Int) {
    let woken = state.withLock { state in
      var woken: [CheckedContinuation<Void, Never>] = []
      for (id, waiter) in state.waiters where waiter.customer == customer {
        if let continuation = waiter.continuation {
          woken.append(continuation)
          state.waiters[id]?.continuation = nil
        }
        state.waiters[id]?.saved = true
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
    let customer: Int
  }
}
