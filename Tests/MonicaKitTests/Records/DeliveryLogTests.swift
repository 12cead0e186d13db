import Foundation
import MonicaTestSupport
import Synchronization
import Testing

@testable import MonicaKit

@Suite struct DeliveryLogTests {
  private let key = "birthday:11111111-1111-4111-8111-111111111111:2026-11-27:0"
  private let other = "reminder:22222222-2222-4222-8222-222222222222:2026-11-27:7"
  private let time = "2026-11-27T08:00:00Z"

  private func scratch() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("delivery-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("state").path
  }

  @Test("a key's last line wins; a new file starts at its first day, 0600")
  func lastLineWins() throws {
    let path = try scratch()
    let log = try #require(try DeliveryLog(path: path, create: true))
    try log.start(from: CalendarDate(dayNumber: 20_777))
    try log.record(.doubt, key, time: time)
    try log.record(.delivered, key, time: time)
    try log.record(.doubt, other, time: time)
    try log.record(.failed, other, time: time)
    let again = try #require(try DeliveryLog(path: path, create: false))
    #expect(again.entry(key)?.status == .delivered)
    #expect(again.entry(other)?.status == .failed)
    #expect(again.firstDay?.description == "2026-11-20")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    try log.start(from: CalendarDate(dayNumber: 20_788))
    #expect(try #require(try DeliveryLog(path: path, create: false)).firstDay?.description == "2026-11-20")
  }

  @Test("a missing file reads as none without create; nothing is made")
  func missing() throws {
    let path = try scratch()
    #expect(try DeliveryLog(path: path, create: false) == nil)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a torn last line is ignored when read and cut off by the next append")
  func tornLine() throws {
    let path = try scratch()
    try Data("delivered\t\(key)\t\(time)\ndoubt\t\(other)\t2026-11".utf8).write(to: URL(fileURLWithPath: path))
    let log = try #require(try DeliveryLog(path: path, create: true))
    #expect(log.entry(other) == nil)
    try log.record(.delivered, other, time: time)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "delivered\t\(key)\t\(time)\ndelivered\t\(other)\t\(time)\n")
  }

  @Test("a malformed line is refused with its place: a bad status, key, time, or a long line")
  func malformed() throws {
    for line in [
      "sent\t\(key)\t\(time)", "delivered\tbirthday:1:2026-11-27:0\t\(time)", "delivered\t\(key)\tyesterday",
      "delivered\t\(key)", "#from\t2026-02-30", String(repeating: "x", count: 600),
    ] {
      let path = try scratch()
      try Data("delivered\t\(other)\t\(time)\n\(line)\n".utf8).write(to: URL(fileURLWithPath: path))
      #expect {
        _ = try DeliveryLog(path: path, create: false)
      } throws: { error in
        guard case .malformedInput(let source, let number, _) = error as? MonicaError else { return false }
        return source == path && number == 2
      }
    }
  }

  /// Hands a log to another thread; the test keeps the two apart by the file's lock.
  private final class Shared: @unchecked Sendable {
    let log: DeliveryLog
    let waiting = Mutex(false)
    let seen = Mutex<DeliveryLog.Status??>(nil)
    init(_ log: DeliveryLog) { self.log = log }
  }

  @Test("the lock covers the decision: a second holder waits, then sees the first one's lines")
  func lockCoversDecision() throws {
    let path = try scratch()
    let first = try #require(try DeliveryLog(path: path, create: true))
    try first.holdLock { _ in }
    let second = Shared(try #require(try DeliveryLog(path: path, create: true)))
    let key = self.key
    // A thread of its own, not a task: the test's thread blocks, and tasks share a small pool.
    let thread = Thread {
      try? second.log.holdLock { _ in second.waiting.withLock { $0 = true } }
      second.seen.withLock { $0 = .some(second.log.entry(key)?.status) }
    }
    thread.start()
    // Once the second one says it waits, what the first records meanwhile it must see.
    #expect(waitUntil(timeout: 30) { second.waiting.withLock { $0 } })
    try first.record(.delivered, key, time: time)
    first.release()
    #expect(waitUntil(timeout: 30) { second.seen.withLock { $0 } != nil })
    #expect(second.seen.withLock { $0 } == .some(.delivered))
  }

  @Test("keys: kind, uuid, day and notice only")
  func keys() {
    #expect(DeliveryLog.isKey(key))
    #expect(!DeliveryLog.isKey("birthday:11111111-1111-4111-8111-111111111111:2026-11-27"))
    #expect(!DeliveryLog.isKey("Birthday:11111111-1111-4111-8111-111111111111:2026-11-27:0"))
    #expect(!DeliveryLog.isKey("birthday:11111111-1111-4111-8111-111111111111:2026-11-27:0\tx"))
    #expect(!DeliveryLog.isKey("birthday:11111111-1111-4111-8111-111111111111:2026-11-27:-1"))
    #expect(DeliveryLog.time(0) == "1970-01-01T00:00:00Z")
  }
}
