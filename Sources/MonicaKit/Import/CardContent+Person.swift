extension Person {
  /// The person of an imported card: its names (a first name made from its nickname, e-mail
  /// address or phone number is no name), `UID`, `GENDER`, birthday and date of death, e-mail
  /// addresses and phones. A card says nothing of being alive: without a date of death it is
  /// not known.
  package init(card: CardContent) {
    self.init(
      uuid: card.uid, firstName: card.isNamed ? card.firstName : "", middleName: card.middleName,
      lastName: card.lastName, nickname: card.nickname, gender: card.gender, birthday: card.birthdate?.known,
      deceasedDate: card.deceasedDate?.known, emails: card.emails, phones: card.phones)
  }
}

extension VCardDate {
  /// The date as the identity judgement compares it.
  var known: Person.KnownDate { Person.KnownDate(year: year, month: month, day: day, isAgeBased: isAgeBased) }
}

/// A card's or row's person in the forms the identity judgement compares and blocks it by,
/// worked out once for the questions and the index (by the CSV importer, on its reading thread).
struct ImportedPerson: Sendable {
  let compared: ComparedPerson
  let blocks: BlockKeys

  init(_ content: CardContent) {
    compared = ComparedPerson(Person(card: content))
    blocks = BlockKeys(compared)
  }
}
