/// State that goes away on its own once the user has answered it, such as an alert.
///
/// When a presented child's state is ephemeral, the presentation reducer sets it to `nil` after
/// any of its actions (a button press), so a feature never has to clear its own alerts.
public protocol EphemeralState {}
