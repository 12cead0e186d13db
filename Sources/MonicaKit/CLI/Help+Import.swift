extension Help {
  /// `monica-import --help` below its usage, and its man page's sections.
  package static let importVCard = """
    Reads vCard 2.1, 3.0 and 4.0 (Apple, Google, Outlook and phone exports: folded lines, \
    quoted-printable, CHARSET, grouped properties, inline photos) and writes one NDJSON record \
    per line in Monica's own shapes, for monica-push --create --map: each card's contact \
    (card N of the input, counted over all FILEs, is contact N), then what hangs off it, \
    numbered 1, 2, 3... per kind: contact fields (EMAIL, TEL, URL, X-SOCIALPROFILE, each \
    after its contactfieldtype, named so that monica-push finds it on the instance), \
    addresses (ADR), one note with what Monica has no field for, and the photo (PHOTO) as \
    a photo record to upload. The same files give the same records and ids.

    A card without a given name gets a first name from, in this order: FN (less N's family \
    name at its end; else split before its last word, or whole for a company card), N's \
    family name, ORG, NICKNAME, the local part of the first EMAIL, the first TEL. A card \
    with none of these is bad. BDAY --0412 and Apple's X-APPLE-OMIT-YEAR (and its year \
    1604) give a birthday whose year is unknown; a year alone (BDAY:1994, as monica-format \
    vcard writes a birthday guessed from an age) gives an age-based birthday. NOTE is the description when it fits in \
    Monica's 255 characters, else part of the note. ORG and TITLE are the company and job. \
    CATEGORIES are tags.

    Nothing is dropped without a word: a property Monica has no field for goes into the \
    note as 'Name: value'; what cannot be carried at all (inline data other than the first \
    photo, a photo given as a link, which is not downloaded, text not in its charset) is \
    reported on stderr as FILE:LINE: card N (name): .... Read and not carried: the card's \
    own bookkeeping (PRODID, REV, UID (read only to know the contact), X-ABUID, KIND, X-ABShowAs, Apple's X-ABLabel, which \
    names a grouped URL or ADR, and LABEL beside an ADR), and the TYPE of an e-mail or phone \
    (Monica's contact fields have no label).

    Who a card is, is the toolset's one judgement of "same person" (monica-dedupe(1), THE \
    SCALE and EVIDENCE: a shared e-mail address or phone number with the same name or a form of \
    it is almost certainly one person; other first names, genders, birthdays, living and dead \
    contradict whatever is shared). A first name the card makes from its nickname, e-mail \
    address or phone number is no name to compare, and a card says nothing of being alive \
    unless it has a date of death.

    The same person twice in the input is one contact: a card is first compared with the \
    cards before it, and when it is almost certainly one of them (0.9 or more: a shared e-mail \
    address or phone number with the same name, or the same UID), no contact is written for it: its contact fields, addresses and note that \
    are new go to the earlier card's contact, and what it says otherwise of the person (another \
    name, nickname, description, birthday, date of death, job, company, categories) becomes \
    note lines (Birthday (card 7): 1985-03-04). Each is said on stderr (a card given twice, \
    the same UID, only in the summary); a card that is only likely an earlier one (the same \
    name and nothing else: namesakes are as likely) is a contact of its own.

    --dedupe-against FILE takes the contacts already in Monica (monica-fetch contacts \
    --with-fields, for their e-mail addresses and latest notes). A card is one of them, in this \
    order: by its UID, when it is urn:uuid: and a contact's uuid (monica-format vcard writes \
    it, so an export imported back is its own contacts); the contact that is almost certainly \
    its person (score 0.9 or more: the best, when several are); the one contact likely its \
    person (0.5 or more, the same name for one) with nothing against. Several such are \
    ambiguous: the card is reported on stderr with each contact and why, left out of the \
    output, --map and --updates, and created as a new contact only with --create-ambiguous. A \
    contact that shares a phone or e-mail address with the card but that the judgement keeps \
    apart (first names differ: a household, a switchboard) is named on stderr; the card is a \
    new contact. An existing contact the card is wins over an earlier card that is another \
    one: two contacts are never made one. A matched card's contact is not created again. Its \
    contact fields, addresses and \
    note are added when the contact lacks them. Its own empty fields that the card fills \
    (nickname, description, birthday, date of death) become update lines in --updates FILE, \
    for monica-push without --create, which reads each contact and merges its line, each field \
    once however many cards fill it; its \
    name, job, company and photo stay as they are. --skip-existing leaves such cards out, and \
    the later cards of their people. --map MAP \
    records each match (contact, card N, the existing id) in the map monica-push --create \
    --map reads, so that what hangs off the card goes to the existing contact.

    When cards were matched (or --dedupe-against was given) a summary ends the run on stderr: \
    monica-import: 6 cards: 2 new contacts, 3 existing contacts (2 by UID, 1 by e-mail), 1 the \
    same person as an earlier card (1 by name), 0 ambiguous, 0 invalid. What is held grows \
    with the cards only by each person's names, dates, e-mail addresses and phones and hashes \
    of what was written for them, about 2 KB a card, up to 50,000 people (later cards are \
    compared with those, said once).

    A bad card (no END:VCARD, a line that is not NAME:value, nothing to name it by) stops \
    the import with 65 at FILE:LINE; the records of the cards before it are out, whole. \
    --skip-invalid reports it and goes on. The card numbers stay the same either way.

    A card is bounded before it is held whole, so that memory stays under 150 MB whatever \
    the input: a property over 1 MiB unfolded (PHOTO: over the 10 MB image cut, base64 \
    encoded), more than 1,000 properties, or more than 16 MiB of properties makes the card \
    bad at the line that passed the bound (65, or skipped with --skip-invalid); the rest of \
    it is read past, not kept. A physical line over 16 MiB stops the \
    import with 65 even with --skip-invalid.

    EXAMPLES
      monica-import vcard contacts.vcf | jq -r 'select(.first_name) | .first_name'
      monica-fetch contacts --with-fields > old.ndjson
      monica-import vcard phone.vcf --dedupe-against old.ndjson --map map.tsv \\
        | monica-push --create --map map.tsv --quiet > created.ndjson
      cat *.vcf | monica-import vcard --skip-invalid | jq -r .object | uniq -c

    \(Help.streamEnvironment)

    \(Help.exitStatus)
    """
}
