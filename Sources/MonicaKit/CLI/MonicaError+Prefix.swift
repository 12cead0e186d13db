extension MonicaError {
  /// The error with `prefix` before the object its message names (`page 3: `, `stdin:4: `),
  /// for failures that happen part-way through a run; errors that name no object are kept.
  package func prefixed(_ prefix: String) -> MonicaError {
    switch self {
    case .usage(let text): return .usage(prefix + text)
    case .notFound(let text): return .notFound(prefix + text)
    case .notPermitted(let text): return .notPermitted(prefix + text)
    case .rejected(let request, let messages): return .rejected(request: prefix + request, messages: messages)
    case .unavailable(let request, let detail): return .unavailable(request: prefix + request, detail: detail)
    case .temporary(let request, let reason): return .temporary(request: prefix + request, reason: reason)
    case .protocolViolation(let request, let detail):
      return .protocolViolation(request: prefix + request, detail: detail)
    case .malformedInput, .invalidData, .configuration, .internalError, .linesFailed, .outputClosed: return self
    }
  }
}
