/// The avatar Monica draws when a contact has no picture: the contact's initials on its
/// `default_avatar_color` (app/Services/Contact/Avatar/GenerateDefaultAvatar.php:82-84 renders
/// the name's initials on that colour as a JPEG behind a session-only route), drawn here as a
/// small SVG with no request.
package enum InitialsAvatar {
  /// The colour when a record names none (or not a `#rgb`/`#rrggbb` one).
  package static let fallbackColor = "#b3d5fe"

  /// The letters to draw: the API's `initials` when it has some, else the first grapheme of
  /// the first and the last name. Monica builds `initials` from `Str::ascii($name)`
  /// (app/Models/Contact/Contact.php:742-748), which leaves nothing of names in scripts it cannot
  /// transliterate (שרה, 芳), so those would otherwise all be `?`.
  package static func letters(initials: String?, firstName: String?, lastName: String?) -> String? {
    if let initials, initials.contains(where: { !$0.isWhitespace }) { return initials }
    let firsts = [firstName, lastName].compactMap { name -> String? in
      guard let first = name?.first(where: { !$0.isWhitespace && !$0.isPunctuation }) else { return nil }
      let upper = String(first).uppercased()
      // `ß` is `SS` in capitals: a grapheme that does not stay one is drawn as it was.
      return upper.count == 1 ? upper : String(first)
    }
    return firsts.isEmpty ? initials : firsts.joined()
  }

  /// An SVG of `initials` (XML-escaped, at most 3 characters) on `color`.
  package static func svg(initials: String?, color: String?) -> [UInt8] {
    let background = color.flatMap { isHexColor($0) ? $0 : nil } ?? fallbackColor
    let letters = String((initials ?? "").filter { !$0.isWhitespace && !$0.isNewline }.prefix(3))
    let text = letters.isEmpty ? "?" : letters
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">\
      <rect width="200" height="200" fill="\(background)"/>\
      <text x="100" y="100" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="80" \
      fill="#ffffff">\(escaped(text))</text></svg>

      """
    return Array(svg.utf8)
  }

  private static func isHexColor(_ text: String) -> Bool {
    let digits = text.dropFirst()
    return text.hasPrefix("#") && (digits.count == 3 || digits.count == 6) && digits.allSatisfy(\.isHexDigit)
  }

  private static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default:
        // Control characters are not allowed in XML 1.0 at all.
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { out.append(character) }
      }
    }
    return out
  }
}
