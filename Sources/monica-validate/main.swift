import ArgumentParser
import MonicaKit

struct MonicaValidate: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-validate",
    abstract: "Check Monica records against the data contract of their kind.",
    discussion: """
      Each record's kind comes from its "object" key: contact (full, partial or \
      short), activity, note, task, gift, tag, photo or user. Every record goes to \
      stdout byte for byte, failing ones too unless --skip-invalid (--write gates \
      them: below), so the tool can sit in a pipeline. Each problem goes to \
      stderr as SOURCE:LINE: kind #id: field: problem, or with --report to a file \
      as NDJSON. The status is 65 when \
      any record failed, also with --skip-invalid. --list-rules prints every rule \
      and where Monica's source keeps it.

      --write checks each line as monica-push would send it instead: create lines \
      (no id) and partial update lines (an id and the fields to change); with \
      --create, records that monica-push --create --map would create (their ids \
      are the source's: monica-import's and monica-diff --restore's output, a \
      backup); each reference must then name a record an earlier line creates or \
      --map's file holds, as monica-push --create needs. The kind comes from \
      "object" or --object; each value \
      is checked against Monica's write rules (types, lengths, allowed values, \
      dates, from the services at v4.1.2) by the code monica-push runs before a \
      line's first request; a key given twice is a problem. Nothing is sent. Not \
      checked here: whether a record an id names exists on the instance, and \
      fields Monica requires (the server decides those). With --write the tool is \
      a gate: it holds the lines (in a temporary file under TMPDIR) until the whole \
      input is checked, then writes them all, or nothing when any line failed \
      (with --skip-invalid, the lines that passed), so monica-push after it never \
      writes part of a bad input; --map's file is read once the input has ended, \
      so monica-diff --restore --map FILE may make it in the same pipeline.

      EXAMPLES
        monica-fetch tasks | monica-validate > tasks.ndjson
        monica-validate --skip-invalid --report problems.ndjson backup.ndjson \\
          > checked.ndjson
        jq -c '.completed = true' tasks.ndjson | monica-validate > /dev/null
        curl -s -H "Authorization: Bearer $TOKEN" -H "Accept: application/json" \\
          "$MONICA_URL/api/tasks?page=2" | monica-validate --envelope
        monica-validate --list-rules | grep '^task'
        echo '{"object":"task","id":3,"completed":true}' | monica-validate --write
        monica-import vcard phone.vcf | monica-validate --write --create > new.ndjson

      FILES
        FILE...  NDJSON records (envelopes with --envelope); - or none: stdin
        REPORT   --report's file: one problem a line, {"source","line","kind",
                 "id","field","problem"}; created 0600 or emptied first

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Flag(help: "Read Monica page envelopes ({\"data\":[...],\"links\":...,\"meta\":...}), one or more a line.")
  var envelope = false
  @Flag(help: "Leave records that fail out of stdout (they are still reported).") var skipInvalid = false
  @Option(
    help: ArgumentHelp("Write the problems to FILE as NDJSON instead of stderr.", valueName: "FILE"),
    completion: .file())
  var report: String?
  @Flag(help: "Print every rule (shape, field, rule, source) and exit.") var listRules = false
  @Flag(help: "Check each line as monica-push would send it (create and update lines), not as a record.")
  var write = false
  @Option(
    help: ArgumentHelp("With --write: the kind of lines without an \"object\".", valueName: "KIND"),
    completion: .list(WriteMapping.objects))
  var object: String?
  @Flag(help: "With --write: every line is a record monica-push --create --map would create.")
  var create = false
  @Option(
    help: ArgumentHelp("With --write --create: the map that references may name records of.", valueName: "FILE"),
    completion: .file())
  var map: String?

  func validate() throws {
    if report == "-" { throw ValidationError("--report -: stdout carries the records; give a file") }
    if listRules, envelope || skipInvalid || report != nil || write || !input.files.isEmpty {
      throw ValidationError("--list-rules takes no input and no other option")
    }
    if write, envelope { throw ValidationError("--write checks lines monica-push takes, not page envelopes") }
    if create, !write { throw ValidationError("--create goes with --write") }
    if map != nil, !create { throw ValidationError("--map goes with --write --create") }
    if let object {
      guard write else { throw ValidationError("--object goes with --write") }
      guard WriteMapping.named(RecordKind.called(object)?.object ?? object) != nil else {
        throw ValidationError("--object \(object): expected \(WriteMapping.objects.joined(separator: ", "))")
      }
    }
  }

  func run() async throws {
    try reportingFailures {
      let output = LineOutput.standardOutput()
      if listRules {
        return try output.finishing { () throws(MonicaError) in
          for line in RuleListing.lines() { try output.writeLine(line) }
        }
      }
      let diagnostics =
        try report.map { path throws(MonicaError) in try DiagnosticSink(reportPath: path) }
        ?? DiagnosticSink { StandardError.line($0) }
      var validator = ContractValidator(sources: input.sources, envelopes: envelope, skipInvalid: skipInvalid)
      validator.write = write
      validator.object = object.map { RecordKind.called($0)?.object ?? $0 }
      validator.create = create
      validator.map = map
      validator.environment = environment
      try validator.run(to: output, diagnostics: diagnostics)
    }
  }
}

await MonicaValidate.launch()
