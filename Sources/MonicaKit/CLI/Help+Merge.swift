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
    deceased date) are filled from the others. Values that differ from the keeper's, and \
    job, company, food preferences, how you met, stay-in-touch and starred (kept on routes \
    of their own), go into one note on the keeper: "Merged from Ana L. (#57): nickname \
    'Ani'; birthday 1985-03-04". Notes, gifts, debts, pets and contact fields move by their \
    update, which writes contact_id (ApiNoteController.php:105, UpdateGift.php:65, \
    ApiDebtController.php:101, ApiPetController.php:100, UpdateContactField.php:52-53); \
    activities by their update's attendee list (UpdateActivity.php:46,88). Tasks, reminders, \
    calls and addresses, whose updates never change the contact (UpdateTask.php:80-98, \
    UpdateReminder.php:45-48, UpdateCall.php:44-48, UpdateAddress.php:48-50), are made again \
    on the keeper and the originals deleted. A contact field or address the keeper has \
    already is not doubled; tags are joined by name.

    WHAT STAYS
    A merged contact is deleted only after the keeper was read back holding everything. One \
    that is archived (Monica cannot delete it, DestroyContact.php:43) or that holds photos, \
    documents, conversations, life events or relationships (not moved by this version) is \
    left, with a note naming the keeper. An archived or partial keeper is refused.

    SAFETY
    --dry-run reads the contacts, prints the plan and writes nothing. Without --yes each \
    group is asked on the terminal, with both names and what each holds; without a \
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
