import Foundation

extension String {
  /// The text with case and accents folded away, for matching and sorting names as people read
  /// them (`Élodie` matches `elo`, `Łukasz` matches `lukasz`, `Søren` matches `soren`).
  package var folded: String {
    // ASCII text folds to its lower case: no accents, no widths, no undecomposed letters.
    if let ascii = asciiLowercased { return ascii }
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

  /// The text lower-cased when it is ASCII only, on bytes; `nil` when it is not ASCII.
  var asciiLowercased: String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    for byte in utf8 {
      guard byte < 0x80 else { return nil }
      bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Latin letters whose accent is not a combining mark, so that diacritic folding leaves them:
  /// what a person types for them on a plain keyboard (lower-case, as folding already happened).
  private static let undecomposed: [Unicode.Scalar: String] = [
    "ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "ŧ": "t", "ƀ": "b", "ɨ": "i",
    "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ŋ": "n",
  ]
}
