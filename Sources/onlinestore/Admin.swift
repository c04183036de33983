import ArgumentParser
import BackOffice
import BackOfficeTerminal
import Boundaries
import CursesTerminal
import Foundation
import StoreCommand
import TerminalKit

extension OnlineStore {
  /// `onlinestore admin`: the back office, full-screen, on the store's `onlinestore-api`.
  struct Admin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "admin",
      abstract: "The back office: the store's orders, stock and audit, on its onlinestore-api.",
      discussion: """
        Orders come in without a key; open one to pack, ship (carrier and tracking), deliver or \
        cancel it (its stock goes back), each confirmed. Stock: set a count, add or take away \
        units, or lift the limit. Every change is in the audit, under the admin token or the \
        operator's SSH key. Tab moves between the tabs; q quits.
        """
    )

    @OptionGroup var options: AdminOptions

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal instead of clicking in the console.")
    var noMouse = false

    func run() async throws {
      let status = await runFullScreen()
      if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private func runFullScreen() async -> Int32 {
      let token: String
      do {
        token = try options.token()
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return 2
      }
      let baseURL = options.apiBaseURL!
      let client = AdminClient.live(baseURL: baseURL, token: token, operatorKey: options.operatorKey, timeout: .seconds(options.timeout))
      let store = Store(initialState: BackOfficeFeature.State(storeName: baseURL.host ?? baseURL.absoluteString)) {
        BackOfficeFeature()
      } withDependencies: {
        $0.adminClient = client
        $0.pulseWatch = .polling(fetch: client.fetchPulse)
      }
      let terminal: CursesTerminal
      do {
        terminal = try CursesTerminal.start(
          wantsColor: !options.noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty, wantsMouse: !noMouse,
          crashNote: "onlinestore admin stopped unexpectedly; the terminal has been restored.\r\n"
        )
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        return 2
      }
      return await ProgramLoop(program: BackOfficeProgram(store: store), backend: terminal).run().status
    }
  }
}
