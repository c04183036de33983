import TerminalKit
import Boundaries

/// A short list to choose one thing from: the category picker (`f`) and the sort picker (`s`).
///
/// It opens on the choice in force, moves with the arrows, and tells its parent what was chosen
/// or that it was left; the parent applies the choice and closes it.
@Reducer
public struct PickerFeature: BoundingReducer, Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    /// The choices offered, in order (their words are the screens').
    public var options: [BrowsingChoice]
    /// The option in force when the picker opened, marked as such.
    public var current: Int?
    /// The highlighted option.
    public var highlighted: Int
    /// The options on screen.
    public var scroll = ListScroll(visibleRows: 5)

    public init(options: [BrowsingChoice], current: BrowsingChoice) {
      self.options = options
      self.current = options.firstIndex(of: current)
      self.highlighted = self.current ?? 0
      scroll.show(highlighted, count: options.count)
    }

    /// Replaces the options (a store's own list arrived), keeping the highlight on the same
    /// choice when it is still offered.
    public mutating func replaceOptions(_ options: [BrowsingChoice]) {
      let highlightedChoice = self.options.indices.contains(highlighted) ? self.options[highlighted] : nil
      let currentChoice = current.map { self.options[$0] }
      self.options = options
      current = currentChoice.flatMap { options.firstIndex(of: $0) }
      highlighted = highlightedChoice.flatMap { options.firstIndex(of: $0) } ?? current ?? 0
      scroll.show(highlighted, count: options.count)
    }
  }

  public enum Action: TCAFeatureAction, Hashable, Sendable {
    public enum ViewAction: Hashable, Sendable {
      /// A move through the options, on a screen that shows `visibleRows` of them.
      case highlightMoved(SelectionMove, visibleRows: Int)
      /// Enter: the highlighted option.
      case chooseTapped
      /// A click on one option.
      case optionTapped(Int)
      case cancelTapped
    }

    public enum DelegateAction: Hashable, Sendable {
      case chose(BrowsingChoice)
      case cancelled
    }

    case view(ViewAction)
    case _internal(Never)
    case delegate(DelegateAction)
  }

  public init() {}

  public func reduce(into state: inout State, viewAction action: Action.ViewAction) -> Effect<Action> {
    switch action {
    case let .highlightMoved(move, rows):
      state.highlighted = state.scroll.move(state.highlighted, by: move, count: state.options.count, visibleRows: rows) ?? 0
      return .none
    case .chooseTapped:
      guard state.options.indices.contains(state.highlighted) else { return .none }
      return .send(.delegate(.chose(state.options[state.highlighted])))
    case let .optionTapped(index):
      guard state.options.indices.contains(index) else { return .none }
      state.highlighted = index
      return .send(.delegate(.chose(state.options[index])))
    case .cancelTapped:
      return .send(.delegate(.cancelled))
    }
  }
}
