import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-validate` on data fetched from a real sandbox, whole and broken by hand with jq.
@Suite struct ValidateTests {
  /// Fetches every kind the toolset reads into `all.ndjson` in the sandbox's work directory: the
  /// lists, one contact and a tag's contacts with their fields, a search, and the archived and
  /// partial contacts the plain list leaves out.
  static let fetchEverything = """
    set -e
    for kind in contacts activities notes tasks gifts tags photos me; do monica-fetch "$kind"; done > all.ndjson
    monica-fetch contacts 1 --with-fields >> all.ndjson
    monica-fetch contacts --tag 1 --with-fields >> all.ndjson
    monica-fetch contacts --query an >> all.ndjson
    monica-fetch contacts --query an --with-fields >> all.ndjson
    seq 1 60 | grep -vxF -f <(jq -r 'select(.object == "contact") | .id' all.ndjson) \
      | while read -r id; do monica-fetch contacts "$id"; done >> all.ndjson
    """

  static func sandbox() throws -> (Sandbox, String) {
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "60", "--seed", "3"])
    let directory = sandbox.temporary.root + "/work"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return (sandbox, directory)
  }

  @Test("sandbox data of every kind passes unchanged, from a file and from stdin")
  func everyKindPasses() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    let fetched = try sh(Self.fetchEverything, env: sandbox.signedInEnv, directory: directory)
    #expect(fetched.status == 0, "\(fetched)")
    let kinds = try sh(
      """
      jq -r .object all.ndjson | sort -u | tr '\\n' ' '; echo
      jq -c 'select(.object == "contact") | [.is_partial, .is_active, has("contactFields"), has("created_at")]' \
        all.ndjson | sort -u | tr '\\n' ' '
      """, env: sandbox.env, directory: directory)
    #expect(kinds.lines.first == "activity contact gift note photo tag task user ", "\(kinds)")
    for shape in ["[true,true,false,true]", "[false,false,false,true]", "[false,true,true,true]"] {
      #expect(kinds.lines.last?.contains(shape) == true, "no \(shape) contact: \(kinds)")
    }
    let run = try sh(
      """
      monica-validate all.ndjson > out.ndjson && cmp all.ndjson out.ndjson
      monica-validate - < all.ndjson | cmp - all.ndjson
      wc -l < all.ndjson
      """, env: sandbox.env, directory: directory)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect((Int(run.lines.last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0) > 200, "\(run)")
  }

  @Test("saved API answers pass --envelope unchanged: pages, past the end, nested, search, one record, /me")
  func envelopesPass() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    let run = try sh(
      """
      get() { curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$@"; echo; }
      for kind in contacts activities notes tasks gifts tags photos; do
        get "$SANDBOX_API/$kind?limit=20&page=1" "$SANDBOX_API/$kind?limit=20&page=2" "$SANDBOX_API/$kind?page=99"
      done > pages.json
      get "$SANDBOX_API/contacts/1/notes" "$SANDBOX_API/contacts?query=an" >> pages.json
      get "$SANDBOX_API/contacts/2" >> pages.json
      get "$SANDBOX_API/me" >> pages.json
      monica-validate --envelope pages.json | cmp - pages.json
      wc -l < pages.json
      """, env: sandbox.env, directory: directory)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines.last?.trimmingCharacters(in: .whitespaces) == "10", "\(run)")
  }

  /// One record broken by a jq filter, and the problem it should be named by.
  struct Broken: Sendable, CustomStringConvertible {
    /// Which fetched records to start from (`select(...)`), the first one is taken.
    let pick: String
    /// The jq filter that breaks it.
    let edit: String
    /// `kind #ID: field: problem` with `ID` for the record's id; a prefix when it ends with `…`.
    let expected: String
    var description: String { expected }
  }

  static let broken: [Broken] = [
    Broken(
      pick: #"select(.object == "task" and .completed == false)"#, edit: ".completed = true",
      expected: "task #ID: completed: true, but completed_at is null"),
    Broken(
      pick: #"select(.object == "note" and .is_favorited == false)"#, edit: ".is_favorited = true",
      expected: "note #ID: is_favorited: true, but favorited_at is null"),
    Broken(
      pick: #"select(.object == "gift" and .amount == null)"#, edit: #".value = "12""#,
      expected: #"gift #ID: value: "12" while amount is null"#),
    Broken(
      pick: #"select(.object == "tag")"#, edit: #".created_at = "2030-01-01T00:00:00Z""#,
      expected: #"tag #ID: created_at: "2030-01-01T00:00:00Z" is after updated_at …"#),
    Broken(
      pick:
        #"select(.object == "contact" and .is_partial == false and (.information.relationships.work.contacts | length) == 0)"#,
      edit: ".information.relationships.work.total = 3",
      expected: "contact #ID: information.relationships.work.total: 3, but 0 contacts are listed"),
    Broken(
      pick: #"select(.object == "contact" and .information.dates.birthdate.date != null)"#,
      edit: ".information.dates.birthdate.date = null",
      expected: "contact #ID: information.dates.birthdate.date: null while the date's other keys are set"),
    Broken(
      pick: #"select(.object == "contact" and .is_dead == false and has("created_at"))"#,
      edit:
        #".information.dates.deceased_date = {"is_age_based":false,"is_year_unknown":false,"date":"2001-01-01T00:00:00Z"}"#,
      expected: "contact #ID: information.dates.deceased_date.date: set, but is_dead is false"),
    Broken(
      pick: #"select(.object == "contact" and .is_partial == false and .stay_in_touch_frequency == null)"#,
      edit: ".stay_in_touch_frequency = 7",
      expected: "contact #ID: stay_in_touch_trigger_date: null, but stay_in_touch_frequency is set"),
    Broken(
      pick: #"select(.object == "contact" and has("contactFields"))"#, edit: "del(.notes)",
      expected: "contact #ID: notes: missing, but contactFields is there"),
    Broken(
      pick: #"select(.object == "activity")"#, edit: ".attendees.total = 9",
      expected: "activity #ID: attendees.total: 9, but …"),
    Broken(
      pick: #"select(.object == "gift")"#, edit: #".status = "bought""#,
      expected: #"gift #ID: status: expected one of idea, offered, received, got "bought""#),
    Broken(
      pick: #"select(.object == "gift" and .amount != null)"#, edit: #".amount = "-5.00""#,
      expected: #"gift #ID: amount: "-5.00": a negative amount"#),
    Broken(
      pick: #"select(.object == "gift")"#, edit: #".url = "shop.example.com/x""#,
      expected: #"gift #ID: url: expected an absolute http(s) URL or null, got "shop.example.com/x""#),
    Broken(
      pick: #"select(.object == "note")"#, edit: ".id = 0", expected: "note #?: id: expected a positive integer, got 0"),
    Broken(
      pick: #"select(.object == "activity")"#, edit: #".happened_at = "2023-02-29""#,
      expected: #"activity #ID: happened_at: "2023-02-29": not a real date"#),
    Broken(
      pick: #"select(.object == "task")"#, edit: #".updated_at = "2024-01-01 10:00:00""#,
      expected:
        #"task #ID: updated_at: expected an ISO 8601 timestamp (YYYY-MM-DDTHH:MM:SSZ), got "2024-01-01 10:00:00""#),
    Broken(
      pick: #"select(.object == "tag")"#, edit: #".name = """#, expected: #"tag #ID: name: "": empty"#),
    Broken(
      pick: #"select(.object == "contact" and .is_partial == true)"#, edit: ".tags = []",
      expected: "contact #ID: tags: present, but is_partial is true: a partial contact has no such key"),
    Broken(
      pick: #"select(.object == "contact" and .is_partial == false and has("created_at"))"#, edit: "del(.statistics)",
      expected: "contact #ID: statistics: missing, and is_partial is false"),
    Broken(
      pick: #"select(.object == "note")"#, edit: #".contact.description = "from a full contact""#,
      expected: "note #ID: contact.description: unexpected key: a short contact has no such field"),
    Broken(
      pick: #"select(.object == "photo")"#, edit: #".mime_type = "png""#,
      expected: #"photo #ID: mime_type: expected a media type (type/subtype), got "png""#),
    Broken(
      pick: #"select(.object == "user")"#, edit: #".email = "sam""#,
      expected: #"user #ID: email: expected an e-mail address, got "sam""#),
    Broken(
      pick: #"select(.object == "tag")"#, edit: #".object = "tagg""#,
      expected: #"record #ID: object: "tagg" is not a kind of record the toolset reads …"#),
    Broken(
      pick: #"select(.object == "task")"#, edit: ".contact = 5",
      expected: "task #ID: contact: expected a short contact or null, got 5"),
  ]

  @Test("a hand-broken record for every rule is named by its line; failing records still pass through")
  func brokenNamedByLine() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    var script = Self.fetchEverything + "\n: > broken.ndjson\n"
    for item in Self.broken {
      script += "jq -cn 'first(inputs | \(item.pick)) | \(item.edit)' all.ndjson >> broken.ndjson\n"
    }
    script += "echo '{oops' >> broken.ndjson\n"
    let made = try sh(script, env: sandbox.signedInEnv, directory: directory)
    #expect(made.status == 0, "\(made)")
    let lines = try String(contentsOfFile: directory + "/broken.ndjson", encoding: .utf8).split(separator: "\n")
    try #require(lines.count == Self.broken.count + 1)

    let run = try sh(
      "monica-validate broken.ndjson > out.ndjson; echo $?; cmp broken.ndjson out.ndjson", env: sandbox.env,
      directory: directory)
    #expect(run.lines == ["65"], "\(run)")
    let diagnostics = run.stderr.split(separator: "\n").map(String.init)
    for (index, item) in Self.broken.enumerated() {
      let id = (try? JSONValue(parsing: String(lines[index])))?["id"]?.displayText ?? "?"
      let expected = "broken.ndjson:\(index + 1): " + item.expected.replacingOccurrences(of: "#ID", with: "#\(id)")
      let mine = diagnostics.filter { $0.hasPrefix("broken.ndjson:\(index + 1): ") }
      if expected.hasSuffix("…") {
        #expect(mine.count == 1 && mine[0].hasPrefix(String(expected.dropLast())), "\(expected)\n\(mine)")
      } else {
        #expect(mine == [expected], "\(mine)")
      }
    }
    let last = Self.broken.count + 1
    #expect(diagnostics.contains("broken.ndjson:\(last): invalid JSON: expected a string key at byte 2"))
    #expect(
      diagnostics.last
        == "monica-validate: error: \(last) of \(last) records break Monica's data contract (\(last) problems)")
  }

  @Test("--skip-invalid keeps only what passes and still fails; --report writes NDJSON instead of stderr")
  func skipAndReport() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    let run = try sh(
      Self.fetchEverything + """

        monica-fetch tasks > tasks.ndjson
        jq -c 'if .id == 2 then .completed = (.completed | not) else . end' tasks.ndjson > edited.ndjson
        jq -c 'select(.id != 2)' tasks.ndjson > expected.ndjson
        set +e
        monica-validate --skip-invalid --report problems.ndjson edited.ndjson > kept.ndjson; echo "status $?"
        cmp kept.ndjson expected.ndjson && echo same
        jq -c '[.source, .line, .kind, .id, .field]' problems.ndjson
        grep -n '^{"id":2,' edited.ndjson | cut -d: -f1
        stat -c %a problems.ndjson
        monica-validate --skip-invalid all.ndjson | cmp - all.ndjson && echo clean
        monica-validate --report problems.ndjson all.ndjson > /dev/null && wc -c < problems.ndjson
        """, env: sandbox.signedInEnv, directory: directory)
    let line = run.lines.count > 3 ? run.lines[3] : "?"
    #expect(
      run.lines == [
        "status 65", "same", #"["edited.ndjson",\#(line),"task",2,"completed"]"#, line, "600", "clean", "0",
      ],
      "\(run)")
    let summary = run.stderr.split(separator: "\n")
    #expect(summary.count == 1 && summary[0].hasPrefix("monica-validate: error: 1 of "), "\(run.stderr)")
  }

  @Test("--envelope names a lying meta, wrong links and a broken record inside a page")
  func lyingEnvelope() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    let run = try sh(
      """
      curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" \
        "$SANDBOX_API/tasks?limit=5&page=2" > page.json
      jq -c . page.json > honest.json
      jq -c '.meta.to = 7' page.json > lies.json
      jq -c '.meta.total = 1000' page.json >> lies.json
      jq -c '.links.next = "https://evil.example/api/tasks?page=3"' page.json >> lies.json
      jq -c '.data[1].completed = (.data[1].completed_at == null)' page.json >> lies.json
      jq -c '.meta.current_page = 1' page.json >> lies.json
      jq -r '[.meta.last_page, .meta.total, .data[1].id, .data[1].completed_at == null] | @tsv' page.json
      monica-validate --envelope honest.json | cmp - honest.json && echo honest
      monica-validate --envelope --skip-invalid lies.json | wc -l
      """, env: sandbox.env, directory: directory)
    #expect(run.lines.count == 3 && run.lines[1] == "honest" && run.lines[2] == "0", "\(run)")
    let parts = run.lines.first?.split(separator: "\t").map(String.init) ?? []
    try #require(parts.count == 4)
    let (last, total, id) = (parts[0], parts[1], parts[2])
    let completed = parts[3] == "true" ? "true, but completed_at is null" : "false, but completed_at is set"
    let diagnostics = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      diagnostics.contains("lies.json:1: page #2: meta.to: 7, but from 6 and 5 records end at 10"), "\(diagnostics)")
    #expect(
      diagnostics.contains(
        "lies.json:2: page #2: meta.last_page: \(last), but total 1000 at per_page 5 makes 200 pages"), "\(diagnostics)"
    )
    #expect(
      diagnostics.contains {
        $0.hasPrefix(#"lies.json:3: page #2: links.next: "https://evil.example/api/tasks?page=3" is not on the origin"#)
      }, "\(diagnostics)")
    #expect(diagnostics.contains("lies.json:4: task #\(id): data.1.completed: \(completed)"), "\(diagnostics)")
    #expect(
      diagnostics.contains("lies.json:5: page #1: meta.from: 6, but page 1 at per_page 5 starts at record 1"),
      "\(diagnostics)")
    #expect(diagnostics.last?.hasPrefix("monica-validate: error: 5 of 5 envelope lines break") == true)
    #expect(Int(total) ?? 0 > 10)
  }

  @Test("inputs: a missing file is 66, - is stdin in order, a closed pipe is success; --list-rules")
  func inputs() throws {
    let (sandbox, directory) = try Self.sandbox()
    defer { sandbox.stop() }
    let run = try sh(
      """
      monica-fetch tags > tags.ndjson
      monica-validate tags.ndjson nosuch.ndjson > out.ndjson; echo "missing $?"; cmp out.ndjson tags.ndjson && echo kept
      head -n 1 tags.ndjson | monica-validate tags.ndjson - tags.ndjson | wc -l
      for i in $(seq 400); do cat tags.ndjson; done > many.ndjson
      monica-validate many.ndjson | head -n 1 | wc -l; echo "pipe ${PIPESTATUS[0]}"
      monica-validate --report - < /dev/null; echo "report $?"
      monica-validate --list-rules | grep -c 'app/Services/Task/UpdateTask.php:51-52'
      """, env: sandbox.signedInEnv, directory: directory)
    #expect(run.lines == ["missing 66", "kept", "17", "1", "pipe 0", "report 64", "1"], "\(run)")
    #expect(run.stderr.contains("monica-validate: error: nosuch.ndjson: no such file or directory"), "\(run)")
    #expect(run.stderr.contains("monica-validate: error: --report -: stdout carries the records"), "\(run)")
  }
}
