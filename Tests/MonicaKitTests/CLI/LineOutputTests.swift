import Foundation
import Testing

@testable import MonicaKit

@Suite struct LineOutputTests {
  @Test("a closed reader turns into outputClosed, and later writes fail the same way")
  func closedPipe() throws {
    signal(SIGPIPE, SIG_IGN)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    close(fds[0])
    let output = LineOutput(descriptor: fds[1], bufferLimit: 0)
    #expect(throws: MonicaError.outputClosed) { try output.writeLine("x") }
    #expect(throws: MonicaError.outputClosed) { try output.writeLine("y") }
    close(fds[1])
  }

  @Test("only whole lines are written, in order")
  func wholeLines() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let output = LineOutput(descriptor: fds[1], bufferLimit: 4)
    try output.writeLine("ab")
    try output.writeLine("cdef")
    try output.flush()
    close(fds[1])
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(fds[0], &buffer, 64)
    close(fds[0])
    #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "ab\ncdef\n")
  }
}
