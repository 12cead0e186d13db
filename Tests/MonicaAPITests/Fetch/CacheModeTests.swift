import MonicaKit
import Testing

@testable import MonicaAPI

/// How --cache, --offline, --no-cache and MONICA_CACHE combine, and which failures a cached copy
/// may stand in for.
@Suite struct CacheModeTests {
  func mode(
    cache: String? = nil, offline: Bool = false, noCache: Bool = false, variable: String? = nil
  ) throws(MonicaError) -> CacheMode {
    try CacheMode.resolve(
      cache: cache.flatMap(TimeToLive.init), offline: offline, noCache: noCache,
      environment: ToolEnvironment(variables: variable.map { ["MONICA_CACHE": $0] } ?? [:]))
  }

  @Test("flags first, then MONICA_CACHE; --no-cache turns it off, and combines with neither flag")
  func resolve() throws {
    #expect(try mode() == .off)
    #expect(try mode(cache: "5m") == .fresh(.standard))
    #expect(try mode(cache: "1h", variable: "5m") == .fresh(TimeToLive("1h")!))
    #expect(try mode(variable: "2h") == .fresh(TimeToLive("2h")!))
    #expect(try mode(variable: "") == .off)
    #expect(try mode(offline: true, variable: "2h") == .offline)
    #expect(try mode(noCache: true, variable: "2h") == .off)
    #expect(throws: MonicaError.self) { try mode(cache: "5m", noCache: true) }
    #expect(throws: MonicaError.self) { try mode(offline: true, noCache: true) }
    #expect(throws: MonicaError.usage("MONICA_CACHE 12: expected a duration with its unit, such as 30s, 5m, 2h or 1d"))
    {
      try mode(variable: "12")
    }
  }

  @Test("an outage is no connection, no answer, a dropped connection or 5xx; not a refusal or a rate limit")
  func outages() {
    #expect(MonicaClient.isOutage(.unavailable(request: "http://x", detail: "cannot connect: connection refused")))
    #expect(MonicaClient.isOutage(.unavailable(request: "/api/contacts", detail: "Monica answered HTTP 503")))
    #expect(MonicaClient.isOutage(.temporary(request: "/api/contacts", reason: "no answer within 10 s")))
    #expect(!MonicaClient.isOutage(.temporary(request: "/api/contacts", reason: "rate limited by the instance")))
    #expect(!MonicaClient.isOutage(.notPermitted("the token was rejected")))
    #expect(!MonicaClient.isOutage(.protocolViolation(request: "/api", detail: "HTML page")))
    #expect(!MonicaClient.isOutage(.notFound("contact #1 was not found")))
    #expect(!MonicaClient.isOutage(.outputClosed))
  }
}
