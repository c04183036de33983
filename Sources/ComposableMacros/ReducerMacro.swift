import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer` on a feature struct:
///
/// - its nested `Action` enum becomes `@CasePathable`, and so does every enum nested in it (so
///   `\.cart`, `\.alert.didConfirm` are case key paths), and, when it is a `TCAFeatureAction`, it
///   gets `kind` written as a `switch`;
/// - a nested `State` enum becomes `@CasePathable @dynamicMemberLookup`;
/// - a computed `body` is built with `@ReducerBuilder<State, Action>`; a stored one
///   (`let body = Child()`) is left as it is, and gives the feature its domain;
/// - a feature with no `State` or `Action` of its own gets an empty one, unless its body's type
///   names them (`var body: some Reducer<Int, Bool>`: then `@ReducerBuilder<Int, Bool>`, and
///   Swift infers the two from the body);
/// - the struct conforms to `Reducer` unless it already does.
///
/// On an enum of features (`@Reducer enum Destination { case cart(CartFeature) }`) it writes the
/// destination's `State` and `Action` enums, one case per feature, and a `static var body` that
/// scopes each case to its feature; see `DestinationReducerExpansion`.
public enum ReducerMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumeration = declaration.as(EnumDeclSyntax.self) {
      return try DestinationReducerExpansion(enumeration, context: context).members()
    }
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(.init(node: node, message: ReducerDiagnostic.notAStruct))
      return []
    }
    let names = Set(declaration.memberBlock.members.compactMap { memberName($0.decl) })
    let access = accessPrefix(of: declaration)
    var members: [DeclSyntax] = []
    // A body written as `some Reducer<Int, Bool>` names the domain itself: Swift infers `State`
    // and `Action` from it, and an empty one added here would contradict it.
    if bodyDomain(of: declaration) != nil || hasStoredBody(declaration) { return members }
    if !names.contains("State") {
      members.append("\(raw: access)struct State: Equatable, Hashable, Sendable {\n\(raw: access)init() {}\n}")
    }
    if !names.contains("Action") {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    return members
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      // In a destination enum, an enum declared inside (an alert's actions) is case-pathable,
      // so that `\.destination.alert.resetTapped` is a case key path.
      guard let nested = member.as(EnumDeclSyntax.self), !hasAttribute("CasePathable", nested.attributes) else { return [] }
      return ["@CasePathable"]
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let enumeration = member.as(EnumDeclSyntax.self) {
      let name = enumeration.name.text
      guard name == "Action" || name == "State" else { return [] }
      var attributes: [AttributeSyntax] = []
      if !hasAttribute("CasePathable", enumeration.attributes) { attributes.append("@CasePathable") }
      if name == "State", !hasAttribute("dynamicMemberLookup", enumeration.attributes) {
        attributes.append("@dynamicMemberLookup")
      }
      if name == "Action", !hasAttribute("_CasePathableMembers", enumeration.attributes) {
        attributes.append("@_CasePathableMembers")
      }
      if name == "Action", inherits("TCAFeatureAction", enumeration.inheritanceClause),
        !enumeration.memberBlock.members.contains(where: { memberName($0.decl) == "kind" })
      {
        attributes.append("@BoundedAction")
      }
      return attributes
    }
    if let variable = member.as(VariableDeclSyntax.self),
      variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      variable.bindings.first?.initializer == nil,
      !hasAttribute("ReducerBuilder", variable.attributes)
    {
      guard let domain = bodyDomain(of: variable) else { return ["@ReducerBuilder<Self.State, Self.Action>"] }
      return ["@ReducerBuilder<\(raw: domain.state), \(raw: domain.action)>"]
    }
    return []
  }

  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      guard !protocols.isEmpty else { return [] }
      return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.CaseReducer, Composable.Reducer {}")]
    }
    guard declaration.is(StructDeclSyntax.self), !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.Reducer {}")]
  }
}

/// The state and action types a feature's `body` declares by its type, as written:
/// `some Reducer<Int, Bool>` gives `Int` and `Bool`, `some ReducerOf<Counter>` gives
/// `Counter.State` and `Counter.Action`; `nil` for any other body (or none).
func bodyDomain(of declaration: some DeclGroupSyntax) -> (state: String, action: String)? {
  for member in declaration.memberBlock.members {
    if let variable = member.decl.as(VariableDeclSyntax.self), let domain = bodyDomain(of: variable) {
      return domain
    }
  }
  return nil
}

/// Whether `body` is a stored property with its value written out (`let body = Child()`): its
/// type, not a builder, gives the feature its domain.
func hasStoredBody(_ declaration: some DeclGroupSyntax) -> Bool {
  declaration.memberBlock.members.contains { member in
    guard let binding = member.decl.as(VariableDeclSyntax.self)?.bindings.first else { return false }
    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" && binding.initializer != nil
  }
}

func bodyDomain(of variable: VariableDeclSyntax) -> (state: String, action: String)? {
  guard let binding = variable.bindings.first,
    binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
    let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint,
    let named = constraint.as(IdentifierTypeSyntax.self) ?? constraint.as(MemberTypeSyntax.self).map(\.asIdentifierType),
    let arguments = named.genericArgumentClause?.arguments
  else { return nil }
  let written = arguments.map { $0.argument.trimmedDescription }
  switch (named.name.text, written.count) {
  case ("Reducer", 2): return (written[0], written[1])
  case ("ReducerOf", 1): return ("\(written[0]).State", "\(written[0]).Action")
  default: return nil
  }
}

extension MemberTypeSyntax {
  /// `Composable.Reducer<A, B>` read as `Reducer<A, B>`.
  fileprivate var asIdentifierType: IdentifierTypeSyntax {
    IdentifierTypeSyntax(name: name, genericArgumentClause: genericArgumentClause)
  }
}

/// The name a member declares, for the kinds of member that can be a feature's `State`,
/// `Action` or `kind`.
func memberName(_ declaration: DeclSyntax) -> String? {
  if let type = declaration.as(StructDeclSyntax.self) { return type.name.text }
  if let type = declaration.as(EnumDeclSyntax.self) { return type.name.text }
  if let type = declaration.as(ClassDeclSyntax.self) { return type.name.text }
  if let alias = declaration.as(TypeAliasDeclSyntax.self) { return alias.name.text }
  if let variable = declaration.as(VariableDeclSyntax.self) {
    return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }
  return nil
}

func hasAttribute(_ name: String, _ attributes: AttributeListSyntax) -> Bool {
  attributes.contains { element in
    guard let attribute = element.as(AttributeSyntax.self) else { return false }
    let written = attribute.attributeName.trimmedDescription
    return written == name || written.hasSuffix("." + name) || written.hasPrefix(name + "<")
  }
}

func inherits(_ name: String, _ clause: InheritanceClauseSyntax?) -> Bool {
  clause?.inheritedTypes.contains { inherited in
    let written = inherited.type.trimmedDescription
    return written == name || written.hasSuffix("." + name)
  } ?? false
}

/// `public ` or `package ` when the declaration is, so that what a macro adds is as visible as
/// the type it is added to; otherwise nothing.
func accessPrefix(of declaration: some DeclGroupSyntax) -> String {
  for modifier in declaration.modifiers {
    switch modifier.name.tokenKind {
    case .keyword(.public), .keyword(.open): return "public "
    case .keyword(.package): return "package "
    default: continue
    }
  }
  return ""
}
