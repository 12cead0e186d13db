extension Help {
  /// `monica-merge --help`'s discussion.
  package static let merge = """
    Reads monica-dedupe lines (or one group from --keep ID --merge ID...) and, per group, \
    makes the keeper hold everything the others held, then deletes the others. Prints one \
    line per merged group, such as {"object":"merge", "keep":12, "merged":[57], "left":[], \
    "moved":4, "copied":2, "filled":[...], "tags":[...]}: "merged" are the contacts deleted, \
    "left" those kept beside the keeper with a note naming it.

    WHAT MOVES
    The keeper's empty fields (first and last name, nickname, description, birthday, \
    deceased date) are filled from the others, and so are its empty job, company, food \
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
    from that contact to the keeper; a group from --keep cannot see them, and its plan says so.

    WHAT STAYS
    The keeper is read back, list by list, and must hold every record moved or made again \
    (a photo with the same bytes, a document with the same file, a conversation with all its \
    messages), every filled field and tag; only then are the originals of the records made \
    again deleted, then the merged contacts. A merged contact that is archived (Monica \
    cannot delete it, DestroyContact.php:43), or one of whose records could not be made \
    again (a document behind a private link), is left, with a note naming the keeper. An \
    archived or partial keeper is refused.

    SAFETY
    --dry-run reads the contacts, prints the plan and writes nothing; it downloads each \
    document's link, as the merge would, so a contact whose document cannot be carried is \
    shown left, not deleted. Without --yes each \
    group is asked on the terminal, with both names and what each holds of every kind that \
    moves (for the keeper, the lists its record does not count are read: debts, pets, \
    reminders, calls, conversations, photos, documents, 7 requests a group asked); without a \
    terminal monica-merge refuses (64) before sending anything. --journal FILE records each \
    step as it is done (one run at a time holds it; each line synced; a torn last line is \
    cut off): a run stopped by a kill, a 5xx or a time-out is resumed by running it again \
    with the same journal, and nothing is done twice; a create whose answer was lost is \
    looked for before it is sent again; a finished merge run again writes nothing.

    EXAMPLES
      monica-fetch contacts --with-fields | monica-dedupe | monica-merge --dry-run
      monica-merge --keep 12 --merge 57 --dry-run
      monica-fetch contacts --with-fields | monica-dedupe --min-score 0.9 \\
        | monica-merge --yes --journal merge.journal

    \(Help.exitStatus)
    """
}
