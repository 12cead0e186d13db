import MonicaKit
import Testing

@Suite struct WriteRuleTests {
  @Test("values Laravel's validator refuses are named with the rule's place; what it takes passes")
  func problems() throws {
    let task = try #require(WriteMapping.named("task"))
    let bad = task.problems(in: JSONObject(["title": .string("Call"), "completed": .string("yes")]))
    #expect(bad == [#"completed: must be true or false (UpdateTask.php:23), got "yes""#])
    for good in [JSONValue.bool(true), .string("1"), .int(0), .null] {
      #expect(task.problems(in: JSONObject(["completed": good])).isEmpty, "\(good)")
    }
    let reminder = try #require(WriteMapping.named("reminder"))
    #expect(reminder.problems(in: JSONObject(["frequency_type": .string("daily")])).count == 1)
    #expect(reminder.problems(in: JSONObject(["initial_date": .string("2024-02-30")])).count == 1)
    #expect(reminder.problems(in: JSONObject(["initial_date": .string("2024-02-29")])).isEmpty)
    let contact = try #require(WriteMapping.named("contact"))
    #expect(contact.problems(in: JSONObject(["nickname": .string(String(repeating: "x", count: 256))])).count == 1)
    #expect(contact.problems(in: JSONObject(["birthdate_year": .string("nineteen")])).count == 1)
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
