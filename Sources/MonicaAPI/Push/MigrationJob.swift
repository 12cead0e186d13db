import MonicaKit

/// What a `--create --map` run is doing, as its report names it: bringing back a backup's lost
/// records (`restore`), making records that never were on an instance (`import`), or carrying an
/// account to another instance (`migration`). Told by the input's provenance, without a flag:
/// - `restore`: the map's last `#job` line says so (`monica-diff --restore` writes it before its
///   records, and the map is read once the input has ended);
/// - `import`: no record of the input carries an `account`, as every record Monica's API prints
///   does (`monica-import` makes its records from cards);
/// - `migration`: otherwise (`monica-fetch --all` of another instance, a backup pushed whole).
package enum MigrationJob: String, Sendable {
  case migration, restore, `import`

  /// The job of a run whose map is `map` and whose input had a record with an `account` or not.
  static func of(map: MapFile, sawAccount: Bool) -> MigrationJob {
    if map.job == MigrationJob.restore.rawValue { return .restore }
    return sawAccount ? .migration : .import
  }

  /// Whether a line holds a record that came from an instance (it has an `account`).
  static func hasAccount(_ bytes: [UInt8]) -> Bool {
    guard case .object(let record)? = try? JSONValue(parsing: bytes) else { return false }
    return record["account"] != nil
  }

  /// `phrase` in this job's words: the catalogue's phrases speak of a migration and of the old
  /// instance (MigrationLosses, the kinds' losses, a document's link).
  func words(_ phrase: String) -> String {
    switch self {
    case .migration:
      return phrase
    case .restore:
      return phrase.replacing("the time of the migration", with: "the time of the restore")
        .replacing("on the old instance", with: "on the instance")
    case .import:
      return phrase.replacing("the time of the migration", with: "the time of the import")
        .replacing("on the old instance", with: "on the instance the records come from")
    }
  }
}
