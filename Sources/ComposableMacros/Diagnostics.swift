import SwiftDiagnostics

/// What the macros say when they are attached to something they cannot expand.
enum ReducerDiagnostic: String, DiagnosticMessage {
  case notAStruct = "@Reducer goes on a struct (the feature whose State, Action and body it completes) or on an enum of features"
  case notAnEnum = "@BoundedAction goes on an action enum"
  case presentsNeedsOptional = "@Presents goes on an optional variable, such as 'var alert: AlertState<Action.Alert>?'"

  var message: String { rawValue }
  var diagnosticID: MessageID { MessageID(domain: "ComposableMacros", id: rawValue) }
  var severity: DiagnosticSeverity { .error }
}
