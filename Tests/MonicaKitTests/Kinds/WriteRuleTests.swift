import MonicaKit
import Testing

@Suite struct WriteRuleTests {
  @Test("values Laravel's validator refuses are named with the field, the rule and its place; what it takes passes")
  func problems() throws {
    let task = try #require(WriteMapping.named("task"))
    let today = try #require(CalendarDate(year: 2024, month: 6, day: 1))
    let line = JSONObject(["object": .string("task"), "id": .int(3), "completed": .string("yes")])
    #expect(
      task.problems(line: line, creating: false, today: today)
        == [#"completed: The completed field must be true or false. (boolean, UpdateTask.php:23), got "yes""#])
    for good in [JSONValue.bool(true), .string("1"), .int(0)] {
      #expect(task.updateRules.problems(in: JSONObject(["completed": good]), whole: false).isEmpty, "\(good)")
    }
    #expect(task.updateRules.problems(in: JSONObject(["completed": .null]), whole: false).count == 1)
    let create = JSONObject(["object": .string("task"), "contact_id": .int(1), "title": .string("  ")])
    #expect(
      task.problems(line: create, creating: true, today: today)
        == ["title: The title field is required. (required, CreateTask.php:21)"])
    let reminder = try #require(WriteMapping.named("reminder"))
    #expect(reminder.updateRules.problems(in: JSONObject(["initial_date": .string("2024-02-29")])).count == 3)
    #expect(reminder.updateRules.problems(in: JSONObject(["initial_date": .string("2024-02-29")]), whole: false) == [])
  }

  /// For each kind monica-push writes, bodies Monica refuses and its messages in its order, read
  /// from the services' `rules()` and resources/lang/en/validation.php at v4.1.2.
  static let refused: [(object: String, create: Bool, body: String, messages: [String])] = [
    (
      "contact", true, #"{}"#,
      [
        "The first name field is required.", "The is birthdate known field is required.",
        "The is deceased field is required.", "The is deceased date known field is required.",
      ]
    ),
    (
      "contact", true,
      #"{"first_name":"A","nickname":"\#(String(repeating: "x", count: 256))","gender_id":"two","is_birthdate_known":"yes","is_deceased":false,"is_deceased_date_known":0}"#,
      [
        "The nickname may not be greater than 255 characters.", "The gender id must be an integer.",
        "The is birthdate known field must be true or false.",
      ]
    ),
    (
      "contact", false,
      #"{"first_name":"A","is_birthdate_known":true,"birthdate_day":"1st","is_deceased":null,"is_deceased_date_known":false}"#,
      ["The birthdate day must be an integer."]
    ),
    (
      "activity", true, #"{"summary":"s","happened_at":"2024-13-01","contacts":"1","emotions":[]}"#,
      [
        "The happened at is not a valid date.", "The happened at does not match the format Y-m-d.",
        "The contacts must be an array.",
      ]
    ),
    (
      "note", true, #"{"body":" ","contact_id":"x","is_favorited":"maybe"}"#,
      [
        "The body field is required.", "The contact id must be an integer.",
        "The is favorited field must be true or false.",
      ]
    ),
    ("task", true, #"{"contact_id":1}"#, ["The title field is required."]),
    ("task", false, #"{"contact_id":1,"title":"t","completed":"yes"}"#, ["The completed field must be true or false."]),
    (
      "gift", true, #"{"contact_id":1,"name":"g","status":"wished","amount":"ten","date":"soon"}"#,
      ["The selected status is invalid.", "The amount must be a number.", "The date is not a valid date."]
    ),
    ("tag", true, #"{"name":5}"#, ["The name must be a string."]),
    (
      "call", true, #"{"contact_id":1,"called_at":"never","contact_called":"y","emotions":5}"#,
      [
        "The called at is not a valid date.", "The contact called field must be true or false.",
        "The emotions must be an array.",
      ]
    ),
    (
      "reminder", true,
      #"{"contact_id":1,"initial_date":"2024-02-30","frequency_type":"daily","frequency_number":"x","title":"t"}"#,
      [
        "The initial date does not match the format Y-m-d.", "The selected frequency type is invalid.",
        "The frequency number must be an integer.",
      ]
    ),
    (
      "debt", true, #"{"in_debt":"maybe","status":"done","amount":"x","contact_id":1}"#,
      ["The selected in debt is invalid.", "The selected status is invalid.", "The amount must be a number."]
    ),
    ("entry", true, #"{"post":"p"}"#, ["The title field is required."]),
    (
      "entry", true, #"{"title":"\#(String(repeating: "é", count: 256))","post":"p"}"#,
      ["The title may not be greater than 255 characters."]
    ),
    (
      "address", true, #"{"contact_id":1,"country":"France","latitude":"north"}"#,
      ["The country may not be greater than 3 characters.", "The latitude must be a number."]
    ),
    (
      "contactfield", true, #"{"contact_id":1,"contact_field_type_id":1,"data":"","labels":"home"}"#,
      ["The data field is required.", "The labels must be an array."]
    ),
    ("pet", true, #"{"contact_id":1,"pet_category_id":"cat"}"#, ["The pet category id must be an integer."]),
    (
      "relationship", true, #"{"contact_is":1,"of_contact":"two"}"#,
      ["The of contact must be an integer.", "The relationship type id field is required."]
    ),
    (
      "lifeevent", true, #"{"contact_id":1,"life_event_type_id":1,"happened_at":"2024-01-01","has_reminder":"no"}"#,
      [
        "The has reminder field must be true or false.", "The happened at month unknown field is required.",
        "The happened at day unknown field is required.",
      ]
    ),
    (
      "conversation", true, #"{"happened_at":"x","contact_id":1}"#,
      ["The happened at is not a valid date.", "The contact field type id field is required."]
    ),
    (
      "place", true, #"{"country":"FRA1","longitude":"east"}"#,
      ["The country may not be greater than 3 characters.", "The longitude must be a number."]
    ),
    ("company", true, #"{"name":"c","number_of_employees":"many"}"#, ["The number of employees must be an integer."]),
    (
      "occupation", true,
      #"{"contact_id":1,"company_id":1,"title":"t","salary_unit":"decade","start_date":"2024-1-1"}"#,
      ["The selected salary unit is invalid.", "The start date does not match the format Y-m-d."]
    ),
    ("gender", true, #"{"name":"n","type":"X"}"#, ["The selected type is invalid."]),
    ("activityType", true, #"{"name":"n"}"#, ["The activity type category id field is required."]),
    ("activityTypeCategory", true, #"{"name":7}"#, ["The name must be a string."]),
    ("contactfieldtype", true, #"{"name":"n","delible":"yes"}"#, ["The delible must be an integer."]),
  ]

  @Test("each kind's bodies are refused with Monica's messages, in its order")
  func refusedBodies() throws {
    for (object, create, text, messages) in Self.refused {
      let mapping = try #require(WriteMapping.named(object), "\(object)")
      let body = try #require(try JSONValue(parsing: Array(text.utf8)).objectValue, "\(text)")
      #expect(mapping.messages(for: body, operation: create ? .create : .update) == messages, "\(object) \(text)")
    }
    let message = JSONObject(["written_at": .string("2024-01-01"), "content": .string(" ")])
    #expect(
      WriteRules.conversationMessage.problems(in: WriteRules.messageBody(message)).map(\.message)
        == ["The content field is required."])
  }

  @Test("Laravel's types as PHP reads them: integers, numbers, booleans, dates, arrays")
  func laravelTypes() throws {
    let rules = WriteRules(
      "T.php",
      [
        ("i", "nullable|integer", "1"), ("n", "nullable|numeric", "2"), ("b", "nullable|boolean", "3"),
        ("d", "nullable|date", "4"), ("a", "nullable|array", "5"), ("s", "string|max:3", "6"),
      ])
    func refused(_ field: String, _ value: JSONValue) -> Bool {
      !rules.problems(in: JSONObject([JSONObject.Member(field, value)]), whole: false).isEmpty
    }
    for good in [JSONValue.int(12), .string("-4"), .string(" 7 "), .number("2.0"), .bool(true), .null] {
      #expect(!refused("i", good), "\(good)")
    }
    for bad in [JSONValue.string("012"), .string("1.5"), .number("1.5"), .bool(false), .array([])] {
      #expect(refused("i", bad), "\(bad)")
    }
    for good in [JSONValue.string("1e3"), .string(".5"), .number("-3.25")] { #expect(!refused("n", good), "\(good)") }
    for bad in [JSONValue.string("ten"), .bool(true), .string("0x1A")] { #expect(refused("n", bad), "\(bad)") }
    for bad in [JSONValue.string("yes"), .string("true"), .int(2)] { #expect(refused("b", bad), "\(bad)") }
    #expect(!refused("d", .string("2024-02-29 10:00:00")) && refused("d", .string("2023-02-29")))
    #expect(!refused("a", .object(JSONObject())) && refused("a", .string("x")))
    #expect(!refused("s", .string(" abc ")) && refused("s", .string("abcd")) && refused("s", .null))
  }

  @Test("every writable kind has Monica's rules, each for a field the kind sends, each with its place")
  func everyKindRuled() throws {
    let writable = RecordKind.all.compactMap(\.writes)
    #expect(writable.count == 23)
    for mapping in writable {
      #expect(!mapping.createRules.fields.isEmpty, "\(mapping.object)")
      let sent = Set(mapping.fields.map(\.name))
      for rules in [mapping.createRules, mapping.updateRules] {
        #expect(rules.file.hasPrefix("app/"), "\(mapping.object)")
        for field in rules.fields {
          #expect(field.source.wholeMatch(of: /[A-Za-z]+\.php:\d+(-\d+)?/) != nil, "\(field.source)")
          // The route's id (`gift_id` of PUT /gifts/{id}) is the controller's, never a line's.
          if field.fromRoute {
            #expect(rules == mapping.updateRules && field.field.hasSuffix("_id"), "\(mapping.object).\(field.field)")
            continue
          }
          let unsent = ["email", "birthdate_add_reminder", "deceased_date_add_reminder", "delible"]
          #expect(sent.contains(field.field) || unsent.contains(field.field), "\(mapping.object).\(field.field)")
        }
      }
    }
  }

  @Test("an exists rule is decided by whoever has the rows, at its place in Monica's order")
  func existsDecided() throws {
    let gift = try #require(WriteMapping.named("gift"))
    let body = JSONObject([
      "contact_id": .string("x"), "name": .string("g"), "status": .string("idea"), "recipient_id": .int(9),
    ])
    #expect(gift.createRules.problems(in: body).map(\.message) == ["The contact id must be an integer."])
    let decided = gift.createRules.problems(in: body) { field, rule, _ in
      field == "recipient_id" && rule == "exists:contacts,id"
    }
    #expect(decided.map(\.message) == ["The contact id must be an integer.", "The selected contact id is invalid."])
  }

  @Test("a create line's unknown members are named with the write fields meant")
  func unknownFields() throws {
    let contact = try #require(WriteMapping.named("contact"))
    let line = JSONObject([
      "object": .string("contact"), "first_name": .string("A"), "colour": .string("red"),
      "birthdate": .string("1990-02-29"), "created_at": .string("2024-01-01T00:00:00Z"),
    ])
    let unknown = contact.unknownFields(in: line)
    #expect(unknown.map(\.name) == ["colour", "birthdate"])
    #expect(unknown.last?.meant.contains("birthdate_day") == true)
  }

  @Test("Monica's input middlewares: strings trimmed, empty ones null, at any depth, passwords untouched")
  func cleaned() {
    let input = JSONObject([
      "body": .string("  note \t\n"), "name": .string("   "), "password": .string(" secret "),
      "tags": .array([.string(" a "), .string("")]), "nested": .object(JSONObject(["x": .string("\u{200B}y ")])),
    ])
    #expect(
      MonicaInput.cleaned(input)
        == JSONObject([
          "body": .string("note"), "name": .null, "password": .string(" secret "),
          "tags": .array([.string("a"), .null]), "nested": .object(JSONObject(["x": .string("y")])),
        ]))
  }
}
