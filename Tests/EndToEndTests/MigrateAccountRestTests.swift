import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// The account's remaining kinds in a migration: named reference data the target lacks (created,
/// then referred to), journal entries, places, companies, occupations, labels of contact fields,
/// and documents with their bytes or, behind the session-only route, listed as not carried.
extension MigrateTests {
  /// The kinds compared beyond the first ones, in the order `--all` gives them.
  static let restKinds = [
    "genders", "activitytypecategories", "activitytypes", "places", "companies", "journal", "occupations",
  ]
  /// The kinds matched by name: the target keeps its own beside the copies.
  static let named: Set = ["tags", "genders", "activitytypecategories", "activitytypes"]

  /// Records of the source that the sandbox's seed may not have: a gender, an activity type and
  /// its category that the target lacks, with a contact and an activity that refer to them; a
  /// company and an occupation there; a place of no address; a journal entry; labels.
  static func seedRest(_ source: Sandbox) throws {
    func push(_ line: String) throws -> Int {
      let run = try sh("monica-push", env: source.signedInEnv, stdin: line + "\n")
      #expect(run.status == 0, "\(run)")
      return try records(run.stdout).first?["id"]?.intValue ?? 0
    }
    let gender = try push(#"{"object":"gender","name":"Non-binary","type":"O"}"#)
    let category = try push(#"{"object":"activityTypeCategory","name":"Board games"}"#)
    let type = try push(
      #"{"object":"activityType","name":"played chess","activity_type_category":{"id":\#(category)}}"#)
    let robin = try push(#"{"object":"contact","first_name":"Robin","gender_id":\#(gender),"is_dead":false}"#)
    _ = try push(
      #"{"object":"activity","summary":"Chess night","happened_at":"2024-03-01","activity_type":{"id":\#(type)},"#
        + #""attendees":{"contacts":[{"id":\#(robin)}]}}"#)
    let company = try push(#"{"object":"company","name":"Initech","website":"https://initech.example"}"#)
    _ = try push(
      #"{"object":"occupation","title":"Analyst","company":{"id":\#(company)},"contact":{"id":\#(robin)},"#
        + #""salary":50000,"salary_unit":"year","currently_works_here":true,"start_date":"2020-02-01"}"#)
    _ = try push(#"{"object":"place","street":"1 Main St","city":"Springfield","country":{"id":"US"}}"#)
    _ = try push(#"{"object":"entry","title":"Moved house","post":"Boxes everywhere."}"#)
    _ = try push(
      #"{"object":"contactfield","contact":{"id":\#(robin)},"contact_field_type":{"id":1},"#
        + #""content":"robin@example.com","labels":["home","Weekend"]}"#)
  }

  /// The records of `kind` that the API can create: journal entries need a title.
  static func carried(_ kind: String, _ records: [JSONValue]) -> [JSONValue] {
    guard kind == "journal" else { return records }
    return records.filter { !($0["title"]?.stringValue ?? "").isEmpty }
  }

  /// Places carry no reference and an address's create makes its place again: the target has
  /// the same places, by content, each as often.
  static func expectSamePlaces(_ old: [JSONValue], _ new: [JSONValue]) throws {
    func contents(_ places: [JSONValue]) -> [String] {
      places.map { place in
        ["street", "city", "province", "postal_code", "latitude", "longitude"].map {
          place[$0].map { JSONWriter.plain.string($0) } ?? "absent"
        }.joined(separator: "|") + "|" + (place["country"]?["id"]?.stringValue ?? "")
      }.sorted()
    }
    #expect(contents(old) == contents(new))
  }

  /// What must survive of the remaining kinds' records.
  static func restContent(
    _ record: JSONValue, text: (String) -> String, ref: (String, String) -> String
  ) -> [String] {
    switch record["object"]?.stringValue {
    case "gender": return [text("name"), text("type")]
    case "activityTypeCategory": return [text("name")]
    case "activityType":
      return [
        text("name"), text("activity_type_category.name"), ref("activityTypeCategory", "activity_type_category.id"),
      ]
    case "company": return ["name", "website", "number_of_employees"].map(text)
    case "entry": return [text("title"), text("post")]
    case "occupation":
      return ["title", "description", "salary", "salary_unit", "currently_works_here", "start_date", "end_date"]
        .map(text) + [text("company.name"), ref("contact", "contact.id"), ref("company", "company.id")]
    case "document":
      return ["original_filename", "filesize", "type", "mime_type"].map(text) + [ref("contact", "contact.id")]
    default: return [JSONWriter.plain.string(record)]
    }
  }

  /// Uploads a document to `sandbox` for its contact `contact`, as Monica's API takes it.
  static func uploadDocument(_ sandbox: Sandbox, contact: Int, name: String, bytes: String) throws -> JSONValue {
    let run = try sh(
      """
      printf '%s' "$BYTES" > "$NAME"
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -F contact_id=\(contact) -F "document=@$NAME;type=application/pdf" "$SANDBOX_API/documents"
      """, env: sandbox.env.merging(["BYTES": bytes, "NAME": name]) { $1 }, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    let document = try #require(try records(run.stdout).first?["data"])
    #expect(document["object"]?.stringValue == "document", "\(run)")
    return document
  }

  @Test("genders, activity types and categories the target lacks are created, and what refers to them follows")
  func namedDataCreated() throws {
    let pair = try Pair(contacts: 3)
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    let contacts = try records(sh("monica-fetch contacts", env: pair.target.signedInEnv).stdout)
    #expect(contacts.contains { $0["first_name"]?.stringValue == "Robin" && $0["gender"]?.stringValue == "Non-binary" })
    let activities = try records(sh("monica-fetch activities", env: pair.target.signedInEnv).stdout)
    let chess = try #require(activities.first { $0["summary"]?.stringValue == "Chess night" })
    #expect(chess["activity_type"]?["name"]?.stringValue == "played chess")
    #expect(chess["activity_type"]?["activity_type_category"]?["name"]?.stringValue == "Board games")
    // The genders the target had are matched, one created: none twice.
    let genders = try records(sh("monica-fetch genders", env: pair.target.signedInEnv).stdout)
    let names = genders.compactMap { $0["name"]?.stringValue }
    #expect(Set(names).count == names.count && names.contains("Non-binary") && names.contains("Man"))
    let posts = pair.targetWrites()
    #expect(posts.filter { $0 == "POST /api/genders" }.count == 1, "\(posts)")
    #expect(posts.filter { $0 == "POST /api/activitytypes" }.count == 1, "\(posts)")
    #expect(posts.filter { $0 == "POST /api/activitytypecategories" }.count == 1, "\(posts)")
    #expect(!run.stderr.contains("no gender of that name"), "\(run)")
    #expect(run.stderr.contains("location_type of activity types") == false, "\(run)")
    // A journal entry keeps its title and post, not its date; the labels of a contact field go along.
    #expect(run.stderr.contains("not carried: date of journal entries"), "\(run)")
    #expect(!run.stderr.contains("labels of contact fields"), "\(run)")
    let fields = try records(sh("monica-fetch --all 2>/dev/null", env: pair.target.signedInEnv).stdout)
      .filter { $0["object"]?.stringValue == "contactfield" && $0["content"]?.stringValue == "robin@example.com" }
    let labels = fields.first?["labels"]?.arrayValue?.compactMap { $0["type"]?.stringValue }
    #expect(labels == ["home", "Weekend"], "\(fields)")
    #expect(fields.first?["labels"]?.arrayValue?.first?["label"]?.stringValue == "Home")
  }

  @Test("a journal entry without a title is listed as not carried, with the API's reason")
  func untitledEntry() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0"])
    let input = """
      {"object":"entry","id":7,"title":null,"post":"Rain all day.","date":"2021-05-01T00:00:00.000000Z"}
      {"object":"entry","id":8,"title":"Sun","post":"At last.","date":"2021-05-02T00:00:00.000000Z"}

      """
    let run = try sh(
      "monica-push --create --map map.tsv", env: sandbox.signedInEnv, stdin: input, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("not carried: 1 record of entry: journal entries without a title"), "\(run)")
    #expect(run.lines.count == 1 && run.stdout.contains(#""title":"Sun""#), "\(run)")
    let posts = sandbox.requests().filter { $0["method"]?.stringValue == "POST" }
    #expect(posts.count == 1)
  }

  @Test("documents on an instance with public storage travel with their bytes, the token kept at home")
  func publicDocuments() throws {
    let pair = try Pair(contacts: 3, source: ["--public-storage"], target: ["--public-storage"])
    let bytes = "%PDF-1.4 not really a pdf " + String(repeating: "é", count: 300)
    let uploaded = try Self.uploadDocument(pair.source, contact: 1, name: "lease.pdf", bytes: bytes)
    #expect(uploaded["link"]?.stringValue?.hasPrefix(pair.source.url + "/storage/documents/") == true)
    let old = try records(sh("monica-fetch documents", env: pair.source.signedInEnv).stdout)
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    #expect(!run.stderr.contains("warning: document") && !run.stderr.contains(" of document:"), "\(run)")
    let new = try records(sh("monica-fetch documents", env: pair.target.signedInEnv).stdout)
    #expect(new.count == old.count)
    let map = try pair.mapLines()
    for document in old {
      let id = try #require(document["id"]?.intValue)
      let copyID = try #require(map["document\t\(id)"])
      let copy = try #require(new.first { $0["id"]?.intValue == copyID })
      let text = { (record: JSONValue) in
        { (path: String) in
          "\(path)=" + (FieldPath(path).flatMap { record.value(at: $0) }.map { JSONWriter.plain.string($0) } ?? "")
        }
      }
      let expected = Self.restContent(document, text: text(document)) { object, path in
        "\(path)->\(FieldPath(path).flatMap { document.value(at: $0) }?.intValue.flatMap { map["\(object)\t\($0)"] } ?? 0)"
      }
      let found = Self.restContent(copy, text: text(copy)) { _, path in
        "\(path)->\(FieldPath(path).flatMap { copy.value(at: $0) }?.intValue ?? -1)"
      }
      #expect(expected == found)
      // The same bytes at both public links.
      let same = try sh(
        #"cmp <(curl -sS "$A") <(curl -sS "$B") && echo same"#,
        env: pair.env.merging([
          "A": document["link"]?.stringValue ?? "", "B": copy["link"]?.stringValue ?? "",
        ]) { $1 })
      #expect(same.stdout == "same\n", "\(same)")
    }
    // The downloads went to the source without the token (it belongs to the target).
    let downloads = pair.source.requests().filter { $0["path"]?.stringValue?.hasPrefix("/storage/") == true }
    #expect(downloads.count >= old.count)
    #expect(downloads.allSatisfy { $0["authorization"]?.boolValue == false })
    // A second run sends nothing.
    let writes = pair.targetWrites().count
    let again = try pair.migrate()
    #expect(again.status == 0 && again.stdout.isEmpty, "\(again)")
    #expect(pair.targetWrites().count == writes)
  }

  @Test("documents behind the session-only /store/ route are listed as not carried, with why")
  func privateDocuments() throws {
    let pair = try Pair(contacts: 3)
    _ = try Self.uploadDocument(pair.source, contact: 1, name: "passport.pdf", bytes: "%PDF-1.4 secret")
    let old = try records(sh("monica-fetch documents", env: pair.source.signedInEnv).stdout)
    let run = try pair.migrate()
    #expect(run.status == 0, "\(run)")
    #expect(
      run.stderr.contains("warning: document #") && run.stderr.contains("(passport.pdf): not carried: "), "\(run)")
    #expect(
      run.stderr.contains(
        "not carried: \(old.count) record\(old.count == 1 ? "" : "s") of document: its link answers a redirect (to the login page)"
      ),
      "\(run)")
    #expect(try records(sh("monica-fetch documents", env: pair.target.signedInEnv).stdout).isEmpty)
    #expect(!pair.targetWrites().contains("POST /api/documents"))
    let downloads = pair.source.requests().filter { $0["path"]?.stringValue?.hasPrefix("/store/documents/") == true }
    #expect(downloads.count == old.count && downloads.allSatisfy { $0["status"]?.intValue == 302 })
    #expect(downloads.allSatisfy { $0["authorization"]?.boolValue == false })
  }

  @Test("the sandbox's document upload validates as UploadDocument does")
  func documentUploadValidation() throws {
    let sandbox = try Sandbox.start(["--contacts", "2", "--rate-limit", "0"])
    let run = try sh(
      """
      curl -sS -H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Accept: application/json' \
        -H 'Content-Type: application/json' -d '{"contact_id":1}' "$SANDBOX_API/documents"
      """, env: sandbox.env)
    #expect(run.stdout.contains(#""The document field is required.""#), "\(run)")
    #expect(run.stdout.contains(#""error_code":32"#), "\(run)")
    let stored = try sh(
      #"curl -sS -o /dev/null -w '%{http_code}' "$SANDBOX_URL/storage/documents/x.pdf""#, env: sandbox.env)
    #expect(stored.stdout == "404")
  }
}
