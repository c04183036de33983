import ArgumentParser
import Boundaries
import CSessionStarter
import CursesTerminal
import Foundation
import IssueReporting
import Shop
import StoreCommand
import StoreModels
import TerminalKit
import TerminalPictures
import TerminalUI

@main
struct OnlineStore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "onlinestore",
    abstract: "A keyboard-driven online store for the terminal.",
    discussion: """
      Without a subcommand it is the shop (onlinestore shop): it sells the embedded demo \
      catalog, so it works without a network. Each store's cart is kept for each customer in \
      $XDG_STATE_HOME/onlinestore/carts (or ~/.local/state/onlinestore/carts) between runs; \
      several copies of the store may share it. Press ? in the store for every key.
      """,
    version: "onlinestore \(Release.version)",
    subcommands: [ShopCommand.self, Snapshot.self, Serve.self, Admin.self],
    defaultSubcommand: ShopCommand.self
  )

  /// Runs the command line — or, in a store the SSH front door's session starter forked (see
  /// `CSessionStarter`), the arguments of that session, since the command line is the
  /// starter's.
  static func main() async {
    // Carts, logs and keys are the shopper's (or the service's) alone, whatever the umask.
    umask(0o077)
    var count: Int32 = 0
    let forked = ss_session_arguments(&count).map { argv in (0..<Int(count)).map { String(cString: argv[$0]!) } }
    await main(forked)
  }
}

/// `onlinestore` and `onlinestore shop`: the store, full-screen.
struct ShopCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shop",
    abstract: "Shop, full-screen (what onlinestore does without a subcommand)."
  )

  @OptionGroup var data: StoreOptions

  @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (selecting text) instead of clicking in the store.")
  var noMouse = false

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
    // The front door's id for this session, so that its log, the API's and this one are found
    // by one search.
    if let ids = RequestIDs.ofThisProcess { log?.write("session_id=\(ids.session): requests to the store's server carry X-Request-Id \(ids.session).<n>") }

    let events = StoreEvents.senderOfThisProcess()
    let changeSink = data.log == nil ? nil : log?.changeSink
    var initialState = AppFeature.State(customer: data.user)
    initialState.profile.signIn = data.signIn
    initialState.profile.ordersOutliveTheRun = data.apiBaseURL != nil
    let store = Store(initialState: initialState) {
      if let changeSink {
        AppFeature()._printChanges(to: changeSink)
      } else {
        AppFeature()
      }
    } withDependencies: { [services = data.shopServices()] in
      $0.apiClient = services.apiClient
      $0.cartStorage = services.cartStorage.reportingSaves(to: events)
      $0.addressBook = services.addressBook
      $0.stockWatch = services.stockWatch
    }

    let crashNote = "onlinestore stopped unexpectedly; the terminal has been restored."
      + (log.map { " Details may be in \($0.path)." } ?? "") + "\r\n"
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal.start(
        wantsColor: data.wantsColor, wantsMouse: !noMouse, showsCursorAtFocus: data.accessible, crashNote: crashNote
      )
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      return 2
    }
    let restoreStandardError = log?.captureStandardError()
    let pixels = terminal.pixelSize
    let cellAspect = PictureMode.cellAspect(columns: terminal.size.width, rows: terminal.size.height, pixelWidth: pixels.width, pixelHeight: pixels.height)
    let pictures = data.pictureLoader(
      mode: data.pictureMode(colorCount: terminal.colorCount, cellAspect: cellAspect), log: log, decodes: events.map(StoreEvents.pictureDecodes(to:)) ?? .none
    )
    let ending = await ProgramLoop(program: ShopProgram(store: store, pictures: pictures, accessible: data.accessible), backend: terminal).run()
    restoreStandardError?()
    return ending.status
  }
}

extension OnlineStore {
  /// A screen of the store, or a recording of it, without a terminal.
  struct Snapshot: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "snapshot",
      abstract: "Print a screen of the store, or a recording of it, without a terminal.",
      discussion: """
        Starts the store headless at the given size, presses the keys, waits for what each \
        starts (loading, an order), and prints the final screen. For documentation, bug reports \
        and tests; it runs the same program loop and draws exactly what the full-screen store \
        draws. The saved cart is not read or changed.

        Keys are separated by spaces: characters (j + c ?) or names (Up Down Left Right Home \
        End PgUp PgDn Enter Tab S-Tab Esc Space Delete C-c).

        Formats: text (the screen as plain text), styled (text, then every change of style), \
        ansi (with colours, for a terminal: cat it), svg (an image for review), cast (an \
        asciicast v2 recording of every frame with its real time: asciinema play it).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, styled, ansi, svg, cast
    }

    @Option(help: ArgumentHelp("The screen size.", valueName: "columnsxrows"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("Keys to press, in order.", valueName: "keys"))
    var keys: String = ""

    @Option(help: ArgumentHelp("What to print: text, styled, ansi, svg or cast.", valueName: "format"))
    var format: Format = .text

    @Option(help: ArgumentHelp("For --format cast: the pause after each key, in milliseconds (0…5000).", valueName: "ms"))
    var keyDelay: Int = 400

    @Flag(help: ArgumentHelp("The same as --format styled.", visibility: .hidden))
    var styles = false

    @OptionGroup var data: StoreOptions

    /// The most keys a recording takes: each is a frame kept in memory until it is printed.
    static let maximumKeys = 2_000

    func validate() throws {
      guard let size = Size(parsing: size) else {
        throw ValidationError("--size needs COLUMNSxROWS, such as 80x24 (got '\(size)').")
      }
      guard size.width <= Canvas.maximumSize.width, size.height <= Canvas.maximumSize.height else {
        throw ValidationError("--size can be at most \(Canvas.maximumSize.width)x\(Canvas.maximumSize.height).")
      }
      guard (0...5_000).contains(keyDelay) else {
        throw ValidationError("--key-delay must be between 0 and 5000 milliseconds (got \(keyDelay)).")
      }
      do {
        let keys = try Key.sequence(parsing: keys)
        guard keys.count <= Self.maximumKeys else {
          throw ValidationError("--keys can hold at most \(Self.maximumKeys) keys (got \(keys.count)).")
        }
      } catch let error as KeyNameError {
        throw ValidationError(error.description)
      }
    }

    func run() async throws {
      print(await snapshot(), terminator: "")
    }

    @MainActor
    private func snapshot() async -> String {
      IssueReporters.current = []
      let store = Store(initialState: AppFeature.State(customer: data.user)) {
        AppFeature()
      } withDependencies: { [services = data.snapshotServices()] in
        $0.apiClient = services.apiClient
        $0.cartStorage = services.cartStorage
        $0.addressBook = services.addressBook
        $0.stockWatch = services.stockWatch
      }
      let format = styles ? .styled : format
      let keys = (try? Key.sequence(parsing: keys)) ?? []
      // A recording keeps every frame (one per key, and the first); a screen only the last.
      let terminal = RecordingTerminal(
        size: Size(parsing: size)!, theme: data.wantsColor ? .color : .monochrome, keptPaints: format == .cast ? keys.count + 1 : 1)
      // No terminal to ask: a snapshot has every colour (the ANSI and SVG forms show them).
      let pictures = data.pictureLoader(mode: data.pictureMode(colorCount: data.wantsColor ? 0x100_0000 : 0), log: nil)
      let loop = ProgramLoop(program: ShopProgram(store: store, pictures: pictures), backend: terminal, waitsForWork: true, tickInterval: nil)
      await loop.start()
      for key in keys {
        if format == .cast { try? await Task.sleep(for: .milliseconds(keyDelay)) }
        guard await loop.press(key) else { break }
      }
      let screen = terminal.screen ?? loop.frame().canvas
      switch format {
      case .text: return screen.plainText
      case .styled: return screen.styledText
      case .ansi: return screen.ansiText
      case .svg: return screen.svg
      case .cast:
        var cast = Asciicast(size: terminal.size, title: "onlinestore snapshot --keys \"\(self.keys)\"")
        for paint in terminal.paints { cast.record(paint.canvas, at: paint.time) }
        return cast.text
      }
    }
  }
}
