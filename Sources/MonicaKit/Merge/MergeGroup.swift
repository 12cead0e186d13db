/// Contacts to join: the keeper and those merged into it, from a `monica-dedupe` line or from
/// `--keep ID --merge ID...`.
package struct MergeGroup: Sendable, Equatable {
  /// The contact that stays.
  package let keep: Int
  /// The contacts whose records move to the keeper, then are deleted.
  package let merge: [Int]
  /// Where the group was read (`stdin:3`, `--keep`), for messages.
  package let place: String
  /// The contacts outside the group whose own relationships name one of the merged contacts
  /// (`related_from` of a monica-dedupe line, from its walk of every contact): their lists hold
  /// the rows to a merged contact that have no reverse row, which no list of the merged
  /// contact's shows. `nil` when the group does not say (`--keep`): such rows are not seen.
  package let relatedFrom: [Int]?
  /// The names the line gives its contacts (`contacts[].name`, monica-dedupe's first and last
  /// name), by id: what the person who reviewed the line read, checked against the server's.
  package var names: [Int: String] = [:]
  /// The line's score and its reasons (monica-dedupe's), for the question; `nil` for `--keep`.
  package var score: String?
  package var reasons: [String] = []
  /// Whether the keeper was named by hand (`--keep`): it is never swapped for another.
  package var keeperGiven = false

  /// The most contacts a line may join unless `--max-group` says more: monica-dedupe's groups of
  /// one person are a handful; a line of hundreds is a mistake or an attack.
  package static let defaultMaxSize = 20

  /// A group; the keeper is taken out of the others, and each other kept once.
  package init(keep: Int, merge: [Int], place: String, relatedFrom: [Int]? = nil) {
    self.keep = keep
    var seen = Set<Int>()
    self.merge = merge.filter { $0 != keep && seen.insert($0).inserted }
    self.place = place
    let group = Set([keep] + merge)
    self.relatedFrom = relatedFrom.map { ids in
      var seen = Set<Int>()
      return ids.filter { !group.contains($0) && seen.insert($0).inserted }
    }
  }

  /// The same contacts with another keeper (the account's own contact, which is never merged
  /// away): the keeper given becomes one of the merged.
  package func keeping(_ id: Int) -> MergeGroup {
    var group = MergeGroup(keep: id, merge: [keep] + merge, place: place, relatedFrom: relatedFrom)
    group.names = names
    group.score = score
    group.reasons = reasons
    group.keeperGiven = keeperGiven
    return group
  }

  /// Every contact of the group, the keeper first.
  package var ids: [Int] { [keep] + merge }

  /// The group's key in the journal's plans: its contacts, in order of id.
  package var key: String { ids.sorted().map(String.init).joined(separator: ",") }

  /// The group of a `monica-dedupe` line:
  /// `{"object":"duplicate","keep":12,"merge":[57],"related_from":[30],...}`. A line is refused,
  /// before anything is read from the server, when it repeats a key (readers disagree on which
  /// one counts), names ids that are not positive integers, or joins more than `maxSize` contacts.
  package init(line bytes: [UInt8], source: String, number: Int, maxSize: Int = defaultMaxSize) throws(MonicaError) {
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    guard case .object(let record)? = try? JSONValue(parsing: bytes) else {
      throw bad("not a JSON object: expected a monica-dedupe line")
    }
    if let key = PushLine.repeatedKey(bytes) {
      throw bad("\(OutsideText.quoted(key)) appears twice in one object: which one is meant is not clear")
    }
    guard record["object"]?.stringValue == "duplicate" else {
      throw bad("not a monica-dedupe line (\"object\" is not \"duplicate\")")
    }
    guard let keep = record["keep"]?.intValue, keep > 0 else { throw bad("no positive \"keep\" id") }
    guard let list = record["merge"]?.arrayValue, !list.isEmpty else {
      throw bad("\"merge\" must be a non-empty array of positive contact ids")
    }
    let merge = list.compactMap(\.intValue)
    guard merge.count == list.count, merge.allSatisfy({ $0 > 0 }) else {
      throw bad("\"merge\" must be a non-empty array of positive contact ids")
    }
    guard Set([keep] + merge).count <= maxSize else {
      throw bad(
        "the group joins \(Set([keep] + merge).count) contacts, more than \(maxSize): nothing was sent "
          + "(give --max-group N to merge groups that large)")
    }
    var relatedFrom: [Int]?
    if let related = record["related_from"], related != .null {
      guard let ids = related.arrayValue?.compactMap(\.intValue), ids.count == related.arrayValue?.count,
        ids.allSatisfy({ $0 > 0 })
      else { throw bad("\"related_from\" must be an array of positive contact ids") }
      relatedFrom = ids
    }
    self.init(keep: keep, merge: merge, place: "\(source):\(number)", relatedFrom: relatedFrom)
    guard !self.merge.isEmpty else { throw bad("\"merge\" names only the keeper") }
    if let contacts = record["contacts"], contacts != .null {
      guard let entries = contacts.arrayValue else { throw bad("\"contacts\" must be an array") }
      for entry in entries {
        guard let id = entry["id"]?.intValue, let name = entry["name"]?.stringValue else {
          throw bad("each of \"contacts\" must have an integer \"id\" and a string \"name\"")
        }
        guard Set(ids).contains(id) else { throw bad("\"contacts\" names #\(id), which is not in the group") }
        names[id] = name
      }
    }
    if let score = record["score"], score != .null {
      guard let value = score.doubleValue, (0...1).contains(value) else {
        throw bad("\"score\" must be a number from 0 to 1")
      }
      self.score = JSONWriter.plain.string(score)
    }
    reasons = (record["reasons"]?.arrayValue ?? []).compactMap(\.stringValue)
  }

  /// Where the names the line gives differ from the server's contacts (first and last name, as
  /// monica-dedupe writes them), in words: `#57 is "Zoë Nguyễn" on the server, "Sam Rivera" in
  /// the line`. Empty when the line gives none, or they agree (compared as people read them:
  /// without case, accents or extra spaces).
  package func nameMismatches(_ contacts: [JSONObject]) -> [String] {
    var mismatches: [String] = []
    for contact in contacts {
      guard let id = contact["id"]?.intValue, let given = names[id] else { continue }
      let server = [contact["first_name"]?.stringValue, contact["last_name"]?.stringValue]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
      if NameForms.words(server) != NameForms.words(given) {
        mismatches.append(
          "#\(id) is \(OutsideText.quoted(server)) on the server, \(OutsideText.quoted(given)) in the line")
      }
    }
    return mismatches
  }
}
