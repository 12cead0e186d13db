import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-format`'s computed columns `next_birthday`, `days_until_birthday` and `age`, in every
/// format, `--fields`, `--template` and `--sort`, never in a record passed through.
@Suite struct ComputedColumnsTests {
  static func contact(_ id: Int, _ name: String, _ date: String?, yearUnknown: Bool = false) -> String {
    let birthdate =
      date.map { #"{"is_age_based":false,"is_year_unknown":\#(yearUnknown),"date":"\#($0)T00:00:00Z"}"# }
      ?? #"{"is_age_based":null,"is_year_unknown":null,"date":null}"#
    return
      #"{"id":\#(id),"object":"contact","complete_name":"\#(name)","information":{"dates":{"birthdate":\#(birthdate)}}}"#
  }

  static let input =
    [
      contact(1, "Ada", "1990-03-10"), contact(2, "Bo", "1985-12-24"), contact(3, "Cy", nil),
      contact(4, "Di", "2000-02-29"), contact(5, "Ed", "1970-03-01", yearUnknown: true),
    ].joined(separator: "\n") + "\n"

  func format(_ arguments: String) throws -> ShellRun {
    let home = try TemporaryHome()
    return try sh("monica-format --today 2026-03-01 \(arguments)", env: home.env, stdin: Self.input)
  }

  @Test("csv: the day, the days until it, the age turned; null when unknown; 29 February on the 28th")
  func csv() throws {
    let run = try format("csv --fields id,next_birthday,days_until_birthday,age")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(
      run.stdout == [
        "id,next_birthday,days_until_birthday,age", "1,\"2026-03-10\",9,36", "2,\"2026-12-24\",298,41", "3,,,",
        "4,\"2027-02-28\",364,27", "5,\"2026-03-01\",0,",
      ].joined(separator: "\r\n") + "\r\n")
  }

  @Test("--sort by a computed column, soonest first, with no birthday last; ndjson passes records through unchanged")
  func sortKeepsRecords() throws {
    let sorted = try format("ndjson --sort days_until_birthday")
    #expect(sorted.status == 0, "\(sorted)")
    let lines = Self.input.split(separator: "\n").map(String.init)
    #expect(sorted.lines == [lines[4], lines[0], lines[1], lines[3], lines[2]])
    let descending = try format("tsv --fields complete_name,age --sort -age --no-header")
    #expect(descending.lines == ["Bo\t41", "Ada\t36", "Di\t27", "Cy\t", "Ed\t"], "\(descending)")
  }

  @Test("every other format: table, markdown, json and ndjson with --fields, a template")
  func everyFormat() throws {
    let table = try format("table --fields complete_name,next_birthday,days_until_birthday,age --sort next_birthday")
    #expect(table.lines.first?.lowercased().contains("next_birthday") == true, "\(table)")
    #expect(table.lines.dropFirst().first?.contains("2026-03-01") == true, "\(table)")
    let markdown = try format("markdown --fields id,age")
    #expect(markdown.lines.contains("| 1 | 36 |"), "\(markdown)")
    let json = try format("json --fields id,next_birthday")
    #expect(json.lines.dropFirst().first == #"{"id":1,"next_birthday":"2026-03-10"},"#, "\(json)")
    let ndjson = try format("ndjson --fields id,days_until_birthday")
    #expect(ndjson.lines.first == #"{"id":1,"days_until_birthday":9}"#, "\(ndjson)")
    let template = try format("template --template '{{complete_name}} turns {{age}} on {{next_birthday}}'")
    #expect(template.lines.first == "Ada turns 36 on 2026-03-10", "\(template)")
  }
}
