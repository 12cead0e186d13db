import MonicaKit

/// One card as `monica-sync` reads it: a vdir's file, or a contact rendered as `monica-format
/// vcard` writes it. Its properties, what monica-import makes of them (`CardContent`), the synced
/// values (`SyncedCard`), its UID, and the hash of its content that tells whether a file changed:
/// every property but PRODID and REV, which say who wrote the card and when (khard sets REV on
/// every edit, and its time is not one to trust), not what it holds.
package struct SyncCard {
  /// The card's properties (without BEGIN, VERSION and END).
  package let card: VCard
  /// What monica-import makes of it.
  package let content: CardContent
  /// The synced values.
  package let values: SyncedCard
  /// The hash of its content (`hash(of:)`).
  package let hash: String

  /// A card read from `lines` (unfolded content lines, as `VCardLines.lines` gives them).
  package init(lines: [String], today: CalendarDate) throws(CardProblem) {
    var card = VCard(source: "monica", line: 1, number: 1)
    for (index, line) in lines.enumerated() {
      guard let property = VCardProperty(parsing: Array(line.utf8), line: index + 1) else { continue }
      switch property.name {
      case "BEGIN", "END": continue
      case "VERSION": card.version = String(line.dropFirst(8)).trimmedAsStored
      default: card.properties.append(property)
      }
    }
    try self.init(card: card, today: today)
  }

  /// A card as read by monica-import's reader.
  package init(card: VCard, today: CalendarDate) throws(CardProblem) {
    self.card = card
    content = try CardContent(card, today: today)
    values = SyncedCard(card: card, content: content)
    hash = Self.hash(of: card)
  }

  /// Reads the one card of the file at `path`: its card, or why it cannot be synced (not a
  /// card, two cards, nothing to name a contact by, a card past monica-import's bounds).
  package static func read(path: String, name: String, today: CalendarDate) -> Result<SyncCard, SyncCardProblem> {
    read(VCardReader([InputSource(path)]), today: today)
  }

  /// The one card of `bytes`, the content of the file at `path` as it was just written: what
  /// `read(path:name:today:)` gives for that file, without reading it back.
  package static func read(bytes: [UInt8], path: String, today: CalendarDate) -> Result<SyncCard, SyncCardProblem> {
    read(VCardReader(bytes: bytes, name: path), today: today)
  }

  private static func read(_ reader: VCardReader, today: CalendarDate) -> Result<SyncCard, SyncCardProblem> {
    let first: VCardReader.Item?
    do { first = try reader.nextItem() } catch { return .failure(SyncCardProblem(error.message ?? "cannot be read")) }
    switch first {
    case nil: return .failure(SyncCardProblem("holds no card"))
    case .invalid(_, let line, _, let reason)?: return .failure(SyncCardProblem("line \(line): \(reason)"))
    case .card(let card)?:
      do {
        if try reader.nextItem() != nil { return .failure(SyncCardProblem("holds more than one card")) }
      } catch {
        return .failure(SyncCardProblem(error.message ?? "cannot be read"))
      }
      do { return .success(try SyncCard(card: card, today: today)) } catch {
        return .failure(SyncCardProblem(error.reason))
      }
    }
  }

  /// The card's `UID` as written, `nil` when it has none.
  package var uid: String? {
    guard let text = card.properties.first(where: { $0.name == "UID" })?.text.trimmedAsStored, !text.isEmpty else {
      return nil
    }
    return text
  }

  /// The vCard version to write it again in: 3.0 for a 3.0 (or 2.1) card, else 4.0.
  package var version: VCardVersion { card.version.hasPrefix("4") ? .v4 : .v3 }

  /// The hash of its first PHOTO's value, `nil` without one.
  package var photo: String? {
    card.properties.first { $0.name == "PHOTO" }.map { SyncStatusFile.digest($0.rawValue) }
  }

  /// The hashes of its synced values by group, with `photo` as the photo's.
  package func groupHashes(photo: String?) -> String { values.groupHashes(photo: photo) }

  /// The hash of a card's content: its version and every property but PRODID and REV, each as
  /// one content line.
  package static func hash(of card: VCard) -> String {
    var bytes = Array("VERSION:\(card.version)\n".utf8)
    for property in card.properties where property.name != "PRODID" && property.name != "REV" {
      bytes += Array(contentLine(property).utf8)
      bytes.append(0x0A)
    }
    return SyncStatusFile.digest(bytes)
  }

  /// A property as one unfolded content line, `group.NAME;PARAM=value:value`, its parameter
  /// values quoted (with RFC 6868's escapes) where they hold a separator.
  package static func contentLine(_ property: VCardProperty) -> String {
    var line = property.group.map { $0 + "." } ?? ""
    line += property.name
    for parameter in property.parameters {
      line += ";" + parameter.name + "=" + parameter.values.map(parameterValue).joined(separator: ",")
    }
    return line + ":" + String(decoding: property.rawValue, as: UTF8.self)
  }

  private static func parameterValue(_ value: String) -> String {
    guard value.contains(where: { ",;:\"^\n\r".contains($0) }) else { return value }
    var out = "\""
    for character in value {
      switch character {
      case "^": out += "^^"
      case "\n", "\r\n", "\r": out += "^n"
      case "\"": out += "^'"
      default: out.append(character)
      }
    }
    return out + "\""
  }
}

/// Why a file cannot be synced.
package struct SyncCardProblem: Error, Equatable {
  package let reason: String
  init(_ reason: String) { self.reason = reason }
}
