import ArgumentParser
import MonicaKit

struct MonicaFilter: MonicaTool, AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "monica-filter",
    abstract: "Keep the Monica records that match every given condition.",
    discussion: Help.filter,
    version: toolsetVersion)

  @OptionGroup var input: InputOptions
  @Option(
    name: .customLong("object"),
    help: ArgumentHelp(
      "Keep records of this kind (\(FilterCriteria.kinds.joined(separator: ", ")), or its route name).",
      valueName: "KIND"),
    completion: .list(FilterCriteria.kinds))
  var kind: String?
  @Flag(help: "Contacts: keep the deceased.") var dead = false
  @Flag(help: "Contacts: keep the living.") var alive = false
  @Flag(help: "Contacts: keep partial contacts (people known only through a relationship).") var partial = false
  @Flag(help: "Contacts: keep real (not partial) contacts.") var real = false
  @Flag(help: "Contacts: keep starred contacts.") var starred = false
  @Flag(help: "Contacts: keep archived contacts.") var archived = false
  @Flag(help: "Contacts: keep active (not archived) contacts.") var active = false
  @Option(
    help: ArgumentHelp("Contacts: keep those with this tag; repeat for any of several.", valueName: "NAME"),
    completion: .cachedTagNames)
  var tag: [String] = []
  @Option(
    help: ArgumentHelp(
      "Contacts: keep those whose first, last, nick or complete name contains TEXT (any case or accent).",
      valueName: "TEXT"))
  var name: String?
  @Option(
    help: ArgumentHelp(
      "Contacts: keep those whose birthday comes within DAYS days (year-unknown ones too).", valueName: "DAYS"))
  var birthdayWithin: Int?
  @Option(help: ArgumentHelp("The day birthdays are counted from (YYYY-MM-DD; default: today).", valueName: "DATE"))
  var today: String?
  @Flag(help: "Notes: keep favourites.") var favorited = false
  @Flag(help: "Tasks: keep completed tasks.") var completed = false
  @Flag(help: "Tasks: keep pending tasks.") var pending = false
  @Option(
    help: ArgumentHelp(
      "Gifts: keep those with this status (\(FilterCriteria.giftStatuses.joined(separator: ", "))).",
      valueName: "STATUS"),
    completion: .list(FilterCriteria.giftStatuses))
  var status: String?
  @Option(
    help: ArgumentHelp(
      "Keep the contact ID and the records about it (its contact, recipient or attendee).", valueName: "ID"))
  var contact: Int?
  @Option(help: ArgumentHelp("Keep records dated on or after DATE (YYYY-MM-DD or a UTC timestamp).", valueName: "DATE"))
  var since: String?
  @Option(help: ArgumentHelp("Keep records dated on or before DATE.", valueName: "DATE")) var until: String?
  @Option(
    help: ArgumentHelp(
      "The date --since and --until look at (default: happened_at for activities, else updated_at).",
      valueName: "FIELD"),
    completion: .list(FilterCriteria.dateFields))
  var dateField: String?
  @Flag(
    help: "With --since or --until, keep records whose date is null too (contacts never seen: last_activity_together).")
  var includeUndated = false
  @Option(
    name: .customLong("where"),
    help: ArgumentHelp(
      "Keep records whose PATH equals VALUE (PATH=VALUE) or matches REGEX (PATH~REGEX).", valueName: "CONDITION"))
  var wheres: [String] = []
  @Option(help: ArgumentHelp("Keep records with a non-null value at this dotted path.", valueName: "PATH"))
  var has: [String] = []
  @Option(help: ArgumentHelp("Keep records with no value (or null) at this dotted path.", valueName: "PATH"))
  var missing: [String] = []
  @Flag(help: "Keep the records that do not match instead.") var invert = false
  @Flag(help: "Warn about lines that are not JSON objects and go on.") var skipInvalid = false

  func validate() throws {
    for (a, b, first, second) in [
      (dead, alive, "--dead", "--alive"), (partial, real, "--partial", "--real"),
      (archived, active, "--archived", "--active"), (completed, pending, "--completed", "--pending"),
    ] where a && b {
      throw ValidationError("\(first) and \(second) exclude each other")
    }
    if let today, CalendarDate(parsing: today) == nil || today.count != 10 {
      throw ValidationError("--today: '\(today)' is not a date (YYYY-MM-DD)")
    }
    if today != nil, birthdayWithin == nil { throw ValidationError("--today goes with --birthday-within") }
    if dateField != nil, since == nil, until == nil {
      throw ValidationError("--date-field goes with --since or --until")
    }
    if includeUndated, since == nil, until == nil {
      throw ValidationError("--include-undated goes with --since or --until")
    }
  }

  func run() async throws {
    try reportingFailures {
      var criteria = FilterCriteria()
      criteria.kind = kind
      criteria.dead = dead ? true : alive ? false : nil
      criteria.partial = partial ? true : real ? false : nil
      criteria.starred = starred
      criteria.active = active ? true : archived ? false : nil
      criteria.tags = tag
      criteria.name = name
      criteria.birthdayWithin = birthdayWithin
      criteria.today = today.flatMap { CalendarDate(parsing: $0) }
      criteria.favorited = favorited
      criteria.completed = completed ? true : pending ? false : nil
      criteria.giftStatus = status
      criteria.contact = contact
      (criteria.since, criteria.until, criteria.dateField) = (since, until, dateField)
      criteria.includeUndated = includeUndated
      (criteria.wheres, criteria.has, criteria.missing, criteria.invert) = (wheres, has, missing, invert)
      try RecordFilter(criteria).run(stream(input, skipInvalid: skipInvalid), to: .standardOutput())
    }
  }
}

await MonicaFilter.launch()
