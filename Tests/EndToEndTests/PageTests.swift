import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-page` on the committed fixtures and on saved sandbox responses.
@Suite struct PageTests {
  @Test("--size --page prints that page only and reports it on stderr")
  func onePage() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let input = try Fixtures.lines("mixed.ndjson")
    let second = try sh("monica-page --size 3 --page 2 \"$FIX/mixed.ndjson\"", env: env)
    #expect(second.status == 0)
    #expect(second.lines == Array(input[3..<6]))
    #expect(second.stderr == "monica-page: page 2 of 5, records 4-6 of 14\n")
    let last = try sh("monica-page --size 3 --page 5 < \"$FIX/mixed.ndjson\"", env: env)
    #expect(last.lines == Array(input[12..<14]))
    #expect(last.stderr == "monica-page: page 5 of 5, records 13-14 of 14\n")
    let past = try sh("monica-page --size 3 --page 9 < \"$FIX/mixed.ndjson\"", env: env)
    #expect(past.status == 0 && past.stdout.isEmpty)
    #expect(past.stderr == "monica-page: page 9 of 5, no records of 14\n")
    let all = try sh("monica-page --size 4 < \"$FIX/mixed.ndjson\"", env: env)
    #expect(all.lines == input && all.stderr.isEmpty)
  }

  @Test("--wrap prints Monica page envelopes that --unwrap turns back into the same bytes")
  func wrapAndUnwrap() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let wrapped = try sh(
      "monica-page --size 5 --wrap --path http://127.0.0.1:8080/api/contacts \"$FIX/mixed.ndjson\"", env: env)
    try Fixtures.expectGolden(wrapped, "mixed.wrap-5.ndjson")
    let pages = try records(wrapped.stdout)
    #expect(pages.count == 3)
    #expect(pages.map { $0["data"]?.arrayValue?.count } == [5, 5, 4])
    let meta = pages[2]["meta"]?.objectValue
    #expect(meta?.keys == ["current_page", "from", "last_page", "path", "per_page", "to", "total"])
    #expect(pages[2]["meta"]?["from"]?.intValue == 11 && pages[2]["meta"]?["to"]?.intValue == 14)
    #expect(pages[2]["meta"]?["total"]?.intValue == 14 && pages[2]["meta"]?["last_page"]?.intValue == 3)
    #expect(pages[0]["links"]?["next"]?.stringValue == "http://127.0.0.1:8080/api/contacts?page=2")
    #expect(pages[0]["links"]?["prev"] == .null)
    let one = try sh("monica-page --size 5 --page 2 --wrap < \"$FIX/mixed.ndjson\"", env: env)
    let envelopeData = { (line: String) in line.components(separatedBy: #","links":"#)[0] }
    #expect(one.lines.count == 1 && one.lines.map(envelopeData) == [envelopeData(wrapped.lines[1])])
    #expect(one.stderr == "monica-page: page 2 of 3, records 6-10 of 14\n")
    let empty = try sh("monica-page --wrap < /dev/null", env: env)
    #expect(
      empty.stdout
        == #"{"data":[],"links":{"first":"?page=1","last":"?page=1","prev":null,"next":null},"meta":{"current_page":1,"from":null,"last_page":1,"path":"","per_page":15,"to":null,"total":0}}"#
        + "\n")
    let roundTrip = try sh(
      "monica-page --size 4 --wrap \"$FIX/mixed.ndjson\" | monica-page --unwrap | cmp - \"$FIX/mixed.ndjson\"", env: env
    )
    #expect(roundTrip.status == 0, "\(roundTrip)")
    // curl saves several responses without newlines between them.
    let concatenated = try sh(
      "monica-page --size 4 --wrap \"$FIX/mixed.ndjson\" | tr -d '\\n' | monica-page --unwrap | cmp - \"$FIX/mixed.ndjson\"",
      env: env)
    #expect(concatenated.status == 0, "\(concatenated)")
    let single = try sh(
      "printf '{\"data\":{\"id\":12,\"object\":\"contact\",\"url\":\"http:\\\\/\\\\/h\"}}' | monica-page --unwrap",
      env: env)
    #expect(single.stdout == #"{"id":12,"object":"contact","url":"http:\/\/h"}"# + "\n", "\(single)")
  }

  @Test("--unwrap reads saved sandbox responses, each record's raw bytes unchanged")
  func unwrapSandbox() throws {
    let sandbox = try Sandbox.start(["--contacts", "120", "--seed", "5", "--rate-limit", "0"])
    defer { sandbox.stop() }
    let run = try sh(
      """
      curl -sf -H 'Accept: application/json' -H "Authorization: Bearer $SANDBOX_TOKEN" \
        "$SANDBOX_API/contacts?limit=50&page=1" "$SANDBOX_API/contacts?limit=50&page=2" "$SANDBOX_API/contacts?limit=50&page=3" > pages.json
      monica-page --unwrap pages.json > records.ndjson
      wc -l < records.ndjson
      # Each record's bytes are a substring of the saved response: nothing was re-serialized.
      head -n 1 records.ndjson > first && grep -cF -f first pages.json
      jq -c '.data[]' pages.json | cmp - <(jq -c . records.ndjson)
      jq -s 'map(.data | length) | add' pages.json
      """, env: sandbox.env, directory: sandbox.temporary.root)
    #expect(run.status == 0, "\(run)")
    #expect(run.lines.count == 3 && run.lines[0] == run.lines[2] && run.lines[1] == "1", "\(run)")
    #expect((Int(run.lines[0]) ?? 0) > 100, "\(run)")
  }

  @Test("bad envelopes, bad lines and bad flags")
  func failures() throws {
    let home = try TemporaryHome()
    let env = Fixtures.env(home)
    let notEnvelope = try sh("printf '{\"data\":[{\"id\":1}]}\\n{\"id\":2}\\n' | monica-page --unwrap", env: env)
    #expect(notEnvelope.status == 65 && notEnvelope.stdout == "{\"id\":1}\n")
    #expect(notEnvelope.stderr == "monica-page: error: stdin:2: not a page envelope: no \"data\" key\n")
    let skipped = try sh(
      "printf '[1]\\n{\"data\":[{\"id\":1},2]}\\n{\"data\":[]}\\n' | monica-page --unwrap --skip-invalid", env: env)
    #expect(skipped.status == 0 && skipped.stdout.isEmpty)
    #expect(skipped.stderr.split(separator: "\n").count == 2, "\(skipped)")
    let badLine = try sh("printf '{\"id\":1}\\n{\"id\":2}\\n{oops}\\n' | monica-page --size 1 --page 2", env: env)
    #expect(badLine.status == 65 && badLine.stdout == "{\"id\":2}\n")
    #expect(badLine.stderr.hasPrefix("monica-page: error: stdin:3: invalid JSON"))
    for flags in ["--size 0", "--page 0", "--unwrap --wrap", "--unwrap --page 2"] {
      let run = try sh("monica-page \(flags) < /dev/null", env: env)
      #expect(run.status == 64, "\(flags): \(run)")
    }
  }
}
