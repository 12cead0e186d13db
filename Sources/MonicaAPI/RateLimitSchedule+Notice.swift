extension RateLimitSchedule {
  /// Why the pacer holds the next request back: the instance's allowance for its window is spent
  /// (as `X-RateLimit-Limit` said, or a 429 showed), and the request goes when the window
  /// reopens. Nothing failed, so the words are not an error's back-off.
  func pauseNotice(_ seconds: Double) -> String {
    let allowance = limit.map { limit in
      ", which allows \(limit) requests per \(window.map { Waits.describe($0) } ?? "window")"
    }
    return "pacing for the instance's rate limit\(allowance ?? ""): waiting \(Waits.describe(seconds)) "
      + "for its request window to reopen (nothing failed)"
  }
}
