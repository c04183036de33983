import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@BoundedAction`, which `@Reducer` puts on a feature's `TCAFeatureAction` enum and an enum
/// declared on its own asks for: writes `kind`, through which generic code reaches the three
/// cases, as a `switch` over them.
public enum BoundedActionMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard declaration.is(EnumDeclSyntax.self) else {
      context.diagnose(.init(node: node, message: ReducerDiagnostic.notAnEnum))
      return []
    }
    let access = accessPrefix(of: declaration)
    return [
      """
      \(raw: access)var kind: FeatureAction<ViewAction, InternalAction, DelegateAction> {
        switch self {
        case let .view(action): .view(action)
        case let ._internal(action): ._internal(action)
        case let .delegate(action): .delegate(action)
        }
      }
      """
    ]
  }
}

/// `@_CasePathableMembers`, which `@Reducer` puts on a feature's `Action` enum: makes every enum
/// nested in it case-pathable — a bounded action's `ViewAction`, `InternalAction` and
/// `DelegateAction`, an alert's `Alert` — so that `\.child` under `_internal` and
/// `\.alert.didConfirmPurchase` are case key paths.
public enum CasePathableMembersMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let enumeration = member.as(EnumDeclSyntax.self), !hasAttribute("CasePathable", enumeration.attributes) else { return [] }
    return ["@CasePathable"]
  }
}
