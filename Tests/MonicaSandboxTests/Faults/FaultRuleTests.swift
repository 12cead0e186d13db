import MonicaKit
import Testing

@testable import MonicaSandbox

@Suite("FaultRule")
struct FaultRuleTests {
  @Test("parsing and counting per rule")
  func rules() throws {
    #expect(try FaultRule(parsing: "503@2") == FaultRule(effect: .status(503), schedule: .once(2)))
    #expect(
      try FaultRule(parsing: "slow=50@*3:/api/x")
        == FaultRule(effect: .slow(50), schedule: .every(3), pathPrefix: "/api/x"))
    #expect(
      try FaultRule(parsing: "late=5000@2:POST:/api/lifeevents")
        == FaultRule(effect: .late(5000), schedule: .once(2), pathPrefix: "/api/lifeevents", method: "POST"))
    #expect(throws: MonicaError.self) { try FaultRule(parsing: "late=-1@1") }
    #expect(try FaultRule(parsing: "401@*1") == FaultRule(effect: .status(401), schedule: .every(1)))
    #expect(throws: MonicaError.self) { try FaultRule(parsing: "418@1") }
    #expect(throws: MonicaError.self) { try FaultRule(parsing: "cut@0") }
    let injector = FaultInjector(rules: [try FaultRule(parsing: "cut@*2:/api/a")])
    #expect(injector.effect(for: "/api/a") == nil)
    #expect(injector.effect(for: "/api/b") == nil)
    #expect(injector.effect(for: "/api/a") == .cut)
  }
}
