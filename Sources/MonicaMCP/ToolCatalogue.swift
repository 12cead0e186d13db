import MonicaKit

/// One tool the server offers: its name, what it does, its arguments as a JSON Schema, and
/// whether it writes. Task-shaped, not endpoint-shaped: a person is named, never numbered.
package struct ToolDefinition: Sendable {
  /// The tool's name (`find_contact`).
  package let name: String
  /// A human title.
  package let title: String
  /// What it does and how to use it, for the model.
  package let description: String
  /// The arguments: `name: (JSON Schema, required)`, in order.
  package let arguments: [(name: String, schema: JSONValue, required: Bool)]
  /// Whether it only reads (`readOnlyHint`); a write tool only adds (`destructiveHint` false).
  package let readOnly: Bool

  /// The argument names.
  package var argumentNames: [String] { arguments.map(\.name) }

  /// The input schema: an object of the arguments, nothing else.
  package var inputSchema: JSONValue {
    .object(
      JSONObject([
        "type": .string("object"),
        "properties": .object(JSONObject(arguments.map { JSONObject.Member($0.name, $0.schema) })),
        "required": .array(arguments.filter(\.required).map { .string($0.name) }),
        "additionalProperties": .bool(false),
      ]))
  }
}

/// The schemas the tools' arguments are made of.
enum Schema {
  static func string(_ description: String, maxLength: Int = 1_000) -> JSONValue {
    .object(
      JSONObject([
        "type": .string("string"), "description": .string(description), "minLength": .int(1),
        "maxLength": .int(maxLength),
      ]))
  }

  static func integer(_ description: String, minimum: Int, maximum: Int) -> JSONValue {
    .object(
      JSONObject([
        "type": .string("integer"), "description": .string(description), "minimum": .int(minimum),
        "maximum": .int(maximum),
      ]))
  }

  static func day(_ description: String) -> JSONValue {
    .object(
      JSONObject([
        "type": .string("string"), "description": .string(description),
        "pattern": .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"),
      ]))
  }

  static func choice(_ description: String, _ values: [String]) -> JSONValue {
    .object(
      JSONObject([
        "type": .string("string"), "description": .string(description),
        "enum": .array(values.map(JSONValue.string)),
      ]))
  }

  static func strings(_ description: String) -> JSONValue {
    .object(
      JSONObject([
        "type": .string("array"), "description": .string(description),
        "items": .object(JSONObject(["type": .string("string"), "minLength": .int(1), "maxLength": .int(250)])),
        "minItems": .int(1), "maxItems": .int(50),
      ]))
  }
}

extension ToolDefinition {
  private static let contact = (
    name: "contact",
    schema: Schema.string(
      "The person: a name (\"Ana\", \"Ana Lima\", a nickname), an e-mail address or a phone number. A name that "
        + "fits several contacts returns the candidates and nothing else: call again with contact_id.",
      maxLength: 200),
    required: false
  )
  private static let contactID = (
    name: "contact_id",
    schema: Schema.integer(
      "The contact's id, as find_contact lists it (instead of contact).", minimum: 1, maximum: Int(Int32.max)),
    required: false
  )
  private static let confirm = (
    name: "confirm",
    schema: Schema.string(
      "The confirmation key of the plan this tool answered without it. Leave it out first: the answer shows what "
        + "would be written and its key; show the plan to the user, and call again with the same arguments and "
        + "the key to write it. A repeated confirmed call writes nothing more.",
      maxLength: 64),
    required: false
  )

  /// Every tool, reads first.
  package static let all: [ToolDefinition] = reads + writes

  /// The tools that only read.
  package static let reads: [ToolDefinition] = [
    ToolDefinition(
      name: "find_contact", title: "Find a contact",
      description:
        "Lists the contacts a name, e-mail address or phone number may mean, with id, uuid and a line that tells "
        + "namesakes apart (birthday, e-mail, job, nickname). Never guesses: several candidates are all listed.",
      arguments: [
        ("query", Schema.string("A name, nickname, e-mail address or phone number.", maxLength: 200), true)
      ], readOnly: true),
    ToolDefinition(
      name: "brief_contact", title: "Brief on a contact",
      description:
        "Who the person is, how they relate to others, last calls and activities, open tasks, next birthday and "
        + "recent notes, in one call.",
      arguments: [contact, contactID], readOnly: true),
    ToolDefinition(
      name: "upcoming", title: "Upcoming birthdays and reminders",
      description: "Birthdays and reminders from today through the next N days, computed as monica-remind does.",
      arguments: [("days", Schema.integer("How many days ahead (default 14).", minimum: 0, maximum: 366), false)],
      readOnly: true),
    ToolDefinition(
      name: "overdue", title: "Contacts to get back in touch with",
      description:
        "Contacts whose stay-in-touch date has passed, or not talked to (last call or activity) for N days, "
        + "longest first.",
      arguments: [
        ("days", Schema.integer("Not talked to for this many days (default 90).", minimum: 1, maximum: 3650), false),
        ("limit", Schema.integer("At most this many contacts (default 20).", minimum: 1, maximum: 100), false),
      ], readOnly: true),
    ToolDefinition(
      name: "search_notes", title: "Search notes",
      description: "Notes whose text contains the words given (case and accents aside), newest first.",
      arguments: [
        ("text", Schema.string("The words to look for.", maxLength: 200), true),
        ("limit", Schema.integer("At most this many notes (default 20).", minimum: 1, maximum: 100), false),
      ], readOnly: true),
  ]

  /// The tools that write: each answers with a plan and its confirmation key first.
  package static let writes: [ToolDefinition] = [
    ToolDefinition(
      name: "log_interaction", title: "Log a call or an activity",
      description: "Records a call with a person, or an activity done with them, on a day (default today).",
      arguments: [
        contact, contactID,
        (
          "kind",
          Schema.choice("A call or an activity (default call).", [RecordKind.call.object, RecordKind.activity.object]),
          false
        ),
        ("summary", Schema.string("What it was about.", maxLength: 255), true),
        ("date", Schema.day("The day, YYYY-MM-DD (default today)."), false), confirm,
      ], readOnly: false),
    ToolDefinition(
      name: "add_note", title: "Add a note",
      description: "Adds a note to a person.",
      arguments: [
        contact, contactID, ("body", Schema.string("The note's text.", maxLength: ToolArguments.maximumText), true),
        confirm,
      ], readOnly: false),
    ToolDefinition(
      name: "add_reminder", title: "Add a reminder",
      description: "Adds a reminder about a person: once, or every N weeks, months or years from a day.",
      arguments: [
        contact, contactID, ("title", Schema.string("What to be reminded of.", maxLength: 255), true),
        ("date", Schema.day("The (first) day, YYYY-MM-DD."), true),
        ("frequency", Schema.choice("How often (default one_time).", ["one_time", "week", "month", "year"]), false),
        (
          "every", Schema.integer("Every this many weeks, months or years (default 1).", minimum: 1, maximum: 100),
          false
        ),
        confirm,
      ], readOnly: false),
    ToolDefinition(
      name: "add_task", title: "Add a task",
      description: "Adds an open task about a person.",
      arguments: [
        contact, contactID, ("title", Schema.string("The task.", maxLength: 255), true),
        ("description", Schema.string("More about it.", maxLength: 10_000), false), confirm,
      ], readOnly: false),
    ToolDefinition(
      name: "complete_task", title: "Complete a task",
      description: "Marks a task done, by its id as brief_contact lists it.",
      arguments: [
        ("task_id", Schema.integer("The task's id.", minimum: 1, maximum: Int(Int32.max)), true), confirm,
      ], readOnly: false),
    ToolDefinition(
      name: "tag", title: "Tag a contact",
      description: "Gives a person tags by name (missing tags are made); tags they have stay.",
      arguments: [contact, contactID, ("tags", Schema.strings("The tags' names."), true), confirm], readOnly: false),
  ]

  /// The tool named `name`, if any.
  package static func named(_ name: String) -> ToolDefinition? { all.first { $0.name == name } }
}
