import Foundation
import MonicaAPI
import MonicaKit
import MonicaSandbox
import MonicaTestSupport
import Testing

/// The sandbox's faults that are answers (statuses, 429's headers, pages that are not JSON,
/// listings that change) against monica-fetch and the image tools, in-process through their
/// connection: the status and message, whole records, what came before the fault exactly once.
/// The faults of the connection itself (a cut body, a reset, a body without end, a time-out, a
/// redirect) meet the real transport in EndToEndTests/FaultMatrixTests, and so do the rows whose
/// pacing runs on the real clock (a limit per minute, Remaining stuck at 59): in a test process
/// whose threads the end-to-end tests hold while they wait for their pipelines, a pacer's
/// timing would be the process's, not the tool's.
@Suite struct FaultRowTests {
  /// One row: a fault, the fetch, and what must come of it.
  struct Row: Sendable, CustomTestStringConvertible {
    let faults: [String]
    let status: Int32
    /// A part of the error message, or of a warning on success.
    var message: String?
    var contacts = 35
    var rateLimit = "0"
    var latency = 0
    var pageSize = 10
    var concurrency = 4
    var retries = 3

    var testDescription: String { "\(faults.joined(separator: " ")) -> \(status)" }
  }

  static let rows: [Row] = [
    Row(faults: ["500@2"], status: 0),
    Row(faults: ["502@*1"], status: 69, message: "HTTP 502"),
    Row(faults: ["503@*1"], status: 69, message: "HTTP 503"),
    Row(faults: ["503@3"], status: 0),
    Row(faults: ["429@1"], status: 0),
    Row(faults: ["429bare@1"], status: 0),
    Row(faults: ["429=inf@1"], status: 0),
    Row(faults: ["429=nan@1"], status: 0),
    Row(faults: ["429=1e11@2"], status: 75, message: "asks to wait"),
    Row(faults: ["429reset=1e30@1"], status: 75, message: "longer than the 15 min a tool waits"),
    Row(faults: ["429=0@*1"], status: 75, message: "rate limited by the instance (HTTP 429) after 1 retry", retries: 1),
    Row(faults: ["html@*1"], status: 76, message: "HTML page"),
    Row(faults: ["html@3"], status: 76, message: "HTML page, not Monica's JSON"),
    Row(faults: ["badjson@2"], status: 76, message: "not valid JSON"),
    Row(faults: ["badutf8@*1"], status: 76, message: "invalid UTF-8"),
    Row(faults: ["403@*1"], status: 77, message: "no permission"),
    // Pages answered while records are added can miss some (page numbers shift); one page in
    // flight makes the growth land before the pages after it, so all must come.
    Row(faults: ["grow=10@2:/api/contacts"], status: 0, message: "changed while they were read", concurrency: 1),
    Row(faults: ["shrink=10@2:/api/contacts"], status: 0, message: "changed while they were read"),
  ]

  /// The ids the listing of `run`'s sandbox holds now, 100 a page.
  func listedIDs(_ run: InProcessRun) async throws -> [Int] {
    var ids: [Int] = []
    var page = 1
    while true {
      let body = try JSONValue(parsing: try await run.body("/api/contacts?limit=100&page=\(page)"))
      ids += (body["data"]?.arrayValue ?? []).compactMap { $0["id"]?.intValue }
      guard let last = body["meta"]?["last_page"]?.intValue, last > page else { return ids }
      page += 1
    }
  }

  /// What every row asks of a run: its status and message, nothing escaped, no token, whole lines.
  func expectClean(_ outcome: InProcessRun.Outcome, _ run: InProcessRun, status: Int32, message: String?) {
    #expect(outcome.status == status, "\(outcome)")
    let said = ([outcome.message].compactMap { $0 } + run.diagnostics).joined(separator: "\n")
    if let message { #expect(said.contains(message), "\(said)") }
    #expect(
      !said.contains("NSURLErrorDomain") && !said.contains("\u{1B}") && !said.contains(run.transport.sandbox.token))
    #expect(outcome.output.isEmpty || outcome.output.last == 0x0A, "half a line on stdout")
    #expect(Set(outcome.lines).count == outcome.lines.count, "a line came twice")
  }

  @Test("monica-fetch under every answer fault: status, message, whole records, nothing twice", arguments: rows)
  func fetch(_ row: Row) async throws {
    let run = try InProcessRun(
      contacts: row.contacts, rateLimit: row.rateLimit, faults: row.faults, latency: row.latency)
    let outcome = try await FetcherTests.fetch(run, "contacts") {
      ($0.pageSize, $0.concurrency) = (row.pageSize, row.concurrency)
    } policy: {
      $0.retries = row.retries
    }
    expectClean(outcome, run, status: row.status, message: row.message)
    let ids = outcome.records.compactMap { $0["id"]?.intValue }
    #expect(ids.count == outcome.lines.count && Set(ids).count == ids.count, "a record came twice")
    // The listing as it stands after the run (records added or removed by the fault), or as a
    // fault-free sandbox of the same seed lists it.
    let changes = row.faults.contains { $0.hasPrefix("grow") || $0.hasPrefix("shrink") }
    let listed = try await listedIDs(changes ? run : try InProcessRun(contacts: row.contacts))
    #expect(!listed.isEmpty)
    if row.faults.contains(where: { $0.hasPrefix("grow") }) {
      #expect(ids == listed, "records added during the walk were lost")
    } else if changes {
      #expect(Set(ids).isSuperset(of: listed), "records that stayed were lost")
    } else if row.status == 0 {
      #expect(ids == listed, "records lost or out of order")
    } else {
      #expect(Array(listed.prefix(ids.count)) == ids, "not the listing's first records")
    }
  }

  /// One fault on an image tool and what must come of it.
  struct ImageRow: Sendable, CustomTestStringConvertible {
    enum Tool: String, Sendable { case save, saveStrict, set, upload, delete }
    let fault: String
    let tool: Tool
    let status: Int32
    var message: String?

    var testDescription: String { "\(tool.rawValue) \(fault) -> \(status)" }
  }

  static let imageRows: [ImageRow] = [
    // A photo walk that fails leaves the initials, with a warning; --strict fails with its status.
    ImageRow(fault: "500@*1:/api/photos", tool: .save, status: 0, message: "saved the initials instead"),
    ImageRow(fault: "500@*1:/api/photos", tool: .saveStrict, status: 69, message: "fell back to initials"),
    ImageRow(fault: "403@*1:/api/photos", tool: .saveStrict, status: 77, message: "fell back to initials"),
    ImageRow(fault: "html@*1:/api/photos", tool: .saveStrict, status: 76),
    ImageRow(fault: "login@*1:/api/photos", tool: .saveStrict, status: 76),
    ImageRow(fault: "badjson@*1:/api/photos", tool: .saveStrict, status: 76),
    ImageRow(fault: "cut@1:/api/photos", tool: .saveStrict, status: 0),
    ImageRow(fault: "429@1:/api/photos", tool: .saveStrict, status: 0),
    ImageRow(fault: "500@*1:PUT:/api/contacts", tool: .set, status: 69, message: "HTTP 500"),
    ImageRow(fault: "429@1:PUT:/api/contacts", tool: .set, status: 0),
    ImageRow(fault: "html@1:PUT:/api/contacts", tool: .set, status: 76, message: "HTML page"),
    ImageRow(fault: "403@1:PUT:/api/contacts", tool: .set, status: 77),
    ImageRow(fault: "404@1:PUT:/api/contacts", tool: .set, status: 66, message: "not been found"),
    // A create that may have been applied is never repeated; a 429 was not applied.
    ImageRow(fault: "500@1:POST:/api/photos", tool: .upload, status: 75, message: "was not repeated"),
    ImageRow(fault: "cut@1:POST:/api/photos", tool: .upload, status: 75, message: "was not repeated"),
    ImageRow(fault: "429@1:POST:/api/photos", tool: .upload, status: 0),
    ImageRow(fault: "login@1:POST:/api/photos", tool: .upload, status: 76, message: "login page"),
    ImageRow(fault: "503@1:DELETE:/api/photos", tool: .delete, status: 0),
    ImageRow(fault: "403@2:DELETE:/api/photos", tool: .delete, status: 77),
    ImageRow(fault: "reset@*1:DELETE:/api/photos", tool: .delete, status: 69, message: "the connection was closed"),
  ]

  @Test("monica-avatar and monica-photo under faults: status, message, whole lines once", arguments: imageRows)
  func image(_ row: ImageRow) async throws {
    let run = try InProcessRun(contacts: 35, faults: [row.fault])
    let outcome: InProcessRun.Outcome
    switch row.tool {
    case .save, .saveStrict:
      // The instance's sources only: the in-memory sandbox's gravatar URLs name the real site.
      let contacts = try await FetcherTests.fetch(run, "contacts").lines.filter {
        (try? JSONValue(parsing: $0))?["information"]?["avatar"]?["source"]?.stringValue != "gravatar"
      }
      outcome = try await AvatarSaverTests.save(run, lines: contacts, strict: row.tool == .saveStrict)
      let ids = outcome.records.compactMap { $0["contact_id"]?.intValue }
      #expect(Set(ids).count == ids.count && ids.count == outcome.records.count)
      if row.status == 0 { #expect(ids.count == contacts.count) }
    case .set:
      outcome = try await AvatarSetterTests.set(run, contact: 2, source: "adorable")
    case .upload:
      // A real image to upload: a photo's bytes (the faults watch POSTs only).
      let photo = try JSONValue(parsing: try await run.body("/api/photos/3"))["data"]?["dataUrl"]?.stringValue
      let face = try run.file("face.png", try AvatarSaverTests.decoded(photo))
      outcome = try await PhotoSaverTests.upload(run, contact: 2, [face])
    case .delete:
      outcome = try await PhotoDeleterTests.delete(run, [1, 2], yes: true)
      if row.status != 0 { #expect(outcome.lines == [#"{"deleted":true,"id":1}"#] || outcome.lines.isEmpty) }
    }
    expectClean(outcome, run, status: row.status, message: row.message)
  }
}
