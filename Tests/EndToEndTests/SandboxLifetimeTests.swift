import Foundation
import MonicaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A test run that is killed leaves no sandbox behind: each sandbox the test support starts goes
/// when the process that started it goes, even by SIGKILL (when no deinit or stop() runs).
@Suite struct SandboxLifetimeTests {
  /// Set for the run of this test binary that `holder` is: the folder to write the pid to.
  static let holding = ProcessInfo.processInfo.environment["MONICA_TEST_HOLD_SANDBOX"]

  @Test("a sandbox the test support started stops when the test process is killed with SIGKILL")
  func killedParent() throws {
    guard Self.holding == nil else { return }
    let folder = try TemporaryHome()
    let pidFile = folder.root + "/sandbox.pid"
    // This test binary again, running only `holder` below: it starts a sandbox as every test
    // does, says its pid, and waits to be killed.
    let holder = Process()
    holder.executableURL = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    holder.arguments = ["--testing-library", "swift-testing", "--filter", "SandboxLifetimeTests/holder"]
    holder.environment = ProcessInfo.processInfo.environment.merging(["MONICA_TEST_HOLD_SANDBOX": folder.root]) { $1 }
    holder.standardOutput = FileHandle.nullDevice
    holder.standardError = FileHandle.nullDevice
    try holder.run()
    defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
    let started = Date()
    var sandbox: Int32?
    while sandbox == nil, holder.isRunning, Date().timeIntervalSince(started) < 120 {
      sandbox = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0) }
      if sandbox == nil { usleep(50_000) }
    }
    let pid = try #require(sandbox, "the holder never started its sandbox")
    #expect(Self.isRunning(pid))
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    let killed = Date()
    while Self.isRunning(pid), Date().timeIntervalSince(killed) < 10 { usleep(50_000) }
    let left = Self.isRunning(pid)
    if left { kill(pid, SIGKILL) }
    #expect(!left, "monica-sandbox \(pid) still runs 10 s after the process that started it was killed")
  }

  /// Run only by `killedParent`, in a process of its own: starts a sandbox, writes its pid,
  /// and waits (at most two minutes) for the SIGKILL.
  @Test(.enabled(if: SandboxLifetimeTests.holding != nil)) func holder() throws {
    guard let folder = Self.holding else { return }
    let sandbox = try Sandbox.start(["--contacts", "3", "--rate-limit", "0"])
    let pid = String(sandbox.processIdentifier)
    try Data(pid.utf8).write(to: URL(fileURLWithPath: folder + "/sandbox.pid.tmp"))
    rename(folder + "/sandbox.pid.tmp", folder + "/sandbox.pid")
    let started = Date()
    while Date().timeIntervalSince(started) < 120 { usleep(100_000) }
  }

  /// Whether `pid` is a process that has not ended: neither gone nor a zombie (nobody may reap
  /// an orphan in a container whose pid 1 is not an init).
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].split(separator: " ").first
    return state != "Z" && state != "X"
  }
}
