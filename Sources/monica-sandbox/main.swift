import ArgumentParser
import Foundation
import MonicaKit
import MonicaSandbox

struct MonicaSandboxCommand: AsyncParsableCommand, MonicaTool {
  static let configuration = CommandConfiguration(
    commandName: "monica-sandbox",
    abstract: "Run a local Monica 4.x API server with deterministic data, to try the toolset offline.",
    discussion: Help.sandbox(faults: FaultRule.syntax),
    version: toolsetVersion)

  @Option(help: ArgumentHelp("Port to listen on, on 127.0.0.1 (0 picks a free port).", valueName: "PORT")) var port = 0
  @Option(
    help: ArgumentHelp("Write {\"url\",\"api\",\"token\"} here once listening.", valueName: "PATH"), completion: .file()
  )
  var readyFile: String?
  @Option(
    help: ArgumentHelp("Accept the token in this file instead of a generated one.", valueName: "PATH"),
    completion: .file())
  var tokenFile: String?
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Days until the generated token expires (negative: already expired).", valueName: "DAYS"))
  var tokenExpiresIn = 365
  @Option(help: ArgumentHelp("Seed of the generated data.", valueName: "N")) var seed: UInt64 = 1
  @Option(help: ArgumentHelp("Number of generated contacts.", valueName: "N")) var contacts = 200
  @Option(
    help: ArgumentHelp("Serve the records of this NDJSON file instead of generated data.", valueName: "FILE"),
    completion: .file())
  var load: String?
  @Option(
    help: ArgumentHelp("Keep the store in this file across runs (rewritten after each write).", valueName: "FILE"),
    completion: .file())
  var state: String?
  @Option(help: ArgumentHelp("Largest accepted limit parameter.", valueName: "N")) var maxPageSize = 100
  @Option(
    help: ArgumentHelp(
      "Requests allowed per token: N/SECONDS, N per minute, or 0 for no limit.", valueName: "N/SECONDS"))
  var rateLimit = "60/60"
  @Option(help: ArgumentHelp("Wait this many milliseconds before every API answer.", valueName: "MS"))
  var latency = 0
  @Option(help: ArgumentHelp("Inject a fault: WHAT@WHEN[:PATH] (repeatable; see FAULTS).", valueName: "RULE"))
  var fault: [String] = []
  @Option(
    help: ArgumentHelp("Append one NDJSON line per request to this file.", valueName: "FILE"), completion: .file())
  var log: String?
  @Option(
    help: ArgumentHelp(
      "Serve the seeded gravatars on this loopback port (0, the default: a free one); seeded gravatar URLs point there.",
      valueName: "PORT"))
  var gravatarPort = 0
  @Flag(help: "Serve documents at public /storage/ URLs, as an instance with public file visibility.")
  var publicStorage = false
  @Flag(help: "Also seed contacts an import doubled (for monica-dedupe and monica-merge).") var duplicates = false
  @Flag(help: "Serve POST /sandbox/accounts/2/KIND and /sandbox/clock (another account's rows, a frozen now).")
  var fixtureRoutes = false
  @Flag(help: "Stop when the process that started it ends, killed or not (tests and scripts leave no server behind).")
  var exitWithParent = false

  func run() async throws {
    if exitWithParent { ParentWatch.stopWhenParentEnds() }
    try await reportingFailures {
      var settings = SandboxConfiguration()
      (settings.port, settings.readyFile, settings.tokenFile) = (port, readyFile, tokenFile)
      (settings.tokenExpiresInDays, settings.seed, settings.contacts) = (tokenExpiresIn, seed, contacts)
      (settings.load, settings.state, settings.log, settings.latencyMilliseconds) = (load, state, log, latency)
      (settings.maxPageSize, settings.gravatarPort, settings.publicStorage) = (maxPageSize, gravatarPort, publicStorage)
      settings.duplicates = duplicates
      settings.fixtureRoutes = fixtureRoutes
      settings.rateLimiter = try RateLimiter.parse(rateLimit)
      settings.faults = try fault.map { rule throws(MonicaError) in try FaultRule(parsing: rule) }
      try settings.validate()
      try await SandboxServer.run(settings) { url in
        let output = LineOutput(descriptor: 1, bufferLimit: 0)
        try? output.writeLine(url)
      }
    }
  }
}

await MonicaSandboxCommand.launch()
