import MonicaAPI
import MonicaKit
import Testing

/// The letters of an initials avatar when Monica's `initials` is empty.
@Suite struct InitialsAvatarTests {
  @Test("names Str::ascii leaves nothing of get the first grapheme of the first and the last name")
  func nonASCIINames() {
    #expect(InitialsAvatar.letters(initials: "", firstName: "Łukasz", lastName: "Żak") == "ŁŻ")
    #expect(InitialsAvatar.letters(initials: "", firstName: "שרה", lastName: nil) == "ש")
    #expect(InitialsAvatar.letters(initials: "", firstName: "芳", lastName: "王") == "芳王")
    #expect(InitialsAvatar.letters(initials: nil, firstName: "élodie", lastName: "ßmith") == "Éß")
    // A grapheme of several scalars stays whole.
    #expect(InitialsAvatar.letters(initials: "", firstName: "👩🏽‍🔬x", lastName: nil) == "👩🏽‍🔬")
    // The API's own initials win when it has some.
    #expect(InitialsAvatar.letters(initials: "LN", firstName: "Łukasz", lastName: "Nowak") == "LN")
    #expect(InitialsAvatar.letters(initials: "", firstName: "", lastName: nil) == "")
  }

  @Test("the SVG draws those letters, not ?")
  func svg() {
    let letters = InitialsAvatar.letters(initials: "", firstName: "שרה", lastName: "כהן")
    let svg = String(decoding: InitialsAvatar.svg(initials: letters, color: nil), as: UTF8.self)
    #expect(svg.contains(">שכ</text>"))
  }

  @Test("a contact record whose initials are empty asks for the first letters of its names")
  func request() throws {
    let line =
      ##"{"id":3,"object":"contact","first_name":"Łukasz","last_name":"Nowak","initials":"","information":{"avatar":{"source":"default","default_avatar_color":"#709512"}}}"##
    let request = try AvatarRequest(line: Array(line.utf8), source: "t", number: 1)
    #expect(request.initials == "ŁN")
  }
}
