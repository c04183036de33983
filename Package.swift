// swift-tools-version: 6.0
import CompilerPluginSupport
import PackageDescription

// The terminal kit's products, from the package of its own in ./TerminalKit.
let terminalKit: Target.Dependency = .product(name: "TerminalKit", package: "TerminalKit")
let terminalKitTesting: Target.Dependency = .product(name: "TerminalKitTesting", package: "TerminalKit")
let cursesTerminal: Target.Dependency = .product(name: "CursesTerminal", package: "TerminalKit")
let pseudoTerminal: Target.Dependency = .product(name: "CPseudoTerminal", package: "TerminalKit")
let sessionStarter: Target.Dependency = .product(name: "CSessionStarter", package: "TerminalKit")

let package = Package(
  name: "OnlineStore",
  products: [
    .executable(name: "onlinestore", targets: ["onlinestore"]),
    .executable(name: "onlinestore-api", targets: ["onlinestore-api"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "Boundaries", targets: ["Boundaries"]),
    // The case-path-as-value forms TCA deprecated in 1.4, for code written against them; opt in.
    .library(name: "ComposableCompatibility", targets: ["ComposableCompatibility"]),
    .executable(name: "todo-example", targets: ["todo-example"]),
    // For the integration tier (IntegrationTests/, a package that depends on this one by path):
    // the modules its tests drive, their test support, and the small programs they run.
    .library(name: "StoreModels", targets: ["StoreModels"]),
    .library(name: "Shop", targets: ["Shop"]),
    .library(name: "OnlineStoreAPI", targets: ["OnlineStoreAPI"]),
    .library(name: "SSHFrontDoor", targets: ["SSHFrontDoor"]),
    .library(name: "TerminalPictures", targets: ["TerminalPictures"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "StoreTestSupport", targets: ["StoreTestSupport"]),
    .library(name: "SSHTestSupport", targets: ["SSHTestSupport"]),
    .executable(name: "cart-save-probe", targets: ["cart-save-probe"]),
    .executable(name: "curses-counter", targets: ["curses-counter"]),
  ],
  dependencies: [
    // The terminal kit, a package of its own so that depending on it stays light.
    .package(path: "TerminalKit"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation --target Composable`: the core's DocC catalog.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // The API server: HTTP, SQLite, PostgreSQL, logging.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // The SSH front door (`onlinestore serve`).
    .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    // Tests only: a small HTTP server on 127.0.0.1 that the live client is tested against.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // A Composable-Architecture-style core: Store, reducers, effects, presentation, TestStore.
    .target(
      name: "Composable",
      dependencies: [
        "ComposableMacros",
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    // View / internal / delegate actions and the reducers that keep them apart.
    // `@Reducer`, `@ObservableState`, `@Presents` (declared in Composable) and the bounded
    // actions' `kind` (declared in Boundaries).
    .macro(
      name: "ComposableMacros",
      dependencies: [
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    .target(name: "Boundaries", dependencies: ["Composable", "ComposableMacros"]),
    .target(name: "ComposableCompatibility", dependencies: ["Composable"]),
    // What the terminal store and the API server share: the models and their JSON shapes, and
    // the demo catalog. No features, no networking.
    // The demo products' pictures are drawn by Catalog/Pictures/draw-pictures.py.
    .target(
      name: "StoreModels",
      exclude: ["Catalog/Pictures/draw-pictures.py"],
      resources: [.embedInCode("Catalog/demo-catalog.json"), .embedInCode("Catalog/demo-users.json")]
        + (1...20).map { .embedInCode("Catalog/Pictures/product-\($0).png") }
    ),
    // The shop's API clients, cart and address storage and features. No terminal in sight: of
    // the kit it uses only pure values a feature keeps (the search line's and checkout's text
    // fields, the country choice) and the description of checkout's form, whose keys its
    // reducer decides.
    .target(
      name: "Shop",
      dependencies: [
        "Boundaries",
        "CHTTPClient",
        "StoreModels",
        terminalKit,
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),

    // The back office's client and features: the operator's console on the same core, with
    // the shop's careful HTTP transport.
    .target(
      name: "BackOffice",
      dependencies: [
        "Boundaries",
        "Shop",
        terminalKit,
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "DependenciesMacros", package: "swift-dependencies"),
      ]
    ),

    // The back office's screens and keys on the kit, and the program that runs them.
    .target(name: "BackOfficeTerminal", dependencies: ["BackOffice", "Boundaries", "Shop", terminalKit]),

    // HTTP requests through libcurl's easy interface (Debian's libcurl4-openssl-dev), bounded in
    // size, time and where they may connect: the shop's transport.
    .target(name: "CHTTPClient", linkerSettings: [.linkedLibrary("curl")]),

    // The store's own FakeStore-compatible HTTP server: routes over a storage protocol with a
    // SQLite and a PostgreSQL implementation. No terminal, no features.
    .target(
      name: "OnlineStoreAPI",
      dependencies: [
        "StoreModels",
        "CImageDecoding",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        "Observability",
        .product(name: "CoreMetrics", package: "swift-metrics"),
      ]
    ),
    // What an operator reads of the API server and the front door: metrics as Prometheus names
    // them, and logs as JSON lines.
    .target(
      name: "Observability",
      dependencies: [
        .product(name: "CoreMetrics", package: "swift-metrics"), .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "onlinestore-api",
      dependencies: [
        "Observability",
        "OnlineStoreAPI",
        "StoreModels",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // libchafa (system library, pkg-config `chafa`): pictures as coloured symbols.
    .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
    // Pictures as text cells: pixels in, a grid of symbols with their colours out.
    .target(name: "TerminalPictures", dependencies: ["CChafa", "CImageDecoding", terminalKit]),
    // PNG, JPEG and WebP through Debian's libpng, libjpeg-turbo and libwebp.
    .target(name: "CImageDecoding", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),
    // `swift run todo-example`: a to-do list made with the kit's products alone.
    // The example's screens, a library so its tests can import them; the executable runs them.
    .target(name: "TodoApp", dependencies: [cursesTerminal, terminalKit], path: "Examples/TodoApp/TodoApp"),
    .executableTarget(name: "todo-example", dependencies: ["TodoApp"], path: "Examples/TodoApp/Main"),
    // `swift run kit-counter`: the kit's Getting Started counter, its Swift as the guide has it.
    .executableTarget(name: "kit-counter", dependencies: [cursesTerminal, terminalKit], path: "Examples/KitCounter"),
    // Pure terminal UI: a cell canvas, widgets, one file per screen, the key maps. No ncurses.
    .target(name: "TerminalUI", dependencies: ["Boundaries", "Composable", "Shop", "StoreModels", terminalKit, "TerminalPictures"]),

    // The options a store is started with, shared by its own command line and the SSH front
    // door that starts one per session: one type, so the two sides cannot disagree.
    .target(name: "StoreCommand", dependencies: ["StoreModels", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // `onlinestore serve`: SSH in, the store on a pseudo-terminal per session.
    .target(
      name: "SSHFrontDoor",
      dependencies: [
        pseudoTerminal,
        "Observability",
        .product(name: "CoreMetrics", package: "swift-metrics"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        "StoreCommand",
        "StoreModels",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // The program: flags, wiring, the run loop, and `onlinestore snapshot`.
    .executableTarget(
      name: "onlinestore",
      dependencies: [
        "Observability",
        "BackOffice",
        "BackOfficeTerminal",
        "Boundaries",
        "Composable",
        pseudoTerminal,
        sessionStarter,
        cursesTerminal,
        "Shop",
        "SSHFrontDoor",
        "StoreCommand",
        "StoreModels",
        terminalKit,
        "TerminalPictures",
        "TerminalUI",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),

    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable",
        "ComposableCompatibility",
        "StoreTestSupport",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "BoundariesTests",
      dependencies: [
        "Boundaries",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Tests only: the real FakeStore answers, and a stub store on 127.0.0.1 that serves them.
    .target(
      name: "StoreTestSupport",
      dependencies: [
        "StoreModels",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      path: "Tests/StoreTestSupport",
      resources: [.copy("Fixtures")],
      // Optimized in debug builds too: the tests make megabytes of pictures with it
      // (``TestPNG``), byte by byte, which unoptimized code does fifty times slower.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
    ),
    .testTarget(
      name: "ShopTests",
      dependencies: [
        "Boundaries",
        "Shop",
        "StoreModels",
        "StoreTestSupport",
        terminalKit,
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "Boundaries",
        "Shop",
        "StoreTestSupport",
        terminalKit,
        terminalKitTesting,
        "TerminalPictures",
        "TerminalUI",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    .testTarget(
      name: "ComposableMacrosTests",
      dependencies: [
        "ComposableMacros",
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "CursesTerminalTests",
      dependencies: [
        cursesTerminal, terminalKit, .product(name: "CNCurses", package: "TerminalKit"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // The back office's features, each with a TestStore; its screens and keys, headless.
    .testTarget(
      name: "BackOfficeTests",
      dependencies: [
        "BackOffice", "BackOfficeTerminal", "Boundaries", "Shop", terminalKit, terminalKitTesting,
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
    // The kit's widgets, each alone; nothing but the kit is imported.
    .testTarget(name: "TerminalPicturesTests", dependencies: ["TerminalPictures", terminalKit], resources: [.copy("Fixtures")]),
    // Product pictures end to end: fetched from servers on 127.0.0.1 that answer badly, cached
    // on disk, drawn by the loader within its bounds.
    .testTarget(
      name: "PictureLoadingTests",
      dependencies: [
        "Shop", "StoreTestSupport", terminalKit, "TerminalPictures", "TerminalUI",
        .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
      ]
    ),
    .testTarget(
      name: "TerminalKitTests", dependencies: [terminalKit, terminalKitTesting, .product(name: "Clocks", package: "swift-clocks")], exclude: ["__Snapshots__", "Forms/__Snapshots__"]),
    // Docs/Testing.md's "Snapshot-test your own screens", as it is written there: a screen of its
    // own, tested with nothing but the kit and its snapshot strategies.
    .testTarget(name: "KitExampleTests", dependencies: [terminalKit, terminalKitTesting, "TodoApp"], exclude: ["__Snapshots__"]),
    // A whole program not written with the kit (a small ncurses one), which the integration
    // tier runs through TerminalSession.
    .executableTarget(name: "curses-counter", path: "Tests/CursesCounter", linkerSettings: [.linkedLibrary("ncursesw")]),
    // Docs/LearnTCA.md: its own examples, and the check that every block in it is real code.
    .testTarget(name: "DocsTests", dependencies: ["Composable", "StoreModels"]),
    .testTarget(
      name: "SSHFrontDoorTests",
      dependencies: [
        pseudoTerminal, "SSHFrontDoor", "Observability", "StoreTestSupport", .product(name: "NIOSSH", package: "swift-nio-ssh"), .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "GRDB", package: "GRDB.swift"), .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(name: "StoreCommandTests", dependencies: ["StoreCommand", "StoreModels", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    // Tests only: an SSH client that can do what no polite client does, and a look into /proc.
    .target(
      name: "SSHTestSupport",
      dependencies: [
        .product(name: "NIOSSH", package: "swift-nio-ssh"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Tests/SSHTestSupport"
    ),
    .testTarget(
      name: "OnlineStoreAPITests",
      dependencies: [
        "Observability",
        "OnlineStoreAPI",
        "StoreModels",
        "StoreTestSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    // Tests only: saves a cart in a loop until it is killed, for the kill -9 test.
    .executableTarget(name: "cart-save-probe", dependencies: ["Shop"], path: "Tests/CartSaveProbe"),

    // `swift run -c release core-benchmarks`: actions per second and peak memory of the core.
    .executableTarget(
      name: "core-benchmarks",
      dependencies: ["Boundaries", "Composable"],
      path: "Benchmarks/CoreBenchmarks"
    ),
    // `swift run -c release browsing-benchmarks`: key→frame time of search and scrolling with
    // 100,000 products, beside the demo's 20.
    // `Benchmarks/pictures.sh`: decoding and rendering a product picture, and drawing it cached.
    .executableTarget(
      name: "picture-benchmarks", dependencies: [terminalKit, "TerminalPictures"], path: "Benchmarks/PictureBenchmarks"
    ),
    .executableTarget(
      name: "browsing-benchmarks",
      dependencies: ["Boundaries", "Shop", terminalKit, "TerminalUI"],
      path: "Benchmarks/BrowsingBenchmarks"
    ),
    // The attacks Benchmarks/hostile-front-door.py runs beside real shoppers.
    .executableTarget(name: "ssh-attacker", dependencies: ["SSHTestSupport"], path: "Benchmarks/SSHAttacker"),
    // `swift run -c release cart-storage-benchmarks`: save latency with the lock, and the watch.
    .executableTarget(
      name: "cart-storage-benchmarks",
      dependencies: ["Shop"],
      path: "Benchmarks/CartStorageBenchmarks"
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
