import ConcurrencyExtras
import CustomDump
import Dependencies
import IssueReporting

/// Which element of a navigation stack an action is for: a number, given in the order elements
/// were pushed, never reused while the stack's store lives.
///
/// Numbers come from the `stackElementID` dependency, so a test store numbers elements from 0 in
/// every test and a test can write `$0.path[id: 0]` or `store.receive(\.path[id: 1].saved)`.
/// Outside tests, an id comes only from a stack: a literal there names an element no stack gave
/// out, so it is reported as a problem.
public struct StackElementID: Hashable, Sendable, Comparable {
  /// The element's number: 0 for the first element pushed in the store's life (in a test store,
  /// in the test's life).
  public let generation: Int

  package init(generation: Int) {
    self.generation = generation
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }
}

extension StackElementID: ExpressibleByIntegerLiteral {
  /// `0`, `1`, … for the ids a test store gives out, in a test's assertions.
  public init(integerLiteral value: Int) {
    if !isTesting {
      reportIssue(
        """
        A stack element id was written as the literal \(value) outside a test. Ids are given out \
        by the stack when an element is pushed; read them from 'path.ids'.
        """
      )
    }
    self.init(generation: value)
  }
}

extension StackElementID: CustomStringConvertible, CustomDumpStringConvertible {
  public var description: String { "#\(generation)" }
  public var customDumpDescription: String { description }
}

/// Gives out stack element ids: each call of ``next()`` the next number.
///
/// A test store gives its reducer a fresh counter, and runs each assertion closure with a copy
/// taken before the action it checks, so `$0.path.append(…)` in the assertion gives the element
/// the same id the reducer's `append` gave it.
public struct StackElementIDGenerator: Sendable {
  private let counter: LockIsolated<Int>

  /// A counter whose first id is `first`.
  public static func incrementing(from first: Int = 0) -> Self {
    Self(counter: LockIsolated(first))
  }

  /// The next id, which this call uses up.
  public func next() -> StackElementID {
    counter.withValue { number in
      defer { number += 1 }
      return StackElementID(generation: number)
    }
  }

  /// The id ``next()`` would give, without using it up.
  public func peek() -> StackElementID {
    StackElementID(generation: counter.value)
  }

  /// A counter of its own that starts where this one is now: what an assertion closure uses, so
  /// that replaying the reducer's appends does not use up this counter's ids.
  public func copy() -> Self {
    .incrementing(from: counter.value)
  }

  /// Moves past `id` when a `push` action chose it: the next id given out is a new one.
  func skip(past id: StackElementID) {
    counter.withValue { number in number = max(number, id.generation + 1) }
  }
}

private enum StackElementIDGeneratorKey: DependencyKey {
  static var liveValue: StackElementIDGenerator { .incrementing() }
  static var testValue: StackElementIDGenerator { .incrementing() }
}

extension DependencyValues {
  /// Where stacks get the ids of the elements pushed on them.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGeneratorKey.self] }
    set { self[StackElementIDGeneratorKey.self] = newValue }
  }
}
