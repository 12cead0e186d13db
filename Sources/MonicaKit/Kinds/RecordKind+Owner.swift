extension RecordKind {
  /// The reference that says whose record this is, when the kind's records belong to one contact
  /// and are made with its `contact_id` (notes, tasks, gifts, photos, calls...): `contact.id`.
  /// Such a record of a deleted contact stays listed with `"contact": null` until the contact is
  /// pruned (SoftDeletes, Contact.php:49,1585-1588), and has to be made again with the contact.
  package var owner: KindReference? {
    references.first { $0.path == "contact.id" && $0.object == RecordKind.contact.object }
  }

  /// The references to contacts: a record's ties to people (owner, recipient, attendees, both
  /// ends of a relationship).
  package var contactReferences: [KindReference] {
    references.filter { $0.object == RecordKind.contact.object && !$0.byName }
  }
}
