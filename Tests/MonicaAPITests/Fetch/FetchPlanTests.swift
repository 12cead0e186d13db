import Foundation
import MonicaAPI
import MonicaKit
import Testing

@Suite struct FetchPlanTests {
  @Test("--sort takes Monica's five names, - for descending, and nothing else")
  func sortNames() throws {
    for name in RecordKind.sortFields {
      try FetchPlan.checkSort(name)
      try FetchPlan.checkSort("-" + name)
    }
    for bad in ["name", "--updated_at", "", "-", "updated_at "] {
      #expect(throws: MonicaError.self, "\(bad)") { try FetchPlan.checkSort(bad) }
    }
  }

  @Test("the listing query keeps search, sort and with; --since sorts newest first")
  func listingQuery() throws {
    var plan = FetchPlan(resource: .contact)
    (plan.query, plan.sort, plan.withFields) = ("ann", "-created_at", true)
    #expect(plan.listingQuery.map { "\($0.0)=\($0.1)" } == ["query=ann", "sort=-created_at", "with=contactfields"])
    plan.sort = nil
    plan.since = SinceTime(date: .init(timeIntervalSince1970: 0))
    #expect(plan.listingQuery.map { "\($0.0)=\($0.1)" } == ["query=ann", "sort=-updated_at", "with=contactfields"])
  }

  @Test("combinations that cannot work are usage errors")
  func combinations() {
    func plan(_ kind: RecordKind, _ change: (inout FetchPlan) -> Void) -> FetchPlan {
      var plan = FetchPlan(resource: kind)
      change(&plan)
      return plan
    }
    let bad = [
      plan(.tag) { $0.contact = .id(1) }, plan(.note) { $0.query = "x" }, plan(.note) { $0.tag = "x" },
      plan(.contact) {
        $0.id = 3; $0.max = 1
      }, plan(.contact) { $0.pageSize = 101 },
      plan(.contact) { $0.concurrency = 0 }, plan(.user) { $0.id = 1 }, plan(.contact) { $0.max = 0 },
    ]
    for plan in bad {
      #expect(throws: MonicaError.self) { try plan.validate() }
    }
    #expect(throws: Never.self) { try plan(.note) { $0.contact = .standardInput }.validate() }
    #expect(throws: Never.self) {
      try plan(.contact) {
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
