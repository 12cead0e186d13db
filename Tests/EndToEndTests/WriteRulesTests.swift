import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Monica's write rules as data (`WriteRules` in each kind's catalogue file): a line that breaks
/// them is refused by monica-push before its first request and by `monica-validate --write`, and
/// the checker's messages are the sandbox's 422 answers for the same body.
@Suite struct WriteRulesTests {
  /// One invalid line of each kind the checker covers, and the field it names.
  static let refusedLines: [(line: String, field: String)] = [
    (#"{"object":"contact","last_name":"Only"}"#, "first_name: The first name field is required."),
    (#"{"object":"task","contact_id":1,"title":" "}"#, "title: The title field is required."),
    (#"{"object":"tag","name":""}"#, "name: The name field is required."),
    (
      #"{"object":"address","contact_id":1,"country":{"id":"France"}}"#,
      "country: The country may not be greater than 3"
    ),
    (
      #"{"object":"contactfield","contact_id":1,"contact_field_type_id":1,"data":"\#(String(repeating: "x", count: 256))"}"#,
      "data: The data may not be greater than 255 characters."
    ),
    (#"{"object":"pet","contact_id":1,"pet_category_id":"cat"}"#, "pet_category_id: The pet category id must be"),
    (
      #"{"object":"relationship","contact_is":{"id":1},"of_contact":{"id":2},"relationship_type_id":"friend"}"#,
      "relationship_type_id: The relationship type id must be an integer."
    ),
    (
      #"{"object":"lifeevent","contact_id":1,"life_event_type_id":1,"happened_at":"someday"}"#,
      "happened_at: The happened at is not a valid date."
    ),
    (
      #"{"object":"conversation","contact_id":1,"contact_field_type_id":1,"happened_at":"never"}"#,
      "happened_at: The happened at is not a valid date."
    ),
    (#"{"object":"entry","title":"","post":"p"}"#, "title: The title field is required."),
    (#"{"object":"place","city":"Lyon","latitude":"north"}"#, "latitude: The latitude must be a number."),
    (#"{"object":"company","name":"Acme","number_of_employees":"many"}"#, "number_of_employees: The number"),
    (
      #"{"object":"occupation","contact_id":1,"company_id":1,"title":"Cook","salary_unit":"decade"}"#,
      "salary_unit: The selected salary unit is invalid."
    ),
    (#"{"object":"gender","name":"Other","type":"X"}"#, "type: The selected type is invalid."),
    (
      #"{"object":"activityType","name":"Run","activity_type_category_id":"sport"}"#,
      "activity_type_category_id: The activity type category id must be an integer."
    ),
    (#"{"object":"activityTypeCategory","name":7}"#, "name: The name must be a string."),
    (#"{"object":"contactfieldtype","name":" "}"#, "name: The name field is required."),
    (#"{"object":"place","id":1,"country":{"id":"FRA1"}}"#, "country: The country may not be greater than 3"),
  ]

  @Test("an invalid line of each kind is refused by monica-push (65, nothing sent) and by monica-validate --write")
  func refusedBeforeSending() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "5"])
    defer { sandbox.stop() }
    let work = sandbox.temporary.root
    let input = Self.refusedLines.map { $0.line + "\n" }.joined()
    try input.write(toFile: work + "/bad.ndjson", atomically: true, encoding: .utf8)
    let push = try sh("monica-push --keep-going bad.ndjson", env: sandbox.signedInEnv, directory: work)
    #expect(push.status == 65 && push.stdout.isEmpty, "\(push)")
    let count = Self.refusedLines.count
    for (number, expected) in Self.refusedLines.enumerated() {
      let line = push.stderr.split(separator: "\n").first {
        $0.hasPrefix("monica-push: error: bad.ndjson:\(number + 1): ")
      }
      #expect(line?.contains(expected.field) == true && line?.hasSuffix("nothing was sent") == true, "\(push.stderr)")
    }
    #expect(push.stderr.contains("\(count) of \(count) lines failed"), "\(push.stderr)")
    #expect(sandbox.writes().isEmpty, "\(sandbox.writes())")

    let validate = try sh("monica-validate --write bad.ndjson", env: sandbox.temporary.env, directory: work)
    #expect(validate.status == 65, "\(validate)")
    for (number, expected) in Self.refusedLines.enumerated() {
      #expect(
        validate.stderr.split(separator: "\n").contains {
          $0.hasPrefix("bad.ndjson:\(number + 1): ") && $0.contains(expected.field)
        },
        "line \(number + 1): \(validate.stderr)")
    }
    #expect(validate.stderr.contains("\(count) of \(count) lines break"), "\(validate.stderr)")
  }

  @Test(
    "a contact's parts break Monica's rules for their routes: monica-push --create and validate --write --create refuse (65, nothing sent)"
  )
  func partsRefusedBeforeSending() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "3"])
    defer { sandbox.stop() }
    let work = sandbox.temporary.root
    // A job of 300 characters (UpdateWorkInformation.php:25, max:255) and an avatar source
    // UpdateAvatar does not know (UpdateAvatar.php:25-33): the contact itself is valid.
    let job = String(repeating: "é", count: 300)
    let contact = #""object":"contact","first_name":"Ana","is_birthdate_known":false,"is_deceased":false"#
    let lines = [
      #"{"id":41,\#(contact),"information":{"career":{"job":"\#(job)","company":null}}}"#,
      ##"{"id":42,\##(contact),"information":{"avatar":{"url":null,"source":"sepia","default_avatar_color":"#fff"}}}"##,
    ]
    try lines.map { $0 + "\n" }.joined().write(toFile: work + "/parts.ndjson", atomically: true, encoding: .utf8)
    let push = try sh(
      "monica-push --create --map map.tsv --keep-going parts.ndjson", env: sandbox.signedInEnv, directory: work)
    #expect(push.status == 65 && push.stdout.isEmpty, "\(push)")
    let errors = push.stderr.split(separator: "\n")
    #expect(
      errors.contains {
        $0.hasPrefix("monica-push: error: parts.ndjson:1: job: The job may not be greater than 255 characters.")
          && $0.contains("PUT /contacts/{id}/work") && $0.hasSuffix("nothing was sent")
      }, "\(push.stderr)")
    #expect(
      errors.contains {
        $0.hasPrefix("monica-push: error: parts.ndjson:2: source: The selected source is invalid.")
          && $0.contains("PUT /contacts/{id}/avatar")
      }, "\(push.stderr)")
    #expect(sandbox.writes().isEmpty, "\(sandbox.writes())")

    let validate = try sh("monica-validate --write --create parts.ndjson", env: sandbox.temporary.env, directory: work)
    #expect(validate.status == 65, "\(validate)")
    #expect(
      validate.stderr.contains("parts.ndjson:1: ") && validate.stderr.contains("max:255, UpdateWorkInformation.php:25"))
    #expect(validate.stderr.contains("parts.ndjson:2: ") && validate.stderr.contains("UpdateAvatar.php:25-33"))
  }

  /// Bodies sent as they are to the sandbox and given to the checker: `C` is replaced by a
  /// contact of the sandbox, so that the `exists` rules only the server decides pass.
  static let bodies: [(path: String, object: String, body: String)] = [
    ("contacts", "contact", #"{}"#),
    (
      "contacts", "contact",
      #"{"first_name":"A","nickname":"\#(String(repeating: "x", count: 256))","gender_id":"two","is_birthdate_known":"yes","is_deceased":false,"is_deceased_date_known":0}"#
    ),
    (
      "contacts", "contact",
      #"{"first_name":7,"is_birthdate_known":true,"is_deceased":"2","is_deceased_date_known":false}"#
    ),
    ("activities", "activity", #"{"summary":"s","happened_at":"2024-13-01","contacts":[C]}"#),
    ("activities", "activity", #"{"happened_at":"2024-01-01","contacts":"C","emotions":5}"#),
    ("notes", "note", #"{"body":" ","contact_id":"x","is_favorited":"maybe"}"#),
    ("notes", "note", #"{"body":"b","contact_id":C,"is_favorited":null}"#),
    ("tasks", "task", #"{"contact_id":C}"#),
    ("tasks", "task", #"{"contact_id":"one","title":["t"]}"#),
    ("gifts", "gift", #"{"contact_id":C,"name":"g","status":"wished","amount":"ten","date":"soon"}"#),
    ("gifts", "gift", #"{"contact_id":C,"status":"idea","comment":5}"#),
    ("tags", "tag", #"{"name":5}"#),
    ("tags", "tag", #"{}"#),
    ("calls", "call", #"{"contact_id":C,"called_at":"never","contact_called":"y","emotions":5}"#),
    ("calls", "call", #"{"contact_id":C}"#),
    (
      "reminders", "reminder",
      #"{"contact_id":C,"initial_date":"2024-02-30","frequency_type":"daily","frequency_number":"x","title":"t"}"#
    ),
    ("reminders", "reminder", #"{"contact_id":C,"initial_date":"2024-02-01","frequency_type":"week"}"#),
    ("debts", "debt", #"{"in_debt":"maybe","status":"done","amount":"x","contact_id":C}"#),
    ("debts", "debt", #"{"contact_id":C,"in_debt":"yes","status":"completed"}"#),
    ("journal", "entry", #"{"post":"p"}"#),
    ("journal", "entry", #"{"title":"\#(String(repeating: "é", count: 256))","post":"p"}"#),
    ("addresses", "address", #"{"contact_id":C,"country":"France","latitude":"north"}"#),
    ("addresses", "address", #"{"contact_id":C,"city":5,"labels":"home"}"#),
    ("contactfields", "contactfield", #"{"contact_id":C,"contact_field_type_id":1,"data":"","labels":"home"}"#),
    ("pets", "pet", #"{"contact_id":C,"pet_category_id":"cat"}"#),
    ("pets", "pet", #"{"contact_id":C,"pet_category_id":1,"name":"\#(String(repeating: "p", count: 256))"}"#),
    ("relationships", "relationship", #"{"contact_is":C,"of_contact":"two"}"#),
    (
      "lifeevents", "lifeevent",
      #"{"contact_id":C,"life_event_type_id":1,"happened_at":"2024-01-01","has_reminder":"no"}"#
    ),
    ("conversations", "conversation", #"{"happened_at":"x","contact_id":C}"#),
    ("places", "place", #"{"country":"FRA1","longitude":"east"}"#),
    ("companies", "company", #"{"name":"c","number_of_employees":"many"}"#),
    ("companies", "company", #"{"website":5}"#),
    (
      "occupations", "occupation",
      #"{"contact_id":C,"company_id":1,"title":"t","salary_unit":"decade","start_date":"2024-1-1"}"#
    ),
    ("genders", "gender", #"{"name":"n","type":"X"}"#),
    ("activitytypes", "activityType", #"{"name":"n"}"#),
    ("activitytypecategories", "activityTypeCategory", #"{"name":7}"#),
    ("contactfieldtypes", "contactfieldtype", #"{"name":"n","delible":"yes"}"#),
    (
      "contacts", "contact",
      #"{"first_name":"A","email":5,"is_birthdate_known":false,"birthdate_add_reminder":"x","is_deceased":false,"is_deceased_date_known":false,"deceased_date_add_reminder":"y"}"#
    ),
  ]

  /// The sandbox's messages without those of `exists` rules, which only the server can decide:
  /// Laravel checks `exists` after a failed `integer` too, so both messages come.
  static func local(_ messages: [String], _ rules: WriteRules) -> [String] {
    let server = rules.fields.filter { field in
      field.rules.contains { rule in
        if case .server(let text) = rule { return text.hasPrefix("exists") }
        return false
      }
    }
    let dropped = Set(server.map { "The selected \($0.field.replacingOccurrences(of: "_", with: " ")) is invalid." })
    return messages.filter { !dropped.contains($0) }
  }

  @Test("the sandbox's 422 messages are the checker's for the same body, kind by kind")
  func sandboxAgrees() throws {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "5"])
    defer { sandbox.stop() }
    let first = try sh(
      #"curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/contacts?limit=1" | jq '.data[0].id'"#,
      env: sandbox.env)
    let contact = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(Int(contact) != nil, "\(first)")
    for (path, object, template) in Self.bodies {
      let text = template.replacingOccurrences(of: "C", with: contact)
      let mapping = try #require(WriteMapping.named(object), "\(object)")
      let body = try #require(try JSONValue(parsing: Array(text.utf8)).objectValue, "\(text)")
      let checker = mapping.messages(for: body, operation: .create)
      #expect(!checker.isEmpty, "\(object) \(text) must break a rule")
      let answer = try sh(
        #"curl -s -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" --data-binary @- "$SANDBOX_API/\#(path)""#,
        env: sandbox.env, stdin: text)
      let response = try JSONValue(parsing: Array(answer.stdout.utf8))
      let answered = response["error"]?["message"]?.arrayValue?.compactMap(\.stringValue) ?? []
      let messages = Self.local(answered, mapping.createRules)
      #expect(messages == checker, "\(path) \(text): sandbox \(messages), checker \(checker)")
    }
  }
}
