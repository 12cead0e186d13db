/// The long help of `monica-push`, below its usage, and its man page's sections.
extension Help {
  /// `monica-push --help` below its usage.
  package static let push = """
    A line without "id" creates a record. A line with an "id" updates one: the record is \
    read, the line's fields are merged onto it and every field Monica's update takes is \
    sent, so what the line leaves out keeps its value. A contact's "tags" is the list of \
    tag names it should end with. Each line's record, as the server answers it, goes to \
    stdout. Kinds: \(WriteMapping.objects.joined(separator: ", ")).

    Before a line's first request its values are checked against Monica's rules for the \
    kind (required fields, booleans, whole numbers, dates, allowed values, lengths, from the \
    services at v4.1.2, in the order Monica checks them): a line that breaks one is refused \
    with status 65, naming the field, the rule and Monica's message, and nothing of it is \
    sent, so no line is left half-applied. A create line's members that no write field takes and that \
    are not fields of the kind's records are named in a warning, with the write fields \
    meant (--strict refuses the line instead). A line with a key twice in one object is \
    refused with 65. A run that stops on an error says how far it got: N lines written, \
    stopped at FILE:LINE. One writer at a time per account: before its first write a run \
    takes the account's lock (as monica-merge does, whatever the profile or map) and holds \
    it to its end; beside another writer (a push, a merge, a sync) it says it is waiting \
    and waits.

    EXAMPLES
      monica-fetch tasks --contact 7 | monica-filter --pending \\
        | jq -c '.completed = true' | monica-push | monica-format table
      echo '{"object":"contact","id":9,"nickname":"Sev"}' | monica-push
      echo '{"object":"note","contact_id":9,"body":"Hi"}' | monica-push --dry-run
      monica-fetch notes --contact 9 | monica-push --delete --yes
      monica-push --create --map restored.tsv backup.ndjson > /dev/null
      monica-fetch --all --profile old \\
        | monica-push --create --map old-to-new.tsv --profile new

    RESTORE AND MIGRATION
    --create --map FILE creates every record of a stream on the instance: a backup restored, or \
    a whole account (monica-fetch --all) moved to another instance. Each line needs its "object" \
    and its "id" on the source. FILE keeps one "object<TAB>source id<TAB>target id" line per \
    record the target holds, appended and synced to disk as each is created; a record FILE \
    holds is not sent again, so a run that was stopped or killed resumes where it stopped and a \
    second run sends nothing. One run at a time writes to FILE: a run holds its lock from \
    the end of its input to its end, and a second run says it is waiting and waits, then \
    finds what the first created; no record is created twice. The account's lock is taken \
    before FILE's, so two runs with two maps on one account take turns too. FILE is read once the input \
    has ended, so monica-import ... --map FILE | monica-push --create --map FILE sees the \
    lines the import wrote. --create --dry-run prints a plan on stdout: per kind, the \
    records that would be created, matched by name and already on the target (by FILE), \
    and what cannot be carried and why; only reads are sent and FILE is not written. The ids a record refers to (a note's contact, an activity's \
    attendees, a gift's recipient, a photo's contact) are translated through FILE: the stream \
    must give each record after those it refers to, as monica-fetch --all does; a reference \
    FILE does not hold stops the run with status 65. Tags, genders and activity types are \
    matched by name to those the target has (one read of each list), and created only when \
    missing. Photos are uploaded with their bytes (their dataUrl); a contact whose avatar was a \
    photo gets the copy of that photo as its avatar. A contact's job and company, food \
    preferences and how-you-met (its introducer translated through FILE; when the introducer \
    comes later in the stream, sent after that contact's create) go through their own routes \
    right after its create, only those it has; so do a gift's photos, and the user's own \
    contact when the target's user has none. Documents are downloaded from their link \
    (never with the token) and uploaded with their bytes when the source stores files publicly; \
    a link that answers a redirect to the login page (private storage, Monica's default) is \
    named in a warning and counted as not carried. A create that may have gone through \
    before a failure (a 5xx, no answer, a killed run) is looked for among the target's newest \
    records of its kind when the run is resumed, and taken into FILE rather than made again: \
    only a record above the highest id of its kind the target had before the migration's \
    first create of that kind (a "#floor" comment line in FILE), whose values are those sent \
    as Monica stores them (trimmed, "" as null); otherwise it is created. A create refused \
    for certain (HTTP 4xx but 408 and 429) made nothing: a "#refused" comment line in FILE \
    says so, and no later run looks for it. The input is read \
    whole first; progress (records done per kind, the ETA at the instance's rate limit) goes \
    to stderr, redrawn on a terminal, else a line at most every 10 seconds. Every run, a \
    resumed or a no-op one included, ends with its summary on stderr, recomputed from the \
    input and FILE: records created, already on the target and matched by name, in all and \
    a line per kind (not with --quiet), then each value the API cannot set, with how many \
    records it concerns: the archived state, favourites, stay-in-touch, where contacts were \
    first met, and the dates the server sets itself. Kinds monica-push does not create yet \
    are counted there too.

    DIAGNOSTICS
    A line Monica refuses (HTTP 422) stops the run with status 65, its source and line \
    number and Monica's messages, unless --keep-going. A rate limit (429) is waited out. \
    A read, update or delete answered with a 5xx or not at all is sent again; a create \
    never is, as it may have been applied: the run stops with status 75.

    CAVEATS
    Monica's contact update deletes the birthday and deceased-date reminders unless the \
    line sets birthdate_add_reminder or deceased_date_add_reminder to true; updates set a \
    completed task's completed_at and a favourite note's favorited_at to now; an \
    activity keeps its emotions when the line empties them; a task, a life event or a \
    conversation cannot move to another contact. A relationship's update changes its type \
    only, and its reverse row's to the new type's reverse when the account has one; its \
    delete takes the reverse row along, and a partial contact left with no relationship. A \
    conversation's messages are not pushed: Monica has no route that reads one, only a PUT \
    and a DELETE under their conversation. A line that changes none of its record's write fields sends no \
    update. A whole record in a line (as monica-fetch printed it) writes its fields back \
    as they were when fetched, over changes made in Monica since; a line with only the \
    fields to change does not.

    \(Help.credentialFiles)
      FILE...                                  records to push; - or none: stdin

    \(Help.environment)

    \(Help.exitStatus)
    """
}
