import MonicaKit

/// `monica-sync`'s one entry point: keeps a vdir and a Monica account in step, both ways.
///
/// The order of a run: the account's lock (`AccountLock`), then the status file's (`holdLock`),
/// then the write journal's, so that two runs on one vdir or one account take turns and every
/// decision is made under the locks; then one scan of the vdir (files of at most
/// `SyncOptions.fileSizeLimit`), one paged walk of the contacts with their fields, and a look-up of
/// each contact the status knows that the walk did not show (deleted or archived). The empty-side
/// guard (`SyncDecision.emptySide`) runs before any change. Each item is paired through the
/// status (file name ↔ contact id); a file the status does not know is paired with a contact by
/// its UID (the contact's uuid) or by the identity judgement at almost certain only, never a name
/// alone, and else makes a new contact. `SyncDecision` decides each item; each decision is
/// carried out and recorded in the status before the next: files written atomically (0600),
/// Monica written through Push's `WritePlan` with the journal beside the status (a new contact is
/// made once, looked for when in doubt after a kill).
package struct SyncRun {
  /// What was asked.
  package let options: SyncOptions
  /// The environment, `--profile`, the client policy.
  package let connection: Connection
  /// The tool's name for messages.
  package var tool = "monica-sync"

  package init(options: SyncOptions, connection: Connection) {
    self.options = options
    self.connection = connection
  }

  /// Runs with a client of the connection's instance.
  package func run(output: LineOutput) async throws(MonicaError) -> SyncSummary {
    let connection = options.quiet ? self.connection.adjusting { $0.notice = nil } : self.connection
    return try await SyncRun(options: options, connection: connection).run(
      client: try connection.client(), output: output)
  }

  /// Runs with `client`; `--dry-run`'s actions go to `output`, one line each.
  package func run(client: MonicaClient, output: LineOutput) async throws(MonicaError) -> SyncSummary {
    let session = try SyncSession(options: options, connection: connection, client: client, output: output, tool: tool)
    defer { session.close() }
    let summary: SyncSummary
    do { summary = try await session.run() } catch {
      // A run that stops says what it already wrote, before its error.
      if !options.quiet && !options.dryRun && session.summary.changedAnything {
        connection.diagnostics("\(tool): stopped after: \(session.summary.text)")
      }
      throw error
    }
    try output.flush()
    if !options.quiet && (summary.changedAnything || summary.conflicts + summary.refused > 0 || options.dryRun) {
      connection.diagnostics("\(tool): \(options.dryRun ? "would have " : "")\(summary.text)")
    }
    var left: [String] = []
    if summary.conflicts > 0 {
      left.append(
        "\(summary.conflicts) \(summary.conflicts == 1 ? "conflict" : "conflicts") left as they are "
          + "(named above; --prefer monica|vdir settles them)")
    }
    if summary.refused > 0 {
      left.append(
        "\(summary.refused) \(summary.refused == 1 ? "item" : "items") refused, left as they are "
          + "(named above; correct the file and run again)")
    }
    if !left.isEmpty { throw .linesFailed(left.joined(separator: "; "), status: .dataError) }
    return summary
  }
}
