import Foundation
import MonicaKit

/// `monica-photo delete`: `DELETE /api/photos/{id}` for each id, given as arguments or as photo
/// records on stdin, each answer (`{"deleted":true,"id":N}`) printed. Without `yes` the
/// question goes to the terminal; with none, nothing is sent (64).
package struct PhotoDeleter {
  /// The photos named on the command line; none: the photo records of `sources`.
  package let ids: [Int]
  /// Where photo records come from when no id was given.
  package let sources: [InputSource]
  /// `--yes`: delete without asking.
  package let yes: Bool
  /// The instance, the profile and the client policy.
  package let connection: Connection
  /// The tool's name for the question.
  package var tool = "monica-photo"
  /// Asks a yes/no question on the terminal; `nil` when there is none.
  package var confirm: ((String) -> Bool?)?

  package init(ids: [Int], sources: [InputSource], yes: Bool, connection: Connection) {
    (self.ids, self.sources, self.yes, self.connection) = (ids, sources, yes, connection)
  }

  /// Asks (unless `yes`), then deletes every photo in order.
  package func run(output: LineOutput) async throws(MonicaError) {
    if !yes && confirm == nil {
      throw .usage(
        "delete without --yes asks on a terminal, and there is none: nothing was deleted (give --yes to delete without asking)"
      )
    }
    var targets = ids
    var known: [Int: JSONObject] = [:]
    if targets.isEmpty {
      let input = PushInput(sources)
      while let line = try input.next() {
        guard case .object(let record)? = try? JSONValue(parsing: line.bytes),
          record["object"]?.stringValue == RecordKind.photo.object,
          let id = record["id"]?.intValue
        else {
          throw .malformedInput(source: line.source, line: line.number, reason: "not a photo record with an \"id\"")
        }
        targets.append(id)
        known[id] = record
      }
    }
    guard !targets.isEmpty else { return }
    if !yes {
      let list = targets.prefix(10).map { "#\($0)" }.joined(separator: ", ") + (targets.count > 10 ? ", ..." : "")
      guard let answer = confirm?("\(tool): delete \(targets.count) photo\(targets.count == 1 ? "" : "s") (\(list))?")
      else { throw .usage("delete without --yes: no answer from the terminal; nothing was deleted") }
      guard answer else {
        connection.diagnostics("\(tool): nothing was deleted")
        return
      }
    }
    let client = try connection.client()
    do throws(MonicaError) {
      for id in targets {
        if output.readerIsGone { throw .outputClosed }
        var photo = known[id]
        if photo == nil { photo = try await Self.photo(id, client: client) }
        // Read before the DELETE: afterwards Monica shows the contact's default avatar.
        var avatarOf: Int?
        if let photo { avatarOf = try await Self.avatarContact(of: photo, client: client) }
        let path = RecordKind.photo.path(of: id)
        let response = try await client.send(WriteRequest(.delete, path))
        try client.check(response, path: path, what: "photo #\(id)")
        guard let line = String(data: response.body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
          case .object? = try? JSONValue(parsing: line)
        else {
          throw .protocolViolation(request: "DELETE /api/photos/\(id)", detail: "the answer is not a JSON object")
        }
        try output.writeLine(line)
        try output.flush()
        if let contact = avatarOf {
          connection.diagnostics(
            "\(tool): " + (try await Self.resetAvatar(after: id, contact: contact, client: client)))
        }
      }
    } catch {
      if error != .outputClosed { try? output.flush() }
      throw error
    }
  }
}
