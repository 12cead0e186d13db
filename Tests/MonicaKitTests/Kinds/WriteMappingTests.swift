import MonicaKit
import Testing

/// The table of write fields: what each kind sends, from which record field, and the rules of
/// Monica's services that it encodes.
@Suite("WriteMapping")
struct WriteMappingTests {
  let today = CalendarDate(year: 2026, month: 11, day: 23) ?? CalendarDate.today()

  func object(_ text: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: text).objectValue)
  }

  /// A contact as GET /api/contacts/{id} prints it, trimmed to what matters here.
  let contactRecord = """
    {"id":9,"object":"contact","first_name":"Severine","last_name":"Dubois","nickname":null,
     "complete_name":"Severine Dubois","description":"Climbing partner","is_partial":false,"is_active":true,
     "is_dead":true,"information":{"dates":{
       "birthdate":{"is_age_based":false,"is_year_unknown":true,"date":"2026-03-13T00:00:00Z"},
       "deceased_date":{"is_age_based":false,"is_year_unknown":false,"date":"2014-01-16T00:00:00Z"}},
       "career":{"job":"Chef","company":null}},
     "tags":[{"id":1,"object":"tag","name":"family"},{"id":6,"object":"tag","name":"tennis"}],
     "statistics":{"number_of_notes":2}}
    """

  @Test("every kind: a route, unique write names, and the fields its services require")
  func table() {
    #expect(
      WriteMapping.objects == [
        "contact", "activity", "note", "task", "gift", "tag", "call", "conversation", "reminder", "debt", "entry",
        "address", "contactfield", "pet", "relationship", "lifeevent", "occupation", "gender", "place", "company",
        "activityType", "activityTypeCategory", "contactfieldtype",
      ])
    for mapping in WriteMapping.all {
      let names = mapping.fields.map(\.name)
      #expect(Set(names).count == names.count, "\(mapping.object) repeats a write field")
      #expect(mapping.path == "/" + (RecordKind.named(mapping.object)?.name ?? ""))
      // Journal entries are the one kind whose route is not named after its object.
      #expect(mapping.path.hasPrefix("/" + mapping.object.prefix(5)) || mapping.path == "/journal")
    }
    let required = [
      "contact": ["first_name", "is_birthdate_known", "is_deceased", "is_deceased_date_known"],
      "activity": ["summary", "happened_at", "contacts"], "note": ["body", "contact_id"],
      "task": ["title", "completed"], "gift": ["contact_id", "name", "status"], "tag": ["name"],
      "call": ["contact_id", "called_at"],
      "reminder": ["contact_id", "initial_date", "frequency_type", "frequency_number", "title"],
      "debt": ["in_debt", "status", "amount", "contact_id"], "pet": ["pet_category_id", "contact_id"],
      // CreateRelationship.php:19-24, CreateLifeEvent.php:21-31 (name and note read unguarded),
      // CreateConversation.php:20-25.
      "relationship": ["contact_is", "of_contact", "relationship_type_id"],
      "lifeevent": [
        "contact_id", "life_event_type_id", "happened_at", "name", "note", "has_reminder", "happened_at_month_unknown",
        "happened_at_day_unknown",
      ],
      "conversation": ["happened_at", "contact_id", "contact_field_type_id"],
    ]
    for (object, fields) in required {
      let names = WriteMapping.named(object)?.fields.map(\.name) ?? []
      #expect(fields.allSatisfy(names.contains), "\(object) lacks one of \(fields)")
    }
    #expect(WriteMapping.named("photo") == nil && WriteMapping.named("user") == nil)
  }

  @Test("contact: is_dead, the birthdate and deceased date parts, the names, from a fetched record")
  func contactBody() throws {
    let record = try object(contactRecord)
    let body = RecordKind.contact.writes!.body(line: JSONObject(), record: record, operation: .update, today: today)
    #expect(
      JSONWriter.plain.string(.object(body))
        == #"{"first_name":"Severine","last_name":"Dubois","nickname":null,"description":"Climbing partner","#
        + #""is_partial":false,"is_birthdate_known":true,"birthdate_day":13,"birthdate_month":3,"#
        + #""birthdate_is_age_based":false,"is_deceased":true,"is_deceased_date_known":true,"#
        + #""deceased_date_day":16,"deceased_date_month":1,"deceased_date_year":2014}"#)
    // An age-based birthdate goes back as an age: createFromAge puts it on 1 January.
    let aged = try object(
      #"{"first_name":"A","information":{"dates":{"birthdate":{"is_age_based":true,"is_year_unknown":false,"#
        + #""date":"1996-01-01T00:00:00Z"}}}}"#)
    let agedBody = RecordKind.contact.writes!.body(line: aged, record: aged, operation: .create, today: today)
    #expect(agedBody["birthdate_age"] == .int(30) && agedBody["birthdate_is_age_based"] == .bool(true))
    #expect(agedBody["birthdate_day"] == nil && agedBody["is_deceased"] == .bool(false))
    #expect(agedBody["is_deceased_date_known"] == .bool(false))
  }

  @Test("a partial line merged onto the server's copy keeps every other field")
  func merge() throws {
    let record = try object(contactRecord)
    let line = try object(#"{"object":"contact","id":9,"nickname":"Sev"}"#)
    let mapping = RecordKind.contact.writes!
    let before = mapping.body(line: JSONObject(), record: record, operation: .update, today: today)
    let after = mapping.body(
      line: line, record: mapping.merged(line, onto: record), operation: .update, today: today)
    var expected = before
    expected["nickname"] = .string("Sev")
    #expect(after == expected)
    // A special date is replaced whole: a new date with a year is not kept year-unknown.
    let dated = try object(#"{"information":{"dates":{"birthdate":{"date":"1990-04-02T00:00:00Z"}}}}"#)
    let redated = mapping.body(
      line: dated, record: mapping.merged(dated, onto: record), operation: .update, today: today)
    #expect(redated["birthdate_year"] == .int(1990) && redated["birthdate_day"] == .int(2))
    #expect(redated["deceased_date_year"] == .int(2014))
    // Write names win over record fields, and birthdate parts given alone make the date known.
    let written = try object(#"{"is_deceased":false,"birthdate_day":5,"birthdate_month":6}"#)
    let rewritten = mapping.body(
      line: written, record: mapping.merged(written, onto: record), operation: .update, today: today)
    #expect(rewritten["is_deceased"] == .bool(false) && rewritten["is_birthdate_known"] == .bool(true))
    #expect(rewritten["birthdate_day"] == .int(5) && rewritten["birthdate_month"] == .int(6))
  }

  @Test("task: completed is not sent on create and needs an update after it; the contact is fixed")
  func task() throws {
    let mapping = RecordKind.task.writes!
    let line = try object(#"{"object":"task","contact":{"id":4},"title":"T","completed":true}"#)
    let create = mapping.body(line: line, record: line, operation: .create, today: today)
    #expect(JSONWriter.plain.string(.object(create)) == #"{"contact_id":4,"title":"T"}"#)
    #expect(mapping.setAfterCreate == ["completed"])
    let server = try object(
      #"{"id":7,"object":"task","title":"T","description":"D","completed":false,"contact":{"id":4}}"#)
    let done = try object(#"{"object":"task","id":7,"completed":true}"#)
    let update = mapping.body(line: done, record: mapping.merged(done, onto: server), operation: .update, today: today)
    #expect(
      JSONWriter.plain.string(.object(update)) == #"{"contact_id":4,"title":"T","description":"D","completed":true}"#)
    #expect(mapping.refusal(line: done, current: server, id: 7, today: today) == nil)
    let moved = try object(#"{"object":"task","id":7,"contact_id":5}"#)
    #expect(mapping.refusal(line: moved, current: server, id: 7, today: today)?.contains("cannot move") == true)
    let same = try object(#"{"object":"task","id":7,"contact":{"id":"4"}}"#)
    #expect(mapping.refusal(line: same, current: server, id: 7, today: today) == nil)
  }

  @Test("activity, note, gift, tag: ids from the embedded records, values as printed")
  func items() throws {
    let activity = try object(
      #"{"summary":"Lunch","description":null,"happened_at":"2024-05-01","activity_type":{"id":3,"name":"x"},"#
        + #""attendees":{"total":2,"contacts":[{"id":12},{"id":14}]},"emotions":[{"id":2,"name":"joy"}]}"#)
    #expect(
      JSONWriter.plain.string(
        .object(RecordKind.activity.writes!.body(line: activity, record: activity, operation: .create, today: today)))
        == #"{"summary":"Lunch","description":null,"happened_at":"2024-05-01","activity_type_id":3,"#
        + #""emotions":[2],"contacts":[12,14]}"#)
    let note = try object(#"{"body":"b","is_favorited":true,"contact":{"id":5},"url":"u","object":"note"}"#)
    #expect(
      JSONWriter.plain.string(
        .object(RecordKind.note.writes!.body(line: note, record: note, operation: .create, today: today)))
        == #"{"body":"b","contact_id":5,"is_favorited":true}"#)
    let gift = try object(
      #"{"name":"Book","comment":null,"url":"https://e.x","amount":"12.50","value":"12.50","status":"idea","#
        + #""date":"2024-12-24","recipient":{"id":8},"contact":{"id":5},"photos":[]}"#)
    #expect(
      JSONWriter.plain.string(
        .object(RecordKind.gift.writes!.body(line: gift, record: gift, operation: .create, today: today)))
        == #"{"contact_id":5,"name":"Book","status":"idea","comment":null,"url":"https://e.x","amount":"12.50","#
        + #""date":"2024-12-24","recipient_id":8}"#)
    let noRecipient = try object(#"{"name":"Book","status":"idea","recipient":null,"contact":{"id":5}}"#)
    #expect(
      RecordKind.gift.writes!.body(line: noRecipient, record: noRecipient, operation: .create, today: today)[
        "recipient_id"]
        == nil)
    let tag = try object(#"{"name":"family","name_slug":"family"}"#)
    #expect(
      RecordKind.tag.writes!.body(line: tag, record: tag, operation: .update, today: today)
        == JSONObject(["name": .string("family")]))
  }

  @Test("--dry-run's partial body: only what the line gives")
  func partial() throws {
    let line = try object(#"{"object":"contact","id":9,"nickname":"Sev","is_dead":false}"#)
    #expect(
      JSONWriter.plain.string(
        .object(RecordKind.contact.writes!.partialBody(line: line, operation: .update, today: today)))
        == #"{"nickname":"Sev","is_deceased":false}"#)
    let task = try object(#"{"object":"task","id":7,"completed":true}"#)
    #expect(
      RecordKind.task.writes!.partialBody(line: task, operation: .update, today: today)
        == JSONObject(["completed": .bool(true)]))
  }

  @Test("tags: a desired state of names, reached by unsetting ids, then setting names")
  func tags() throws {
    let record = try object(contactRecord)
    let line = try object(#"{"tags":["family"," work ",{"name":"book club"},"family",""]}"#)
    let desired = try RecordKind.contact.writes!.desiredTags(line).get()
    #expect(desired == ["family", "work", "book club"])
    let changes = WriteMapping.tagChanges(current: record, desired: desired ?? [])
    #expect(changes.unset == [6] && changes.set == ["work", "book club"])
    #expect((try? RecordKind.contact.writes!.desiredTags(try object(#"{"tags":[1]}"#)).get()) == nil)
    #expect(try RecordKind.contact.writes!.desiredTags(try object(#"{"nickname":"x"}"#)).get() == nil)
    #expect(try RecordKind.task.writes!.desiredTags(try object(#"{"tags":["x"]}"#)).get() == nil)
  }

  @Test("what no write field reaches is reported; a search result's is_active is refused")
  func unwritable() throws {
    let record = try object(contactRecord)
    var line = record
    line["complete_name"] = .string("Someone Else")
    line["nickname"] = .string("Sev")
    line["information"] = .object(
      JSONObject([
        "dates": record["information"]?["dates"] ?? .null,
        "career": .object(JSONObject(["job": .string("Baker"), "company": .null])),
      ]))
    #expect(
      RecordKind.contact.writes!.unwritableChanges(line: line, current: record)
        == ["complete_name", "information.career.job"])
    #expect(RecordKind.contact.writes!.unwritableChanges(line: record, current: record).isEmpty)
    line["is_active"] = .bool(false)
    #expect(
      RecordKind.contact.writes!.refusal(line: line, current: record, id: 9, today: today)?.contains("search") == true)
  }

  @Test("requests: paths, methods, and which may be sent again")
  func requests() {
    let contact = RecordKind.contact.writes!
    #expect(
      contact.request(.create, body: JSONObject(["first_name": .string("A")])).line()
        == #"POST /api/contacts {"first_name":"A"}"#)
    #expect(contact.request(.update, id: "9").line() == "PUT /api/contacts/9")
    #expect(contact.request(.setTags, id: "9").path == "/contacts/9/setTags")
    #expect(contact.request(.unsetTag, id: "9").path == "/contacts/9/unsetTag")
    #expect(contact.request(.delete, id: "9").method == "DELETE")
    #expect(!contact.request(.create).repeatable)
    #expect([.read, .update, .delete, .setTags, .unsetTag].allSatisfy { contact.request($0, id: "9").repeatable })
  }
}
