import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var alert: AlertState<Action.Alert>?`: the property reads and writes a
/// `PresentationState` kept beside it in `_alert`, and `$alert` is that presentation state, for
/// `.ifLet(\.$alert, action: \.alert)`.
public enum PresentsMacro: AccessorMacro, PeerMacro {
  /// The property's name, its wrapped type (without the `?`) and its initial value.
  private struct Property {
    var name: String
    var wrapped: TypeSyntax
    var initialValue: ExprSyntax?
  }

  private static func property(_ declaration: some DeclSyntaxProtocol) -> Property? {
    guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let type = binding.typeAnnotation?.type
    else { return nil }
    let wrapped: TypeSyntax
    if let optional = type.as(OptionalTypeSyntax.self) {
      wrapped = optional.wrappedType
    } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
      let argument = generic.genericArgumentClause?.arguments.first
    {
      wrapped = TypeSyntax("\(raw: argument.argument.trimmedDescription)")
    } else {
      return nil
    }
    return Property(name: name, wrapped: wrapped.trimmed, initialValue: binding.initializer?.value.trimmed)
  }

  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = property(declaration) else {
      context.diagnose(.init(node: node, message: ReducerDiagnostic.presentsNeedsOptional))
      return []
    }
    let storage = "_\(property.name)"
    return [
      """
      @storageRestrictions(initializes: \(raw: storage))
      init(initialValue) {
        \(raw: storage) = PresentationState(wrappedValue: initialValue)
      }
      """,
      "get { \(raw: storage).wrappedValue }",
      "set { \(raw: storage).wrappedValue = newValue }",
    ]
  }

  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = property(declaration), let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
    let access = variable.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
    let type = "PresentationState<\(property.wrapped)>"
    return [
      "\(raw: access)var $\(raw: property.name): \(raw: type) {\nget { _\(raw: property.name) }\nset { _\(raw: property.name) = newValue }\n}",
      "private var _\(raw: property.name) = \(raw: type)(wrappedValue: \(property.initialValue ?? "nil"))",
    ]
  }
}
