// swift-tools-version: 6.0
import PackageDescription

/// The terminal kit as a package of its own, so that an app built on it resolves only what the
/// kit needs: swift-snapshot-testing (for `TerminalKitTesting`) and swift-docc-plugin (for the
/// documentation) — no server, database, SSH or macro package. The store in the directory
/// above depends on it by path.
let package = Package(
  name: "TerminalKit",
  products: [
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
    .library(name: "TerminalKitTesting", targets: ["TerminalKitTesting"]),
    .library(name: "CursesTerminal", targets: ["CursesTerminal"]),
    // The ncurses shim on its own: for tests that feed CursesTerminal ncurses' own key codes.
    .library(name: "CNCurses", targets: ["CNCurses"]),
    // Pseudo-terminals: spawning a program on one, resizing it, and asking a session starter for
    // a program forked onto one. The harness runs programs on them; the store's SSH front door
    // runs its sessions on them.
    .library(name: "CPseudoTerminal", targets: ["CPseudoTerminal"]),
    // The session starter itself, for the one program that serves.
    .library(name: "CSessionStarter", targets: ["CSessionStarter"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // Cells, geometry, styles, text width, keys, mouse and paste, key maps, layout, widgets,
    // forms and the program loop. Depends on nothing.
    .target(name: "TerminalKit"),
    // The C shim: ncurses with wide characters, and signal handling that restores the terminal.
    .target(name: "CNCurses", linkerSettings: [.linkedLibrary("ncursesw")]),
    // The only Swift code that calls ncurses: a kit program full-screen on a real terminal
    // (`CursesTerminal.run(program)`), the terminal restored on every way out.
    .target(name: "CursesTerminal", dependencies: ["CNCurses", "TerminalKit"]),
    // Pseudo-terminals, and the server's side of the session starter (starting it, asking it for
    // a store, the request format both sides share).
    .target(name: "CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
    // The session starter itself: a constructor that runs in every program it is linked into,
    // so only the program that serves links it.
    .target(name: "CSessionStarter", dependencies: ["CPseudoTerminal"]),
    // libvterm (system library, pkg-config `vterm`): the terminal emulator on the other side of a
    // program's pseudo-terminal in `TerminalSession`.
    .systemLibrary(name: "CVTerm", pkgConfig: "vterm", providers: [.apt(["libvterm-dev"])]),
    // Snapshot strategies for screens made with the kit (text, ANSI, styles, SVG, recordings), on
    // swift-snapshot-testing, and `TerminalSession`: any terminal program driven through an
    // in-process emulator.
    .target(
      name: "TerminalKitTesting",
      dependencies: ["CPseudoTerminal", "CVTerm", "TerminalKit", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
    ),
    // `swift run -c release terminal-session-benchmarks`: the harness's emulator parsing a
    // full-screen program's output, beside a bare pty that only reads it.
    .executableTarget(
      name: "terminal-session-benchmarks", dependencies: ["CPseudoTerminal", "CVTerm", "TerminalKit", "TerminalKitTesting"],
      path: "Benchmarks/TerminalSessionBenchmarks"
    ),
    // `swift run -c release kit-benchmarks`: a form, a 100,000-row table and typing into a text
    // field in a pty, beside typing into `cat`.
    .executableTarget(
      name: "kit-benchmarks", dependencies: ["CPseudoTerminal", "CursesTerminal", "TerminalKit"],
      path: "Benchmarks/KitBenchmarks"
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Release builds optimize across module boundaries: the kit's and the core's generic code
// (key maps, forms, widgets, stores, reducers) is specialized for the app's types where the app
// calls it, instead of running through generic metadata and witness tables at run time. For
// a keystroke in checkout that is about a sixth of its CPU time (Docs/Benchmarks.md). Unsafe
// flags are accepted from a package used as a dependency from Swift 6.2 on; older toolchains
// build without it rather than refuse the package.
#if compiler(>=6.2)
  for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
      .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
    ]
  }
#endif
