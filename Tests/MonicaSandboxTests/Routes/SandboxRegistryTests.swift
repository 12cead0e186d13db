import MonicaKit
import Testing

@testable import MonicaSandbox

/// The sandbox's per-kind decisions read the catalogue: a kind whose entry has a write route has a
/// resource that writes it, and no resource writes a kind the catalogue lacks or does not write.
@Suite struct SandboxRegistryTests {
  @Test("the writable resources are exactly the catalogue's kinds with a write route, each once")
  func writable() {
    let written = StoreWriter.resources.map { $0.kind }
    let routed = RecordKind.all.filter { !$0.routes.isDisjoint(with: [.create, .update, .delete]) }
    #expect(Set(written) == Set(routed), "\(Set(routed).symmetricDifference(written).map(\.name))")
    #expect(written.count == Set(written).count)
    #expect(written.allSatisfy(RecordKind.all.contains))
  }

  @Test("a kind's rules of each write are its entry's; its seeding is its entry's")
  func entries() {
    for resource in StoreWriter.resources {
      let kind = resource.kind
      if kind.routes.contains(.update) { #expect(kind.rules(.update) == kind.writes?.updateRules, "\(kind)") }
      if case .perContact(let below) = kind.seeding { #expect(SeedData.seeded(kind) == below) }
    }
  }
}
