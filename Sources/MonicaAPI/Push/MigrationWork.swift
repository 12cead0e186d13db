import MonicaKit

/// The requests a `--create --map` run still has to send, for its ETA: every line still to carry,
/// by kind, with the requests its carrying is expected to send (`expectedRequests`), less what
/// the lines done so far took. At 60 requests a minute the time left is the requests left, not the
/// lines: the reference records at the start of a stream cost nothing, a contact with a job, food
/// preferences and tags costs four. The expectation of each kind is corrected as its lines are
/// carried, by the requests they really took (a read of the target's highest id before a kind's
/// first create, a relationship's reverse looked for, a name list read once), so that a step
/// whose requests the estimate does not know is still counted after its first lines.
struct MigrationWork {
  /// One line of the stream: its kind, its id, the requests expected of it, and whether it is
  /// still to carry (not on the target by the map when the run began).
  private struct Line {
    let object: String
    let id: Int
    var requests: Int
    var counted = false
  }

  /// What is left of one kind, and what its lines done so far took beyond their expectation.
  private struct Tally {
    var lines = 0
    var requests = 0
    var done = 0
    var excess = 0
  }

  private var lines: [Line] = []
  private var tallies: [String: Tally] = [:]
  /// The `link` of every photo that some contact of the stream has as its avatar.
  private var avatarLinks: Set<String> = []
  private let today: CalendarDate
  /// Lines of a kind done before its correction counts fully: the expectation weighs as much as
  /// this many lines.
  static let prior = 3

  init(today: CalendarDate) { self.today = today }

  /// Takes note of a line of the stream while it is spooled (every line, in order).
  mutating func prescan(_ bytes: [UInt8]) {
    guard case .object(let record)? = try? JSONValue(parsing: bytes), let object = record["object"]?.stringValue,
      let kind = RecordKind.named(object), let id = record["id"]?.intValue
    else {
      lines.append(Line(object: "", id: 0, requests: 0))
      return
    }
    if kind == .contact,
      record["information"]?["avatar"]?["source"]?.stringValue == RecordKind.AvatarSource.photo.rawValue,
      let link = record["information"]?["avatar"]?["url"]?.stringValue
    {
      avatarLinks.insert(link)
    }
    lines.append(Line(object: object, id: id, requests: expectedRequests(kind, record)))
  }

  /// The run begins: the lines the map holds are on the target and cost nothing; the first line
  /// of a kind whose floor the map lacks reads the target's highest id first.
  mutating func start(map: IDMap) {
    var floored: Set<String> = []
    for index in lines.indices {
      let line = lines[index]
      guard let kind = RecordKind.named(line.object), kind.matching == .created || kind.matching == .byName,
        map.target(of: kind, source: line.id) == nil
      else { continue }
      if kind.matching == .created, line.requests > 0, map.floorRead(of: line.object) == nil,
        floored.insert(line.object).inserted
      {
        lines[index].requests += 1
      }
      lines[index].counted = true
      tallies[line.object, default: Tally()].lines += 1
      tallies[line.object, default: Tally()].requests += lines[index].requests
    }
  }

  /// The line at `index` is done, having sent `requests`.
  mutating func done(_ index: Int, requests: Int) {
    guard lines.indices.contains(index), lines[index].counted else { return }
    let line = lines[index]
    lines[index].counted = false
    var tally = tallies[line.object] ?? Tally()
    tally.lines -= 1
    tally.requests -= line.requests
    tally.done += 1
    tally.excess += requests - line.requests
    tallies[line.object] = tally
  }

  /// The requests the lines still to carry are expected to send.
  var requestsLeft: Double {
    tallies.values.reduce(0) { sum, tally in
      let correction = Double(tally.excess) / Double(tally.done + Self.prior)
      return sum + max(0, Double(tally.requests) + Double(tally.lines) * correction)
    }
  }

  /// The requests carrying `record` sends when all goes well: the create, an update for what the
  /// create does not take (a task's completion), its tags, and what its kind's step sends after
  /// (a contact's avatar, work, food, how-you-met and `is_me`; a photo made a contact's avatar; a
  /// gift's photos; a conversation's messages). A kind matched by name is expected to be found.
  private func expectedRequests(_ kind: RecordKind, _ record: JSONObject) -> Int {
    guard kind.matching == .created, MigrationLosses.uncreatable(kind.object, record) == nil else { return 0 }
    var requests = 1
    if let mapping = kind.writes {
      if mapping.setAfterCreate.contains(where: { Self.isGiven(record[$0]) }) { requests += 1 }
      if case .success(let tags?) = mapping.desiredTags(record), !tags.isEmpty { requests += 1 }
    } else if kind != .photo && kind != .document {
      return 0
    }
    switch kind {
    case .contact:
      let avatar = record["information"]?["avatar"]?["source"]?.stringValue.flatMap(RecordKind.AvatarSource.init)
      if avatar == .adorable || avatar == .gravatar { requests += 1 }
      for part in [RecordKind.ContactPart.work, .food] where part.body(of: record, today: today) != nil {
        requests += 1
      }
      if RecordKind.ContactPart.introduction(record, today: today) != nil { requests += 1 }
      // The target's user is read, then given the contact.
      if record["is_me"] == .bool(true) { requests += 2 }
    case .photo:
      if let link = record["link"]?.stringValue, avatarLinks.contains(link) { requests += 1 }
    case .gift:
      requests += RecordKind.giftPhotoIDs(of: record).count
    case .conversation:
      requests += record[RecordKind.conversationMessages]?.arrayValue?.count ?? 0
    default:
      break
    }
    return requests
  }

  /// Whether a value is one an update after the create must send: given, and not false.
  private static func isGiven(_ value: JSONValue?) -> Bool {
    switch value {
    case nil, .null?, .bool(false)?: false
    default: true
    }
  }
}
