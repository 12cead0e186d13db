import ArgumentParser
import MonicaKit

extension BackupDiff.Format: ExpressibleByArgument {}

struct MonicaDiff: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-diff",
    abstract: "Compare two Monica backups record by record; give back what the newer one lost.",
    discussion: """
      Records are matched by (object, id), in any order. Each difference is one \
      NDJSON line: {"change":"removed"|"added","object","id","record"} with the record \
      as read, or {"change":"changed","object","id","fields":{"PATH":[old,new]}} with \
      the paths monica-filter and monica-format --fields name. --format text prints \
      one line each, a removed contact with what belonged to it. Memory: OLD is held \
      (about its size on disk, plus some 100 bytes a record); NEW is streamed.

      A deleted contact is soft-deleted by Monica 4 (Contact.php:49, \
      DestroyContact.php:52): its relationships go at once, while its notes, tasks, \
      gifts, photos, calls... stay listed with "contact": null until it is pruned a \
      week later (Contact.php:1585-1588). The diff shows them as changed and counts \
      them with the contact; --restore makes them again with it.

      A record's embedded copy of another (a note's "contact", an activity's \
      attendees, a contact's tags) is compared by its id alone: a contact's new \
      avatar is one change of the contact, not one of each of its notes. \
      --embedded compares the copies whole. A record that a backup holds twice \
      (the same object and id on two lines) stops the diff (65), both lines named.

      After a restore, --map FILE without --restore compares OLD with the \
      restored account through the map monica-push --create --map wrote: old ids \
      become the new ones, and what every create makes anew (uuid, hash_id, \
      created_at, updated_at, a photo's stored name and link) is not a change. \
      An empty diff says everything came back (monica-fetch --all --quiet | \
      monica-diff --map restore.tsv --format text backup.ndjson -).

      --restore --map FILE writes the records NEW lost, each after those it refers \
      to, for monica-push --create --map FILE, and first appends to FILE an identity \
      line for every record of both, so that references to them stay as they are. \
      Records the map holds already are not written again: a re-run writes nothing. \
      A kept record that named a restored contact (an activity's attendee) is \
      written after it, and monica-push puts the contact back into it.

      NOT RESTORED (said on stderr with the reason)
        ids, timestamps  new ids (the map says which is which), created_at and
                         updated_at of the time of the restore
        audit logs       Monica writes them; no API route creates one
        documents        when their link needs a browser session: the backup
                         holds the link, not the bytes
        changed records  an edited note, a gift's title: --create only
                         creates; use monica-push

      EXAMPLES
        monica-fetch --all --quiet | monica-diff --ignore updated_at --format text \\
          backup.ndjson -
        monica-fetch --all --quiet | monica-diff backup.ndjson - \\
          | monica-format table --fields change,object,id
        monica-fetch --all --quiet \\
          | monica-diff --restore --map restore.tsv backup.ndjson - \\
          | monica-push --create --map restore.tsv --quiet

      \(Help.exitStatus)
      """,
    version: toolsetVersion)

  @Argument(
    help: ArgumentHelp("The older backup (NDJSON records); - for stdin.", valueName: "OLD"), completion: .file())
  var old: String
  @Argument(help: ArgumentHelp("The newer backup; - for stdin.", valueName: "NEW"), completion: .file())
  var new: String
  @Option(
    help: ArgumentHelp("ndjson (one line per difference) or text (a summary for people).", valueName: "FORMAT"))
  var format: BackupDiff.Format = .ndjson
  @Option(
    help: ArgumentHelp("Leave this field (dotted path) and what is under it out; repeatable.", valueName: "FIELD"))
  var ignore: [String] = []
  @Flag(help: "Write the records NEW lost, referents first, for monica-push --create --map.") var restore = false
  @Option(
    help: ArgumentHelp(
      "With --restore: the map file monica-push --create --map reads; without: compare through a restore's map.",
      valueName: "FILE"),
    completion: .file())
  var map: String?
  @Flag(help: "Compare the copies of other records a record embeds whole, not by id.") var embedded = false

  func validate() throws {
    if old == "-" && new == "-" { throw ValidationError("OLD and NEW cannot both be stdin") }
    if restore && map == nil { throw ValidationError("--restore needs --map FILE: the map monica-push reads") }
    if restore && format != .ndjson { throw ValidationError("--restore writes records for monica-push: no --format") }
    if let bad = ignore.first(where: { FieldPath($0) == nil }) {
      throw ValidationError("--ignore \(bad.debugDescription): not a dotted field path")
    }
  }

  func run() async throws {
    try reportingFailures {
      var diff = BackupDiff(
        old: InputSource(old), new: InputSource(new), ignored: Set(ignore), format: format,
        restoreMap: restore ? map : nil
      ) { StandardError.line("\(Self.toolName): \($0)") }
      diff.throughMap = restore ? nil : map
      diff.showingEmbedded = embedded
      try diff.run(to: LineOutput.standardOutput())
    }
  }
}

await MonicaDiff.launch()
