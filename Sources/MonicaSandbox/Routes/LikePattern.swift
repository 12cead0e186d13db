import MonicaKit

/// SQL `LIKE` as Monica's MySQL runs it: `%` any run of characters, `_` any one, compared under
/// the utf8mb4_unicode_ci collation Monica configures (config/database.php:89), so case and
/// accents fold (`zoe` matches `Zoë`). Monica's search leaves `%` and `_` in the user's words
/// unescaped (app/Traits/Searchable.php:115, app/Helpers/SearchHelper.php:32,41), so they are
/// wildcards there, and here.
struct LikePattern {
  private let pattern: [Character]

  init(_ pattern: String) {
    self.pattern = Array(pattern.folded)
  }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    let text = Array(text.folded)
    // The classic two-pointer match, going back to the last `%` on a mismatch.
    var (t, p) = (0, 0)
    var star: (p: Int, t: Int)?
    while t < text.count {
      if p < pattern.count, pattern[p] == "%" {
        star = (p, t)
        p += 1
      } else if p < pattern.count, pattern[p] == "_" || pattern[p] == text[t] {
        (t, p) = (t + 1, p + 1)
      } else if let last = star {
        star = (last.p, last.t + 1)
        (t, p) = (last.t + 1, last.p + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "%" { p += 1 }
    return p == pattern.count
  }
}
