import Foundation

/// Every way a tool can fail, each with its place in the frozen exit table.
///
/// The library throws these; `reportingFailures` turns one into a single stderr line and the
/// documented exit status. Messages name the object first and have no trailing period.
package enum MonicaError: Error, Sendable, Equatable {
  /// Bad flags or arguments (64).
  case usage(String)
  /// A bad input line: `source:line: reason` (65).
  case malformedInput(source: String, line: Int, reason: String)
  /// The server rejected the data sent (HTTP 422) (65).
  case rejected(request: String, messages: [String])
  /// Input that is well-formed but breaks Monica's data contract, as a whole (65).
  case invalidData(String)
  /// The requested record or input file does not exist (66).
  case notFound(String)
  /// Cannot connect, 5xx after retries, not a Monica 4.x server (69).
  case unavailable(request: String, detail: String)
  /// Rate limited or timed out after retries (75).
  case temporary(request: String, reason: String)
  /// A response that is not what the Monica API sends (76).
  case protocolViolation(request: String, detail: String)
  /// 401/403, expired token, wrong passphrase, altered credential file (77).
  case notPermitted(String)
  /// Not logged in, unknown profile (78).
  case configuration(String)
  /// A bug: something the toolset itself got wrong (1).
  case internalError(String)
  /// Lines failed and the others went on (`--keep-going`): the summary, and the status of the
  /// failures it sums up.
  case linesFailed(String, status: ExitStatus)
  /// The reader closed stdout: success, said nothing (0).
  case outputClosed

  /// The exit status of the frozen table.
  package var exitStatus: ExitStatus {
    switch self {
    case .usage: .usage
    case .malformedInput, .rejected, .invalidData: .dataError
    case .notFound: .noInput
    case .unavailable: .unavailable
    case .temporary: .temporaryFailure
    case .protocolViolation: .protocolError
    case .notPermitted: .notPermitted
    case .configuration: .configuration
    case .internalError: .internalError
    case .linesFailed(_, let status): status
    case .outputClosed: .success
    }
  }

  /// The one-line message, without the `monica-<tool>: error: ` prefix; `nil` for a closed output.
  package var message: String? {
    switch self {
    case .usage(let text), .notFound(let text), .notPermitted(let text), .configuration(let text),
      .invalidData(let text), .linesFailed(let text, _):
      text
    case .malformedInput(let source, let line, let reason): "\(source):\(line): \(reason)"
    case .rejected(let request, let messages):
      "\(request): the server rejected the data: \(messages.joined(separator: "; "))"
    case .unavailable(let request, let detail), .protocolViolation(let request, let detail):
      "\(request): \(detail)"
    case .temporary(let request, let reason): "\(request): \(reason)"
    case .internalError(let text): "internal error (a bug, please report it): \(text)"
    case .outputClosed: nil
    }
  }
}

/// The frozen exit table shared by every tool. Never renumber.
package enum ExitStatus: Int32, Sendable, CaseIterable {
  case success = 0
  case internalError = 1
  case usage = 64
  case dataError = 65
  case noInput = 66
  case unavailable = 69
  case temporaryFailure = 75
  case protocolError = 76
  case notPermitted = 77
  case configuration = 78

  /// What the status means, as every tool's help documents it.
  package var meaning: String {
    switch self {
    case .success: "success, also when the reader closed stdout early (| head)"
    case .internalError: "internal error (a bug)"
    case .usage: "bad flags or arguments"
    case .dataError: "bad input data (source:line: reason), or data the server rejected (422)"
    case .noInput: "the requested record or input file does not exist (HTTP 404)"
    case .unavailable: "service unavailable: cannot connect, 5xx after retries, not Monica 4.x"
    case .temporaryFailure: "temporary failure: rate limited or timed out after retries"
    case .protocolError: "protocol error: a response that is not what the Monica API sends"
    case .notPermitted: "not permitted: 401/403, expired token, wrong passphrase, altered file"
    case .configuration: "configuration: not logged in, unknown profile"
    }
  }

  /// The exit table as a help section.
  package static var table: String {
    "EXIT STATUS\n"
      + allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }
      .joined(separator: "\n")
  }
}
