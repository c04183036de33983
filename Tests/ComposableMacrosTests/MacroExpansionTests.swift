import ComposableMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What each macro writes, exactly: the expansions a reader would see in Xcode's "Expand Macro".
struct MacroExpansionTests {
  static let macros: [String: MacroSpec] = [
    "Reducer": MacroSpec(type: ReducerMacro.self, conformances: ["Reducer", "CaseReducer"]),
    "ObservableState": MacroSpec(type: ObservableStateMacro.self),
    "Presents": MacroSpec(type: PresentsMacro.self),
    "BoundedAction": MacroSpec(type: BoundedActionMacro.self),
    "_CasePathableMembers": MacroSpec(type: CasePathableMembersMacro.self),
  ]

  func expect(
    _ source: String, expandsTo expected: String, diagnostics: [DiagnosticSpec] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    assertMacroExpansion(
      source, expandedSource: expected, diagnostics: diagnostics, macroSpecs: Self.macros,
      failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) }
    )
  }

  @Test func reducerOnAnEnumMakesADestination() {
    expect(
      """
      @Reducer
      enum Destination {
        case cart(CartFeature)
        case alert(AlertState<Alert>)
        enum Alert {
          case retryTapped
        }
      }
      """,
      expandsTo: """
        enum Destination {
          case cart(CartFeature)
          case alert(AlertState<Alert>)
          @CasePathable
          enum Alert {
            case retryTapped
          }

            @CasePathable @dynamicMemberLookup
            enum State: Composable.CaseReducerState {
                typealias StateReducer = Destination
                case cart(CartFeature.State)
                case alert(AlertState<Alert>)
                var isEphemeralCase: Bool {
                    switch self {
                    case .cart:
                        false
                    case .alert:
                        true
                    }
                }
            }

            @CasePathable
            enum Action {
                case cart(CartFeature.Action)
                case alert(Alert)
            }

            @Composable.ReducerBuilder<State, Action>
            static var body: some Composable.Reducer<State, Action> {
                Composable.Scope(state: \\.cart, action: \\.cart) {
                    CartFeature()
                }
            }
        }

        extension Destination: Composable.CaseReducer, Composable.Reducer {
        }
        """
    )
  }

  @Test func casesThatHoldNoFeatureAreStateOnly() {
    expect(
      """
      @Reducer
      enum Path {
        case detail(SyncUpDetail)
        case meeting(Meeting, syncUp: SyncUp)
        @ReducerCaseIgnored
        case note(String)
        case empty
      }
      """,
      expandsTo: """
        enum Path {
          case detail(SyncUpDetail)
          case meeting(Meeting, syncUp: SyncUp)
          @ReducerCaseIgnored
          case note(String)
          case empty

            @CasePathable @dynamicMemberLookup
            enum State: Composable.CaseReducerState {
                typealias StateReducer = Path
                case detail(SyncUpDetail.State)
                case meeting(Meeting, syncUp: SyncUp)
                case note(String)
                case empty
                var isEphemeralCase: Bool {
                    switch self {
                    case .detail:
                        false
                    case .meeting:
                        false
                    case .note:
                        false
                    case .empty:
                        false
                    }
                }
            }

            @CasePathable
            enum Action {
                case detail(SyncUpDetail.Action)
            }

            @Composable.ReducerBuilder<State, Action>
            static var body: some Composable.Reducer<State, Action> {
                Composable.Scope(state: \\.detail, action: \\.detail) {
                    SyncUpDetail()
                }
            }
        }

        extension Path: Composable.CaseReducer, Composable.Reducer {
        }
        """
    )
  }

  @Test func anEnumsOwnActionAndBodyAreNotWrittenAgain() {
    expect(
      """
      @Reducer
      enum Destination {
        @ReducerCaseIgnored
        case alert(AlertState<Alert>)
        case edit(SyncUpForm)

        enum Action {
          case alert(Alert)
          case edit(SyncUpForm.Action)
        }

        static var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """,
      expandsTo: """
        enum Destination {
          @ReducerCaseIgnored
          case alert(AlertState<Alert>)
          case edit(SyncUpForm)
          @CasePathable

          enum Action {
            case alert(Alert)
            case edit(SyncUpForm.Action)
          }

          static var body: some ReducerOf<Self> {
            EmptyReducer()
          }

            @CasePathable @dynamicMemberLookup
            enum State: Composable.CaseReducerState {
                typealias StateReducer = Destination
                case alert(AlertState<Alert>)
                case edit(SyncUpForm.State)
                var isEphemeralCase: Bool {
                    switch self {
                    case .alert:
                        true
                    case .edit:
                        false
                    }
                }
            }
        }

        extension Destination: Composable.CaseReducer, Composable.Reducer {
        }
        """
    )
  }

  @Test func reducerMakesActionsCasePathableAndConforms() {
    expect(
      """
      @Reducer
      struct Counter {
        struct State {
          var count = 0
        }
        enum Action {
          case incrementTapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """,
      expandsTo: """
        struct Counter {
          struct State {
            var count = 0
          }
          @CasePathable
          enum Action {
            case incrementTapped
          }
          @ReducerBuilder<Self.State, Self.Action>
          var body: some ReducerOf<Self> {
            EmptyReducer()
          }
        }

        extension Counter: Composable.Reducer {
        }
        """
    )
  }

  @Test func reducerTakesStateAndActionFromTheBodysType() {
    expect(
      """
      @Reducer
      struct Toggle {
        var body: some Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      """,
      expandsTo: """
        struct Toggle {
          @ReducerBuilder<Int, Bool>
          var body: some Reducer<Int, Bool> {
            EmptyReducer()
          }
        }

        extension Toggle: Composable.Reducer {
        }
        """
    )
    expect(
      """
      @Reducer
      struct Wrapper {
        var body: some ReducerOf<Inner> {
          Inner()
        }
      }
      """,
      expandsTo: """
        struct Wrapper {
          @ReducerBuilder<Inner.State, Inner.Action>
          var body: some ReducerOf<Inner> {
            Inner()
          }
        }

        extension Wrapper: Composable.Reducer {
        }
        """
    )
    expect(
      """
      @Reducer
      struct Stored {
        let body = EmptyReducer<Int, Bool>()
      }
      """,
      expandsTo: """
        struct Stored {
          let body = EmptyReducer<Int, Bool>()
        }

        extension Stored: Composable.Reducer {
        }
        """
    )
  }

  @Test func reducerFillsInAMissingStateAndActionAndMarksEnumState() {
    expect(
      """
      @Reducer
      public struct Empty {
      }
      """,
      expandsTo: """
        public struct Empty {

            public struct State: Equatable, Hashable, Sendable {
                public init() {
                }
            }

            public enum Action: Equatable, Hashable, Sendable {
            }
        }

        extension Empty: Composable.Reducer {
        }
        """
    )
    expect(
      """
      @Reducer
      struct Destination {
        enum State {
          case cart(Int)
        }
        enum Action {
        }
      }
      """,
      expandsTo: """
        struct Destination {
          @CasePathable @dynamicMemberLookup
          enum State {
            case cart(Int)
          }
          @CasePathable
          enum Action {
          }
        }

        extension Destination: Composable.Reducer {
        }
        """
    )
  }

  @Test func aBoundedActionGetsItsKindWrittenAsASwitchAndCasePathableMembers() {
    expect(
      """
      @Reducer
      struct CounterFeature: BoundingReducer {
        enum Action: TCAFeatureAction {
          enum ViewAction {
            case incrementTapped
          }
          case view(ViewAction)
          case delegate(DelegateAction)
          case _internal(InternalAction)
        }
      }
      """,
      expandsTo: """
        struct CounterFeature: BoundingReducer {
          @CasePathable
          enum Action: TCAFeatureAction {
            @CasePathable
            enum ViewAction {
              case incrementTapped
            }
            case view(ViewAction)
            case delegate(DelegateAction)
            case _internal(InternalAction)

              var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> {
                switch self {
                case let .view(action):
                    .view(action)
                case let ._internal(action):
                    ._internal(action)
                case let .delegate(action):
                    .delegate(action)
                }
              }
          }

            struct State: Equatable, Hashable, Sendable {
                init() {
                }
            }
        }

        extension CounterFeature: Composable.Reducer {
        }
        """
    )
    expect(
      """
      @BoundedAction
      public enum Action: TCAFeatureAction {
        case view(ViewAction)
      }
      """,
      expandsTo: """
        public enum Action: TCAFeatureAction {
          case view(ViewAction)

            public var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> {
              switch self {
              case let .view(action):
                  .view(action)
              case let ._internal(action):
                  ._internal(action)
              case let .delegate(action):
                  .delegate(action)
              }
            }
        }
        """
    )
  }

  @Test func presentsKeepsPresentationStateBesideTheProperty() {
    expect(
      """
      struct State {
        @Presents var alert: AlertState<Action.Alert>?
      }
      """,
      expandsTo: """
        struct State {
          var alert: AlertState<Action.Alert>? {
              @storageRestrictions(initializes: _alert)
              init(initialValue) {
                _alert = PresentationState(wrappedValue: initialValue)
              }
              get {
                  _alert.wrappedValue
              }
              set {
                  _alert.wrappedValue = newValue
              }
          }

          var $alert: PresentationState<AlertState<Action.Alert>> {
              get {
                  _alert
              }
              set {
                  _alert = newValue
              }
          }

          private var _alert = PresentationState<AlertState<Action.Alert>>(wrappedValue: nil)
        }
        """
    )
  }

  @Test func misuseIsDiagnosed() {
    expect(
      "@Reducer class NotAFeature {}",
      expandsTo: "class NotAFeature {}",
      diagnostics: [DiagnosticSpec(message: "@Reducer goes on a struct (the feature whose State, Action and body it completes) or on an enum of features", line: 1, column: 1)]
    )
    expect(
      "struct State {\n  @Presents var alert: Int\n}",
      expandsTo: "struct State {\n  var alert: Int\n}",
      diagnostics: [
        DiagnosticSpec(message: "@Presents goes on an optional variable, such as 'var alert: AlertState<Action.Alert>?'", line: 2, column: 3)
      ]
    )
  }
}
