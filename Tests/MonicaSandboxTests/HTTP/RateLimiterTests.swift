import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("RateLimiter")
struct RateLimiterTests {
  @Test("a fixed window from the first request")
  func window() throws {
    let limiter = try RateLimiter.parse("2/10")
    #expect(limiter.hit("t", now: 100)?.remaining == 1)
    #expect(limiter.hit("t", now: 101)?.remaining == 0)
    let refused = limiter.hit("t", now: 105)
    #expect(refused?.allowed == false && refused?.retryAfter == 5 && refused?.resetAt == 110)
    #expect(limiter.hit("t", now: 110)?.allowed == true)
    #expect(try RateLimiter.parse("0").hit("t", now: 1) == nil)
    #expect(throws: MonicaError.self) { try RateLimiter.parse("a/b") }
  }
}
