// swift-tools-version: 6.0
import PackageDescription

// The integration tier: the real programs. Everything here starts a process, opens a
// pseudo-terminal or talks to a server in another process (PostgreSQL, OpenSSH, HAProxy, the
// store's own API server). The unit tier is `swift test` at the root; the checks of builds and
// packaging (the kit's footprint and DocC, the linker's view) are CI steps in .ci/checks/.
//
// Run it after the root's build, sharing its build folder so that nothing is compiled twice:
//
//     swift test --package-path IntegrationTests --scratch-path .build --no-parallel
//
// `--no-parallel` is part of the contract: the suites here each size their waits for a machine
// that runs one of them at a time.

let terminalKit: Target.Dependency = .product(name: "TerminalKit", package: "TerminalKit")
let terminalKitTesting: Target.Dependency = .product(name: "TerminalKitTesting", package: "TerminalKit")
let pseudoTerminal: Target.Dependency = .product(name: "CPseudoTerminal", package: "TerminalKit")
let store: (String) -> Target.Dependency = { .product(name: $0, package: "OnlineStore") }

let package = Package(
  name: "IntegrationTests",
  dependencies: [
    .package(name: "OnlineStore", path: ".."),
    .package(path: "../TerminalKit"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    // The built `onlinestore` (and OpenSSH's client in front of `onlinestore serve`) on a real
    // pseudo-terminal with an emulator on the other side; the API server as a process; several
    // hosts behind HAProxy in network namespaces; kill -9, floods and slow clients.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        pseudoTerminal, store("Shop"), store("SSHTestSupport"), store("StoreModels"), store("StoreTestSupport"),
        terminalKit, terminalKitTesting,
        store("onlinestore"), store("onlinestore-api"), store("cart-save-probe"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "Crypto", package: "swift-crypto"), .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // TerminalSession itself, and whole programs through it: the kit's example and a small
    // ncurses program that knows nothing of the kit.
    .testTarget(
      name: "ProgramTests",
      dependencies: [
        terminalKit, terminalKitTesting, store("curses-counter"), store("todo-example"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    // Shared values kept in files (the core's `.fileStorage`), changed by other processes: the
    // real file system and its inotify watch.
    .testTarget(name: "SharedStateTests", dependencies: [store("Composable")]),
    // The front door's parts against OpenSSH's own tools (ssh-keygen, sshd's key files).
    .testTarget(
      name: "SSHServerTests",
      dependencies: [
        store("SSHFrontDoor"), store("StoreTestSupport"), store("onlinestore"), store("onlinestore-api"),
        .product(name: "NIOSSH", package: "swift-nio-ssh"), .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // The API server as a process (kill -9 during orders, slow and silent clients), and the
    // route tests again, on PostgreSQL: `Shared/` links the unit tier's files, compiled here with
    // INTEGRATION_TIER so that `TestDatabase.all` is the PostgreSQL server.
    .testTarget(
      name: "APIServerTests",
      dependencies: [
        store("OnlineStoreAPI"), store("StoreModels"), store("StoreTestSupport"), store("onlinestore-api"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      swiftSettings: [.define("INTEGRATION_TIER")]
    ),
    // Servers in this process that answer badly or late — product pictures, and the store's
    // API client (LiveClientDeadlineTests) — each against the client's real deadline (a wait on
    // the wall clock, so here, not in the unit tier). `Shared/` links the unit tier's picture
    // answers.
    .testTarget(
      name: "PictureServerTests",
      dependencies: [
        store("Shop"), store("StoreTestSupport"), store("TerminalPictures"), store("TerminalUI"), terminalKit,
        .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
      ]
    ),
  ]
)
