import MonicaAPI
import MonicaKit
import Testing

/// The letters of an initials avatar, drawn from the names themselves (issue 44 item 5).
@Suite struct InitialsAvatarTests {
  @Test("each name's first letter in its own script, upper-cased where the script has case")
  func ownScript() {
    #expect(InitialsAvatar.letters(initials: "LZ", firstName: "Łukasz", lastName: "Żak") == "ŁŻ")
    #expect(InitialsAvatar.letters(initials: "sg", firstName: "sarah", lastName: "green") == "SG")
    #expect(InitialsAvatar.letters(initials: nil, firstName: "élodie", lastName: "ßmith") == "Éß")
    // Monica's "Ox" for Ōtani 翔平: the Latin name keeps its macron, the Han one its character.
    #expect(InitialsAvatar.letters(initials: "Ox", firstName: "Ōtani", lastName: "翔平") == "Ō翔")
    // A grapheme of several scalars stays whole; punctuation before a name is not its initial.
    #expect(InitialsAvatar.letters(initials: "", firstName: "👩🏽‍🔬x", lastName: nil) == "X")
    #expect(InitialsAvatar.letters(initials: "", firstName: "(Anne)", lastName: nil) == "A")
    #expect(InitialsAvatar.letters(initials: "", firstName: "👩🏽‍🔬", lastName: nil) == "👩🏽‍🔬")
    #expect(InitialsAvatar.letters(initials: "", firstName: "", lastName: nil) == "")
  }

  @Test("a CJK name is one character: the family name's")
  func cjk() {
    // 李雷 typed as one first name, and as 雷 with the family name 李.
    #expect(InitialsAvatar.letters(initials: "l", firstName: "李雷", lastName: nil) == "李")
    #expect(InitialsAvatar.letters(initials: "ll", firstName: "雷", lastName: "李") == "李")
    #expect(InitialsAvatar.letters(initials: "", firstName: "芳", lastName: "王") == "王")
    // Korean: one Hangul syllable, 김 of 민준 김, not Monica's "mg".
    #expect(InitialsAvatar.letters(initials: "mg", firstName: "민준", lastName: "김") == "김")
    #expect(InitialsAvatar.letters(initials: "", firstName: "김민준", lastName: nil) == "김")
    #expect(InitialsAvatar.letters(initials: "", firstName: "さくら", lastName: "山田") == "山")
  }

  @Test("Hebrew and Arabic initials read right to left, Arabic ones not joined")
  func rightToLeft() {
    #expect(InitialsAvatar.letters(initials: "", firstName: "שרה", lastName: "כהן") == "שכ")
    #expect(InitialsAvatar.letters(initials: "", firstName: "محمد", lastName: "علي") == "م\u{200C}ع")
    let hebrew = String(decoding: InitialsAvatar.svg(initials: "שכ", color: nil), as: UTF8.self)
    #expect(hebrew.contains(" direction=\"rtl\">שכ</text>"))
    let latin = String(decoding: InitialsAvatar.svg(initials: "ŁŻ", color: nil), as: UTF8.self)
    #expect(latin.contains("fill=\"#ffffff\">ŁŻ</text>"))
  }

  @Test("a contact record asks for the first letters of its names, not Monica's ASCII initials")
  func request() throws {
    let line =
      ##"{"id":3,"object":"contact","first_name":"Łukasz","last_name":"Nowak","initials":"LN","information":{"avatar":{"source":"default","default_avatar_color":"#709512"}}}"##
    let request = try AvatarRequest(line: Array(line.utf8), source: "t", number: 1)
    #expect(request.initials == "ŁN")
  }
}
