/// Contacts to join: the keeper and those merged into it, from a `monica-dedupe` line or from
/// `--keep ID --merge ID...`.
package struct MergeGroup: Sendable, Equatable {
  /// The contact that stays.
  package let keep: Int
  /// The contacts whose records move to the keeper, then are deleted.
  package let merge: [Int]
  /// Where the group was read (`stdin:3`, `--keep`), for messages.
  package let place: String

  /// A group; `nil` when it names no other contact or names the keeper among the others.
  package init(keep: Int, merge: [Int], place: String) {
    self.keep = keep
    var seen = Set<Int>()
    self.merge = merge.filter { $0 != keep && seen.insert($0).inserted }
    self.place = place
  }

  /// The group of a `monica-dedupe` line: `{"object":"duplicate","keep":12,"merge":[57],...}`.
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
    self.init(keep: keep, merge: merge, place: "\(source):\(number)")
    guard !self.merge.isEmpty else { throw bad("\"merge\" names only the keeper") }
  }
}
