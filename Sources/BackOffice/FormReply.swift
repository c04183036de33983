import TerminalKit

/// What a key or a paste does to one of the back office's forms (a move's words, a product):
/// the kit's ``Form`` decides, and this carries it out on the form's value.
enum FormReply<Root> {
  /// A field changed, or the focus moved: the form as it is now.
  case edited(Root)
  /// The person is done with it (Enter on the last field, or a button).
  case submitted(Root)
  case cancelled
  /// Not the form's key.
  case ignored

  /// `cancel` names the form's Cancel button, if it has one: pressing it cancels; any other
  /// button submits.
  init<ID: Equatable>(to input: FormInput, on root: Root, form: Form<Root, ID>, focus: WritableKeyPath<Root, ID?>, cancel: ID? = nil) {
    var root = root
    switch form.handle(input.event) {
    case let .change(change)?:
      change.apply(to: &root)
      self = .edited(root)
    case let .focus(field)?:
      root[keyPath: focus] = field
      self = .edited(root)
    case let .press(button)? where button == cancel:
      self = .cancelled
    case .submit?, .press?:
      self = .submitted(root)
    case .cancel?:
      self = .cancelled
    case nil:
      self = .ignored
    }
  }
}
