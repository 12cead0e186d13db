/// The long help of `monica-dedupe`, below its usage, and its man page's sections.
extension Help {
  /// `monica-dedupe --help` below its usage.
  package static let dedupe = """
    Reads contacts (best from monica-fetch contacts --with-fields, whose contact fields carry \
    the e-mail addresses and phone numbers; in a monica-fetch --all stream the contactfield \
    records give them, and other kinds are passed over) and writes one line per group of contacts that are \
    one person: {"object":"duplicate","keep":12,"merge":[57],"score":0.99,"reasons":[...],\
    "against":[],"contacts":[{"id":12,"name":"Ana Lima","records":9,"fields":4,"created_at":...},...],\
    "related_from":[30]}, highest score first; "reasons" is the evidence for, "against" the \
    evidence against, of every pair of the group; "related_from" names the contacts outside the \
    group whose own relationships name a merged contact (information.relationships), whose \
    lists monica-merge reads for a row with no reverse row, which Monica lists under its \
    holder only (ApiRelationshipController.php:26-28; the contacts list holds no partial or \
    archived contact, ApiContactController.php:68-70). monica-format table shows it with the names. Nothing is sent \
    anywhere: the tool reads a stream and needs no token. On a terminal each line goes through \
    monica-format's terminal rule (control and bidi characters of a name become U+FFFD; the \
    JSON stays valid); in a pipe or a file it is the JSON as written.

    THE SCALE
    Scores are the toolset's one judgement of "same person", which monica-import also asks: \
    1 is one record (the same uuid); 0.9 and over is almost certainly one person (an e-mail \
    address or phone number shared with the same name, or a form of it, or the same full name \
    and birthday with its year, and nothing against), so --min-score 0.9 merges nothing else \
    on any account; 0.5 is likely (the same full name and nothing else either way); under 0.5 \
    something contradicts (a household's landline: "same phone +1 555 0142", against "first \
    names differ: Lukasz / Bjorn") or too little is shared.

    EVIDENCE
    Each pair is judged in log-odds points, added to -4; the score is the logistic function of \
    the sum, rounded down to two decimals. For: a shared e-mail address, case-folded (+5, each \
    further one +1); a shared phone number, its digits without leading zeros, one equal to the \
    other or to its end behind a country code of one to three digits, at least 7 digits (+4, a \
    second +0.5); the same first and last name, case, accents and spacing folded, in any order \
    or in one field (+4); else the same first name (+2), forms of one name or one name spelled \
    two ways (Bob / Robert, Sasha / Alexander, Aleksandr / Alexander: +1.5), a \
    nickname that is the other's first name (+2), one holding the other or its initial \
    (Ana / Ana Maria, A. / Ana: they agree, and weigh 0), and the same last name (+2; spelled \
    two ways +1.5; one holding the other, Garcia / Garcia Lopez, +1; an initial 0); the same birthday with its \
    year (+3), without (+1.5); the same middle name (+0.5); the same date of death (+1). \
    Contradicting, which multiplies the score by 0.49 (under 0.5 whatever is shared): first \
    names that are none of the above (-6); genders M and F (-5; O contradicts nothing); other \
    birthdays (other days, or other years both known; a birthday from an age only a year more \
    than one apart, -6); one living and one deceased, or other dates of death (-6). Weakening, \
    which multiplies it by 0.89 (under 0.9): other last names (-5), other middle names (-2), \
    e-mail addresses on both sides none of which is shared (-4.5). What one of the two lacks \
    is no evidence, nor are phones that differ (people have several).

    Forms of one name come from a table of diminutives, nicknames and spellings (Bill and \
    William, Peggy and Margaret, Hans and Johannes, Pepe and Jose, Lukasz and Lukas), not \
    translations (Pierre is not Peter); Alex and Sasha belong to Alexander and to Alexandra, \
    which stay two names. Spellings are folded by rules: Cyrillic in Latin letters, tsch, sch, \
    ks and x, kh, ph and f, th, zh, oe, ue, w and v, y and i, a final er, a final h, doubled \
    consonants (Anna and Ana; Rene and Renee stay two).

    GROUPS
    Pairs of at least --min-score form groups strongest first, by complete linkage only: two \
    groups join when every contact of one scores at least --min-score with every contact of \
    the other, so a chain (A shares a phone with B, B an e-mail with C) never brings in a C \
    that A is not; a group stops growing at 20 contacts. A group's score is its weakest pair. \
    Never grouped: a contact with itself (a second record of one id is passed over), a partial \
    contact (is_partial: it belongs to a relationship). A contact left out of a group because \
    one member's evidence weakens it (addresses none shared) is found by a run after the merge, \
    when the keeper holds both.

    KEEPER
    "keep" is the contact that holds more: the most records (the sum of its statistics' \
    counts of calls, notes, activities, reminders, tasks, gifts and debts, plus its contact \
    fields, addresses and tags), then the most filled fields (last name, nickname, \
    description, gender, birthday, deceased date, job, company, food preferences, how you \
    met and the day you met, stay-in-touch frequency), then the oldest (created_at), then \
    the lowest id. "merge" lists the others by id.

    SPEED
    Contacts are compared only within blocks that share a key (the uuid, an e-mail, the last \
    7 digits of a phone, the full name folded, a form of the first name or the nickname with \
    the last name), never all against all. A key more than 100 contacts share (a switchboard, \
    a common name) is not compared by and is named in a warning on stderr.

    EXAMPLES
      monica-fetch contacts --with-fields | monica-dedupe | monica-format table
      monica-fetch contacts --with-fields \\
        | monica-dedupe --min-score 0.9 > duplicates.ndjson
      monica-fetch --all | monica-dedupe | jq -r '[.keep, .merge[]] | @tsv'

    \(Help.exitStatus)
    """
}
