import ArgumentParser
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The toolset's version, shown by every tool's `--version`.
package let toolsetVersion = "0.1.0"

/// Help text shared by every tool.
package enum Help {
  /// The exit table, for every tool's discussion.
  package static let exitStatus = ExitStatus.table

  /// The environment variables every Monica-speaking tool reads.
  package static let environment = """
    ENVIRONMENT
      MONICA_URL, MONICA_TOKEN  this instance and token instead of the store
      MONICA_TOKEN_FILE         the token in this file (with MONICA_URL)
      MONICA_ALLOW_HTTP         1: allow a plain-http MONICA_URL off this machine
      MONICA_PROFILE            the profile to use (default: the default one)
      MONICA_PASSPHRASE         the passphrase of a passphrase profile
      MONICA_TIMEOUT_MS         wait this long for each answer (10000)
      MONICA_BACKOFF_MS         first wait before a retry, then doubled (1000)
      MONICA_CACHE              monica-fetch --cache with this TTL (5m, 1h...)
      XDG_CONFIG_HOME           credentials in $XDG_CONFIG_HOME/monica
      XDG_DATA_HOME             key files in $XDG_DATA_HOME/monica
      XDG_CACHE_HOME            caches in $XDG_CACHE_HOME/monica
      NO_COLOR                  no colour when set
    """

  /// The credential files every Monica-speaking tool reads.
  package static let credentialFiles = """
    FILES
      $XDG_CONFIG_HOME/monica/P.credentials    profile P's encrypted token (0600)
      $XDG_CONFIG_HOME/monica/default-profile  the default profile's name
      $XDG_DATA_HOME/monica/P.key              profile P's random key (0600)
      $XDG_CACHE_HOME/monica/P/                profile P's encrypted cache (0700)
    """

  /// The environment variables the stream tools read.
  package static let streamEnvironment = """
    ENVIRONMENT
      NO_COLOR  no colour when set (tables on a terminal)
      COLUMNS   the width tables fit (default: the terminal's, else 80)
      TMPDIR    where temporary files go
    """

}

extension CompletionKind {
  /// Tag names for `--tag`, from the cached tag list (`monica-fetch tags --cache` keeps one): a
  /// completion must not spend requests, so nothing is offered until a list is cached.
  package static var cachedTagNames: CompletionKind {
    .shellCommand(
      "monica-fetch tags --offline --quiet 2>/dev/null | monica-format template --template '{{name}}' 2>/dev/null")
  }
}

/// A toolset command: one place that decides exit statuses and prints failures.
package protocol MonicaTool: ParsableArguments {}

extension MonicaTool {
  /// The tool's name for messages, `monica-<verb>`: the executable's, so that subcommands
  /// report as their tool does.
  package static var toolName: String {
    let executable = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? ""
    return executable.hasPrefix("monica-")
      ? executable : (Self.self as? any ParsableCommand.Type)?.configuration.commandName ?? "monica"
  }

  /// The process's environment for the library.
  package var environment: ToolEnvironment { .current(ProcessInfo.processInfo.environment) }

  /// Runs `body`, turning any failure into one `monica-<tool>: error: …` line on stderr and the
  /// exit status of the frozen table; a closed stdout ends the tool quietly with status 0.
  package func reportingFailures(_ body: () throws -> Void) throws {
    do { try body() } catch { throw Self.exit(for: error) }
  }

  /// The async form of `reportingFailures`.
  package func reportingFailures(_ body: () async throws -> Void) async throws {
    do { try await body() } catch { throw Self.exit(for: error) }
  }

  /// Prints the failure and returns what ArgumentParser should exit with.
  package static func exit(for error: any Error) -> any Error {
    switch error {
    case let failure as MonicaError:
      if let message = failure.message { StandardError.line("\(toolName): error: \(message)") }
      return ExitCode(failure.exitStatus.rawValue)
    case is ExitCode, is CleanExit, is ValidationError:
      return error
    case is CancellationError:
      return ExitCode(ExitStatus.success.rawValue)
    default:
      StandardError.line("\(toolName): error: \(MonicaError.internalError(String(describing: error)).message ?? "")")
      return ExitCode(ExitStatus.internalError.rawValue)
    }
  }
}

/// Process set-up every tool does first.
package enum ProcessSetup {
  /// Ignores SIGPIPE so that a closed reader shows up as EPIPE, which the output turns into a
  /// quiet success instead of a kill by signal.
  package static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }
}

/// Input files shared by the stream tools: files in order, `-` or none for standard input.
package struct InputOptions: ParsableArguments {
  @Argument(
    help: ArgumentHelp("NDJSON files to read; - or none reads standard input.", valueName: "FILE"),
    completion: .file())
  package var files: [String] = []

  package init() {}

  /// The sources in order.
  package var sources: [InputSource] { files.isEmpty ? [.standardInput] : files.map(InputSource.init) }
}

extension AsyncParsableCommand where Self: MonicaTool {
  /// Ignores SIGPIPE, then parses the command line and runs the chosen (sub)command; the entry
  /// point of every tool's `main.swift`.
  package static func launch() async {
    ProcessSetup.ignoreBrokenPipe()
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      fail(error)
    }
  }

  /// Ends the process for an error that reached the top: help and version as ArgumentParser
  /// shows them, a failure already reported as its status, and anything else (a bad flag, a
  /// failed `validate()`) as the toolset's one-line `monica-<tool>: error: …`.
  private static func fail(_ error: any Error) -> Never {
    if let failure = error as? MonicaError {
      if let message = failure.message { StandardError.line("\(toolName): error: \(message)") }
      Foundation.exit(failure.exitStatus.rawValue)
    }
    let code = exitCode(for: error)
    if code == .success || error is ExitCode { exit(withError: error) }
    let message = self.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
    let first = message.prefix(1).lowercased() + message.dropFirst()
    StandardError.line("\(toolName): error: \(first) (see \(toolName) --help)")
    Foundation.exit(code.rawValue)
  }
}
