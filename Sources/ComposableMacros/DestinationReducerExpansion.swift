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
struct DestinationReducerExpansion {
  struct Destination {
    let name: String
    let type: String
    /// The action type of a case that holds plain state (`AlertState<Alert>` → `Alert`), or
    /// `nil` for a feature.
    let stateOnlyAction: String?
  }

  let enumeration: EnumDeclSyntax
  let destinations: [Destination]
  /// Whether a case could not be read; then nothing is written, and the diagnostic stands.
  let isMalformed: Bool

  init(_ enumeration: EnumDeclSyntax, context: some MacroExpansionContext) throws {
    self.enumeration = enumeration
    var destinations: [Destination] = []
    var isMalformed = false
    for member in enumeration.memberBlock.members {
      guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in cases.elements {
        guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
          let parameter = parameters.first, parameter.firstName == nil
        else {
          context.diagnose(.init(node: element, message: ReducerDiagnostic.destinationCaseShape))
          isMalformed = true
          continue
        }
        let type = parameter.type.trimmedDescription
        destinations.append(
          Destination(name: element.name.text, type: type, stateOnlyAction: Self.stateOnlyAction(of: type))
        )
      }
    }
    self.destinations = destinations
    self.isMalformed = isMalformed
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
    if isMalformed { return [] }
    let access = accessPrefix(of: enumeration)
    let name = enumeration.name.text
    let stateCases = destinations.map { destination in
      "case \(destination.name)(\(destination.stateOnlyAction == nil ? destination.type + ".State" : destination.type))"
    }
    let actionCases = destinations.map { destination in
      "case \(destination.name)(\(destination.stateOnlyAction ?? destination.type + ".Action"))"
    }
    let scopes = destinations.filter { $0.stateOnlyAction == nil }.map { destination in
      "Composable.Scope(state: \\.\(destination.name), action: \\.\(destination.name)) { \(destination.type)() }"
    }
    let ephemeralCases = destinations.map { destination in
      "case .\(destination.name): \(destination.stateOnlyAction != nil)"
    }
    return [
      """
      @CasePathable @dynamicMemberLookup
      \(raw: access)enum State: Composable.CaseReducerState {
      \(raw: access)typealias StateReducer = \(raw: name)
      \(raw: stateCases.joined(separator: "\n"))
      \(raw: access)var isEphemeralCase: Bool {
      switch self {
      \(raw: ephemeralCases.joined(separator: "\n"))
      }
      }
      }
      """,
      """
      @CasePathable
      \(raw: access)enum Action {
      \(raw: actionCases.joined(separator: "\n"))
      }
      """,
      """
      @Composable.ReducerBuilder<State, Action>
      \(raw: access)static var body: some Composable.Reducer<State, Action> {
      \(raw: scopes.isEmpty ? "Composable.EmptyReducer()" : scopes.joined(separator: "\n"))
      }
      """,
    ]
  }
}
