import Foundation
import MonicaAPI
import MonicaKit
import Testing

@Suite struct IDMapTests {
  /// A fresh directory for one test's map files.
  func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("idmap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test("a missing map is created empty; appended lines are on disk in the contract's format")
  func appendAndReopen() throws {
    let path = try directory().appendingPathComponent("old-to-new.tsv").path
    let map = try IDMap(path: path)
    #expect(map.count() == 0 && FileManager.default.fileExists(atPath: path))
    try map.append("contact", source: 12, target: 345)
    try map.append("note", source: 12, target: 7)
    #expect(map.target(of: "contact", source: 12) == 345)
    #expect(map.target(of: "note", source: 12) == 7)
    #expect(map.target(of: "task", source: 12) == nil)
    #expect(try text(path) == "contact\t12\t345\nnote\t12\t7\n")
    let again = try IDMap(path: path)
    #expect(again.target(of: "contact", source: 12) == 345 && again.count() == 2 && again.count(of: "note") == 1)
  }

  @Test("comments, blank lines and CRLF endings are read; the later of two lines for one record wins")
  func readsComments() throws {
    let path = try directory().appendingPathComponent("map").path
    try "# written by hand\ncontact\t1\t10\r\n\ncontact\t1\t11\ntag\t3\t4\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    let map = try IDMap(path: path)
    #expect(map.target(of: "contact", source: 1) == 11)
    #expect(map.target(of: "tag", source: 3) == 4)
    #expect(map.count() == 2)
  }

  @Test("a torn last line is ignored when read and cut off by the next append")
  func tornLine() throws {
    let path = try directory().appendingPathComponent("map").path
    try "contact\t1\t10\nnote\t5\t9".write(toFile: path, atomically: false, encoding: .utf8)
    let map = try IDMap(path: path)
    #expect(map.target(of: "note", source: 5) == nil && map.count() == 1)
    try map.append("note", source: 5, target: 20)
    #expect(try text(path) == "contact\t1\t10\nnote\t5\t20\n")
    #expect(try IDMap(path: path).target(of: "note", source: 5) == 20)
  }

  @Test(
    "a malformed line is refused with its place",
    arguments: [
      ("contact\t1\n", "expected <object> TAB <source id> TAB <target id>"),
      ("contact\t1\t2\t3\n", "expected <object> TAB"),
      ("con tact\t1\t2\n", "is not an object name"),
      ("contact\tx\t2\n", "\"x\" is not a record id"),
      ("contact\t1\t0\n", "\"0\" is not a record id"),
      ("contact\t-1\t2\n", "is not a record id"),
      ("contact\t1\t99999999999999999999\n", "is not a record id"),
    ])
  func malformed(line: String, reason: String) throws {
    let path = try directory().appendingPathComponent("map").path
    try ("# header\ncontact\t7\t8\n" + line).write(toFile: path, atomically: false, encoding: .utf8)
    do {
      _ = try IDMap(path: path)
      Issue.record("accepted \(line.debugDescription)")
    } catch {
      guard case .malformedInput(let source, let number, let message) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(source == path && number == 3)
      #expect(message.contains(reason), "\(message)")
    }
  }

  @Test("a map in a missing folder is not found (66); a folder is not a map")
  func badPaths() throws {
    let folder = try directory()
    #expect(throws: MonicaError.self) { try IDMap(path: folder.appendingPathComponent("no/such/map").path) }
    do {
      _ = try IDMap(path: folder.appendingPathComponent("no/map").path)
    } catch {
      #expect(error.exitStatus == .noInput)
    }
    #expect(throws: MonicaError.self) { try IDMap(path: folder.path) }
  }

  @Test("a line that is not a map line is never appended")
  func refusesBadAppend() throws {
    let path = try directory().appendingPathComponent("map").path
    let map = try IDMap(path: path)
    #expect(throws: MonicaError.self) { try map.append("con\ttact", source: 1, target: 2) }
    #expect(throws: MonicaError.self) { try map.append("contact", source: 0, target: 2) }
    #expect(try text(path).isEmpty)
  }

  @Test("appenders in parallel, each with its own descriptor, lose and interleave no line")
  func parallelAppenders() throws {
    let path = try directory().appendingPathComponent("map").path
    try "contact\t1\t1\ntorn".write(toFile: path, atomically: false, encoding: .utf8)
    let writers = 8
    let perWriter = 150
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: writers) { writer in
      do {
        let map = try IDMap(path: path)
        for index in 1...perWriter {
          try map.append("w\(writer)", source: index, target: writer * 1_000 + index)
        }
        // Each appender takes in the others' lines as it appends.
        #expect(map.count(of: "w\(writer)") == perWriter)
      } catch {
        failures.add("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    let lines = try text(path).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines.count == writers * perWriter + 2)
    #expect(!lines.contains { $0.contains("torn") })
    let map = try IDMap(path: path)
    #expect(map.count() == writers * perWriter + 1)
    for writer in 0..<writers {
      for index in 1...perWriter {
        #expect(map.target(of: "w\(writer)", source: index) == writer * 1_000 + index)
      }
    }
  }

  /// Messages told from another thread.
  final class Told: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var first: String? { lock.withLock { messages.first } }
  }

  @Test("a run's lock: a second map on the file waits, saying so, and reads what the first appended")
  func runLock() async throws {
    let path = try directory().appendingPathComponent("map").path
    var first: IDMap? = try IDMap(path: path)
    try first?.lockForRun { _ in Issue.record("the first run waited") }
    try first?.append("contact", source: 1, target: 10)
    let told = Told()
    let second = Task.detached {
      let map = try IDMap(path: path)
      try map.lockForRun { told.add($0) }
      return map.target(of: "contact", source: 2)
    }
    while told.first == nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(told.first?.contains("another run is writing this map; waiting") == true)
    try first?.append("contact", source: 2, target: 20)
    first = nil
    #expect(try await second.value == 20)
  }

  @Test("#floor lines: the highest id before the first create, or the highest the map holds")
  func floors() throws {
    let path = try directory().appendingPathComponent("map").path
    let map = try IDMap(path: path)
    #expect(map.floor(of: "note") == nil)
    try map.appendFloor("note", 40)
    try map.append("contact", source: 1, target: 12)
    #expect(map.floor(of: "note") == 40 && map.floor(of: "contact") == 12)
    try map.append("note", source: 1, target: 41)
    #expect(try text(path) == "#floor\tnote\t40\ncontact\t1\t12\nnote\t1\t41\n")
    let again = try IDMap(path: path)
    #expect(again.floor(of: "note") == 41 && again.count() == 2)
  }

  @Test("a map opened before another process appended sees those lines at its next append")
  func takesInOthers() throws {
    let path = try directory().appendingPathComponent("map").path
    let first = try IDMap(path: path)
    let second = try IDMap(path: path)
    try second.append("contact", source: 4, target: 40)
    #expect(first.target(of: "contact", source: 4) == nil)
    try first.append("contact", source: 5, target: 50)
    #expect(first.target(of: "contact", source: 4) == 40)
    #expect(try text(path) == "contact\t4\t40\ncontact\t5\t50\n")
  }
}

/// Errors collected from concurrent appenders.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func add(_ text: String) { lock.withLock { list.append(text) } }
  var all: [String] { lock.withLock { list } }
}
