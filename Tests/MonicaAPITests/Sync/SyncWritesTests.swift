import Foundation
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

@testable import MonicaAPI

/// `SyncWrites`: a file's values carried to its contact through Push's write machinery
/// (`WritePlan`), merged onto the contact as it is, removals included, against the in-memory
/// sandbox.
@Suite struct SyncWritesTests {
  /// The sandbox's client, a contact's id, the account, today.
  struct Account {
    let client: MonicaClient
    let id: Int
    let account: SyncAccount
    let today = CalendarDate.today()

    init() async throws {
      var configuration = SandboxConfiguration()
      configuration.contacts = 6
      configuration.rateLimiter = RateLimiter(limit: nil, window: 60)
      client = try SandboxTransport(configuration).client()
      let list = try await Self.data(client, "/contacts", [("limit", "1")])
      id = try #require(list.arrayValue?.first?["id"]?.intValue)
      let types = try await Self.data(client, "/contactfieldtypes").arrayValue?.compactMap(\.objectValue) ?? []
      let countries = try await Self.data(client, "/countries").objectValue?.members.compactMap(\.value.objectValue)
      account = SyncAccount(fieldTypes: types, countries: countries ?? [])
    }

    static func data(_ client: MonicaClient, _ path: String, _ query: [(String, String)] = []) async throws
      -> JSONValue
    {
      let response = try await client.get(path, query: query, what: path)
      return try #require(try JSONValue(parsing: Array(response.body))["data"])
    }

    /// The contact as Monica has it now, and its values as its rendered card holds them.
    func read(_ contact: Int? = nil) async throws -> (record: JSONObject, values: SyncedCard) {
      let contact = try #require(
        try await Self.data(client, "/contacts/\(contact ?? id)", [("with", "contactfields")]).objectValue)
      let lines = VCardLines.lines(of: JSONWriter.plain.bytes(.object(contact)))
      return (contact, try SyncCard(lines: lines, today: today).values)
    }

    /// Sends the steps that carry `file` to the contact; returns how many there were.
    func push(_ file: SyncedCard, to contact: Int? = nil, notes: @escaping (String) -> Void = { _ in }) async throws
      -> Int
    {
      let (record, monica) = try await read(contact)
      let writes = SyncWrites(
        contact: contact ?? id, record: record, monica: monica, file: file, account: account, today: today)
      let steps = try writes.steps(notes: notes)
      let path = NSTemporaryDirectory() + "/sync-writes-\(UUID().uuidString).tsv"
      defer { try? FileManager.default.removeItem(atPath: path) }
      let journal = try IDMap(path: path)
      try journal.lockForRun { _ in }
      try await WritePlan(steps).run(journal: journal, sender: ClientStepSender(client: client, today: today))
      return steps.count
    }
  }

  static func file(_ text: String, today: CalendarDate) throws -> SyncCard {
    try SyncCard(lines: text.split(separator: "\n").map(String.init), today: today)
  }

  @Test("every synced value of the file reaches the contact, values it lacks removed; a second run writes nothing")
  func carriesFile() async throws {
    let account = try await Account()
    let file = try Self.file(
      """
      BEGIN:VCARD
      VERSION:3.0
      FN:Ana Renamed
      N:Renamed;Ana;;;
      NICKNAME:Annie
      TEL;TYPE=CELL:+46 70 123 45 67
      EMAIL;TYPE=INTERNET:ana.renamed@example.com
      X-SOCIALPROFILE;TYPE=Twitter:@ana_renamed
      URL;TYPE=Website:https://ana.example.com
      ORG:Lantmäteriet
      TITLE:Cartographer
      CATEGORIES:synced,book club
      BDAY:--05-17
      ADR;TYPE=home:;;Rue de la Paix 1;Lyon;;69001;France
      END:VCARD
      """, today: account.today)
    var notes: [String] = []
    let sent = try await account.push(file.values) { notes.append($0) }
    #expect(sent > 0)
    let after = try await account.read().values
    // The account has no field type for a web site (the sandbox's, as Monica's set-up): the
    // address stays in the file only, and is said.
    var expected = file.values
    expected.fields.removeAll { $0.content == "https://ana.example.com" }
    #expect(after == expected, "\(after.differences(from: expected)) \(notes)")
    #expect(after.fields.count == 3 && after.addresses.count == 1 && after.tags.count == 2)
    #expect(notes == ["https://ana.example.com: no contact field type of the account takes it; kept in the file only"])
    // In step: nothing more to send.
    #expect(try await account.push(file.values) == 0)
  }

  @Test("a value removed in the file is removed in Monica: nickname, job, tags, phones, addresses, birthday")
  func removals() async throws {
    let account = try await Account()
    let full = try Self.file(
      """
      BEGIN:VCARD
      VERSION:4.0
      FN:Ana Lima
      N:Lima;Ana;;;
      NICKNAME:Annie
      TEL:+46 70 123 45 67
      ORG:Lantmäteriet
      TITLE:Cartographer
      CATEGORIES:synced
      BDAY:19800517
      NOTE:Met at the map fair
      ADR;TYPE=work:;;Rue de la Paix 1;Lyon;;69001;France
      END:VCARD
      """, today: account.today)
    _ = try await account.push(full.values)
    let bare = try Self.file("BEGIN:VCARD\nVERSION:4.0\nFN:Ana Lima\nN:Lima;Ana;;;\nEND:VCARD", today: account.today)
    _ = try await account.push(bare.values)
    let after = try await account.read().values
    #expect(after == bare.values, "\(after.differences(from: bare.values))")
    #expect(after.fields.isEmpty && after.addresses.isEmpty && after.tags.isEmpty && after.birthday == nil)
  }

  @Test("a new file's contact is made once under its journal key: a second run of the plan finds it made")
  func createOnce() async throws {
    let account = try await Account()
    let file = try Self.file(
      """
      BEGIN:VCARD
      VERSION:4.0
      UID:from-a-phone-17
      FN:Bea Nilsson
      N:Nilsson;Bea;;;
      TEL:+46 70 765 43 21
      CATEGORIES:choir
      BDAY:19900203
      NOTE:From the phone
      END:VCARD
      """, today: account.today)
    let path = NSTemporaryDirectory() + "/sync-create-\(UUID().uuidString).tsv"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var outcomes: [StepOutcome] = []
    for _ in 0..<2 {
      let journal = try IDMap(path: path)
      try journal.lockForRun { _ in }
      let step = try SyncWrites.create(file.values, key: 17, today: account.today)
      try await WritePlan([step]).run(
        journal: journal, sender: ClientStepSender(client: account.client, today: account.today)
      ) {
        _, outcome in outcomes.append(outcome)
      }
    }
    guard case .sent(let made) = outcomes.first, outcomes.count == 2 else {
      Issue.record("\(outcomes)")
      return
    }
    #expect(outcomes[1] == .alreadyDone(target: made))
    // Then its fields, as for any contact, against the contact as made.
    _ = try await account.push(file.values, to: made)
    #expect(try await account.read(made).values == file.values)
  }
}
