import Testing

@testable import MonicaKit

@Suite struct TerminalTextTests {
  @Test("C0 (but tab and line feed), DEL, C1 and bidi controls become U+FFFD; the rest stays")
  func safe() {
    let hostile =
      "A\u{1B}]0;x\u{07}B\u{08}\r\u{7F}C\u{80}\u{9B}2J\u{9F}D\u{202E}E"
      + "\u{202A}\u{2066}\u{2069}\u{200E}\u{200F}\u{061C}F"
    let safe = TerminalText.safe(hostile)
    let replaced = "A\u{FFFD}]0;x\u{FFFD}B\u{FFFD}\u{FFFD}\u{FFFD}C\u{FFFD}\u{FFFD}2J\u{FFFD}D\u{FFFD}E"
    #expect(safe == replaced + String(repeating: "\u{FFFD}", count: 6) + "F")
    #expect(TerminalText.safe("tab\there\nline, Zoë 李 ⚰ \u{200D}\u{A0}") == "tab\there\nline, Zoë 李 ⚰ \u{200D}\u{A0}")
    #expect(TerminalText.safe(safe) == safe)
    #expect(TerminalText.safe(Array(hostile.utf8)) == Array(safe.utf8))
    #expect(TerminalText.safe([0x41, 0xFF, 0x42]) == Array("A\u{FFFD}B".utf8))
    #expect(TerminalText.safe(Array("plain".utf8)) == Array("plain".utf8))
  }
}
