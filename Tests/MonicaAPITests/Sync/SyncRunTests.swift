import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

#if canImport(Glibc)
  import Glibc
#endif

/// `SyncRun` in-process against the in-memory sandbox: a vdir in a fresh directory, the status
/// beside it, khard-style edits made to the files by hand.
@Suite struct SyncRunTests {
  /// A sandbox, its vdir and status.
  final class Vdir: @unchecked Sendable {
    let run: InProcessRun
    let client: MonicaClient
    let directory: String
    let status: String

    init(contacts: Int = 3, faults: [String] = [], timeout: TimeInterval = 60, maxPageSize: Int = 100) throws {
      run = try InProcessRun(contacts: contacts, faults: faults, maxPageSize: maxPageSize, timeout: timeout)
      client = try run.transport.client()
      directory = run.home.root + "/vdir"
      status = run.home.root + "/sync.status"
    }

    /// One run; its outcome (stdout, the error), the write requests it sent, and its summary
    /// when it ended well.
    @discardableResult
    func sync(_ adjust: (inout SyncOptions) -> Void = { _ in }) async throws -> (
      outcome: InProcessRun.Outcome, writes: [String], summary: SyncSummary?
    ) {
      var options = SyncOptions(directory: directory)
      options.statusPath = status
      adjust(&options)
      let before = run.transport.exchanges.count
      let connection = run.connection()
      var summary: SyncSummary?
      let outcome = try await run.output { (output) throws(MonicaError) in
        summary = try await SyncRun(options: options, connection: connection).run(output: output)
      }
      let writes = run.transport.exchanges.dropFirst(before).filter { $0.method != "GET" }.map {
        "\($0.method) \($0.target)"
      }
      return (outcome, writes, summary)
    }

    /// The vdir's `.vcf` files.
    var files: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".vcf") }.sorted()
    }

    func text(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }

    func write(_ name: String, _ lines: [String]) throws {
      try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
    }

    /// The contact's record as Monica has it, with its fields.
    func contact(_ id: Int) async throws -> JSONValue {
      let response = try await client.get("/contacts/\(id)", query: [("with", "contactfields")], what: "contact")
      return try #require(try JSONValue(parsing: Array(response.body))["data"])
    }

    /// Every contact of the account.
    func contacts() async throws -> [JSONValue] {
      let response = try await client.get("/contacts", query: [("limit", "100")], what: "contacts")
      return try #require(try JSONValue(parsing: Array(response.body))["data"]?.arrayValue)
    }

    /// Makes a contact through the API; its id.
    func create(_ first: String, _ last: String) async throws -> Int {
      let body = JSONObject([
        "first_name": .string(first), "last_name": .string(last), "is_birthdate_known": .bool(false),
        "is_deceased": .bool(false), "is_deceased_date_known": .bool(false),
      ])
      let response = try await client.send(WriteRequest(.create, "/contacts", body: body))
      return try #require(try JSONValue(parsing: Array(response.body))["data"]?["id"]?.intValue)
    }

    /// Adds an e-mail address to a contact through the API.
    func addEmail(_ address: String, to id: Int) async throws {
      let types = try await client.get("/contactfieldtypes", what: "types")
      let list = try #require(try JSONValue(parsing: Array(types.body))["data"]?.arrayValue)
      let email = try #require(list.first { $0["type"]?.stringValue == "email" }?["id"]?.intValue)
      let body = JSONObject([
        "contact_field_type_id": .int(email), "contact_id": .int(id), "data": .string(address),
      ])
      _ = try await client.send(WriteRequest(.create, "/contactfields", body: body))
    }

    /// The file of contact `id`, by its uuid.
    func file(of id: Int) async throws -> String {
      let uuid = try #require(try await contact(id)["uuid"]?.stringValue)
      return try #require(files.first { (try? text($0).contains(uuid)) == true })
    }
  }

  @Test("a first sync writes every contact as a card, 0600; a second run with nothing changed writes nothing")
  func firstSync() async throws {
    let vdir = try Vdir(contacts: 4)
    let first = try await vdir.sync()
    #expect(first.outcome.status == 0, "\(first.outcome) \(vdir.run.diagnostics)")
    #expect(first.writes.isEmpty)
    #expect(vdir.files.count == 4)
    for name in vdir.files {
      var info = stat()
      #expect(stat(vdir.directory + "/" + name, &info) == 0 && info.st_mode & 0o777 == 0o600)
      #expect(try vdir.text(name).hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
    }
    let etags = try vdir.files.map { try FileManager.default.attributesOfItem(atPath: vdir.directory + "/" + $0) }
      .map { ($0[.modificationDate] as? Date, $0[.systemFileNumber] as? Int) }
    let before = vdir.run.transport.exchanges.count
    let second = try await vdir.sync()
    #expect(second.outcome.status == 0 && second.writes.isEmpty, "\(second)")
    // Requests: the account's id for its lock, and one paged walk of the contacts with their fields.
    let reads = vdir.run.transport.exchanges.dropFirst(before).map(\.target)
    #expect(reads == ["/api/me", "/api/contacts?page=1&limit=100&with=contactfields"], "\(reads)")
    let again = try vdir.files.map { try FileManager.default.attributesOfItem(atPath: vdir.directory + "/" + $0) }
      .map { ($0[.modificationDate] as? Date, $0[.systemFileNumber] as? Int) }
    #expect(etags.map { "\($0)" } == again.map { "\($0)" })
    // A file past the size bound is left alone, and said.
    try Data(repeating: 0x41, count: SyncOptions.fileSizeLimit + 1).write(
      to: URL(fileURLWithPath: vdir.directory + "/huge.vcf"))
    let huge = try await vdir.sync()
    #expect(huge.outcome.status == 0 && huge.writes.isEmpty)
    #expect(
      vdir.run.diagnostics.contains { $0.hasSuffix("huge.vcf: larger than 4 MiB; left alone") },
      "\(vdir.run.diagnostics)")
  }

  @Test("a file is read only when its etag is new or its contact changed: a run with nothing changed reads none")
  func readsChangedFilesOnly() async throws {
    let vdir = try Vdir(contacts: 0)
    let ids = [
      try await vdir.create("Pia", "Ek"), try await vdir.create("Rut", "Ek"), try await vdir.create("Siv", "Ek"),
    ]
    let first = try await vdir.sync()
    // The files it wrote are not read again.
    #expect(first.outcome.status == 0 && first.summary?.parsed == 0, "\(first)")
    let still = try await vdir.sync()
    #expect(still.outcome.status == 0 && still.writes.isEmpty && still.summary?.parsed == 0, "\(still)")
    // One file edited: that file only.
    let edited = try await vdir.file(of: ids[0])
    let text = try vdir.text(edited).replacingOccurrences(of: "END:VCARD", with: "NICKNAME:Pip\r\nEND:VCARD")
    try Data(text.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + edited))
    let pushed = try await vdir.sync()
    #expect(pushed.summary?.parsed == 1 && pushed.summary?.pushed == 1, "\(pushed)")
    // One contact changed in Monica: its file is read, to merge onto.
    try await vdir.addEmail("rut@example.com", to: ids[1])
    let pulled = try await vdir.sync()
    #expect(pulled.summary?.parsed == 1 && pulled.summary?.pulled == 1, "\(pulled)")
    #expect(try vdir.text(try await vdir.file(of: ids[1])).contains("rut@example.com"))
    // A touch (a new etag, the same content) is read once, recorded, then not again.
    let touched = vdir.directory + "/" + (try await vdir.file(of: ids[2]))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: touched)
    let recorded = try await vdir.sync()
    #expect(recorded.writes.isEmpty && recorded.summary?.parsed == 1, "\(recorded)")
    let quiet = try await vdir.sync()
    #expect(quiet.outcome.status == 0 && quiet.writes.isEmpty && quiet.summary?.parsed == 0, "\(quiet)")
  }

  @Test("a card edited as khard writes it (3.0, REV) reaches Monica; the next run writes nothing")
  func fileToMonica() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Ana", "Lima")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let uid = try #require(try vdir.text(name).split(separator: "\r\n").first { $0.hasPrefix("UID:") })
    try vdir.write(
      name,
      [
        "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//khard//", String(uid), "FN:Ana Lima", "N:Lima;Ana;;;",
        "NICKNAME:Annie", "TEL;TYPE=CELL:+46 70 123 45 67", "X-KHARD-NOTE:kept", "REV:20261127T101010Z", "END:VCARD",
      ])
    let before = vdir.run.transport.exchanges.count
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0, "\(run.outcome) \(vdir.run.diagnostics)")
    #expect(run.writes.contains { $0.hasPrefix("PUT /api/contacts/\(id)") }, "\(run.writes)")
    // Requests: the lock's /api/me, the walk, the field types (a phone added; no address, so no
    // countries), the two writes, and the contact read back for the status; the contact is not
    // read again before its update (the walk read it).
    let requests = vdir.run.transport.exchanges.dropFirst(before).map { "\($0.method) \($0.target)" }
    #expect(
      requests == [
        "GET /api/me", "GET /api/contacts?page=1&limit=100&with=contactfields", "GET /api/contactfieldtypes",
        "PUT /api/contacts/\(id)", "POST /api/contactfields", "GET /api/contacts/\(id)?with=contactfields",
      ], "\(requests)")
    let contact = try await vdir.contact(id)
    #expect(contact["nickname"]?.stringValue == "Annie")
    #expect(contact["contactFields"]?.arrayValue?.contains { $0["content"]?.stringValue == "+46 70 123 45 67" } == true)
    // Monica cannot hold X-KHARD-NOTE: said once, kept in the file.
    #expect(try vdir.text(name).contains("X-KHARD-NOTE:kept"))
    let bytes = try vdir.text(name)
    let again = try await vdir.sync()
    #expect(again.outcome.status == 0 && again.writes.isEmpty, "\(again.writes) \(vdir.run.diagnostics)")
    #expect(try vdir.text(name) == bytes)
    // Said once: the next run is silent.
    let said = vdir.run.diagnostics.filter { $0.contains("not synced, kept in the file only: X-KHARD-NOTE") }
    #expect(said.count == 1, "\(vdir.run.diagnostics)")
    // A copy of the file (the same UID) makes no second contact.
    try Data(bytes.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/copy.vcf"))
    let copied = try await vdir.sync()
    #expect(copied.outcome.status == 0 && copied.writes.isEmpty, "\(copied.writes)")
    #expect(vdir.run.diagnostics.last?.contains("copy.vcf: its UID is the contact of \(name) already") == true)
  }

  @Test("a link no field type of the account takes stays in its file when a later change in Monica is pulled")
  func linkMonicaCannotHold() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Hal", "Ek")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let link = "URL;TYPE=fediverse:https://social.example/@hal"
    let text = try vdir.text(name).replacingOccurrences(of: "END:VCARD", with: link + "\r\nEND:VCARD")
    try Data(text.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    let pushed = try await vdir.sync()
    #expect(pushed.outcome.status == 0 && pushed.writes.isEmpty, "\(pushed) \(vdir.run.diagnostics)")
    #expect(
      vdir.run.diagnostics.contains { $0.contains("social.example/@hal") && $0.contains("kept in the file only") })
    // Monica changes another group: the file takes it, and keeps the link.
    try await vdir.addEmail("hal@example.com", to: id)
    let pulled = try await vdir.sync()
    #expect(pulled.outcome.status == 0 && pulled.summary?.pulled == 1, "\(pulled) \(vdir.run.diagnostics)")
    let after = try vdir.text(name)
    #expect(after.contains("hal@example.com") && after.contains(link), "\(after)")
    let quiet = try await vdir.sync()
    #expect(quiet.outcome.status == 0 && quiet.writes.isEmpty, "\(quiet)")
    #expect(try vdir.text(name) == after)
  }

  @Test("a contact changed in Monica reaches its file, keeping what Monica does not hold")
  func monicaToFile() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Bea", "Nilsson")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    var text = try vdir.text(name)
    text = text.replacingOccurrences(of: "END:VCARD", with: "X-CUSTOM:mine\r\nEND:VCARD")
    try Data(text.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    try await vdir.sync()
    try await vdir.addEmail("bea@example.com", to: id)
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0 && run.writes.isEmpty, "\(run) \(vdir.run.diagnostics)")
    let after = try vdir.text(name)
    #expect(after.contains("bea@example.com") && after.contains("X-CUSTOM:mine"), "\(after)")
  }

  @Test("both sides changed: a named conflict, nothing overwritten, status 65; --prefer monica settles it")
  func conflict() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Cai", "Olsen")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let edited = try vdir.text(name).replacingOccurrences(of: "END:VCARD", with: "NICKNAME:Cee\r\nEND:VCARD")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    try await vdir.addEmail("cai@example.com", to: id)
    let run = try await vdir.sync()
    #expect(run.outcome.status == 65, "\(run.outcome)")
    #expect(run.writes.isEmpty)
    #expect(vdir.run.diagnostics.contains { $0.contains("conflict: ") && $0.contains(name) && $0.contains("nickname") })
    #expect(try vdir.text(name) == edited)
    // Monica kept its own values, read back: its e-mail address, no nickname.
    let kept = try await vdir.contact(id)
    #expect(kept["nickname"]?.stringValue == nil)
    #expect(kept["contactFields"]?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["cai@example.com"])
    let settled = try await vdir.sync { $0.prefer = .monica }
    #expect(settled.outcome.status == 0 && settled.writes.isEmpty, "\(settled)")
    let after = try await vdir.contact(id)
    #expect(after["nickname"]?.stringValue == nil)
    #expect(after["contactFields"]?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["cai@example.com"])
    #expect(try vdir.text(name).contains("cai@example.com"))
    #expect(try !vdir.text(name).contains("Cee"))
  }

  @Test("a new card of a person already in Monica (same name and e-mail) is linked to that contact, not made again")
  func newCardLinks() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Dana", "Berg")
    try await vdir.addEmail("dana@example.com", to: id)
    try FileManager.default.createDirectory(atPath: vdir.directory, withIntermediateDirectories: true)
    try vdir.write(
      "from-phone.vcf",
      [
        "BEGIN:VCARD", "VERSION:3.0", "UID:from-phone-1", "FN:Dana Berg", "N:Berg;Dana;;;",
        "EMAIL;TYPE=INTERNET:dana@example.com", "END:VCARD",
      ])
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0, "\(run.outcome) \(vdir.run.diagnostics)")
    #expect(!run.writes.contains { $0.hasPrefix("POST /api/contacts") }, "\(run.writes)")
    #expect(vdir.files == ["from-phone.vcf"])
    #expect(try await vdir.contacts().count == 1)
    // A namesake with nothing more is another person: a contact of its own.
    try vdir.write(
      "other.vcf", ["BEGIN:VCARD", "VERSION:3.0", "UID:other-1", "FN:Dana Berg", "N:Berg;Dana;;;", "END:VCARD"])
    let second = try await vdir.sync()
    #expect(second.outcome.status == 0)
    #expect(second.writes.filter { $0.hasPrefix("POST /api/contacts") }.count == 1, "\(second.writes)")
    #expect(try await vdir.contacts().count == 2)
    #expect(try vdir.text("other.vcf").contains("UID:other-1"))
  }

  @Test("a new file makes a contact once: a run stopped after the POST (no answer) is resumed without a duplicate")
  func killedCreateResumes() async throws {
    // The first POST /api/contacts is carried out, its answer held past the transport's time-out.
    let vdir = try Vdir(contacts: 2, faults: ["late=3000@1:POST:/api/contacts"], timeout: 1)
    try await vdir.sync()
    let names = vdir.files
    try vdir.write(
      "new.vcf",
      ["BEGIN:VCARD", "VERSION:4.0", "UID:new-1", "FN:Eli Sand", "N:Sand;Eli;;;", "TEL:+46 8 123 456", "END:VCARD"])
    let stopped = try await vdir.sync()
    #expect(stopped.outcome.status != 0, "\(stopped.outcome)")
    #expect(try await vdir.contacts().filter { $0["first_name"]?.stringValue == "Eli" }.count == 1)
    #expect(vdir.files == (names + ["new.vcf"]).sorted(), "\(vdir.files)")
    let resumed = try await vdir.sync()
    #expect(resumed.outcome.status == 0, "\(resumed.outcome) \(vdir.run.diagnostics)")
    #expect(!resumed.writes.contains { $0.hasPrefix("POST /api/contacts") }, "\(resumed.writes)")
    let eli = try await vdir.contacts().filter { $0["first_name"]?.stringValue == "Eli" }
    #expect(eli.count == 1)
    let id = try #require(eli.first?["id"]?.intValue)
    #expect(try await vdir.contact(id)["contactFields"]?.arrayValue?.count == 1)
    #expect(try vdir.text("new.vcf").contains("UID:new-1"))
    // No second file for the contact the stopped run made, none lost.
    #expect(vdir.files == (names + ["new.vcf"]).sorted(), "\(vdir.files)")
    let again = try await vdir.sync()
    #expect(again.outcome.status == 0 && again.writes.isEmpty, "\(again.writes)")
    #expect(vdir.files == (names + ["new.vcf"]).sorted(), "\(vdir.files)")
  }

  @Test(
    "a push stopped part-way (a field's create carried out, unanswered) is finished by the next run, no field twice")
  func killedPushResumes() async throws {
    let vdir = try Vdir(contacts: 0, faults: ["late=3000@1:POST:/api/contactfields"], timeout: 1)
    let id = try await vdir.create("Gia", "Moss")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let edited = try vdir.text(name).replacingOccurrences(
      of: "END:VCARD", with: "NICKNAME:Gi\r\nTEL:+46 8 555 12 12\r\nEMAIL:gia@example.com\r\nEND:VCARD")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    let stopped = try await vdir.sync()
    #expect(stopped.outcome.status != 0, "\(stopped.outcome)")
    #expect(try vdir.files == [name] && vdir.text(name) == edited, "\(vdir.files)")
    let resumed = try await vdir.sync()
    #expect(resumed.outcome.status == 0, "\(resumed.outcome) \(vdir.run.diagnostics)")
    // One file still, the one edited: no duplicate written for the contact, none removed.
    #expect(vdir.files == [name], "\(vdir.files)")
    let fields = try await vdir.contact(id)["contactFields"]?.arrayValue?.compactMap { $0["content"]?.stringValue }
    #expect(fields?.sorted() == ["+46 8 555 12 12", "gia@example.com"], "\(fields ?? [])")
    #expect(try await vdir.contact(id)["nickname"]?.stringValue == "Gi")
    let again = try await vdir.sync()
    #expect(again.outcome.status == 0 && again.writes.isEmpty, "\(again.writes)")
    #expect(try vdir.files == [name] && vdir.text(name).contains("gia@example.com"), "\(vdir.files)")
  }

  @Test("a change Monica refuses (422) is said and left as it is; the other files sync; the next run does the same")
  func refusedItemGoesOn() async throws {
    // Every PUT of a contact is refused; a field's POST is not.
    let vdir = try Vdir(contacts: 0, faults: ["422@*1:PUT:/api/contacts"])
    let ids = [try await vdir.create("Hal", "Ek"), try await vdir.create("Ida", "Ek")]
    try await vdir.sync()
    var byName: [(name: String, id: Int)] = []
    for id in ids { byName.append((try await vdir.file(of: id), id)) }
    byName.sort { $0.name < $1.name }
    let (refused, other) = (byName[0], byName[1])
    let refusedText = try vdir.text(refused.name).replacingOccurrences(
      of: "END:VCARD", with: "NICKNAME:Refused\r\nEND:VCARD")
    try Data(refusedText.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + refused.name))
    let otherText = try vdir.text(other.name).replacingOccurrences(
      of: "END:VCARD", with: "EMAIL:ida@example.com\r\nEND:VCARD")
    try Data(otherText.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + other.name))
    for round in 1...2 {
      let before = vdir.run.diagnostics.count
      let run = try await vdir.sync()
      let said = vdir.run.diagnostics.dropFirst(before)
      #expect(run.outcome.status == 65, "round \(round): \(run.outcome) \(said)")
      #expect(said.contains { $0.contains(refused.name) && $0.contains("left as it is") }, "\(said)")
      #expect(
        run.writes.filter { $0.hasPrefix("POST /api/contactfields") }.count == (round == 1 ? 1 : 0), "\(run.writes)")
      #expect(try await vdir.contact(refused.id)["nickname"]?.stringValue == nil)
      let fields = try await vdir.contact(other.id)["contactFields"]?.arrayValue ?? []
      #expect(fields.compactMap { $0["content"]?.stringValue } == ["ida@example.com"])
      #expect(try vdir.text(refused.name) == refusedText && vdir.text(other.name) == otherText)
      let states = try SyncStatusFile(path: vdir.status, create: false).entries.values.map(\.state)
      #expect(states.count == 2 && states.allSatisfy { $0 == .synced }, "\(states)")
    }
  }

  @Test("a write refused part-way: what went stays, the next run sends the rest (no conflict, no second contact)")
  func refusedPartway() async throws {
    // The first four field creates are refused: two runs' worth.
    let vdir = try Vdir(contacts: 0, faults: (1...4).map { "422@\($0):POST:/api/contactfields" })
    let id = try await vdir.create("Jo", "Ek")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let edited = try vdir.text(name).replacingOccurrences(
      of: "END:VCARD", with: "NICKNAME:Jojo\r\nEMAIL:jo@example.com\r\nEND:VCARD")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    try vdir.write(
      "new.vcf",
      ["BEGIN:VCARD", "VERSION:4.0", "UID:new-3", "FN:Kai Ek", "N:Ek;Kai;;;", "EMAIL:kai@example.com", "END:VCARD"])
    for round in 1...2 {
      let run = try await vdir.sync()
      #expect(run.outcome.status == 65, "round \(round): \(run.outcome) \(vdir.run.diagnostics)")
      // The contact's own change and the new contact went in the first round only.
      #expect(run.writes.filter { $0.hasPrefix("PUT /api/contacts/") }.count == (round == 1 ? 1 : 0), "\(run.writes)")
      #expect(run.writes.filter { $0.hasPrefix("POST /api/contacts") }.count == (round == 1 ? 1 : 0), "\(run.writes)")
      #expect(run.writes.filter { $0.hasPrefix("POST /api/contactfields") }.count == 2, "\(run.writes)")
      #expect(!vdir.run.diagnostics.contains { $0.contains("conflict: ") }, "\(vdir.run.diagnostics)")
      #expect(vdir.files == [name, "new.vcf"].sorted(), "\(vdir.files)")
      #expect(try await vdir.contacts().count == 2)
      #expect(try await vdir.contact(id)["nickname"]?.stringValue == "Jojo")
    }
    let done = try await vdir.sync()
    #expect(done.outcome.status == 0, "\(done.outcome) \(vdir.run.diagnostics)")
    #expect(vdir.files == [name, "new.vcf"].sorted())
    var emails: [String] = []
    for contact in try await vdir.contacts() {
      let fields = try await vdir.contact(try #require(contact["id"]?.intValue))["contactFields"]?.arrayValue ?? []
      emails += fields.compactMap { $0["content"]?.stringValue }
    }
    #expect(emails.sorted() == ["jo@example.com", "kai@example.com"])
    let again = try await vdir.sync()
    #expect(again.outcome.status == 0 && again.writes.isEmpty, "\(again.writes)")
  }

  @Test("a resumed create whose field is refused pairs its file with the contact; the next run sends the field")
  func refusedResumedCreate() async throws {
    // The contact's POST is carried out and unanswered (the run stops); the resumed run's field is refused.
    let faults = ["late=3000@1:POST:/api/contacts", "422@1:POST:/api/contactfields"]
    let vdir = try Vdir(contacts: 2, faults: faults, timeout: 1)
    try await vdir.sync()
    let names = vdir.files
    try vdir.write(
      "new.vcf",
      ["BEGIN:VCARD", "VERSION:4.0", "UID:new-4", "FN:Tor Ek", "N:Ek;Tor;;;", "EMAIL:tor@example.com", "END:VCARD"])
    let stopped = try await vdir.sync()
    #expect(stopped.outcome.status == 75, "\(stopped.outcome)")
    let refused = try await vdir.sync()
    #expect(refused.outcome.status == 65, "\(refused.outcome) \(vdir.run.diagnostics)")
    #expect(!refused.writes.contains { $0.hasPrefix("POST /api/contacts") }, "\(refused.writes)")
    let done = try await vdir.sync()
    #expect(done.outcome.status == 0 && !done.writes.contains { $0.hasPrefix("POST /api/contacts") }, "\(done)")
    let tor = try await vdir.contacts().filter { $0["first_name"]?.stringValue == "Tor" }
    #expect(tor.count == 1)
    let id = try #require(tor.first?["id"]?.intValue)
    let fields = try await vdir.contact(id)["contactFields"]?.arrayValue ?? []
    #expect(fields.compactMap { $0["content"]?.stringValue } == ["tor@example.com"])
    #expect(vdir.files == (names + ["new.vcf"]).sorted(), "\(vdir.files)")
  }

  @Test("a run that stops (a refused token) says what it already wrote before its error")
  func stopSaysWritten() async throws {
    // The second contact's PUT is refused as an expired token would be.
    let vdir = try Vdir(contacts: 0, faults: ["401@2:PUT:/api/contacts"])
    let ids = [try await vdir.create("Lea", "Ek"), try await vdir.create("Max", "Ek")]
    try await vdir.sync()
    for id in ids {
      let name = try await vdir.file(of: id)
      let edited = try vdir.text(name).replacingOccurrences(of: "END:VCARD", with: "NICKNAME:Nick\r\nEND:VCARD")
      try Data(edited.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    }
    let before = vdir.run.diagnostics.count
    let stopped = try await vdir.sync()
    #expect(stopped.outcome.status == 77, "\(stopped.outcome)")
    let said = Array(vdir.run.diagnostics.dropFirst(before))
    #expect(
      said.contains {
        $0.hasSuffix("stopped after: pulled 0, pushed 1, created 0, written 0, deleted 0, removed 0, conflicts 0")
      }, "\(said)")
  }

  @Test("two runs at once on one vdir make a new file's contact once (the account's and the status's locks)")
  func twoRunsAtOnce() async throws {
    let vdir = try Vdir(contacts: 3)
    try await vdir.sync()
    try vdir.write("new.vcf", ["BEGIN:VCARD", "VERSION:4.0", "UID:new-2", "FN:Fay Holm", "N:Holm;Fay;;;", "END:VCARD"])
    let before = vdir.run.transport.exchanges.count
    async let a = vdir.sync()
    async let b = vdir.sync()
    let (first, second) = try await (a, b)
    #expect(first.outcome.status == 0 && second.outcome.status == 0, "\(first.outcome) \(second.outcome)")
    let posts = vdir.run.transport.exchanges.dropFirst(before).filter {
      $0.method == "POST" && $0.target == "/api/contacts"
    }
    #expect(posts.count == 1, "\(posts) \(vdir.run.diagnostics) \(first.writes) \(second.writes)")
    #expect(try await vdir.contacts().filter { $0["first_name"]?.stringValue == "Fay" }.count == 1)
    #expect(vdir.files.count == 4)
  }

  @Test("an emptied vdir stops the run before any change; deletions go as the flags say")
  func deletions() async throws {
    let vdir = try Vdir(contacts: 3)
    try await vdir.sync()
    let names = vdir.files
    for name in names { try FileManager.default.removeItem(atPath: vdir.directory + "/" + name) }
    let empty = try await vdir.sync()
    #expect(empty.outcome.status == 78 && empty.writes.isEmpty, "\(empty.outcome)")
    #expect(vdir.files.isEmpty)
    // --force-delete goes on: files deleted are written back, unless --propagate-deletes.
    let restored = try await vdir.sync { $0.forceDelete = true }
    #expect(restored.outcome.status == 0 && restored.writes.isEmpty && vdir.files == names, "\(restored.outcome)")
    try FileManager.default.removeItem(atPath: vdir.directory + "/" + names[0])
    let deleted = try await vdir.sync { $0.propagateDeletes = true }
    #expect(deleted.writes.count == 1 && deleted.writes[0].hasPrefix("DELETE /api/contacts/"), "\(deleted.writes)")
    #expect(try await vdir.contacts().count == 2)
    // A contact deleted in Monica: its unchanged file is removed.
    let id = try #require(try await vdir.contacts().first?["id"]?.intValue)
    let file = try await vdir.file(of: id)
    _ = try await vdir.client.send(WriteRequest(.delete, "/contacts/\(id)"))
    let removed = try await vdir.sync()
    #expect(removed.outcome.status == 0 && !vdir.files.contains(file), "\(removed.outcome)")
  }

  @Test("a file that is not one card is left alone and said; the other items sync")
  func unreadableFile() async throws {
    let vdir = try Vdir(contacts: 2)
    try FileManager.default.createDirectory(atPath: vdir.directory, withIntermediateDirectories: true)
    try vdir.write("broken.vcf", ["BEGIN:VCARD", "VERSION:3.0", "FN:No End"])
    try vdir.write(
      "two.vcf",
      [
        "BEGIN:VCARD", "VERSION:3.0", "FN:A B", "N:B;A;;;", "END:VCARD", "BEGIN:VCARD", "VERSION:3.0", "FN:C D",
        "END:VCARD",
      ])
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0 && run.writes.isEmpty, "\(run.outcome)")
    #expect(vdir.files.count == 4)
    #expect(vdir.run.diagnostics.contains { $0.contains("two.vcf: holds more than one card; left alone") })
    #expect(vdir.run.diagnostics.contains { $0.contains("broken.vcf: ") && $0.hasSuffix("left alone") })
    #expect(try vdir.text("broken.vcf") == "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No End\r\n")
  }

  @Test("a phone's 4.0 card (TEL as a tel: URI, a year-less birthday) makes a contact holding the number, not the URI")
  func phoneCard() async throws {
    let vdir = try Vdir(contacts: 0)
    try FileManager.default.createDirectory(atPath: vdir.directory, withIntermediateDirectories: true)
    try vdir.write(
      "phone.vcf",
      [
        "BEGIN:VCARD", "VERSION:4.0", "UID:urn:uuid:5a3c0e7e-1111-4222-8333-944455556666", "FN:Jon Ek", "N:Ek;Jon;;;",
        "TEL;VALUE=uri;TYPE=cell:tel:+46701234567", "BDAY:--0517", "END:VCARD",
      ])
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0, "\(run.outcome) \(vdir.run.diagnostics)")
    let id = try #require(try await vdir.contacts().first?["id"]?.intValue)
    let contact = try await vdir.contact(id)
    #expect(contact["contactFields"]?.arrayValue?.compactMap { $0["content"]?.stringValue } == ["+46701234567"])
    #expect(contact["information"]?["dates"]?["birthdate"]?["is_year_unknown"]?.boolValue == true)
    #expect(vdir.files == ["phone.vcf"])
    let again = try await vdir.sync()
    #expect(again.outcome.status == 0 && again.writes.isEmpty, "\(again.writes)")
  }

  @Test("a file changed whose contact was deleted in Monica is a conflict; --prefer vdir makes the contact again")
  func changedDeleted() async throws {
    let vdir = try Vdir(contacts: 0)
    let id = try await vdir.create("Kim", "Vik")
    // Another contact: an account with none left would stop the run (the empty-side guard).
    _ = try await vdir.create("Lo", "Berg")
    try await vdir.sync()
    let name = try await vdir.file(of: id)
    let edited = try vdir.text(name).replacingOccurrences(of: "END:VCARD", with: "NICKNAME:Kimmy\r\nEND:VCARD")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: vdir.directory + "/" + name))
    _ = try await vdir.client.send(WriteRequest(.delete, "/contacts/\(id)"))
    let run = try await vdir.sync()
    #expect(run.outcome.status == 65 && run.writes.isEmpty, "\(run.outcome)")
    #expect(vdir.run.diagnostics.contains { $0.contains("deleted in Monica; both left as they are") })
    #expect(try vdir.text(name) == edited)
    let settled = try await vdir.sync { $0.prefer = .vdir }
    #expect(settled.outcome.status == 0, "\(settled.outcome)")
    #expect(try await vdir.contacts().compactMap { $0["nickname"]?.stringValue } == ["Kimmy"])
    #expect(vdir.files.count == 2 && vdir.files.contains(name))
  }

  @Test(
    "an instance that refuses 100 contacts a page is walked with fewer, said once; every listed contact gets its file")
  func smallerPages() async throws {
    let vdir = try Vdir(contacts: 25, maxPageSize: 10)
    let run = try await vdir.sync()
    #expect(run.outcome.status == 0, "\(run.outcome)")
    // The plain list's contacts (a partial one of the seed is not among them), three pages of 10.
    var listed = 0
    for page in 1...3 {
      let response = try await vdir.client.get(
        "/contacts", query: [("limit", "10"), ("page", "\(page)")], what: "contacts")
      listed += try JSONValue(parsing: Array(response.body))["data"]?.arrayValue?.count ?? 0
    }
    #expect(listed > 20 && vdir.files.count == listed, "\(vdir.run.diagnostics) \(listed)")
    #expect(vdir.run.diagnostics.filter { $0.contains("refuses 100 records per page") }.count == 1)
  }

  @Test("--dry-run says every action and writes nothing: no file, no status, no request but reads")
  func dryRun() async throws {
    let vdir = try Vdir(contacts: 2)
    let run = try await vdir.sync { $0.dryRun = true }
    #expect(run.outcome.status == 0 && run.writes.isEmpty)
    #expect(run.outcome.lines.count == 2 && run.outcome.lines.allSatisfy { $0.hasPrefix("write\t") }, "\(run.outcome)")
    #expect(vdir.files.isEmpty && !FileManager.default.fileExists(atPath: vdir.status))
  }

  @Test("--dry-run's lines escape each field: a file name with a tab or a line feed forges no field and no line")
  func dryRunEscapesFields() async throws {
    let vdir = try Vdir(contacts: 0)
    try FileManager.default.createDirectory(atPath: vdir.directory, withIntermediateDirectories: true)
    let name = "a\tpush\nwrite\tb\u{1B}[2J.vcf"
    try vdir.write(name, ["BEGIN:VCARD", "VERSION:4.0", "UID:odd-1", "FN:Ola Ek", "N:Ek;Ola;;;", "END:VCARD"])
    let run = try await vdir.sync { $0.dryRun = true }
    #expect(run.outcome.status == 0 && run.writes.isEmpty, "\(run.outcome)")
    #expect(run.outcome.lines == ["create\ta\\tpush\\nwrite\\tb\\x1b[2J.vcf\t-\ta new file"], "\(run.outcome.lines)")
  }
}
