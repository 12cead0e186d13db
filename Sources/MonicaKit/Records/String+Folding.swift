import Foundation

extension String {
  /// The text with case and accents folded away, for matching and sorting names as people read
  /// them (`Élodie` matches `elo`, `Łukasz` matches `lukasz`, `Søren` matches `soren`).
  package var folded: String {
    let folded = folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    guard folded.unicodeScalars.contains(where: { Self.undecomposed[$0] != nil }) else { return folded }
    var out = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      if let plain = Self.undecomposed[scalar] {
        out.append(contentsOf: plain.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// Latin letters whose accent is not a combining mark, so that diacritic folding leaves them:
  /// what a person types for them on a plain keyboard (lower-case, as folding already happened).
  private static let undecomposed: [Unicode.Scalar: String] = [
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ƀ": "b", "ɨ": "i",
    "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ŋ": "n",
  ]
}
