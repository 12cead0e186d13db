import MonicaKit

/// One line of the stream on its way to the target: the source's record, its id there, its kind
/// in the catalogue and where the line is (for its errors).
struct MigrationLine {
  /// The record as the source gave it.
  let record: JSONObject
  /// The record's id on the source: the map's key.
  let id: Int
  /// The record's kind.
  let kind: RecordKind
  /// The input and line number, for the line's errors.
  let place: (source: String, number: Int)
}

/// What `monica-push --create --map` does with the records of one kind, where it differs from the
/// common create of `RecordStep` (one request from the kind's write mapping): each hook's default
/// is the common behaviour, so a kind's step names only what is its own. `Migration` is the
/// driver: it reads a line, asks the map, and calls the hooks of the line's kind from
/// `Migration.steps`; the step's code is in its file, `Steps/<Kind>Step.swift`.
///
/// A new kind that its write mapping alone creates needs no step. One that needs more is one
/// file here and one line in `Migration.steps`.
protocol MigrationStep: Sendable {
  /// Takes note of a line of the kind before anything is decided about it (a plan's too): what
  /// later lines need to know of it.
  static func notice(_ line: MigrationLine, in migration: Migration)
  /// Whether the record is made on the target by the create of another record (an address's
  /// place), and is therefore not created on its own.
  static func isMadeByOthers(_ line: MigrationLine, in migration: Migration) -> Bool
  /// Creates the record, which the map does not hold, with its map line and what follows it.
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError)
  /// `--create --dry-run`: counts what a real run would do with the record; sends no write.
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError)
  /// Sends what follows a create of the kind (`RecordStep`'s), the new record being `target`.
  static func created(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError)
  /// A record the map holds, met again (`target`): what a run still sends for it.
  static func known(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError)
  /// The map's last record when the run began (or one adopted in doubt), met again: its create
  /// went through, what follows it may not have. Sends only what the target's copy lacks;
  /// `current` is that copy when the caller has read it.
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  /// Whether a record the map holds may still lack what follows its create (a conversation's
  /// messages), so that a writer carrying it again hands it to the migration (`known`) instead of
  /// taking its map line as done.
  static var finishesKnown: Bool { get }
  /// What the record loses beyond its kind's `losses` and its references by name.
  static func losses(_ record: JSONObject, in migration: Migration) async throws(MonicaError) -> [String]
  /// At the end of the stream: what waited for a record that never came.
  static func endOfStream(in migration: Migration)
}

extension MigrationStep {
  static func notice(_ line: MigrationLine, in migration: Migration) {}
  static func isMadeByOthers(_ line: MigrationLine, in migration: Migration) -> Bool { false }
  static func create(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try await RecordStep.createRecord(line, in: migration)
  }
  static func plan(_ line: MigrationLine, in migration: Migration) async throws(MonicaError) {
    try await RecordStep.planRecord(line, in: migration)
  }
  static func created(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {}
  static func known(_ line: MigrationLine, target: Int, in migration: Migration) async throws(MonicaError) {}
  static func finish(_ line: MigrationLine, target: Int, current: JSONObject?, in migration: Migration)
    async throws(MonicaError)
  {}
  static var finishesKnown: Bool { false }
  static func losses(_ record: JSONObject, in migration: Migration) async throws(MonicaError) -> [String] { [] }
  static func endOfStream(in migration: Migration) {}
}

extension Migration {
  /// The kinds whose migration is more than `RecordStep`'s common create, each with its step: the
  /// one place the driver finds a kind's behaviour.
  static let steps: [RecordKind: any MigrationStep.Type] = [
    .contact: ContactStep.self,
    .task: TaskStep.self,
    .gift: GiftStep.self,
    .photo: PhotoStep.self,
    .document: DocumentStep.self,
    .place: PlaceStep.self,
    .relationshipType: RelationshipTypeStep.self,
    .relationship: RelationshipStep.self,
    .lifeEvent: LifeEventStep.self,
    .conversation: ConversationStep.self,
  ]

  /// The step of `kind`: its own, or the common one.
  static func step(for kind: RecordKind) -> any MigrationStep.Type { steps[kind] ?? RecordStep.self }
}
