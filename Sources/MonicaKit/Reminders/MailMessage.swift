#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The plain-text mail `--mail` hands to sendmail for one occurrence (RFC 5322 with MIME,
/// RFC 2045-2047).
///
/// Names and titles come from records others may have typed: no byte of them reaches a header
/// unencoded. The subject is cleared of every control character (a CR or LF in a name cannot
/// start a header of its own) and sent as RFC 2047 encoded words when it is not plain printable
/// ASCII; the body is quoted-printable, so that no line is longer than a mail line may be and a
/// bare CR is `=0D`. Addresses are checked before they go to sendmail's argv or a header.
package struct MailMessage: Sendable {
  /// The recipient.
  package let to: MailAddress
  /// The sender, when given (`--mail-from`); sendmail's own otherwise.
  package let from: MailAddress?
  /// The occurrence told of.
  package let occurrence: Occurrence
  /// The day of the run, which the wording counts from ("today", "in 7 days").
  package let today: CalendarDate
  /// The instance's URL, for the contact's link.
  package let instance: String?
  /// When the message is made, seconds since 1970, for its `Date:`.
  package let time: time_t

  package init(
    to: MailAddress, from: MailAddress? = nil, occurrence: Occurrence, today: CalendarDate, instance: String?,
    time: time_t
  ) {
    self.to = to
    self.from = from
    self.occurrence = occurrence
    self.today = today
    self.instance = instance
    self.time = time
  }

  /// The longest subject, in characters, before it is cut with an ellipsis.
  static let subjectLength = 200

  /// The subject, one line: the occurrence's sentence with every control character a space.
  package var subject: String {
    var text = MailMessage.singleLine(occurrence.subject(today: today))
    if text.count > Self.subjectLength { text = String(text.prefix(Self.subjectLength - 1)) + "…" }
    return text
  }

  /// The body, as text (before its transfer encoding): names and titles on one line each, the
  /// reminder's description as it was written.
  package var body: String {
    var lines = [Self.singleLine(occurrence.subject(today: today)), ""]
    let contact = RemindContact(
      id: occurrence.contact.id, uuid: occurrence.contact.uuid, name: Self.singleLine(occurrence.contact.name),
      hashID: occurrence.contact.hashID)
    switch occurrence.kind {
    case .birthday:
      lines.append("Birthday of \(contact.name): \(occurrence.date)" + (occurrence.age.map { " (\($0))" } ?? ""))
    case .remembrance:
      lines.append("\(contact.name) died on this day" + (occurrence.years.map { " \($0) years ago" } ?? "") + ".")
    case .reminder:
      lines.append("Reminder: \(Self.singleLine(occurrence.title))")
      lines.append("About: \(contact.name)")
      lines.append("On: \(occurrence.date)")
      if let description = occurrence.description, !description.isEmpty { lines += ["", description] }
    }
    if let link = contact.link(on: instance) { lines += ["", "\(contact.name) in Monica: \(link)"] }
    lines += ["", "-- ", "Sent by monica-remind" + (instance.map { " for \($0)" } ?? "") + "."]
    return lines.joined(separator: "\n")
  }

  /// The whole message as sendmail reads it: headers, a blank line, the body, lines ending in LF.
  package var bytes: [UInt8] {
    var headers = ["To: \(to.text)"]
    if let from { headers.append("From: \(from.text)") }
    headers += [
      "Subject: " + Self.encodedHeader(subject, used: "Subject: ".count),
      "Date: " + Self.date(time),
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      // RFC 3834: no vacation or out-of-office answers to this.
      "Auto-Submitted: auto-generated",
      "X-Monica-Remind-Key: \(occurrence.key)",
    ]
    return Array((headers.joined(separator: "\n") + "\n\n" + Self.quotedPrintable(body)).utf8)
  }

  /// `text` on one line: a space for each line break (LF, CR, U+2028, U+2029), tab, and each
  /// character `TerminalText` keeps from a terminal (the C0 and C1 controls, DEL, the bidi
  /// controls that reorder what is shown: a U+202E in a name cannot make a subject read
  /// backwards).
  package static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isBreaking) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(isBreaking(scalar) ? " " : scalar) }
    return String(result)
  }

  private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x2028, 0x2029: true
    default: TerminalText.isControl(scalar)
    }
  }

  /// A header value: as it is when printable ASCII that fits a line, else RFC 2047 encoded
  /// words (`=?UTF-8?B?...?=`) of whole characters, folded onto lines of their own.
  static func encodedHeader(_ text: String, used: Int) -> String {
    let printable = text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    if printable && used + text.utf8.count <= 78 && !text.contains("=?") { return text }
    var words: [String] = []
    var chunk: [UInt8] = []
    for character in text {
      let bytes = Array(String(character).utf8)
      // 45 bytes make 60 base64 characters: each encoded word fits a 76-character line.
      if chunk.count + bytes.count > 45 && !chunk.isEmpty {
        words.append("=?UTF-8?B?" + base64(chunk) + "?=")
        chunk.removeAll()
      }
      chunk += bytes
    }
    if !chunk.isEmpty { words.append("=?UTF-8?B?" + base64(chunk) + "?=") }
    return words.joined(separator: "\n ")
  }

  /// RFC 4648 base64.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let rest = bytes.count - index
      let b0 = bytes[index]
      let b1 = rest > 1 ? bytes[index + 1] : 0
      let b2 = rest > 2 ? bytes[index + 2] : 0
      out.append(alphabet[Int(b0 >> 2)])
      out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
      out.append(rest > 1 ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
      out.append(rest > 2 ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 2045 quoted-printable of `text`'s UTF-8, its LFs the line breaks, lines of at most 76
  /// characters (soft breaks `=` where a line is longer).
  static func quotedPrintable(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var length = 0
      let bytes = Array(line)
      for (index, byte) in bytes.enumerated() {
        let last = index == bytes.count - 1
        var encoded: [UInt8]
        if (byte == 0x20 || byte == 0x09) && !last {
          encoded = [byte]
        } else if (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "=") {
          encoded = [byte]
        } else {
          encoded = [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
        }
        // A line may hold 76 characters, the soft break's `=` included.
        if length + encoded.count > (last ? 76 : 75) {
          out += [UInt8(ascii: "="), 0x0A]
          length = 0
        }
        out += encoded
        length += encoded.count
      }
      out.append(0x0A)
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 5322's date of `time`, in UTC: `Fri, 27 Nov 2026 08:00:00 +0000`.
  static func date(_ time: time_t) -> String {
    var value = time
    var parts = tm()
    gmtime_r(&value, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(days[Int(parts.tm_wday) % 7]), \(parts.tm_mday) \(months[Int(parts.tm_mon) % 12]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
  }
}

/// An e-mail address given on the command line (`--mail`, `--mail-from`): `local@domain` of
/// printable ASCII, with nothing a header or sendmail's argv could take for more.
package struct MailAddress: Sendable, Equatable {
  /// The address.
  package let text: String

  /// The address `text`; `nil` unless it is one `local@domain` (RFC 5321 dot-atom characters in
  /// the local part, letters, digits, dots and hyphens in the domain), not starting with `-`.
  package init?(_ text: String) {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !text.hasPrefix("-"), text.utf8.count <= 254 else { return nil }
    let local = parts[0].utf8
    let domain = parts[1].utf8
    let atom = Set("!#$%&'*+-/=?^_`{|}~.".utf8)
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    guard !local.isEmpty, local.count <= 64, local.allSatisfy({ isAlphanumeric($0) || atom.contains($0) }),
      !domain.isEmpty, domain.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !parts[1].hasPrefix("-")
    else { return nil }
    self.text = text
  }
}
