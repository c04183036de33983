import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The macros of `Composable` and `Boundaries`: what `@Reducer`, `@ObservableState` and
/// `@Presents` write for a feature, so that a feature reads as the Composable Architecture's
/// documentation and the seed app write it.
@main
struct ComposableMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ReducerMacro.self,
    ObservableStateMacro.self,
    PresentsMacro.self,
    BoundedActionMacro.self,
    CasePathableMembersMacro.self,
    ReducerCaseMarkerMacro.self,
  ]
}
