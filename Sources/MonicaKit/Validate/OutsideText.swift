/// Values from a record quoted in a message: between double quotes, escaped, cut short.
package enum OutsideText {
  /// How many characters of a value a message quotes.
  package static let quotedLength = 60

  /// `text` between double quotes with `"` and `\` escaped and control characters escaped as
  /// every message escapes them (`escapingControlCharacters`), cut after `quotedLength`
  /// characters (an ellipsis after the closing quote says so).
  package static func quoted(_ text: String) -> String {
    var inside = ""
    var cut = false
    for (count, scalar) in text.unicodeScalars.enumerated() {
      if count == quotedLength {
        cut = true
        break
      }
      if scalar == "\"" || scalar == "\\" { inside += "\\" }
      inside.unicodeScalars.append(scalar)
    }
    return "\"" + inside.escapingControlCharacters + "\"" + (cut ? "…" : "")
  }
}
