import Foundation

/// The image formats the toolset saves, told apart by their first bytes, never by a name or a
/// server's word alone.
package enum ImageKind: String, Sendable, CaseIterable {
  case png, jpeg, gif, webp, svg

  /// The most bytes an image may have: Monica's own upload limit, 10 MB (config/monica.php:199
  /// `max_upload_size` 10240 KB, checked by app/Http/Controllers/Contacts/AvatarController.php:44).
  package static let byteLimit = 10_240 * 1024

  /// The MIME type.
  package var mimeType: String {
    switch self {
    case .png: "image/png"
    case .jpeg: "image/jpeg"
    case .gif: "image/gif"
    case .webp: "image/webp"
    case .svg: "image/svg+xml"
    }
  }

  /// The file name extension, without the dot.
  package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

  /// The kind whose signature `bytes` start with; `nil` for anything else (HTML included).
  package static func sniff(_ bytes: some Collection<UInt8>) -> ImageKind? {
    let head = Array(bytes.prefix(1024))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
    if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
      return .webp
    }
    return isSVG(head) ? .svg : nil
  }

  /// The kind a `Content-Type` names (`image/png; charset=...`), `nil` when it names no image
  /// this toolset saves.
  package init?(contentType: String) {
    let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    switch type {
    case "image/png": self = .png
    case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
    case "image/gif": self = .gif
    case "image/webp": self = .webp
    case "image/svg+xml": self = .svg
    default: return nil
    }
  }

  /// An SVG document: after white space, a BOM, an XML declaration, comments and a doctype, the
  /// first element is `<svg`. An HTML page never is.
  private static func isSVG(_ head: [UInt8]) -> Bool {
    var text = String(decoding: head, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0.isWhitespace }
      if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.lowercased().hasPrefix("<!doctype svg") {
        let closing = rest.hasPrefix("<!--") ? "-->" : ">"
        guard let end = rest.range(of: closing) else { return false }
        rest = rest[end.upperBound...]
        continue
      }
      return rest.hasPrefix("<svg") && rest.dropFirst(4).first.map { $0 == " " || $0 == ">" || $0.isWhitespace } == true
    }
  }
}

/// A `data:` URL's image: `data:image/png;base64,...`.
package enum DataURL {
  /// The bytes of a base64 `data:` URL, bounded before decoding; a reason when it is not one.
  package static func decode(_ text: String, limit: Int = ImageKind.byteLimit) -> Result<[UInt8], DataURLFailure> {
    guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else {
      return .failure(DataURLFailure(reason: "not a data: URL"))
    }
    let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
    guard header.hasSuffix(";base64") else { return .failure(DataURLFailure(reason: "a data: URL that is not base64")) }
    let payload = text[text.index(after: comma)...]
    guard payload.utf8.count / 4 * 3 <= limit + 3 else {
      return .failure(DataURLFailure(reason: "larger than \(limit / 1024 / 1024) MB"))
    }
    guard let bytes = base64(payload.utf8) else {
      return .failure(DataURLFailure(reason: "a data: URL whose base64 does not decode"))
    }
    guard bytes.count <= limit else { return .failure(DataURLFailure(reason: "larger than \(limit / 1024 / 1024) MB")) }
    return .success(bytes)
  }

  /// Decodes base64 straight from the text into one array, skipping characters outside the
  /// alphabet (as `.ignoreUnknownCharacters`): a 10 MB photo's payload is not copied into a
  /// second string and a `Data` first. Nil when the padding or the length is wrong.
  /// The value of one base64 character, nil for `=` and for characters outside the alphabet.
  static func base64Value(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }

  static func base64(_ text: Substring.UTF8View) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var group: UInt32 = 0
    var filled = 0
    var padding = 0
    for byte in text {
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      guard let value = base64Value(byte) else { continue }
      guard padding == 0 else { return nil }
      group = group << 6 | value
      filled += 1
      if filled == 4 {
        bytes.append(UInt8(truncatingIfNeeded: group >> 16))
        bytes.append(UInt8(truncatingIfNeeded: group >> 8))
        bytes.append(UInt8(truncatingIfNeeded: group))
        group = 0
        filled = 0
      }
    }
    switch (filled, padding) {
    case (0, 0): return bytes
    case (2, 0...2):
      bytes.append(UInt8(truncatingIfNeeded: group >> 4))
      return bytes
    case (3, 0...1):
      bytes.append(UInt8(truncatingIfNeeded: group >> 10))
      bytes.append(UInt8(truncatingIfNeeded: group >> 2))
      return bytes
    default: return nil
    }
  }
}

/// Why a `data:` URL gave no bytes.
package struct DataURLFailure: Error, Sendable, Equatable {
  /// The reason, for messages.
  package let reason: String
}

extension ImageKind {
  /// The kind of `bytes` when they are an image this toolset saves, at most `byteLimit` long,
  /// and, when a `Content-Type` came with them, of the kind it names; otherwise why not.
  package static func verify(_ bytes: [UInt8], contentType: String?) -> Result<ImageKind, ImageRefusal> {
    if let contentType {
      let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
      guard type.lowercased().hasPrefix("image/") else {
        return .failure(ImageRefusal(reason: "not an image (Content-Type \(type.isEmpty ? "missing" : type))"))
      }
    }
    guard bytes.count <= byteLimit else { return .failure(ImageRefusal(reason: "larger than 10 MB")) }
    guard let kind = sniff(bytes) else {
      return .failure(ImageRefusal(reason: "not an image (its first bytes are no PNG, JPEG, GIF, WebP or SVG)"))
    }
    if let contentType, let declared = ImageKind(contentType: contentType), declared != kind {
      return .failure(ImageRefusal(reason: "a \(kind.mimeType) body sent as \(declared.mimeType)"))
    }
    if let contentType, ImageKind(contentType: contentType) == nil {
      return .failure(ImageRefusal(reason: "an image type this tool does not save (\(contentType))"))
    }
    return .success(kind)
  }
}

/// Why bytes are not saved as an image.
package struct ImageRefusal: Error, Sendable, Equatable {
  /// The reason, for messages and results.
  package let reason: String
}
