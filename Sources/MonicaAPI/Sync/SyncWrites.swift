import MonicaKit

/// The writes that carry a file's values to Monica, as steps for push's write machinery
/// (`WritePlan`): nothing here sends a request. The change is merged onto the contact as it is
/// now: the contact's own fields and tags through a line as `monica-push` writes it
/// (`LineWrite`: read, merge the changed fields onto the server's copy, write only what differs,
/// tags set and unset), its job and company through `PUT /contacts/{id}/work`, and each contact
/// field and address that differs through its own route, the one that was changed updated in
/// place (its labels kept), one removed in the file deleted, one added created.
///
/// A value removed in the file is removed in Monica: a nickname, a description, a birthday
/// (`is_birthdate_known` false), a date of death, a job, a tag, a field, an address. A contact
/// deceased without a date is not brought back to life by a card without one: a card cannot say
/// it (`DEATHDATE` needs a date).
struct SyncWrites {
  /// The contact's id.
  let contact: Int
  /// The contact as Monica has it, read `with=contactfields`: its fields, addresses, tags.
  let record: JSONObject
  /// Its values as Monica holds them.
  let monica: SyncedCard
  /// The file's values.
  let file: SyncedCard
  /// The account's contact field types and countries.
  let account: SyncAccount
  let today: CalendarDate

  /// The steps, in order: the contact, its work, then the fields and addresses, each removal
  /// before the creations. `notes` hears what cannot be carried as the file has it.
  func steps(notes: (String) -> Void) throws(MonicaError) -> [WriteStep] {
    var steps: [WriteStep] = []
    if let line = try contactLine() {
      steps.append(WriteStep(key: contact, write: .line(line), journal: .none))
    }
    if file.job != monica.job || file.company != monica.company {
      let body = JSONObject(["job": .string(text(file.job)), "company": .string(text(file.company))])
      steps.append(
        WriteStep(
          key: contact,
          write: .request(
            WriteRequest(.update, RecordKind.path(ofContact: contact, .work), body: body), what: what,
            target: contact), journal: .none))
    }
    steps += try fieldSteps(notes: notes)
    steps += try addressSteps(notes: notes)
    return steps
  }

  /// The steps that make a contact of `file`'s values: the contact (with its tags), journaled
  /// under `key` so that it is made once even when the run stops before its answer; the rest
  /// follows once its id is known (`SyncWrites(contact:...)`, against an empty contact).
  static func create(_ file: SyncedCard, key: Int, today: CalendarDate) throws(MonicaError) -> WriteStep {
    var record: [JSONObject.Member] = [
      .init("object", .string(RecordKind.contact.object)), .init("first_name", .string(file.firstName)),
      .init("last_name", .string(text(file.lastName))), .init("nickname", .string(text(file.nickname))),
      .init("description", .string(text(file.description))), .init("is_partial", .bool(false)),
      .init("is_dead", .bool(file.deathday != nil)),
      .init(
        "information",
        .object(
          JSONObject([
            "dates": .object(
              JSONObject([
                "birthdate": VCardDate.json(file.birthday, today: today),
                "deceased_date": VCardDate.json(file.deathday, today: today),
              ]))
          ]))),
    ]
    if !file.tags.isEmpty { record.append(.init("tags", .array(file.tags.map(JSONValue.string)))) }
    let line = PushLine(
      record: JSONObject(record), mapping: try mapping(.contact), action: .create, source: "monica-sync", number: 0)
    return WriteStep(key: key, line: line)
  }

  /// The values of a contact that has none (for the steps after a create).
  static func empty(from file: SyncedCard) -> SyncedCard {
    var values = SyncedCard()
    (values.firstName, values.lastName, values.nickname, values.description) =
      (file.firstName, file.lastName, file.nickname, file.description)
    (values.birthday, values.deathday, values.tags) = (file.birthday, file.deathday, file.tags)
    return values
  }

  private var what: String { "contact #\(contact)" }

  /// The update line of the contact's own fields and tags that differ; `nil` when none does.
  private func contactLine() throws(MonicaError) -> PushLine? {
    var members: [JSONObject.Member] = [
      .init("object", .string(RecordKind.contact.object)), .init("id", .int(contact)),
    ]
    if file.firstName != monica.firstName || file.lastName != monica.lastName {
      members.append(.init("first_name", .string(file.firstName)))
      members.append(.init("last_name", .string(Self.text(file.lastName))))
    }
    if file.nickname != monica.nickname { members.append(.init("nickname", .string(Self.text(file.nickname)))) }
    if file.description != monica.description {
      members.append(.init("description", .string(Self.text(file.description))))
    }
    var dates: [JSONObject.Member] = []
    if file.birthday != monica.birthday {
      dates.append(.init("birthdate", VCardDate.json(file.birthday, today: today)))
    }
    if file.deathday != monica.deathday {
      dates.append(.init("deceased_date", VCardDate.json(file.deathday, today: today)))
      // A date of death makes the contact deceased; a card without one says nothing of life.
      if file.deathday != nil { members.append(.init("is_dead", .bool(true))) }
    }
    if !dates.isEmpty {
      members.append(.init("information", .object(JSONObject(["dates": .object(JSONObject(dates))]))))
    }
    if file.tags != monica.tags { members.append(.init("tags", .array(file.tags.map(JSONValue.string)))) }
    guard members.count > 2 else { return nil }
    var line = PushLine(
      record: JSONObject(members), mapping: try Self.mapping(.contact), action: .update(contact),
      source: "monica-sync", number: 0)
    // Read by this run's walk, under the account's lock: merged onto without a second read.
    line.base = record
    return line
  }

  /// Removals, updates in place and creations of contact fields.
  private func fieldSteps(notes: (String) -> Void) throws(MonicaError) -> [WriteStep] {
    let mapping = try Self.mapping(.contactField)
    // Monica's fields with the value each shows in a card.
    var held: [(value: SyncedField, record: JSONObject)] = []
    for field in record["contactFields"]?.arrayValue ?? [] {
      guard case .object(let object) = field, let value = SyncAccount.value(ofField: object) else { continue }
      held.append((value, object))
    }
    var wanted = file.fields
    var removed: [(value: SyncedField, record: JSONObject)] = []
    for item in held {
      if let index = wanted.firstIndex(of: item.value) { wanted.remove(at: index) } else { removed.append(item) }
    }
    var steps: [WriteStep] = []
    var added: [SyncedField] = []
    for value in wanted {
      // A value changed in place keeps its field (and its labels): the removed one of its kind.
      if let index = removed.firstIndex(where: { $0.value.kind == value.kind }) {
        let old = removed.remove(at: index).record
        guard let id = old["id"]?.intValue else { continue }
        let line = JSONObject(["content": .string(value.content)])
        let body = mapping.body(line: line, record: mapping.merged(line, onto: old), operation: .update, today: today)
        steps.append(
          WriteStep(
            key: id,
            write: .request(
              mapping.request(.update, id: "\(id)", body: body), what: "contact field #\(id)", target: id),
            journal: .none))
      } else {
        added.append(value)
      }
    }
    var deletions: [WriteStep] = []
    for item in removed {
      guard let id = item.record["id"]?.intValue else { continue }
      deletions.append(
        WriteStep(
          key: id, write: .request(mapping.request(.delete, id: "\(id)"), what: "contact field #\(id)", target: id),
          journal: .none))
    }
    for value in added {
      guard let type = account.type(for: value.kind) else {
        notes("\(value.content): no contact field type of the account takes it; kept in the file only")
        continue
      }
      let record = JSONObject([
        "object": .string(RecordKind.contactField.object), "content": .string(value.content),
        "contact_field_type": .object(JSONObject(["id": .int(type)])),
        "contact": .object(JSONObject(["id": .int(contact)])),
      ])
      let line = PushLine(record: record, mapping: mapping, action: .create, source: "monica-sync", number: 0)
      // Read just now (the walk): a create the run stopped on is looked for by the next walk.
      steps.append(WriteStep(key: contact, write: .line(line), journal: .none, presence: .checked(nil)))
    }
    return deletions + steps
  }

  /// Removals, updates in place and creations of addresses.
  private func addressSteps(notes: (String) -> Void) throws(MonicaError) -> [WriteStep] {
    let mapping = try Self.mapping(.address)
    var held: [(value: SyncedAddress, record: JSONObject)] = []
    for address in record["addresses"]?.arrayValue ?? [] {
      guard case .object(let object) = address, let value = SyncAccount.value(ofAddress: object) else { continue }
      held.append((value, object))
    }
    var wanted = file.addresses
    var removed: [(value: SyncedAddress, record: JSONObject)] = []
    for item in held {
      if let index = wanted.firstIndex(of: item.value) { wanted.remove(at: index) } else { removed.append(item) }
    }
    var steps: [WriteStep] = []
    for value in wanted {
      let country = account.country(value.country)
      if country == nil, !value.country.isEmpty {
        notes(
          "country \(OutsideText.quoted(value.country)) is not one Monica knows by that name: the address is "
            + "written without it")
      }
      var line = JSONObject([
        "object": .string(RecordKind.address.object), "name": .string(value.name),
        "street": .string(Self.text(value.street)), "city": .string(Self.text(value.city)),
        "province": .string(Self.text(value.province)), "postal_code": .string(Self.text(value.postalCode)),
        "country": country.map { .object(JSONObject(["id": .string($0)])) } ?? .null,
      ])
      if !removed.isEmpty {
        // Changed in place: the address keeps its id, and its name unless the card names it.
        let old = removed.removeFirst().record
        guard let id = old["id"]?.intValue else { continue }
        if value.name == nil { line["name"] = nil }
        let body = mapping.body(line: line, record: mapping.merged(line, onto: old), operation: .update, today: today)
        steps.append(
          WriteStep(
            key: id,
            write: .request(mapping.request(.update, id: "\(id)", body: body), what: "address #\(id)", target: id),
            journal: .none))
      } else {
        line["contact"] = .object(JSONObject(["id": .int(contact)]))
        let push = PushLine(record: line, mapping: mapping, action: .create, source: "monica-sync", number: 0)
        steps.append(WriteStep(key: contact, write: .line(push), journal: .none, presence: .checked(nil)))
      }
    }
    let deletions = removed.compactMap { item -> WriteStep? in
      guard let id = item.record["id"]?.intValue else { return nil }
      return WriteStep(
        key: id, write: .request(mapping.request(.delete, id: "\(id)"), what: "address #\(id)", target: id),
        journal: .none)
    }
    return deletions + steps
  }

  /// A text as a write sends it: `nil` (null) when empty.
  private func text(_ value: String) -> String? { Self.text(value) }

  static func text(_ value: String) -> String? { value.isEmpty ? nil : value }

  static func mapping(_ kind: RecordKind) throws(MonicaError) -> WriteMapping {
    guard let mapping = kind.writes else { throw .internalError("no write mapping for \(kind.object)") }
    return mapping
  }
}
