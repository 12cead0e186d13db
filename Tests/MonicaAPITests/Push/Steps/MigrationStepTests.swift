import MonicaKit
import Testing

@testable import MonicaAPI

/// `Migration.steps`: the table that gives each kind its migration step.
@Suite struct MigrationStepTests {
  @Test("every kind a migration creates has a write mapping or a step that creates it")
  func everyCreatedKindIsCovered() {
    let uncovered = RecordKind.all.filter { kind in
      kind.matching == .created && kind.writes == nil && Migration.steps[kind] == nil
        && kind.uncreatable == nil
    }
    #expect(uncovered.map(\.object) == [])
  }

  @Test("the table names only kinds of the catalogue that a migration carries")
  func tableKindsAreCarried() {
    for kind in Migration.steps.keys {
      #expect(RecordKind.named(kind.object) == kind)
      #expect(kind.matching == .created || kind.matching == .byName, "\(kind.object)")
    }
  }

  @Test("a kind without a step gets the common create from its write mapping")
  func commonStep() {
    #expect(ObjectIdentifier(Migration.step(for: .note)) == ObjectIdentifier(RecordStep.self))
    #expect(ObjectIdentifier(Migration.step(for: .conversation)) == ObjectIdentifier(ConversationStep.self))
    #expect(ObjectIdentifier(Migration.step(for: .photo)) == ObjectIdentifier(PhotoStep.self))
  }

  @Test("the kinds the API uploads (no write mapping) have their own step")
  func uploadsHaveSteps() {
    for kind in [RecordKind.photo, .document] {
      #expect(kind.writes == nil)
      #expect(Migration.steps[kind] != nil, "\(kind.object)")
    }
  }
}
