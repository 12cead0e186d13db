import Testing

@testable import MonicaKit

/// Every per-kind decision of the tools reads a registry keyed by the catalogue's kinds
/// (`KindRegistry`): a kind added to `RecordKind.all` and left out of one, or one named twice, or
/// one named that the catalogue does not list, fails here.
@Suite struct RecordKindRegistryTests {
  /// The kinds each registry names, by the registry's name.
  static let registries: [(String, [RecordKind])] = [
    (Column.defaultColumns.name, Column.defaultColumns.named),
    (RecordSorter.autoOrder.name, RecordSorter.autoOrder.named),
    (CalendarSink.roles.name, CalendarSink.roles.named),
    (RelationshipGraph.roles.name, RelationshipGraph.roles.named),
  ]

  @Test("each registry names every kind of the catalogue once, and no other")
  func everyKindOnce() {
    for (name, named) in Self.registries {
      #expect(Self.problems(named).isEmpty, "\(name): \(Self.problems(named))")
    }
  }

  @Test("a kind removed from a registry, named twice or unknown to the catalogue is found")
  func problemsFound() {
    let all = RecordKind.all
    #expect(Self.problems(all).isEmpty)
    #expect(Self.problems(Array(all.dropLast())) == ["misses \(all.last?.name ?? "")"])
    #expect(Self.problems(all + [.note]) == ["names notes twice"])
    let stray = RecordKind(object: "stray", name: "strays", routes: .list, rule: .object(.tag))
    #expect(Self.problems(all + [stray]) == ["names strays, which RecordKind.all does not list"])
    let removed = KindRegistry<Int>("test", [.contact: 1], common: 0, for: Array(all.dropFirst(2)))
    #expect(Self.problems(removed.named) == ["misses \(all[1].name)"])
  }

  /// What is wrong with a registry naming `named`.
  static func problems(_ named: [RecordKind]) -> [String] {
    var found: [String] = []
    for kind in RecordKind.all where !named.contains(kind) { found.append("misses \(kind.name)") }
    var seen: Set<RecordKind> = []
    for kind in named where !seen.insert(kind).inserted { found.append("names \(kind.name) twice") }
    for kind in Set(named) where !RecordKind.all.contains(kind) {
      found.append("names \(kind.name), which RecordKind.all does not list")
    }
    return found
  }
}
