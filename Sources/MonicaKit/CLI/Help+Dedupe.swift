/// The long help of `monica-dedupe`, below its usage, and its man page's sections.
extension Help {
  /// `monica-dedupe --help` below its usage.
  package static let dedupe = """
    Reads contacts (best from monica-fetch contacts --with-fields, whose contact fields carry \
    the e-mail addresses and phone numbers; in a monica-fetch --all stream the contactfield \
    records give them, and other kinds are passed over) and writes one line per group of contacts that are likely \
    one person: {"object":"duplicate","keep":12,"merge":[57],"score":0.93,"reasons":[...],\
    "contacts":[{"id":12,"name":"Ana Lima","records":9,"fields":4,"created_at":...},...],\
    "related_from":[30]}, highest score first; "related_from" names the contacts outside the \
    group whose own relationships name a merged contact (information.relationships), whose \
    lists monica-merge reads for a row with no reverse row, which Monica lists under its \
    holder only (ApiRelationshipController.php:26-28; the contacts list holds no partial or \
    archived contact, ApiContactController.php:68-70). monica-format table shows it with the names. Nothing is sent \
    anywhere: the tool reads a stream and needs no token.

    EVIDENCE
    Each pair of contacts scores 1 - (1 - w1)(1 - w2)... over what they share: an e-mail \
    address, case-folded (w 0.95); a phone number, its digits without leading zeros, one \
    equal to the other or to its end behind a country code of one to three digits, at least \
    7 digits (0.9); the same full name, case, accents and white space folded and the words in \
    any order, so a first and last name given swapped match (0.5; a one-word name 0.3); a \
    nickname equal to the other's first name with the same last name (0.5); the same \
    birthday with its year, only beside other evidence (0.8). A shared name alone is weak: \
    0.5. A name is no evidence when their genders (M and F) differ or when both have e-mail \
    addresses and none is shared. Never grouped: a contact with itself (a second record of \
    one id is passed over), a partial contact (is_partial: it belongs to a relationship), or \
    two contacts whose birthdays contradict (different days, or different years when both \
    are known; an age-based birthday says nothing). Pairs of at least --min-score join into \
    groups, strongest first; a group's score is the weakest pair that joined it.

    KEEPER
    "keep" is the contact that holds more: the most records (the sum of its statistics' \
    counts of calls, notes, activities, reminders, tasks, gifts and debts, plus its contact \
    fields, addresses and tags), then the most filled fields (last name, nickname, \
    description, gender, birthday, deceased date, job, company, food preferences, how you \
    met and the day you met, stay-in-touch frequency), then the oldest (created_at), then \
    the lowest id. "merge" lists the others by id.

    SPEED
    Contacts are compared only within blocks that share a normalised key (an e-mail, the \
    last 7 digits of a phone, a folded full name, a given name with the last name), never \
    all against all. A key more than 100 contacts share (a switchboard, a common name) is \
    not compared by and is named in a warning on stderr.

    EXAMPLES
      monica-fetch contacts --with-fields | monica-dedupe | monica-format table
      monica-fetch contacts --with-fields \\
        | monica-dedupe --min-score 0.9 > duplicates.ndjson
      monica-fetch --all | monica-dedupe | jq -r '[.keep, .merge[]] | @tsv'

    \(Help.exitStatus)
    """
}
