import MonicaKit
import Testing

@testable import MonicaSandbox

/// The seeding registry against the catalogue: every `.perContact` kind is seeded by a sampler
/// (or named as one of the tangled kinds SeedData.make seeds itself), and the registry and the
/// seeding order name the same kinds, each `.perContact`.
@Suite("SeedSamplers")
struct SeedSamplersTests {
  /// What is wrong with `registry`, `order` and `special` against the catalogue's entries.
  static func problems(registry: Set<RecordKind>, order: [RecordKind], special: [RecordKind]) -> [String] {
    var problems: [String] = []
    func perContact(_ kind: RecordKind) -> Bool {
      if case .perContact = kind.seeding { return true }
      return false
    }
    for kind in RecordKind.all where perContact(kind) {
      if !registry.contains(kind) && !special.contains(kind) { problems.append("\(kind.name): no sampler") }
      if registry.contains(kind) && special.contains(kind) { problems.append("\(kind.name): sampler and special") }
    }
    for kind in registry where !perContact(kind) { problems.append("registry: \(kind.name) is not .perContact") }
    for kind in Set(order) where !perContact(kind) { problems.append("order: \(kind.name) is not .perContact") }
    for kind in special where !perContact(kind) { problems.append("special: \(kind.name) is not .perContact") }
    for kind in registry where !order.contains(kind) { problems.append("\(kind.name): a sampler, not in the order") }
    for kind in Set(order) where !registry.contains(kind) {
      problems.append("\(kind.name): in the order, no sampler")
    }
    if Set(order).count != order.count { problems.append("order: a kind named twice") }
    return problems.sorted()
  }

  @Test("every .perContact kind has a sampler in the registry and a place in the order, and only those")
  func registryMatchesCatalogue() {
    #expect(
      Self.problems(
        registry: Set(SeedSamplers.registry.keys), order: SeedSamplers.order, special: SeedSamplers.special) == [])
  }

  @Test("the check finds a kind missing from the registry, from the order, or not .perContact")
  func checkFindsGaps() {
    var registry = Set(SeedSamplers.registry.keys)
    registry.remove(.call)
    #expect(
      Self.problems(registry: registry, order: SeedSamplers.order, special: SeedSamplers.special) == [
        "calls: in the order, no sampler", "calls: no sampler",
      ])
    #expect(
      Self.problems(
        registry: Set(SeedSamplers.registry.keys), order: SeedSamplers.order.filter { $0 != .pet },
        special: SeedSamplers.special) == ["pets: a sampler, not in the order"])
    #expect(
      Self.problems(
        registry: Set(SeedSamplers.registry.keys).union([.tag]), order: SeedSamplers.order + [.tag],
        special: SeedSamplers.special) == ["order: tags is not .perContact", "registry: tags is not .perContact"])
  }
}
