import Foundation
import MonicaKit

/// `monica-photo delete`: `DELETE /api/photos/{id}` for each id, given as arguments or as photo
/// records on stdin, each answer (`{"deleted":true,"id":N}`) printed. Without `yes` the
/// question goes to the terminal; with none, nothing is sent (64).
package struct PhotoDeleter {
  package let ids: [Int]
  package let sources: [InputSource]
  package let yes: Bool
  package let environment: ToolEnvironment
  package let profile: String?
  package let policy: ClientPolicy
  /// The tool's name for the question.
  package var tool = "monica-photo"
  /// `--passphrase-fd`.
  package var passphraseDescriptor: Int32?
  /// Asks a yes/no question on the terminal; `nil` when there is none.
  package var confirm: ((String) -> Bool?)?

  package init(
    ids: [Int], sources: [InputSource], yes: Bool, environment: ToolEnvironment, profile: String?, policy: ClientPolicy
  ) {
    self.ids = ids
    self.sources = sources
    self.yes = yes
    self.environment = environment
    self.profile = profile
    self.policy = policy
  }

  /// Asks (unless `yes`), then deletes every photo in order.
  package func run(output: LineOutput) async throws(MonicaError) {
    if !yes && confirm == nil {
      throw .usage(
        "delete without --yes asks on a terminal, and there is none: nothing was deleted (give --yes to delete without asking)"
      )
    }
    var targets = ids
    if targets.isEmpty {
      let input = PushInput(sources)
      while let line = try input.next() {
        guard case .object(let record)? = try? JSONValue(parsing: line.bytes), record["object"]?.stringValue == "photo",
          let id = record["id"]?.intValue
        else {
          throw .malformedInput(source: line.source, line: line.number, reason: "not a photo record with an \"id\"")
        }
        targets.append(id)
      }
    }
    guard !targets.isEmpty else { return }
    if !yes {
      let list = targets.prefix(10).map { "#\($0)" }.joined(separator: ", ") + (targets.count > 10 ? ", ..." : "")
      guard let answer = confirm?("\(tool): delete \(targets.count) photo\(targets.count == 1 ? "" : "s") (\(list))?")
      else { throw .usage("delete without --yes: no answer from the terminal; nothing was deleted") }
      guard answer else {
        StandardError.line("\(tool): nothing was deleted")
        return
      }
    }
    let credentials = try CredentialResolver(environment: environment, passphraseDescriptor: passphraseDescriptor)
      .resolve(profile: profile)
    let client = MonicaClient(credentials: credentials, policy: policy)
    do throws(MonicaError) {
      for id in targets {
        if output.readerIsGone { throw .outputClosed }
        let response = try await client.send(WriteRequest(.delete, "/photos/\(id)"))
        try client.check(response, path: "/photos/\(id)", what: "photo #\(id)")
        guard let line = String(data: response.body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
          case .object? = try? JSONValue(parsing: line)
        else {
          throw .protocolViolation(request: "DELETE /api/photos/\(id)", detail: "the answer is not a JSON object")
        }
        try output.writeLine(line)
        try output.flush()
      }
    } catch {
      if error != .outputClosed { try? output.flush() }
      throw error
    }
  }
}
