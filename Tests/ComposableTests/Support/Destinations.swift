import Composable
import Foundation

/// A counter that can close itself with `@Dependency(\.dismiss)`.
@Reducer
struct ClosingCounter {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable {
    case incrementTapped
    case closeTapped
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .closeTapped:
        return .run { _ in await self.dismiss() }
      }
    }
  }
}

/// What the host can present: a counter, or an alert.
@Reducer
enum Destination {
  case counter(ClosingCounter)
  case alert(AlertState<Alert>)

  enum Alert: Equatable {
    case resetTapped
  }
}

extension Destination.State: Equatable {}
extension Destination.Action: Equatable {}

/// Presents one destination at a time.
@Reducer
struct DestinationHost {
  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var resets = 0
  }

  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case counterButtonTapped
    case resetButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .counterButtonTapped:
        state.destination = .counter(ClosingCounter.State())
      case .resetButtonTapped:
        state.destination = .alert(AlertState { TextState("Reset?") } actions: {
          ButtonState(action: .resetTapped) { TextState("Reset") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        })
      case .destination(.presented(.alert(.resetTapped))):
        state.resets += 1
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

/// A screen that can present another of itself, as deep as the user goes.
@Reducer
struct Nested {
  @ObservableState
  struct State: Equatable {
    var depth = 0
    @Presents var child: State?
  }

  enum Action: Equatable {
    case child(PresentationAction<Action>)
    case pushTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .pushTapped = action {
        state.child = State(depth: state.depth + 1)
      }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Nested() }
  }
}

/// Reads the uuid dependency in the reducer and in its effect.
@Reducer
struct IDMaker {
  struct State: Equatable {
    var made: [UUID] = []
  }

  enum Action: Equatable {
    case makeTapped
    case madeInEffect(UUID)
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .makeTapped:
        state.made.append(uuid())
        return .run { send in await send(.madeInEffect(uuid())) }
      case let .madeInEffect(id):
        state.made.append(id)
        return .none
      }
    }
  }
}

/// Signed in or out: an enum state whose signed-in case runs a listener.
@Reducer
struct SignIn {
  @ObservableState
  enum State: Equatable {
    case signedIn(Listener.State)
    case signedOut
  }

  enum Action: Equatable {
    case signedIn(Listener.Action)
    case signOutTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .signOutTapped = action { state = .signedOut }
      return .none
    }
    .ifCaseLet(\.signedIn, action: \.signedIn) { Listener() }
  }
}

/// Counts, and logs each change of the count with `onChange(of:)`.
@Reducer
struct ChangeLog {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable {
    case incrementTapped
    case nothingTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incrementTapped = action { state.count += 1 }
      return .none
    }
    .onChange(of: \.count) { oldValue, newValue in
      Reduce { state, _ in
        state.log.append("\(oldValue)→\(newValue)")
        return .none
      }
    }
  }
}
