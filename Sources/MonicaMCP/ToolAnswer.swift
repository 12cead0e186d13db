import Foundation
import MonicaKit

/// What a tool call answers: a short text for the model and the user, a structured result beside
/// it, and whether it is an error result (the call failed; the server goes on).
package struct ToolAnswer: Sendable, Equatable {
  /// One or a few lines, safe for a terminal.
  package var text: String
  /// The result as data: always an object.
  package var structured: JSONObject
  /// Whether the call failed (MCP's `isError`).
  package var isError: Bool

  package init(text: String, structured: JSONObject, isError: Bool = false) {
    self.text = text
    self.structured = structured
    self.isError = isError
  }

  /// An error result: `text` says what went wrong and what to do; `kind` names the cause for a
  /// program (`invalid_argument`, `refused`, `rate_limited`...).
  package static func failure(_ text: String, kind: String, extra: JSONObject = JSONObject()) -> ToolAnswer {
    var structured = JSONObject(["error": .string(kind), "message": .string(text)])
    for member in extra.members { structured[member.key] = member.value }
    return ToolAnswer(text: text, structured: structured, isError: true)
  }

  /// This answer with every occurrence of `secret` replaced: the token must never reach a client,
  /// whatever a message quoted.
  package func scrubbed(of secret: String) -> ToolAnswer {
    guard secret.count >= 8 else { return self }
    func scrub(_ value: JSONValue) -> JSONValue {
      switch value {
      case .string(let text): .string(text.replacingOccurrences(of: secret, with: "[token]"))
      case .array(let items): .array(items.map(scrub))
      case .object(let object):
        .object(JSONObject(object.members.map { JSONObject.Member($0.key, scrub($0.value)) }))
      case .null, .bool, .number: value
      }
    }
    guard case .object(let structured) = scrub(.object(structured)) else { return self }
    return ToolAnswer(
      text: text.replacingOccurrences(of: secret, with: "[token]"), structured: structured, isError: isError)
  }
}

/// A call that cannot go on, said as the tool error the model gets.
package struct ToolProblem: Error, Sendable {
  /// The error result.
  package let answer: ToolAnswer

  package init(_ answer: ToolAnswer) { self.answer = answer }

  /// A bad argument: which one, and what it must be.
  package static func argument(_ name: String, _ reason: String) -> ToolProblem {
    ToolProblem(
      .failure(
        "argument \(name): \(reason)", kind: "invalid_argument", extra: JSONObject(["argument": .string(name)])))
  }

  /// The seconds a rate-limited call is told to wait when the answer did not say (or said it in a
  /// form that is no wait): Monica's limit is per minute (`Limit::perMinute`,
  /// app/Providers/RouteServiceProvider.php:105-106).
  package static let defaultRetryAfter = 60
  /// The longest wait a call is told, whatever the answer asked: an hour; a later call is told
  /// again.
  package static let longestRetryAfter = 3_600

  /// The whole seconds to tell a rate-limited call to wait: what the last answer asked (`last`,
  /// from `RateLimitNote`) when it was a 429 that said, rounded up, within
  /// 1...`longestRetryAfter`; else `defaultRetryAfter`.
  package static func retryAfter(_ last: (limited: Bool, asked: Double?)) -> Int {
    guard last.limited, let asked = last.asked, asked.isFinite, asked >= 0 else { return defaultRetryAfter }
    return Int(min(max(asked.rounded(.up), 1), Double(longestRetryAfter)))
  }

  /// What a failure of the toolset's library becomes: Monica's refusals name the rule, a rate
  /// limit says when to try again (`rateLimit`: the last answer's, `RateLimitNote`), nothing is a
  /// crash of the server.
  package static func monica(_ error: MonicaError, rateLimit: (limited: Bool, asked: Double?) = (false, nil))
    -> ToolProblem
  {
    let message = TerminalText.safe(error.message ?? "failed")
    switch error {
    case .rejected(let request, let messages):
      let said = messages.map { TerminalText.safe($0) }
      return ToolProblem(
        .failure(
          "Monica refused \(request): \(said.joined(separator: " ")) Nothing was written; change what the message "
            + "names and plan the write again.",
          kind: "refused",
          extra: JSONObject(["request": .string(request), "messages": .array(said.map(JSONValue.string))])))
    case .temporary(let request, let reason):
      let seconds = retryAfter(rateLimit)
      return ToolProblem(
        .failure(
          "\(request): \(TerminalText.safe(reason)). Monica is rate-limiting or busy: wait \(seconds) seconds, then "
            + "call again with the same arguments (a confirmed write is never sent twice).",
          kind: "rate_limited", extra: JSONObject(["request": .string(request), "retry_after_seconds": .int(seconds)])))
    case .malformedInput(_, _, let reason):
      // A rule checked here before sending, or Monica's 422 (monica-push's write machinery says
      // both as the line's refusal): either way nothing was written.
      let said = TerminalText.safe(reason)
      return ToolProblem(
        .failure(
          "Monica refuses this write: \(said). Nothing was written; change what the message names and plan the "
            + "write again.",
          kind: "refused", extra: JSONObject(["messages": .array([.string(said)])])))
    case .notFound:
      return ToolProblem(.failure(message, kind: "not_found"))
    case .unavailable, .protocolViolation:
      return ToolProblem(.failure(message + ". Try again later.", kind: "unavailable"))
    case .notPermitted, .configuration:
      return ToolProblem(.failure(message, kind: "configuration"))
    case .usage, .invalidData, .internalError, .linesFailed, .outputClosed:
      return ToolProblem(.failure(message, kind: "failed"))
    }
  }
}
