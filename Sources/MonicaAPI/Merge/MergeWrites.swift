import Foundation
import MonicaKit

/// Every request `monica-merge` sends, through `monica-push`'s write machinery and nothing else:
/// the client's one retry loop (`MonicaClient.send`: a create is never sent twice blindly),
/// `LineWrite` for the notes it makes, the migration's carrying of a record with its in-doubt
/// look-up (`Migration.carry`) for records made again on the keeper, and an
/// `IDMap` as the journal (locked for the run, each line fsync'd, a torn last line cut off).
/// The one file that knows Push's types: re-pointing merge at another write home changes only it.
final class MergeWrites {
  let client: MonicaClient
  /// The journal: `contact<TAB>merged<TAB>keeper` when a group starts, a line per record moved
  /// or made again, `merged` (or `left`) `<TAB>contact<TAB>keeper` when a merged contact is done.
  let journal: IDMap
  private let migration: Migration
  private let today: CalendarDate

  init(client: MonicaClient, journal: IDMap, tool: String, today: CalendarDate) {
    self.client = client
    self.journal = journal
    self.today = today
    // The migration prints the records it creates: monica-merge prints one line per group instead.
    migration = Migration(
      client: client, map: journal, output: LineOutput(descriptor: Self.nowhere), tool: tool, keepGoing: false,
      today: today)
  }

  /// /dev/null, where the migration's record lines go.
  private static let nowhere: Int32 = open("/dev/null", O_WRONLY | O_CLOEXEC)

  /// A contact read `with=contactfields`; `nil` when it is gone (deleted, or merged already).
  func contact(_ id: Int) async throws(MonicaError) -> JSONObject? {
    let path = "/contacts/\(id)"
    let query = [("with", "contactfields")]
    let response = try await client.getAllowingErrors(path, query: query)
    if response.status == 404 { return nil }
    try client.check(response, path: path, query: query, what: "contact #\(id)")
    return try LineWrite.record(in: response, request: "GET /api\(path)").1
  }

  /// Every record of one of a contact's lists, page after page.
  func list(_ path: String, what: String) async throws(MonicaError) -> [JSONObject] {
    var records: [JSONObject] = []
    _ = try await migration.forEachTargetRecord(path, what: what) { records.append($0) }
    return records
  }

  /// Moves a record by its kind's update: the record as read with `change` (its `contact_id` or
  /// attendees) in one `PUT`. Sending it again does no harm, so the client retries it as a read.
  func update(_ step: MergeStep) async throws(MonicaError) -> JSONObject {
    guard let mapping = WriteMapping.named(step.kind.object) else {
      throw .internalError("no write mapping for \(step.kind.object) records")
    }
    let body = mapping.body(line: step.change, record: step.record, operation: .update, today: today)
    return try await write(
      mapping.request(.update, id: "\(step.id)", body: body), what: "\(step.kind.object) #\(step.id)")
  }

  /// Fills the keeper: the contact's update with the filled record's fields.
  func updateContact(_ record: JSONObject, id: Int) async throws(MonicaError) {
    let mapping = try Self.mapping("contact")
    let body = mapping.body(line: JSONObject(), record: record, operation: .update, today: today)
    _ = try await write(mapping.request(.update, id: "\(id)", body: body), what: "contact #\(id)")
  }

  /// Gives the keeper the tags it lacks, by name (`setTags` makes a missing tag and does no harm
  /// when repeated, AssociateTag.php:56-98).
  func setTags(_ names: [String], of id: Int) async throws(MonicaError) {
    let body = JSONObject(["tags": .array(names.map(JSONValue.string))])
    _ = try await write(Self.mapping("contact").request(.setTags, id: "\(id)", body: body), what: "contact #\(id)")
  }

  /// Sets one of the keeper's own properties (`work`, `food`, `introduction`): `PUT
  /// /contacts/{id}/<route>` (routes/api.php:27-29), which writes the same values when repeated.
  func setProperty(_ route: String, _ body: JSONObject, of id: Int) async throws(MonicaError) {
    let request = WriteRequest(.update, "/contacts/\(id)/\(route)", body: body)
    _ = try await write(request, what: "contact #\(id)")
  }

  /// Gives a gift a photo: `PUT /gifts/{gift}/photo/{photo}` (routes/api.php:105), which adds it
  /// without removing others and does no harm repeated (`syncWithoutDetaching`,
  /// AssociatePhotoToGift.php:43).
  func attach(photo: Int, to gift: Int) async throws(MonicaError) {
    _ = try await write(WriteRequest(.update, "/gifts/\(gift)/photo/\(photo)"), what: "gift #\(gift)")
  }

  /// Makes a record again on the keeper, as a migration carries a record of its stream: its
  /// contact (and each contact it names) translated through the journal's `contact` lines, the id
  /// journaled the moment the create is answered, a create whose answer was lost looked for (never
  /// blindly repeated) when the run resumes; a photo uploaded from its `dataUrl`, a document from
  /// the bytes of its link, a conversation with its messages, a relationship whose reverse row
  /// Monica makes (CreateRelationship.php:51-55). The keeper's copy's id; `nil` when the
  /// migration could not carry it (said on stderr: a document whose link cannot be downloaded).
  func recreate(_ step: MergeStep, place: String) async throws(MonicaError) -> Int? {
    // A conversation journaled already may lack messages a stopped run had not yet added.
    if step.kind.object != "conversation", let done = journal.target(of: step.kind.object, source: step.id) {
      return done
    }
    var record = step.record
    record["object"] = .string(step.kind.object)
    // The other contact of a relationship stays itself (unless a group before merged it): its
    // `of_contact`, or for a row another contact holds to the merged one, its `contact_is`.
    for end in ["of_contact", "contact_is"] {
      if let other = record[end]?["id"]?.intValue, journal.target(of: "contact", source: other) == nil {
        try journal.append("contact", source: other, target: other)
      }
    }
    try await migration.carry(JSONWriter.plain.bytes(.object(record)), source: place, number: 0)
    return journal.target(of: step.kind.object, source: step.id)
  }

  /// Why the migration cannot make `step`'s document again (its link cannot be downloaded:
  /// private storage answers the login page), as a real run would find; `nil` when it can.
  func downloadRefusal(_ step: MergeStep) async -> String? {
    if case .failure(let refusal) = await migration.download(step.record) { return refusal.reason }
    return nil
  }

  /// Makes a note on `contact` and journals it as `object<TAB>key<TAB>note id` as soon as it is
  /// answered; a note of that body among the contact's latest (`existing`) is taken instead.
  func note(_ body: String, on contact: Int, existing: JSONObject, journalAs object: String, key: Int)
    async throws(MonicaError)
  {
    if journal.target(of: object, source: key) != nil { return }
    let stored = MonicaInput.cleaned(JSONObject(["body": .string(body)]))["body"]
    for note in existing["notes"]?.arrayValue ?? [] where note["body"] == stored {
      if let id = note["id"]?.intValue { return try journal.append(object, source: key, target: id) }
    }
    let record = JSONObject(["body": .string(body), "contact_id": .int(contact)])
    let line = try PushLine(record: record, mapping: Self.mapping("note"), action: .create, source: "note", number: 0)
    var write = LineWrite(line: line, client: client, today: today)
    let journal = self.journal
    write.created = { (id: Int) throws(MonicaError) in try journal.append(object, source: key, target: id) }
    try await write.run()
  }

  /// Deletes a record; one that is gone already is what was wanted: a 404 where Monica looks the
  /// record up, or the 422 of a service that validates `exists:<table>,id` first ("The selected
  /// address id is invalid.", DestroyAddress.php:20), as a resumed run meets after a kill.
  func delete(_ object: String, _ id: Int) async throws(MonicaError) {
    let request =
      WriteMapping.named(object)?.request(.delete, id: "\(id)") ?? WriteRequest(.delete, "/\(object)s/\(id)")
    let response = try await client.send(request)
    do { try client.check(response, path: request.path, what: "\(object) #\(id)") } catch {
      switch error {
      case .notFound: return
      case .rejected(_, let messages)
      where messages.contains(where: { $0.hasPrefix("The selected ") && $0.hasSuffix(" id is invalid.") }):
        return
      default: throw error
      }
    }
  }

  private static func mapping(_ object: String) throws(MonicaError) -> WriteMapping {
    guard let mapping = WriteMapping.named(object) else { throw .internalError("no write mapping for \(object)") }
    return mapping
  }

  private func write(_ request: WriteRequest, what: String) async throws(MonicaError) -> JSONObject {
    let response = try await client.send(request)
    try client.check(response, path: request.path, what: what)
    return try LineWrite.record(in: response, request: "\(request.method) /api\(request.path)").1
  }
}
