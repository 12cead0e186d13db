import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-import vcard`: the address books of Apple, Google and Outlook, bad cards, the round
/// trip from `monica-format vcard`, and a second import into the sandbox that creates nothing.
@Suite struct ImportTests {
  func env(_ home: TemporaryHome, _ extra: [String: String] = [:]) -> [String: String] {
    Fixtures.env(home, ["VCF": Fixtures.path("vcard")]).merging(extra) { $1 }
  }

  /// `jq -c` of each record the import of `files` writes, and its stderr.
  func imported(_ arguments: String, jq filter: String = ".") throws -> ShellRun {
    let home = try TemporaryHome()
    return try sh("monica-import vcard \(arguments) | jq -c '\(filter)'", env: env(home), directory: home.root)
  }

  @Test("an Apple Contacts export: grouped labels, X-APPLE-OMIT-YEAR, folded photo, company card, nothing lost")
  func apple() throws {
    let run = try imported("\"$VCF/apple.vcf\"")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let records = try records(run.stdout)
    let contacts = records.filter { $0["object"]?.stringValue == "contact" }
    #expect(contacts.map { $0["id"]?.intValue } == [1, 2])
    let johnny = contacts[0]
    #expect(johnny["first_name"]?.stringValue == "Johnny" && johnny["last_name"]?.stringValue == "Appleseed")
    #expect(johnny["middle_name"]?.stringValue == "Q." && johnny["nickname"]?.stringValue == "Johnny")
    let birthdate = johnny["information"]?["dates"]?["birthdate"]
    #expect(
      birthdate?["is_year_unknown"]?.boolValue == true
        && birthdate?["date"]?.stringValue?.dropFirst(4).hasPrefix("-04-12") == true)
    #expect(johnny["information"]?["career"]?["company"]?.stringValue == "Apple Inc.")
    #expect(johnny["information"]?["career"]?["job"]?.stringValue == "Engineer")
    #expect(
      johnny["description"]?.stringValue
        == "Met at WWDC.\nLikes apples, pears; and cider — and the long walks around Infinite Loop in the spring.")
    #expect(johnny["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["friends", "work"])
    let fields = records.filter { $0["object"]?.stringValue == "contactfield" }.map {
      "\($0["contact"]?["id"]?.intValue ?? 0) \($0["contact_field_type"]?["name"]?.stringValue ?? "") \($0["content"]?.stringValue ?? "")"
    }
    #expect(
      fields == [
        "1 Email johnny@icloud.com", "1 Email jappleseed@apple.com", "1 Phone +1 (408) 555-0199",
        "1 Phone +1 408 996 1010", "1 Website https://www.apple.com", "1 Twitter http://twitter.com/jappleseed",
        "2 Phone +1 800 555 0100", "2 Email sales@acme.example",
      ])
    // Each contact field type comes once, before the first field that names it, with its local id.
    let types = records.filter { $0["object"]?.stringValue == "contactfieldtype" }
    #expect(types.map { $0["name"]?.stringValue ?? "" } == ["Email", "Phone", "Website", "Twitter"])
    #expect(types.map { $0["id"]?.intValue ?? 0 } == [1, 2, 3, 4])
    let address = try #require(records.first { $0["object"]?.stringValue == "address" })
    #expect(address["name"]?.stringValue == "Home" && address["street"]?.stringValue == "1 Infinite Loop")
    #expect(address["city"]?.stringValue == "Cupertino" && address["country"]?["name"]?.stringValue == "United States")
    let note = try #require(records.first { $0["object"]?.stringValue == "note" })
    #expect(
      note["body"]?.stringValue
        == "Name prefix: Dr.\nName suffix: Jr.\nDepartment: Engineering\nDate (Anniversary): 2010-06-20\nRelated (Spouse): Jane Appleseed"
    )
    let photo = try #require(records.first { $0["object"]?.stringValue == "photo" })
    #expect(photo["mime_type"]?.stringValue == "image/jpeg" && photo["contact"]?["id"]?.intValue == 1)
    #expect(photo["dataUrl"]?.stringValue?.hasPrefix("data:image/jpeg;base64,/9j/4AAQ") == true)
    #expect(contacts[1]["first_name"]?.stringValue == "Acme Corporation" && contacts[1]["last_name"] == .null)
  }

  @Test(
    "a Google Contacts export: escaped colons, --MM-DD, a labelled LinkedIn, a photo link reported, a card of an e-mail alone"
  )
  func google() throws {
    let run = try imported("\"$VCF/google.vcf\"")
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr
        == "monica-import: warning: \(Fixtures.path("vcard"))/google.vcf:20: card 1 (Ana María López): PHOTO is a link, kept in the note, not downloaded\n"
    )
    let records = try records(run.stdout)
    let ana = try #require(records.first { $0["object"]?.stringValue == "contact" })
    #expect(ana["first_name"]?.stringValue == "Ana María" && ana["last_name"]?.stringValue == "López")
    #expect(ana["information"]?["dates"]?["birthdate"]?["date"]?.stringValue?.hasSuffix("-05-17T00:00:00Z") == true)
    #expect(ana["information"]?["dates"]?["birthdate"]?["is_year_unknown"]?.boolValue == true)
    let urls = records.filter {
      $0["object"]?.stringValue == "contactfield" && $0["contact_field_type"]?["type"] == .null
    }
    #expect(
      urls.map { "\($0["contact_field_type"]?["name"]?.stringValue ?? "") \($0["content"]?.stringValue ?? "")" } == [
        "Website https://ana.example.org", "LinkedIn http://www.linkedin.com/in/analopez",
      ])
    let note = records.first { $0["object"]?.stringValue == "note" }?["body"]?.stringValue
    #expect(note == "Date (Anniversary): 2015-09-12\nPhoto: https://lh3.googleusercontent.com/a/ana-photo.jpg")
    let nameless = records.last { $0["object"]?.stringValue == "contact" }
    #expect(nameless?["id"]?.intValue == 2 && nameless?["first_name"]?.stringValue == "no.name")
  }

  @Test("an Outlook vCard 2.1: bare TYPEs, quoted-printable over soft line breaks, Windows-1252, an indented photo")
  func outlook() throws {
    let run = try imported("\"$VCF/outlook.vcf\"")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let records = try records(run.stdout)
    let contacts = records.filter { $0["object"]?.stringValue == "contact" }
    #expect(contacts.map { $0["first_name"]?.stringValue ?? "" } == ["Jürgen", "José"])
    #expect(contacts.map { $0["last_name"]?.stringValue ?? "" } == ["Müller", "García"])
    #expect(contacts[0]["description"]?.stringValue == "Zuständig für Norddeutschland.\nBitte nur vormittags anrufen.")
    #expect(contacts[1]["description"]?.stringValue == "Café con leche € 2")
    #expect(contacts[0]["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1975-08-23T00:00:00Z")
    let address = records.first { $0["object"]?.stringValue == "address" }
    #expect(address?["name"]?.stringValue == "Work" && address?["street"]?.stringValue == "Hauptstraße 5")
    #expect(
      records.filter { $0["object"]?.stringValue == "note" }.map { $0["body"]?.stringValue ?? "" } == [
        "Department: Vertrieb\nAnniversary: 20050601", "Gender: 2",
      ])
    #expect(records.first { $0["object"]?.stringValue == "photo" }?["filesize"]?.intValue == 136)
  }

  @Test("a bad card is 65 at FILE:LINE after the cards before it; --skip-invalid reports each and keeps the numbers")
  func badCards() throws {
    let stop = try imported("\"$VCF/bad.vcf\"", jq: "[.object, .id]")
    #expect(stop.status == 65, "\(stop)")
    #expect(stop.lines == [#"["contactfieldtype",1]"#, #"["contact",1]"#, #"["contactfield",1]"#])
    #expect(
      stop.stderr
        == "monica-import: error: \(Fixtures.path("vcard"))/bad.vcf:9: card 2: not a vCard content line (NAME:value)\n")
    let skip = try imported("\"$VCF/bad.vcf\" --skip-invalid", jq: "select(.object == \"contact\") | .id")
    #expect(skip.status == 0 && skip.lines == ["1", "4"], "\(skip)")
    let file = Fixtures.path("vcard") + "/bad.vcf"
    #expect(
      skip.stderr.split(separator: "\n").map(String.init) == [
        "monica-import: warning: \(file):9: skipped: card 2: not a vCard content line (NAME:value)",
        "monica-import: warning: \(file):11: skipped: card 3: nothing to name the contact by (no N, FN, ORG, NICKNAME, EMAIL or TEL)",
        "monica-import: warning: \(file):20: skipped: card 5 has no END:VCARD before the end of the file",
      ])
    let usage = try sh("monica-import vcf \"$VCF/bad.vcf\"", env: env(try TemporaryHome()))
    #expect(usage.status == 64, "\(usage)")
    let missing = try imported("\"$VCF/nosuch.vcf\"")
    #expect(missing.status == 66 && missing.stderr.contains("nosuch.vcf"), "\(missing)")
  }

  @Test("cards are numbered over all files in order, - reads stdin, and the same input gives the same records")
  func numbering() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      monica-import vcard "$VCF/apple.vcf" - "$VCF/outlook.vcf" < "$VCF/google.vcf" > one.ndjson
      cat "$VCF/apple.vcf" "$VCF/google.vcf" "$VCF/outlook.vcf" | monica-import vcard > two.ndjson 2>/dev/null
      cmp one.ndjson two.ndjson && jq -r 'select(.object == "contact") | "\\(.id) \\(.first_name)"' one.ndjson
      """, env: env(home), directory: home.root)
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stdout.split(separator: "\n") == [
        "1 Johnny", "2 Acme Corporation", "3 Ana María", "4 no.name", "5 Jürgen", "6 José",
      ])
  }

  @Test("vCards written by monica-format vcard import without loss (vobject reads them too)")
  func roundTrip() throws {
    let home = try TemporaryHome()
    let python = try IndependentParsers.python(with: ["vobject"])
    let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
    let run = try sh(
      """
      mkdir photos && printf '\\377\\330\\377\\340 a saved avatar' > photos/2.jpg
      jq -c 'if .id == 1 then .contactFields += [
          {content: "https://jane.example.com/a,b;c", contact_field_type: {name: "Website", type: null, protocol: null}},
          {content: "@janedoe", contact_field_type: {name: "Twitter", type: null, protocol: null}}]
          | .information.avatar.url = "data:image/png;base64,\(png)" else . end' "$FIX/contacts.ndjson" > in.ndjson
      monica-format vcard --photos photos < in.ndjson > cards.vcf
      "$PYTHON" - <<'PY'
      import io, vobject, vobject.base
      # vobject reads PHOTO as 3.0 TEXT, cut at the data URL's comma: the photo is read from
      # vobject's own unfolded, parsed lines instead.
      photos = [vobject.base.parseLine(line)[2] for line, _ in
                vobject.base.getLogicalLines(io.StringIO(open("cards.vcf", newline="").read()))
                if line.startswith(("BEGIN:VCARD", "PHOTO"))]
      photos = [p if p.startswith("data:") else "" for p in
                [photos[i + 1] if i + 1 < len(photos) and photos[i] == "VCARD" else None for i in range(len(photos))]
                if p is not None]
      for card, photo in zip(vobject.readComponents(open("cards.vcf", newline="").read()), photos):
          v = card.contents
          print(card.fn.value, "|", ",".join(x.value for x in v.get("url", [])), "|",
                ",".join(x.value for x in v.get("x-socialprofile", [])), "|", photo[:30])
      PY
      monica-import vcard cards.vcf > imported.ndjson
      # What each side says of each contact, in the same words.
      jq -c '{first: .first_name, last: .last_name, nick: .nickname, desc: .description,
          birth: (.information.dates.birthdate | if .date == null then null else [(if .is_year_unknown then null else .date[0:4] end), .date[5:10]] end),
          death: (.information.dates.deceased_date | if .date == null then null else .date[0:10] end),
          job: .information.career.job, company: .information.career.company, tags: [.tags[]?.name],
          fields: [.contactFields[]? | [.contact_field_type.name, .content]],
          addresses: [.addresses[]? | [.street, .city, .province, .postal_code, .country.name]]}' in.ndjson > before
      jq -s -c '(map(select(.object == "contactfield")) | group_by(.contact.id) | map({key: (.[0].contact.id | tostring), value: map([.contact_field_type.name, .content])}) | from_entries) as $f
        | (map(select(.object == "address")) | group_by(.contact.id) | map({key: (.[0].contact.id | tostring), value: map([.street, .city, .province, .postal_code, .country.name])}) | from_entries) as $a
        | .[] | select(.object == "contact") | {first: .first_name, last: .last_name, nick: .nickname, desc: .description,
          birth: (.information.dates.birthdate | if .date == null then null else [(if .is_year_unknown then null else .date[0:4] end), .date[5:10]] end),
          death: (.information.dates.deceased_date | if .date == null then null else .date[0:10] end),
          job: .information.career.job, company: .information.career.company, tags: [.tags[]?.name],
          fields: ($f[.id | tostring] // []), addresses: ($a[.id | tostring] // [])}' imported.ndjson > after
      diff before after && wc -l < after
      jq -r 'select(.object == "photo") | "\\(.contact.id) \\(.dataUrl[0:40])"' imported.ndjson
      """, env: env(home, ["PYTHON": python]), directory: home.root)
    #expect(run.status == 0, "\(run)")
    let lines = run.lines
    #expect(
      lines.first == "Jane Doe | https://jane.example.com/a,b;c | @janedoe | data:image/png;base64,iVBORw0K", "\(run)")
    #expect(lines.contains("Élodie Müller |  |  | data:image/jpeg;base64,/9j/4CB"), "\(run)")
    #expect(lines.contains("7"), "seven contacts compared: \(run)")
    #expect(
      lines.suffix(2) == ["1 data:image/png;base64,iVBORw0KGgoAAAANSU", "2 data:image/jpeg;base64,/9j/4CBhIHNhdmVkI"],
      "\(run)")
  }

  @Test("--dedupe-against: a matching card adds only what the contact lacks, --skip-existing nothing, --map the match")
  func dedupeLocally() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      jq -c '{id: 40, object: "contact", first_name: "Ana", last_name: "Lopez",
          contactFields: [{content: "ANA@example.org", contact_field_type: {type: "email"}}], addresses: [], notes: []}' \
        -n > existing.ndjson
      jq -c '{id: 41, object: "contact", first_name: "Jurgen", last_name: "MULLER", nickname: "Jo", description: null,
          information: {dates: {birthdate: {date: null}, deceased_date: {date: null}}}, contactFields: [], notes: []}' \
        -n >> existing.ndjson
      monica-import vcard "$VCF/google.vcf" "$VCF/outlook.vcf" --dedupe-against existing.ndjson --map map.tsv \
          --updates updates.ndjson | jq -r '"\\(.object) \\(.id) \\(.contact.id // "")"'
      echo --
      cat map.tsv updates.ndjson
      echo --
      monica-import vcard "$VCF/google.vcf" "$VCF/outlook.vcf" --dedupe-against existing.ndjson --skip-existing \
        | jq -r 'select(.object == "contact") | .id'
      """, env: env(home), directory: home.root)
    #expect(run.status == 0, "\(run)")
    let parts = run.stdout.components(separatedBy: "--\n")
    // Ana María López (card 1) is contact 40, Ana Lopez, by e-mail; Jürgen Müller (card 3) is 41 by
    // name, accents folded.
    #expect(
      !parts[0].contains("contact 1 \n") && !parts[0].contains("contact 3 \n") && parts[0].contains("contact 2 \n"))
    #expect(!parts[0].contains("ana@example.org"))
    #expect(
      parts[0].split(separator: "\n").filter { $0.hasSuffix(" 1") }.count == 6, "Ana's other fields, address, note")
    #expect(!parts[0].split(separator: "\n").contains { $0.hasPrefix("photo") && $0.hasSuffix(" 3") })
    // Contact 41 lacks a birthday and a description, not a nickname; 40 says nothing of its own fields.
    #expect(
      parts[1] == """
        contact\t1\t40
        contact\t3\t41
        {"object":"contact","id":41,"description":"Zust\\u00e4ndig f\\u00fcr Norddeutschland.\\nBitte nur vormittags anrufen.",\
        "information":{"dates":{"birthdate":{"is_age_based":false,"is_year_unknown":false,"date":"1975-08-23T00:00:00Z"}}}}

        """, "\(run)")
    #expect(parts[2] == "2\n4\n", "\(run)")
  }

  @Test("a bad card after a matched one: the records and the update line before it are out, whole")
  func updatesBeforeFailure() throws {
    let home = try TemporaryHome()
    let run = try sh(
      """
      jq -c -n '{id: 41, object: "contact", first_name: "Jürgen", last_name: "Müller", nickname: null,
          description: "kept", information: {dates: {birthdate: {date: null}, deceased_date: {date: null}}}}' > old.ndjson
      monica-import vcard "$VCF/outlook.vcf" "$VCF/bad.vcf" --dedupe-against old.ndjson --updates up.ndjson \
        | jq -r 'select(.object == "contact") | .id'
      echo "status ${PIPESTATUS[0]}"
      jq -c '[.id, .information.dates.birthdate.date, .description]' up.ndjson
      """, env: env(home), directory: home.root)
    #expect(run.lines == ["2", "3", "status 65", #"[41,"1975-08-23T00:00:00Z",null]"#], "\(run)")
  }

  @Test("importing the same address book twice into the sandbox creates each contact once")
  func dedupeIntoSandbox() throws {
    let sandbox = try Sandbox.start(["--contacts", "20", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let vcf = Fixtures.path("vcard")
    let run = try sh(
      """
      count() { monica-fetch contacts | wc -l | tr -d ' '; }
      count
      monica-import vcard "\(vcf)/apple.vcf" "\(vcf)/google.vcf" "\(vcf)/outlook.vcf" 2>/dev/null \
        | monica-push --create --map first.tsv --quiet > /dev/null
      count
      monica-fetch contacts --with-fields > existing.ndjson
      monica-import vcard "\(vcf)/apple.vcf" "\(vcf)/google.vcf" "\(vcf)/outlook.vcf" --dedupe-against existing.ndjson \
          --map second.tsv --updates updates.ndjson 2>/dev/null | monica-push --create --map second.tsv --quiet > created.ndjson
      count
      cat created.ndjson updates.ndjson | wc -l | tr -d ' '
      grep -c '^contact\t' second.tsv
      diff <(grep '^contact\t' first.tsv) <(grep '^contact\t' second.tsv) && echo same contacts
      # A seeded contact without a nickname or a birthday, in a card that has both: an update.
      jq -s -r '[group_by([.first_name, .last_name]) | map(select(length == 1))[][]
          | select(.nickname == null and .information.dates.birthdate.date == null and .is_partial == false)]
          | .[0:5][]
          | "BEGIN:VCARD\\r\\nVERSION:3.0\\r\\nN:\\(.last_name // "");\\(.first_name);;;\\r\\nNICKNAME:Nicky\\r\\nBDAY:--0704\\r\\nEND:VCARD\\r"' \
        existing.ndjson > some.vcf
      monica-import vcard some.vcf --dedupe-against existing.ndjson --updates some.ndjson | wc -l | tr -d ' '
      monica-push < some.ndjson | jq -r '[.nickname, .information.dates.birthdate.is_year_unknown,
          .information.dates.birthdate.date[5:10]] | @tsv' | sort | uniq -c | tr -s ' '
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let base = Int(run.lines.first ?? "") ?? -1
    #expect(run.lines.count == 8, "\(run)")
    #expect(Array(run.lines.prefix(4)) == ["\(base)", "\(base + 6)", "\(base + 6)", "0"], "\(run)")
    // The second map holds the six contacts matched (and the contact field types matched by name).
    #expect(Array(run.lines.dropFirst(4).prefix(2)) == ["6", "same contacts"], "\(run)")
    // Five cards of existing contacts: no record, and five updates that fill what they lacked.
    #expect(Array(run.lines.dropFirst(6)) == ["0", " 5 Nicky\ttrue\t07-04"], "\(run)")
  }

  @Test("a person twice in one vCard file is one contact after monica-push; a household on one phone stays two")
  func inFileDuplicate() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let cards = [
      "BEGIN:VCARD", "VERSION:3.0", "N:Quist;Robert;;;", "EMAIL:robert@quist.example", "END:VCARD",
      "BEGIN:VCARD", "VERSION:3.0", "N:Quist;Ingrid;;;", "TEL:+46 8 123 456 78", "END:VCARD",
      "BEGIN:VCARD", "VERSION:3.0", "N:Quist;Bob;;;", "EMAIL:Robert@Quist.example", "TEL:+46 8 123 456 78",
      "ADR:;;Storgatan 1;Stockholm;;;SE", "END:VCARD",
    ]
    try (cards.joined(separator: "\r\n") + "\r\n").write(
      toFile: sandbox.temporary.root + "/phone.vcf", atomically: true, encoding: .utf8)
    let run = try sh(
      """
      monica-fetch contacts | wc -l | tr -d ' '
      monica-import vcard phone.vcf 2> import.err | monica-push --create --map map.tsv --quiet > /dev/null
      cat import.err
      monica-fetch contacts | wc -l | tr -d ' '
      monica-fetch contacts --with-fields | jq -r 'select(.last_name == "Quist")
        | [.first_name, ([.contactFields[].content] | sort | join(",")), (.addresses | length)] | @tsv' | sort
      """, env: sandbox.signedInEnv, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let lines = run.lines
    let before = Int(lines.first ?? "") ?? -1
    #expect(lines.count == 6, "\(run)")
    #expect(
      lines.contains { $0.contains("card 3 (Bob Quist): the same person as card 1 (same e-mail robert@quist.example") })
    #expect(
      lines.contains(
        "monica-import: 3 cards: 2 new contacts, 0 existing contacts, 1 the same person as an earlier card (1 by e-mail), 0 ambiguous, 0 invalid"
      ), "\(run)")
    #expect(lines.dropFirst(3).first == "\(before + 2)", "two contacts made, not three: \(run)")
    #expect(
      Array(lines.suffix(2)) == ["Ingrid\t+46 8 123 456 78\t0", "Robert\t+46 8 123 456 78,robert@quist.example\t1"],
      "\(run)")
  }
}
