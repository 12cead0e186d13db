import Foundation

extension VCardProperty {
  /// The value as text: quoted-printable decoded, then read in its CHARSET (UTF-8 unless
  /// told; ISO-8859-1, Windows-1252 and US-ASCII too), escapes not yet undone. `problem` says
  /// what could not be read exactly (an unknown charset, bytes that are not UTF-8).
  package var decodedText: (text: String, problem: String?) {
    var bytes = rawValue
    if isQuotedPrintable { bytes = Self.quotedPrintableDecoded(bytes) }
    let charset = values(of: "CHARSET").first?.lowercased() ?? "utf-8"
    switch charset {
    case "utf-8", "utf8", "us-ascii", "ascii":
      let text = String(decoding: bytes, as: UTF8.self)
      let exact = String(validating: bytes, as: UTF8.self) != nil
      return (text, exact ? nil : "bytes that are not UTF-8 (replaced by U+FFFD)")
    // As browsers read them (WHATWG Encoding): writers that say ISO-8859-1 mean Windows-1252.
    case "windows-1252", "cp1252", "iso-8859-1", "latin1", "latin-1", "iso8859-1":
      return (Windows1252.decode(bytes), nil)
    default:
      let text = String(decoding: bytes, as: UTF8.self)
      return (text, "CHARSET=\(charset) is not known here; read as UTF-8")
    }
  }

  /// The value as one text, escapes undone (`\n`, `\,`, `\;`, `\\`), line breaks as `\n`.
  package var text: String { Self.unescape(decodedText.text).replacingOccurrences(of: "\r\n", with: "\n") }

  /// A structured value's components (N, ADR, ORG), split on unescaped `;`, each unescaped.
  package var components: [String] {
    Self.split(decodedText.text, on: ";").map { Self.unescape($0).replacingOccurrences(of: "\r\n", with: "\n") }
  }

  /// A list value's items (NICKNAME, CATEGORIES), split on unescaped `,`, each unescaped.
  package var listItems: [String] {
    Self.split(decodedText.text, on: ",").map(Self.unescape).map(\.trimmingWhiteSpace).filter { !$0.isEmpty }
  }

  /// Splits on a separator not preceded by a backslash, keeping the escapes.
  static func split(_ text: String, on separator: Character) -> [String] {
    var parts: [String] = []
    var current = ""
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        current.append(character)
        escaped = true
      } else if character == separator {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }

  /// Undoes RFC 6350's text escapes; a backslash before anything else stays.
  static func unescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var out = ""
    var escaped = false
    for character in text {
      if escaped {
        switch character {
        case "n", "N": out += "\n"
        case ",", ";", "\\", ":": out.append(character)
        default: out += "\\" + String(character)
        }
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        out.append(character)
      }
    }
    return escaped ? out + "\\" : out
  }

  /// Quoted-printable (RFC 2045 6.7) decoded; a malformed `=` stays as written.
  static func quotedPrintableDecoded(_ bytes: [UInt8]) -> [UInt8] {
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case 0x30...0x39: byte - 0x30
      case 0x41...0x46: byte - 0x41 + 10
      case 0x61...0x66: byte - 0x61 + 10
      default: nil
      }
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x3D, index + 2 < bytes.count,
        let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// An inline image as a data URL: a 4.0 `data:` URI, or 2.1/3.0 base64 with its TYPE;
  /// `nil` with the reason when the value is a link or not an image that can be read.
  package var image: (dataURL: String?, mime: String?, size: Int, problem: String?) {
    let value = String(decoding: rawValue, as: UTF8.self).filter { !$0.isWhitespace }
    var base64 = value
    var mime: String?
    if value.lowercased().hasPrefix("data:") {
      guard let comma = value.firstIndex(of: ","), value[..<comma].lowercased().hasSuffix(";base64") else {
        return (nil, nil, 0, "a data URI that is not base64")
      }
      mime = String(value[value.index(value.startIndex, offsetBy: 5)..<comma].dropLast(7)).lowercased()
      base64 = String(value[value.index(after: comma)...])
    } else if !isBase64 {
      return (nil, nil, 0, "a link, not an image in the card (not downloaded)")
    }
    guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !data.isEmpty else {
      return (nil, nil, 0, "its base64 data does not decode")
    }
    let declared = (types.first ?? values(of: "MEDIATYPE").first)?.lowercased()
    mime = mime.flatMap { $0.isEmpty ? nil : $0 } ?? Self.sniff(data) ?? declared.map(Self.mediaType)
    guard let mime, mime.hasPrefix("image/") else { return (nil, nil, 0, "not an image Monica shows") }
    return ("data:\(mime);base64," + data.base64EncodedString(), mime, data.count, nil)
  }

  private static func mediaType(_ type: String) -> String {
    if type.contains("/") { return type }
    switch type {
    case "jpg", "jpeg": return "image/jpeg"
    default: return "image/" + type
    }
  }

  /// The image type from its first bytes.
  private static func sniff(_ data: Data) -> String? {
    let head = [UInt8](data.prefix(12))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if head.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if head.count >= 12, head[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
    return nil
  }
}
