import MonicaKit

extension SeedData {
  /// Gives some contacts a first-met date (exact, of unknown year, or age-based as Monica makes
  /// them, SpecialDate.php:137-169) and an introducer, earlier or later in the account. Drawn
  /// from a stream of their own, so the rest of each contact stays as it was.
  static func seedIntroductions(_ facts: inout [ContactFacts], seed: UInt64) {
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
        if other != index {
          let full = ContactResource.json(facts[other])
          facts[index].firstMetThrough = ContactShortResource.json(
            fromFull: full, avatar: ContactResource.avatar(facts[other]))
        }
      }
    }
  }
}
