/// The normalised forms e-mail addresses and phone numbers are compared by (names: `NameForms`),
/// each also a blocking key of `IdentityIndex`.
package enum MatchKeys {
  /// An e-mail address trimmed and case-folded; `nil` when it holds no `@`.
  package static func email(_ text: String) -> String? {
    var key = text.trimmingWhiteSpace
    // Most addresses are lower-case ASCII already: the key is the text itself, not a copy (an
    // index holds tens of thousands).
    if key.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) { key = key.lowercased() }
    return key.contains("@") && key.count > 2 ? key : nil
  }

  /// The fewest digits a phone number needs to be evidence (shorter ones are extensions or
  /// service numbers).
  package static let phoneDigitsMinimum = 7

  /// A phone number's digits without leading zeros (a trunk `0`, an international `00`), so that
  /// `+33 6 12 34 56 78`, `0033 612345678` and `06 12 34 56 78` end the same; `nil` when
  /// fewer than `phoneDigitsMinimum` digits are left.
  package static func phoneDigits(_ text: String) -> String? {
    // The ASCII digits are the UTF-8 bytes 0x30-0x39 (every other character's bytes are not).
    let digits = text.utf8.filter { (0x30...0x39).contains($0) }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    return significant.count >= phoneDigitsMinimum ? String(decoding: significant, as: UTF8.self) : nil
  }

  /// The blocking key of a phone's digits: its last `phoneDigitsMinimum`.
  package static func phoneBlock(_ digits: String) -> String { String(digits.suffix(phoneDigitsMinimum)) }

  /// Whether two phones' digits are one number: equal, or one is the other behind a country
  /// code of one to three digits.
  package static func samePhone(_ a: String, _ b: String) -> Bool {
    let (short, long) = a.count <= b.count ? (a, b) : (b, a)
    return long.count - short.count <= 3 && long.hasSuffix(short)
  }
}
