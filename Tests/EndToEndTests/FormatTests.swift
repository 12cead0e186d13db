import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-format`: a golden file per format, display rules, widths, colour, sorting, failures.
@Suite struct FormatTests {
  func format(_ arguments: String, _ file: String = "contacts.ndjson", env extra: [String: String] = [:]) throws
    -> ShellRun
  {
    let home = try TemporaryHome()
    return try sh("monica-format \(arguments) < \"$FIX/\(file)\"", env: Fixtures.env(home, extra))
  }

  @Test(
    "each format matches its golden file",
    arguments: [
      ("table", "contacts.ndjson", "contacts.table.txt"),
      ("", "mixed.ndjson", "mixed.table.txt"),
      ("tsv", "mixed.ndjson", "mixed.tsv"),
      ("csv", "contacts.ndjson", "contacts.csv"),
      (
        "csv --fields id,first_name,last_name,information.career.job,is_dead,tags", "contacts.ndjson",
        "contacts.fields.csv"
      ),
      ("json --fields id,object,complete_name", "mixed.ndjson", "mixed.fields.json"),
      ("ndjson --fields id,information.dates.birthdate.date", "contacts.ndjson", "contacts.fields.ndjson"),
      ("markdown", "mixed.ndjson", "mixed.md"),
      ("vcard", "contacts.ndjson", "contacts.vcf"),
      (
        "template --template '{{complete_name}} <{{id}}> {{information.career.job}}'", "contacts.ndjson",
        "contacts.template.txt"
      ),
      ("table --fields id,object,name,title", "mixed.ndjson", "mixed.fields.table.txt"),
      ("table --fields id,first_name", "mixed.ndjson", "mixed.fields-object.table.txt"),
      ("table --sort auto --today 2024-06-01", "mixed.ndjson", "mixed.sorted.table.txt"),
    ])
  func golden(arguments: String, file: String, golden: String) throws {
    let run = try format(arguments, file)
    #expect(run.stderr.isEmpty || arguments.hasPrefix("vcard"), "\(run)")
    try Fixtures.expectGolden(run, golden)
  }

  @Test("json and ndjson without --fields keep each record's bytes; json is one array")
  func jsonPassThrough() throws {
    let ndjson = try format("ndjson", "mixed.ndjson")
    #expect(ndjson.output == (try Fixtures.data("mixed.ndjson")))
    let home = try TemporaryHome()
    let json = try sh(
      "monica-format json < \"$FIX/mixed.ndjson\" | jq -c '.[]' | cmp - <(jq -c . \"$FIX/mixed.ndjson\")",
      env: Fixtures.env(home))
    #expect(json.status == 0, "\(json)")
    let empty = try sh("monica-format json < /dev/null", env: Fixtures.env(home))
    #expect(empty.stdout == "[]\n")
  }

  @Test("csv: RFC 4180 (CRLF, quotes doubled) and jq's @csv values; --no-header")
  func csv() throws {
    let run = try format("csv --no-header --fields id,first_name,last_name")
    let home = try TemporaryHome()
    let jq = try sh(
      "jq -r '[.id,.first_name,.last_name] | @csv' \"$FIX/contacts.ndjson\" | sed 's/$/\\r/'", env: Fixtures.env(home))
    #expect(run.output == jq.output)
    let quoted = try format("csv --fields id,description --no-header", "contacts.ndjson")
    #expect(
      quoted.stdout.hasPrefix(
        "1,\"Met at the conference; likes \"\"jazz\"\", hiking, and long walks by the sea.\nSecond line"))
    let python = try sh(
      "monica-format csv --fields id,description,information.career.company < \"$FIX/contacts.ndjson\" | python3 -c 'import csv,sys; rows=list(csv.reader(sys.stdin)); print(len(rows), rows[1][2])'",
      env: Fixtures.env(home))
    #expect(python.stdout == "8 Acme, Inc.\n", "\(python)")
  }

  @Test("with --fields an empty input is the header alone; without --fields or with --no-header, nothing")
  func emptyInput() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let csv = try sh("monica-format csv --fields id,first_name < /dev/null", env: env)
    #expect(csv.status == 0 && csv.stdout == "id,first_name\r\n" && csv.stderr.isEmpty, "\(csv)")
    let python = try sh(
      "monica-format csv --fields id,first_name < /dev/null | python3 -c 'import csv,sys; r=csv.DictReader(sys.stdin); print(r.fieldnames, len(list(r)))'",
      env: env)
    #expect(python.stdout == "['id', 'first_name'] 0\n", "\(python)")
    let tsv = try sh("monica-format tsv --fields id,first_name < /dev/null", env: env)
    #expect(tsv.stdout == "id\tfirst_name\n", "\(tsv)")
    let markdown = try sh("monica-format markdown --fields id,first_name < /dev/null", env: env)
    #expect(markdown.lines == ["| id | first_name |", "| ---: | --- |"], "\(markdown)")
    let table = try sh("monica-format table --fields id,first_name < /dev/null", env: env)
    #expect(table.stdout == "ID  FIRST_NAME\n", "\(table)")
    for quiet in ["csv", "table", "csv --fields id --no-header"] {
      let run = try sh("monica-format \(quiet) < /dev/null", env: env)
      #expect(run.status == 0 && run.output.isEmpty, "\(quiet): \(run)")
    }
  }

  @Test("the vCards read back with a real vCard parser (Python vobject)")
  func vcardParses() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    // The Python of the environment running the tests; vobject is installed into it when missing.
    let outer = ProcessInfo.processInfo.environment
    let python = try sh("command -v python3", env: ["PATH": outer["PATH"] ?? "/usr/bin:/bin"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let install = try sh(
      """
      "$PYTHON" -c 'import vobject' 2>/dev/null || "$PYTHON" -m pip install --quiet vobject \\
        || "$PYTHON" -m pip install --quiet --user --break-system-packages vobject
      """, env: ["PATH": outer["PATH"] ?? "/usr/bin:/bin", "HOME": outer["HOME"] ?? home.home, "PYTHON": python])
    #expect(install.status == 0, "vobject is needed: \(install)")
    let withPython = env.merging(["PYTHON": python]) { $1 }
    let run = try sh(
      """
      monica-format vcard < "$FIX/mixed.ndjson" > cards.vcf 2> warnings
      cat warnings
      "$PYTHON" - <<'PY'
      import vobject
      cards = list(vobject.readComponents(open("cards.vcf", newline="").read()))
      for c in cards:
          v = c.contents
          print(c.fn.value, "|", c.n.value.family, "|", c.version.value, "|", c.uid.value,
                "|", v["bday"][0].value if "bday" in v else "",
                "|", v["deathdate"][0].value if "deathdate" in v else "",
                "|", ",".join(v["categories"][0].value) if "categories" in v else "",
                "|", v["org"][0].value[0] if "org" in v else "",
                "|", v["email"][0].value if "email" in v else "",
                "|", v["tel"][0].value if "tel" in v else "",
                "|", v["adr"][0].value.city if "adr" in v else "",
                "|", repr(v["note"][0].value) if "note" in v else "")
      raw = open("cards.vcf", "rb").read()
      assert all(len(line) <= 75 for line in raw.split(b"\\r\\n")), "a line is longer than 75 octets"
      assert b"\\n" not in raw.replace(b"\\r\\n", b""), "a bare LF"
      PY
      """, env: withPython, directory: home.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.lines == [
        "monica-format: warning: 12 records that are not contacts were left out of the vCards",
        "Jane Doe | Doe | 4.0 | urn:uuid:0b6a6c2e-0000-4000-8000-000000000001 | 19850314 |  | family,Work Friends | Acme, Inc. | jane@example.com | +1 555 0100 | Paris | 'Met at the conference; likes \"jazz\", hiking, and long walks by the sea.\\nSecond line of notes that makes this description long enough to fold.'",
        "Élodie Müller | Müller | 4.0 | urn:uuid:0b6a6c2e-0000-4000-8000-000000000002 | 19920229 | 20231102 | family |  |  |  |  | ",
      ], "\(run)")
    let yearless = try sh("monica-format vcard --sort id \"$FIX/contacts.ndjson\" | grep BDAY", env: env)
    // CRLF line ends; a year-unknown birthday is --MMDD.
    #expect(
      yearless.stdout
        == ["19850314", "19920229", "--0605", "19901231", "19700101", "--0229"].map { "BDAY:\($0)\r\n" }.joined())
  }

  @Test("tables fit COLUMNS by display width: CJK counts two, combining marks none, cut with …")
  func widths() throws {
    for columns in [12, 20, 30, 40, 60, 100] {
      let run = try format("table", env: ["COLUMNS": "\(columns)"])
      #expect(run.status == 0)
      for line in run.lines { #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)") }
    }
    let narrow = try format("table --fields id,complete_name,information.career.company", env: ["COLUMNS": "30"])
    #expect(narrow.lines.contains(" 3  太郎 山田       株式会社…"), "\(narrow)")
    #expect(narrow.lines.contains(" 6  Zoë Saldaña"), "\(narrow)")
    #expect(narrow.lines.contains(" 2  Élodie Müll… ⚰"), "the deceased marker survives the cut: \(narrow)")
    #expect(DisplayWidth.of("Zoe\u{0308}") == 3 && DisplayWidth.of("山田") == 4)
  }

  @Test("narrow tables leave out low-priority columns instead of cutting all: ids and dates whole")
  func narrowTables() throws {
    let forty = try format("table", env: ["COLUMNS": "40"])
    #expect(
      forty.lines == [
        "ID  NAME             ★  BIRTHDAY",
        " 1  Jane Doe         ★  1985-03-14",
        " 2  Élodie Müller ⚰     1992-02-29",
        " 3  太郎 山田           --06-05",
        " 4  Bob",
        " 5  سلمى حداد           1990-12-31",
        " 6  Zoë Saldaña      ★  1970-01-01",
        " 7  Ann Lee             --02-29",
      ], "\(forty)")
    let mixed = try format("table", "mixed.ndjson", env: ["COLUMNS": "40"])
    #expect(mixed.lines.contains(" 1  offered   Vinyl record  Jane Doe"), "\(mixed)")
    #expect(mixed.lines.contains(" 2     Book the r…            2024-03-02"), "\(mixed)")
    // At every width: no line wider, no id or date cut.
    for columns in stride(from: 12, through: 100, by: 4) {
      for file in ["contacts.ndjson", "mixed.ndjson"] {
        let run = try format("table", file, env: ["COLUMNS": "\(columns)"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        for line in run.lines {
          #expect(DisplayWidth.of(line) <= columns, "\(columns): \(line)")
          #expect(!line.contains(try Regex(#"^ *\d*…"#)), "\(columns): an id was cut: \(line)")
          #expect(!line.contains(try Regex(#"\d{4}-[\d-]{0,4}…"#)), "\(columns): a date was cut: \(line)")
        }
        if file == "contacts.ndjson", columns >= 30 {
          for birthday in ["1985-03-14", "1992-02-29", "--06-05", "1990-12-31", "1970-01-01", "--02-29"] {
            #expect(run.stdout.contains("  \(birthday)"), "\(columns): \(birthday) is not whole: \(run)")
          }
        }
      }
    }
    // Fields the user named are not left out quietly.
    let fields = try format("table --fields id,complete_name,updated_at,is_dead", env: ["COLUMNS": "30"])
    #expect(fields.status == 0 && fields.lines.first == "ID  COMPLETE_NAME", "\(fields)")
    #expect(
      fields.stderr
        == "monica-format: warning: updated_at, is_dead left out to fit 30 columns (csv or tsv show every field)\n")
  }

  @Test("widths come from a bounded look-ahead, so the table streams")
  func streams() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      for i in $(seq 150); do printf '{"object":"tag","id":%d,"name":"t%d","name_slug":"s"}\\n' $i $i; done > tags.ndjson
      printf '{"object":"tag","id":151,"name":"a-much-longer-tag-name","name_slug":"s"}\\n' >> tags.ndjson
      monica-format table < tags.ndjson | tail -n 1
      # The first rows come out while the input is still open: it stays open until they do (at
      # most 10 s), and what came by then is kept.
      : > early
      (head -n 120 tags.ndjson
        for _ in $(seq 500); do [ "$(wc -l < early)" -ge 2 ] && break; sleep 0.02; done
        cp early seen; tail -n 31 tags.ndjson) | monica-format table | head -n 2 >> early
      cat seen
      """, env: Fixtures.env(home), directory: home.root)
    #expect(run.lines == ["151  a-m…  s", " ID  NAME  SLUG", "  1  t1    s"], "\(run)")
  }

  @Test("relative dates and colour only on terminals; NO_COLOR and --color")
  func terminals() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let piped = try format("table --color auto", "mixed.ndjson")
    #expect(!piped.stdout.contains("\u{1B}[") && !piped.stdout.contains(" ago"))
    let tty = try sh("script -qfec 'monica-format table < \"$FIX/mixed.ndjson\"' /dev/null", env: env)
    #expect(tty.stdout.contains(" ago") && tty.stdout.contains("\u{1B}[1mID"), "\(tty)")
    let noColor = try sh(
      "script -qfec 'monica-format table < \"$FIX/mixed.ndjson\"' /dev/null", env: env.merging(["NO_COLOR": "1"]) { $1 }
    )
    #expect(noColor.stdout.contains(" ago") && !noColor.stdout.contains("\u{1B}["), "\(noColor)")
    let never = try sh("script -qfec 'monica-format --color never < \"$FIX/mixed.ndjson\"' /dev/null", env: env)
    #expect(!never.stdout.contains("\u{1B}["))
    let always = try format("--color always")
    let plainHeader = try Fixtures.lines("golden/contacts.table.txt")[0]
    #expect(always.lines.first == "\u{1B}[1m" + plainHeader + "\u{1B}[0m")
    #expect(always.lines.contains { $0.hasPrefix("\u{1B}[2m 2  Élodie Müller ⚰") }, "\(always)")
  }

  @Test("--sort by fields, descending, and auto's display order")
  func sorting() throws {
    let byName = try format("ndjson --sort last_name,-id")
    #expect(
      try ids(byName) == ["contact:1", "contact:7", "contact:2", "contact:6", "contact:5", "contact:3", "contact:4"])
    let descending = try format("ndjson --sort=-id", "mixed.ndjson")
    #expect(try ids(descending).first == "tag:10")
    let auto = try format("ndjson --sort auto --today 2024-06-01", "mixed.ndjson")
    #expect(
      try ids(auto) == [
        "contact:2", "contact:1", "note:1", "note:2", "task:2", "task:1", "gift:1", "gift:2", "gift:3",
        "activity:2", "activity:1", "tag:10", "photo:1", "user:1",
      ])
  }

  @Test(
    "--sort next-birthday: the soonest first, 29 February on the 28th, no birthday last; auto uses it when all have one"
  )
  func nextBirthday() throws {
    // From 2024-03-01: 1 on 03-14, 3 on 06-05, 5 on 12-31, 6 on 01-01, 2 and 7 (29 February) on
    // 2025-02-28, and 4 has no birthday.
    let soonest = try format("ndjson --sort next-birthday --today 2024-03-01")
    #expect(try ids(soonest).map { $0.dropFirst(8) } == ["1", "3", "5", "6", "2", "7", "4"], "\(soonest)")
    let latest = try format("ndjson --sort -next-birthday --today 2024-03-01")
    #expect(try ids(latest).map { $0.dropFirst(8) } == ["2", "7", "6", "5", "3", "1", "4"], "\(latest)")
    let leapDay = try format("ndjson --sort next-birthday,id --today 2024-02-29")
    #expect(try ids(leapDay).prefix(2).map { $0.dropFirst(8) } == ["2", "7"], "today is their birthday: \(leapDay)")
    // auto: by name while some contact has no birthday; by next birthday once all have one.
    let byName = try format("ndjson --sort auto --today 2024-03-01")
    #expect(try ids(byName).map { $0.dropFirst(8) } == ["7", "4", "2", "1", "6", "5", "3"], "\(byName)")
    let home = try TemporaryHome()
    let recipe = try sh(
      """
      monica-filter --birthday-within 320 --today 2024-03-01 "$FIX/contacts.ndjson" \
        | monica-format table --sort auto --today 2024-03-01 --fields id,first_name,information.dates.birthdate.date
      """, env: Fixtures.env(home))
    #expect(
      recipe.lines == [
        "ID  FIRST_NAME  INFORMATION.DATES.BIRTHDATE.DATE", " 1  Jane        1985-03-14T00:00:00Z",
        " 3  太郎        2024-06-05T00:00:00Z", " 5  سلمى        1990-12-31T00:00:00Z",
        " 6  Zoë         1970-01-01T00:00:00Z",
      ], "\(recipe)")
    let bad = try format("ndjson --sort next-birthday --today 2024-13-01")
    #expect(bad.status == 64 && bad.stderr.contains("--today: '2024-13-01' is not a date"), "\(bad)")
  }

  @Test("the help documents TSV's flattening and the template's empty values, and both do what it says")
  func documentedEdges() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let help = try sh("monica-format --help", env: env).stdout.replacingOccurrences(
      of: #"\s+"#, with: " ", options: .regularExpression)
    #expect(help.contains("tabs and line breaks in a value become spaces and backslashes are doubled"), "\(help)")
    #expect(help.contains("a missing or null value is empty, and a placeholder that no record has"), "\(help)")
    let record = #"{"object":"tag","id":1,"name":"a\tb\nc\\d","name_slug":"s"}"#
    let tsv = try sh("monica-format tsv --fields id,name", env: env, stdin: record + "\n")
    #expect(tsv.lines == ["id\tname", "1\ta b c\\\\d"], "\(tsv)")
    // A placeholder no record has is said once at the end; one that some records lack is not.
    let template = try sh(
      "monica-format template --template '{{id}} {{complet_name}} {{last_called}}' \"$FIX/contacts.ndjson\"", env: env)
    #expect(template.status == 0 && template.lines.count == 7 && template.lines[3] == "4  ", "\(template)")
    #expect(
      template.stderr
        == "monica-format: warning: --template: none of the 7 records has {{complet_name}}, which stayed empty\n",
      "\(template)")
    let quiet = try sh("monica-format template --template '{{id}}: {{description}}' \"$FIX/contacts.ndjson\"", env: env)
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet)")
  }

  @Test("bad input, bad flags")
  func failures() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let bad = try sh("(head -n 2 \"$FIX/contacts.ndjson\"; echo 'nope') | monica-format csv --fields id", env: env)
    #expect(bad.status == 65 && bad.stdout == "id\r\n1\r\n2\r\n", "\(bad)")
    #expect(bad.stderr == "monica-format: error: stdin:3: invalid JSON: invalid literal at byte 1\n")
    let table = try sh("(head -n 2 \"$FIX/contacts.ndjson\"; echo '{') | monica-format table --fields id", env: env)
    #expect(table.status == 65 && table.lines == ["ID", " 1", " 2"], "\(table)")
    let array = try sh("(head -n 1 \"$FIX/contacts.ndjson\"; echo '{') | monica-format json --fields id", env: env)
    #expect(array.status == 65 && array.lines == ["[", #"{"id":1}"#, "]"], "\(array)")
    let skip = try sh(
      "(echo '[]'; head -n 1 \"$FIX/contacts.ndjson\") | monica-format template --template '{{id}}' --skip-invalid",
      env: env)
    #expect(skip.status == 0 && skip.stdout == "1\n" && skip.stderr.contains("stdin:1: not a JSON object"))
    for flags in ["pdf", "--fields 'a,,b'", "--sort ''", "template", "csv --template x", "template --template '{{a'"] {
      let run = try sh("monica-format \(flags) < /dev/null", env: env)
      #expect(run.status == 64, "\(flags): \(run)")
    }
    let closed = try sh(
      "for i in $(seq 2000); do cat \"$FIX/mixed.ndjson\"; done > big.ndjson; monica-format csv big.ndjson | head -n 2",
      env: env, directory: home.root)
    #expect(closed.status == 0 && closed.stderr.isEmpty)
  }

  @Test("on sandbox data, csv --fields matches jq's @csv and every kind formats")
  func sandboxData() throws {
    let sandbox = try Sandbox.start(["--contacts", "150", "--seed", "11", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      get() { curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" "$SANDBOX_API/$1"; }
      for page in 1 2; do get "contacts?limit=100&page=$page" | jq -c '.data[]'; done > contacts.ndjson
      for kind in notes tasks gifts activities tags; do get "$kind?limit=100" | jq -c '.data[]'; done > items.ndjson
      monica-format csv --no-header --fields id,first_name,last_name < contacts.ndjson > ours
      jq -r '[.id,.first_name,.last_name] | @csv' contacts.ndjson | sed 's/$/\\r/' | cmp - ours
      wc -l < ours
      cat contacts.ndjson | monica-format vcard | grep -c '^BEGIN:VCARD'
      wc -l < contacts.ndjson
      cat contacts.ndjson items.ndjson | monica-format table | grep -c '^ *ID  '
      jq -r .object items.ndjson | sort -u | wc -l
      """, env: sandbox.env.merging(["COLUMNS": "120"]) { $1 }, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    // The plain list leaves archived contacts out, so fewer than 150 come back.
    #expect(run.lines.count == 5 && run.lines[0] == run.lines[2] && run.lines[1] == run.lines[2], "\(run)")
    #expect((Int(run.lines[0]) ?? 0) > 100)
    #expect(Int(run.lines[3]) == (Int(run.lines[4]) ?? 0) + 1, "one table per kind: \(run)")
  }

  @Test("vCard 3.0: abook reads every phone, e-mail and day-known birthday; monica-import reads 3.0 as it reads 4.0")
  func vcard3() throws {
    let sandbox = try Sandbox.start(["--contacts", "150", "--seed", "7", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      export LC_ALL=C
      monica-fetch contacts --with-fields > contacts.ndjson
      mkdir photos && first=$(jq -r .id contacts.ndjson | head -1) && printf '\\x89PNG\\r\\n\\x1a\\n0123' > "photos/$first.png"
      monica-format vcard --vcard-version 3.0 --photos photos contacts.ndjson > three.vcf
      monica-format vcard --photos photos contacts.ndjson > four.vcf
      grep -c '^VERSION:3.0' three.vcf
      grep -c '^PHOTO;ENCODING=b;TYPE=PNG:iVBORw0KGgowMTIz' three.vcf
      grep -c '^PHOTO;ENCODING=b;TYPE=' three.vcf
      grep -c '^PHOTO:data:image/' four.vcf
      grep -E -c '^BDAY:([0-9]{4}-[0-9]{2}-[0-9]{2}|--[0-9]{2}-[0-9]{2})\r$' three.vcf
      abook --convert --informat vcard --infile three.vcf --outformat bsdcal | cut -f1 | sort > abook
      jq -r '.information.dates.birthdate | select(.date != null and .is_age_based != true) | .date[5:10]
        | sub("-"; "/")' contacts.ndjson | sort > expected
      wc -l < expected
      diff expected abook && echo "abook: same days"
      # Every phone and e-mail address, as abook's own conversion reads them (it drops TYPE=VOICE alone).
      for v in three four; do
        abook --convert --informat vcard --infile $v.vcf --outformat abook --outfile - > $v.abook
        phones=$(grep -cE '^(phone|workphone|mobile|fax)=' $v.abook)
        emails=$(grep '^email=' $v.abook | cut -d= -f2- | tr ',' '\n' | grep -c .)
        echo "abook $v: $phones phones, $emails e-mails"
      done
      phones=$(jq '[.contactFields[]? | select(.contact_field_type.type == "phone")] | length' contacts.ndjson | jq -s add)
      emails=$(jq '[.contactFields[]? | select(.contact_field_type.type == "email")] | length' contacts.ndjson | jq -s add)
      echo "records: $phones phones, $emails e-mails"
      echo "voice $(grep -c 'TYPE=VOICE' three.vcf)"
      monica-import vcard four.vcf > from4 2> warnings4
      monica-import vcard three.vcf > from3 2> warnings3
      diff from4 from3 && diff warnings4 warnings3 && echo "import: same records"
      jq -r 'select(.object == "contact") | .first_name' from3 | wc -l
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let numbers = run.lines.prefix(6).map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
    try #require(numbers.count == 6, "\(run)")
    // The saved PNG of the first contact, and every other photo (Monica's data-URL avatars), as 3.0 base64.
    #expect(numbers[0] > 100 && numbers[1] == 1 && numbers[2] > 1 && numbers[2] == numbers[3], "\(run)")
    #expect(numbers[4] == numbers[5] && numbers[5] > 50, "every day-known birthday: \(run)")
    #expect(run.lines.contains("abook: same days") && run.lines.contains("import: same records"), "\(run)")
    let records = run.lines.first { $0.hasPrefix("records: ") }.map { String($0.dropFirst("records: ".count)) }
    #expect(records?.hasPrefix("0 ") == false && records?.contains(" 0 e-mails") == false, "\(run)")
    for version in ["three", "four"] {
      #expect(run.lines.contains("abook \(version): \(records ?? "")"), "\(run)")
    }
    #expect(run.lines.contains("voice 0"), "no TEL;TYPE=VOICE: \(run)")
    #expect(Int(run.lines.last?.trimmingCharacters(in: .whitespaces) ?? "") == numbers[0], "\(run)")
  }
}
