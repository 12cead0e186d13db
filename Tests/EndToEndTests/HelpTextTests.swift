import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// Help texts that must read right at 80 columns and say what the tools do.
@Suite struct HelpTextTests {
  @Test("monica-sandbox --help at 80 columns: no table row wraps into column 0")
  func sandboxTables() throws {
    let run = try sh("COLUMNS=80 monica-sandbox --help", env: TemporaryHome().env)
    #expect(run.status == 0)
    let sections =
      run.stdout.components(separatedBy: "\nFAULTS\n").dropFirst().first?
      .components(separatedBy: "\nEXIT STATUS\n").first ?? ""
    #expect(!sections.isEmpty)
    for line in sections.split(separator: "\n") where !line.isEmpty {
      // A heading is upper-case words; anything else in column 0 is a wrapped row.
      #expect(line.hasPrefix(" ") || line.allSatisfy { $0.isUppercase || $0 == " " }, "wrapped: \(line)")
    }
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test("monica-photo upload's help names SVG among the images, as its refusal does")
  func uploadNamesSVG() throws {
    let help = try sh("monica-photo upload --help", env: TemporaryHome().env)
    #expect(help.stdout.contains("PNG, JPEG, GIF, WebP or SVG"), "\(help)")
    let home = try TemporaryHome()
    try "not an image".write(toFile: home.root + "/a.txt", atomically: true, encoding: .utf8)
    let refused = try sh(
      "MONICA_URL=http://127.0.0.1:9 MONICA_TOKEN=x monica-photo upload --contact 1 a.txt", env: home.env,
      directory: home.root)
    #expect(refused.status == 65 && refused.stderr.contains("PNG, JPEG, GIF, WebP or SVG"), "\(refused)")
  }
}
