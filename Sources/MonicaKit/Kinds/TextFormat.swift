/// The formats Monica's strings come in, each checked on the decoded UTF-8 of a string value.
package enum TextFormat: Sendable, Equatable {
  /// Any string.
  case any
  /// Not empty once white space is trimmed, as Laravel's `required` (after its TrimStrings) wants.
  case nonEmpty
  /// Exactly this text (the `object` name of a record).
  case literal(String)
  /// One of these texts.
  case oneOf([String])
  /// A UUID, `8-4-4-4-12` hexadecimal digits.
  case uuid
  /// An ISO 8601 date and time with a zone: `2024-05-01T12:00:00Z`, `...:00.000000Z`, `...+02:00`.
  case timestamp
  /// A calendar date, `YYYY-MM-DD`.
  case date
  /// An absolute http or https URL.
  case url
  /// An avatar's URL: empty, a `data:` URL or an absolute http(s) URL.
  case avatarURL
  /// A `data:` URL (RFC 2397), its base64 payload well-formed.
  case dataURL
  /// A decimal number written as a string, not negative: `12.50`.
  case amount
  /// A media type, `type/subtype`.
  case mediaType
  /// A colour, `#` and six hexadecimal digits.
  case colour
  /// An e-mail address: something, `@`, a domain.
  case email

  /// The format in words.
  package var summary: String {
    switch self {
    case .any: "a string"
    case .nonEmpty: "a non-empty string"
    case .literal(let text): "\"\(text)\""
    case .oneOf(let texts): "one of " + texts.joined(separator: ", ")
    case .uuid: "a UUID"
    case .timestamp: "an ISO 8601 timestamp (YYYY-MM-DDTHH:MM:SSZ)"
    case .date: "a date (YYYY-MM-DD)"
    case .url: "an absolute http(s) URL"
    case .avatarURL: "an avatar URL (empty, data: or http(s))"
    case .dataURL: "a data: URL"
    case .amount: "an amount (a decimal number as a string)"
    case .mediaType: "a media type (type/subtype)"
    case .colour: "a colour (#rrggbb)"
    case .email: "an e-mail address"
    }
  }

  /// How a decoded string fails the format.
  package enum Failure: Error, Equatable, Sendable {
    /// Not this kind of text at all: "expected <summary>".
    case mismatch
    /// The right form but a wrong value, in words ("not a real date").
    case reason(String)
  }

  /// Why `text` (decoded UTF-8) does not have the format, or `nil` when it does.
  package func failure(_ text: UnsafeBufferPointer<UInt8>) -> Failure? {
    switch self {
    case .any: return nil
    case .nonEmpty:
      return text.contains { !TextFormat.isTrimmed($0) } ? nil : .reason("empty")
    case .literal(let wanted): return text.elementsEqual(wanted.utf8) ? nil : .mismatch
    case .oneOf(let texts): return texts.contains { text.elementsEqual($0.utf8) } ? nil : .mismatch
    case .uuid: return TextFormat.isUUID(text) ? nil : .mismatch
    case .timestamp:
      switch ContractTime.instant(text) {
      case .success: return nil
      case .failure(let failure): return failure
      }
    case .date:
      switch ContractTime.day(text) {
      case .success: return nil
      case .failure(let failure): return failure
      }
    case .url: return WebURL(text) == nil ? .mismatch : nil
    case .avatarURL:
      if text.isEmpty || WebURL(text) != nil { return nil }
      return TextFormat.dataURL.failure(text)
    case .dataURL: return TextFormat.dataURLFailure(text)
    case .amount: return TextFormat.amountFailure(text)
    case .mediaType: return TextFormat.isMediaType(text) ? nil : .mismatch
    case .colour:
      return text.count == 7 && text[0] == UInt8(ascii: "#") && text.dropFirst().allSatisfy(TextFormat.isHex)
        ? nil : .mismatch
    case .email: return TextFormat.isEmail(text) ? nil : .mismatch
    }
  }

  // MARK: - The formats

  /// The bytes PHP's `trim` removes, which Laravel's TrimStrings applies before `required`.
  static func isTrimmed(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x00 || byte == 0x0B
  }

  static func isHex(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  static func isUUID(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count == 36 else { return false }
    for (offset, byte) in text.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if !isHex(byte) {
        return false
      }
    }
    return true
  }

  /// RFC 7230 `tchar`: what a media type's type and subtype are made of.
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    if byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || isDigit(byte) { return true }
    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
  }

  static func isMediaType(_ text: some Collection<UInt8>) -> Bool {
    guard let slash = text.firstIndex(of: UInt8(ascii: "/")) else { return false }
    let type = text[..<slash]
    let subtype = text[text.index(after: slash)...]
    return !type.isEmpty && !subtype.isEmpty && type.allSatisfy(isTokenCharacter)
      && subtype.allSatisfy(isTokenCharacter)
  }

  static func isEmail(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let at = text.lastIndex(of: UInt8(ascii: "@")), at > 0, at < text.count - 1 else { return false }
    return !text.contains { $0 <= 0x20 || $0 == 0x7F }
  }

  /// `data:[<media type>][;parameter=value]*[;base64],<data>` with a well-formed base64 payload.
  static func dataURLFailure(_ text: UnsafeBufferPointer<UInt8>) -> Failure? {
    let prefix = Array("data:".utf8)
    guard text.count >= prefix.count,
      zip(text.prefix(prefix.count), prefix).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
      let comma = text.firstIndex(of: UInt8(ascii: ","))
    else { return .mismatch }
    let header = text[prefix.count..<comma]
    let parts = header.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    if let type = parts.first, !type.isEmpty, !isMediaType(type) { return .reason("a data: URL with a bad media type") }
    let isBase64 = parts.count > 1 && parts.last.map { $0.elementsEqual("base64".utf8) } == true
    let payload = text[(comma + 1)...]
    if payload.contains(where: { $0 <= 0x20 || $0 == 0x7F }) { return .reason("a data: URL with white space in it") }
    guard isBase64 else { return nil }
    guard payload.count % 4 == 0 else { return .reason("a data: URL whose base64 is cut short") }
    var padding = 0
    for byte in payload {
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      guard padding == 0,
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || isDigit(byte)
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
      else { return .reason("a data: URL whose base64 is not base64") }
    }
    return padding > 2 ? .reason("a data: URL whose base64 is not base64") : nil
  }

  /// A decimal amount such as `12.50` (Monica's money formatters never write anything else).
  static func amountFailure(_ text: UnsafeBufferPointer<UInt8>) -> Failure? {
    var digits = text[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative { digits = digits.dropFirst() }
    let parts = digits.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit),
      parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(isDigit))
    else { return .mismatch }
    if negative && digits.contains(where: { $0 != UInt8(ascii: "0") && $0 != UInt8(ascii: ".") }) {
      return .reason("a negative amount")
    }
    return nil
  }
}

/// Monica's dates and timestamps, parsed strictly enough to tell a typo from a real instant.
package enum ContractTime {
  /// Microseconds since 1970-01-01T00:00:00Z of an ISO 8601 timestamp with a zone.
  package static func instant(_ text: UnsafeBufferPointer<UInt8>) -> Result<Int64, TextFormat.Failure> {
    guard text.count >= 20, text[10] == UInt8(ascii: "T") || text[10] == UInt8(ascii: "t"),
      text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
      let hour = number(text, 11, 2), let minute = number(text, 14, 2), let second = number(text, 17, 2)
    else { return .failure(.mismatch) }
    let date = day(UnsafeBufferPointer(rebasing: text[0..<10]))
    guard case .success(let days) = date else { return date.map { _ in 0 } }
    var index = 19
    var micros = 0
    if text[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 100_000
      let start = index
      while index < text.count, TextFormat.isDigit(text[index]) {
        micros += Int(text[index] - UInt8(ascii: "0")) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return .failure(.mismatch) }
    }
    guard index < text.count else { return .failure(.mismatch) }
    var offset = 0
    switch text[index] {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      index += 1
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      let sign = text[index] == UInt8(ascii: "-") ? -1 : 1
      guard index + 6 == text.count, text[index + 3] == UInt8(ascii: ":"),
        let hours = number(text, index + 1, 2), let minutes = number(text, index + 4, 2)
      else { return .failure(.mismatch) }
      guard hours <= 23, minutes <= 59 else { return .failure(.reason("not a real time zone offset")) }
      offset = sign * (hours * 3600 + minutes * 60)
      index += 6
    default:
      return .failure(.mismatch)
    }
    guard index == text.count else { return .failure(.mismatch) }
    guard hour <= 23, minute <= 59, second <= 59 else { return .failure(.reason("not a real time of day")) }
    let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    return .success(seconds * 1_000_000 + Int64(micros))
  }

  /// Days since 1970-01-01 of a `YYYY-MM-DD` date.
  package static func day(_ text: UnsafeBufferPointer<UInt8>) -> Result<Int, TextFormat.Failure> {
    guard text.count == 10, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
      let year = number(text, 0, 4), let month = number(text, 5, 2), let day = number(text, 8, 2)
    else { return .failure(.mismatch) }
    guard let date = CalendarDate(year: year, month: month, day: day) else {
      return .failure(.reason("not a real date"))
    }
    return .success(date.dayNumber)
  }

  private static func number(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
    guard start + count <= text.count else { return nil }
    var value = 0
    for byte in text[start..<start + count] {
      guard TextFormat.isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

/// An absolute http(s) URL taken apart as far as the contract needs: its origin and the rest.
package struct WebURL: Sendable, Equatable {
  /// `http` or `https`, lower-cased.
  package let scheme: String
  /// The host, lower-cased (`[...]` kept around an IPv6 address).
  package let host: String
  /// The port, or the scheme's default.
  package let port: Int
  /// The path, `/` when there is none.
  package let path: String
  /// The query without its `?`, or `nil`.
  package let query: String?

  /// `scheme://host:port`, what two URLs must share to be of the same origin.
  package var origin: String { "\(scheme)://\(host):\(port)" }

  /// Parses `text`; `nil` when it is not an absolute http(s) URL with a valid host and port and
  /// no white space or control characters.
  package init?(_ text: some Collection<UInt8>) {
    let bytes = Array(text)
    guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return nil }
    let lower = bytes.prefix(8).map { $0 | 0x20 }
    let schemeLength: Int
    if lower.starts(with: Array("https://".utf8)) {
      scheme = "https"
      schemeLength = 8
    } else if lower.starts(with: Array("http://".utf8)) {
      scheme = "http"
      schemeLength = 7
    } else {
      return nil
    }
    let rest = bytes[schemeLength...]
    let authorityEnd =
      rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      ?? bytes.endIndex
    var authority = bytes[schemeLength..<authorityEnd]
    if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
    var hostPart = authority
    var portText: ArraySlice<UInt8> = []
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return nil }
      hostPart = authority[...close]
      let after = authority[(close + 1)...]
      if !after.isEmpty {
        guard after.first == UInt8(ascii: ":") else { return nil }
        portText = after.dropFirst()
      }
      guard hostPart.count > 2, hostPart.dropFirst().dropLast().allSatisfy({ TextFormat.isHex($0) || $0 == 0x3A })
      else { return nil }
    } else {
      if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
        hostPart = authority[..<colon]
        portText = authority[(colon + 1)...]
      }
      guard WebURL.isHostName(hostPart) else { return nil }
    }
    if portText.isEmpty {
      guard authority.last != UInt8(ascii: ":") else { return nil }
      port = scheme == "https" ? 443 : 80
    } else {
      guard portText.count <= 5, portText.allSatisfy(TextFormat.isDigit),
        let number = Int(String(decoding: portText, as: UTF8.self)), (1...65_535).contains(number)
      else { return nil }
      port = number
    }
    host = String(decoding: hostPart.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    let afterAuthority = bytes[authorityEnd...]
    let fragmentStart = afterAuthority.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    let beforeFragment = bytes[authorityEnd..<fragmentStart]
    if let question = beforeFragment.firstIndex(of: UInt8(ascii: "?")) {
      let pathBytes = bytes[authorityEnd..<question]
      path = pathBytes.isEmpty ? "/" : String(decoding: pathBytes, as: UTF8.self)
      query = String(decoding: bytes[(question + 1)..<fragmentStart], as: UTF8.self)
    } else {
      path = beforeFragment.isEmpty ? "/" : String(decoding: beforeFragment, as: UTF8.self)
      query = nil
    }
  }

  /// A registered name or IPv4 address: labels of letters, digits, `-`, `_`, `~`, `%` or any
  /// non-ASCII byte (international names), separated by single dots.
  private static func isHostName(_ host: ArraySlice<UInt8>) -> Bool {
    guard !host.isEmpty, host.first != UInt8(ascii: ".") else { return false }
    var previousDot = false
    for byte in host {
      if byte == UInt8(ascii: ".") {
        if previousDot { return false }
        previousDot = true
        continue
      }
      previousDot = false
      let allowed =
        byte >= 0x80 || byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || TextFormat.isDigit(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        || byte == UInt8(ascii: "%")
      guard allowed else { return false }
    }
    return true
  }

  /// The value of the query parameter `name`, or `nil`.
  package func parameter(_ name: String) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.first.map(String.init) == name { return parts.count > 1 ? String(parts[1]) : "" }
    }
    return nil
  }
}
