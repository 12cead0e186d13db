import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The Python of the environment running the tests, with `modules` installed into it when
/// missing (as `make test-deps` does): the independent parsers that judge vCard and iCalendar.
enum IndependentParsers {
  static func python(with modules: [String]) throws -> String {
    let outer = ProcessInfo.processInfo.environment
    let path = outer["PATH"] ?? "/usr/bin:/bin"
    let python = try sh("command -v python3", env: ["PATH": path]).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    for module in modules {
      let install = try sh(
        """
        "$PYTHON" -c "import $MODULE" 2>/dev/null || "$PYTHON" -m pip install --quiet "$MODULE" \\
          || "$PYTHON" -m pip install --quiet --user --break-system-packages "$MODULE"
        """, env: ["PATH": path, "HOME": outer["HOME"] ?? "/tmp", "PYTHON": python, "MODULE": module])
      try #require(install.status == 0, "\(module) is needed: \(install)")
    }
    return python
  }
}

/// `monica-format ics` judged by Python's icalendar, and the vCard additions of issue 14 by vobject.
@Suite struct CalendarTests {
  /// Reads an .ics with icalendar: one JSON line per component, after checking the bytes
  /// (CRLF only, lines of at most 75 octets, each line valid UTF-8 on its own).
  static let reader = #"""
    import json, re, sys, icalendar
    raw = open(sys.argv[1], "rb").read()
    assert raw.endswith(b"\r\n"), "no CRLF at the end"
    assert b"\n" not in raw.replace(b"\r\n", b""), "a bare LF"
    for line in raw.split(b"\r\n"):
        assert len(line) <= 75, "a line of %d octets" % len(line)
        line.decode("utf-8")  # a fold inside a UTF-8 sequence fails here
    cal = icalendar.Calendar.from_ical(raw.decode("utf-8"))
    # icalendar leaves an X- property's TEXT escaped: undo RFC 5545 3.3.11 here.
    name = re.sub(r"\\([\\,;nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1),
                  cal.get("X-WR-CALNAME").to_ical().decode())
    print(json.dumps({"name": name, "version": str(cal.get("VERSION"))}, ensure_ascii=False))
    for c in cal.walk():
        if c.name not in ("VEVENT", "VTODO"):
            continue
        out = {"kind": c.name, "uid": str(c.get("UID")), "summary": str(c.get("SUMMARY")),
               "stamp": c.decoded("DTSTAMP").strftime("%Y%m%dT%H%M%SZ")}
        if c.get("DTSTART"): out["start"] = c.decoded("DTSTART").isoformat()
        if c.get("DTEND"): out["end"] = c.decoded("DTEND").isoformat()
        if c.get("RRULE"):
            out["rule"] = ";".join(k + "=" + ",".join(map(str, v)) for k, v in sorted(c.get("RRULE").items()))
        if c.get("DESCRIPTION"): out["description"] = str(c.get("DESCRIPTION"))
        if c.get("STATUS"): out["status"] = str(c.get("STATUS"))
        if c.get("COMPLETED"): out["completed"] = c.decoded("COMPLETED").strftime("%Y%m%dT%H%M%SZ")
        alarms = [a for a in c.walk() if a.name == "VALARM"]
        if alarms: out["alarm"] = str(alarms[0].decoded("TRIGGER"))
        print(json.dumps(out, ensure_ascii=False))
    """#

  /// Formats `input` as ICS with `arguments`, then reads it back with icalendar.
  func calendar(_ arguments: String, input: String = "\"$FIX/calendar.ndjson\"") throws -> (
    ShellRun, header: JSONValue, parts: [JSONValue]
  ) {
    let home = try TemporaryHome()
    let python = try IndependentParsers.python(with: ["icalendar"])
    try Self.reader.write(toFile: home.root + "/read.py", atomically: true, encoding: .utf8)
    let env = Fixtures.env(home, ["PYTHON": python])
    let run = try sh(
      "monica-format ics \(arguments) \(input) > out.ics && \"$PYTHON\" read.py out.ics", env: env,
      directory: home.root)
    try #require(run.status == 0, "\(run)")
    let lines = try records(run.stdout)
    return (run, lines.first ?? .null, Array(lines.dropFirst()))
  }

  static let longName = "Zoë-Émilie Ångström-Þórsdóttir 山田太郎 de la Montagne-Sainte-Geneviève"

  @Test("every summary round-trips through icalendar; Feb 29, year-unknown, escaping, folding, UIDs, DTSTAMP")
  func roundTrip() throws {
    let (run, header, parts) = try calendar("--calendar-name 'Family, friends; all'")
    #expect(header["name"]?.stringValue == "Family, friends; all" && header["version"]?.stringValue == "2.0")
    #expect(
      parts.map { $0["summary"]?.stringValue ?? "" } == [
        "Jane Doe's birthday", "Leap Day's birthday", "太郎 山田's birthday", "Old Friend's birthday",
        "Remembering Old Friend", "Comma, Semi; Back\\slash\nSecond line's birthday", Self.longName + "'s birthday",
        "Call Jane", "Pay the rent", "Anniversary", "Return the book", "Book the restaurant", "Send the card",
      ])
    #expect(
      run.stderr
        == """
        monica-format: warning: 1 records that are not contacts, reminders or tasks were left out of the calendar

        """)
    func part(_ uid: String) -> JSONValue? { parts.first { $0["uid"]?.stringValue == uid } }
    let jane = try #require(part("0b6a6c2e-0000-4000-8000-000000000001-birthday"))
    #expect(jane["start"]?.stringValue == "1985-03-14" && jane["end"]?.stringValue == "1985-03-15")
    #expect(jane["rule"]?.stringValue == "FREQ=YEARLY" && jane["description"]?.stringValue == "Born 1985-03-14")
    #expect(jane["stamp"]?.stringValue == "20240502T093000Z")
    // 29 February recurs on the last day of February: the 28th in common years.
    let leap = try #require(part("0b6a6c2e-0000-4000-8000-000000000002-birthday"))
    #expect(
      leap["start"]?.stringValue == "1992-02-29" && leap["rule"]?.stringValue == "BYMONTH=2;BYMONTHDAY=-1;FREQ=YEARLY")
    // A year Monica does not know: no age, no year of birth said.
    let yearless = try #require(part("0b6a6c2e-0000-4000-8000-000000000003-birthday"))
    #expect(yearless["description"] == nil && yearless["start"]?.stringValue == "2024-06-05")
    let died = try #require(part("0b6a6c2e-0000-4000-8000-000000000005-deceased"))
    #expect(died["rule"]?.stringValue == "FREQ=YEARLY" && died["description"]?.stringValue == "Died 2019-11-02")
    #expect(part("e0000000-0000-4000-8000-000000000001")?["rule"]?.stringValue == "FREQ=WEEKLY;INTERVAL=2")
    #expect(
      part("e0000000-0000-4000-8000-000000000001")?["description"]?.stringValue
        == "Ask about the trip;\nbring photos, please\n\nContact: Jane Doe")
    #expect(part("e0000000-0000-4000-8000-000000000002")?["rule"]?.stringValue == "FREQ=MONTHLY")
    #expect(part("e0000000-0000-4000-8000-000000000003")?["rule"]?.stringValue == "FREQ=YEARLY")
    #expect(part("e0000000-0000-4000-8000-000000000004")?["rule"] == nil)
    let pending = try #require(part("c0000000-0000-4000-8000-000000000001"))
    #expect(pending["kind"]?.stringValue == "VTODO" && pending["status"]?.stringValue == "NEEDS-ACTION")
    let done = try #require(part("c0000000-0000-4000-8000-000000000002"))
    #expect(done["status"]?.stringValue == "COMPLETED" && done["completed"]?.stringValue == "20240305T080000Z")
    #expect(Set(parts.map { $0["uid"]?.stringValue ?? "" }).count == parts.count)
    #expect(parts.allSatisfy { $0["alarm"] == nil })
  }

  @Test("the same records give the same bytes; long UTF-8 lines fold between characters")
  func stableAndFolded() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let first = try sh("monica-format ics \"$FIX/calendar.ndjson\" 2>/dev/null", env: env)
    let second = try sh("monica-format ics < \"$FIX/calendar.ndjson\" 2>/dev/null", env: env)
    #expect(first.status == 0 && first.output == second.output)
    let text = first.stdout
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
    // The long name's SUMMARY is over 75 octets: it is folded, and unfolds to the whole.
    let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
    #expect(unfolded.contains("SUMMARY:" + Self.longName + "'s birthday\r\n"))
    #expect(text.contains("\r\n ") && !text.contains("SUMMARY:" + Self.longName))
    #expect(unfolded.contains(#"SUMMARY:Comma\, Semi\; Back\\slash\nSecond line's birthday"#))
  }

  @Test("--alarm adds a VALARM; --since/--until expand occurrences with ages, Feb 29 on the 28th")
  func alarmsAndWindow() throws {
    let (_, _, alarmed) = try calendar("--alarm 2")
    let events = alarmed.filter { $0["kind"]?.stringValue == "VEVENT" }
    #expect(!events.isEmpty && events.allSatisfy { $0["alarm"]?.stringValue == "-2 days, 0:00:00" })
    let (_, _, parts) = try calendar("--since 2025-01-01 --until 2025-12-31")
    func summaries(_ prefix: String) -> [String] {
      parts.filter { $0["uid"]?.stringValue?.hasPrefix(prefix) == true }.map {
        "\($0["start"]?.stringValue ?? "") \($0["summary"]?.stringValue ?? "")"
      }
    }
    #expect(summaries("0b6a6c2e-0000-4000-8000-000000000001") == ["2025-03-14 Jane Doe's birthday (40)"])
    #expect(summaries("0b6a6c2e-0000-4000-8000-000000000002") == ["2025-02-28 Leap Day's birthday (33)"])
    #expect(summaries("0b6a6c2e-0000-4000-8000-000000000003") == ["2025-06-05 太郎 山田's birthday"])
    // The dead have no age: a remembrance and a birthday.
    #expect(
      summaries("0b6a6c2e-0000-4000-8000-000000000005")
        == ["2025-07-09 Old Friend's birthday", "2025-11-02 Remembering Old Friend"])
    // Every two weeks from Monday 6 January: 26 Mondays in 2025.
    #expect(summaries("e0000000-0000-4000-8000-000000000001").count == 26)
    // Monthly on the 31st: the months that have one, as RFC 5545 counts (7 in 2025).
    #expect(
      summaries("e0000000-0000-4000-8000-000000000002").map { String($0.prefix(10)) } == [
        "2025-01-31", "2025-03-31", "2025-05-31", "2025-07-31", "2025-08-31", "2025-10-31", "2025-12-31",
      ])
    #expect(summaries("e0000000-0000-4000-8000-000000000003") == ["2025-06-20 Anniversary"])
    #expect(summaries("e0000000-0000-4000-8000-000000000004") == ["2025-03-01 Return the book"])
    #expect(parts.allSatisfy { $0["rule"] == nil })
    #expect(Set(parts.map { $0["uid"]?.stringValue ?? "" }).count == parts.count)
    let (_, _, march) = try calendar("--since 2025-03-01 --until 2025-03-31")
    // Jane's birthday, Call Jane on 3, 17 and 31 March, the rent on the 31st, the book on the 1st.
    #expect(march.filter { $0["kind"]?.stringValue == "VEVENT" }.count == 1 + 3 + 1 + 1)
  }

  @Test("bad ics options are usage errors; ics options without ics are refused")
  func badOptions() throws {
    let env = Fixtures.env(try TemporaryHome())
    for arguments in [
      "ics --alarm -1", "ics --alarm 400", "ics --since 2025-13-01", "ics --since 2025-02-01 --until 2025-01-01",
      "table --alarm 1", "csv --since 2025-01-01", "ics --photos /tmp", "ics --fields id",
    ] {
      let run = try sh("monica-format \(arguments) < /dev/null", env: env)
      #expect(
        run.status == 64 && run.stderr.hasPrefix("monica-format: error: ") && run.output.isEmpty, "\(arguments): \(run)"
      )
    }
    let empty = try sh("monica-format ics < /dev/null", env: env)
    #expect(
      empty.status == 0 && empty.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && empty.stdout.hasSuffix("END:VCALENDAR\r\n"))
  }

  @Test("a calendar of the sandbox's contacts: an event per day-known birthday and death, parsed by icalendar")
  func sandboxCalendar() throws {
    let sandbox = try Sandbox.start(["--contacts", "186", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let python = try IndependentParsers.python(with: ["icalendar"])
    try Self.reader.write(toFile: sandbox.temporary.root + "/read.py", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-fetch contacts > contacts.ndjson
      monica-format ics < contacts.ndjson > out.ics 2> warnings
      "$PYTHON" read.py out.ics | tail -n +2 | jq -r .summary | sort > parsed
      jq -r '.information.dates | [(.birthdate | select(.date != null and .is_age_based != true)),
        (.deceased_date | select(.date != null and .is_age_based != true))] | length' contacts.ndjson | awk '{ s += $1 } END { print s }'
      wc -l < parsed
      jq -r 'select(.information.dates.birthdate.is_age_based == true) | .id' contacts.ndjson | wc -l
      wc -c < warnings
      """, env: sandbox.signedInEnv.merging(["PYTHON": python]) { $1 }, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let numbers = run.lines.prefix(3).map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
    #expect(numbers.count == 3 && numbers[0] > 50 && numbers[0] == numbers[1], "\(run)")
    // Birthdates guessed from an age (some in the seed) make no event, as no birthdate does.
    #expect(numbers[2] > 0 && run.lines.last?.trimmingCharacters(in: .whitespaces) == "0", "\(run)")
  }

  @Test("the sandbox's reminders become events: uid, title and frequency as an RRULE")
  func sandboxReminders() throws {
    let sandbox = try Sandbox.start(["--contacts", "60", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let python = try IndependentParsers.python(with: ["icalendar"])
    try Self.reader.write(toFile: sandbox.temporary.root + "/read.py", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-fetch reminders > reminders.ndjson
      monica-format ics < reminders.ndjson > out.ics
      "$PYTHON" read.py out.ics | tail -n +2 | jq -c '{uid, summary, rule}' | sort > parsed
      jq -c '{uid: .uuid, summary: .title, rule: (if .frequency_type == "one_time" then null else
          "FREQ=" + {week: "WEEKLY", month: "MONTHLY", year: "YEARLY"}[.frequency_type]
          + (if .frequency_number > 1 then ";INTERVAL=\\(.frequency_number)" else "" end) end)}' reminders.ndjson \
        | sort > expected
      diff expected parsed && wc -l < parsed
      """, env: sandbox.signedInEnv.merging(["PYTHON": python]) { $1 }, directory: sandbox.temporary.root)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect((Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(run)")
  }

  @Test("a stream that repeats a contact gives each UID once, the later record's (icalendar)")
  func repeatedRecords() throws {
    let home = try TemporaryHome()
    let python = try IndependentParsers.python(with: ["icalendar"])
    try Self.reader.write(toFile: home.root + "/read.py", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-format ics "$FIX/calendar.ndjson" > once.ics
      { cat "$FIX/calendar.ndjson"; jq -c 'select(.object == "contact") | .complete_name = "Later " + .complete_name' \
        "$FIX/calendar.ndjson"; } > twice.ndjson
      monica-format ics twice.ndjson > twice.ics
      "$PYTHON" read.py once.ics | tail -n +2 | jq -r .uid | sort > once
      "$PYTHON" read.py twice.ics | tail -n +2 | jq -r .uid | sort > twice
      wc -l < twice
      sort -u twice | wc -l
      diff once twice && echo "same UIDs"
      "$PYTHON" read.py twice.ics | tail -n +2 \\
        | jq -c 'select(.uid | test("-birthday$")) | select(.summary | startswith("Later ") | not)' | wc -l
      """, env: Fixtures.env(home, ["PYTHON": python]), directory: home.root)
    #expect(run.status == 0, "\(run)")
    try #require(run.lines.count == 4, "\(run)")
    #expect((Int(run.lines[0].trimmingCharacters(in: .whitespaces)) ?? 0) > 3, "\(run)")
    #expect(run.lines[0] == run.lines[1] && run.lines[2] == "same UIDs", "\(run)")
    #expect(run.lines[3].trimmingCharacters(in: .whitespaces) == "0", "the later record's names: \(run)")
  }
}
