#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes imported contacts as the records `monica-push --create --map` creates, for both
/// importers (`VCardImporter`, `CSVImporter`): each card's or row's contact, then what hangs off
/// it, with local ids as the stream contract fixes them (card or row N is contact N; the records
/// that hang off it are numbered 1, 2, 3... per object in output order; a contact field type
/// comes, by name, before the first field of its type). What is held grows with the input only
/// by each person's names, dates, e-mails and phones (the in-file index) and hashes of the values
/// already written for them.
///
/// Who a card or row is, is the identity judgement's (`IdentityIndex.identify`), asked first of
/// the earlier ones of the input (a person twice in one address book is one contact: the later
/// one's new values are written as records of the earlier one's contact, never a second
/// contact), then of the existing contacts (`--dedupe-against`).
package final class ContactEmitter {
  private let output: LineOutput
  private let options: ImportOptions
  private let existing: ExistingContacts?
  private let map: MapFile?
  private let updates: LineOutput?
  /// What the input is made of, for messages: `card`, `row`.
  private let noun: String
  private let report: (String) -> Void
  private let note: (String) -> Void
  private var typeIDs: [ContactFieldKind: Int] = [:]
  private var lastID: [String: Int] = [:]
  /// The people of the cards written so far, by their local contact id.
  private var earlier = IdentityIndex<Int>()
  /// What was written for each local contact, so that a later card of its person adds only
  /// what is new.
  private var written: [Int: WrittenContact] = [:]
  /// Whether `options.peopleHeld` was said.
  private var saidHeldLimit = false
  /// The own fields already filled by an update line, by existing contact.
  private var updated: [Int: Set<String>] = [:]
  /// What was done so far; the readers count what they read and what was bad.
  package internal(set) var summary: ImportSummary

  /// What was written for one local contact.
  private struct WrittenContact {
    /// The existing contact the card is (its map line), `nil` for a new one.
    var existing: Int?
    /// Left out (`--skip-existing`): so are later cards of its person.
    var skipped = false
    /// The photo written for it (its data URL's hash), `nil` when none.
    var photo: Int?
    /// What was written for it, each value hashed with its kind (`mark`): contact fields
    /// (`f`), addresses (`a`), notes (`n`), tags (`t`) and the card's own fields (`o`, as
    /// `Birthday=1985-03-04`). Hashes, not the text: what is held stays small whatever the
    /// notes; a collision only leaves out a value as written already.
    var values: Set<Int> = []

    /// Whether the value of that kind was written.
    func has(_ kind: Character, _ text: String) -> Bool { values.contains(Self.mark(kind, text)) }

    /// Notes the value of that kind as written; `false` when it was already.
    mutating func add(_ kind: Character, _ text: String) -> Bool { values.insert(Self.mark(kind, text)).inserted }

    static func mark(_ kind: Character, _ text: String) -> Int {
      var hasher = Hasher()
      hasher.combine(kind)
      hasher.combine(text)
      return hasher.finalize()
    }
  }

  /// An emitter writing to `output`; `report` takes each warning (`FILE:LINE: ...`: what was not
  /// carried, an ambiguous card), `note` each word on who a card or row was taken to be.
  /// `updates` takes the update lines of matched contacts' empty fields (`--updates FILE`).
  package init(
    output: LineOutput, options: ImportOptions, existing: ExistingContacts? = nil, map: MapFile? = nil,
    updates: LineOutput? = nil, noun: String = "card", report: @escaping (String) -> Void,
    note: @escaping (String) -> Void = { _ in }
  ) {
    self.output = output
    self.options = options
    self.existing = existing
    self.map = map
    self.updates = updates
    self.noun = noun
    self.report = report
    self.note = note
    summary = ImportSummary(noun: noun)
  }

  /// Who a card is: an earlier card's contact, an existing contact, or a new one (`nil` when
  /// it is left out as ambiguous).
  private enum Target {
    case new
    case existing(Int)
    case earlier(Int)
  }

  /// `contacts #1 (Ana Lima: same name Ana Lima), #2 (...)`: who a message names, and why.
  private func named(_ matches: [IdentityMatch<Int>]) -> String {
    matches.map { match in
      let why = (match.judgement.reasonsFor + match.judgement.reasonsAgainst).joined(separator: ", ")
      return "#\(match.key) (\(existing?.name(of: match.key) ?? ""): \(why))"
    }.joined(separator: ", ")
  }

  /// What the judgement found the card by, for the summary: `UID`, `e-mail`, `phone`, `name`.
  private static func by(_ judgement: IdentityJudgement) -> String {
    if judgement.score == 1 { return "UID" }
    if judgement.reasonsFor.contains(where: { $0.hasPrefix("same e-mail") }) { return "e-mail" }
    if judgement.reasonsFor.contains(where: { $0.hasPrefix("same phone") }) { return "phone" }
    return "name"
  }

  /// Who the card is, said on stderr when it is not plain; `nil` when it is left out.
  ///
  /// An earlier card of the input is asked first, so that a person twice in one file is one
  /// contact: almost certainly (`IdentityJudgement.almostCertain`), not on a name alone; but an
  /// existing contact the card is, and the earlier card is not (its UID, or the judgement), wins:
  /// two contacts of the account are never made one by an import.
  private func target(of content: CardContent, person: ComparedPerson, at place: String) -> Target? {
    let whose = "\(noun) \(content.number) (\(content.shownName))"
    let known = existing?.identify(content)
    // Two cards of one address book that are only likely one person (a name and nothing else)
    // are two cards it keeps apart, namesakes as likely as one person: a contact each, no word.
    if case .one(let match) = earlier.identify(person), match.judgement.score >= IdentityJudgement.almostCertain {
      if case .one(let other)? = known, other.key != written[match.key]?.existing {
        // The card is another existing contact than the earlier card's: asked below.
      } else {
        summary.sameAsEarlierBy[Self.by(match.judgement), default: 0] += 1
        // A card given twice (the same UID: `cat a.vcf a.vcf`) needs no word.
        if match.judgement.score < 1 {
          let reasons = match.judgement.reasonsFor.joined(separator: ", ")
          note(
            "\(place): \(whose): the same person as \(noun) \(match.key) (\(reasons)): its new values go to that contact"
          )
        }
        return .earlier(match.key)
      }
    }
    switch known {
    case .one(let match)?:
      summary.matchedBy[Self.by(match.judgement), default: 0] += 1
      return .existing(match.key)
    case .ambiguous(let matches)?:
      // Two people of one name: writing one's card onto the other is worse than a duplicate.
      summary.ambiguous += 1
      let what = options.createAmbiguous ? "created as a new contact (--create-ambiguous)" : "left out"
      report(
        "\(place): \(whose): ambiguous: contacts \(named(matches)) could each be this \(noun); \(what)")
      return options.createAmbiguous ? .new : nil
    case .nobody(let passedOver)?:
      if !passedOver.isEmpty {
        note("\(place): \(whose): not contact \(named(passedOver)); made a new contact")
      }
      return .new
    case nil:
      return .new
    }
  }

  /// Writes the records of one card or row: `number` is its place in the input (its contact's
  /// local id), `source` and `line` where it starts, for messages.
  package func emit(_ content: CardContent, number: Int, source: String, line: Int) throws(MonicaError) {
    var content = content
    content.number = number
    let who = "\(noun) \(number) (\(content.shownName))"
    for (at, text) in content.dropped { report("\(source):\(at): \(who): \(text)") }
    // In the form the judgement compares it in, worked out once for the question and the index.
    let person = ComparedPerson(Person(card: content))
    let place = "\(source):\(line)"
    guard let target = target(of: content, person: person, at: place) else { return }
    // The local contact the records hang off, and the existing contact it is, if any.
    let owner: Int
    let match: Int?
    switch target {
    case .new:
      summary.contacts += 1
      (owner, match) = (number, nil)
      hold(person, as: owner, WrittenContact(), at: place)
    case .existing(let id):
      summary.matched += 1
      (owner, match) = (number, id)
      if let map, map.target(of: RecordKind.contact.object, source: owner) == nil {
        try map.append(RecordKind.contact.object, source: owner, target: id)
      }
      hold(
        person, as: owner, WrittenContact(existing: id, skipped: options.skipExisting),
        at: place)
      if options.skipExisting { return }
      try update(id, from: content)
    case .earlier(let first):
      summary.sameAsEarlier += 1
      earlier.absorb(person.person, into: first)
      (owner, match) = (first, written[first]?.existing)
      if written[first]?.skipped == true { return }
      if let match { try update(match, from: content) }
      // Said of an existing contact's person too: a second run of the same files writes the
      // same note, which the contact's notes then hold, instead of a shorter new one.
      content.noteLines += differences(content, from: first)
    }
    switch target {
    case .new, .existing: remember(content, as: owner)
    case .earlier: break
    }
    var records: [JSONObject] = []
    var fieldRecords: [JSONObject] = []
    for (kind, text) in content.fields {
      let key = text.trimmingWhiteSpace.lowercased()
      if written[owner]?.has("f", key) == true { continue }
      if let match, existing?.has(field: text, on: match) == true { continue }
      _ = written[owner]?.add("f", key)
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
          .init("id", .int(next(RecordKind.contactField.object))),
          .init("object", .string(RecordKind.contactField.object)),
          .init("content", .string(text)), .init("contact_field_type", .object(kind.record(id: typeID))),
          .init("contact", reference(owner)),
        ]))
    }
    if case .new = target { records.append(contact(content, id: owner)) }
    records += fieldRecords
    for address in content.addresses {
      if written[owner]?.has("a", address.key) == true { continue }
      if let match, existing?.has(address: address, on: match) == true { continue }
      _ = written[owner]?.add("a", address.key)
      records.append(self.address(address, contact: owner))
    }
    if !content.noteLines.isEmpty {
      let body = content.noteLines.joined(separator: "\n")
      if written[owner]?.has("n", body) != true, match.map({ existing?.has(note: body, on: $0) == true }) != true {
        _ = written[owner]?.add("n", body)
        records.append(
          JSONObject([
            .init("id", .int(next(RecordKind.note.object))), .init("object", .string(RecordKind.note.object)),
            .init("body", .string(body)), .init("is_favorited", .bool(false)), .init("contact", reference(owner)),
          ]))
      }
    }
    // A matched contact keeps its photo: a second import must not add the same photo again. A
    // later card of a person made by this import adds its photo when the first card had none.
    if let photo = content.photo {
      if match == nil, written[owner]?.photo == nil {
        written[owner]?.photo = photo.dataURL.hashValue
        // `link` is what the contact's avatar names: monica-push --create makes the uploaded photo
        // the avatar (as the phone showed it), by the link, as it does for a migrated account.
        let name = Self.photoName(number, photo.mime)
        records.append(
          JSONObject([
            .init("id", .int(next(RecordKind.photo.object))), .init("object", .string(RecordKind.photo.object)),
            .init("original_filename", .string(name)), .init("filesize", .int(photo.size)),
            .init("mime_type", .string(photo.mime)), .init("link", .string(name)),
            .init("dataUrl", .string(photo.dataURL)),
            .init("contact", reference(owner)),
          ]))
      } else if case .earlier(let first) = target, match == nil, written[owner]?.photo != photo.dataURL.hashValue {
        report("\(place): \(who): PHOTO not carried: \(noun) \(first)'s contact has a photo already")
      }
    }
    for record in records { try output.writeLine(JSONWriter.monica.bytes(.object(record))) }
  }

  /// Holds the card's person and what is written for it, for the later cards of the input;
  /// past `options.peopleHeld` people, says once that later cards are compared with those held
  /// only.
  private func hold(_ person: ComparedPerson, as owner: Int, _ contact: WrittenContact, at place: String) {
    guard earlier.count < options.peopleHeld else {
      if !saidHeldLimit {
        saidHeldLimit = true
        report(
          "\(place): the first \(options.peopleHeld) people are held for in-file matching: later \(noun)s are compared "
            + "with them, not with each other")
      }
      return
    }
    earlier.add(person, as: owner)
    written[owner] = contact
  }

  /// Keeps what a new contact's card says of its own fields, for the later cards of its person.
  private func remember(_ content: CardContent, as id: Int) {
    for (key, value) in Self.ownFields(content) { _ = written[id]?.add("o", key + "=" + value) }
    for tag in content.tags { _ = written[id]?.add("t", tag) }
  }

  /// A card's own fields as note lines would name them, those with a value.
  private static func ownFields(_ content: CardContent) -> [String: String] {
    var own: [String: String] = [:]
    let name = [content.firstName, content.middleName, content.lastName].filter { !$0.isEmpty }
    own["Name"] = name.joined(separator: " ")
    own["Nickname"] = content.nickname
    own["Description"] = content.description
    own["Birthday"] = content.birthdate.map { $0.known.text }
    own["Died"] = content.deceasedDate.map { $0.known.text }
    own["Job"] = content.job
    own["Company"] = content.company
    return own.filter { !$0.value.isEmpty }
  }

  /// The note lines of what a later card of a person made by this import says otherwise than
  /// the cards before it did, or besides them: its name, nickname, description, dates, job, company
  /// (`Birthday (card 7): 1985-03-04`), and its tags (Monica sets them with the contact, which
  /// is written already).
  private func differences(_ content: CardContent, from first: Int) -> [String] {
    var lines: [String] = []
    let own = Self.ownFields(content)
    for key in ["Name", "Nickname", "Description", "Birthday", "Died", "Job", "Company"] {
      // Each said once, however many cards say it.
      guard let value = own[key], written[first]?.add("o", key + "=" + value) == true else { continue }
      lines.append("\(key) (\(noun) \(content.number)): \(value)")
    }
    let tags = content.tags.filter { written[first]?.add("t", $0) == true }
    if !tags.isEmpty { lines.append("Categories (\(noun) \(content.number)): " + tags.joined(separator: ", ")) }
    return lines
  }

  /// A monica-push update line for the matched contact's own fields that are empty and that
  /// the card fills: nickname, description, birthday, date of death. Nothing else is touched
  /// (monica-push reads the contact and merges the line onto it); a field an earlier card's line
  /// filled is not filled again.
  private func update(_ contact: Int, from content: CardContent) throws(MonicaError) {
    guard let updates, let existing else { return }
    var members: [JSONObject.Member] = [
      .init("object", .string(RecordKind.contact.object)), .init("id", .int(contact)),
    ]
    func fills(_ field: String, _ value: Bool) -> Bool {
      guard value, existing.lacks(field, on: contact) else { return false }
      return updated[contact, default: []].insert(field).inserted
    }
    if fills("nickname", !content.nickname.isEmpty) { members.append(.init("nickname", .string(content.nickname))) }
    if fills("description", !content.description.isEmpty) {
      members.append(.init("description", .string(content.description)))
    }
    var dates: [JSONObject.Member] = []
    if let birth = content.birthdate, fills("birthdate", true) {
      dates.append(.init("birthdate", birth.json(today: options.today)))
    }
    if let death = content.deceasedDate, fills("deceased_date", true) {
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
      .init("id", .int(id)), .init("object", .string(RecordKind.contact.object)),
      .init("first_name", .string(content.firstName)),
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
      let tags = content.tags.map {
        JSONValue.object(JSONObject(["object": .string(RecordKind.tag.object), "name": .string($0)]))
      }
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
          "id": iso.map(JSONValue.string) ?? .null, "object": .string(RecordKind.country.object),
          "name": iso == nil ? .string(address.country) : .null, "iso": iso.map(JSONValue.string) ?? .null,
        ]))
    }
    return JSONObject([
      .init("id", .int(next(RecordKind.address.object))), .init("object", .string(RecordKind.address.object)),
      .init("name", address.name.map(JSONValue.string) ?? .null), .init("street", text(address.street)),
      .init("city", text(address.city)), .init("province", text(address.province)),
      .init("postal_code", text(address.postalCode)), .init("latitude", .null), .init("longitude", .null),
      .init("country", country), .init("contact", reference(contact)),
    ])
  }
}

extension ContactEmitter {
  /// Writes out what is buffered.
  package func flush() throws(MonicaError) { try output.flush() }

  /// Reads the existing contacts (`dedupeAgainst`) and the map when given, opens the file
  /// `updates`, then runs `body` with an emitter writing to `output`; returns what it did. The
  /// update lines of what was done before a failure are written out, as complete as its records.
  package static func run(
    dedupeAgainst: String?, map: String?, updates: String?, options: ImportOptions, noun: String,
    output: LineOutput, report: @escaping (String) -> Void, note: @escaping (String) -> Void,
    _ body: (ContactEmitter) throws(MonicaError) -> Void
  ) throws(MonicaError) -> ImportSummary {
    let existing = try dedupeAgainst.map { (path) throws(MonicaError) in
      try ExistingContacts(reading: InputSource(path))
    }
    let idMap = try map.map { (path) throws(MonicaError) in try MapFile(path: path) }
    var updateFile: LineOutput?
    if let updates {
      // Contacts' values: owner only, as every file of personal data.
      let descriptor = open(updates, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
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
    let emitter = ContactEmitter(
      output: output, options: options, existing: existing, map: idMap, updates: updateFile, noun: noun,
      report: report, note: note)
    try output.finishing { () throws(MonicaError) in
      try body(emitter)
      try emitter.flush()
    }
    return emitter.summary
  }
}
