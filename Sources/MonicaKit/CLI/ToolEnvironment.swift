import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a tool knows of the world it runs in, passed to the library instead of read from globals
/// so that every behaviour can be tested with a made-up environment.
package struct ToolEnvironment: Sendable {
  /// The environment variables.
  package var variables: [String: String]
  /// Whether standard input is a terminal.
  package var stdinIsTerminal: Bool
  /// Whether standard output is a terminal.
  package var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal.
  package var stderrIsTerminal: Bool
  /// The current time as the tools see it: the system clock, moved by `MONICA_CLOCK_OFFSET_MS`
  /// when that is set (tests age a cached answer with it instead of sleeping). Unit tests may
  /// set a clock of their own.
  package var clock: @Sendable () -> Date

  package init(
    variables: [String: String], stdinIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false
  ) {
    self.variables = variables
    self.stdinIsTerminal = stdinIsTerminal
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    let offset = variables["MONICA_CLOCK_OFFSET_MS"].flatMap { Int($0) }.map { Double($0) / 1000 } ?? 0
    clock = { Date().addingTimeInterval(offset) }
  }

  /// A variable's value, treating an empty value as unset.
  package subscript(name: String) -> String? {
    guard let value = variables[name], !value.isEmpty else { return nil }
    return value
  }

  /// True when NO_COLOR is set to anything non-empty (https://no-color.org).
  package var noColor: Bool { self["NO_COLOR"] != nil }

  /// The width to fit tables to: `COLUMNS`, else the terminal's, else 80.
  package var terminalWidth: Int {
    if let columns = self["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
    var size = winsize()
    if stdoutIsTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// The user's home directory.
  package var home: String { self["HOME"] ?? "/" }

  /// `$XDG_CONFIG_HOME`, or `~/.config`.
  package var configHome: String { self["XDG_CONFIG_HOME"] ?? home + "/.config" }

  /// `$XDG_DATA_HOME`, or `~/.local/share`.
  package var dataHome: String { self["XDG_DATA_HOME"] ?? home + "/.local/share" }

  /// `$XDG_CACHE_HOME`, or `~/.cache`.
  package var cacheHome: String { self["XDG_CACHE_HOME"] ?? home + "/.cache" }

  /// `$XDG_STATE_HOME`, or `~/.local/state`.
  package var stateHome: String { self["XDG_STATE_HOME"] ?? home + "/.local/state" }

  /// The process's real environment and terminals.
  package static func current(_ variables: [String: String]) -> ToolEnvironment {
    ToolEnvironment(
      variables: variables, stdinIsTerminal: isatty(0) == 1, stdoutIsTerminal: isatty(1) == 1,
      stderrIsTerminal: isatty(2) == 1)
  }
}

/// When to colour output.
package enum ColorChoice: String, Sendable, CaseIterable {
  case auto, always, never

  /// Whether to colour: `always` forces it, NO_COLOR and non-terminals turn `auto` off.
  package func enabled(in environment: ToolEnvironment) -> Bool {
    switch self {
    case .always: true
    case .never: false
    case .auto: environment.stdoutIsTerminal && !environment.noColor
    }
  }
}
