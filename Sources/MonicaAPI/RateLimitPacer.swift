import Foundation
import MonicaKit

/// A permission to send one request, handed back with its answer so the pacer can tell which
/// window the request landed in.
package struct PacingTicket: Sendable, Equatable {
  /// When the request was let go (Unix seconds): it reached the server no earlier.
  package let sentAt: Double
  /// Whether it was sent alone to open (or find) a new window.
  package let opener: Bool
}

/// The pacing decisions, as a value without clocks or sleeping so that they can be tested with
/// made-up times.
///
/// Monica's limiter (Laravel's throttle, `Limit::perMinute` in RouteServiceProvider.php:105-117)
/// counts requests in a fixed window that opens at the first request after the previous window
/// ended, and refuses without counting once the window is spent. Answers carry
/// `X-RateLimit-Limit` and `-Remaining`, never the window's end; a 429 is the only answer that
/// tells it (`Retry-After`, `X-RateLimit-Reset`). So:
/// - the first request goes alone; its `Remaining` says how many more the window allows;
/// - a lone request opened a new window when its `Remaining` is `Limit - 1` (it was the
///   window's first hit) or above the lowest the window had shown;
/// - a window's quota is handed out at once (concurrent requests are all counted as spent when
///   let go, so in-flight requests never overdraw it); once it is spent, nothing goes until a
///   lone request may open the next window;
/// - while the window's length is unknown, a few requests of the quota are kept back and spent
///   as lone probes 1, 2, 4, 8... seconds after the window opened, each later than the last one
///   the old window still counted: a probe that opened a new window bounds the length (a whole
///   number of seconds in Laravel) between the last probe that did not and this one. With a
///   limit of 40 or more (Monica's default is 60 a minute) six are kept back, so windows up to
///   64 s are found without a 429 at the cost of at most six requests of the first window; with
///   a smaller limit one is, which keeps short windows at their floor. With a limit of 1 there
///   is nothing to keep back: a window longer than a second is learned from one 429;
/// - once the length is known, the next window is opened by one lone request sent just after
///   `length` seconds past the moment the previous opener's answer arrived (a safe upper bound of
///   when the server opened it), and then its whole quota goes out.
/// A 429 (another client on the same token, or a window longer than the probes could reach)
/// blocks until `Retry-After` and teaches the window's length: the refused request's window
/// ends within a second before `now + Retry-After`. A 429 to an opener sent after the learned
/// length says the length was short, and it grows.
package struct RateLimitSchedule: Sendable {
  /// What a request should do now.
  package enum Decision: Sendable, Equatable {
    /// Go, and hand the ticket back with the answer.
    case send(PacingTicket)
    /// Ask again at this time (Unix seconds).
    case waitUntil(Double)
    /// Ask again once an outstanding request has been answered.
    case waitForAnswers
  }

  private enum Phase: Sendable { case start, opening, open }

  /// `X-RateLimit-Limit`, once seen.
  package private(set) var limit: Int?
  /// The window's length in seconds, once learned.
  package private(set) var window: Double?
  /// True when answers carry no rate-limit headers: nothing to pace.
  package private(set) var unlimited = false
  /// Requests let go and not yet answered.
  package private(set) var inFlight = 0
  /// Requests that may still go in the current window without asking the server.
  package private(set) var quota = 0

  private var phase = Phase.start
  /// The lowest `Remaining` seen in the current window.
  private var remaining: Int?
  /// When the first answer of the current window arrived: the server opened it no later.
  package private(set) var windowBound: Double?
  /// When the request that opened the current window was let go, if it was ours.
  private var openerSentAt: Double?
  /// When the last probe that landed in the current window was let go.
  private var lastStaleSentAt: Double?
  /// Seconds after `windowBound` of the next probe.
  private var nextProbe = 1
  /// No request before this time (after a 429).
  package private(set) var blockedUntil: Double?
  /// Slack added to computed times, against clock granularity.
  private let margin = 0.005
  /// Requests kept back for probes while the window's length is unknown.
  private var reserve: Int { (limit ?? 0) >= 40 ? 6 : 1 }
  /// The longest gap between probes, in seconds: past it a probe goes once per this long.
  package static let longestProbe = 64

  package init(window: Double? = nil) { self.window = window }

  /// Whether a window is open and its `quota` may go without asking the server first.
  package var isOpen: Bool { phase == .open }

  /// Decides whether a request may go at `now`.
  package mutating func request(at now: Double) -> Decision {
    if let blockedUntil {
      if now < blockedUntil { return .waitUntil(blockedUntil) }
      self.blockedUntil = nil
    }
    if unlimited && limit == nil { return grant(now, opener: false) }
    switch phase {
    case .start:
      guard inFlight == 0 else { return .waitForAnswers }
      phase = .opening
      return grant(now, opener: true)
    case .opening:
      return .waitForAnswers
    case .open:
      if quota > 0 {
        quota -= 1
        return grant(now, opener: false)
      }
      // The window is spent: let every answer in, so the next request is alone and its
      // Remaining tells which window it landed in.
      guard inFlight == 0 else { return .waitForAnswers }
      // Every wait is measured from a fixed moment, never from `now`, or it would never end.
      let base = windowBound ?? now
      windowBound = base
      let due: Double
      if let window {
        due = base + window + margin
      } else if nextProbe <= Self.longestProbe {
        due = base + Double(nextProbe) + margin
      } else {
        // A window longer than the probes reach: one probe per `longestProbe` seconds.
        due = (lastStaleSentAt ?? base) + Double(Self.longestProbe) + margin
      }
      if now < due { return .waitUntil(due) }
      if window == nil { nextProbe = min(nextProbe * 2, 2 * Self.longestProbe) }
      phase = .opening
      return grant(now, opener: true)
    }
  }

  /// Takes note of an answer at `now`: its status, rate-limit headers and `Retry-After`.
  package mutating func answered(
    _ ticket: PacingTicket?, at now: Double, status: Int, limit answerLimit: Int?, remaining answerRemaining: Int?,
    retryAfter: Double?
  ) {
    if ticket != nil { inFlight = max(inFlight - 1, 0) }
    if status == 429 {
      // The window is spent whatever was counted; the answer says until when.
      let until = now + max(retryAfter ?? 1, 0.05)
      blockedUntil = max(blockedUntil ?? 0, until)
      if let retryAfter, let openerSentAt, let windowBound, window == nil || ticket?.opener == true {
        // The refused request's window is the one our opener started between `openerSentAt`
        // and `windowBound`, and it ends after `sent + Retry-After - 1` (Retry-After is what is
        // left rounded up to whole seconds) and no later than `until`. An opener refused after a window of
        // the length learned so far says that length was short: it only grows.
        let sent = ticket?.sentAt ?? now
        let learned = Self.wholeSeconds(
          above: sent + retryAfter - 1 - windowBound, atMost: until - openerSentAt)
        window = max(window ?? 0, learned)
      }
      quota = 0
      if ticket?.opener == true && phase == .opening { phase = remaining == nil ? .start : .open }
      // After the block, a lone request opens the next window.
      windowBound = until - (window ?? Double(nextProbe))
      openerSentAt = nil
      return
    }
    guard let answerLimit, let answerRemaining else {
      // Only a successful answer without the headers says the instance does not limit; a
      // proxy's 502, a maintenance 503 or a 401 without them says nothing about the limit.
      if limit == nil && (200...299).contains(status) { unlimited = true }
      if ticket?.opener == true && phase == .opening { phase = remaining == nil ? .start : .open }
      return
    }
    limit = answerLimit
    unlimited = false
    guard let ticket, ticket.opener, phase == .opening else {
      remaining = min(remaining ?? answerRemaining, answerRemaining)
      if ticket == nil, phase == .start {
        // An unpaced first request (a probe such as monica-auth's GET /api) opened the window.
        windowBound = now
        quota = max(answerRemaining - (window == nil ? reserve : 0), 0)
        phase = .open
      }
      return
    }
    // A lone request answered `Limit - 1` was the first one its window counted: Laravel opens a
    // window at its first hit. That is the only sign of a new window when the limit is 1 or 2,
    // where Remaining cannot jump back up past what the old window left.
    let fresh = answerRemaining == answerLimit - 1 || (remaining.map { answerRemaining > $0 } ?? true)
    if fresh {
      learnWindow(freshSentAt: ticket.sentAt, at: now)
      windowBound = now
      openerSentAt = answerRemaining == answerLimit - 1 ? ticket.sentAt : nil
      lastStaleSentAt = nil
      nextProbe = 1
      quota = max(answerRemaining - (window == nil ? reserve : 0), 0)
    } else {
      // Still the old window as far as Remaining tells: the window is longer than thought,
      // someone else shares the token, or the server counts otherwise (a proxy's limiter, a
      // Remaining that never moves). Its Remaining is the truth: what it still allows may go.
      windowBound = windowBound ?? now
      let allowed = answerRemaining - (window == nil ? reserve : 0)
      if allowed > 0 {
        quota = allowed
      } else {
        if window != nil { window = nil }
        lastStaleSentAt = ticket.sentAt
        quota = 0
        // The window outlasted this request: the next probe goes later than it did, never at
        // once (a request sent now into a spent window would be refused).
        let offset = ticket.sentAt - (windowBound ?? ticket.sentAt)
        while Double(nextProbe) <= offset && nextProbe < 2 * Self.longestProbe { nextProbe *= 2 }
      }
    }
    remaining = answerRemaining
    phase = .open
  }

  /// Takes note of a request that got no answer; it may have been counted, so it stays spent.
  package mutating func abandoned(_ ticket: PacingTicket?) {
    guard let ticket else { return }
    inFlight = max(inFlight - 1, 0)
    if ticket.opener && phase == .opening { phase = remaining == nil ? .start : .open }
  }

  /// Learns the window's length from a fresh window found after the one `openerSentAt` opened:
  /// the length is more than the last stale probe's distance from the window's start and at most
  /// the fresh answer's; when a single whole number of seconds fits, that is it.
  private mutating func learnWindow(freshSentAt: Double, at now: Double) {
    guard window == nil, let openerSentAt, let windowBound else { return }
    window = Self.wholeSeconds(above: (lastStaleSentAt ?? windowBound) - windowBound, atMost: now - openerSentAt)
  }

  /// The window's length from bounds on it: Laravel's is a whole number of seconds, so when one
  /// whole number lies in `lower < length <= upper`, that is it; when several do, `upper` (a
  /// wait never too short); when none does, the limiter ends its windows on a whole second of
  /// its clock (Laravel's file and database cache stores count expiry in whole seconds), so a
  /// window lasts up to a second less than its length, which is `upper` rounded up. At most
  /// `Waits.longest`.
  package static func wholeSeconds(above lower: Double, atMost upper: Double) -> Double {
    // Never a wait past the longest a server may ask for: a bound that far is no window.
    guard upper.isFinite, upper > 0 else { return 1 }
    let upper = min(upper, Waits.longest)
    let first = Int(min(max(lower.isFinite ? lower : 0, 0), Waits.longest).rounded(.down)) + 1
    let last = Int(upper.rounded(.down))
    if first == last { return Double(first) }
    if first < last { return upper }
    return upper.rounded(.up)
  }

  private mutating func grant(_ now: Double, opener: Bool) -> Decision {
    inFlight += 1
    return .send(PacingTicket(sentAt: now, opener: opener))
  }
}

/// Keeps a client under the instance's rate limit: the clock and the sleeping around
/// `RateLimitSchedule`, shared by every request of one client.
package actor RateLimitPacer {
  private var schedule: RateLimitSchedule
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private let clock: @Sendable () -> Double
  private let sleep: @Sendable (Double) async -> Void
  private let notice: (@Sendable (String) -> Void)?
  /// The end of the last wait announced: the requests in flight that wait for the same window
  /// (one per page) are told of it once, not once each.
  private var announcedUntil: Double?

  /// A pacer; `window` is a known window length in seconds, if any; `notice` hears of waits
  /// of `Waits.announced` seconds or more.
  package init(
    window: Double? = nil, clock: @escaping @Sendable () -> Double = PacingClock.system.now,
    sleep: @escaping @Sendable (Double) async -> Void = PacingClock.system.sleep,
    notice: (@Sendable (String) -> Void)? = nil
  ) {
    schedule = RateLimitSchedule(window: window)
    self.clock = clock
    self.sleep = sleep
    self.notice = notice
  }

  /// The window length learned so far, in seconds.
  package var learnedWindow: Double? { schedule.window }

  /// The schedule as it stands, and the pacer's clock now: for a forecast of the time left.
  package var snapshot: (schedule: RateLimitSchedule, now: Double) { (schedule, clock()) }

  /// The requests a window allows, as the instance said (`X-RateLimit-Limit`); `nil` until known
  /// or when the instance has no limit.
  package var learnedLimit: Int? { schedule.unlimited ? nil : schedule.limit }

  /// Waits until one more request should not run into a 429; `nil` when the task was cancelled.
  /// Each sleep is bounded by `Waits.longest`, whatever the schedule says.
  package func waitForTurn() async -> PacingTicket? {
    while !Task.isCancelled {
      switch schedule.request(at: clock()) {
      case .send(let ticket):
        return ticket
      case .waitUntil(let time):
        let seconds = min(max(time - clock(), 0), Waits.longest)
        if seconds >= Waits.announced, announcedUntil != time {
          announcedUntil = time
          notice?(schedule.pauseNotice(seconds))
        }
        await sleep(seconds)
      case .waitForAnswers:
        await withCheckedContinuation { waiters.append($0) }
      }
    }
    return nil
  }

  /// Takes note of a response's status and rate-limit headers.
  package func observe(_ response: HTTPResponse, ticket: PacingTicket?) {
    let now = clock()
    let headers = RateLimitHeaders(response.headers, now: now)
    schedule.answered(
      ticket, at: now, status: response.status, limit: headers.limit, remaining: headers.remaining,
      retryAfter: response.status == 429 ? headers.retryAfter.map { min($0, Waits.longest) } : nil)
    wakeWaiters()
  }

  /// Takes note of a request that got no response.
  package func abandon(_ ticket: PacingTicket?) {
    schedule.abandoned(ticket)
    wakeWaiters()
  }

  private func wakeWaiters() {
    let waiting = waiters
    waiters.removeAll()
    for waiter in waiting { waiter.resume() }
  }
}

/// The clock a pacer reads and how it sleeps until a time it chose.
package struct PacingClock: Sendable {
  /// Seconds since 1970.
  package var now: @Sendable () -> Double
  /// Waits `seconds`.
  package var sleep: @Sendable (Double) async -> Void

  package init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async -> Void) {
    self.now = now
    self.sleep = sleep
  }

  /// The system's clock, and a task's sleep.
  package static let system = PacingClock(
    now: { Date().timeIntervalSince1970 },
    sleep: { seconds in try? await Task.sleep(nanoseconds: Waits.nanoseconds(seconds)) })
}
