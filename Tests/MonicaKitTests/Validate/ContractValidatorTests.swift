import Foundation
import MonicaSandbox
import Testing

@testable import MonicaKit

/// Page envelopes as the sandbox renders them, honest and lying, and the diagnostics' forms.
@Suite struct ContractValidatorTests {
  /// The named checks these tests break.
  static let coveredChecks = ["page.meta", "page.links", "page.kind"]

  static let base = "http://127.0.0.1:8080"

  /// An envelope of `page` of the seeded tasks at `perPage`, as the sandbox answers it.
  static func envelope(page: Int, perPage: Int = 10) throws -> JSONObject {
    let tasks = ContractCheckerTests.contents[.task].all
    let pagination = Pagination(page: page, perPage: perPage, total: tasks.count)
    let items = pagination.range.map { JSONWriter.monica.bytes(.object(tasks[$0])) }
    let body = pagination.body(path: "\(base)/api/tasks", items: items)
    return try JSONValue(parsing: body).objectValue ?? JSONObject()
  }

  /// `kind #id: field: problem` of each problem of one envelope line.
  static func problems(_ text: String) -> [String] {
    var checker = ContractChecker()
    var found: [RecordDiagnostic] = []
    Array(text.utf8).withUnsafeBufferPointer { line in
      ContractValidator.checkEnvelopes(line, source: "t", line: 1, checker: &checker, into: &found)
    }
    return found.map { diagnostic in
      diagnostic.text.replacingOccurrences(of: "t:1: ", with: "")
    }
  }

  static func problems(_ envelope: JSONObject) -> [String] {
    problems(JSONWriter.monica.string(.object(envelope)))
  }

  static func setting(_ object: JSONObject, _ path: String, _ value: JSONValue?) -> JSONObject {
    ContractCheckerTests.setting(object, path, value)
  }

  @Test("the sandbox's pages pass: first, middle, last, past the end, one record, several on a line")
  func honest() throws {
    let total = ContractCheckerTests.contents[.task].all.count
    let last = (total + 9) / 10
    #expect(last >= 3)
    for page in [1, 2, last, last + 3] {
      #expect(Self.problems(try Self.envelope(page: page)).isEmpty, "page \(page)")
    }
    let one = JSONObject(["data": .object(ContractCheckerTests.task)])
    #expect(Self.problems(one).isEmpty)
    let line = try [1, 2].map { JSONWriter.monica.string(.object(try Self.envelope(page: $0))) }.joined()
    #expect(Self.problems(line).isEmpty)
  }

  @Test("a lying meta is named field by field")
  func lyingMeta() throws {
    let first = try Self.envelope(page: 1)
    let total = ContractCheckerTests.contents[.task].all.count
    let pages = (total + 9) / 10
    #expect(
      Self.problems(Self.setting(first, "meta.total", .int(total * 10)))
        == ["page #1: meta.last_page: \(pages), but total \(total * 10) at per_page 10 makes \(total) pages"])
    #expect(
      Self.problems(Self.setting(first, "meta.to", .int(7))) == [
        "page #1: meta.to: 7, but from 1 and 10 records end at 10"
      ])
    #expect(
      Self.problems(Self.setting(first, "meta.from", .int(3))).first
        == "page #1: meta.from: 3, but page 1 at per_page 10 starts at record 1")
    #expect(
      Self.problems(Self.setting(Self.setting(first, "meta.current_page", .int(pages + 1)), "links.prev", .null)).first
        == "page #\(pages + 1): meta.current_page: \(pages + 1), past last_page \(pages), on a page with records")
    #expect(
      Self.problems(Self.setting(first, "data.9", nil)).contains(
        "page #1: data: 9 records on page 1 of \(pages), but every page but the last holds 10"))
    #expect(
      Self.problems(Self.setting(first, "meta.from", .null)).contains(
        "page #1: meta.from: null, but data holds 10 records"))
    let past = try Self.envelope(page: pages + 3)
    #expect(
      Self.problems(Self.setting(past, "meta.from", .int(1))) == [
        "page #\(pages + 3): meta.from: set, but data is empty"
      ])
  }

  @Test("links: absolute, on one origin, naming the right pages")
  func links() throws {
    let second = try Self.envelope(page: 2)
    #expect(
      Self.problems(Self.setting(second, "links.next", .string("https://evil.example/api/tasks?page=3")))
        == [
          #"page #2: links.next: "https://evil.example/api/tasks?page=3" is not on the origin of the others (http://127.0.0.1:8080)"#
        ])
    #expect(
      Self.problems(Self.setting(second, "links.first", .string("/api/tasks?page=1")))
        == [#"page #2: links.first: expected an absolute http(s) URL, got "/api/tasks?page=1""#])
    #expect(
      Self.problems(Self.setting(second, "links.prev", .string("\(Self.base)/api/tasks?page=5")))
        == [#"page #2: links.prev: "http://127.0.0.1:8080/api/tasks?page=5" does not name page 1"#])
    let pages = (ContractCheckerTests.contents[.task].all.count + 9) / 10
    #expect(
      Self.problems(Self.setting(second, "links.prev", .null))
        == ["page #2: links.prev: null, but page 2 of \(pages) has a prev page (1)"])
    #expect(
      Self.problems(Self.setting(second, "links.last", .string("\(Self.base)/api/notes?page=3"))).first
        == #"page #2: links.last: "http://127.0.0.1:8080/api/notes?page=3" is not a page of "/api/tasks""#)
    let first = try Self.envelope(page: 1)
    #expect(
      Self.problems(Self.setting(first, "links.prev", .string("\(Self.base)/api/tasks?page=0"))).first
        == "page #1: links.prev: set, but page 1 of \(pages) has no prev page")
  }

  @Test("records inside a page are named by their own kind, id and path; a page holds one kind")
  func recordsInside() throws {
    let first = try Self.envelope(page: 1)
    let id = ContractCheckerTests.contents[.task].all[2]["id"]?.intValue ?? 0
    let broken = Self.setting(Self.setting(first, "data.2.completed", .bool(true)), "data.2.completed_at", .null)
    #expect(Self.problems(broken) == ["task #\(id): data.2.completed: true, but completed_at is null"])
    let mixed = Self.setting(first, "data.3", .object(ContractCheckerTests.tag))
    #expect(Self.problems(mixed) == [#"page #1: data: records of several kinds ("task", "tag")"#])
  }

  @Test("lines that are no envelopes")
  func notEnvelopes() {
    #expect(Self.problems(#"{"id":1,"object":"tag"}"#) == ["page #?: data: missing: not a page envelope"])
    #expect(Self.problems("[1]") == ["not a JSON object but an array"])
    #expect(Self.problems(#"{"data":[]} x"#).last == "not a page envelope: expected a JSON object")
    #expect(Self.problems(#"{"data":[1}"#).first?.hasPrefix("invalid JSON: ") == true)
  }

  @Test("diagnostics: SOURCE:LINE: kind #id: field: problem, escaped; NDJSON with nulls")
  func diagnostics() {
    let full = RecordDiagnostic(source: "a.ndjson", line: 3, kind: "task", id: 7, field: "completed", problem: "x")
    #expect(full.text == "a.ndjson:3: task #7: completed: x")
    let noID = RecordDiagnostic(source: "stdin", line: 1, kind: "note", id: nil, field: "id", problem: "missing")
    #expect(noID.text == "stdin:1: note #?: id: missing")
    let notJSON = RecordDiagnostic(source: "stdin", line: 2, kind: nil, id: nil, field: nil, problem: "invalid JSON")
    #expect(notJSON.text == "stdin:2: invalid JSON")
    let hostile = RecordDiagnostic(
      source: "evil\u{1B}[2J.ndjson", line: 1, kind: "record", id: nil, field: "a\nb", problem: "bad \u{202E}x")
    #expect(hostile.text == #"evil\x1b[2J.ndjson:1: record #?: a\nb: bad \u{202e}x"#)
    #expect(
      JSONWriter.plain.string(full.json)
        == #"{"source":"a.ndjson","line":3,"kind":"task","id":7,"field":"completed","problem":"x"}"#)
    #expect(
      JSONWriter.plain.string(notJSON.json)
        == #"{"source":"stdin","line":2,"kind":null,"id":null,"field":null,"problem":"invalid JSON"}"#)
  }

  @Test("outside text: quoted with escapes, cut after 60 characters")
  func outsideText() {
    #expect(OutsideText.quoted("a\"b\\c\td") == #""a\"b\\c\td""#)
    #expect(OutsideText.quoted(String(repeating: "é", count: 61)) == "\"" + String(repeating: "é", count: 60) + "\"…")
    #expect(OutsideText.quoted("bell\u{7}") == #""bell\x07""#)
  }
}
