import Foundation

extension String {
  /// The text with case and accents folded away, for matching and sorting names as people read
  /// them (`Élodie` matches `elo`).
  package var folded: String {
    folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
