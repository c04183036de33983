// `assertSnapshot` and `Snapshotting` come with the kit's strategies: a test target that
// depends on `TerminalKitTesting` (as Docs/Testing.md says to) needs no other product.
@_exported import SnapshotTesting
