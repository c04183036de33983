// A feature built with bounded actions is built with the core; one import brings both.
@_exported import Composable
