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

    --dedupe-against FILE takes the contacts already in Monica (monica-fetch contacts \
    --with-fields, for their e-mail addresses and latest notes). A card is one of them, \
    in this order: by its UID, when it is urn:uuid: and a contact's uuid (monica-format vcard \
    writes it, so an export imported back is its own contacts); by an e-mail address or a \
    phone number (its digits) of one of them; by its first and last name (case, accents and \
    spaces folded) only when one contact alone has that name and the card's birthday and \
    e-mail addresses do not contradict it. A name that several contacts share matches none: \
    the card is reported as ambiguous on stderr, left out of the output, --map and \
    --updates, and created as a new contact only with --create-ambiguous. A matched card's \
    contact is not created again. Its contact fields, addresses and \
    note are added when the contact lacks them. Its own empty fields that the card fills \
    (nickname, description, birthday, date of death) become update lines in --updates FILE, \
    for monica-push without --create, which reads each contact and merges its line; its \
    name, job, company and photo stay as they are. --skip-existing leaves such cards out. --map MAP \
    records each match (contact, card N, the existing id) in the map monica-push --create \
    --map reads, so that what hangs off the card goes to the existing contact.

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
