import FlyingFox
import Foundation
import StoreTestSupport
import Testing

/// The real program, in a real terminal (tmux), driven by keys and signals.
///
/// Each test gets its own state directory, so the user's saved cart is never touched, and each
/// checks the driver's verdict that the terminal was restored when the program ended.
@Suite(.serialized)
struct EndToEndTests {
  @Test func aFullPurchaseWithTheEmbeddedCatalog() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      stateDirectory: state,
      firstScreen: "Dot-grid notebook",
      steps: [
        "+", "j", "+", "@wait Cart: 2 items",
        "c", "@wait Quantity: 1",
        "d", "@wait Cart: 1 item ",
        "p", "@wait Confirm your purchase",
        "Enter", "@wait Thank you!",
        "Enter", "@wait Cart: empty",
        "q",
      ]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.programStatus == 0)
    let confirmation = try #require(run.screens.first { $0.contains("Thank you!") })
    #expect(confirmation.contains("Your order is in process. Your order number is 1."))
    let afterDone = try #require(run.screens.last { $0.contains("Cart: empty") })
    #expect(!afterDone.contains("[-]"), "every quantity is back to 0")
    #expect(!afterDone.contains("Cart ─"), "the cart sheet closed")
    #expect(try TUIDrive.savedQuantities(in: state) == [:])
  }

  @Test func resizingInTheMiddleReflows() async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "Dot-grid notebook",
      steps: ["+", "@resize 60x16", "@resize 30x8", "@resize 120x30", "c", "@wait Quantity: 1", "Escape", "q"]
    )
    #expect(run.driverStatus == 0, "terminal restored\n\(run.log)")
    #expect(run.programStatus == 0)
    #expect(run.screens[2].split(separator: "\n").allSatisfy { $0.count <= 60 })
    #expect(run.screens[2].contains("Cart: 1 item"))
    #expect(run.screens[2].contains("quit"), "the key help is on the 16th row, so the store took the new height")
    #expect(run.screens[3].contains("Terminal too small"))
    #expect(run.screens[4].contains("★"), "the detail pane appears at 120 columns")
    #expect(run.screens[6].contains("Quantity: 1"))
  }

  @Test(arguments: [
    ("q", Int32(0)),
    ("C-c", Int32(130)),
    ("@signal TERM", Int32(143)),
    ("@signal HUP", Int32(129)),
  ])
  func everyWayOutRestoresTheTerminal(step: String, status: Int32) async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let run = try await TUIDrive.run(
      stateDirectory: state, firstScreen: "Dot-grid notebook", steps: ["+", "@wait Cart: 1 item", step]
    )
    #expect(run.driverStatus == 0, "alternate screen left, cursor shown, stty restored\n\(run.log)")
    #expect(run.programStatus == status)
    // The cart was saved on the way out, whichever way that was.
    #expect(try TUIDrive.savedQuantities(in: state) == [1: 1])
  }

  /// A crash is the C guard's job: restore the settings, leave the alternate screen, show the
  /// cursor, then end the process with the same signal.
  @Test(arguments: [("SEGV", Int32(128 + 11)), ("ABRT", Int32(128 + 6)), ("ILL", Int32(128 + 4))])
  func aCrashStillRestoresTheTerminal(signal: String, status: Int32) async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(), firstScreen: "Dot-grid notebook",
      steps: ["@signal \(signal)"]
    )
    #expect(run.driverStatus == 0, "alternate screen left, cursor shown, stty restored\n\(run.log)")
    #expect(run.programStatus == status)
    #expect(run.finalScreen?.contains("onlinestore stopped unexpectedly; the terminal has been restored.") == true)
  }

  @Test func theLogRecordsActionsAndTheirChanges() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let log = state.appendingPathComponent("actions.log")
    let run = try await TUIDrive.run(
      arguments: ["--latency", "30", "--log", log.path],
      stateDirectory: state, firstScreen: "Dot-grid notebook", steps: ["+", "@wait Cart: 1 item", "q"]
    )
    #expect(run.programStatus == 0)
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("received action:"))
    #expect(text.contains("plusTapped"))
    #expect(text.contains("count: 1"))
  }

  /// The driver's verdict that every other test relies on can fail: a program that leaves the
  /// alternate screen on and the cursor hidden is caught.
  @Test func theDriverCatchesATerminalLeftChanged() async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(), firstScreen: "left changed",
      command: ["/bin/sh", "-c", #"printf '\033[?1049h\033[?25lleft changed'; sleep 0.3; exit 3"#], steps: []
    )
    #expect(run.programStatus == 3)
    #expect(run.driverStatus == 4, "\(run.log)")
    #expect(run.log.contains("still on the alternate screen") && run.log.contains("cursor hidden"), "\(run.log)")
  }

  @Test func aDumbTerminalGetsAMessageNotGarbage() async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "needs a full-screen terminal", environment: ["TERM=dumb"], steps: []
    )
    #expect(run.programStatus == 2)
    #expect(run.screens[0].contains("onlinestore needs a full-screen terminal, and TERM=dumb is not one"))
    #expect(!run.screens[0].contains("Products"), "no attempt at drawing")
    #expect(run.driverStatus == 0, "the terminal was never touched\n\(run.log)")
  }

  /// Terminals without an alternate screen keep what was drawn last: the store clears it on the
  /// way out, so the shell's prompt does not land on the footer.
  @Test(arguments: ["vt100", "linux"])
  func aTerminalWithoutAnAlternateScreenIsClearedOnExit(term: String) async throws {
    let run = try await TUIDrive.run(
      stateDirectory: try TUIDrive.temporaryStateDirectory(), firstScreen: "Dot-grid notebook",
      environment: ["TERM=\(term)"], steps: ["q"]
    )
    #expect(run.programStatus == 0, "\(run.log)")
    let final = try #require(run.finalScreen)
    #expect(!final.contains("Dot-grid notebook") && !final.contains("q quit"), "\(final)")
  }

  @Test func theCartSurvivesARestart() async throws {
    let state = try TUIDrive.temporaryStateDirectory()
    let first = try await TUIDrive.run(stateDirectory: state, firstScreen: "Dot-grid notebook", steps: ["+", "+", "j", "+", "q"])
    #expect(first.programStatus == 0)
    let second = try await TUIDrive.run(stateDirectory: state, firstScreen: "Cart: 3 items", steps: ["q"])
    #expect(second.driverStatus == 0, "\(second.log)")
    #expect(second.screens[0].contains("[-]   2 [+]"))
  }

  @Test func shopsAtALiveStore() async throws {
    let products = try Fixture.products.data
    let user = try Fixture.user1.data
    let server = try await StubStoreServer([
      "GET /products": { _ in .json(products) },
      "GET /users/1": { _ in .json(user) },
    ])
    let url = server.baseURL.absoluteString
    let run = try await TUIDrive.run(
      arguments: ["--api", url],
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "Fjallraven",
      steps: ["2", "@wait John Doe", "q"]
    )
    await server.stop()
    #expect(run.driverStatus == 0, "\(run.log)")
    #expect(run.screens[0].contains("$109.95"))
    #expect(run.screens.contains { $0.contains("john@gmail.com") })
  }

  @Test func anUnreachableStoreShowsWhyAndRetryIsOffered() async throws {
    let port = try closedLocalPort()
    let run = try await TUIDrive.run(
      arguments: ["--api", "http://127.0.0.1:\(port)"],
      stateDirectory: try TUIDrive.temporaryStateDirectory(),
      firstScreen: "couldn't fetch",
      steps: ["r", "@wait couldn't fetch", "q"]
    )
    #expect(run.driverStatus == 0, "\(run.log)")
    #expect(run.screens[0].contains("Could not reach the store: the connection was refused"))
    #expect(run.screens[0].contains("r retry"))
  }
}
