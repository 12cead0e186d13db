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
  let output: LineOutput
  let options: ImportOptions
  let existing: ExistingContacts?
  private let map: MapFile?
  let updates: LineOutput?
  /// What the input is made of, for messages: `card`, `row`.
  let noun: String
  let report: (String) -> Void
  let note: (String) -> Void
  /// The contact field types written, by kind: their place in `typeRecords`, one less than
  /// their local id.
  private var typeIDs: [ContactFieldKind: Int] = [:]
  /// The contactfieldtype records written, each as its fields repeat it.
  private var typeRecords: [[UInt8]] = []
  /// A contact's date that is not known (`VCardDate.json(nil, today:)`), written once.
  let noDate: [UInt8]
  /// The record being written (its storage kept from one to the next).
  var record = JSONObjectWriter(.monica)
  /// The contact fields of the card being written, kept until its contact is written.
  private var fieldsPending: [(id: Int, text: String, type: Int)] = []
  var lastID: [String: Int] = [:]
  /// The people of the cards written so far, by their local contact id.
  var earlier = IdentityIndex<Int>()
  /// What was written for each local contact, so that a later card of its person adds only
  /// what is new.
  var written: [Int: WrittenContact] = [:]
  /// Whether `options.peopleHeld` was said.
  var saidHeldLimit = false
  /// The own fields already filled by an update line, by existing contact.
  var updated: [Int: Set<String>] = [:]
  /// What was done so far; the readers count what they read and what was bad.
  package internal(set) var summary: ImportSummary

  /// What was written for one local contact.
  struct WrittenContact {
    /// The existing contact the card is (its map line), `nil` for a new one.
    var existing: Int?
    /// Left out (`--skip-existing`): so are later cards of its person.
    var skipped = false
    /// The photo written for it (its data URL's hash), `nil` when none.
    var photo: Int?
    /// What was written for it, each value hashed with its kind (`mark`): contact fields
    /// (`f`), addresses (`a`), notes (`n`), tags (`t`) and the card's own fields (`o`, as
    /// `Birthday` and `1985-03-04`). Hashes, not the text: what is held stays small whatever the
    /// notes; a collision only leaves out a value as written already. Sorted, in an array: a
    /// contact has a dozen, which a set would hold in several times the memory (the in-file
    /// matching holds tens of thousands of contacts); past `arrayLimit` (a card of thousands of
    /// values, where inserting into the array would cost its length each time), in `many`.
    private var values: [Int] = []
    private var many: Set<Int>?
    private static let arrayLimit = 64

    init(existing: Int? = nil, skipped: Bool = false) { (self.existing, self.skipped) = (existing, skipped) }

    /// Whether the value of that kind was written.
    func has(_ kind: Unicode.Scalar, _ text: String) -> Bool { has(Self.mark(kind, text)) }

    /// Notes the value of that kind as written; `false` when it was already.
    mutating func add(_ kind: Unicode.Scalar, _ text: String) -> Bool { add(Self.mark(kind, text)) }

    /// Notes the own field `name`'s value as written; `false` when it was already.
    mutating func add(own name: String, _ value: String) -> Bool { add(Self.mark("o", name, value)) }

    private func has(_ mark: Int) -> Bool { many?.contains(mark) ?? place(of: mark).found }

    private mutating func add(_ mark: Int) -> Bool {
      if many != nil { return many?.insert(mark).inserted ?? false }
      let (index, found) = place(of: mark)
      if found { return false }
      values.insert(mark, at: index)
      if values.count > Self.arrayLimit {
        many = Set(values)
        values = []
      }
      return true
    }

    /// Where `mark` is in `values`, or would go.
    private func place(of mark: Int) -> (index: Int, found: Bool) {
      var (low, high) = (0, values.count)
      while low < high {
        let middle = (low + high) / 2
        if values[middle] < mark { low = middle + 1 } else { high = middle }
      }
      return (low, low < values.count && values[low] == mark)
    }

    static func mark(_ kind: Unicode.Scalar, _ texts: String...) -> Int {
      var hasher = Hasher()
      hasher.combine(kind.value)
      for text in texts { hasher.combine(text) }
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
    noDate = JSONWriter.monica.bytes(VCardDate.json(nil, today: options.today))
  }

  /// Writes the records of one card or row: `number` is its place in the input (its contact's
  /// local id), `source` and `line` where it starts, for messages.
  package func emit(_ content: CardContent, number: Int, source: String, line: Int) throws(MonicaError) {
    try emit(content, person: ImportedPerson(content), number: number, source: source, line: line)
  }

  /// `emit(_:number:source:line:)` of a card whose person is worked out already (in the form the
  /// judgement compares it in, once for the question and the index).
  func emit(
    _ content: CardContent, person imported: ImportedPerson, number: Int, source: String, line: Int
  ) throws(MonicaError) {
    var content = content
    content.number = number
    // Said only when something is said of the card.
    var who: String { "\(noun) \(number) (\(content.shownName))" }
    for (at, text) in content.dropped { report("\(source):\(at): \(who): \(text)") }
    let (person, blocks) = (imported.compared, imported.blocks)
    var place: String { "\(source):\(line)" }
    guard let target = target(of: content, person: person, blocks: blocks, at: place) else { return }
    // The local contact the records hang off, and the existing contact it is, if any.
    let owner: Int
    let match: Int?
    switch target {
    case .new:
      summary.contacts += 1
      (owner, match) = (number, nil)
      hold(person, blocks: blocks, as: owner, WrittenContact(), at: place)
    case .existing(let id):
      summary.matched += 1
      (owner, match) = (number, id)
      if let map, map.target(of: RecordKind.contact.object, source: owner) == nil {
        try map.append(RecordKind.contact.object, source: owner, target: id)
      }
      hold(
        person, blocks: blocks, as: owner, WrittenContact(existing: id, skipped: options.skipExisting),
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
    // What was written for the owner, taken out while its card is remembered and its records
    // are written (one look-up, not one per value), put back after; `nil` past
    // `options.peopleHeld`.
    var entry = written.removeValue(forKey: owner)
    defer { if let entry { written[owner] = entry } }
    switch target {
    case .new, .existing: Self.remember(content, in: &entry)
    case .earlier: break
    }
    // Each record is written as it is made, straight to bytes (`JSONObjectWriter`): a type before
    // the first field of its type, then the contact, its fields, addresses, note and photo.
    fieldsPending.removeAll(keepingCapacity: true)
    for (kind, text) in content.fields {
      let key = text.trimmingWhiteSpace.lowercased()
      if entry?.has("f", key) == true { continue }
      if let match, existing?.has(field: text, on: match) == true { continue }
      _ = entry?.add("f", key)
      let type: Int
      if let known = typeIDs[kind] {
        type = known
      } else {
        type = typeRecords.count
        typeIDs[kind] = type
        record.begin()
        kind.write(id: type + 1, to: &record)
        record.end()
        typeRecords.append(record.bytes)
        try output.writeLine(record.bytes)
      }
      fieldsPending.append((next(RecordKind.contactField.object), text, type))
    }
    if case .new = target { try writeContact(content, id: owner) }
    for field in fieldsPending {
      record.begin()
      record.int("id", field.id)
      record.string("object", RecordKind.contactField.object)
      record.string("content", field.text)
      record.written("contact_field_type", typeRecords[field.type])
      writeReference(owner)
      record.end()
      try output.writeLine(record.bytes)
    }
    for address in content.addresses {
      let key = address.key
      if entry?.has("a", key) == true { continue }
      if let match, existing?.has(address: address, on: match) == true { continue }
      _ = entry?.add("a", key)
      try writeAddress(address, contact: owner)
    }
    if !content.noteLines.isEmpty {
      let body = content.noteLines.joined(separator: "\n")
      if entry?.has("n", body) != true, match.map({ existing?.has(note: body, on: $0) == true }) != true {
        _ = entry?.add("n", body)
        record.begin()
        record.int("id", next(RecordKind.note.object))
        record.string("object", RecordKind.note.object)
        record.string("body", body)
        record.bool("is_favorited", false)
        writeReference(owner)
        record.end()
        try output.writeLine(record.bytes)
      }
    }
    // A matched contact keeps its photo: a second import must not add the same photo again. A
    // later card of a person made by this import adds its photo when the first card had none.
    if let photo = content.photo {
      if match == nil, entry?.photo == nil {
        entry?.photo = photo.dataURL.hashValue
        // `link` is what the contact's avatar names: monica-push --create makes the uploaded photo
        // the avatar (as the phone showed it), by the link, as it does for a migrated account.
        let name = Self.photoName(number, photo.mime)
        record.begin()
        record.int("id", next(RecordKind.photo.object))
        record.string("object", RecordKind.photo.object)
        record.string("original_filename", name)
        record.int("filesize", photo.size)
        record.string("mime_type", photo.mime)
        record.string("link", name)
        record.string("dataUrl", photo.dataURL)
        writeReference(owner)
        record.end()
        try output.writeLine(record.bytes)
      } else if case .earlier(let first) = target, match == nil, entry?.photo != photo.dataURL.hashValue {
        report("\(place): \(who): PHOTO not carried: \(noun) \(first)'s contact has a photo already")
      }
    }
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
