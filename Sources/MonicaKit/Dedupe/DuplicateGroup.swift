/// Contacts that are likely one person: the one to keep and those to merge into it.
package struct DuplicateGroup: Sendable, Equatable {
  /// The contact that holds the most (`DedupeContact.outranks`).
  package var keep: DedupeContact
  /// The others, by id.
  package var merge: [DedupeContact]
  /// The weakest pair score that joined the group.
  package var score: Double
  /// Why, each reason once.
  package var reasons: [String]
  /// The contacts outside the group whose own relationships name a merged contact, by id:
  /// monica-merge reads their lists for the rows to it that have no reverse row, which Monica
  /// lists under their holder only (ApiRelationshipController.php:26-28).
  package var relatedFrom: [Int] = []

  /// A group of `contacts` (at least one), the keeper chosen by `DedupeContact.outranks`.
  package init(contacts: [DedupeContact], score: Double, reasons: [String]) {
    let ranked = contacts.sorted { $0.outranks($1) }
    keep = ranked.first ?? DedupeContact(id: 0)
    merge = ranked.dropFirst().sorted { $0.id < $1.id }
    self.score = score
    self.reasons = reasons
  }

  /// The output line: `{"object":"duplicate","keep":12,"merge":[57],"score":0.93,"reasons":[...],
  /// "contacts":[{"id":12,"name":"Ana Lima","records":5,"fields":7,"created_at":"..."},...],
  /// "related_from":[30]}`, the keeper first in `contacts`.
  package var json: JSONValue {
    let contacts = ([keep] + merge).map { contact in
      JSONValue.object(
        JSONObject([
          "id": .int(contact.id), "name": .string(contact.name), "records": .int(contact.records),
          "fields": .int(contact.fields), "created_at": contact.createdAt.isEmpty ? .null : .string(contact.createdAt),
        ]))
    }
    return .object(
      JSONObject([
        "object": .string("duplicate"), "keep": .int(keep.id), "merge": .array(merge.map { .int($0.id) }),
        "score": .number(Self.decimal(score)), "reasons": .array(reasons.map(JSONValue.string)),
        "contacts": .array(contacts), "related_from": .array(relatedFrom.map(JSONValue.int)),
      ]))
  }

  /// A score between 0 and 1 as a JSON number with at most two decimals (`0.5`, `0.98`, `1`).
  static func decimal(_ score: Double) -> String {
    let hundredths = min(100, max(0, Int((score * 100).rounded())))
    if hundredths == 100 { return "1" }
    var text = "0." + (hundredths < 10 ? "0" : "") + String(hundredths)
    while text.hasSuffix("0") && text.count > 3 { text.removeLast() }
    return text == "0.0" ? "0" : text
  }
}

extension DuplicateFinder {
  /// Reads the contacts of `stream` and the contact fields given apart from them (other kinds
  /// are passed over), then writes one line per group.
  package mutating func run(_ stream: RecordStream, to output: LineOutput) throws(MonicaError) {
    try stream.forEach { (record) throws(MonicaError) in
      if let contact = DedupeContact(record) {
        add(contact)
      } else if record.isKind("contactfield"), let id = record.member("contact")?.member("id")?.intValue,
        let content = record.member("content")?.stringValue
      {
        add(field: DedupeContact.fieldKind(record.root), content: content, contact: id)
      }
    }
    let groups = groups()
    try output.finishing { () throws(MonicaError) in
      for group in groups { try output.writeLine(JSONWriter.plain.bytes(group.json)) }
    }
  }
}
