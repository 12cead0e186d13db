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

  /// The group of a `monica-dedupe` line:
  /// `{"object":"duplicate","keep":12,"merge":[57],"related_from":[30],...}`.
  package init(line bytes: [UInt8], source: String, number: Int) throws(MonicaError) {
    func bad(_ reason: String) -> MonicaError { .malformedInput(source: source, line: number, reason: reason) }
    guard case .object(let record)? = try? JSONValue(parsing: bytes) else {
      throw bad("not a JSON object: expected a monica-dedupe line")
    }
    guard record["object"]?.stringValue == "duplicate" else {
      throw bad("not a monica-dedupe line (\"object\" is not \"duplicate\")")
    }
    guard let keep = record["keep"]?.intValue, keep > 0 else { throw bad("no positive \"keep\" id") }
    let merge = (record["merge"]?.arrayValue ?? []).compactMap(\.intValue)
    guard !merge.isEmpty, merge.allSatisfy({ $0 > 0 }) else {
      throw bad("\"merge\" must be a non-empty array of positive contact ids")
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
  }
}
