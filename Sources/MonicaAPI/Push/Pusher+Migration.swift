import Foundation
import MonicaKit

extension Pusher {
  /// `--create --map FILE`: the input is read whole first (into an unlinked temporary file), so
  /// that progress knows the total, then each line is carried over in order.
  func migrate(sources: [InputSource], mapPath: String, output: LineOutput) async throws(MonicaError) {
    let spool = try Spool(environment: environment)
    var places: [(source: String, number: Int32)] = []
    let input = PushInput(sources)
    var addressPlaces: [String: Int] = [:]
    var extras = FollowUpState()
    var work = MigrationWork(today: today)
    var sawAccount = false
    while let line = try input.next() {
      try spool.append(line.bytes)
      if let key = Migration.addressPlace(line.bytes) { addressPlaces[key, default: 0] += 1 }
      extras.prescan(line.bytes)
      if !options.quiet && !options.dryRun { work.prescan(line.bytes) }
      if !sawAccount { sawAccount = MigrationJob.hasAccount(line.bytes) }
      places.append((line.source, Int32(clamping: line.number)))
    }
    // The map is opened once the input has ended: a producer before it in a pipeline
    // (monica-import, monica-diff --restore) has appended its lines by then.
    let map = try IDMap(path: mapPath)
    let diagnostics = connection.diagnostics
    let counter = RequestCounter()
    let client = try connection.adjusting { policy in
      let observer = policy.observer
      policy.observer = { record in
        counter.add(milliseconds: record.milliseconds)
        observer?(record)
      }
    }.client()
    var accountLock: AccountLock?
    defer { accountLock?.release() }
    if !options.dryRun {
      // The account's lock, then the map's, both held to the end of the run: two writers on one
      // account (two imports or restores with two maps, a merge) take turns, and two runs on one
      // map never both decide that a record is still to be created (`AccountLock`'s order).
      accountLock = try await client.lockAccount(environment: environment) { diagnostics("\(tool): \($0)") }
      let quiet = options.quiet
      try map.lockForRun { if !quiet { diagnostics("\(tool): \($0)") } }
    }
    let migration = Migration(
      client: client, map: map, output: output, tool: tool, keepGoing: options.keepGoing, today: today)
    migration.report.total = places.count
    migration.addressPlaces = addressPlaces
    migration.extras = extras
    migration.report.requests = counter
    migration.report.clock = connection.policy.pacingClock.now
    migration.report.log = { diagnostics($0) }
    migration.report.emit = { diagnostics($0) }
    migration.say = { diagnostics($0) }
    migration.report.job = MigrationJob.of(map: map.file, sawAccount: sawAccount)
    migration.quiet = options.quiet && !options.dryRun
    if options.dryRun {
      migration.plan = true
      migration.report.planning = true
      migration.report.emit = { (text: String) throws(MonicaError) in try output.writeLine(text) }
    } else if !options.quiet {
      migration.report.progress = environment.stderrIsTerminal ? .terminal : .log
      work.start(map: map)
      migration.report.work = work
    }
    migration.report.begin()
    progress.migrating(map: options.dryRun ? nil : mapPath)
    var started = false
    do throws(MonicaError) {
      let reader = try spool.reader()
      var index = 0
      while let bytes = try reader.nextLine() {
        let place = places[index]
        index += 1
        progress.writing("\(place.source):\(place.number)")
        started = true
        try await migration.carry(bytes, source: place.source, number: Int(place.number))
        // Each line's records out at once: Ctrl-C ends the run between lines, not before them.
        try output.flush()
        progress.lineDone()
      }
    } catch {
      if error != .outputClosed {
        try? output.flush()
        try? migration.report.finish(quiet: options.quiet)
        if started, let stopped = progress.stopped { diagnostics("\(tool): \(stopped)") }
      }
      throw error
    }
    try migration.finish(quiet: options.quiet && !options.dryRun)
    try output.flush()
  }
}
