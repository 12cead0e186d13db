import MonicaAPI
import MonicaKit
import Testing

/// The strict reading of rate-limit headers, and the schedule against servers that are not
/// Laravel's throttle: proxies, maintenance pages, limiters that count otherwise.
@Suite struct RateLimitHeadersTests {
  @Test("Retry-After and X-RateLimit-Reset: numbers and dates; inf, nan, hex and signs are absent")
  func parsing() {
    let now = 1_000_000.0
    #expect(RateLimitHeaders(["retry-after": "30"], now: now).retryAfter == 30)
    #expect(RateLimitHeaders(["retry-after": " 1.5 "], now: now).retryAfter == 1.5)
    #expect(RateLimitHeaders(["retry-after": "1e11"], now: now).retryAfter == 1e11)
    for odd in ["inf", "nan", "-5", "0x10", "Infinity", "", "1e400", "+3", "ten"] {
      #expect(RateLimitHeaders(["retry-after": odd], now: now).retryAfter == nil, "\(odd)")
      #expect(RateLimitHeaders(["x-ratelimit-reset": odd], now: now).retryAfter == nil, "\(odd)")
    }
    #expect(RateLimitHeaders(["x-ratelimit-reset": "1000030"], now: now).retryAfter == 30)
    #expect(RateLimitHeaders(["x-ratelimit-reset": "999990"], now: now).retryAfter == 0)
    #expect(RateLimitHeaders(["x-ratelimit-reset": "1e30"], now: now).retryAfter == 1e30 - now)
    let date = RateLimitHeaders(["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"], now: 784_111_700)
    #expect(date.retryAfter == 77)
    let counts = RateLimitHeaders(["x-ratelimit-limit": "60", "x-ratelimit-remaining": "nan"], now: now)
    #expect(counts.limit == 60 && counts.remaining == nil)
    #expect(RateLimitHeaders(["x-ratelimit-limit": "99999999999"], now: now).limit == nil)
  }

  @Test("no sleep traps: any value becomes 0 ... 15 min of nanoseconds")
  func boundedSleeps() {
    for value in [Double.infinity, -.infinity, .nan, 1e30, -1, 0] {
      #expect(Waits.nanoseconds(value) <= UInt64(Waits.longest * 1e9), "\(value)")
    }
    #expect(Waits.nanoseconds(1.5) == 1_500_000_000)
    #expect(
      Waits.describe(900) == "15 min" && Waits.describe(61) == "61 s" && Waits.describe(1e30) == "over 10,000 days")
  }

  /// One answer of a made-up server: status and rate-limit headers.
  typealias Answer = (status: Int, limit: Int?, remaining: Int?, retryAfter: Double?)

  /// Sends `requests` with `concurrency` in flight against `server` (called with the answer's
  /// time and the request's number), `latency` per request; returns the virtual time taken,
  /// or `nil` when the schedule got stuck (a wait that never came due, or no progress).
  func run(requests: Int, concurrency: Int = 4, latency: Double = 0.02, server: (Double, Int) -> Answer) -> Double? {
    var schedule = RateLimitSchedule()
    var now = 0.0
    var pending: [(at: Double, ticket: PacingTicket, answer: Answer)] = []
    var done = 0
    var sent = 0
    for _ in 0..<200_000 {
      if done >= requests { return now }
      var wake: Double?
      while pending.count < concurrency && done + pending.count < requests {
        switch schedule.request(at: now) {
        case .send(let ticket):
          pending.append((now + latency, ticket, server(now + latency / 2, sent)))
          sent += 1
          continue
        case .waitUntil(let time):
          // A due time that moves with the clock would never come: ask again later, same answer.
          guard time <= now + 0.001 || schedule.request(at: now + 0.001) == .waitUntil(time) else { return nil }
          wake = time
        case .waitForAnswers: break
        }
        break
      }
      guard let next = ([wake].compactMap { $0 } + pending.map(\.at)).min() else { return nil }
      now = max(now, next)
      pending.sort { $0.at < $1.at }
      while let first = pending.first, first.at <= now {
        pending.removeFirst()
        let answer = first.answer
        schedule.answered(
          first.ticket, at: now, status: answer.status, limit: answer.limit, remaining: answer.remaining,
          retryAfter: answer.retryAfter)
        if (200...299).contains(answer.status) { done += 1 }
      }
    }
    return nil
  }

  @Test("a header-less 503 first, then a 60/60 limiter: every request goes, no endless wait")
  func headerlessFirstAnswer() {
    var count = 0
    var windowStart: Double?
    let taken = run(requests: 104, latency: 0.02) { time, number in
      if number == 0 { return (503, nil, nil, nil) }
      if windowStart.map({ time >= $0 + 60 }) ?? true { (windowStart, count) = (time, 0) }
      guard count < 60 else { return (429, 60, 0, (windowStart ?? time) + 60 - time) }
      count += 1
      return (200, 60, 60 - count, nil)
    }
    #expect(taken != nil, "the schedule got stuck")
    #expect((taken ?? .infinity) < 2 * 66, "took \(String(describing: taken)) s")
  }

  @Test("Remaining stuck at 59 with no reset: taken as the truth, 105 requests without waiting")
  func stuckRemaining() {
    let taken = run(requests: 105, latency: 0.02) { _, _ in (200, 60, 59, nil) }
    #expect(taken != nil, "the schedule got stuck")
    #expect((taken ?? .infinity) < 2, "took \(String(describing: taken)) s")
  }

  @Test("a window longer than the probes reach: probes stay 64 s apart, never a busy loop")
  func probesBounded() {
    var schedule = RateLimitSchedule()
    guard case .send(let opener) = schedule.request(at: 0) else { Issue.record("first must go"); return }
    schedule.answered(opener, at: 0.01, status: 200, limit: 10, remaining: 0, retryAfter: nil)
    var now = 0.01
    var probes: [Double] = []
    for _ in 0..<12 {
      guard case .waitUntil(let due) = schedule.request(at: now) else { Issue.record("must wait"); return }
      #expect(due > now)
      now = due
      guard case .send(let probe) = schedule.request(at: now) else { Issue.record("probe must go"); return }
      probes.append(now)
      schedule.answered(probe, at: now + 0.01, status: 200, limit: 10, remaining: 0, retryAfter: nil)
    }
    let gaps = zip(probes.dropFirst(), probes).map { $0 - $1 }
    #expect(gaps.allSatisfy { $0 > 0.5 && $0 <= 64.1 }, "\(gaps)")
  }
}
