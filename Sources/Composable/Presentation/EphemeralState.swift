/// State that goes away on its own once the user has answered it, such as an alert.
///
/// When a child's state is ephemeral — presented with `@Presents`, or kept in a plain optional
/// run by `ifLet` — it is set to `nil` after any of its actions (a button press), so a feature
/// never has to clear its own alerts.
public protocol EphemeralState {}
