extension Help {
  /// `monica-merge --help`'s discussion.
  package static let merge = """
    Reads monica-dedupe lines (or one group from --keep ID --merge ID...) and, per group, \
    makes the keeper hold everything the others held, then deletes the others. Prints one \
    line per merged group, such as {"object":"merge", "id":12, "group":"stdin:1", "keep":12, \
    "merged":[57], "left":[], "moved":4, "copied":2, "filled":[...], "tags":[...]}: "id" is the \
    keeper (so monica-format shows the lines), "merged" are the contacts deleted, "left" those \
    kept beside the keeper with a note naming it; the counts are the whole group's, also when \
    a resumed run finished what a stopped one began.

    WHO IS MERGED
    A merge cannot be undone by Monica, so a group is checked again on the contacts as read, \
    before anything is written. The account's own contact (is_me: the contact GET /api/me names, \
    Contact.php:484-487) is never merged away: from a monica-dedupe line it becomes the keeper; \
    from --keep it refuses the group. Contacts that contradict each other (first names that \
    differ without case or accents where neither is the other's nickname, genders M and F, \
    birthdays, one living and one deceased, e-mail addresses that share none) may be two people \
    sharing a phone or an address: the group is refused unless --force names each merged contact \
    concerned. A line joining more than --max-group contacts (20), a line that repeats a key \
    ("merge":[2],"merge":[5]) or whose ids are not positive integers, is refused (65) before the \
    first request; a line whose "contacts" names are not the server's (it was written before \
    someone was renamed, or by hand) is refused unless --ignore-names. Filling "deceased" or a \
    date of death is a change, not a gap: the plan, stderr and the question say it as one.

    WHAT MOVES
    The keeper's empty fields (first and last name, nickname, description, birthday, \
    date of death) are filled from the others, and so are its empty job, company, food \
    preferences and how-you-met, by their own routes (PUT /contacts/{id}/work, /food, \
    /introduction; routes/api.php:27-29). Values that differ from the keeper's go into one \
    note on the keeper: "Merged from Ana L. (#57): nickname 'Ani'; birthday 1985-03-04"; so \
    do stay-in-touch and starred, which only the web app writes (routes/web.php:185,188) and \
    no API route can fill. Notes, gifts, debts, pets and contact fields move by their \
    update, which writes contact_id (ApiNoteController.php:105, UpdateGift.php:65, \
    ApiDebtController.php:101, ApiPetController.php:100, UpdateContactField.php:52-53); \
    activities by their update's attendee list (UpdateActivity.php:46,88). The kinds whose \
    update never changes the contact are made again on the keeper: tasks, reminders, calls, \
    addresses (UpdateTask.php:80-98, UpdateReminder.php:45-48, UpdateCall.php:44-48, \
    UpdateAddress.php:48-50), life events (UpdateLifeEvent.php:47-52), conversations with \
    their messages (UpdateConversation.php:50-53) and relationships \
    (UpdateRelationship.php:63-65; Monica makes the reverse row, CreateRelationship.php:51-55); \
    so are photos and \
    documents, which have no update (routes/api.php:131,136), with their bytes: a photo's \
    from its dataUrl, a document's downloaded from its link (public storage only; a private \
    link answers the login page). A merged contact's photo avatar is one of its photos, and \
    survives as a photo of the keeper; a gift that held a photo made again is given the copy \
    (PUT /gifts/{gift}/photo/{photo}, routes/api.php:105). A contact field, address or relationship the keeper \
    has already is not doubled; a relationship between the merged contacts is dropped; tags \
    are joined by name. A relationship another contact holds to a merged one with no reverse \
    row (its type's reverse is not the account's, CreateRelationship.php:51-55) is listed \
    under that contact only (ApiRelationshipController.php:26-28) and would go with the \
    merged contact (DestroyContact.php:64-71): the contacts a monica-dedupe line names in \
    "related_from" have their lists read (one request each), and such a row is made again \
    from that contact to the keeper; a group from --keep cannot see them, and its plan says so. \
    The notes monica-merge itself wrote are not moved: the note an earlier merge left on a \
    contact it could not delete stays with it, and an earlier keeper's note has its lines \
    folded into this merge's note.

    What the API cannot set is lost, and the plan says so, counted ("# not carried: ..."): a \
    record made again gets the merge's time as created_at and updated_at; a completed task made \
    again gets it as completed_at (UpdateTask.php:52); a favourite note moved by its update gets \
    it as favorited_at (ApiNoteController.php:111); a call whose contact_called is null (as \
    UpdateCall.php:47 stores an unset one) is made again with false, the column's default; a \
    life event loses whether its month or day was unknown, and its link to its reminder (the API \
    prints neither, LifeEvent.php:21-37).

    WHAT STAYS
    The keeper is read back, list by list, and must hold every record moved or made again \
    (a photo with the same bytes, a document with the same file, a conversation with all its \
    messages), every filled field and tag; only then are the originals of the records made \
    again deleted, then the merged contacts. A merged contact that is archived (Monica \
    cannot delete it, DestroyContact.php:43), or one of whose records could not be made \
    again (a document behind a private link), is left, with a note naming the keeper. An \
    archived or partial keeper is refused.

    SAFETY
    --dry-run reads the contacts, prints the plan and writes nothing (--json: one NDJSON \
    record per line of the plan, {"object":"mergeplan", "id":KEEPER, "group", "action", \
    "text", "record_object", "record_id", "from"}); it downloads each document's link, as the \
    merge would, so a contact whose document cannot be carried is shown left, not deleted. \
    Names and values in the plan and every message are shown with terminal controls, bidi \
    controls and line feeds replaced (U+FFFD), on a terminal or a pipe. Without --yes each \
    group is asked on the terminal, with both names, what each holds of every kind that \
    moves (for the keeper, the lists its record does not count are read: debts, pets, \
    reminders, calls, conversations, photos, documents, 7 requests a group asked), the line's \
    score and its reasons for and against; the contacts are read again after the answer, and \
    a group that changed meanwhile is not merged. Without a terminal monica-merge refuses (64) \
    before sending anything.

    One writer at a time per account: a run takes the account's lock (instance URL and \
    account, $XDG_STATE_HOME/monica/locks; whatever the profile, journal or MONICA_URL) for its \
    plan and its writes; a second run waits for it, saying so, then finds the contacts merged. \
    --journal FILE records each step as it is done (one run at a time holds it; each line \
    synced; a torn last line is cut off), and FILE.plans (0600) keeps what each group's plan \
    was made from, before its first write: a run stopped at any moment (a kill, a 5xx, a \
    time-out, Ctrl-C) is finished by running the same command again, which replays the plan it \
    journaled rather than planning again from what it reads now (a record copied already is \
    still the plan's copy, its original still deleted), moves what the merged contacts got \
    since, and reports the whole group; a create whose answer was lost is looked for before it \
    is sent again; a finished merge run again sends nothing. A stopped run says how far it got \
    and how to finish. Without --journal the steps are journaled all the same, in a private \
    temporary folder that is removed at the end, or kept and named when the run stops.

    EXAMPLES
      monica-fetch contacts --with-fields | monica-dedupe | monica-merge --dry-run
      monica-merge --keep 12 --merge 57 --dry-run --json | jq -r .action
      monica-fetch contacts --with-fields | monica-dedupe --min-score 0.9 \\
        | monica-merge --yes --journal merge.journal

    \(Help.exitStatus)
    """
}
