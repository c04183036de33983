import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@_BoundedActionKind`, which `@Reducer` puts on a feature's `TCAFeatureAction` enum: writes
/// `kind` as a `switch` over the three cases, the fastest way for generic code to reach them, and
/// makes the nested `ViewAction`, `InternalAction` and `DelegateAction` enums case-pathable, so
/// that a child kept under `_internal` is reached as `\.child`.
public enum BoundedActionKindMacro: MemberMacro, MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let enumeration = member.as(EnumDeclSyntax.self),
      ["ViewAction", "InternalAction", "DelegateAction"].contains(enumeration.name.text),
      !hasAttribute("CasePathable", enumeration.attributes)
    else { return [] }
    return ["@CasePathable"]
  }

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
