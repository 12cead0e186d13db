import Foundation
import MonicaKit

/// `monica-remind`'s one entry point: reads the reminders and contacts (two paged walks, and the
/// account's time zone), works out what is due, and delivers each occurrence once, recording it
/// in the state file.
///
/// The order of a run: everything that can be checked here is checked before the first request
/// (flags, the delivery program, the state file, every line of it); the records are read with
/// no lock held; then the state file's lock is taken, the lines another run appended meanwhile
/// are read, and what to deliver is decided and delivered under it, so that two runs at once
/// deliver each occurrence once. Each delivery is marked in doubt (synced) before it starts and
/// delivered or failed after: a run killed mid-delivery leaves it in doubt, and no later run
/// repeats it unless asked; so does one stopped past `--exec-timeout` (a command that sent and
/// then hung on the answer has delivered). A failed delivery is not recorded as delivered: the
/// next run tries it again. Either way this run ends with status 75 naming it.
package struct RemindRun {
  /// What was asked.
  package let options: RemindOptions
  /// The environment, `--profile`, the client policy, `--passphrase-fd`.
  package let connection: Connection
  /// `--cache`, `MONICA_CACHE`: how the encrypted response cache is used.
  package var cache = CacheMode.off
  /// `--quiet`: no progress or rate-limit waits on stderr (warnings and errors still).
  package var quiet = false
  /// The tool's name for messages.
  package var tool = "monica-remind"

  package init(options: RemindOptions, connection: Connection) {
    self.options = options
    self.connection = connection
  }

  /// Runs with a client of the connection's instance.
  package func run(output: LineOutput) async throws(MonicaError) {
    try options.validate()
    try checkDeliveryProgram()
    // --quiet: a cron run says nothing unless something went wrong, not even a rate-limit wait.
    let connection = quiet ? self.connection.adjusting { $0.notice = nil } : self.connection
    // The one place monica-remind gets its client.
    let client = try connection.client()
    try await run(client: client, output: output)
  }

  /// Runs with `client` (tests give one of the in-memory sandbox).
  package func run(client: MonicaClient, output: LineOutput) async throws(MonicaError) {
    try options.validate()
    let environment = connection.environment
    let state = try openState(client.credentials)
    let (today, contacts, reminders) = try await read(client: client)
    let planner = OccurrencePlanner(before: options.before, deceased: options.deceased)
    let delivery = RemindDelivery(
      options: options, output: output, today: today, instance: client.credentials.instance.instance,
      environment: environment, token: client.credentials.token)
    if let days = options.upcomingDays {
      let due = planner.occurrences(
        contacts: contacts, reminders: reminders, due: today...today.adding(days: days))
      try output.finishing { () throws(MonicaError) in
        for occurrence in due { try delivery.print(occurrence) }
      }
      return
    }
    try deliver(planner, contacts, reminders, today: today, state: state, delivery: delivery)
  }

  /// The occurrences of today and the `days` days after it, as `--upcoming` lists them, and
  /// today: what `monica-mcp`'s `upcoming` answers with. Reads as a run does, records nothing.
  package func upcoming(client: MonicaClient, days: Int) async throws(MonicaError) -> (
    today: CalendarDate, occurrences: [Occurrence]
  ) {
    let (today, contacts, reminders) = try await read(client: client)
    let planner = OccurrencePlanner(before: options.before, deceased: options.deceased)
    return (today, planner.occurrences(contacts: contacts, reminders: reminders, due: today...today.adding(days: days)))
  }

  /// Today, the contacts and the reminders: two paged walks (and `/api/me` for the zone).
  private func read(client: MonicaClient) async throws(MonicaError) -> (
    CalendarDate, [RemindContact], [RemindReminder]
  ) {
    let environment = connection.environment
    let tool = self.tool
    let progress = FetchProgress(tool: tool, enabled: environment.stderrIsTerminal && !quiet)
    var verbose: (@Sendable (String) -> Void)?
    if connection.policy.observer != nil { verbose = { StandardError.line("\(tool): \($0)") } }
    let responses = try ResponseCache(
      mode: cache, credentials: client.credentials, store: CredentialStore(environment: environment), client: client,
      warn: { StandardError.line("\(tool): warning: \($0)") }, observe: verbose, now: environment.clock)
    let reader = RemindReader(client: client, cache: responses, progress: progress, tool: tool)
    do {
      let today = try await day(reader)
      let read = try await reader.reminders()
      // A few named, the rest counted: a listing of broken records is not a screenful of warnings.
      let refused = Array(Set(read.refused)).sorted()
      for reason in refused.prefix(5) { warn("\(reason); left out") }
      if refused.count > 5 { warn("\(refused.count - 5) more reminders left out for the same kinds of reasons") }
      let contacts = try await reader.contacts()
      progress.finish()
      return (today, contacts, read.reminders)
    } catch {
      progress.finish()
      throw error
    }
  }

  /// Decides and delivers under the state file's lock.
  private func deliver(
    _ planner: OccurrencePlanner, _ contacts: [RemindContact], _ reminders: [RemindReminder], today: CalendarDate,
    state: DeliveryLog?, delivery: RemindDelivery
  ) throws(MonicaError) {
    let tool = self.tool
    if let state, !options.dryRun {
      try state.holdLock { StandardError.line("\(tool): \($0)") }
      try state.start(from: today)
    }
    defer { state?.release() }
    // What was recorded without a sync of its own lasts once the run is done, or stopped.
    defer { if !options.dryRun { try? state?.sync() } }
    let first = state?.firstDay ?? today
    let earliest = max(today.adding(days: -options.catchUpDays), first)
    guard earliest <= today else { return }
    // A notice caught up once its occurrence's day has come says less than the day itself.
    let due = planner.occurrences(contacts: contacts, reminders: reminders, due: earliest...today).filter {
      $0.daysBefore == 0 || $0.date > today
    }
    var failures: [String] = []
    var doubts: [String] = []
    var attempted = 0
    try delivery.output.finishing { () throws(MonicaError) in
      for occurrence in due {
        let key = occurrence.key
        let entry = state?.entry(key)
        switch entry?.status {
        case .delivered?: continue
        case .doubt?, .noted?:
          guard options.retryInDoubt else {
            if entry?.status == .doubt || options.dryRun {
              warn(
                "\(Self.label(occurrence)): its delivery by an earlier run, started \(entry?.time ?? "?"), was cut "
                  + "short; it may have arrived and is not repeated (--retry-in-doubt delivers it again)")
              if !options.dryRun { try state?.record(.noted, key, time: now()) }
            }
            continue
          }
        case .failed?, nil: break
        }
        if options.dryRun {
          try delivery.print(occurrence)
          continue
        }
        attempted += 1
        try state?.record(.doubt, key, time: now())
        do throws(MonicaError) {
          // The doubt is synced before the delivery starts; what follows it errs on the safe side
          // if a power cut loses it (a lost `delivered` leaves a doubt), and is synced at the end.
          switch try delivery.deliver(occurrence) {
          case .delivered:
            try state?.record(.delivered, key, time: now(), durable: false)
          case .failed(let failure):
            try state?.record(.failed, key, time: now(), durable: false)
            let text = "\(Self.label(occurrence)): \(failure)"
            failures.append(text)
            warn("\(text); tried again by the next run")
          case .inDoubt(let failure):
            // Left as the synced doubt recorded above: the next run names it and does not repeat it.
            let text = "\(Self.label(occurrence)): \(failure)"
            doubts.append(text)
            warn("\(text); it may have arrived and is not repeated (--retry-in-doubt delivers it again)")
          }
        } catch .outputClosed {
          // The reader went away before the line was whole: not delivered.
          try state?.record(.failed, key, time: now())
          throw .outputClosed
        }
      }
    }
    guard !failures.isEmpty || !doubts.isEmpty else { return }
    var parts: [String] = []
    if !failures.isEmpty {
      parts.append(
        "\(failures.count) of \(attempted) failed and will be tried again by the next run: \(Self.named(failures))")
    }
    if !doubts.isEmpty {
      parts.append(
        "\(doubts.count) of \(attempted) were stopped and are in doubt, not repeated without --retry-in-doubt: "
          + Self.named(doubts))
    }
    throw .linesFailed("deliveries: " + parts.joined(separator: "; "), status: .temporaryFailure)
  }

  /// The first three of `texts`, and how many more.
  private static func named(_ texts: [String]) -> String {
    texts.prefix(3).joined(separator: "; ") + (texts.count > 3 ? "; and \(texts.count - 3) more" : "")
  }

  /// Today: `--today`, else the day it is in `--timezone`, else in the account's zone
  /// (`/api/me`), else on this machine's clock.
  private func day(_ reader: RemindReader) async throws(MonicaError) -> CalendarDate {
    if let today = options.today { return today }
    let now = connection.environment.clock()
    if let zone = options.timeZone, let day = LocalDay.day(at: now, in: zone) { return day }
    let zone = try await reader.timeZone()
    if let zone, let day = LocalDay.day(at: now, in: zone) { return day }
    if let zone {
      warn("the account's time zone \(OutsideText.quoted(zone)) is not one this system knows; using this machine's")
    }
    return LocalDay.local(at: now)
  }

  /// The state file, read whole before the first request (a malformed line stops the run
  /// there); made, in a 0700 directory, unless the run records nothing.
  private func openState(_ credentials: Credentials) throws(MonicaError) -> DeliveryLog? {
    guard options.upcomingDays == nil else { return nil }
    let path =
      options.statePath
      ?? RemindOptions.stateFile(
        stateHome: connection.environment.stateHome, profile: credentials.profile,
        instance: credentials.instance.instance)
    if options.statePath == nil && !options.dryRun {
      let directory = SecureFiles.parent(of: path)
      try SecureFiles.makePrivateDirectory(SecureFiles.parent(of: directory))
      try SecureFiles.makePrivateDirectory(directory)
    }
    return try DeliveryLog(path: path, create: !options.dryRun)
  }

  /// `--mail`'s sendmail must be there before anything is read.
  private func checkDeliveryProgram() throws(MonicaError) {
    guard case .mail(_, _, let sendmail) = options.delivery else { return }
    let candidates =
      sendmail.contains("/")
      ? [sendmail]
      : (connection.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(sendmail)" }
    guard candidates.contains(where: { access($0, X_OK) == 0 }) else {
      throw .configuration("--sendmail \(sendmail): no such program (install a mail transfer agent, or give its path)")
    }
  }

  private func now() -> String { DeliveryLog.time(time_t(connection.environment.clock().timeIntervalSince1970)) }

  private func warn(_ text: String) { StandardError.line("\(tool): warning: \(TerminalText.safe(text))") }

  /// An occurrence in a message: `birthday of Ana Lima on 2026-11-27`, `reminder "Call" for Ana
  /// Lima on 2026-11-27 (7 days before)`.
  static func label(_ occurrence: Occurrence) -> String {
    let name = OutsideText.quoted(occurrence.contact.name)
    let what =
      switch occurrence.kind {
      case .birthday: "birthday of \(name)"
      case .remembrance: "remembrance day of \(name)"
      case .reminder: "reminder \(OutsideText.quoted(occurrence.title)) for \(name)"
      }
    let notice = occurrence.daysBefore > 0 ? " (notice \(occurrence.daysBefore) days before)" : ""
    return "\(what) on \(occurrence.date)\(notice)"
  }
}
