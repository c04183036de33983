// The Composable Architecture took case paths as values (`/Action.child`, an `AnyCasePath`)
// until 1.4, then moved to case key paths (`\.child`). It still ships the old forms, deprecated,
// and so does this core — in this module of its own, which code written against them imports
// (`import ComposableCompatibility`); the store does not. They carry the same deprecation
// messages, so that such code compiles here and is told the same thing. Each form runs exactly
// what its key-path form runs.

import Composable

extension Scope {
  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>
  ) {
    self.init(property: toChildState, action: toChildAction, child: child())
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> some Reducer<ChildState, ChildAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      case: toChildState,
      action: toChildAction,
      child: child(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer {
  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> some Reducer<WrappedState, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: toWrappedAction,
      wrapped: wrapped(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfLetReducer<State, Action> {
    IfLetReducer(
      parent: self,
      wrappedState: toWrappedState,
      wrappedAction: toWrappedAction,
      wrapped: EmptyReducer(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<DestinationState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> some Reducer<DestinationState, DestinationAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    self.ifLet(
      toPresentationState, casePath: toPresentationAction, then: destination,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifLet<DestinationState: EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<State, Action> {
    self.ifLet(
      toPresentationState, casePath: toPresentationAction,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> some Reducer<CaseState, CaseAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> IfCaseLetReducer<State, Action> {
    IfCaseLetReducer(
      parent: self,
      state: toCaseState,
      action: toCaseAction,
      child: child(),
      // A case path value has no identity of its own: this operator's effects are named by a
      // token made once, here, when the body that wrote it is resolved.
      effects: OperatorToken(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  @available(
    *, deprecated,
    message: "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<State, Action> {
    ForEachReducer(
      parent: self,
      elements: toElementsState,
      action: toElementAction,
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The oldest form: a case whose associated values are an id and an element's action,
  /// `case row(id: Row.State.ID, action: Row.Action)`, named `/Action.row(id:action:)`.
  @available(
    *, deprecated,
    message: "Use a case key path to an 'IdentifiedAction', instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  @warn_unqualified_access
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> some Reducer<ElementState, ElementAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<State, Action> {
    ForEachReducer(
      parent: self,
      elements: toElementsState,
      action: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>(
        embed: { identified in
          switch identified {
          case let .element(id, action): toElementAction.embed((id, action))
          }
        },
        extract: { action in toElementAction.extract(from: action).map { .element(id: $0.0, action: $0.1) } }
      ),
      element: element(),
      callSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension PresentationState {
  @available(
    *, deprecated,
    message: "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://swiftpackageindex.com/pointfreeco/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Using-case-key-paths"
  )
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    get { self[casePath: path] }
    _modify { yield &self[casePath: path] }
  }
}

/// An object made only to be told apart from every other: see `ifCaseLet` above. Equal only to
/// itself; whatever holds it keeps it alive, so its identity is never reused.
final class OperatorToken: Hashable, Sendable {
  static func == (lhs: OperatorToken, rhs: OperatorToken) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
