// The types these packages provide appear throughout the core's API (`@CasePathable` actions,
// `IdentifiedArrayOf` state, `@Dependency`, `@DependencyClient` clients), so importing
// Composable imports them too, as importing ComposableArchitecture does.
@_exported import CasePaths
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import IdentifiedCollections
