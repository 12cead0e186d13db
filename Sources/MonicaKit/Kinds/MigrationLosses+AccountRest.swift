extension MigrationLosses {
  /// Why Monica's API cannot create `record` at all, or `nil` when it can: said in the summary
  /// as a record not carried, with its reason, instead of a create the server would refuse.
  package static func uncreatable(_ object: String, _ record: JSONObject) -> String? {
    switch object {
    case "entry":
      // The web's journal takes an entry without a title (JournalController.php:183-185); the
      // API requires one (ApiJournalController.php:117).
      let title = record["title"]?.stringValue ?? ""
      if title.trimmingWhiteSpace.isEmpty {
        return "journal entries without a title (POST /api/journal requires one, ApiJournalController.php:117)"
      }
      return nil
    default:
      // A deleted contact's records stay listed, their contact null, until it is pruned a week
      // later (SoftDeletes, Contact.php:49,1585-1588): they belong to no one and are not made.
      if let kind = RecordKind.named(object), kind.owner != nil, kind != .task, record["contact"] == .null {
        return "records of a deleted contact (\"contact\": null: Monica lists them until the contact is pruned, "
          + "Contact.php:1585-1588)"
      }
      return nil
    }
  }
}
