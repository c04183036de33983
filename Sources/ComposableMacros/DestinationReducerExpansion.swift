import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// What `@Reducer` writes inside an enum of features:
///
/// ```swift
/// @Reducer enum Destination {
///   case cart(CartFeature)
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// becomes, inside the enum,
///
/// - `@CasePathable @dynamicMemberLookup enum State: CaseReducerState` with
///   `case cart(CartFeature.State)` and `case alert(AlertState<Alert>)`, and `isEphemeralCase`
///   (true in the alert's case, which goes away after its button);
/// - `@CasePathable enum Action` with `case cart(CartFeature.Action)` and `case alert(Alert)`;
/// - `static var body`, which runs `CartFeature()` on the `cart` case (an alert or a
///   confirmation dialog has no reducer of its own).
///
/// As in TCA, a case that holds no value, several values or a labelled one
/// (`case meeting(Meeting, syncUp: SyncUp)`), or is marked `@ReducerCaseIgnored`, is state no
/// feature runs on: its `State` case holds what it holds, and `Action` has no case for it. A
/// case marked `@ReducerCaseEphemeral` goes away after any action, as an alert does. What the
/// enum declares itself — its own `Action`, `State` or `static var body` — is not written again.
struct DestinationReducerExpansion {
  struct Destination {
    let name: String
    /// The case's payload as written: `CartFeature`, `AlertState<Alert>`, or several values.
    let payload: String
    /// The feature that runs on the case, or `nil` for a case that only holds state (an alert,
    /// a case marked `@ReducerCaseIgnored`, one with several or labelled values).
    let feature: String?
    /// The action type of a case that holds an alert or a dialog (`AlertState<Alert>` → `Alert`).
    let stateOnlyAction: String?
    /// Whether the case goes away after any of its actions: an alert, a dialog, or a case marked
    /// `@ReducerCaseEphemeral`.
    let isEphemeral: Bool
  }

  let enumeration: EnumDeclSyntax
  let destinations: [Destination]
  /// What the enum declares itself, and is not written again: its own `Action` (the cases it
  /// names are then its business), its own `State`, its own `static var body`.
  let declares: Set<String>

  init(_ enumeration: EnumDeclSyntax, context: some MacroExpansionContext) throws {
    self.enumeration = enumeration
    var destinations: [Destination] = []
    for member in enumeration.memberBlock.members {
      guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let ignored = hasAttribute("ReducerCaseIgnored", cases.attributes)
      let ephemeral = hasAttribute("ReducerCaseEphemeral", cases.attributes)
      for element in cases.elements {
        let parameters = element.parameterClause?.parameters
        let payload = parameters?.trimmedDescription ?? ""
        guard let parameters, parameters.count == 1, let parameter = parameters.first, parameter.firstName == nil else {
          // No value, several, or a labelled one: state that no feature runs on, as in TCA.
          destinations.append(
            Destination(name: element.name.text, payload: payload, feature: nil, stateOnlyAction: nil, isEphemeral: ephemeral)
          )
          continue
        }
        let type = parameter.type.trimmedDescription
        let stateOnlyAction = Self.stateOnlyAction(of: type)
        destinations.append(
          Destination(
            name: element.name.text, payload: type, feature: ignored || stateOnlyAction != nil ? nil : type,
            stateOnlyAction: ignored ? nil : stateOnlyAction, isEphemeral: ephemeral || stateOnlyAction != nil
          )
        )
      }
    }
    self.destinations = destinations
    self.declares = Set(enumeration.memberBlock.members.compactMap { member in
      if let variable = member.decl.as(VariableDeclSyntax.self),
        variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      {
        return memberName(member.decl).map { "static " + $0 }
      }
      return memberName(member.decl)
    })
  }

  /// `AlertState<X>` and `ConfirmationDialogState<X>` are state without a reducer; their
  /// actions are `X`.
  private static func stateOnlyAction(of type: String) -> String? {
    for prefix in ["AlertState<", "ConfirmationDialogState<"] where type.hasPrefix(prefix) && type.hasSuffix(">") {
      return String(type.dropFirst(prefix.count).dropLast())
    }
    return nil
  }

  func members() throws -> [DeclSyntax] {
    let access = accessPrefix(of: enumeration)
    let name = enumeration.name.text
    let stateCases = destinations.map { destination in
      let payload = destination.feature.map { $0 + ".State" } ?? destination.payload
      return payload.isEmpty ? "case \(destination.name)" : "case \(destination.name)(\(payload))"
    }
    let actionCases = destinations.compactMap { destination -> String? in
      if let feature = destination.feature { return "case \(destination.name)(\(feature).Action)" }
      return destination.stateOnlyAction.map { "case \(destination.name)(\($0))" }
    }
    let scopes = destinations.compactMap { destination in
      destination.feature.map {
        "Composable.Scope(state: \\.\(destination.name), action: \\.\(destination.name)) { \($0)() }"
      }
    }
    let ephemeralCases = destinations.map { destination in
      "case .\(destination.name): \(destination.isEphemeral)"
    }
    var members: [DeclSyntax] = []
    if !declares.contains("State") {
      members.append(
        """
        @CasePathable @dynamicMemberLookup
        \(raw: access)enum State: Composable.CaseReducerState {
        \(raw: access)typealias StateReducer = \(raw: name)
        \(raw: stateCases.joined(separator: "\n"))
        \(raw: access)var isEphemeralCase: Bool {
        \(raw: destinations.isEmpty ? "false" : "switch self {\n" + ephemeralCases.joined(separator: "\n") + "\n}")
        }
        }
        """
      )
    }
    if !declares.contains("Action") {
      members.append(
        """
        @CasePathable
        \(raw: access)enum Action {
        \(raw: actionCases.joined(separator: "\n"))
        }
        """
      )
    }
    if !declares.contains("static body") {
      members.append(
        """
        @Composable.ReducerBuilder<State, Action>
        \(raw: access)static var body: some Composable.Reducer<State, Action> {
        \(raw: scopes.isEmpty ? "Composable.EmptyReducer()" : scopes.joined(separator: "\n"))
        }
        """
      )
    }
    return members
  }
}
