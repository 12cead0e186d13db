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
    while let line = try input.next() {
      try spool.append(line.bytes)
      if let key = Migration.addressPlace(line.bytes) { addressPlaces[key, default: 0] += 1 }
      extras.prescan(line.bytes)
      places.append((line.source, Int32(clamping: line.number)))
    }
    // The map is opened once the input has ended: a producer before it in a pipeline
    // (monica-import, monica-diff --restore) has appended its lines by then. It stays locked for
    // the whole run, so that two runs on one map never both decide that a record is still to be
    // created.
    let map = try IDMap(path: mapPath)
    if !options.dryRun { try map.lockForRun { StandardError.line("\(tool): \($0)") } }
    let counter = RequestCounter()
    let client = try connection.adjusting { policy in
      let observer = policy.observer
      policy.observer = { record in
        counter.add()
        observer?(record)
      }
    }.client()
    let migration = Migration(
      client: client, map: map, output: output, tool: tool, keepGoing: options.keepGoing, today: today)
    migration.report.total = places.count
    migration.addressPlaces = addressPlaces
    migration.extras = extras
    migration.report.requests = counter
    if options.dryRun {
      migration.plan = true
      migration.report.planning = true
      migration.report.emit = { (text: String) throws(MonicaError) in try output.writeLine(text) }
    } else if !options.quiet {
      migration.report.progress = environment.stderrIsTerminal ? .terminal : .log
    }
    var stoppedAt: String?
    do throws(MonicaError) {
      let reader = try spool.reader()
      var index = 0
      while let bytes = try reader.nextLine() {
        let place = places[index]
        index += 1
        stoppedAt = "\(place.source):\(place.number)"
        try await migration.carry(bytes, source: place.source, number: Int(place.number))
        if let limit = await client.pacer.learnedLimit, let window = await client.pacer.learnedWindow {
          migration.report.pace = (limit, window)
        }
      }
      try output.flush()
    } catch {
      if error != .outputClosed {
        try? output.flush()
        try? migration.report.finish(quiet: options.quiet)
        if let stoppedAt {
          let done = migration.report.lines
          StandardError.line("\(tool): \(done) line\(done == 1 ? "" : "s") done, stopped at \(stoppedAt)")
        }
      }
      throw error
    }
    try migration.finish(quiet: options.quiet && !options.dryRun)
    try output.flush()
  }
}
