import Foundation
import MonicaKit

/// Reads and writes records as NDJSON: `--load` files and the `--state` file.
package enum StoreFile {
  /// The first line of a state file: where its urls pointed when it was written.
  static let stateMarker = "sandbox-state"
  /// The `object` of a state file's line that links a life event to the reminder it made.
  static let lifeEventReminderMarker = "sandbox-lifeevent-reminder"
  /// The `object` of a state file's line that links a contact to its first-met reminder.
  static let firstMetReminderMarker = "sandbox-firstmet-reminder"
  /// The `object` of a state file's line that holds a compliance term, and one of a signature.
  static let termMarker = "sandbox-term"
  static let signatureMarker = "sandbox-term-signature"
  /// The object of a state file's line that holds an uploaded document's bytes.
  static let documentFileMarker = "sandbox-document-file"
  /// The largest request body the sandbox reads (`SandboxHandler`), so the largest file a state
  /// file can rightly hold: a longer one is refused, not loaded.
  package static let maximumBodyBytes = 32 << 20

  /// The records of an NDJSON file, mixed kinds told apart by their `object` key.
  /// Returns the contents and, for a state file, the base URL its urls carry.
  package static func load(_ path: String) throws(MonicaError) -> (contents: StoreContents, savedBaseURL: String?) {
    let reader = try InputSource(path).open()
    var contents = StoreContents(user: JSONObject())
    var savedBaseURL: String?
    var failure: MonicaError?
    try reader.forEachLine { line in
      guard failure == nil else { return }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
      func fail(_ reason: String) { failure = .malformedInput(source: path, line: reader.lineNumber, reason: reason) }
      let value: JSONValue
      do throws(JSONSyntaxError) { value = try JSONValue(parsing: line) } catch { return fail(error.description) }
      guard let record = value.objectValue else { return fail("expected a JSON object") }
      guard let object = record["object"]?.stringValue else { return fail("the record has no \"object\" key") }
      if object == stateMarker {
        savedBaseURL = record["url"]?.stringValue
        return
      }
      if object == RecordKind.user.object {
        contents.user = record
        // A backup's user who had signed the latest terms has signed the migration's here.
        if record["is_policy_compliant"] == .bool(true), contents.signatures.isEmpty {
          let at = record["created_at"]?.stringValue.flatMap(UTCTime.parseTimestamp) ?? 0
          contents.signatures[1] = StoreContents.Signature(ipAddress: nil, at: at)
        }
        return
      }
      if object == documentFileMarker {
        guard let name = record["name"]?.stringValue, let text = record["data"]?.stringValue,
          text.utf8.count <= (maximumBodyBytes + 2) / 3 * 4, let bytes = Data(base64Encoded: text)
        else {
          return fail("the \(object) needs a \"name\" and its bytes as base64 \"data\" of at most 32 MiB")
        }
        contents.documentFiles[name] = [UInt8](bytes)
        return
      }
      // Countries and currencies are the same on every instance: the sandbox serves its own.
      if RecordKind.named(object)?.matching == .global { return }
      guard let id = record["id"]?.intValue else { return fail("the \(object) has no integer \"id\"") }
      if object == RecordKind.contactField.object {
        guard let contact = record["contact"]?["id"]?.intValue else {
          return fail("the contactfield has no contact.id")
        }
        contents.contactFields[contact, default: []].append(value)
        return
      }
      if object == "sandbox-avatar" {
        contents.partialAvatars[id] = record["avatar"]
        return
      }
      if object == lifeEventReminderMarker {
        contents.lifeEventReminders[id] = record["reminder_id"]?.intValue
        return
      }
      if object == firstMetReminderMarker {
        contents.firstMetReminders[id] = record["reminder_id"]?.intValue
        return
      }
      if object == termMarker, let term = record["term"]?.objectValue {
        contents.terms.removeAll { $0["id"]?.intValue == id }
        contents.terms.append(term)
        return
      }
      if object == signatureMarker, let at = record["at"]?.intValue {
        contents.signatures[id] = StoreContents.Signature(ipAddress: record["ip_address"]?.stringValue, at: at)
        return
      }
      guard let kind = RecordKind.named(object) else {
        return fail(
          "unsupported object \"\(object)\": expected \(RecordKind.objects.joined(separator: ", ")) or contactfield")
      }
      var kept = record
      if kind == .contact {
        // A contact fetched `with=contactfields` carries its fields (served from their own lines)
        // and its latest notes (served from the notes).
        (kept["contactFields"], kept["notes"]) = (nil, nil)
      }
      contents[kind].put(id, kept)
    }
    if let failure { throw failure }
    return (contents, savedBaseURL)
  }

  /// Rewrites every string that starts with `old` to start with `new`: a state file's urls follow
  /// the sandbox to its new port.
  package static func rebase(_ contents: inout StoreContents, from old: String, to new: String) {
    guard old != new else { return }
    func fix(_ value: JSONValue) -> JSONValue {
      switch value {
      case .string(let text) where text.hasPrefix(old): return .string(new + text.dropFirst(old.count))
      case .array(let elements): return .array(elements.map(fix))
      case .object(let object): return .object(JSONObject(object.members.map { .init($0.key, fix($0.value)) }))
      default: return value
      }
    }
    for kind in RecordKind.all where kind != .contactField {
      var table = RecordTable()
      for record in contents[kind].all {
        if case .object(let fixed) = fix(.object(record)), let id = fixed["id"]?.intValue { table.put(id, fixed) }
      }
      contents[kind] = table
    }
    if case .object(let user) = fix(.object(contents.user)) { contents.user = user }
    contents.contactFields = contents.contactFields.mapValues { $0.map(fix) }
    contents.partialAvatars = contents.partialAvatars.mapValues(fix)
  }

  /// Writes the whole store atomically: a temporary file renamed over `path`.
  package static func save(_ contents: StoreContents, baseURL: String, to path: String) throws {
    var out: [UInt8] = []
    func line(_ value: JSONValue) {
      JSONWriter.plain.write(value, to: &out)
      out.append(0x0A)
    }
    line(.object(JSONObject(["object": .string(stateMarker), "url": .string(baseURL)])))
    if !contents.user.members.isEmpty { line(.object(contents.userRecord)) }
    for kind in RecordKind.dependencyOrder where kind != .user && kind != .contactField && kind.matching != .global {
      for record in contents[kind].all { line(.object(record)) }
    }
    for id in contents.contactFields.keys.sorted() { for field in contents.contactFields[id] ?? [] { line(field) } }
    for id in contents.partialAvatars.keys.sorted() {
      line(
        .object(
          JSONObject([
            "object": .string("sandbox-avatar"), "id": .int(id), "avatar": contents.partialAvatars[id] ?? .null,
          ])))
    }
    for (id, reminder) in contents.lifeEventReminders.sorted(by: { $0.key < $1.key }) {
      line(
        .object(
          JSONObject(["object": .string(lifeEventReminderMarker), "id": .int(id), "reminder_id": .int(reminder)])))
    }
    for (id, reminder) in contents.firstMetReminders.sorted(by: { $0.key < $1.key }) {
      line(
        .object(
          JSONObject(["object": .string(firstMetReminderMarker), "id": .int(id), "reminder_id": .int(reminder)])))
    }
    for term in contents.terms where term["id"] != .int(1) {
      line(.object(JSONObject(["object": .string(termMarker), "id": term["id"] ?? .null, "term": .object(term)])))
    }
    for (id, signature) in contents.signatures.sorted(by: { $0.key < $1.key }) {
      line(
        .object(
          JSONObject([
            "object": .string(signatureMarker), "id": .int(id), "ip_address": .string(signature.ipAddress),
            "at": .int(signature.at),
          ])))
    }
    // The bytes of the documents that exist: a deleted document's are not kept.
    for document in contents[.document].all {
      guard let name = document["new_filename"]?.stringValue, let bytes = contents.documentFiles[name] else { continue }
      line(
        .object(
          JSONObject([
            "object": .string(documentFileMarker), "name": .string(name),
            "data": .string(Data(bytes).base64EncodedString()),
          ])))
    }
    let temporary = path + ".tmp-\(getpid())"
    try Data(out).write(to: URL(fileURLWithPath: temporary))
    if rename(temporary, path) != 0 {
      throw MonicaError.unavailable(request: path, detail: String(cString: strerror(errno)))
    }
  }
}
