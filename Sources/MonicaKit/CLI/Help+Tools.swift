/// The long help (DESCRIPTION, EXAMPLES, FILES, ENVIRONMENT, EXIT STATUS) of the tools whose
/// help outgrew their thin executables; each tool's `CommandConfiguration` names its own.
extension Help {
  /// The kinds with a route per contact: "activities, notes, tasks, gifts, photos".
  private static let nestedKinds = RecordKind.all.filter(\.isNestedUnderContacts).map(\.name).joined(separator: ", ")

  /// `monica-fetch --help` below its usage, and its man page's sections.
  package static let fetch = """
    Reads the records of one KIND (\(RecordKind.names.joined(separator: ", "))), \
    one record per line, as pages arrive; stops the moment its reader stops; stays within the \
    rate limit. --contact reads one contact's \(nestedKinds).

    --all reads the whole account: every record of every kind once, each after the records it \
    refers to (reference data, tags, contacts, then what is about them), and ends with the \
    counts per kind on stderr. Archived contacts, which the contact list leaves out, are found \
    by a search, which does not; partial ones through the relationships that name them. A kind \
    the instance has no route for is skipped with a warning.

    --query is Monica's contact search. It splits the text on spaces and keeps the contacts \
    where any word occurs in the first, middle or last name, the nickname, the description or \
    the job: 'ana nurse' finds every Ana and every nurse. % (any run of characters) and _ \
    (any one character) are wildcards. Case and accents fold on a real instance (its MySQL \
    collation, utf8mb4_unicode_ci): zoe finds a Zoe written with or without its diaeresis, \
    and so does the sandbox. A text with \
    a colon searches contact fields instead: email:sam finds the contacts with an e-mail \
    address starting with sam. The part before the colon is a contact field type (Email, \
    Phone, Twitter, LinkedIn... or one of the instance's own), not a record field, so \
    job:nurse finds nothing. Search includes archived contacts; the plain list does not.

    --cache keeps every answer, encrypted, in $XDG_CACHE_HOME/monica/P/responses \
    and replays one younger than TTL byte for byte, page by page, with no request. \
    When the instance is out of reach or fails with 5xx, the cached copy is shown \
    with a warning giving its age, and the status is 0; --offline answers from the \
    cache alone, with no request. A 401 or 403 drops the profile's cache; \
    monica-auth logout removes it and monica-auth cache clear empties it.

    EXAMPLES
      monica-fetch contacts | monica-format table
      monica-fetch contacts 12 --with-fields
      monica-fetch contacts --with-fields | monica-format vcard > all.vcf
      seq 3 5 | monica-fetch contacts - --with-fields
      monica-fetch contacts --query ana | monica-fetch notes --contact -
      monica-fetch contacts --tag family | monica-filter --dead
      monica-fetch notes --since 2020-10-01 | jq -r .body  # or --since 7d
      monica-fetch contacts | head -n 1                    # one request, exit 0
      monica-fetch --all > account.ndjson                  # the whole account
      monica-fetch contacts --cache | monica-format table  # no request for 5 min
      monica-fetch contacts --tag family --cache=1h | wc -l


    \(Help.credentialFiles)

    \(Help.environment)

    \(Help.exitStatus)
    """

  /// `monica-format --help` below its usage, and its man page's sections.
  package static let format = """
    Without --fields each kind shows its own columns, one table per kind in order of first \
    appearance; with --fields kinds share one table (an object column when they are mixed). \
    Tables stream: widths come from the first records and fit COLUMNS or the terminal. \
    Where the width is short, the least useful columns are left out first (with --fields, \
    the last fields, said on stderr) and long texts are cut short; ids and dates are never \
    cut.

    FORMATS
      table     aligned columns for people, the default; line breaks in a value
                become spaces
      tsv       a header, then one line per record, tab-separated: tabs and line
                breaks in a value become spaces and backslashes are doubled
      csv       RFC 4180 with CRLF, values as jq's @csv writes them (strings
                quoted, numbers bare, null empty); line breaks kept, quoted
      json      one array of the records (with --fields, of {"path": value})
      ndjson    one record per line (with --fields, {"path": value} objects)
      markdown  a table; | and backslashes escaped, line breaks become spaces
      vcard     vCard 4.0 of the contacts (--with-fields adds e-mails, phones, web
                addresses; --photos DIR the avatars monica-avatar saved); a
                birthday without its year is --MMDD; other records are left out;
                --vcard-version 3.0 writes RFC 2426 (BDAY:1980-05-17, --09-15,
                PHOTO;ENCODING=b) for readers such as abook
      ics       an RFC 5545 calendar: yearly all-day birthdays (29 February on
                the last day of February; no age when the year is unknown) and
                remembrances of deaths, reminders repeating as their frequency
                says, tasks as to-dos; a birthdate guessed from an age has no
                day and no event; other records are left out (a warning); a
                record met twice is written once, the later one
      dot       a Graphviz graph of contacts and relationship records: a node
                per contact that has a relationship (--all-contacts: every
                contact), an edge per relationship pair ("child / parent":
                the left node's name first), coloured by type group with a
                legend, each family (its family and love relationships) in
                a frame of its own; --around ID --depth N for one person's
                circle; --photos DIR puts each picture in its node by
                absolute path, so dot runs from any folder (initials faces
                are SVG: dot -Tsvg draws them, -Tpng needs Graphviz's rsvg
                plugin); --font NAME for names in scripts Helvetica lacks
                (Han, Hangul: --font 'Noto Sans CJK SC')
      template  --template '{{complete_name}} <{{id}}>': a line per record; a
                missing or null value is empty, and a placeholder that no
                record has (a typo?) is said on stderr at the end

    COMPUTED COLUMNS
      Worked out here for contacts, from the birthdate and --today, in every
      format, --fields, --template and --sort; not in Monica's records, added
      to a record only on its way to the writer when named, never written back:
      next_birthday        the date of the coming birthday (today included;
                           29 February on the 28th in common years)
      days_until_birthday  how many days until then, 0 today
      age                  how old the contact turns then (null when the
                           year is unknown)

    TERMINALS
      Data comes from anyone with access to the account. Characters in it that
      would control a terminal or reorder text (C0 controls but tab and line
      feed, DEL, C1 controls U+0080-U+009F, bidi controls U+061C, U+200E,
      U+200F, U+202A-U+202E, U+2066-U+2069) are shown as U+FFFD: always in table
      and markdown; in csv, tsv, json, ndjson, template, vcard and ics when
      stdout is a terminal or with --safe. To a file or a pipe (or a --vdir)
      those keep the data byte for byte. dot labels always show them as U+FFFD.

    EXAMPLES
      monica-fetch contacts | monica-filter --dead | monica-format table
      monica-fetch contacts | monica-format csv --fields id,first_name,last_name
      monica-fetch contacts 12 --with-fields | monica-format vcard > contact-12.vcf
      monica-fetch contacts | monica-format ics --alarm 1 > birthdays.ics
      monica-fetch tasks | monica-format ics --calendar-name Tasks > tasks.ics
      monica-fetch tasks | monica-format table --sort auto
      monica-fetch --all | monica-format dot | dot -Tsvg > family.svg
      monica-fetch contacts --with-fields > all.ndjson && \\
        monica-format vcard --vdir ~/.contacts/monica all.ndjson
      monica-fetch notes | \\
        monica-format template --template '{{contact.complete_name}}: {{body}}'

    VDIR
      --vdir DIR writes each contact (vcard) or event and task (ics) to a file of
      its own, DIR/<uid>.vcf or .ics, as khard, khal and vdirsyncer read them,
      each as it comes (memory stays small whatever the number of records). A
      uid that is not a safe file name (letters, digits, - _ .), or is longer
      than 200 bytes, is made safe and cut, with a hash of the uid after it, so
      two uids never share a file; a uid twice in the input gets a second file,
      said on stderr. A file is replaced (atomically, 0600) only when its
      content changed; DIR/.monica-format lists the files written, as they are
      written (a run killed half-way still lists them), and only those are
      removed when their record is no longer in the input and still hold what
      was written. A pipe cannot say it is whole (a fetch killed or failed ends
      it as cleanly), so files are removed only when every input is a regular
      file, or with --prune; never more than half of the listed files at once
      without --force. What is removed, or kept and why, is said on stderr. An
      input without a single item, or one that stops at a bad line, removes
      nothing.

    FILES
      FILE...  NDJSON records to read in order; - or none reads standard input.
               In FORMAT's place, a FILE that is not there needs a dot or a slash
               (nosuch.ndjson: 66); a plain word is a misspelt format (64)

    \(Help.streamEnvironment)

    \(Help.exitStatus)
    """

  /// `monica-auth --help` below its usage, and its man page's sections.
  package static let auth = """
    Every tool reads its instance and token the same way: MONICA_URL with MONICA_TOKEN or \
    MONICA_TOKEN_FILE, else the profile named by --profile or MONICA_PROFILE, else the \
    default one. The token is never taken from the command line, and only monica-auth token \
    prints it.

    The first login becomes the default profile; monica-auth switch PROFILE makes another one \
    the default. logout says what it deleted and which profile is the default after: when the \
    default goes and one profile is left, that one; with several left, none, and a tool run \
    without --profile then stops with status 78 naming the profiles, rather than reach another \
    instance unannounced. cache clear says what it removed (entries, bytes, where).

    EXAMPLES
      monica-auth login --url https://monica.example.com
      pass show monica | monica-auth login --token-stdin --profile home \\
        --url http://127.0.0.1:8080
      curl -H "Authorization: Bearer $(monica-auth token)" \\
        -H 'Accept: application/json' \\
        "$(monica-auth status --json | jq -r .instance)/api/me"
      monica-auth status --json | jq .cache    # monica-fetch --cache's size
      monica-auth cache clear && monica-auth status | tail -n 1

    \(Help.credentialFiles)

    \(Help.environment)

    \(Help.exitStatus)
    """

  /// `monica-filter --help` below its usage, and its man page's sections.
  package static let filter = """
    Records pass through byte for byte. A condition about another kind of record does not \
    match it (--dead keeps no notes); --invert keeps exactly the records the others drop.

    EXAMPLES
      monica-fetch contacts | monica-filter --dead | monica-format table
      monica-fetch contacts | monica-filter --birthday-within 90 --tag family
      monica-fetch tasks | monica-filter --pending --contact 14 | jq -r .title
      monica-filter --where 'information.career.job~(?i)nurse' backup.ndjson

    FILES
      FILE...  NDJSON records to read in order; - or none reads standard input

    \(Help.streamEnvironment)

    \(Help.exitStatus)
    """
}
