import MonicaKit

extension SeedData {
  /// Gives some contacts a first-met date (exact, of unknown year, or age-based as Monica makes
  /// them, SpecialDate.php:137-169) and an introducer, earlier or later in the account. Drawn
  /// from a stream of their own, so the rest of each contact stays as it was.
  static func seedIntroductions(_ facts: inout [ContactFacts], seed: UInt64, shorts: inout ContactShorts) {
    let count = facts.count
    var dated = 0
    for index in facts.indices where !facts[index].isPartial {
      var random = SplitMix64(seed: seed, stream: 21, index: UInt64(index + 1))
      let createdYear = UTCTime.civil(facts[index].createdAt).year
      if random.chance(35) {
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        // The three kinds of date in turn, so that even a small account has each.
        dated += 1
        switch dated % 3 {
        case 1:
          facts[index].firstMetDate = SpecialDate(
            date: UTCTime.seconds(year: 2005 + random.below(15), month: month, day: day))
        case 2:
          // An unknown year is stored as the year the date was saved (SpecialDate.php:161).
          facts[index].firstMetDate = SpecialDate(
            isYearUnknown: true, date: UTCTime.seconds(year: createdYear, month: month, day: day))
        default:
          // 1 January of the year of the save minus the age (SpecialDate.php:140).
          facts[index].firstMetDate = SpecialDate(
            isAgeBased: true, date: UTCTime.seconds(year: createdYear - 3 - random.below(20), month: 1, day: 1))
        }
      }
      if count > 1, random.chance(35) {
        let other = random.below(count)
        if other != index { facts[index].firstMetThrough = shorts.of(facts[other]) }
      }
    }
  }
}

/// The short form of each seeded contact, made once, when first needed: what it shows (names,
/// flags, dates, avatar, url) stays as drawn while the rest of the account is seeded.
struct ContactShorts {
  private var made: [JSONValue?]

  /// Room for contacts 1...count.
  init(count: Int) { made = Array(repeating: nil, count: count) }

  /// The short contact of `facts` (ContactShortResource), made at its first use.
  mutating func of(_ facts: ContactFacts) -> JSONValue {
    if let known = made[facts.id - 1] { return known }
    let short = ContactShortResource.json(
      fromFull: ContactResource.shortSource(facts), avatar: ContactResource.avatar(facts))
    made[facts.id - 1] = short
    return short
  }
}
