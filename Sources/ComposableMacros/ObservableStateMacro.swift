import SwiftSyntax
import SwiftSyntaxMacros

/// `@ObservableState`: accepted on a state struct or enum, and writes nothing.
///
/// A store here tells its observers once per action that changed its state, and a screen
/// redraws from the whole state; tracking which properties a view read (what Observation would
/// add) would buy nothing and cost a registrar in every state value. The attribute is kept so
/// that features are spelled as the Composable Architecture spells them.
public enum ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
