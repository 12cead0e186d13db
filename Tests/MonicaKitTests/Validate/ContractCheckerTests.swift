import Foundation
import MonicaAPI
import MonicaSandbox
import Testing

@testable import MonicaKit

/// The catalogue's rules on seeded records of every kind, each broken by hand.
@Suite struct ContractCheckerTests {
  static let base = "http://127.0.0.1:8080"
  static let contents = SeedData.make(seed: 7, contacts: 80, baseURL: base)

  /// `field: problem` of each problem `monica-validate` finds in a record given as JSON text.
  static func problems(_ text: String) -> [String] {
    var scanner = RecordScanner()
    var checker = ContractChecker()
    var found: [RecordDiagnostic] = []
    Array(text.utf8).withUnsafeBufferPointer { line in
      ContractValidator.checkRecord(line, source: "t", line: 1, scanner: &scanner, checker: &checker, into: &found)
    }
    return found.map { ($0.field.map { $0 + ": " } ?? "") + $0.problem }
  }

  /// The problems of a record.
  static func problems(_ record: JSONObject) -> [String] {
    problems(JSONWriter.monica.string(.object(record)))
  }

  /// The first seeded record of `kind` that `matches`.
  static func seeded(_ kind: RecordKind, _ matches: (JSONObject) -> Bool = { _ in true }) -> JSONObject {
    contents[kind].all.first(where: matches) ?? JSONObject()
  }

  /// `record` with the value at a dotted path replaced (`nil` removes it); array elements by index.
  static func setting(_ record: JSONObject, _ path: String, _ value: JSONValue?) -> JSONObject {
    guard case .object(let result) = set(.object(record), path.split(separator: ".").map(String.init)[...], value)
    else { return record }
    return result
  }

  private static func set(_ current: JSONValue, _ path: ArraySlice<String>, _ value: JSONValue?) -> JSONValue {
    guard let key = path.first else { return value ?? .null }
    switch current {
    case .object(var object):
      if path.count == 1 {
        object[key] = value
      } else if let inner = object[key] {
        object[key] = set(inner, path.dropFirst(), value)
      }
      return .object(object)
    case .array(var elements):
      guard let index = Int(key), elements.indices.contains(index) else { return current }
      if path.count == 1, value == nil {
        elements.remove(at: index)
      } else {
        elements[index] = set(elements[index], path.dropFirst(), value)
      }
      return .array(elements)
    default:
      return current
    }
  }

  static let task = seeded(.task)
  static let note = seeded(.note)
  static let gift = seeded(.gift)
  static let tag = seeded(.tag)
  static let photo = seeded(.photo)
  static let activity = seeded(.activity)
  static let contact = seeded(.contact) { $0["is_partial"] == .bool(false) }
  static let partial = seeded(.contact) { $0["is_partial"] == .bool(true) }
  static let short = note["contact"]?.objectValue ?? JSONObject()

  @Test("seeded records of every kind, partial and short contacts, contact fields and the user pass")
  func seededPass() throws {
    var records: [JSONObject] = []
    for kind in RecordKind.all { records += Self.contents[kind].all + SeedData.reference(kind) }
    records.append(Self.contents.user)
    records.append(Self.short)
    let fields = Self.contents.contactFields[1] ?? []
    records.append(RecordShapes.withContactFields(Self.contact, fields: fields, notes: [.object(Self.note)]))
    #expect(records.contains { $0["is_partial"] == .bool(true) })
    #expect(!fields.isEmpty)
    for record in records {
      let found = Self.problems(record)
      #expect(found.isEmpty, "\(record["object"]?.displayText ?? "?") #\(record["id"]?.displayText ?? "?"): \(found)")
    }
  }

  @Test("every kind of the catalogue has its contract, each named once")
  func everyKind() {
    let names = RecordContract.catalogue.map(\.object)
    #expect(names == RecordKind.objects)
    #expect(Set(names).count == names.count)
    for kind in RecordKind.all { #expect(RecordContract.named(kind.object)?.object == kind.object) }
  }

  /// A record broken in one way, the check it breaks (when it is one of the named ones), and the
  /// problem expected first.
  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let check: String?
    let record: JSONObject
    let expected: String
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "created_at after updated_at", check: "record.timestamps",
      record: setting(
        setting(task, "created_at", .string("2024-02-01T00:00:00Z")), "updated_at",
        .string("2024-01-01T00:00:00Z")),
      expected: #"created_at: "2024-02-01T00:00:00Z" is after updated_at "2024-01-01T00:00:00Z""#),
    Case(
      name: "an offset counts in the order", check: "record.timestamps",
      record: setting(
        setting(task, "created_at", .string("2024-01-01T10:00:00+02:00")), "updated_at",
        .string("2024-01-01T07:30:00Z")),
      expected: #"created_at: "2024-01-01T10:00:00+02:00" is after updated_at "2024-01-01T07:30:00Z""#),
    Case(
      name: "a completed task without completed_at", check: "task.completed",
      record: setting(setting(task, "completed", .bool(true)), "completed_at", .null),
      expected: "completed: true, but completed_at is null"),
    Case(
      name: "a pending task with completed_at", check: "task.completed",
      record: setting(setting(task, "completed", .bool(false)), "completed_at", .string("2024-01-01T00:00:00Z")),
      expected: "completed: false, but completed_at is set"),
    Case(
      name: "a favourite without favorited_at", check: "note.favorited",
      record: setting(setting(note, "is_favorited", .bool(true)), "favorited_at", .null),
      expected: "is_favorited: true, but favorited_at is null"),
    Case(
      name: "an amount without its value", check: "gift.amount",
      record: setting(
        setting(setting(gift, "amount", .string("12.50")), "value", .string("")), "amount_with_currency",
        .string("$12.50")),
      expected: #"value: empty while amount is "12.50""#),
    Case(
      name: "a value without an amount", check: "gift.amount",
      record: setting(
        setting(setting(gift, "amount", .null), "value", .string("12.5")), "amount_with_currency",
        .string("")),
      expected: #"value: "12.5" while amount is null"#),
    Case(
      name: "a relationship total that does not count", check: "contact.relationships.total",
      record: setting(contact, "information.relationships.love.total", .int(2)),
      expected: "information.relationships.love.total: 2, but 0 contacts are listed"),
    Case(
      name: "half a special date", check: "special-date.whole",
      record: setting(
        contact, "information.dates.birthdate",
        .object(
          JSONObject([
            "is_age_based": .bool(false), "is_year_unknown": .null, "date": .string("1990-05-01T00:00:00Z"),
          ]))),
      expected: "information.dates.birthdate.is_year_unknown: null while the date's other keys are set"),
    Case(
      name: "a living contact with a deceased date", check: "contact.living",
      record: setting(
        setting(contact, "is_dead", .bool(false)), "information.dates.deceased_date",
        .object(
          JSONObject([
            "is_age_based": .bool(false), "is_year_unknown": .bool(false), "date": .string("2001-01-01T00:00:00Z"),
          ]))),
      expected: "information.dates.deceased_date.date: set, but is_dead is false"),
    Case(
      name: "a living short contact with a deceased date", check: "contact.living",
      record: setting(
        note, "contact.information.deceased_date",
        .object(
          JSONObject([
            "is_age_based": .bool(false), "is_year_unknown": .bool(false), "date": .string("2001-01-01T00:00:00Z"),
          ]))),
      expected: "contact.information.deceased_date.date: set, but is_dead is false"),
    Case(
      name: "a frequency without a trigger date", check: "contact.stay-in-touch",
      record: setting(setting(contact, "stay_in_touch_frequency", .int(7)), "stay_in_touch_trigger_date", .null),
      expected: "stay_in_touch_trigger_date: null, but stay_in_touch_frequency is set"),
    Case(
      name: "contact fields without notes", check: "contact.with-fields",
      record: RecordShapes.withContactFields(contact, fields: [], notes: []).removingNotes,
      expected: "notes: missing, but contactFields is there"),
    Case(
      name: "more than the latest 3 notes", check: "contact.with-fields",
      record: RecordShapes.withContactFields(contact, fields: [], notes: Array(repeating: .object(note), count: 4)),
      expected: "notes: 4 notes, but Monica adds only the latest 3"),
    Case(
      name: "an attendee total that does not count", check: "activity.attendees.total",
      record: setting(activity, "attendees.total", .int(5)),
      expected:
        "attendees.total: 5, but \(activity["attendees"]?["contacts"]?.arrayValue?.count == 1 ? "1 contact is" : "2 contacts are") listed"
    ),
    Case(
      name: "a missing required key", check: nil, record: setting(tag, "name", nil), expected: "name: missing"),
    Case(
      name: "an empty tag name", check: nil, record: setting(tag, "name", .string("  ")),
      expected: #"name: "  ": empty"#),
    Case(
      name: "an id as a string", check: nil, record: setting(task, "id", .string("7")),
      expected: #"id: expected a positive integer, got "7""#),
    Case(
      name: "an id of 0", check: nil, record: setting(note, "id", .int(0)),
      expected: "id: expected a positive integer, got 0"
    ),
    Case(
      name: "a negative account id", check: nil, record: setting(tag, "account.id", .int(-1)),
      expected: "account.id: expected a positive integer, got -1"),
    Case(
      name: "a fractional id", check: nil, record: setting(tag, "id", .number("1.0")),
      expected: "id: expected a positive integer, got 1.0"),
    Case(
      name: "a bad uuid", check: nil, record: setting(note, "uuid", .string("not-a-uuid")),
      expected: #"uuid: expected a UUID, got "not-a-uuid""#),
    Case(
      name: "a timestamp without its T and zone", check: nil,
      record: setting(task, "updated_at", .string("2024-01-01 10:00:00")),
      expected: #"updated_at: expected an ISO 8601 timestamp (YYYY-MM-DDTHH:MM:SSZ), got "2024-01-01 10:00:00""#),
    Case(
      name: "a 29 February of a common year", check: nil,
      record: setting(
        setting(task, "created_at", .string("2023-02-29T00:00:00Z")), "updated_at",
        .string("2023-03-01T00:00:00Z")),
      expected: #"created_at: "2023-02-29T00:00:00Z": not a real date"#),
    Case(
      name: "an hour 24", check: nil, record: setting(tag, "updated_at", .string("2024-01-01T24:00:00Z")),
      expected: #"updated_at: "2024-01-01T24:00:00Z": not a real time of day"#),
    Case(
      name: "a 13th month in happened_at", check: nil, record: setting(activity, "happened_at", .string("2023-13-01")),
      expected: #"happened_at: "2023-13-01": not a real date"#),
    Case(
      name: "a date with slashes", check: nil, record: setting(gift, "date", .string("01/02/2023")),
      expected: #"date: expected a date (YYYY-MM-DD) or null, got "01/02/2023""#),
    Case(
      name: "an unknown gift status", check: nil, record: setting(gift, "status", .string("bought")),
      expected: #"status: expected one of idea, offered, received, got "bought""#),
    Case(
      name: "a negative amount", check: nil,
      record: setting(
        setting(setting(gift, "amount", .string("-3.00")), "value", .string("-3")),
        "amount_with_currency", .string("-$3.00")),
      expected: #"amount: "-3.00": a negative amount"#),
    Case(
      name: "an amount that is a number", check: nil, record: setting(gift, "amount", .number("12.5")),
      expected: "amount: expected an amount (a decimal number as a string) or null, got 12.5"),
    Case(
      name: "a gift URL without a scheme", check: nil, record: setting(gift, "url", .string("www.example.com/x")),
      expected: #"url: expected an absolute http(s) URL or null, got "www.example.com/x""#),
    Case(
      name: "a note URL with a space", check: nil,
      record: setting(note, "url", .string("http://127.0.0.1:8080/api/notes/ 1")),
      expected: #"url: expected an absolute http(s) URL, got "http://127.0.0.1:8080/api/notes/ 1""#),
    Case(
      name: "an unknown kind", check: nil, record: setting(tag, "object", .string("tagg")),
      expected:
        #"object: "tagg" is not a kind of record the toolset reads ("# + RecordKind.objects.joined(separator: ", ")
        + ")"
    ),
    Case(
      name: "no kind at all", check: nil, record: setting(tag, "object", nil),
      expected: "object: missing: the kind of record is unknown"),
    Case(
      name: "a key Monica does not send", check: nil, record: setting(task, "due_date", .string("tomorrow")),
      expected: "due_date: unexpected key: a task has no such field"),
    Case(
      name: "a partial contact with a key only full ones have", check: nil,
      record: setting(partial, "url", .string("\(base)/api/contacts/3")),
      expected: "url: present, but is_partial is true: a partial contact has no such key"),
    Case(
      name: "a real contact that lost a key", check: nil, record: setting(contact, "statistics", nil),
      expected: "statistics: missing, and is_partial is false"),
    Case(
      name: "a partial contact whose information has a full key", check: nil,
      record: setting(partial, "information.career", .object(JSONObject(["job": .null, "company": .null]))),
      expected: "information.career: present, but is_partial is true: a partial contact has no such key"),
    Case(
      name: "a full contact where a short one belongs", check: nil, record: setting(note, "contact", .object(contact)),
      expected: "contact.description: unexpected key: a short contact has no such field"),
    Case(
      name: "a short contact with a full contact's dates", check: nil,
      record: setting(short, "information.dates", .object(JSONObject())),
      expected: "information.dates: unexpected key: a short contact's information has no such field"),
    Case(
      name: "a task's contact that is not an object", check: nil, record: setting(task, "contact", .int(5)),
      expected: "contact: expected a short contact or null, got 5"),
    Case(
      name: "an avatar source Monica does not have", check: nil,
      record: setting(contact, "information.avatar.source", .string("selfie")),
      expected: #"information.avatar.source: expected one of default, adorable, gravatar, photo, got "selfie""#),
    Case(
      name: "an avatar colour by name", check: nil,
      record: setting(contact, "information.avatar.default_avatar_color", .string("red")),
      expected: #"information.avatar.default_avatar_color: expected a colour (#rrggbb), got "red""#),
    Case(
      name: "a photo whose data URL is not base64", check: nil,
      record: setting(photo, "dataUrl", .string("data:image/png;base64,iVBOR%%%")),
      expected: #"dataUrl: "data:image/png;base64,iVBOR%%%": a data: URL whose base64 is not base64"#),
    Case(
      name: "a media type without a subtype", check: nil, record: setting(photo, "mime_type", .string("png")),
      expected: #"mime_type: expected a media type (type/subtype), got "png""#),
    Case(
      name: "a user whose e-mail has no @", check: nil, record: setting(contents.user, "email", .string("sam")),
      expected: #"email: expected an e-mail address, got "sam""#),
    Case(
      name: "a tag of a contact with an empty name", check: nil,
      record: setting(
        setting(contact, "tags", .array([.object(tag)])), "tags.0.name", .string("")),
      expected: #"tags.0.name: "": empty"#),
    Case(
      name: "a filesize below 0", check: nil, record: setting(photo, "filesize", .int(-5)),
      expected: "filesize: expected an integer of at least 0, got -5"),
  ]

  @Test("a hand-broken record is named by its field and problem", arguments: cases)
  func broken(_ broken: Case) {
    let found = Self.problems(broken.record)
    #expect(found.first == broken.expected, "\(found)")
  }

  @Test("every named check of the catalogue and of page envelopes has a broken record")
  func everyCheckIsBroken() {
    let covered = Set(Self.cases.compactMap(\.check) + ContractValidatorTests.coveredChecks)
    let names = RuleListing.checks().map(\.name)
    #expect(names.count >= 13)
    #expect(Set(names).subtracting(covered).isEmpty, "untested: \(Set(names).subtracting(covered).sorted())")
  }

  @Test("a key written twice is a problem; escaped keys still match")
  func keys() {
    let tag = JSONWriter.monica.string(.object(Self.tag))
    let twice = String(tag.dropLast()) + #","name":"again"}"#
    #expect(Self.problems(twice) == ["name: appears twice"])
    let escaped = tag.replacingOccurrences(of: #""name":"#, with: #""n\u0061me":"#)
    #expect(Self.problems(escaped).isEmpty)
  }

  @Test("a short contact alone passes, a line that is not JSON is named without a kind")
  func shapes() {
    #expect(Self.problems(Self.short).isEmpty)
    #expect(Self.problems("{oops") == ["invalid JSON: expected a string key at byte 2"])
    #expect(Self.problems("[1]") == ["not a JSON object but an array"])
  }
}

extension JSONObject {
  /// The object without its `notes` key.
  fileprivate var removingNotes: JSONObject {
    var copy = self
    copy["notes"] = nil
    return copy
  }
}
