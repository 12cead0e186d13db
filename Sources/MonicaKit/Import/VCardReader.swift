/// Reads vCards (2.1, 3.0, 4.0) from files in order, one card at a time in constant memory:
/// unfolds continuation lines (a leading space or tab) and quoted-printable soft line breaks,
/// and numbers the cards over all files.
package final class VCardReader {
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
    while let (bytes, line) = try logicalLine(reader, version: card.version) {
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      if Self.isBegin(bytes) {
        pushedBack.append((bytes, line))
        return .invalid(
          source: reader.name, line: start, number: card.number, reason: "card \(card.number) has no END:VCARD")
      }
      guard let property = VCardProperty(parsing: bytes, line: line) else {
        if problem == nil { problem = (line, "card \(card.number): not a vCard content line (NAME:value)") }
        continue
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
        card.properties.append(property)
      }
    }
    return .invalid(
      source: reader.name, line: start, number: card.number,
      reason: "card \(card.number) has no END:VCARD before the end of the file")
  }

  private func currentReader() throws(MonicaError) -> LineReader? {
    if let reader { return reader }
    guard next < sources.count else { return nil }
    reader = try sources[next].open()
    next += 1
    pushedBack = []
    return reader
  }

  private func physicalLine(_ reader: LineReader) throws(MonicaError) -> ([UInt8], Int)? {
    if let line = pushedBack.popLast() { return (line.bytes, line.line) }
    guard let bytes = try reader.nextLine() else { return nil }
    return (bytes, reader.lineNumber)
  }

  /// A content line with its continuations: lines that start with a space or a tab, and after
  /// a quoted-printable value's `=` at the end of a line, the next line whatever it is.
  private func logicalLine(_ reader: LineReader, version: String) throws(MonicaError) -> ([UInt8], Int)? {
    guard let (first, number) = try physicalLine(reader) else { return nil }
    var line = first
    let quotedPrintable = Self.declaresQuotedPrintable(line)
    while true {
      if quotedPrintable, line.last == UInt8(ascii: "=") {
        guard let (next, _) = try physicalLine(reader) else { break }
        line.removeLast()
        line += next
        continue
      }
      guard let (next, at) = try physicalLine(reader) else { break }
      if let first = next.first, first == 0x20 || first == 0x09 {
        line += next.dropFirst()
      } else {
        pushedBack.append((next, at))
        break
      }
    }
    return (line, number)
  }

  private static func declaresQuotedPrintable(_ line: [UInt8]) -> Bool {
    let head = line.prefix { $0 != UInt8(ascii: ":") }
    return String(decoding: head, as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
  }

  private static func isBegin(_ line: [UInt8]) -> Bool {
    String(decoding: line.prefix(20), as: UTF8.self).trimmingWhiteSpace.uppercased() == "BEGIN:VCARD"
  }
}
