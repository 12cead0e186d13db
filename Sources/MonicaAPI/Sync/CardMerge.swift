import MonicaKit

/// A vdir file written again from its contact, keeping everything of the file that Monica does
/// not hold: the card `monica-format vcard` renders for the contact, in the file's vCard version,
/// where each property whose value the file already has keeps the file's own line (its TYPE,
/// group and label), the file's UID, and after them every property Monica has no field for
/// (GENDER, ROLE, ANNIVERSARY, a second NOTE, X- properties...) and a PHOTO the file holds that
/// is not Monica's, as the file has them. A property Monica holds whose value Monica no longer
/// has goes (it was changed or removed there), with the labels of its group.
///
/// A file that is new gets the rendered card as it is: a synced vdir's files are what
/// `monica-format vcard --vdir` writes.
enum CardMerge {
  /// The properties of a card that carry no content: never kept from a file, never listed.
  static let bookkeeping: Set<String> = ["VERSION", "PRODID", "REV"]

  /// Labels and bookkeeping of other address books, kept in the file but not worth a word when
  /// listing what is not synced.
  static let quiet: Set<String> = [
    "X-ABLABEL", "X-ABUID", "X-ABADR", "X-ABSHOWAS", "CLIENTPIDMAP", "KIND", "X-MS-OL-DEFAULT-POSTAL-ADDRESS",
    "X-MS-OL-DESIGN", "X-MS-CARDPICTURE-SOURCE", "X-EVOLUTION-FILE-AS", "SOURCE", "NAME",
  ]

  /// The bytes of the file for `contact`'s rendered card (`lines`, in the file's version when
  /// there is a file), merged with the file's card `file`; `basePhoto` is the status's hash of
  /// the photo Monica had when the two were last in step. `uid` replaces the rendered UID when
  /// there is no file to take it from (a file deleted and written back).
  ///
  /// `monicaUnchanged` names the groups whose values Monica did not change since the two were
  /// last in step (nil: take every group from Monica, as a conflict settled for Monica does): a
  /// file's e-mail, phone, link or address that Monica lacks in such a group was never Monica's
  /// to remove (the account had no field type for it, or Monica refused it) and stays in the file.
  static func merge(
    rendered lines: [String], into file: SyncCard?, basePhoto: String?, uid: String?,
    monicaUnchanged: Set<SyncedCard.Group>? = nil
  ) -> [UInt8] {
    guard let file else {
      guard let uid, !uid.isEmpty else { return VCardLines.bytes(lines) }
      return VCardLines.bytes(lines.map { $0.hasPrefix("UID:") ? "UID:" + uid : $0 })
    }
    let properties = file.card.properties
    let keys = Self.keys(of: properties)
    var unused: [String: [Int]] = [:]
    for (index, key) in keys.enumerated() {
      if let key { unused[key, default: []].append(index) }
    }
    var kept = Set<Int>()
    let rendered = lines.compactMap { line in VCardProperty(parsing: Array(line.utf8), line: 0).map { (line, $0) } }
    let renderedKeys = Self.keys(of: rendered.map(\.1))
    let renderedPhoto = rendered.first { $0.1.name == "PHOTO" }.map { SyncStatusFile.digest($0.1.rawValue) }
    let filePhoto = properties.firstIndex { $0.name == "PHOTO" }
    // A photo of the file's own: not the one Monica has, nor the one it had when last in step.
    var ownPhoto: Int?
    if let index = filePhoto {
      let hash = SyncStatusFile.digest(properties[index].rawValue)
      let wasMonicas = basePhoto.map { $0 == Self.photoGroupHash(hash) } ?? false
      if hash != renderedPhoto, !wasMonicas { ownPhoto = index }
    }
    let fileName = properties.firstIndex { $0.name == "N" }
    let fileNameKey = fileName.flatMap { keys[$0] }
    let namesKept = fileNameKey != nil && renderedKeys.contains(fileNameKey)
    var out = ["BEGIN:VCARD", "VERSION:" + file.version.rawValue]
    for ((line, property), key) in zip(rendered, renderedKeys) {
      switch property.name {
      case "BEGIN", "END", "VERSION":
        continue
      case "UID":
        if let index = properties.firstIndex(where: { $0.name == "UID" }) {
          kept.insert(index)
          out.append(SyncCard.contentLine(properties[index]))
        } else {
          out.append(line)
        }
        continue
      case "FN":
        if namesKept, let index = properties.firstIndex(where: { $0.name == "FN" }) {
          kept.insert(index)
          out.append(SyncCard.contentLine(properties[index]))
        } else {
          out.append(line)
        }
        continue
      case "PHOTO" where ownPhoto != nil:
        continue
      default:
        break
      }
      if let key, var indices = unused[key], !indices.isEmpty {
        let index = indices.removeFirst()
        unused[key] = indices
        kept.insert(index)
        out.append(SyncCard.contentLine(properties[index]))
      } else if property.name == "N", let index = fileName, properties[index].components.count > 2 {
        // New names, with the file's middle names, prefixes and suffixes, which Monica does not hold.
        var parts = property.components.prefix(2).map(ContentLine.escape)
        parts += properties[index].components.dropFirst(2).map(ContentLine.escape)
        out.append("N:" + parts.joined(separator: ";"))
      } else {
        out.append(line)
      }
    }
    // A value of a group Monica did not change that Monica lacks: never held there, so kept.
    var neverHeld = Set<Int>()
    if let monicaUnchanged {
      for (index, key) in keys.enumerated() where !kept.contains(index) && index != ownPhoto {
        if let key, let group = Self.multiValuedGroup(of: key), monicaUnchanged.contains(group) {
          neverHeld.insert(index)
        }
      }
    }
    // What goes: a synced value Monica no longer has, and the labels of its group.
    var dropped = Set<String>()
    var keptGroups = Set<String>()
    for (index, property) in properties.enumerated() {
      let isKept =
        kept.contains(index) || neverHeld.contains(index)
        || (keys[index] == nil && !bookkeeping.contains(property.name))
      if let group = property.group?.lowercased() {
        if isKept && keys[index] != nil { keptGroups.insert(group) }
        if !isKept && keys[index] != nil && index != ownPhoto { dropped.insert(group) }
      }
    }
    for (index, property) in properties.enumerated() where !kept.contains(index) {
      if index == ownPhoto {
        out.append(SyncCard.contentLine(property))
        continue
      }
      guard keys[index] == nil || neverHeld.contains(index), !bookkeeping.contains(property.name) else { continue }
      if let group = property.group?.lowercased(), dropped.contains(group), !keptGroups.contains(group) { continue }
      out.append(SyncCard.contentLine(property))
    }
    out.append("END:VCARD")
    return VCardLines.bytes(out)
  }

  /// The names of the file's properties that Monica has no field for, as said once per change:
  /// sorted, each once, without labels and other address books' bookkeeping; `PHOTO` when the
  /// file's photo is not Monica's.
  static func unsynced(_ file: SyncCard, renderedPhoto: String?, basePhoto: String?) -> [String] {
    let properties = file.card.properties
    var names = Set<String>()
    for (property, key) in zip(properties, keys(of: properties)) where key == nil {
      if !bookkeeping.contains(property.name) && !quiet.contains(property.name) && property.name != "UID" {
        names.insert(property.name)
      }
    }
    if let photo = file.photo, photo != renderedPhoto, basePhoto.map({ $0 != photoGroupHash(photo) }) ?? true {
      names.insert("PHOTO")
    }
    return names.sorted()
  }

  /// The group of a key (`keys(of:)`) whose values are a list that a file may hold more of than
  /// Monica: e-mails, phones, links and addresses; `nil` for the others.
  static func multiValuedGroup(of key: String) -> SyncedCard.Group? {
    switch key.prefix(while: { $0 != "|" }) {
    case "EMAIL": .emails
    case "TEL": .phones
    case "LINK": .links
    case "ADR": .addresses
    default: nil
    }
  }

  /// What the status's `photo` group holds for a photo of hash `hash`.
  static func photoGroupHash(_ hash: String) -> String {
    String(SyncStatusFile.digest(Array(hash.utf8)).prefix(8))
  }

  /// Each property's value as Monica holds it (`N|Lima|Ana`, `TEL|+46...`), for telling a file's
  /// line from the rendered one that says the same; `nil` for a property Monica holds nothing
  /// of (the second NOTE, a GENDER, an X- property) and for bookkeeping. As monica-import reads a
  /// card, only the first N, FN, NICKNAME, BDAY, date of death, ORG, TITLE and NOTE count.
  static func keys(of properties: [VCardProperty]) -> [String?] {
    var labels: [String: String] = [:]
    for property in properties where property.name == "X-ABLABEL" {
      // Apple's `_$!<HomePage>!$_` is `HomePage`, as monica-import reads it.
      var label = property.text
      if label.hasPrefix("_$!<"), label.hasSuffix(">!$_") { label = String(label.dropFirst(4).dropLast(4)) }
      if let group = property.group { labels[group] = label }
    }
    var seen = Set<String>()
    func first(_ name: String) -> Bool { seen.insert(name).inserted }
    return properties.map { property -> String? in
      let text = property.text.trimmedAsStored
      switch property.name {
      case "N":
        guard first("N") else { return nil }
        let parts = property.components.map(\.trimmedAsStored)
        return "N|" + (parts.first ?? "") + "|" + (parts.count > 1 ? parts[1] : "")
      case "FN": return first("FN") ? "FN" : nil
      case "NICKNAME": return first("NICKNAME") ? "NICKNAME|" + (property.listItems.first ?? "") : nil
      case "BDAY": return first("BDAY") ? "BDAY|" + text : nil
      case "DEATHDATE", "X-DEATHDATE": return first("DEATH") ? "DEATH|" + text : nil
      case "ORG": return first("ORG") ? "ORG|" + (property.components.first?.trimmedAsStored ?? "") : nil
      case "TITLE": return first("TITLE") ? "TITLE|" + text : nil
      case "NOTE": return first("NOTE") ? "NOTE|" + text : nil
      case "CATEGORIES": return "CATEGORIES|" + property.listItems.sorted().joined(separator: ",")
      case "EMAIL": return "EMAIL|" + text
      case "TEL":
        var number = text
        if number.lowercased().hasPrefix("tel:") { number.removeFirst(4) }
        return "TEL|" + number
      case "URL", "X-SOCIALPROFILE":
        let type = property.types.first { !["home", "work", "pref", "internet", "other"].contains($0) }
        let named = property.values(of: "TYPE").first { $0.lowercased() == type }
        let kind = (named ?? property.group.flatMap { labels[$0] }).map(ContactFieldKind.named) ?? .website
        return "LINK|" + kind.name.lowercased() + "|" + text
      case "ADR":
        let parts = property.components.map(\.trimmedAsStored)
        func part(_ index: Int) -> String { parts.indices.contains(index) ? parts[index] : "" }
        let street = [part(0), part(1), part(2)].filter { !$0.isEmpty }.joined(separator: "\n")
        let type = property.types.first { ["home", "work"].contains($0) } ?? ""
        return "ADR|" + [type, street, part(3), part(4), part(5), part(6)].joined(separator: "|")
      case "LABEL": return "LABEL|" + text
      case "PHOTO": return "PHOTO|" + SyncStatusFile.digest(property.rawValue)
      default: return nil
      }
    }
  }
}
