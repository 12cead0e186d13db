import MonicaAPI
import MonicaKit
import Testing

/// Drives `RateLimitSchedule` against a model of Laravel's fixed-window throttle, in virtual time.
@Suite struct RateLimitScheduleTests {
  /// The throttle: a window opens at the first request after the last one closed.
  /// With `wholeSeconds`, a window ends on a whole second of the clock, `window` seconds after
  /// the whole second its first request came in (Laravel's file and database cache stores), so
  /// it lasts up to a second less than `window`.
  struct Throttle {
    let limit: Int
    let window: Double
    var wholeSeconds = false
    var end: Double?
    var count = 0

    mutating func hit(at time: Double) -> (status: Int, remaining: Int, retryAfter: Double?) {
      if end.map({ time >= $0 }) ?? true {
        end = (wholeSeconds ? time.rounded(.down) : time) + window
        count = 0
      }
      if count >= limit { return (429, 0, ((end ?? time) - time).rounded(.up)) }
      count += 1
      return (200, limit - count, nil)
    }
  }

  /// Sends `requests` with up to `concurrency` in flight, each answered `latency` after it went
  /// (arriving half-way); returns when the last answer came and how many 429s there were.
  func simulate(
    requests: Int, concurrency: Int, latency: Double, throttle: inout Throttle, start: Double = 1_000,
    schedule initial: RateLimitSchedule = RateLimitSchedule()
  ) -> (finished: Double, tooMany: Int, schedule: RateLimitSchedule) {
    var schedule = initial
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

  /// A case of a limit of 1 or 2: the throttle, the requests, the 429s expected and the time
  /// they may take at most.
  struct SmallLimit: Sendable, CustomTestStringConvertible {
    let limit: Int
    let window: Double
    let requests: Int
    let tooMany: Int
    let within: Double
    var testDescription: String { "\(requests) requests at \(limit)/\(window) s" }
  }

  @Test(
    "limits of 1 and 2: a lone answer of Remaining = Limit - 1 opened its window; a longer window costs one 429",
    arguments: [
      // Each window's lone answer says Remaining 0 and opened it: the floor, no 429.
      SmallLimit(limit: 1, window: 1, requests: 3, tooMany: 0, within: 2 + 0.1),
      // The probe at 1 s is refused; its Retry-After teaches the exact length, no other 429.
      SmallLimit(limit: 1, window: 15, requests: 4, tooMany: 1, within: 45 + 0.2),
      // 10 windows' floor is 9 s; the probe kept back in the first window costs at most one
      // more, and each window opens a round trip and a margin after the length.
      SmallLimit(limit: 2, window: 1, requests: 20, tooMany: 0, within: 10 + 11 * 0.025 + 0.01),
    ])
  func smallLimits(_ small: SmallLimit) {
    var throttle = Throttle(limit: small.limit, window: small.window)
    let run = simulate(requests: small.requests, concurrency: 4, latency: 0.02, throttle: &throttle)
    #expect(run.tooMany == small.tooMany)
    #expect(run.schedule.window == small.window)
    #expect(run.finished - 1_000 < small.within, "took \(run.finished - 1_000) s")
  }

  @Test(
    "limit N with concurrent senders: never overdrawn, at most the one learning 429, within a window of the floor",
    arguments: [1, 2, 3, 5, 8, 13, 40, 60])
  func concurrentSenders(limit: Int) {
    for window in [1.0, 2, 3, 7] {
      for concurrency in [1, 3, 8] {
        for latency in [0.002, 0.05] {
          var throttle = Throttle(limit: limit, window: window)
          let requests = limit * 4 + 1
          let run = simulate(requests: requests, concurrency: concurrency, latency: latency, throttle: &throttle)
          let label = "\(limit)/\(window), \(concurrency) in flight, \(latency) s"
          // Probes reach 1 s with a limit of 1, 2 s below 40, 64 s from 40.
          let reach = limit == 1 ? 1.0 : limit < 40 ? 2 : 64
          #expect(run.tooMany == (window > reach ? 1 : 0), "\(label): \(run.tooMany) answered 429")
          let learned = run.schedule.window ?? 0
          // The floor is the limit's, or the round trips' when the limit never binds. Each window
          // is opened a round trip (plus a margin) after the length has passed since the last
          // opener's answer, and a probe kept back in the first window may cost one more window.
          let windows = (requests + limit - 1) / limit
          let roundTrips = Double(requests) * latency / Double(concurrency)
          let floor = max(Double(windows - 1) * window, roundTrips)
          let overhead = window + Double(windows) * (latency + 0.01) + 0.05
          if limit < 40 || window <= 2 {
            if Double(limit) * latency / Double(concurrency) < window / 2 {
              // A probe at 1 s that opened a window, a 429, or probes at 1 and 2 s pin it down.
              #expect(learned == window, "\(label): learned \(learned)")
            }
            #expect(learned >= window, "\(label): learned \(learned)")
            #expect(run.finished - 1_000 <= floor + overhead, "\(label): \(run.finished - 1_000) s, floor \(floor)")
          } else {
            // Between the probes at 2 and 4 s (or 4 and 8 s) lie several whole seconds: the
            // wait is the longest the probes allow, never shorter than the window.
            #expect(learned >= window && learned <= 2 * window + 0.2, "\(label): learned \(learned)")
            #expect(
              run.finished - 1_000 <= floor / window * learned + overhead,
              "\(label): \(run.finished - 1_000) s, floor \(floor)")
          }
        }
      }
    }
  }

  @Test("windows that end on a whole second (Laravel's file cache): learned exactly, at most the learning 429")
  func wholeSecondWindows() {
    for (limit, window) in [(1, 2.0), (2, 2), (5, 3), (10, 1), (60, 2)] {
      for offset in [0.0, 0.3, 0.97] {
        var throttle = Throttle(limit: limit, window: window, wholeSeconds: true)
        let requests = limit * 6 + 1
        let run = simulate(
          requests: requests, concurrency: 4, latency: 0.02, throttle: &throttle, start: 1_000 + offset)
        let label = "\(limit)/\(window) from \(offset)"
        #expect(run.tooMany <= 1, "\(label): \(run.tooMany) answered 429")
        #expect(run.schedule.window == window, "\(label): learned \(String(describing: run.schedule.window))")
        let floor = Double((requests + limit - 1) / limit - 1) * window
        #expect(run.finished - 1_000 - offset <= floor + window + 0.3, "\(label): \(run.finished - 1_000) s")
      }
    }
  }

  @Test("a length known too short grows at the first opener refused, and no 429 follows")
  func shortWindowGrows() {
    var throttle = Throttle(limit: 2, window: 3)
    let run = simulate(
      requests: 12, concurrency: 4, latency: 0.02, throttle: &throttle, schedule: RateLimitSchedule(window: 1))
    #expect(run.tooMany == 1)
    #expect(run.schedule.window == 3)
    #expect(run.finished - 1_000 < 15 + 6 * 0.03 + 0.05, "took \(run.finished - 1_000) s")
  }

  @Test("bounds on the window's length give a whole number of seconds when one fits, else a safe one")
  func wholeSeconds() {
    #expect(RateLimitSchedule.wholeSeconds(above: 0, atMost: 1.045) == 1)
    #expect(RateLimitSchedule.wholeSeconds(above: 2.005, atMost: 3.045) == 3)
    #expect(RateLimitSchedule.wholeSeconds(above: 32, atMost: 64.03) == 64.03)
    #expect(RateLimitSchedule.wholeSeconds(above: 2.48, atMost: 2.52) == 3)
    #expect(RateLimitSchedule.wholeSeconds(above: -3, atMost: 0.5) == 1)
    #expect(RateLimitSchedule.wholeSeconds(above: .nan, atMost: .infinity) == 1)
    #expect(RateLimitSchedule.wholeSeconds(above: 1e300, atMost: 2e300) == Waits.longest)
  }
}
