import Foundation
import MonicaKit

/// What `monica-merge` reads, and the steps it writes, handed to `monica-push`'s write machinery
/// as plans (`WritePlan`) and nothing else: the client's one retry loop (a create is never sent
/// twice blindly), `LineWrite` for the notes it makes, the migration's carrying of a record with
/// its in-doubt look-up (`Migration.carry`, under the run's one `ResumePoint`) for records made
/// again on the keeper, and an `IDMap` as the journal (locked for the run, each line fsync'd, a
/// torn last line cut off). The one file that builds Push's steps (`MergeRun` only orders them
/// and reads their outcomes): re-pointing merge at another write home changes only it.
final class MergeWrites {
  let client: MonicaClient
  /// The journal: `contact<TAB>merged<TAB>keeper` when a group starts, a line per record moved
  /// or made again, `merged` (or `left`) `<TAB>contact<TAB>keeper` when a merged contact is done.
  let journal: IDMap
  private let migration: Migration
  private let resume: ResumePoint
  /// The day age-based dates are counted from.
  let today: CalendarDate

  init(client: MonicaClient, journal: IDMap, tool: String, today: CalendarDate) {
    self.client = client
    self.journal = journal
    self.today = today
    resume = ResumePoint(journal: journal)
    // The migration prints the records it creates: monica-merge prints one line per group instead.
    migration = Migration(
      client: client, map: journal, output: LineOutput(descriptor: Self.nowhere), tool: tool, keepGoing: false,
      today: today, resume: resume)
  }

  /// /dev/null, where the migration's record lines go.
  private static let nowhere: Int32 = open("/dev/null", O_WRONLY | O_CLOEXEC)

  /// Hands `steps` to the write machinery as one plan of the run; what became of each, in order,
  /// each told to `progress` as it is done. Stops at the first error, every step before it
  /// journaled.
  func run(_ steps: [WriteStep], progress: MergeProgress) async throws(MonicaError) -> [StepOutcome] {
    var outcomes: [StepOutcome] = []
    let sender = ClientStepSender(client: client, today: today, migration: migration)
    try await WritePlan(steps).run(journal: journal, resume: resume, sender: sender) { _, outcome in
      outcomes.append(outcome)
      progress.stepDone()
    }
    return outcomes
  }

  // MARK: Reads

  /// A contact read `with=contactfields`; `nil` when it is gone (deleted, or merged already).
  func contact(_ id: Int) async throws(MonicaError) -> JSONObject? {
    let path = RecordKind.contact.path(of: id)
    let query = [("with", RecordKind.contactField.name)]
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

  /// Why the migration cannot make `step`'s document again (its link cannot be downloaded:
  /// private storage answers the login page), as a real run would find; `nil` when it can.
  func downloadRefusal(_ step: MergeStep) async -> String? {
    if case .failure(let refusal) = await migration.download(step.record) { return refusal.reason }
    return nil
  }

  // MARK: Steps

  /// Moves a record by its kind's update: the record as read with `change` (its `contact_id` or
  /// attendees) in one `PUT`, sent each time the plan holds it (the plan holds it while the
  /// merged contact does; an activity two merged contacts attend moves once for each), and
  /// journaled as `object<TAB>id<TAB>id`.
  func move(_ step: MergeStep) throws(MonicaError) -> WriteStep {
    let mapping = try Self.mapping(step.kind.recordKind)
    let body = mapping.body(line: step.change, record: step.record, operation: .update, today: today)
    let request = mapping.request(.update, id: "\(step.id)", body: body)
    return WriteStep(
      key: step.id, write: .request(request, what: "\(step.kind.object) #\(step.id)", target: step.id),
      journal: .always(step.kind.object))
  }

  /// Makes a record again on the keeper, as a migration carries a record of its stream: its
  /// contact (and each contact it names) translated through the journal's `contact` lines, the id
  /// journaled the moment the create is answered, a create whose answer was lost looked for (never
  /// blindly repeated) when the run resumes; a photo uploaded from its `dataUrl`, a document from
  /// the bytes of its link, a conversation with its messages, a relationship whose reverse row
  /// Monica makes (CreateRelationship.php:51-55). Its outcome is `notMade` when the migration
  /// could not carry it (said on stderr: a document whose link cannot be downloaded).
  func carry(_ step: MergeStep, place: String) -> WriteStep {
    .carry(step.record, kind: step.kind.recordKind, id: step.id, place: place)
  }

  /// What the journal translates contact `id` to for the migration: `target`. `onlyIfAbsent`
  /// for the other contact of a relationship, which stays itself unless a group before (or this
  /// one) merged it.
  static func translate(contact id: Int, to target: Int, onlyIfAbsent: Bool) -> WriteStep {
    WriteStep(
      key: id, write: .mark(target: target),
      journal: .once(RecordKind.contact.object, target: onlyIfAbsent ? nil : target))
  }

  /// Fills the keeper: the contact's update with the filled record's fields.
  func fill(_ record: JSONObject, id: Int) throws(MonicaError) -> WriteStep {
    let mapping = try Self.mapping(.contact)
    let body = mapping.body(line: JSONObject(), record: record, operation: .update, today: today)
    return Self.request(mapping.request(.update, id: "\(id)", body: body), what: "contact #\(id)", target: id)
  }

  /// Sets one of the keeper's own parts (`work`, `food`, `introduction`): `PUT
  /// /contacts/{id}/<part>` (routes/api.php:27-29), which writes the same values when repeated.
  static func set(_ part: RecordKind.ContactPart, _ body: JSONObject, of id: Int) -> WriteStep {
    request(
      WriteRequest(.update, RecordKind.path(ofContact: id, part), body: body), what: "contact #\(id)", target: id)
  }

  /// Gives the keeper the tags it lacks, by name (`setTags` makes a missing tag and does no harm
  /// when repeated, AssociateTag.php:56-98).
  static func setTags(_ names: [String], of id: Int) throws(MonicaError) -> WriteStep {
    let body = JSONObject(["tags": .array(names.map(JSONValue.string))])
    let request = try mapping(.contact).request(.setTags, id: "\(id)", body: body)
    return Self.request(request, what: "contact #\(id)", target: id)
  }

  /// Gives a gift a photo: `PUT /gifts/{gift}/photo/{photo}` (routes/api.php:105), which adds it
  /// without removing others and does no harm repeated (`syncWithoutDetaching`,
  /// AssociatePhotoToGift.php:43).
  static func attach(photo: Int, to gift: Int) -> WriteStep {
    request(
      WriteRequest(.update, RecordKind.giftPhotoPath(gift: gift, photo: photo)), what: "gift #\(gift)", target: gift)
  }

  /// Makes a note on `contact`, journaled as `object<TAB>key<TAB>note id` as soon as it is
  /// answered; a note of that body among the contact's latest three (`existing`, the record read
  /// `with=contactfields`, ContactBase.php:102) is taken instead, and when the create is in doubt
  /// (a run killed before its answer) the contact's notes are read for it: notes created in one
  /// second tie on created_at, so the latest three need not hold it.
  static func note(_ body: String, on contact: Int, existing: JSONObject, journalAs object: String, key: Int)
    throws(MonicaError) -> WriteStep
  {
    let stored = MonicaInput.cleaned(JSONObject(["body": .string(body)]))["body"]
    let found = (existing["notes"]?.arrayValue ?? []).first { $0["body"] == stored }?["id"]?.intValue
    let record = JSONObject(["body": .string(body), "contact_id": .int(contact)])
    let line = try PushLine(
      record: record, mapping: mapping(.note), action: .create, source: RecordKind.note.object, number: 0)
    let notes = RecordKind.note.path(ofContact: contact)
    return WriteStep(key: key, write: .line(line), journal: .once(object), presence: .listed(found: found, in: notes))
  }

  /// Deletes a record; one that is gone already is what was wanted (`ClientStepSender`). A
  /// merged contact's delete is journaled as `merged<TAB>contact<TAB>keeper`.
  static func delete(_ kind: RecordKind, _ id: Int, mergedInto keep: Int? = nil) -> WriteStep {
    let request =
      kind.writes?.request(.delete, id: "\(id)") ?? WriteRequest(.delete, kind.path(of: id))
    let what = "\(kind.object) #\(id)"
    guard let keep else { return Self.request(request, what: what, target: id) }
    return WriteStep(
      key: id, write: .request(request, what: what, target: keep), journal: .once(MergeJournal.merged, target: keep))
  }

  /// Says in the journal that contact `id` is left beside `keep`, its note made.
  static func left(_ id: Int, beside keep: Int) -> WriteStep {
    WriteStep(key: id, write: .mark(target: keep), journal: .once(MergeJournal.left, target: keep))
  }

  private static func request(_ request: WriteRequest, what: String, target: Int) -> WriteStep {
    WriteStep(key: target, write: .request(request, what: what, target: target), journal: .none)
  }

  private static func mapping(_ kind: RecordKind) throws(MonicaError) -> WriteMapping {
    guard let mapping = kind.writes else { throw .internalError("no write mapping for \(kind.object)") }
    return mapping
  }
}

/// The journal's lines of a merge beside those of the records it writes.
enum MergeJournal {
  /// `merged<TAB>contact<TAB>keeper`: the merged contact is deleted.
  static let merged = "merged"
  /// `left<TAB>contact<TAB>keeper`: the merged contact is left beside the keeper, with a note.
  static let left = "left"
  /// `mergenote<TAB>keeper<TAB>note`: the keeper's note of the merge.
  static let keeperNote = "mergenote"
  /// `leftnote<TAB>contact<TAB>note`: the note on a contact left beside the keeper.
  static let leftNote = "leftnote"
}
