import MonicaAPI
import MonicaKit
import Testing

@Suite struct RecordKindTests {
  @Test("a kind's name parses; a typo or a prefix suggests the kind meant")
  func parsing() throws {
    for kind in RecordKind.all { #expect(try RecordKind(parsing: kind.name) == kind) }
    for (word, meant) in [("taks", "tasks"), ("gif", "gifts"), ("pho", "photos"), ("notez", "notes")] {
      #expect(
        throws: MonicaError.usage(
          "kind '\(word)' does not exist; did you mean \(meant)? (kinds: \(RecordKind.names.joined(separator: ", ")))"
        )
      ) {
        try RecordKind(parsing: word)
      }
    }
    #expect(
      throws: MonicaError.usage(
        "kind 'pdf' does not exist (kinds: \(RecordKind.names.joined(separator: ", ")))")
    ) {
      try RecordKind(parsing: "pdf")
    }
    #expect(throws: MonicaError.self) { try RecordKind(parsing: "") }
  }

  @Test("kinds are named once, by object and by route, and each write table sits at its kind's route")
  func entries() {
    #expect(Set(RecordKind.objects).count == RecordKind.all.count)
    #expect(Set(RecordKind.names).count == RecordKind.all.count)
    for kind in RecordKind.all {
      #expect(RecordKind.named(kind.object) == kind && RecordKind.routed(kind.name) == kind)
      if let writes = kind.writes {
        #expect(writes.object == kind.object && writes.path == kind.path)
        #expect(kind.routes.contains(.create))
      }
      #expect(kind.contract.object == kind.object)
      #expect(kind.sortColumns.isSuperset(of: ["created_at", "updated_at"]))
      #expect(kind.sortColumns.isSubset(of: Set(RecordKind.sortFields)))
    }
    #expect(
      WriteMapping.objects == [
        "contact", "activity", "note", "task", "gift", "tag", "call", "conversation", "reminder", "debt", "entry",
        "address", "contactfield", "pet", "relationship", "lifeevent", "occupation", "gender", "place", "company",
        "activityType", "activityTypeCategory", "contactfieldtype",
      ])
  }

  @Test("the dependency order puts every kind after the kinds it refers to")
  func dependencyOrder() {
    let order = RecordKind.dependencyOrder
    #expect(Set(order) == Set(RecordKind.all) && order.count == RecordKind.all.count)
    for (position, kind) in order.enumerated() {
      for reference in kind.references where reference.object != kind.object {
        guard let target = RecordKind.named(reference.object) else { continue }
        let before = order.firstIndex(of: target) ?? .max
        #expect(before < position, "\(kind.name) refers to \(target.name) through \(reference.path)")
      }
    }
    #expect(order.firstIndex(of: .tag)! < order.firstIndex(of: .contact)!)
    // Reference data first, then contacts, then what is about them.
    let contacts = order.firstIndex(of: .contact)!
    for kind in [RecordKind.gender, .activityType, .contactFieldType, .relationshipType, .country, .currency, .entry] {
      #expect(order.firstIndex(of: kind)! < contacts, "\(kind.name)")
    }
    for kind in [RecordKind.note, .call, .relationship, .contactField, .user, .auditLog] {
      #expect(order.firstIndex(of: kind)! > contacts, "\(kind.name)")
    }
    #expect(order.firstIndex(of: .photo)! < order.firstIndex(of: .gift)!)
  }

  @Test("a reference finds and replaces ids at its path: keys, every element, numbers and strings")
  func references() throws {
    let activity = try JSONValue(
      parsing: #"{"attendees":{"contacts":[{"id":3},{"id":"7"},{"name":"x"}]},"activity_type":null,"contact":{"id":2}}"#
    )
    let attendees = KindReference("attendees.contacts[].id", to: "contact")
    #expect(attendees.ids(in: activity) == [3, 7])
    #expect(KindReference("activity_type.id", to: "activityType").ids(in: activity).isEmpty)
    #expect(KindReference("contact.id", to: "contact").ids(in: activity) == [2])
    let moved = attendees.replacingIDs(in: activity) { $0 == 3 ? 30 : nil }
    #expect(
      JSONWriter.plain.string(moved)
        == #"{"attendees":{"contacts":[{"id":30},{"id":"7"},{"name":"x"}]},"activity_type":null,"contact":{"id":2}}"#)
    let tags = KindReference("tags[].id", to: "tag").replacingIDs(
      in: try JSONValue(parsing: #"{"tags":[{"id":1},{"id":2}]}"#)
    ) {
      $0 + 10
    }
    #expect(JSONWriter.plain.string(tags) == #"{"tags":[{"id":11},{"id":12}]}"#)
  }

  @Test("filter and format read the catalogue: every object is a kind, every kind has its columns")
  func filterAndFormat() throws {
    #expect(FilterCriteria.kinds == RecordKind.objects)
    #expect(Column.defaults(for: "call").map(\.name) == ["id", "content", "contact", "date"])
    // monica-remind's occurrences are no kind of Monica's, and have columns of their own.
    #expect(Column.defaults(for: Occurrence.object).map(\.name) == ["due", "kind", "subject", "date"])
    for kind in RecordKind.all {
      let names = Column.defaults(for: kind.object).map(\.name)
      #expect(names.first == "id" && names.count > 1, "\(kind.name): \(names)")
    }
  }
}
