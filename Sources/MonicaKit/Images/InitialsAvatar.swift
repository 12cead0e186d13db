/// The avatar Monica draws when a contact has no picture: the contact's initials on its
/// `default_avatar_color` (app/Services/Contact/Avatar/GenerateDefaultAvatar.php:82-84 renders
/// the name's initials on that colour as a JPEG behind a session-only route), drawn here as a
/// small SVG with no request.
package enum InitialsAvatar {
  /// The colour when a record names none (or not a `#rgb`/`#rrggbb` one).
  package static let fallbackColor = "#b3d5fe"

  /// The letters to draw, from the names themselves: the first letter of the first and of the
  /// last name, each in its own script, upper-cased where the script has case (`Ō`, `Ł`; `ß`,
  /// whose capital is two letters, stays); one character for a name written in Han, Hangul or
  /// Kana (the family name's when both are: 李 of 李 雷, 김 of 민준 김); Arabic letters kept from
  /// joining each other, so that each is drawn as the initial it is. The API's `initials` is
  /// used only when neither name has a letter: Monica builds it from `Str::ascii($name)`
  /// (app/Models/Contact/Contact.php:742-748), which transliterates or drops what is not Latin
  /// and keeps the case typed ("l" for 李雷, "Ox" for Ōtani 翔平, "sg" for sarah green).
  package static func letters(initials: String?, firstName: String?, lastName: String?) -> String? {
    let names = [firstName, lastName].compactMap { name -> (letter: Character, cjk: Bool)? in
      guard let name, let letter = initial(of: name) else { return nil }
      return (letter, letter.unicodeScalars.first.map(isCJK) ?? false)
    }
    guard !names.isEmpty else { return initials }
    // A CJK name has one character on its avatar, as people draw it: the family name's.
    if names.allSatisfy(\.cjk) { return String(lastName.flatMap(initial(of:)) ?? names[0].letter) }
    var letters = ""
    for (index, name) in names.enumerated() {
      // A zero-width non-joiner keeps two Arabic initials from joining into one word.
      if index > 0, isArabic(letters.unicodeScalars.last), isArabic(name.letter.unicodeScalars.first) {
        letters.unicodeScalars.append("\u{200C}")
      }
      letters.append(name.letter)
    }
    return letters
  }

  /// A name's first letter (its first character when it has none: a digit, an emoji),
  /// upper-cased when that stays one character.
  static func initial(of name: String) -> Character? {
    guard let first = name.first(where: \.isLetter) ?? name.first(where: { !$0.isWhitespace && !$0.isPunctuation })
    else { return nil }
    let upper = String(first).uppercased()
    return upper.count == 1 ? Character(upper) : first
  }

  /// Han, Hangul, Kana and Bopomofo: scripts whose names are drawn as one character.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F, 0x31A0...0x31FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFFDC,
      0x20000...0x3FFFF:
      true
    default: false
    }
  }

  /// Hebrew, Arabic, Syriac, Thaana and N'Ko: scripts written right to left.
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x07FF, 0x0860...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      true
    default: false
    }
  }

  /// Arabic-script letters, which join their neighbours.
  private static func isArabic(_ scalar: Unicode.Scalar?) -> Bool {
    guard let value = scalar?.value else { return false }
    switch value {
    case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return true
    default: return false
    }
  }

  /// An SVG of `initials` (XML-escaped, at most 3 characters) on `color`, drawn right to left
  /// when they are in a right-to-left script.
  package static func svg(initials: String?, color: String?) -> [UInt8] {
    let background = color.flatMap { isHexColor($0) ? $0 : nil } ?? fallbackColor
    let letters = String((initials ?? "").filter { !$0.isWhitespace && !$0.isNewline }.prefix(3))
    let text = letters.isEmpty ? "?" : letters
    // Letters of a right-to-left script read from the right: the first name's on the right.
    let direction = text.unicodeScalars.first.map(isRightToLeft) == true ? " direction=\"rtl\"" : ""
    // The XML declaration is what Graphviz knows an SVG by (monica-format dot --photos).
    let svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">\
      <rect width="200" height="200" fill="\(background)"/>\
      <text x="100" y="100" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="80" \
      fill="#ffffff"\(direction)>\(escaped(text))</text></svg>

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
