import ArgumentParser
import MonicaKit

struct MonicaDedupe: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-dedupe",
    abstract: "Find the Monica contacts that are one person, with the evidence for and against.",
    discussion: Help.dedupe,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(
    help: ArgumentHelp(
      "Write only groups whose every pair scores at least SCORE, 0 to 1 (0.9: almost certainly one person; 0.5: a shared full name and nothing else).",
      valueName: "SCORE"))
  var minScore = 0.5
  @Flag(help: "Warn about lines that are not JSON objects and go on.") var skipInvalid = false

  func validate() throws {
    guard (0...1).contains(minScore) else { throw ValidationError("--min-score must be between 0 and 1") }
  }

  func run() async throws {
    try reportingFailures {
      let prefix = "\(Self.toolName): warning: "
      var finder = DuplicateFinder(minScore: minScore) { StandardError.line(prefix + $0) }
      try finder.run(
        stream(input, skipInvalid: skipInvalid), to: .standardOutput())
    }
  }
}

await MonicaDedupe.launch()
