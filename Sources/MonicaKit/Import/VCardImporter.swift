#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `monica-import vcard` was asked to import.
package struct VCardImportOptions {
  /// Report bad cards and go on, instead of stopping with 65.
  package var skipInvalid = false
  /// Leave out the cards that match an existing contact, instead of adding what it lacks.
  package var skipExisting = false
  /// Create a card whose name several existing contacts share, instead of leaving it out.
  package var createAmbiguous = false
  /// The day a year-unknown birthday is stored in (Monica stores the current year).
  package var today = CalendarDate.today()

  package init() {}
}

/// What an import did, for the summary on stderr.
package struct ImportSummary: Equatable {
  package var cards = 0
  package var contacts = 0
  package var matched = 0
  package var ambiguous = 0
  package var invalid = 0
}

/// `monica-import vcard`'s engine: turns cards into the records `monica-push --create --map`
/// creates, with local ids as the stream contract fixes them (card N is contact N; the records
/// that hang off it are numbered 1, 2, 3... per object in output order; a contact field type
/// comes, by name, before the first field of its type). One card at a time, in constant memory.
package final class VCardImporter {
  private let output: LineOutput
  private let options: VCardImportOptions
  private let existing: ExistingContacts?
  private let map: MapFile?
  private let updates: LineOutput?
  private let report: (String) -> Void
  private var typeIDs: [ContactFieldKind: Int] = [:]
  private var lastID: [String: Int] = [:]
  /// What was done so far.
  package private(set) var summary = ImportSummary()

  /// An importer writing to `output`; `report` takes each per-card message (`FILE:LINE: ...`).
  /// `updates` takes the update lines of matched contacts' empty fields (`--updates FILE`).
  package init(
    output: LineOutput, options: VCardImportOptions, existing: ExistingContacts? = nil, map: MapFile? = nil,
    updates: LineOutput? = nil, report: @escaping (String) -> Void
  ) {
    self.output = output
    self.options = options
    self.existing = existing
    self.map = map
    self.updates = updates
    self.report = report
  }

  /// Imports every card of `sources` in order; a bad card is malformed input (65) unless
  /// `skipInvalid`, and the records of the cards before it are out, complete.
  package func run(_ sources: [InputSource]) throws(MonicaError) {
    let reader = VCardReader(sources)
    while let item = try reader.nextItem() {
      switch item {
      case .invalid(let source, let line, let number, let reason):
        if number != nil { summary.cards += 1 }
        summary.invalid += 1
        guard options.skipInvalid else { throw .malformedInput(source: source, line: line, reason: reason) }
        report("\(source):\(line): skipped: \(reason)")
      case .card(let card):
        summary.cards += 1
        let content: CardContent
        do { content = try CardContent(card, today: options.today) } catch {
          summary.invalid += 1
          let reason = "card \(card.number): \(error.reason)"
          guard options.skipInvalid else { throw .malformedInput(source: card.source, line: card.line, reason: reason) }
          report("\(card.source):\(card.line): skipped: \(reason)")
          continue
        }
        try emit(content, of: card)
      }
    }
    try output.flush()
  }

  private func emit(_ content: CardContent, of card: VCard) throws(MonicaError) {
    let id = card.number
    let who = "card \(id) (\((content.firstName + " " + content.lastName).trimmingWhiteSpace))"
    for (line, text) in content.dropped { report("\(card.source):\(line): \(who): \(text)") }
    var match: Int?
    switch existing?.identify(content) ?? .nobody {
    case .contact(let id): match = id
    case .nobody: break
    case .ambiguous(let ids):
      // Two people of one name: writing one's card onto the other is worse than a duplicate.
      summary.ambiguous += 1
      let list = ids.map { "#\($0)" }.joined(separator: ", ")
      let what = options.createAmbiguous ? "created as a new contact (--create-ambiguous)" : "left out"
      report("\(card.source):\(card.line): \(who): ambiguous: contacts \(list) have this name; \(what)")
      guard options.createAmbiguous else { return }
    }
    if let match {
      summary.matched += 1
      if let map, map.target(of: "contact", source: id) == nil { try map.append("contact", source: id, target: match) }
      if options.skipExisting { return }
      try update(match, from: content)
    } else {
      summary.contacts += 1
    }
    var records: [JSONObject] = []
    var fieldRecords: [JSONObject] = []
    for (kind, text) in content.fields {
      if let match, existing?.has(field: text, on: match) == true { continue }
      let typeID: Int
      if let known = typeIDs[kind] {
        typeID = known
      } else {
        typeID = typeIDs.count + 1
        typeIDs[kind] = typeID
        records.append(kind.record(id: typeID))
      }
      fieldRecords.append(
        JSONObject([
          .init("id", .int(next("contactfield"))), .init("object", .string("contactfield")),
          .init("content", .string(text)), .init("contact_field_type", .object(kind.record(id: typeID))),
          .init("contact", reference(id)),
        ]))
    }
    if match == nil { records.append(contact(content, id: id)) }
    records += fieldRecords
    for address in content.addresses {
      if let match, existing?.has(address: address, on: match) == true { continue }
      records.append(self.address(address, contact: id))
    }
    if !content.noteLines.isEmpty {
      let body = content.noteLines.joined(separator: "\n")
      if match.map({ existing?.has(note: body, on: $0) == true }) != true {
        records.append(
          JSONObject([
            .init("id", .int(next("note"))), .init("object", .string("note")), .init("body", .string(body)),
            .init("is_favorited", .bool(false)), .init("contact", reference(id)),
          ]))
      }
    }
    // A matched contact keeps its photo: a second import must not add the same photo again.
    if let photo = content.photo, match == nil {
      // `link` is what the contact's avatar names: monica-push --create makes the uploaded photo
      // the avatar (as the phone showed it), by the link, as it does for a migrated account.
      let name = Self.photoName(id, photo.mime)
      records.append(
        JSONObject([
          .init("id", .int(next("photo"))), .init("object", .string("photo")),
          .init("original_filename", .string(name)), .init("filesize", .int(photo.size)),
          .init("mime_type", .string(photo.mime)), .init("link", .string(name)),
          .init("dataUrl", .string(photo.dataURL)),
          .init("contact", reference(id)),
        ]))
    }
    for record in records { try output.writeLine(JSONWriter.monica.bytes(.object(record))) }
  }

  /// A monica-push update line for the matched contact's own fields that are empty and that
  /// the card fills: nickname, description, birthday, date of death. Nothing else is touched
  /// (monica-push reads the contact and merges the line onto it).
  private func update(_ contact: Int, from content: CardContent) throws(MonicaError) {
    guard let updates, let existing else { return }
    var members: [JSONObject.Member] = [.init("object", .string("contact")), .init("id", .int(contact))]
    if !content.nickname.isEmpty, existing.lacks("nickname", on: contact) {
      members.append(.init("nickname", .string(content.nickname)))
    }
    if !content.description.isEmpty, existing.lacks("description", on: contact) {
      members.append(.init("description", .string(content.description)))
    }
    var dates: [JSONObject.Member] = []
    if let birth = content.birthdate, existing.lacks("birthdate", on: contact) {
      dates.append(.init("birthdate", birth.json(today: options.today)))
    }
    if let death = content.deceasedDate, existing.lacks("deceased_date", on: contact) {
      dates.append(.init("deceased_date", death.json(today: options.today)))
      members.append(.init("is_dead", .bool(true)))
    }
    if !dates.isEmpty {
      members.append(.init("information", .object(JSONObject(["dates": .object(JSONObject(dates))]))))
    }
    guard members.count > 2 else { return }
    try updates.writeLine(JSONWriter.monica.bytes(.object(JSONObject(members))))
  }

  private func next(_ object: String) -> Int {
    let id = (lastID[object] ?? 0) + 1
    lastID[object] = id
    return id
  }

  private func reference(_ contact: Int) -> JSONValue { .object(JSONObject(["id": .int(contact)])) }

  /// The contact record, in the order of Monica's ContactResource.
  private func contact(_ content: CardContent, id: Int) -> JSONObject {
    func text(_ value: String) -> JSONValue { value.isEmpty ? .null : .string(value) }
    let nullDate = JSONValue.object(
      JSONObject(["is_age_based": .null, "is_year_unknown": .null, "date": .null]))
    var members: [JSONObject.Member] = [
      .init("id", .int(id)), .init("object", .string("contact")), .init("first_name", .string(content.firstName)),
      .init("last_name", text(content.lastName)), .init("nickname", text(content.nickname)),
    ]
    if !content.middleName.isEmpty { members.append(.init("middle_name", .string(content.middleName))) }
    members += [
      .init("description", text(content.description)), .init("is_partial", .bool(false)),
      .init("is_dead", .bool(content.deceasedDate != nil)),
      .init(
        "information",
        .object(
          JSONObject([
            "dates": .object(
              JSONObject([
                "birthdate": content.birthdate?.json(today: options.today) ?? nullDate,
                "deceased_date": content.deceasedDate?.json(today: options.today) ?? nullDate,
              ])),
            "career": .object(JSONObject(["job": text(content.job), "company": text(content.company)])),
          ]))),
    ]
    if let photo = content.photo, case .object(var information)? = members.last?.value {
      // The card's photo is the avatar, as a phone shows it (the photo record's `link`).
      information["avatar"] = .object(
        JSONObject(["source": .string("photo"), "url": .string(Self.photoName(id, photo.mime))]))
      members[members.count - 1].value = .object(information)
    }
    if !content.tags.isEmpty {
      let tags = content.tags.map { JSONValue.object(JSONObject(["object": .string("tag"), "name": .string($0)])) }
      members.append(.init("tags", .array(tags)))
    }
    return JSONObject(members)
  }

  /// The file name of card `id`'s photo, which is also its link: `contact-3.jpg`.
  private static func photoName(_ id: Int, _ mime: String) -> String {
    "contact-\(id).\(mime == "image/jpeg" ? "jpg" : String(mime.dropFirst("image/".count)))"
  }

  /// An address record; the country by name, or by ISO code when the card gives two letters.
  private func address(_ address: VCardAddress, contact: Int) -> JSONObject {
    func text(_ value: String) -> JSONValue { value.isEmpty ? .null : .string(value) }
    var country = JSONValue.null
    if !address.country.isEmpty {
      let iso =
        address.country.count == 2 && address.country.allSatisfy(\.isLetter) ? address.country.uppercased() : nil
      country = .object(
        JSONObject([
          "id": iso.map(JSONValue.string) ?? .null, "object": .string("country"),
          "name": iso == nil ? .string(address.country) : .null, "iso": iso.map(JSONValue.string) ?? .null,
        ]))
    }
    return JSONObject([
      .init("id", .int(next("address"))), .init("object", .string("address")),
      .init("name", address.name.map(JSONValue.string) ?? .null), .init("street", text(address.street)),
      .init("city", text(address.city)), .init("province", text(address.province)),
      .init("postal_code", text(address.postalCode)), .init("latitude", .null), .init("longitude", .null),
      .init("country", country), .init("contact", reference(contact)),
    ])
  }
}

extension VCardImporter {
  /// `monica-import vcard`: reads the existing contacts and the map when given, then imports
  /// `sources` to `output`, the update lines to the file `updates`, each per-card message to
  /// `report`.
  package static func run(
    _ sources: [InputSource], dedupeAgainst: String?, map: String?, updates: String? = nil,
    options: VCardImportOptions, output: LineOutput, report: @escaping (String) -> Void
  ) throws(MonicaError) {
    let existing = try dedupeAgainst.map { (path) throws(MonicaError) in
      try ExistingContacts(reading: InputSource(path))
    }
    let idMap = try map.map { (path) throws(MonicaError) in try MapFile(path: path) }
    var updateFile: LineOutput?
    if let updates {
      let descriptor = open(updates, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw .notFound("\(updates): \(systemErrorText(errno))") }
      updateFile = LineOutput(descriptor: descriptor)
    }
    defer {
      // The update lines of the cards done before a failure are as complete as their records.
      if let updateFile {
        try? updateFile.flush()
        close(updateFile.descriptor)
      }
    }
    let importer = VCardImporter(
      output: output, options: options, existing: existing, map: idMap, updates: updateFile, report: report)
    try output.finishing { () throws(MonicaError) in try importer.run(sources) }
  }
}
