import MonicaAPI
import MonicaKit
import Testing

/// Drives `RateLimitSchedule` against a model of Laravel's fixed-window throttle, in virtual time.
@Suite struct RateLimitScheduleTests {
  /// The throttle: a window opens at the first request after the last one closed.
  struct Throttle {
    let limit: Int
    let window: Double
    var start: Double?
    var count = 0

    mutating func hit(at time: Double) -> (status: Int, remaining: Int, retryAfter: Double?) {
      if start.map({ time >= $0 + window }) ?? true {
        start = time
        count = 0
      }
      if count >= limit { return (429, 0, ((start ?? time) + window - time).rounded(.up)) }
      count += 1
      return (200, limit - count, nil)
    }
  }

  /// Sends `requests` with up to `concurrency` in flight, each answered `latency` after it went
  /// (arriving half-way); returns when the last answer came and how many 429s there were.
  func simulate(
    requests: Int, concurrency: Int, latency: Double, throttle: inout Throttle, start: Double = 1_000
  ) -> (finished: Double, tooMany: Int, schedule: RateLimitSchedule) {
    var schedule = RateLimitSchedule()
    var now = start
    var pending: [(at: Double, ticket: PacingTicket, status: Int, remaining: Int, retryAfter: Double?)] = []
    var done = 0
    var tooMany = 0
    var wake: Double?
    var steps = 0
    while done < requests && steps < 100_000 {
      steps += 1
      wake = nil
      while pending.count < concurrency && done + pending.count < requests {
        guard case .send(let ticket) = schedule.request(at: now) else {
          if case .waitUntil(let time) = schedule.request(at: now) { wake = time }
          break
        }
        let answer = throttle.hit(at: now + latency / 2)
        pending.append((now + latency, ticket, answer.status, answer.remaining, answer.retryAfter))
      }
      let next = ([wake].compactMap { $0 } + pending.map(\.at)).min() ?? now
      now = max(now, next)
      pending.sort { $0.at < $1.at }
      while let first = pending.first, first.at <= now {
        pending.removeFirst()
        schedule.answered(
          first.ticket, at: now, status: first.status, limit: throttle.limit, remaining: first.remaining,
          retryAfter: first.retryAfter)
        if first.status == 429 { tooMany += 1 } else { done += 1 }
      }
    }
    return (now, tooMany, schedule)
  }

  @Test("20 per 2 s: no 429, and 100 requests take the 4 windows' floor, not more")
  func twentyPerTwoSeconds() {
    var throttle = Throttle(limit: 20, window: 2)
    let run = simulate(requests: 100, concurrency: 4, latency: 0.02, throttle: &throttle)
    #expect(run.tooMany == 0)
    #expect(run.finished - 1_000 < 8 * 1.05, "took \(run.finished - 1_000) s")
    #expect(run.schedule.window == 2)
  }

  @Test("other limits and latencies stay free of 429s and near their floor")
  func otherLimits() {
    for (limit, window, requests, latency) in [(10, 1.0, 35, 0.005), (60, 2.0, 150, 0.05), (5, 2.0, 16, 0.2)] {
      var throttle = Throttle(limit: limit, window: window)
      let run = simulate(requests: requests, concurrency: 4, latency: latency, throttle: &throttle)
      let floor = Double((requests + limit - 1) / limit - 1) * window
      #expect(run.tooMany == 0, "\(limit)/\(window)")
      #expect(
        run.finished - 1_000 <= floor * 1.1 + 4 * latency + 0.1,
        "\(limit)/\(window): \(run.finished - 1_000) s, floor \(floor)")
    }
  }

  @Test("Monica's default, 60 a minute: found by doubling probes, no 429, each later window waited once")
  func monicaDefault() {
    var throttle = Throttle(limit: 60, window: 60)
    let run = simulate(requests: 150, concurrency: 4, latency: 0.02, throttle: &throttle)
    #expect(run.tooMany == 0)
    #expect((60...65).contains(run.schedule.window ?? 0), "learned \(String(describing: run.schedule.window))")
    // Three windows' worth: the third opens after at most two (over-estimated) windows.
    #expect(run.finished - 1_000 < 2 * 64 + 2, "took \(run.finished - 1_000) s")
  }

  @Test("a window longer than the probes reach costs one 429, whose Retry-After teaches its length")
  func longWindow() {
    var throttle = Throttle(limit: 10, window: 60)
    let run = simulate(requests: 25, concurrency: 4, latency: 0.01, throttle: &throttle)
    #expect(run.tooMany == 1)
    #expect((60...61).contains(run.schedule.window ?? 0))
    #expect(run.finished - 1_000 < 120 + 2)
  }

  @Test("without rate-limit headers nothing waits; a 429 blocks until Retry-After")
  func unlimited() {
    var schedule = RateLimitSchedule()
    guard case .send(let first) = schedule.request(at: 0) else { Issue.record("the first request must go"); return }
    #expect(schedule.request(at: 0) == .waitForAnswers)
    schedule.answered(first, at: 0.01, status: 200, limit: nil, remaining: nil, retryAfter: nil)
    #expect(schedule.unlimited)
    var tickets: [PacingTicket] = []
    for _ in 0..<8 {
      guard case .send(let ticket) = schedule.request(at: 0.02) else { Issue.record("unlimited must not wait"); return }
      tickets.append(ticket)
    }
    schedule.answered(tickets[0], at: 0.03, status: 429, limit: 60, remaining: 0, retryAfter: 1)
    #expect(schedule.request(at: 0.5) == .waitUntil(1.03))
    if case .send = schedule.request(at: 1.04) {} else { Issue.record("the block must end") }
  }

  @Test("a window opened before the run (Remaining below Limit - 1) is waited out, never overdrawn")
  func windowAlreadyOpen() {
    var throttle = Throttle(limit: 20, window: 2)
    for _ in 0..<15 { _ = throttle.hit(at: 999.5) }
    let run = simulate(requests: 60, concurrency: 4, latency: 0.02, throttle: &throttle)
    #expect(run.tooMany == 0)
  }
}
