import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starts a program with every signal unblocked and at its default action, its output going to
/// a file, and waits for it — on a dispatch thread, not the test's cooperative ones.
///
/// Foundation's `Process` hands its children the signal mask of the thread that spawns them,
/// which in a test runner blocks SIGHUP, SIGINT and SIGQUIT: a child that should end on one of
/// them (an SSH client, a server stopped by SIGINT) then never does.
enum CleanSpawn {
  static func run(_ executable: String, _ arguments: [String], outputFile: String) async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(with: Result { try runBlocking(executable, arguments, outputFile: outputFile) })
      }
    }
  }

  private static func runBlocking(_ executable: String, _ arguments: [String], outputFile: String) throws -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw TestFailure("Could not start \(executable): \(String(cString: strerror(result)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift cannot import (they are macros).
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}
