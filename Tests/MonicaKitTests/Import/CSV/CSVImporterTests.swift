import Foundation
import MonicaTestSupport
import Testing

@testable import MonicaKit

/// `CSVImporter`: the exports of Google, Outlook and LinkedIn (Tests/EndToEndTests/Fixtures/csv,
/// built from their real headers), `--columns`, dates, bad rows, and who a row is: the same
/// person in two exports is one contact, by the identity judgement, never by a name alone.
@Suite struct CSVImporterTests {
  /// A fresh temporary directory.
  final class Work {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)").path
    init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
      let path = root + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }

    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    func read(_ name: String) -> String { (try? String(contentsOfFile: root + "/" + name, encoding: .utf8)) ?? "" }
  }

  struct Imported {
    var records: [JSONValue]
    var messages: [String]
    var summary: ImportSummary

    func objects(_ kind: RecordKind) -> [JSONValue] { records.filter { $0["object"]?.stringValue == kind.object } }
    var contacts: [JSONValue] { objects(.contact) }

    /// The contact whose first name is `first`.
    func contact(_ first: String) -> JSONValue? { contacts.first { $0["first_name"]?.stringValue == first } }

    /// What hangs off contact `id` of `kind`, by the member `key`.
    func values(_ kind: RecordKind, of id: Int?, _ key: String) -> [String] {
      objects(kind).filter { $0["contact"]?["id"]?.intValue == id }.compactMap { $0[key]?.stringValue }
    }

    func note(of id: Int?) -> String { values(.note, of: id, "body").joined(separator: "\n---\n") }
  }

  func run(
    _ paths: [String], existing: [String]? = nil, options: ImportOptions = ImportOptions(),
    csv: CSVImportOptions = CSVImportOptions(), work: Work
  ) throws -> Imported {
    var options = options
    options.today = CalendarDate(year: 2026, month: 11, day: 27) ?? options.today
    let against = try existing.map { try work.write("old.ndjson", $0.joined(separator: "\n") + "\n") }
    let out = open(work.root + "/out.ndjson", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let output = LineOutput(descriptor: out)
    var messages: [String] = []
    defer { close(out) }
    let summary = try CSVImporter.run(
      paths.map(InputSource.init), dedupeAgainst: against, map: existing == nil ? nil : work.root + "/map.tsv",
      updates: existing == nil ? nil : work.root + "/updates.ndjson", options: options, csv: csv, output: output,
      report: { messages.append("warning: " + $0) }, note: { messages.append($0) })
    let records = try work.read("out.ndjson").split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    return Imported(records: records, messages: messages, summary: summary)
  }

  func fixture(_ name: String) -> String { Fixtures.path("csv/" + name) }

  @Test(
    "Google CSV: names, every e-mail and phone, the address, a year-less birthday, labels as tags, the rest in the note"
  )
  func google() throws {
    let work = try Work()
    let result = try run([fixture("google.csv")], work: work)
    #expect(result.contacts.count == 3, "\(result.messages)")
    let ana = try #require(result.contact("Ana"))
    #expect(ana["middle_name"]?.stringValue == "María" && ana["last_name"]?.stringValue == "López")
    #expect(ana["nickname"]?.stringValue == "Anita")
    #expect(ana["information"]?["career"]?["company"]?.stringValue == "Acme, Inc.")
    #expect(ana["information"]?["career"]?["job"]?.stringValue == "Engineer")
    let birthday = ana["information"]?["dates"]?["birthdate"]
    #expect(birthday?["is_year_unknown"]?.boolValue == true && birthday?["date"]?.stringValue == "2026-05-17T00:00:00Z")
    // `* myContacts` and `* starred` are Google's system groups, not tags.
    #expect(ana["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Friends"])
    let id = ana["id"]?.intValue
    #expect(
      result.values(.contactField, of: id, "content") == [
        "ana.lopez@example.org", "ana@home.example", "anita@home.example", "+34 600 111 222",
        "https://www.linkedin.com/in/ana-lopez",
      ])
    let linkedIn = result.objects(.contactField).first { $0["content"]?.stringValue?.contains("linkedin") == true }
    #expect(linkedIn?["contact_field_type"]?["name"]?.stringValue == "LinkedIn")
    let address = try #require(result.objects(.address).first { $0["contact"]?["id"]?.intValue == id })
    #expect(address["street"]?.stringValue == "3º B\nCalle Mayor 1" && address["city"]?.stringValue == "Madrid")
    #expect(address["country"]?["iso"]?.stringValue == "ES" && address["name"]?.stringValue == "Home")
    let note = result.note(of: id)
    for line in [
      "Department: Platform", "Anniversary: 2015-09-12", "Spouse: Luis", "Shoe size: 38", "Starred: yes",
      "E-mail labels: ana.lopez@example.org (Work), ana@home.example (Home), anita@home.example (Home)",
      "Phone labels: +34 600 111 222 (Mobile)", "Met at the \"Lisbon\" meetup.\n\nLikes long walks.",
    ] {
      #expect(note.contains(line), "\(line) in \(note)")
    }
    // A leap day with its year; a company with only a phone is named by the company.
    let bob = try #require(result.contact("Bob"))
    #expect(bob["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1980-02-29T00:00:00Z")
    #expect(result.values(.contactField, of: bob["id"]?.intValue, "content").count == 4)
    #expect(bob["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Work"])
    #expect(
      result.contact("Corner Bakery")?["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == [
        "Copied from phone"
      ])
    let summary = try #require(result.messages.first { $0.hasPrefix(fixture("google.csv")) })
    #expect(summary.contains(": Google CSV (UTF-8 with BOM): 3 rows: 3 new contacts"), "\(summary)")
  }

  @Test("the older Google CSV: Name and Given Name, Type labels, Organization 1, Group Membership, gender read")
  func googleOlder() throws {
    let work = try Work()
    let result = try run([fixture("google-older.csv")], work: work)
    #expect(result.contacts.count == 2, "\(result.messages)")
    let carla = try #require(result.contact("Carla"))
    #expect(carla["last_name"]?.stringValue == "Diaz")
    #expect(carla["information"]?["career"]?["company"]?.stringValue == "Cambridge Labs")
    #expect(carla["information"]?["career"]?["job"]?.stringValue == "Researcher")
    #expect(carla["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Climbing club"])
    let note = result.note(of: carla["id"]?.intValue)
    for line in ["Name prefix: Dr.", "Gender: female", "Hobby: Climbing", "Department: Genomics"] {
      #expect(note.contains(line), "\(line) in \(note)")
    }
    #expect(result.objects(.address).first?["country"]?["iso"]?.stringValue == "GB")
    let site = result.objects(.contactField).first { $0["content"]?.stringValue == "https://carla.example/blog" }
    #expect(site?["contact_field_type"]?["name"]?.stringValue == "Website")
    // A row with only a whole name: its first name.
    #expect(result.contact("Dan") != nil)
    #expect(result.messages.contains { $0.contains("Google CSV (older) (UTF-8)") }, "\(result.messages)")
  }

  @Test("outlook.com: typed phones, three e-mail slots, Business address, 5/17/1980 learnt as month first")
  func outlookCom() throws {
    let work = try Work()
    let result = try run([fixture("outlook-com.csv")], work: work)
    let erik = try #require(result.contact("Erik"))
    #expect(erik["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1980-05-17T00:00:00Z")
    #expect(
      Set(result.values(.contactField, of: erik["id"]?.intValue, "content")) == [
        "erik@nilsson.example", "erik.nilsson@work.example", "+46 70 123 45 67", "+46 8 123 456 78",
      ])
    let note = result.note(of: erik["id"]?.intValue)
    #expect(
      note.contains("Spouse: Karin") && note.contains("Anniversary: 6/20/2010") && note.contains("Name prefix: Mr."))
    #expect(erik["description"]?.stringValue == "Prefers phone calls")
    // 12/3/1990 after 5/17/1980: the file is month first.
    let fatima = try #require(result.contact("Fatima"))
    #expect(fatima["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1990-12-03T00:00:00Z")
    #expect(result.objects(.address).map { $0["country"]?["iso"]?.stringValue } == ["SE", "FR"])
    #expect(result.messages.contains { $0.contains("Outlook.com CSV") }, "\(result.messages)")
  }

  @Test(
    "desktop Outlook in Windows-1252, quoted: umlauts, categories by ;, Outlook's empty dates and defaults left out")
  func outlookDesktop() throws {
    let work = try Work()
    let result = try run([fixture("outlook-desktop.csv")], work: work)
    #expect(result.messages.contains { $0.hasSuffix("not UTF-8: read as Windows-1252") }, "\(result.messages)")
    let jurgen = try #require(result.contact("Jürgen"))
    #expect(jurgen["last_name"]?.stringValue == "Müller")
    #expect(jurgen["information"]?["career"]?["company"]?.stringValue == "Müller & Söhne GmbH")
    #expect(jurgen["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Kunden", "VIP"])
    #expect(jurgen["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1968-03-14T00:00:00Z")
    #expect(result.objects(.address).first?["country"]?["iso"]?.stringValue == "DE")
    let note = result.note(of: jurgen["id"]?.intValue)
    #expect(note.contains("Gender: Male"))
    // Outlook's defaults (Normal, False, Unspecified, 0/0/00) say nothing; the e-mail's type
    // and display name are bookkeeping.
    for absent in ["Normal", "False", "Unspecified", "0/0/00", "SMTP", "Display"] {
      #expect(!note.contains(absent), "\(absent) in \(note)")
    }
    // An Exchange address is no e-mail address: into the note, the SMTP one a field.
    let grace = try #require(result.contact("Grace"))
    #expect(
      result.values(.contactField, of: grace["id"]?.intValue, "content") == ["grace@navy.example", "(555) 010-0500"])
    let graceNote = result.note(of: grace["id"]?.intValue)
    #expect(graceNote.contains("E-mail: /o=ExchangeLabs/") && graceNote.contains("User 1: COBOL"), "\(graceNote)")
    #expect(result.messages.contains { $0.contains("Outlook CSV (desktop) (Windows-1252)") }, "\(result.messages)")
  }

  @Test("the same Outlook file as UTF-16 LE and BE with a BOM (Outlook's Unicode CSV) gives the same records")
  func outlookUTF16() throws {
    let work = try Work()
    let cp1252 = try run([fixture("outlook-desktop.csv")], work: work).records
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture("outlook-desktop.csv"))))
    let text = Windows1252.decode(bytes)
    let little = try work.write("le.csv", utf16(text))
    let big = try work.write("be.csv", utf16(text, littleEndian: false))
    let fromLittle = try run([little], work: work)
    #expect(fromLittle.records == cp1252)
    #expect(fromLittle.messages.contains { $0.contains("(UTF-16LE)") }, "\(fromLittle.messages)")
    #expect(try run([big], work: work).records == cp1252)
  }

  @Test("LinkedIn: the Notes preamble, a withdrawn member's empty row skipped and counted, Connected On in the note")
  func linkedIn() throws {
    let work = try Work()
    let result = try run([fixture("linkedin.csv")], work: work)
    #expect(result.contacts.count == 2, "\(result.messages)")
    let hiro = try #require(result.contact("Hiro"))
    #expect(hiro["information"]?["career"]?["job"]?.stringValue == "Engineering Manager, Payments")
    let link = result.objects(.contactField).first { $0["contact"]?["id"]?.intValue == hiro["id"]?.intValue }
    #expect(link?["contact_field_type"]?["name"]?.stringValue == "LinkedIn")
    #expect(result.note(of: hiro["id"]?.intValue) == "Connected on LinkedIn: 12 Mar 2024")
    let summary = try #require(result.messages.first { $0.contains("LinkedIn Connections") })
    #expect(summary.contains("3 rows: 2 new contacts"), "\(summary)")
    #expect(summary.contains("1 skipped without a name (line 6)"), "\(summary)")
  }

  @Test("a Google and a LinkedIn export of the same person: one contact with the union of their values")
  func googleAndLinkedIn() throws {
    let work = try Work()
    let result = try run([fixture("google.csv"), fixture("linkedin.csv")], work: work)
    #expect(result.contacts.map { $0["first_name"]?.stringValue ?? "" } == ["Ana", "Bob", "Corner Bakery", "Hiro"])
    #expect(result.summary.sameAsEarlier == 1 && result.summary.sameAsEarlierBy == ["e-mail": 1])
    let ana = result.contact("Ana")?["id"]?.intValue
    // The LinkedIn URL is Google's website already: once. What LinkedIn says otherwise goes to the note.
    #expect(result.values(.contactField, of: ana, "content").filter { $0.contains("linkedin") }.count == 1)
    let note = result.note(of: ana)
    #expect(note.contains("Connected on LinkedIn: 30 May 2024"), "\(note)")
    #expect(note.contains("Job (row 4): Staff Engineer"), "\(note)")
    #expect(
      result.messages.contains { $0.contains("row 4 (Ana López): the same person as row 1") }, "\(result.messages)")
  }

  @Test("two rows of one name and nothing else in common stay two contacts: a name alone is not a person")
  func namesakes() throws {
    let work = try Work()
    let file = try work.write(
      "two.csv",
      "First Name,Last Name,E-mail 1 - Value,Phone 1 - Value,Birthday\nJohn,Smith,john@a.example,,1970-01-01\n"
        + "John,Smith,john@b.example,,1985-06-01\nJohn,Smith,,,\n")
    let result = try run([file], csv: CSVImportOptions(from: .google), work: work)
    #expect(result.contacts.count == 3)
    #expect(result.summary.sameAsEarlier == 0)
  }

  @Test(
    "--dedupe-against: a row of an existing contact by e-mail adds only what it lacks; a shared name alone is ambiguous"
  )
  func dedupeAgainst() throws {
    let work = try Work()
    let existing = [
      #"{"object":"contact","id":70,"first_name":"Erik","last_name":"Nilsson","contactFields":[{"content":"erik@nilsson.example","contact_field_type":{"type":"email"}}]}"#,
      #"{"object":"contact","id":71,"first_name":"Fatima","last_name":"Zahra","contactFields":[]}"#,
      #"{"object":"contact","id":72,"first_name":"Fatima","last_name":"Zahra","contactFields":[]}"#,
    ]
    let result = try run([fixture("outlook-com.csv")], existing: existing, work: work)
    #expect(result.contacts.isEmpty, "\(result.messages)")
    #expect(result.summary.matched == 1 && result.summary.matchedBy == ["e-mail": 1] && result.summary.ambiguous == 1)
    #expect(work.read("map.tsv").contains("contact\t1\t70"))
    #expect(!result.values(.contactField, of: 1, "content").contains("erik@nilsson.example"))
    #expect(result.values(.contactField, of: 1, "content").contains("erik.nilsson@work.example"))
    #expect(result.messages.contains { $0.contains("row 2 (Fatima Zahra): ambiguous") }, "\(result.messages)")
    var options = ImportOptions()
    options.createAmbiguous = true
    #expect(try run([fixture("outlook-com.csv")], existing: existing, options: options, work: work).contacts.count == 1)
  }

  @Test("--columns maps a spreadsheet's columns; the ones not named go to the note under their header")
  func columns() throws {
    let work = try Work()
    let spec = try CSVColumnSpec(parsing: [
      #"first_name=Given,last_name="Surname",email="Mail 1",email=Mail 2,phone=Cell,birthday=Born,tags=Group"#
    ])
    let result = try run([fixture("spreadsheet.csv")], csv: CSVImportOptions(columns: spec), work: work)
    let ines = try #require(result.contact("Ines"))
    #expect(ines["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1985-05-17T00:00:00Z")
    #expect(ines["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["Family", "Lisbon"])
    #expect(
      result.values(.contactField, of: ines["id"]?.intValue, "content") == ["ines@costa.example", "+351 912 345 678"])
    #expect(result.note(of: ines["id"]?.intValue) == "Shoe size: 37")
    // 17.05.1985 showed the file is day first: 1.2.1990 is 1 February.
    let jonas = try #require(result.contact("Jonas"))
    #expect(jonas["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1990-02-01T00:00:00Z")
    #expect(result.values(.contactField, of: jonas["id"]?.intValue, "content") == ["jonas@berg.example"])
    // A column --columns names that the header lacks is 65 naming it.
    let wrong = try CSVColumnSpec(parsing: [#"first_name=Given,email="E-mail""#])
    #expect(throws: MonicaError.self) {
      try run([fixture("spreadsheet.csv")], csv: CSVImportOptions(columns: wrong), work: work)
    }
  }

  @Test("a header no export has is 65 at its line, naming its columns; nothing is written")
  func unknownHeader() throws {
    let work = try Work()
    do {
      _ = try run([fixture("unknown.csv")], work: work)
      Issue.record("no error")
    } catch let error as MonicaError {
      #expect(error.exitStatus == .dataError)
      let message = error.message ?? ""
      #expect(message.contains("unknown.csv:1: a header monica-import cannot place"), "\(message)")
      #expect(message.contains(#""Customer", "Mail", "Tel", "Since""#), "\(message)")
      #expect(message.contains("--columns"), "\(message)")
    }
    #expect(work.read("out.ndjson").isEmpty)
  }

  @Test("dates: Outlook's and LinkedIn's forms, year-less ones, 1604, a date either way round until the file says")
  func dates() {
    let today = CalendarDate(year: 2026, month: 11, day: 27) ?? CalendarDate.today()
    var reader = CSVDateReader(order: nil, today: today)
    func date(_ year: Int?, _ month: Int, _ day: Int) -> CSVDateReader.Reading {
      VCardDate(year: year, month: month, day: day).map { .date($0) } ?? .unreadable
    }
    #expect(reader.read("1980-05-17") == date(1980, 5, 17))
    #expect(reader.read("--05-17") == date(nil, 5, 17))
    #expect(reader.read("1604-05-17") == date(nil, 5, 17))
    #expect(reader.read("30 May 2024") == date(2024, 5, 30))
    #expect(reader.read("May 30, 2024") == date(2024, 5, 30))
    #expect(reader.read("0/0/00") == .empty)
    #expect(reader.read("2/30/1980") == .unreadable)
    #expect(reader.read("5/6/1980") == .ambiguous)
    #expect(reader.read("5/17/80") == date(1980, 5, 17))
    #expect(reader.order == .mdy)
    #expect(reader.read("5/6/1980") == date(1980, 5, 6))
    var given = CSVDateReader(order: .dmy, today: today)
    #expect(given.read("5/6/1980") == date(1980, 6, 5))
    #expect(given.read("5/17/1980") == .unreadable)
  }

  @Test("an ambiguous birthday goes to the note with a word; --date-order reads it")
  func ambiguousBirthday() throws {
    let work = try Work()
    let file = try work.write("a.csv", "First Name,Last Name,Birthday,Notes\nAna,Lima,5/6/1980,\n")
    let result = try run([file], csv: CSVImportOptions(from: .outlook), work: work)
    #expect(result.note(of: 1) == "Birthday: 5/6/1980")
    #expect(result.messages.contains { $0.contains("birthday 5/6/1980 could be day-month or month-day") })
    let ordered = try run([file], csv: CSVImportOptions(from: .outlook, dateOrder: .dmy), work: work)
    #expect(
      ordered.contact("Ana")?["information"]?["dates"]?["birthdate"]?["date"]?.stringValue == "1980-06-05T00:00:00Z")
  }

  @Test("a bad row is 65 at FILE:LINE after the rows before it; --skip-invalid says it and keeps the numbers")
  func badRows() throws {
    let work = try Work()
    let long = String(repeating: "x", count: CSVReader.Limits.recordBytes + 1)
    let file = try work.write(
      "bad.csv", "First Name,Last Name,Connected On\nAna,Lima,1 Jan 2020\nBo,\"\(long)\",\nCy,Dee,\nEd,\"open\n")
    do {
      _ = try run([file], work: work)
      Issue.record("no error")
    } catch let error as MonicaError {
      #expect(error.message == "\(file):3: row 2: a record longer than 1 MiB")
    }
    #expect(work.read("out.ndjson").contains("\"Ana\""))
    var options = ImportOptions()
    options.skipInvalid = true
    let result = try run([file], options: options, work: work)
    #expect(result.contacts.map { $0["id"]?.intValue } == [1, 3])
    #expect(result.summary.invalid == 2)
    #expect(
      result.messages.contains(
        "warning: \(file):5: skipped: row 4: a quoted cell opened here is not closed before the end of the file"),
      "\(result.messages)")
  }

  @Test("an empty file and a file of a header only write nothing and say so")
  func empty() throws {
    let work = try Work()
    let empty = try work.write("empty.csv", "")
    let header = try work.write(
      "header.csv", "First Name,Last Name,URL,Email Address,Company,Position,Connected On\r\n")
    let result = try run([empty, header], work: work)
    #expect(result.records.isEmpty)
    #expect(result.messages.contains("\(empty): empty: no header, no rows"))
    #expect(
      result.messages.contains { $0.hasPrefix("\(header): LinkedIn Connections (UTF-8): 0 rows") }, "\(result.messages)"
    )
  }

  @Test(
    "a cell that is not UTF-8 in a file whose text was is a bad row; a lone UTF-16 surrogate is said and read as U+FFFD"
  )
  func badText() throws {
    let work = try Work()
    let file = try work.write(
      "mixed.csv", Array("First Name,Last Name,Connected On\nJosé,Lima,\n".utf8) + [0x4A, 0xE9, 0x2C, 0x58, 0x0A])
    do {
      _ = try run([file], work: work)
      Issue.record("no error")
    } catch let error as MonicaError {
      #expect(error.message == "\(file):3: row 2: text that is not UTF-8, in a file whose text was UTF-8 before")
    }
    // A high surrogate, then a comma: Lima's last letter is U+FFFD.
    let bytes =
      utf16("First Name,Last Name,Connected On\r\nAna,Lima") + [0x00, 0xD8, 0x2C, 0x00, 0x0D, 0x00, 0x0A, 0x00]
    let lone = try work.write("lone.csv", bytes)
    let result = try run([lone], work: work)
    #expect(result.contact("Ana")?["last_name"]?.stringValue == "Lima\u{FFFD}")
    #expect(
      result.messages.contains("warning: \(lone): UTF-16 with a lone surrogate: read as U+FFFD"), "\(result.messages)")
  }

  @Test(
    "--columns text: quoted headers with commas and quotes, several options add up; a field it does not know is named")
  func columnSpec() throws {
    let spec = try CSVColumnSpec(parsing: [#"first_name="Given, ""called""",email=Mail"#, "phone = Cell "])
    #expect(
      spec.pairs.map { "\($0.field.rawValue)=\($0.header)" } == [
        #"first_name=Given, "called""#, "email=Mail", "phone=Cell",
      ])
    #expect(throws: CSVColumnSpec.Problem.self) { try CSVColumnSpec(parsing: ["surname=Last"]) }
    #expect(throws: CSVColumnSpec.Problem.self) { try CSVColumnSpec(parsing: [#"email="Mail"#]) }
    #expect(throws: CSVColumnSpec.Problem.self) { try CSVColumnSpec(parsing: ["email="]) }
    #expect(throws: CSVColumnSpec.Problem.self) { try CSVColumnSpec(parsing: ["email"]) }
  }
}
