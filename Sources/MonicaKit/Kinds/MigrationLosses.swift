/// What a record loses on its way to another instance through Monica's API: the values no create
/// or update route takes (read from the services and routes at v4.1.2), each as the phrase the
/// end-of-run summary counts, so that nothing is dropped without being said.
package enum MigrationLosses {
  /// Said once for every created record: Eloquent sets the timestamps of every row it inserts.
  package static let timestamps = "created_at and updated_at (the server sets them to the time of the migration)"

  /// The phrases for what `record`, of kind `object`, has that the target will not.
  package static func of(_ object: String, _ record: JSONObject) -> [String] {
    let root = JSONValue.object(record)
    func given(_ path: String) -> Bool {
      guard let value = root.value(at: FieldPath(dotted: path)) else { return false }
      switch value {
      case .null: return false
      case .string(let text): return !text.isEmpty
      case .bool(let flag): return flag
      case .array(let elements): return !elements.isEmpty
      case .object(let members): return members.members.contains { $0.value != .null }
      default: return true
      }
    }
    var lost: [String] = []
    switch object {
    case "contact":
      if record["is_active"] == .bool(false) {
        lost.append("archived state of contacts (only the web's PUT /people/{id}/archive sets it, routes/web.php:191)")
      }
      if given("is_starred") {
        lost.append("is_starred of contacts (only the web's POST /people/{id}/favorite sets it, routes/web.php:188)")
      }
      if given("stay_in_touch_frequency") {
        lost.append(
          "stay-in-touch of contacts (only the web's POST /people/{id}/stayintouch sets it, routes/web.php:185)")
      }
      // PUT /contacts/{id}/introduction takes `where` (UpdateContactIntroduction.php:176,255) but
      // no resource prints first_met_where (ContactBase.php:80-87): whatever a contact had is lost.
      if record["information"]?["how_you_met"] != nil {
        lost.append(
          "where the user first met contacts, if given (the API never prints first_met_where, ContactBase.php:80-87)")
      }
    case "note":
      if given("is_favorited") { lost.append("favorited_at of notes (set to the time of the migration)") }
    case "task":
      if given("completed") { lost.append("completed_at of tasks (set to the time of the migration)") }
    case "entry":
      lost.append(
        "date of journal entries (only title and post are fillable, app/Models/Journal/Entry.php:34-38; "
          + "the entry shows the time of the migration)")
    case "activityType":
      if given("location_type") {
        lost.append("location_type of activity types (CreateActivityType.php:16-24 takes none)")
      }
    case "lifeevent":
      lost += lifeEventLosses
    default:
      break
    }
    return lost
  }
}
