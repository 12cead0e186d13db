import Foundation
import MonicaAPI
import MonicaKit
import Testing

@Suite struct FetchPlanTests {
  @Test("--sort takes Monica's five names, - for descending, and nothing else")
  func sortNames() throws {
    for name in ResourceKind.sortFields {
      try FetchPlan.checkSort(name)
      try FetchPlan.checkSort("-" + name)
    }
    for bad in ["name", "--updated_at", "", "-", "updated_at "] {
      #expect(throws: MonicaError.self, "\(bad)") { try FetchPlan.checkSort(bad) }
    }
  }

  @Test("the listing query keeps search, sort and with; --since sorts newest first")
  func listingQuery() throws {
    var plan = FetchPlan(resource: .contacts)
    (plan.query, plan.sort, plan.withFields) = ("ann", "-created_at", true)
    #expect(plan.listingQuery.map { "\($0.0)=\($0.1)" } == ["query=ann", "sort=-created_at", "with=contactfields"])
    plan.sort = nil
    plan.since = SinceTime(date: .init(timeIntervalSince1970: 0))
    #expect(plan.listingQuery.map { "\($0.0)=\($0.1)" } == ["query=ann", "sort=-updated_at", "with=contactfields"])
  }

  @Test("combinations that cannot work are usage errors")
  func combinations() {
    func plan(_ kind: ResourceKind, _ change: (inout FetchPlan) -> Void) -> FetchPlan {
      var plan = FetchPlan(resource: kind)
      change(&plan)
      return plan
    }
    let bad = [
      plan(.tags) { $0.contact = .id(1) }, plan(.notes) { $0.query = "x" }, plan(.notes) { $0.tag = "x" },
      plan(.contacts) {
        $0.id = 3; $0.max = 1
      }, plan(.contacts) { $0.pageSize = 101 },
      plan(.contacts) { $0.concurrency = 0 }, plan(.me) { $0.id = 1 }, plan(.contacts) { $0.max = 0 },
    ]
    for plan in bad {
      #expect(throws: MonicaError.self) { try plan.validate() }
    }
    #expect(throws: Never.self) { try plan(.notes) { $0.contact = .standardInput }.validate() }
    #expect(throws: Never.self) {
      try plan(.contacts) {
        $0.tag = "family"; $0.max = 3
      }.validate()
    }
  }

  @Test("--contact is an id or -")
  func contactSelector() throws {
    #expect(try ContactSelector(parsing: "-") == .standardInput)
    #expect(try ContactSelector(parsing: "12") == .id(12))
    #expect(throws: MonicaError.self) { try ContactSelector(parsing: "ann") }
  }
}
