import MonicaKit
import Synchronization

/// A failure to inject, as given by `--fault WHAT@WHEN[:PATH]`.
package struct FaultRule: Sendable, Equatable {
  /// What happens to the request.
  package enum Effect: Sendable, Equatable {
    /// Answer with this HTTP status instead.
    case status(Int)
    /// A 200 whose body stops half-way, then the connection closes.
    case cut
    /// The connection is reset with no answer.
    case reset
    /// A 200 HTML page instead of JSON.
    case html
    /// A 302 to the login page, as Monica answers a request it takes for a browser's.
    case login
    /// A whole 200 `application/json` answer whose body is not JSON.
    case badJSON
    /// The normal answer, after this many milliseconds.
    case slow(Int)
    /// The request is carried out (and logged) at once, its answer held this many milliseconds:
    /// room to kill a client after the server acted, before it learnt the outcome.
    case late(Int)
    /// A 429 with exactly these headers' values (absent when `nil`), as odd as a server sends them.
    case tooMany(retryAfter: String?, reset: String?)
    /// The normal answer, with `X-RateLimit-Remaining` stuck at this value and no reset time, as
    /// a proxy's limiter that counts otherwise answers.
    case remaining(Int)
    /// A whole 200 `application/json` answer with a byte that is not UTF-8 inside a string.
    case badUTF8
    /// This many contacts are added before the normal answer (records added during a walk).
    case grow(Int)
    /// This many of the newest contacts are deleted before the normal answer.
    case shrink(Int)
    /// Laravel's 404 for a path no route matches: an instance older than the route.
    case missingRoute
    /// A 200 `application/json` answer, chunked with no Content-Length, whose body never ends
    /// (until the client hangs up): what a client must cut at its body limit.
    case endless
    /// Apache's answer to a path that ends with a slash: a 301 to the path without it
    /// (public/.htaccess:25-29), which HTTP clients follow as a GET, whatever the method was.
    case trailingSlash
  }

  /// When the rule fires.
  package enum Schedule: Sendable, Equatable {
    /// Only the Nth matching request.
    case once(Int)
    /// Every Nth matching request.
    case every(Int)
  }

  package var effect: Effect
  package var schedule: Schedule
  /// The path prefix the rule watches.
  package var pathPrefix: String
  /// The method the rule watches (`POST`), or every method when `nil`.
  package var method: String?

  package init(effect: Effect, schedule: Schedule, pathPrefix: String = "/api", method: String? = nil) {
    self.effect = effect
    self.schedule = schedule
    self.pathPrefix = pathPrefix
    self.method = method
  }

  /// The rule syntax, for help texts: one "term  meaning" line each.
  package static let syntax = """
    WHAT@WHEN[:PATH]     WHAT happens to the requests WHEN picks (PATH: /api)
      WHAT@WHEN:M:PATH     the same, for method M only (GET, POST, PUT, DELETE)
      500, 502, 503        answer with that status, no rate-limit headers
      401, 403             a rejected token, a refused permission
      404                  Monica's 404 (error code 31)
      422                  Monica's validation refusal (error code 32) of a rule
                           no client can check (a contact deleted meanwhile)
      404route             Laravel's "route not found" (an instance without it)
      429                  a 429 with Retry-After: 1 and rate-limit headers
      429=TEXT             a 429 whose Retry-After is TEXT (inf, 1e11...)
      429reset=TEXT        a 429 with only X-RateLimit-Reset: TEXT
      429bare              a 429 with no Retry-After and no reset
      remaining=N          the answer with X-RateLimit-Remaining stuck at N
      badutf8              a 200 JSON answer with invalid UTF-8 in a string
      grow=N, shrink=N     N contacts added (newest deleted), then the answer
      cut                  a 200 cut off half-way, then the connection closes
      endless              a 200 JSON answer, chunked, that never ends
      trailingslash        301 to the path without its final / (Apache)
      reset                the connection is reset with no answer at all
      html                 a 200 HTML page instead of JSON
      login                a 302 to the login page
      badjson              a whole 200 JSON answer whose JSON is broken
      slow, slow=MS        the normal answer after MS ms (default 15000)
      late=MS              carried out and logged at once, answered after MS ms
      N                    WHEN: only the Nth matching request
      *N                   WHEN: every Nth matching request
    """

  /// Parses one rule; a bad one is a usage error naming it.
  package init(parsing text: String) throws(MonicaError) {
    func bad(_ why: String) -> MonicaError { .usage("--fault \(text): \(why)") }
    guard let at = text.firstIndex(of: "@") else {
      throw bad("expected WHAT@WHEN[:[METHOD:]PATH], such as 503@2, cut@*3:/api/contacts or 500@1:POST:/api")
    }
    let what = String(text[..<at])
    var rest = text[text.index(after: at)...]
    var path = "/api"
    var method: String?
    if let colon = rest.firstIndex(of: ":") {
      path = String(rest[rest.index(after: colon)...])
      rest = rest[..<colon]
      if let second = path.firstIndex(of: ":"), !path.hasPrefix("/") {
        let verb = String(path[..<second])
        guard ["GET", "POST", "PUT", "DELETE"].contains(verb) else {
          throw bad("the method must be GET, POST, PUT or DELETE")
        }
        method = verb
        path = String(path[path.index(after: second)...])
      }
      guard path.hasPrefix("/") else { throw bad("the path must start with /") }
    }
    switch what {
    case "500", "502", "503", "429", "401", "403", "404", "422": effect = .status(Int(what) ?? 500)
    case "cut": effect = .cut
    case "endless": effect = .endless
    case "reset": effect = .reset
    case "html": effect = .html
    case "login": effect = .login
    case "badjson": effect = .badJSON
    case "slow": effect = .slow(15_000)
    case "429bare": effect = .tooMany(retryAfter: nil, reset: nil)
    case "badutf8": effect = .badUTF8
    case "404route": effect = .missingRoute
    case "trailingslash": effect = .trailingSlash
    default:
      func number(after prefix: String) -> Int? {
        what.hasPrefix(prefix) ? Int(what.dropFirst(prefix.count)).flatMap { $0 >= 0 ? $0 : nil } : nil
      }
      if let ms = number(after: "slow=") {
        effect = .slow(ms)
      } else if let ms = number(after: "late=") {
        effect = .late(ms)
      } else if what.hasPrefix("429reset=") {
        effect = .tooMany(retryAfter: nil, reset: String(what.dropFirst(9)))
      } else if what.hasPrefix("429=") {
        effect = .tooMany(retryAfter: String(what.dropFirst(4)), reset: nil)
      } else if let count = number(after: "remaining=") {
        effect = .remaining(count)
      } else if let count = number(after: "grow=") {
        effect = .grow(count)
      } else if let count = number(after: "shrink=") {
        effect = .shrink(count)
      } else {
        throw bad(
          "unknown fault '\(what)': use 500, 502, 503, 422, 429, 429=TEXT, 429reset=TEXT, 429bare, 401, 403, 404, 404route, cut, endless, reset, "
            + "trailingslash, html, login, badjson, badutf8, slow, slow=MS, late=MS, remaining=N, grow=N or shrink=N")
      }
    }
    if rest.hasPrefix("*") {
      guard let every = Int(rest.dropFirst()), every >= 1 else { throw bad("*N needs a positive N") }
      schedule = .every(every)
    } else {
      guard let nth = Int(rest), nth >= 1 else { throw bad("WHEN must be N or *N with N at least 1") }
      schedule = .once(nth)
    }
    pathPrefix = path
    self.method = method
  }
}

/// Counts requests per rule and decides which fault, if any, hits a request.
package final class FaultInjector: Sendable {
  /// The rules in the order given.
  package let rules: [FaultRule]
  private let counts: Mutex<[Int]>

  package init(rules: [FaultRule]) {
    self.rules = rules
    counts = Mutex(Array(repeating: 0, count: rules.count))
  }

  /// The effect for a `method` request to `path`: every matching rule counts it, the first that
  /// fires wins.
  package func effect(for path: String, method: String = "GET") -> FaultRule.Effect? {
    counts.withLock { counts in
      var chosen: FaultRule.Effect?
      for (index, rule) in rules.enumerated()
      where path.hasPrefix(rule.pathPrefix) && (rule.method.map { $0 == method } ?? true) {
        counts[index] += 1
        let fires =
          switch rule.schedule {
          case .once(let n): counts[index] == n
          case .every(let n): counts[index] % n == 0
          }
        if fires && chosen == nil { chosen = rule.effect }
      }
      return chosen
    }
  }
}
