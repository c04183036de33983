// The types these packages provide appear throughout the core's API (`@CasePathable` actions,
// `IdentifiedArrayOf` state, `@Dependency`), so importing Composable imports them too.
@_exported import CasePaths
@_exported import Dependencies
@_exported import IdentifiedCollections
