/// Reads vCards (2.1, 3.0, 4.0) from files in order, one card at a time in bounded memory:
/// unfolds continuation lines (a leading space or tab) and quoted-printable soft line breaks,
/// and numbers the cards over all files.
///
/// A card is bounded before it is held whole (`Limits`): a property over its size unfolded,
/// more properties than allowed, or a card over its total makes the card invalid at the line
/// that passed the bound, and the rest of it is read past without being kept. A vCard from
/// the internet once held a million EMAIL lines (866 MB in memory) or a NOTE folded over a
/// million lines (a 96 MB output line).
package final class VCardReader {
  /// The bounds of one card, documented in `monica-import --help`.
  package enum Limits {
    /// The longest property, unfolded (name, parameters and value): 1 MiB.
    package static let propertyBytes = 1 << 20
    /// The longest PHOTO property: the 10 MB image cut in base64, with room for its name,
    /// parameters and a data-URL prefix.
    package static let photoBytes = (ImageKind.byteLimit + 2) / 3 * 4 + 4096
    /// The most properties in one card.
    package static let properties = 1_000
    /// The most bytes in one card's properties, unfolded: a largest photo and room to spare.
    package static let cardBytes = 16 << 20
    /// The longest physical line read (a longer one stops the import): room for a single-line
    /// PHOTO past its bound, so that it is refused with its card.
    package static let physicalLineBytes = cardBytes
  }

  /// What the reader found next: a card, or a card (or stray text) that cannot be read.
  package enum Item {
    case card(VCard)
    /// A bad card: where, its number when it had one (its id stays used), and why.
    case invalid(source: String, line: Int, number: Int?, reason: String)
  }

  private let sources: [InputSource]
  private var next = 0
  private var reader: LineReader?
  /// Lines read ahead and given back, the next one last.
  private var pushedBack: [(bytes: [UInt8], line: Int)] = []
  private var cards = 0

  /// A reader of `sources` in order.
  package init(_ sources: [InputSource]) { self.sources = sources }

  /// A reader of `bytes` held in memory, read as a file of those bytes named `name` is.
  package init(bytes: [UInt8], name: String) {
    sources = []
    reader = LineReader(bytes: bytes, name: name)
  }

  /// The next card or bad card; `nil` after the last file.
  package func nextItem() throws(MonicaError) -> Item? {
    while true {
      guard let reader = try currentReader() else { return nil }
      guard let (first, number) = try physicalLine(reader) else {
        self.reader = nil
        continue
      }
      if first.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      guard Self.isBegin(first) else {
        // Text outside a card: everything up to the next BEGIN:VCARD is one bad item.
        while let (line, at) = try physicalLine(reader) {
          if Self.isBegin(line) {
            pushedBack.append((line, at))
            break
          }
        }
        return .invalid(
          source: reader.name, line: number, number: nil, reason: "text outside BEGIN:VCARD and END:VCARD")
      }
      cards += 1
      return try card(from: reader, line: number)
    }
  }

  private func card(from reader: LineReader, line start: Int) throws(MonicaError) -> Item {
    var card = VCard(source: reader.name, line: start, number: cards)
    var problem: (line: Int, reason: String)?
    var (count, total) = (0, 0)
    while let logical = try logicalLine(reader) {
      let (bytes, line) = (logical.bytes, logical.line)
      if let overLimit = logical.overLimit {
        if problem == nil {
          let size = Self.size(overLimit)
          problem = (line, "card \(card.number): a \(logical.name) property longer than \(size) unfolded")
        }
        continue
      }
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      if Self.isBegin(bytes) {
        pushedBack.append((bytes, line))
        return .invalid(
          source: reader.name, line: start, number: card.number, reason: "card \(card.number) has no END:VCARD")
      }
      // A card already bad is only read past: its lines are not parsed, only its END looked for.
      if problem != nil, !Self.isEnd(bytes) { continue }
      guard let property = VCardProperty(parsing: bytes, line: line) else {
        if problem == nil { problem = (line, "card \(card.number): not a vCard content line (NAME:value)") }
        continue
      }
      if property.name != "END" {
        count += 1
        total += bytes.count
        if problem == nil, count > Limits.properties {
          problem = (line, "card \(card.number): more than \(Limits.properties) properties")
        }
        if problem == nil, total > Limits.cardBytes {
          problem = (line, "card \(card.number): more than \(Self.size(Limits.cardBytes)) of properties")
        }
      }
      switch property.name {
      case "END":
        if let problem {
          return .invalid(source: reader.name, line: problem.line, number: card.number, reason: problem.reason)
        }
        return .card(card)
      case "VERSION":
        card.version = String(decoding: property.rawValue, as: UTF8.self).trimmingWhiteSpace
      case "BEGIN":
        if problem == nil { problem = (line, "card \(card.number): a BEGIN inside the card") }
      default:
        // A card already bad keeps nothing more: only its END is looked for.
        if problem == nil { card.properties.append(property) }
      }
    }
    return .invalid(
      source: reader.name, line: start, number: card.number,
      reason: "card \(card.number) has no END:VCARD before the end of the file")
  }

  private func currentReader() throws(MonicaError) -> LineReader? {
    if let reader { return reader }
    guard next < sources.count else { return nil }
    reader = try sources[next].open(maximumLineLength: Limits.physicalLineBytes)
    next += 1
    pushedBack = []
    return reader
  }

  private func physicalLine(_ reader: LineReader) throws(MonicaError) -> ([UInt8], Int)? {
    if let line = pushedBack.popLast() { return (line.bytes, line.line) }
    guard let bytes = try reader.nextLine() else { return nil }
    return (bytes, reader.lineNumber)
  }

  /// One content line as read: its bytes, the line it starts on, its property name, and the
  /// limit it passed (then `bytes` is empty: what is over the limit is never kept).
  private struct LogicalLine {
    var bytes: [UInt8]
    var line: Int
    var name: String
    var overLimit: Int?
  }

  /// A content line with its continuations: lines that start with a space or a tab, and after
  /// a quoted-printable value's `=` at the end of a line, the next line whatever it is. Past
  /// its limit (`Limits`) the rest of it is read and dropped.
  private func logicalLine(_ reader: LineReader) throws(MonicaError) -> LogicalLine? {
    guard let (first, number) = try physicalLine(reader) else { return nil }
    var line = first
    let name = Self.propertyName(first)
    let limit = name == "PHOTO" ? Limits.photoBytes : Limits.propertyBytes
    var length = line.count
    var endsSoftly = line.last == UInt8(ascii: "=")
    let quotedPrintable = Self.declaresQuotedPrintable(line)
    func add(_ bytes: ArraySlice<UInt8>) {
      length += bytes.count
      endsSoftly = bytes.last == UInt8(ascii: "=")
      if length > limit {
        line = []
      } else {
        line += bytes
      }
    }
    while true {
      if quotedPrintable, endsSoftly {
        guard let (next, _) = try physicalLine(reader) else { break }
        if length <= limit { line.removeLast() }
        length -= 1
        add(next[...])
        continue
      }
      guard let (next, at) = try physicalLine(reader) else { break }
      if let first = next.first, first == 0x20 || first == 0x09 {
        add(next.dropFirst())
      } else {
        pushedBack.append((next, at))
        break
      }
    }
    if length > limit { return LogicalLine(bytes: [], line: number, name: name, overLimit: limit) }
    return LogicalLine(bytes: line, line: number, name: name, overLimit: nil)
  }

  /// The upper-cased property name a content line starts with (after its group), for limits
  /// and messages; at most 64 bytes of it.
  private static func propertyName(_ line: [UInt8]) -> String {
    let head = line.prefix(128).prefix { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: ";") }
    let name = head.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).last ?? head[...]
    return String(decoding: name.prefix(64), as: UTF8.self).uppercased()
  }

  /// `1 MiB`, `13 MiB`, or bytes.
  private static func size(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  private static func declaresQuotedPrintable(_ line: [UInt8]) -> Bool {
    let head = line.prefix { $0 != UInt8(ascii: ":") }
    return String(decoding: head, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
  }

  /// Whether a content line is an END (`END:VCARD`, any case, or `END;...`).
  private static func isEnd(_ line: [UInt8]) -> Bool {
    line.count >= 4 && line[0] | 0x20 == UInt8(ascii: "e") && line[1] | 0x20 == UInt8(ascii: "n")
      && line[2] | 0x20 == UInt8(ascii: "d") && (line[3] == UInt8(ascii: ":") || line[3] == UInt8(ascii: ";"))
  }

  private static func isBegin(_ line: [UInt8]) -> Bool {
    String(decoding: line.prefix(20), as: UTF8.self).trimmingWhiteSpace.uppercased() == "BEGIN:VCARD"
  }
}
