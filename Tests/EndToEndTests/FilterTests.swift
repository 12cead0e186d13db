import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-filter` on the committed fixtures and on sandbox data, in real pipelines.
@Suite struct FilterTests {
  func filter(_ arguments: String, _ file: String = "contacts.ndjson") throws -> ShellRun {
    let home = try TemporaryHome()
    return try sh("monica-filter \(arguments) < \"$FIX/\(file)\"", env: Fixtures.env(home))
  }

  @Test(
    "each condition keeps exactly its records",
    arguments: [
      ("--dead", "contacts.ndjson", ["contact:2"]),
      ("--alive", "contacts.ndjson", ["contact:1", "contact:3", "contact:4", "contact:5", "contact:6", "contact:7"]),
      ("--partial", "contacts.ndjson", ["contact:4"]),
      ("--real", "contacts.ndjson", ["contact:1", "contact:2", "contact:3", "contact:5", "contact:6", "contact:7"]),
      ("--starred", "contacts.ndjson", ["contact:1", "contact:6"]),
      ("--archived", "contacts.ndjson", ["contact:6"]),
      ("--active --alive --real", "contacts.ndjson", ["contact:1", "contact:3", "contact:5", "contact:7"]),
      ("--tag family", "contacts.ndjson", ["contact:1", "contact:2"]),
      ("--tag 'book club' --tag Family", "contacts.ndjson", ["contact:1", "contact:2", "contact:6"]),
      ("--name ELO", "contacts.ndjson", ["contact:2"]),
      ("--name muller", "contacts.ndjson", ["contact:2"]),
      ("--name 山", "contacts.ndjson", ["contact:3"]),
      ("--name 'zoë'", "contacts.ndjson", ["contact:6"]),
      ("--name salda", "contacts.ndjson", ["contact:6"]),
      ("--name annie", "contacts.ndjson", ["contact:7"]),
      ("--name حداد", "contacts.ndjson", ["contact:5"]),
      // 29 February falls on 28 February in 2025; Ann's year is unknown and still counts.
      ("--birthday-within 0 --today 2025-02-28", "contacts.ndjson", ["contact:2", "contact:7"]),
      ("--birthday-within 0 --today 2024-02-28", "contacts.ndjson", []),
      ("--birthday-within 0 --today 2024-02-29", "contacts.ndjson", ["contact:2", "contact:7"]),
      ("--birthday-within 7 --today 2024-12-26", "contacts.ndjson", ["contact:5", "contact:6"]),
      ("--birthday-within 0 --today 2030-06-05", "contacts.ndjson", ["contact:3"]),
      ("--object note", "mixed.ndjson", ["note:1", "note:2"]),
      ("--object note --favorited", "mixed.ndjson", ["note:1"]),
      ("--favorited", "mixed.ndjson", ["note:1"]),
      ("--completed", "mixed.ndjson", ["task:1"]),
      ("--pending", "mixed.ndjson", ["task:2"]),
      ("--status idea", "mixed.ndjson", ["gift:2"]),
      ("--status received", "mixed.ndjson", ["gift:3"]),
      ("--dead", "mixed.ndjson", ["contact:2"]),
      ("--contact 1", "mixed.ndjson", ["contact:1", "note:1", "gift:1", "activity:1", "task:1", "photo:1"]),
      ("--contact 3", "mixed.ndjson", ["activity:1", "note:2", "gift:2"]),
      ("--contact 5", "mixed.ndjson", ["gift:2"]),
      ("--contact 2", "mixed.ndjson", ["contact:2", "activity:2"]),
      ("--since 2024-04-01 --until 2024-04-30", "mixed.ndjson", ["note:1", "activity:1", "note:2", "gift:2"]),
      ("--since 2024-05-01", "mixed.ndjson", ["contact:1", "activity:2"]),
      ("--since 2024-05-02T09:30:00Z", "mixed.ndjson", ["contact:1"]),
      ("--until 2023-12-31", "mixed.ndjson", ["gift:3"]),
      ("--date-field created_at --since 2024-04-11", "mixed.ndjson", ["activity:1", "note:2", "activity:2"]),
      ("--date-field date --until 2024-01-01", "mixed.ndjson", ["gift:3"]),
      // Never seen: a null last_activity_together, kept only when asked; notes have no such field.
      ("--date-field last_activity_together --until 2024-01-01", "contacts.ndjson", []),
      // A partial contact (4) has no last_activity_together at all: it is not "never seen".
      ("--date-field last_activity_together --until 2024-01-01 --include-undated", "contacts.ndjson", []),
      (
        "--date-field last_activity_together --until 2024-04-20 --include-undated", "mixed.ndjson",
        ["contact:1", "contact:2"]
      ),
      ("--date-field date --since 2024-01-01 --include-undated --object gift", "mixed.ndjson", ["gift:1", "gift:2"]),
      ("--where status=offered", "mixed.ndjson", ["gift:1"]),
      ("--where 'information.career.job~^Eng'", "mixed.ndjson", ["contact:1"]),
      ("--where 'tags.name=book club'", "contacts.ndjson", ["contact:6"]),
      ("--where id=3 --object contact", "contacts.ndjson", ["contact:3"]),
      (
        "--where description=null --object contact", "contacts.ndjson",
        ["contact:2", "contact:3", "contact:4", "contact:5", "contact:6", "contact:7"]
      ),
      ("--has information.career.job", "contacts.ndjson", ["contact:1", "contact:3"]),
      ("--missing statistics", "contacts.ndjson", ["contact:4"]),
      ("--has attendees.contacts.0.id --object activity", "mixed.ndjson", ["activity:1", "activity:2"]),
      (
        "--dead --invert", "contacts.ndjson",
        ["contact:1", "contact:3", "contact:4", "contact:5", "contact:6", "contact:7"]
      ),
      (
        "--object contact --invert", "mixed.ndjson",
        [
          "note:1", "task:2", "gift:1", "activity:1", "task:1", "note:2", "gift:2", "activity:2", "gift:3", "tag:10",
          "photo:1", "user:1",
        ]
      ),
    ])
  func condition(arguments: String, file: String, expected: [String]) throws {
    let run = try filter(arguments, file)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.isEmpty)
    #expect(try ids(run) == expected)
  }

  @Test("records pass through byte for byte: key order, \\/ and \\u escapes, trailing spaces")
  func passThrough() throws {
    let run = try filter("--alive --partial --invert")
    let input = try Fixtures.lines("contacts.ndjson")
    #expect(run.lines == [0, 1, 2, 4, 5, 6].map { input[$0] })
    #expect(run.stdout.contains(#"\u592a\u90ce"#) && run.stdout.contains(#"http:\/\/127.0.0.1"#))
    let home = try TemporaryHome()
    let spaced = try sh(
      "printf ' {\"object\":\"note\", \"id\" : 1}  \\r\\n' | monica-filter --object note | od -c | head -2",
      env: Fixtures.env(home))
    #expect(spaced.stdout.contains("{   \"   o   b   j"), "\(spaced)")
  }

  @Test("a bad line stops with source:line after the records before it; --skip-invalid warns per line")
  func badInput() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let input =
      "{\"object\":\"note\",\"id\":1}\n\n{\"object\":\"note\",\"id\":2}\n{\"object\":\"note\",\"id\":3\n[1,2]\n{\"object\":\"note\",\"id\":4}\n"
    let stopped = try sh("monica-filter --object note", env: env, stdin: input)
    #expect(stopped.status == 65)
    #expect(stopped.lines == [#"{"object":"note","id":1}"#, #"{"object":"note","id":2}"#])
    #expect(stopped.stderr == "monica-filter: error: stdin:4: invalid JSON: unexpected end of input at byte 24\n")
    let skipped = try sh("monica-filter --object note --skip-invalid", env: env, stdin: input)
    #expect(skipped.status == 0)
    #expect(skipped.lines.count == 3)
    #expect(
      skipped.stderr.split(separator: "\n") == [
        "monica-filter: warning: stdin:4: invalid JSON: unexpected end of input at byte 24, line skipped",
        "monica-filter: warning: stdin:5: not a JSON object but an array, line skipped",
      ])
    let named = try sh(
      "printf '{\"a\":1}\\n\"text\"\\n' > bad.ndjson; monica-filter bad.ndjson", env: env, directory: home.root)
    #expect(named.status == 65 && named.stdout == "{\"a\":1}\n")
    #expect(named.stderr == "monica-filter: error: bad.ndjson:2: not a JSON object but a string\n")
  }

  @Test("--include-undated keeps the contacts never seen (a null date), not records without the field")
  func undated() throws {
    let home = try TemporaryHome()
    let records = [
      #"{"object":"contact","id":1,"last_activity_together":"2022-05-01T00:00:00.000000Z"}"#,
      #"{"object":"contact","id":2,"last_activity_together":"2025-05-01T00:00:00.000000Z"}"#,
      #"{"object":"contact","id":3,"last_activity_together":null}"#,
      #"{"object":"contact","id":4,"is_partial":true}"#, #"{"object":"note","id":5}"#,
    ]
    let old = "--date-field last_activity_together --until 2024-01-01"
    let without = try sh("monica-filter \(old)", env: home.env, stdin: records.joined(separator: "\n"))
    #expect(try ids(without) == ["contact:1"], "\(without)")
    let with = try sh("monica-filter \(old) --include-undated", env: home.env, stdin: records.joined(separator: "\n"))
    #expect(try ids(with) == ["contact:1", "contact:3"], "\(with)")
  }

  @Test("usage errors exit 64, a missing file 66, a closed pipe 0 with nothing said")
  func statuses() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    for arguments in [
      "--dead --alive", "--object planet", "--where nothing", "--where 'a~('", "--status lost",
      "--today 2024-13-01 --birthday-within 3", "--has a..b", "--since yesterday", "--completed --pending",
      "--include-undated",
    ] {
      let run = try sh("monica-filter \(arguments) < /dev/null", env: env)
      #expect(run.status == 64, "\(arguments): \(run)")
      #expect(run.stderr.contains("rror"), "\(arguments): \(run)")
    }
    let missing = try sh("monica-filter /nonexistent.ndjson", env: env)
    #expect(missing.status == 66)
    #expect(missing.stderr == "monica-filter: error: /nonexistent.ndjson: no such file or directory\n")
    let closed = try sh(
      "for i in $(seq 3000); do cat \"$FIX/contacts.ndjson\"; done > big.ndjson; monica-filter --alive big.ndjson | head -n 1",
      env: env, directory: home.root)
    #expect(closed.status == 0 && closed.stderr.isEmpty && closed.lines.count == 1)
  }

  @Test("on sandbox contacts, --dead keeps what jq's select(.is_dead) keeps, byte for byte")
  func sandboxContacts() throws {
    let sandbox = try Sandbox.start(["--contacts", "300", "--seed", "7", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      for page in 1 2 3; do
        curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/contacts?limit=100&page=$page" | jq -c '.data[]'
      done > contacts.ndjson
      monica-filter --dead contacts.ndjson > ours
      jq -c 'select(.is_dead)' contacts.ndjson > theirs
      cmp ours theirs && wc -l < ours && wc -l < contacts.ndjson
      """, env: sandbox.env, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    // The plain list leaves archived contacts out: fewer than 300 come back.
    #expect(run.lines.count == 2 && Int(run.lines[0]) ?? 0 > 0 && Int(run.lines[1]) ?? 0 > 200, "\(run)")
  }

  @Test(
    "used by: monica-fetch contacts | monica-filter --dead | monica-format table",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: binDirectory + "/monica-fetch"), "monica-fetch is not built yet")
  )
  func fetchPipeline() throws {
    let sandbox = try Sandbox.start(["--contacts", "120", "--seed", "3", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh("monica-fetch contacts | monica-filter --dead | monica-format table", env: sandbox.signedInEnv)
    let dead = try sh(
      "monica-fetch contacts | jq -r 'select(.is_dead) | .id'", env: sandbox.signedInEnv)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines.first?.hasPrefix(" ID  NAME") == true || run.lines.first?.hasPrefix("ID  NAME") == true, "\(run)")
    #expect(run.lines.count == dead.lines.count + 1)
    #expect(run.lines.dropFirst().allSatisfy { $0.contains("⚰") })
  }
}
