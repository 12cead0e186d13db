import Foundation
import MonicaTestSupport
import Testing

/// Every example the documentation shows works as written and shows something on the sandbox's
/// data: the twenty-three recipes of man/monica.7, the README's, and each tool's EXAMPLES (its --help and
/// man page). "Something" means results: a table's or a CSV's rows beyond its header, vCards, a
/// count above zero, lines; a recipe that prints `0` or a header alone fails.
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

  /// The README's examples: the pipelines of its opening block and each recipe of its Recipes
  /// block (the commands under each `#` comment).
  static func readmeExamples() throws -> [String] {
    let readme = try String(contentsOfFile: InstallTests.root + "/README.md", encoding: .utf8)
    let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    var examples = (blocks.first ?? "").split(separator: "\n").map { String($0) }.filter {
      $0.hasPrefix("monica-fetch")
    }
    guard let recipes = readme.components(separatedBy: "## Recipes").dropFirst().first,
      let block = recipes.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first
    else { return examples }
    var current: [String] = []
    for line in block.split(separator: "\n").map(String.init) {
      if line.hasPrefix("#") {
        if !current.isEmpty { examples.append(current.joined(separator: "\n")) }
        current = []
      } else {
        current.append(line)
      }
    }
    if !current.isEmpty { examples.append(current.joined(separator: "\n")) }
    return examples
  }

  /// The examples of a tool's --help, each with its continuation lines.
  static func helpExamples(_ tool: String) throws -> [String] {
    let help = try sh("\(tool) --help", env: TemporaryHome().env).stdout
    guard
      let section = help.components(separatedBy: "\nEXAMPLES\n").dropFirst().first?.components(separatedBy: "\n\n")
        .first
    else { return [] }
    var examples: [String] = []
    var continued = false
    for line in section.split(separator: "\n").map({ String($0.dropFirst(2)) }) {
      if continued, let last = examples.popLast() { examples.append(last + "\n" + line) } else { examples.append(line) }
      continued = line.hasSuffix("\\")
    }
    return examples
  }

  /// Examples that cannot run here, each with why: nothing else is left out.
  static let offline: [String: String] = [
    "monica-auth login --url https://monica.example.com": "an instance that is not on this machine",
    "pass show monica | monica-auth login --token-stdin --profile home \\\n  --url http://127.0.0.1:8080":
      "the pass password manager and a fixed port",
    "monica-push --create --map restored.tsv backup.ndjson > /dev/null":
      "a whole account (monica-fetch --all) restored on another instance: MigrateTests restores one into a second sandbox",
    "monica-fetch --all --profile old \\\n  | monica-push --create --map old-to-new.tsv --profile new":
      "two instances: MigrateTests runs it between two sandboxes, as the README's recipe",
  ]

  /// Examples whose stderr may say what was not carried, with why: monica-push --create names
  /// the records it cannot create yet (contact fields, addresses, contact field types).
  static let carryWarnings: Set<String> = [
    """
    monica-fetch contacts --with-fields > existing.ndjson
    monica-import vcard phone.vcf --dedupe-against existing.ndjson --map map.tsv | monica-push --create --map map.tsv --quiet > created.ndjson
    """,
    """
    monica-fetch contacts --with-fields > existing.ndjson
    monica-import vcard phone.vcf --dedupe-against existing.ndjson --map map.tsv \\
      | monica-push --create --map map.tsv --quiet > created.ndjson
    """,
    """
    monica-import vcard phone.vcf --dedupe-against old.ndjson --map map.tsv \\
      | monica-push --create --map map.tsv --quiet > created.ndjson
    """,
  ]

  /// Examples that show a check failing: their result is this status and what stderr says.
  static let failing: [String: Int32] = ["jq -c '.completed = true' tasks.ndjson | monica-validate > /dev/null": 65]

  /// Every tool's examples that run against a sandbox (monica-sandbox's own start servers that
  /// run until stopped, and SandboxTests run them).
  static func allHelpExamples() throws -> [String] {
    try InstallTests.tools.filter { $0 != "monica-sandbox" }.flatMap(helpExamples).filter { offline[$0] == nil }
  }

  /// How many results `text` holds, as the example that wrote it formats them.
  static func results(_ text: String, example: String) -> Int {
    let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
    if example.range(of: #"wc -l\s*$"#, options: .regularExpression) != nil {
      return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
    if text.contains("BEGIN:VCARD") { return text.components(separatedBy: "BEGIN:VCARD").count - 1 }
    if text.contains("BEGIN:VCALENDAR") {
      return ["BEGIN:VEVENT", "BEGIN:VTODO"].map { text.components(separatedBy: $0).count - 1 }.reduce(0, +)
    }
    guard let stage = example.components(separatedBy: "monica-format").dropFirst().last else { return lines.count }
    let word = stage.split(separator: " ").first.map(String.init) ?? ""
    let format = ["tsv", "csv", "json", "ndjson", "markdown", "vcard", "template"].contains(word) ? word : "table"
    let header = stage.contains("--no-header") ? 0 : ["table": 1, "csv": 1, "tsv": 1, "markdown": 2][format] ?? 0
    return max(0, lines.count - header)
  }

  /// What the examples find in the account besides the seeded data, as the recipes before them
  /// would have left it: someone whose birthday is today, for the birthday recipes (the seeded
  /// birthdays fall on days 1 to 28 of a month, and on most days none of the 200 seeded contacts
  /// has one), and one person twice, with one e-mail address, for the recipes that find and merge
  /// duplicates (the seeded contacts are all different people).
  static let accountInputs = """
    curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' \\
      -H "Authorization: Bearer $MONICA_TOKEN" "$MONICA_URL/api/contacts" -o /dev/null \\
      -d '{"first_name":"Birthday","is_birthdate_known":true,"birthdate_day":'"$(date +%-d)"',"birthdate_month":'"$(date +%-m)"',"birthdate_year":1990,"is_deceased":false,"is_deceased_date_known":false}'
    for twice in 1 2; do
      id=$(curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' \\
        -H "Authorization: Bearer $MONICA_TOKEN" "$MONICA_URL/api/contacts" \\
        -d '{"first_name":"Dana","last_name":"Whitfield","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}' \\
        | jq -r .data.id)
      curl -sf -X POST -H 'Accept: application/json' -H 'Content-Type: application/json' \\
        -H "Authorization: Bearer $MONICA_TOKEN" "$MONICA_URL/api/contactfields" -o /dev/null \\
        -d '{"contact_id":'"$id"',"contact_field_type_id":1,"data":"dana.whitfield@example.org"}'
    done

    """

  /// The files the examples read, as the recipes before them would have written them (run in
  /// `work`, writing beside it): a backup of every kind (backup.ndjson), the tasks, an address
  /// book (contacts.vcf) and the contacts it is compared with, a photo, and CSV exports (a Google
  /// contacts.csv, LinkedIn's Connections.csv, a people.csv spreadsheet).
  static let fileInputs = """
    for kind in contacts activities notes tasks gifts tags; do monica-fetch "$kind"; done > ../backup.ndjson
    monica-fetch tasks > ../tasks.ndjson
    monica-fetch contacts --with-fields --max 20 | monica-format vcard > ../contacts.vcf
    monica-fetch contacts --with-fields > ../old.ndjson
    monica-fetch photos --max 1 | jq -r .dataUrl | cut -d, -f2 | base64 -d > ../face.png
    cp "\(Fixtures.path("csv"))/google.csv" ../contacts.csv
    cp "\(Fixtures.path("csv"))/linkedin.csv" ../Connections.csv
    cp "\(Fixtures.path("csv"))/spreadsheet.csv" ../people.csv
    """

  /// The sandbox that `accountInputs` and `fileInputs` ran on, and the files as they wrote them.
  struct Inputs: Sendable {
    let sandbox: Sandbox
    let files: [String: Data]
    /// The writes the sandbox had been asked for once the inputs were made.
    let writes: [String]
  }

  /// The inputs, made once per test run on a sandbox that the examples which only read share
  /// (`writes(_:)`); every other example gets a sandbox of its own holding the same account (the
  /// same seed, then `accountInputs`), whose files are these but for the ports in their URLs,
  /// which `write(_:for:into:)` changes. Making the inputs and starting a sandbox for each of the
  /// 118 examples cost two thirds of this suite's CPU.
  static let inputs: Result<Inputs, any Error> = Result { () throws -> Inputs in
    let sandbox = try Sandbox.start(["--rate-limit", "0"])
    // It lives as long as the test process: its folder goes at the exit, and the sandbox with
    // its parent (--exit-with-parent).
    atexit {
      if case .success(let inputs) = ManualRecipesTests.inputs {
        try? FileManager.default.removeItem(atPath: inputs.sandbox.temporary.root)
      }
    }
    let directory = sandbox.temporary.root + "/inputs/work"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let run = try sh(accountInputs + fileInputs, env: sandbox.signedInEnv, directory: directory)
    guard run.status == 0 else { throw InputsFailed(run: run) }
    let names = ["backup.ndjson", "tasks.ndjson", "contacts.vcf", "old.ndjson", "face.png"]
    var files: [String: Data] = [:]
    for name in names + ["contacts.csv", "Connections.csv", "people.csv"] {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: sandbox.temporary.root + "/inputs/" + name))
    }
    return Inputs(sandbox: sandbox, files: files, writes: try writeRequests(sandbox))
  }

  /// The requests other than GET that `sandbox` logged, as its log has them (grep, not a JSON
  /// parser: the shared sandbox's log grows to thousands of lines).
  static func writeRequests(_ sandbox: Sandbox) throws -> [String] {
    try sh(#"grep -v '^{"method":"GET"' "$LOG" || true"#, env: ["PATH": "/usr/bin:/bin", "LOG": sandbox.logPath]).lines
  }

  /// Whether `example` may write to the account (a tool that writes, a curl that sends): such an
  /// example runs on a sandbox of its own. The shared sandbox's log holds whether one that was
  /// taken to only read wrote after all.
  static func writes(_ example: String) -> Bool {
    let tools = #"monica-(push|merge|sync|mcp|auth)\b|monica-photo +(upload|delete)|monica-avatar +set"#
    let sending = #"(^|\s)(-X|--request|-d|--data[a-z-]*|-F|--form|-T|--upload-file)(\s|$)"#
    return example.range(of: tools, options: .regularExpression) != nil
      || (example.contains("curl") && example.range(of: sending, options: .regularExpression) != nil)
  }

  /// `fileInputs` did not run through.
  struct InputsFailed: Error, CustomStringConvertible {
    let run: ShellRun
    var description: String { "the examples' inputs: \(run)" }
  }

  /// The ports of `sandbox`'s instance and of its gravatar origin.
  static func ports(of sandbox: Sandbox) -> [String] {
    [sandbox.url, sandbox.gravatar].compactMap { $0.flatMap(URL.init(string:))?.port.map(String.init) }
  }

  /// `text` with each `127.0.0.1:PORT` of `ports` keys changed to its value (a longer port that
  /// starts with the same digits is left as it is).
  static func rebased(_ text: String, ports: [String: String]) -> String {
    var parts = text.components(separatedBy: "127.0.0.1:")
    for index in parts.indices.dropFirst() {
      let digits = String(parts[index].prefix { $0.isASCII && $0.isNumber })
      if let port = ports[digits] { parts[index] = port + parts[index].dropFirst(digits.count) }
    }
    return parts.joined(separator: "127.0.0.1:")
  }

  /// Writes the input files into `directory`, their URLs pointing at `sandbox` instead of the
  /// sandbox they were fetched from.
  static func write(_ inputs: Inputs, for sandbox: Sandbox, into directory: String) throws {
    let ports = Dictionary(zip(ports(of: inputs.sandbox), ports(of: sandbox)), uniquingKeysWith: { first, _ in first })
    for (name, bytes) in inputs.files {
      let text = name.hasSuffix(".png") || ports.allSatisfy { $0 == $1 } ? nil : String(data: bytes, encoding: .utf8)
      let written = text.map { Data(rebased($0, ports: ports).utf8) } ?? bytes
      try written.write(to: URL(fileURLWithPath: directory + "/" + name))
    }
  }

  /// Runs an example on the sandbox of the inputs when it only reads, else in a fresh default
  /// sandbox of its own, signed in through MONICA_URL and MONICA_TOKEN (TOKEN as the examples
  /// call it), with a HOME of its own, in a directory that holds the `inputs`; it must succeed
  /// quietly and show results, on stdout or in a file it writes.
  func check(_ example: String, _ place: String) throws {
    let inputs = try Self.inputs.get()
    let own = Self.writes(example) ? try Sandbox.start(["--rate-limit", "0"]) : nil
    defer { own?.stop() }
    let sandbox = own ?? inputs.sandbox
    let home = try own?.temporary ?? TemporaryHome()
    let directory = home.root + "/work"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let env = home.env.merging(["MONICA_URL": sandbox.url, "MONICA_TOKEN": sandbox.token, "TOKEN": sandbox.token]) {
      $1
    }
    if own != nil {
      let account = try sh(Self.accountInputs, env: env, directory: directory)
      try #require(account.status == 0, "\(account)")
    }
    try Self.write(inputs, for: sandbox, into: home.root)
    defer {
      if own == nil {
        // A write found here was made by this example or by another one taken to only read.
        let writes = (try? Self.writeRequests(sandbox)) ?? []
        #expect(writes == inputs.writes, "the shared sandbox was written to, after \(place):\n\(example)\n\(writes)")
      }
    }
    // Background jobs an example starts (the offline sandbox) end with it; its status is kept.
    let script = """
      trap 'status=$?; kill $(jobs -p) 2>/dev/null || true; exit $status' EXIT
      set -e
      cp ../backup.ndjson ../tasks.ndjson ../contacts.vcf ../old.ndjson ../face.png .
      cp ../face.png holiday.png
      cp ../contacts.csv ../Connections.csv ../people.csv .
      cp backup.ndjson "backup-$(date +%F).ndjson"; cp contacts.vcf phone.vcf
      touch -d 2000-01-01 *.ndjson *.vcf *.png *.csv

      """
    let run = try sh(script + example, env: env, directory: directory)
    if let status = Self.failing[example] {
      #expect(run.status == status && !run.stderr.isEmpty, "\(place):\n\(example)\n\(run)")
      return
    }
    #expect(run.status == 0, "\(place):\n\(example)\n\(run)")
    #expect(!run.stderr.contains("error"), "\(place): \(run.stderr)")
    // A merge's warnings are the documents behind the sandbox's private links, whose contacts are
    // left beside their keepers with a note (monica-merge(1), WHAT STAYS).
    let merging = example.contains("monica-merge --yes")
    let carried = run.stderr.split(separator: "\n").allSatisfy {
      $0.hasPrefix("monica-push: warning: ") || (merging && $0.hasPrefix("monica-merge: "))
    }
    #expect(
      !run.stderr.contains("warning") || ((Self.carryWarnings.contains(example) || merging) && carried),
      "\(place): \(run.stderr)")
    // What the example wrote: the files it created or changed (the inputs are dated 2000).
    let written = try FileManager.default.contentsOfDirectory(atPath: directory).compactMap { name -> String? in
      let path = directory + "/" + name
      // A folder an example wrote images into (--dir) counts by the files in it.
      if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
        return names.isEmpty ? nil : names.joined(separator: "\n")
      }
      let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
      guard (modified ?? .distantPast) > Date(timeIntervalSince1970: 1_000_000_000) else { return nil }
      return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }
    // A vdir an example synced in the home folder (monica-sync ~/.contacts/monica) counts by its cards.
    let synced = env["HOME"].flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0 + "/.contacts/monica") }
    if run.output.isEmpty {
      #expect(
        written.contains { Self.results($0, example: example) > 0 } || (synced ?? []).contains { $0.hasSuffix(".vcf") },
        "\(place) printed and wrote nothing:\n\(example)")
    } else {
      #expect(Self.results(run.stdout, example: example) > 0, "\(place) shows no results:\n\(example)\n\(run)")
    }
  }

  /// How many examples each document has: a recipe lost (or added unrun) changes a count.
  static let recipeCount = 23
  static let readmeCount = 21
  static let helpCount = 74

  @Test("the counts of recipes in monica(7), examples in the README and in the tools' help are the expected ones")
  func counts() throws {
    let (recipes, readme, help) = (
      try Self.recipes().count, try Self.readmeExamples().count, try Self.allHelpExamples().count
    )
    #expect(recipes == Self.recipeCount)
    #expect(readme == Self.readmeCount)
    for tool in InstallTests.tools {
      #expect(try Self.helpExamples(tool).count >= 2, "\(tool)")
    }
    #expect(help == Self.helpCount)
  }

  @Test("each recipe of monica(7) runs as written and shows results", arguments: 0..<recipeCount)
  func recipe(index: Int) throws {
    let recipes = try Self.recipes()
    try #require(recipes.indices.contains(index))
    try check(recipes[index], "monica(7) recipe \(index + 1)")
  }

  @Test("each example of the README runs as written and shows results", arguments: 0..<readmeCount)
  func readme(index: Int) throws {
    let examples = try Self.readmeExamples()
    try #require(examples.indices.contains(index))
    try check(examples[index], "README example \(index + 1)")
  }

  @Test("each example of a tool's help and man page runs as written and shows results", arguments: 0..<helpCount)
  func help(index: Int) throws {
    let examples = try Self.allHelpExamples()
    try #require(examples.indices.contains(index))
    try check(examples[index], "help example \(index + 1)")
  }

  @Test("an empty result fails: a zero count, a header alone, nothing")
  func emptyResults() {
    #expect(Self.results("0\n", example: "monica-fetch contacts --query zzz | wc -l") == 0)
    #expect(Self.results("      12\n", example: "monica-fetch contacts | wc -l") == 12)
    #expect(Self.results("ID  NAME\n", example: "monica-fetch contacts | monica-format table") == 0)
    #expect(Self.results("id,name\r\n", example: "x | monica-format csv --fields id,name > a.csv") == 0)
    #expect(Self.results("| id |\n| --- |\n", example: "x | monica-format markdown") == 0)
    #expect(Self.results("ID\n 1\n", example: "x | monica-format --fields id") == 1)
    #expect(Self.results("", example: "monica-fetch notes | jq -r .body") == 0)
    #expect(Self.results("1\r\n", example: "x | monica-format csv --no-header --fields id") == 1)
    #expect(Self.results("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", example: "x | monica-format ics > a.ics") == 0)
  }
}
