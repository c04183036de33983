import CustomDump
import Dependencies
import IssueReporting
import OrderedCollections

/// The screens of a drill-down, first to top: `state.path.append(.detail(…))` pushes one,
/// `state.path.removeLast()` or `pop(from:)` goes back.
///
/// ```swift
/// @ObservableState struct State {
///   var path = StackState<Path.State>()
/// }
/// // in the body:
/// .forEach(\.path, action: \.path) { Path() }
/// ```
///
/// It is an array whose elements each carry a ``StackElementID``, given when they join the stack
/// and kept while they stay: actions reach an element by id (``StackAction/element(id:action:)``),
/// so an action for a screen that has since been popped is noticed, not delivered to whatever
/// now sits at its index. Equality, hashing and dumps look at ids and elements.
public struct StackState<Element> {
  private var elements: OrderedDictionary<StackElementID, Element>

  public init() {
    elements = [:]
  }

  /// A stack of `elements`, the first at the bottom, with ids from the `stackElementID`
  /// dependency.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom to top.
  public var ids: OrderedSet<StackElementID> { elements.keys }

  /// The element with `id`, or `nil` if it is not on the stack. Setting `nil` removes it; setting
  /// an element for an id that is not on the stack adds it on top in a test (an assertion that
  /// names the element a `push` action added), and is reported as a problem elsewhere.
  public subscript(
    id id: StackElementID,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Element? {
    _read { yield elements[id] }
    _modify {
      let wasHere = elements[id] != nil
      var value = elements[id]
      yield &value
      if !wasHere, value != nil, !isTesting {
        reportIssue(
          "No element on the stack has the id \(id); push elements with 'append' instead.",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return
      }
      elements[id] = value
    }
  }

  /// One case of the element with `id`: `state.path[id: 0, case: \.detail]?.title = "…"`.
  /// Changing it while the element is in another case is reported as a problem and changes
  /// nothing.
  public subscript<Case>(
    id id: StackElementID,
    case key: CaseKey<Element, Case>
  ) -> Case? where Element: CasePathable {
    get { elements[id].flatMap { Element.casePath(key).extract(from: $0) } }
    set {
      let casePath = Element.casePath(key)
      guard let element = elements[id], casePath.extract(from: element) != nil else {
        reportIssue("The element \(id) is not in the case being changed, or is not on the stack.")
        return
      }
      guard let newValue else {
        reportIssue("A case of a stack element cannot be set to nil; remove the element instead.")
        return
      }
      elements[id] = casePath.embed(newValue)
    }
  }

  /// Removes the element with `id` and every element above it: back to the screen below it.
  /// Does nothing if `id` is not on the stack.
  public mutating func pop(from id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    removeSubrange(index...)
  }

  /// Removes every element above the one with `id`: back to that screen. Does nothing if `id`
  /// is not on the stack.
  public mutating func pop(to id: StackElementID) {
    guard let index = elements.index(forKey: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Puts `element` on the stack under `id`, which a `push` action chose.
  mutating func insert(_ element: Element, id: StackElementID) {
    elements[id] = element
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> Element {
    get { elements.values[position] }
    _modify { yield &elements.values[position] }
  }

  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    elements.removeSubrange(subrange)
    let ids = DependencyValues._current.stackElementID
    for (offset, element) in zip(subrange.lowerBound..., newElements) {
      elements.updateValue(element, forKey: ids.next(), insertingAt: offset)
    }
  }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    elements.removeAll(keepingCapacity: keepCapacity)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

/// Encoded as the array of its elements; decoded elements get new ids.
extension StackState: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    try Array(elements.values).encode(to: encoder)
  }
}

extension StackState: Decodable where Element: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(zip(ids, self)), displayStyle: .dictionary)
  }
}

extension StackState: CustomStringConvertible {
  public var description: String {
    "[" + zip(ids, self).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}
