extension RateLimitSchedule {
  /// The window assumed until one is learned: Monica counts requests per minute
  /// (`Limit::perMinute`, app/Providers/RouteServiceProvider.php:105), whatever the limit.
  package static let monicaWindow: Double = 60

  /// The seconds from `now` until `requests` more requests, sent one after another and each
  /// answered `latency` seconds after it goes, have all been answered under this schedule: what
  /// is left of the open window's quota goes at once, then each later window takes `limit`
  /// requests, one window's length (or the time `limit` answers take, when longer) apart; the
  /// last window's requests go as soon as it opens. Without a limit, the answers' time alone.
  package func forecast(requests: Double, latency: Double, at now: Double) -> Double {
    guard requests > 0 else { return 0 }
    let latency = max(latency.isFinite ? latency : 0, 0)
    guard !unlimited, let limit, limit > 0 else { return requests * latency }
    let limitCount = Double(limit)
    let window = self.window ?? Self.monicaWindow
    let start = max(now, blockedUntil ?? now)
    let open = isOpen && (blockedUntil ?? now) <= now ? Double(quota) : 0
    if requests <= open { return start - now + requests * latency }
    let later = requests - open
    // The next window opens one length after the current one did, and not before the current
    // quota's answers are in.
    let current = start + open * latency
    let next = max(current, windowBound.map { $0 + window } ?? current)
    let windows = (later / limitCount).rounded(.up)
    let lastWindow = later - (windows - 1) * limitCount
    return next - now + (windows - 1) * max(window, limitCount * latency) + lastWindow * latency
  }
}
