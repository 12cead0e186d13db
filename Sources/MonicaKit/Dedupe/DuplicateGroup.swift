/// Contacts that are likely one person: the one to keep and those to merge into it.
package struct DuplicateGroup: Sendable, Equatable {
  /// The contact that holds the most (`DedupeContact.outranks`).
  package var keep: DedupeContact
  /// The others, by id.
  package var merge: [DedupeContact]
  /// The weakest pair score of the group (every pair is judged).
  package var score: Double
  /// The evidence for, of every pair, each reason once.
  package var reasons: [String]
  /// The evidence against, of every pair, each reason once: empty unless `--min-score` lets
  /// a disputed pair in.
  package var against: [String]
  /// The contacts outside the group whose own relationships name a merged contact, by id:
  /// monica-merge reads their lists for the rows to it that have no reverse row, which Monica
  /// lists under their holder only (ApiRelationshipController.php:26-28).
  package var relatedFrom: [Int] = []

  /// A group of `contacts` (at least one), the keeper chosen by `DedupeContact.outranks`.
  package init(contacts: [DedupeContact], score: Double, reasons: [String], against: [String] = []) {
    let ranked = contacts.sorted { $0.outranks($1) }
    keep = ranked.first ?? DedupeContact(id: 0, person: Person())
    merge = ranked.dropFirst().sorted { $0.id < $1.id }
    (self.score, self.reasons, self.against) = (score, reasons, against)
  }

  /// The output line: `{"object":"duplicate","keep":12,"merge":[57],"score":0.99,"reasons":[...],
  /// "against":[],"contacts":[{"id":12,"name":"Ana Lima","records":5,"fields":7,
  /// "created_at":"..."},...],"related_from":[30]}`, the keeper first in `contacts`.
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
        "score": .number(IdentityJudgement.decimal(score)), "reasons": .array(reasons.map(JSONValue.string)),
        "against": .array(against.map(JSONValue.string)), "contacts": .array(contacts),
        "related_from": .array(relatedFrom.map(JSONValue.int)),
      ]))
  }
}

extension DuplicateFinder {
  /// Reads the contacts of `stream` and the contact fields given apart from them (other kinds
  /// are passed over), then writes one line per group. On a terminal `output` makes each line
  /// safe (`LineOutput.safe`, as standard output is), so that a name cannot control the screen.
  package mutating func run(_ stream: RecordStream, to output: LineOutput) throws(MonicaError) {
    try stream.forEach { (record) throws(MonicaError) in
      if let contact = DedupeContact(record) {
        add(contact)
      } else if record.isKind(RecordKind.contactField.object),
        let id = record.member("contact")?.member("id")?.intValue,
        let kind = Person.fieldKind(record.root), let content = record.member("content")?.stringValue
      {
        add(field: kind, content: content, contact: id)
      }
    }
    try write(groups(), to: output)
  }

  /// Writes one line per group.
  package func write(_ groups: [DuplicateGroup], to output: LineOutput) throws(MonicaError) {
    try output.finishing { () throws(MonicaError) in
      for group in groups { try output.writeLine(JSONWriter.plain.bytes(group.json)) }
    }
  }
}
