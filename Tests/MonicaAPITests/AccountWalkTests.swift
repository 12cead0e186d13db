import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

/// `monica-fetch --all` in-process on the in-memory sandbox: every record of every kind once,
/// each after the records it refers to, archived and partial contacts included, in the fewest
/// requests. Its flags stay in EndToEndTests/AccountTests.
@Suite struct AccountWalkTests {
  /// `(object, id)` of a record, the id as written.
  func key(_ record: JSONValue) -> String {
    "\(record["object"]?.stringValue ?? "?") \(record["id"]?.displayText ?? "?")"
  }

  func all(_ run: InProcessRun, quiet: Bool = false) async throws -> InProcessRun.Outcome {
    var plan = FetchPlan(resource: .contact)
    plan.all = true
    var fetcher = Fetcher(plan: plan, connection: run.connection())
    fetcher.quiet = quiet
    let chosen = fetcher
    return try await run.output { (output) throws(MonicaError) in try await chosen.run(output: output) }
  }

  @Test("every seeded record of every kind exactly once, everything it refers to before it")
  func complete() async throws {
    let run = try InProcessRun(contacts: 300)
    let walked = try await all(run)
    #expect(walked.error == nil, "\(walked)")
    let stream = walked.records

    // What the sandbox holds: the same seed's store, as its state file would list it.
    let state = run.home.root + "/state.ndjson"
    try StoreFile.save(
      SeedData.make(seed: 1, contacts: 300, baseURL: run.transport.sandbox.baseURL),
      baseURL: run.transport.sandbox.baseURL, to: state)
    let stored = try records(String(contentsOfFile: state, encoding: .utf8)).filter {
      !["sandbox-state", "sandbox-avatar"].contains($0["object"]?.stringValue ?? "")
    }
    let streamed = stream.map(key)
    #expect(Set(streamed).count == streamed.count, "a record came twice")
    let global = ["country", "currency"]
    let local = stream.filter { !global.contains($0["object"]?.stringValue ?? "") }
    let missing = Set(stored.map(key)).subtracting(local.map(key))
    let extra = Set(local.map(key)).subtracting(stored.map(key))
    #expect(
      missing.isEmpty && extra.isEmpty, "missing \(missing.sorted().prefix(20)), extra \(extra.sorted().prefix(20))")
    let kinds = Set(stored.compactMap { $0["object"]?.stringValue })
    for kind in RecordKind.all where !global.contains(kind.object) {
      #expect(kinds.contains(kind.object), "the sandbox seeds no \(kind.name)")
    }
    for object in global { #expect(stream.contains { $0["object"]?.stringValue == object }) }
    // Currencies need no token (routes/api.php:9, outside the auth group), and are all there.
    let currencies = try await run.transport.sandbox.respond(
      method: "GET", target: "/api/currencies?limit=100", headers: [("Accept", "application/json")])
    let listed = try JSONValue(parsing: currencies.body)["meta"]?["total"]?.intValue
    #expect(listed == stream.filter { $0["object"]?.stringValue == "currency" }.count && (listed ?? 0) > 1)

    // Archived and partial contacts are there, whole.
    let contacts = stream.filter { $0["object"]?.stringValue == "contact" }
    let archived = contacts.filter { $0["is_active"] == .bool(false) }
    let partial = contacts.filter { $0["is_partial"] == .bool(true) }
    #expect(!archived.isEmpty && !partial.isEmpty)
    #expect(archived.allSatisfy { $0["statistics"] != nil && $0["is_dead"] != nil })

    // Everything a record refers to came before it.
    var seen: Set<String> = []
    for record in stream {
      let kind = RecordKind.named(record["object"]?.stringValue ?? "")
      for reference in kind?.references ?? [] where reference.object != kind?.object {
        guard RecordKind.named(reference.object) != nil else { continue }
        for id in reference.ids(in: record) {
          #expect(seen.contains("\(reference.object) \(id)"), "\(key(record)) before \(reference.object) \(id)")
        }
      }
      seen.insert(key(record))
    }

    // The summary counts each kind; --quiet says nothing.
    #expect(run.diagnostics.first?.hasPrefix("monica-fetch: \(stream.count) records of ") == true, "\(run.diagnostics)")
    #expect(
      run.diagnostics.contains(
        "monica-fetch:   contacts \(contacts.count) (\(archived.count) archived, \(partial.count) partial)"))
    let quiet = try InProcessRun(contacts: 300)
    let silent = try await all(quiet, quiet: true)
    #expect(silent.error == nil && quiet.diagnostics.isEmpty && silent.lines.count == stream.count)
  }

  @Test(
    "the fewest requests: pages of 100, contact fields from the contact list, relationships only where there are some")
  func requests() async throws {
    let run = try InProcessRun(contacts: 250)
    let walked = try await all(run)
    #expect(walked.error == nil, "\(walked)")
    let targets = run.targets
    #expect(
      targets.filter { $0.hasPrefix("/api/contacts?") && !$0.contains("query=") }.allSatisfy {
        $0.contains("limit=100") && $0.contains("with=contactfields")
      })
    #expect(!targets.contains { $0.contains("/contactfields") }, "contact fields came with the contacts")
    let perContact = targets.filter { $0.range(of: #"^/api/contacts/\d+/"#, options: .regularExpression) != nil }
    #expect(perContact.allSatisfy { $0.contains("/relationships") })
    #expect(targets.filter { $0.contains("page=") }.allSatisfy { $0.contains("limit=100") })
  }

  @Test("a route the instance does not have is a warning, and the rest is fetched")
  func missingRoute() async throws {
    let run = try InProcessRun(faults: ["404route@*1:/api/pets"])
    let walked = try await all(run)
    #expect(walked.error == nil, "\(walked)")
    #expect(run.diagnostics.contains { $0.hasPrefix("monica-fetch: warning: pets: skipped") }, "\(run.diagnostics)")
    #expect(!walked.records.contains { $0["object"]?.stringValue == "pet" })
    #expect(walked.records.contains { $0["object"]?.stringValue == "relationship" })
  }
}
