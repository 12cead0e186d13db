import Testing

@testable import MonicaKit

@Suite struct DisplayWidthTests {
  @Test("CJK counts two, combining marks none, RTL letters one")
  func widths() {
    #expect(DisplayWidth.of("Jane") == 4)
    #expect(DisplayWidth.of("山田 太郎") == 9)
    #expect(DisplayWidth.of("Zoe\u{0308}") == 3)
    #expect(DisplayWidth.of("سلمى") == 4)
    #expect(DisplayWidth.of("ｱ") == 1 && DisplayWidth.of("Ａ") == 2)
  }

  @Test("truncation keeps within the width and ends with an ellipsis")
  func truncation() {
    #expect(DisplayWidth.truncate("山田太郎", to: 5) == "山田…")
    #expect(DisplayWidth.truncate("Zoe\u{0308}lle", to: 4) == "Zoe\u{0308}…")
    #expect(DisplayWidth.truncate("short", to: 10) == "short")
    #expect(DisplayWidth.of(DisplayWidth.truncate("株式会社テスト", to: 6)) <= 6)
  }
}
