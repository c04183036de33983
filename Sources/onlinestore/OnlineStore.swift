import ArgumentParser
import Boundaries
import CPseudoTerminal
import CursesTerminal
import Foundation
import IssueReporting
import Shop
import StoreCommand
import TerminalKit
import TerminalUI

@main
struct OnlineStore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "onlinestore",
    abstract: "A keyboard-driven online store for the terminal.",
    discussion: """
      Without options it sells the embedded demo catalog, so it works without a network. Each \
      store's cart is kept for each customer in $XDG_STATE_HOME/onlinestore/carts (or \
      ~/.local/state/onlinestore/carts) between runs; several copies of the store may share it.
      Press ? in the store for every key.
      """,
    version: "onlinestore 1.0.0",
    subcommands: [Snapshot.self, Serve.self]
  )

  @OptionGroup var data: StoreOptions

  @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (selecting text) instead of clicking in the store.")
  var noMouse = false

  /// Runs the command line — or, in a store the SSH front door's session starter forked (see
  /// `session_zygote.c`), the arguments of that session, since the command line is the
  /// starter's.
  static func main() async {
    var count: Int32 = 0
    let forked = sz_session_arguments(&count).map { argv in (0..<Int(count)).map { String(cString: argv[$0]!) } }
    await main(forked)
  }

  /// The store, full-screen.
  func run() async throws {
    let status = await runFullScreen()
    if status != 0 { throw ExitCode(status) }
  }

  @MainActor
  private func runFullScreen() async -> Int32 {
    let log =
      data.log.flatMap { SessionLog(path: $0, truncate: false) }
      ?? SessionLog.defaultPath().flatMap { SessionLog(path: $0, truncate: true) }
    if let log { IssueReporters.current = [LogIssueReporter(log: log)] } else { IssueReporters.current = [] }

    let changeSink = data.log == nil ? nil : log?.changeSink
    var initialState = AppFeature.State(userID: data.user)
    initialState.profile.signedInKey = data.signedInKey
    initialState.profile.isGuest = data.guest
    let store = Store(initialState: initialState) {
      if let changeSink {
        AppFeature()._printChanges(to: changeSink)
      } else {
        AppFeature()
      }
    } withDependencies: { [data] in
      $0.apiClient = data.apiClient
      $0.cartStorage = data.cartStorage
    }

    let crashNote = "onlinestore stopped unexpectedly; the terminal has been restored."
      + (log.map { " Details may be in \($0.path)." } ?? "") + "\r\n"
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal.start(wantsColor: data.wantsColor, wantsMouse: !noMouse, crashNote: crashNote)
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      return 2
    }
    let restoreStandardError = log?.captureStandardError()
    let ending = await InteractiveSession(store: store, terminal: terminal).run()
    restoreStandardError?()
    return ending.status
  }
}

extension OnlineStore {
  /// A screen of the store as text, without a terminal.
  struct Snapshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snapshot",
      abstract: "Print a screen of the store as text, without a terminal.",
      discussion: """
        Starts the store headless at the given size, presses the keys, waits for what they \
        start (loading, an order), and prints the final screen. For documentation, bug reports \
        and tests; it draws exactly what the full-screen store draws. The saved cart is not \
        read or changed.

        Keys are separated by spaces: characters (j + c ?) or names (Up Down Left Right Home \
        End PgUp PgDn Enter Tab S-Tab Esc Space Delete C-c).
        """
    )

    @Option(help: ArgumentHelp("The screen size.", valueName: "columnsxrows"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("Keys to press, in order.", valueName: "keys"))
    var keys: String = ""

    @Flag(help: "Also print the map of styles (what is bold, reversed, coloured).")
    var styles = false

    @OptionGroup var data: StoreOptions

    func validate() throws {
      guard let size = Size(parsing: size) else {
        throw ValidationError("--size needs COLUMNSxROWS, such as 80x24 (got '\(size)').")
      }
      guard size.width <= Canvas.maximumSize.width, size.height <= Canvas.maximumSize.height else {
        throw ValidationError("--size can be at most \(Canvas.maximumSize.width)x\(Canvas.maximumSize.height).")
      }
      do {
        _ = try Key.sequence(parsing: keys)
      } catch {
        throw ValidationError(error.description)
      }
    }

    func run() async throws {
      print(await snapshot())
    }

    @MainActor
    private func snapshot() async -> String {
      IssueReporters.current = []
      let store = Store(initialState: AppFeature.State(userID: data.user)) {
        AppFeature()
      } withDependencies: { [data] in
        $0.apiClient = data.apiClient
        $0.cartStorage = .inMemory()
      }
      let session = HeadlessSession(store: store, size: Size(parsing: size)!)
      await session.start()
      for key in (try? Key.sequence(parsing: keys)) ?? [] {
        guard await session.press(key) else { break }
      }
      let canvas = session.render(context: RenderContext(theme: data.wantsColor ? .color : .monochrome))
      return styles ? canvas.snapshotText : canvas.textRows.joined(separator: "\n")
    }
  }
}
