/// One thing two records say about being one person, for or against, with its weight.
///
/// Weights are log-odds points (`IdentityJudgement.score` adds them to `base` and takes the
/// logistic function): +5 moves "no idea" (0.5) to 0.99, -5 to 0.01.
package struct IdentityEvidence: Sendable, Hashable {
  /// Which way the evidence points, and how hard.
  package enum Direction: Sendable, Hashable {
    /// The same record (its uuid): the score is 1 whatever else differs.
    case decisive
    /// For one person.
    case supporting
    /// Against, but people change it or hold several (last names, middle names, e-mail
    /// addresses): the score stays under `IdentityJudgement.almostCertain`.
    case weakening
    /// Against, and it does not change (first names that are not forms of one name, genders,
    /// birthdays, living and dead, dates of death): the score stays under
    /// `IdentityJudgement.likely`.
    case contradicting
  }

  package var direction: Direction
  /// Log-odds points: positive for, negative against.
  package var points: Double
  /// The reason as a line says it: `same e-mail ana@x.org`, `first names differ: Łukasz / Björn`.
  package var reason: String
  /// Whether it is a value both records hold (a uuid, an e-mail address, a phone number) rather
  /// than a name or a date.
  package var isSharedValue: Bool

  package init(_ direction: Direction, _ points: Double, _ reason: String, sharedValue: Bool = false) {
    (self.direction, self.points, self.reason, self.isSharedValue) = (direction, points, reason, sharedValue)
  }

  /// Whether it counts against one person.
  package var isAgainst: Bool { direction == .weakening || direction == .contradicting }
}

/// The weights of the evidence, in log-odds points; the man pages quote them.
package enum IdentityWeights {
  /// Where every pair starts: two records that share a block are rarely one person.
  package static let base = -4.0
  /// A shared e-mail address (case-folded); each further one shared adds `moreEmail`.
  package static let email = 5.0
  package static let moreEmail = 1.0
  /// A shared phone number (its digits, a country code aside); a second one adds `morePhone`.
  package static let phone = 4.0
  package static let morePhone = 0.5
  /// The same first and last name, in any order (4 = the two below).
  package static let fullName = 4.0
  /// The same first name, or a nickname that is the other's first name.
  package static let firstName = 2.0
  /// First names that are forms of one name, or one name spelled two ways.
  package static let firstNameVariant = 1.5
  /// First names where one holds the other (`Ana` / `Ana María`) or is its initial: they agree,
  /// so nothing contradicts, but weigh nothing (a couple may be `R.` and `Robin`).
  package static let firstNamePartial = 0.0
  /// The same nickname, first names aside.
  package static let nickname = 1.0
  /// The same last name.
  package static let lastName = 2.0
  /// One last name spelled two ways.
  package static let lastNameSpelling = 1.5
  /// Last names where one holds the other (`García` / `García López`).
  package static let lastNamePartial = 1.0
  /// A last name and its initial: they agree, and weigh nothing.
  package static let lastNameInitial = 0.0
  /// The same middle name (or its initial).
  package static let middleName = 0.5
  /// The same birthday with its year.
  package static let birthday = 3.0
  /// The same day and month, a year unknown.
  package static let birthdayDay = 1.5
  /// The same date of death.
  package static let deathDate = 1.0
  /// First names that are not forms of one name (contradicting).
  package static let otherFirstName = -6.0
  /// Male and female (contradicting).
  package static let otherGender = -5.0
  /// Other birthdays (contradicting).
  package static let otherBirthday = -6.0
  /// One living, one deceased; or other dates of death (contradicting).
  package static let livingAndDead = -6.0
  /// Other last names (weakening).
  package static let otherLastName = -5.0
  /// Other middle names (weakening).
  package static let otherMiddleName = -2.0
  /// Both hold e-mail addresses and share none (weakening).
  package static let otherEmails = -4.5
}
