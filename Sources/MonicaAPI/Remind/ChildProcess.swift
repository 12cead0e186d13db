import MonicaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A delivery command run to its end: `--exec`'s shell, `--mail`'s sendmail.
///
/// Spawned with exactly the environment given (never this process's own, which may hold the
/// token), `input` on its standard input, its standard output and error on this process's
/// standard error (stdout is monica-remind's data), and SIGPIPE back to its default (the tools
/// ignore it, and an ignored signal stays ignored across exec).
enum ChildProcess {
  /// How a command ended.
  enum Ending: Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It could not be started.
    case notStarted(String)
    /// It ran past its time and was stopped (its process group sent SIGTERM, then SIGKILL).
    case timedOut(String)

    /// What went wrong, for a message: `exited with status 3`.
    var failure: String {
      switch self {
      case .exited(let status): "exited with status \(status)"
      case .signalled(let signal): "was ended by signal \(signal)"
      case .notStarted(let why): "could not be started: \(why)"
      case .timedOut(let limit): "did not end within \(limit) and was stopped"
      }
    }
  }

  /// Runs `arguments` (the first the program: a path, or a name looked up in PATH) with
  /// `environment`, writing `input` to it, and waits for it to end, at most `timeout` seconds
  /// (`limit` names them in the message). The command runs in a process group of its own, so that
  /// a hung `curl` started by the shell is stopped with the shell: a run that waited for ever
  /// would hold the state file's lock, and every later cron run would queue behind it.
  static func run(
    _ arguments: [String], environment: [String: String], input: [UInt8], timeout: Double, limit: String
  ) -> Ending {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return .notStarted(systemErrorText(errno)) }
    let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
    // Neither end may stay open in the child past its dup to stdin: the command must see the
    // end of its input when this process closes the write end.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    let argv = arguments.map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let spawned = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
        guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return EINVAL }
        return posix_spawnp(&pid, arguments[0], &actions, &attributes, argvBase, envpBase)
      }
    }
    close(readEnd)
    guard spawned == 0 else {
      close(writeEnd)
      return .notStarted(systemErrorText(spawned))
    }
    // A command that exits without reading closes the pipe: the write then fails with EPIPE
    // (ignored here), and the command's status says how it went.
    var offset = 0
    input.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      while offset < raw.count {
        let written = write(writeEnd, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
    close(writeEnd)
    var status: Int32 = 0
    switch wait(pid, &status, seconds: timeout) {
    case .some(true): break
    case .some(false): return .notStarted("cannot wait for it: \(systemErrorText(errno))")
    case nil:
      // Past its time: the group is asked to stop, then made to.
      kill(-pid, SIGTERM)
      if wait(pid, &status, seconds: 2) == nil {
        kill(-pid, SIGKILL)
        _ = wait(pid, &status, seconds: nil)
      }
      return .timedOut(limit)
    }
    // WIFEXITED and friends are macros: the status word's low 7 bits are the signal, 0 on exit.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  /// Waits for `pid` to end, at most `seconds` (`nil`: for ever): `true` once it ended, `false`
  /// when it cannot be waited for, `nil` when the time ran out first.
  private static func wait(_ pid: pid_t, _ status: inout Int32, seconds: Double?) -> Bool? {
    guard let seconds else {
      while waitpid(pid, &status, 0) < 0 { guard errno == EINTR else { return false } }
      return true
    }
    var left = seconds
    while true {
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid { return true }
      if ended < 0 && errno != EINTR { return false }
      if left <= 0 { return nil }
      // A delivery takes a moment; 20 ms between looks costs nothing beside it.
      usleep(20_000)
      left -= 0.02
    }
  }
}
