import Foundation
import Testing

/// The eleven recipes of man/monica.7 work as written, against the sandbox.
@Suite struct ManualRecipesTests {
  /// The literal blocks of the EXAMPLES section, as a reader would copy them.
  static func recipes() throws -> [String] {
    let page = try String(contentsOfFile: InstallTests.root + "/man/monica.7", encoding: .utf8)
    guard
      let examples = page.components(separatedBy: ".Sh EXAMPLES").dropFirst().first?
        .components(separatedBy: "\n.Sh ").first
    else { return [] }
    return examples.components(separatedBy: ".Bd -literal -offset indent\n").dropFirst().map {
      $0.components(separatedBy: "\n.Ed").first ?? ""
    }
  }

  @Test("there are eleven recipes")
  func eleven() throws {
    #expect(try Self.recipes().count == 11)
  }

  @Test("each recipe runs as written and produces something", arguments: 0..<11)
  func recipe(index: Int) throws {
    let recipes = try Self.recipes()
    try #require(recipes.indices.contains(index))
    let sandbox = try Sandbox.start(["--rate-limit", "0", "--contacts", "300"])
    let directory = sandbox.temporary.root + "/work"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // Background jobs a recipe starts (the offline sandbox) end with it; its status is kept.
    let script = "trap 'status=$?; kill $(jobs -p) 2>/dev/null || true; exit $status' EXIT\nset -e\n" + recipes[index]
    let run = try sh(script, env: sandbox.signedInEnv, directory: directory)
    #expect(run.status == 0, "recipe \(index + 1):\n\(recipes[index])\n\(run)")
    #expect(!run.stderr.contains("error"), "recipe \(index + 1): \(run.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    let wrote = files.contains { (try? Data(contentsOf: URL(fileURLWithPath: directory + "/" + $0)))?.isEmpty == false }
    #expect(!run.stdout.isEmpty || wrote, "recipe \(index + 1) produced nothing")
  }
}
