extension Help {
  /// `monica-sync --help` below its usage, and its man page's sections.
  package static let sync = """
    Keeps a vdir (a folder of vCards, one per file, as khard, aerc and vdirsyncer read it) \
    and a Monica account in step, both ways. The first run writes every contact into DIR as \
    <uuid>.vcf, as monica-format vcard --vdir does. Later runs compare both sides with the \
    status file (as vdirsyncer does): a card changed in the file goes to Monica, merged onto \
    the contact as it is now; a contact changed in Monica is written to its file again, \
    keeping what Monica cannot hold (GENDER, X- properties, a second NOTE); a new file makes \
    a contact (once, even when the run is killed after the request), unless it is almost \
    certainly a contact already there (its UID is the contact's uuid, or a shared e-mail \
    address or phone with the same name; never a name alone); a new contact gets a file. \
    Each run reads the contacts in one paged walk. --dry-run prints every action it would \
    take, one line each: ACTION, FILE, UUID and why, tab-separated (ACTION is write, pull, \
    push, create, restore, delete, remove, record or conflict; a tab, line feed or other \
    control character inside a field is written \\t, \\n, \\x1b), and writes nothing.

    CONFLICTS
    A card changed on both sides to different values is a conflict: both are left as they \
    are, named on stderr (the file, the contact's uuid, what changed on each side), and \
    the run ends with status 65. --prefer monica rewrites the file, --prefer vdir sends \
    the file's values. PRODID and REV are not content: a file touched or rewritten to the \
    same values is no change.

    REFUSALS AND STOPS
    A change Monica refuses (HTTP 422, or a value refused before its request) is named on \
    stderr with the reason; the item is left as it is (what was written of it before the \
    refusal stays), the other items go on, and the run ends with status 65: the next run \
    tries the item again, until the file is corrected. Any other error (the instance \
    unreachable, rate limited, the token refused) stops the run, which says on stderr what \
    it already wrote; the next run finishes what was under way.

    DELETIONS
    A contact deleted in Monica removes its file when the file is unchanged (a changed \
    one is a conflict). A file deleted in the vdir is written back, and said, unless \
    --propagate-deletes is given: then its contact is deleted. A vdir with no card, or an \
    account with no contact, against a status that knows items stops the run before any \
    change, with status 78 (an unmounted folder, a wrong token); --force-delete goes on.

    STATUS
    $XDG_STATE_HOME/monica/sync/NAME-HASH.status (0600; --status FILE instead) holds a line \
    per item: the file, its UID, the contact's uuid and id, the file's etag and content \
    hash, Monica's updated_at and card hash. FILE.journal beside it holds the writes to \
    Monica (a run killed mid-push is resumed by the next, creating nothing twice). Two \
    runs at once take turns: the account's lock, then the status's.

    EXAMPLES
      monica-sync ~/.contacts/monica
      monica-sync --dry-run ~/.contacts/monica | cut -f 1 | sort | uniq -c
      monica-sync --prefer monica ~/.contacts/monica

    RECIPES
    khard: point an address book at the vdir (~/.config/khard/khard.conf:
      [addressbooks]
      [[monica]]
      path = ~/.contacts/monica
    then khard new, khard edit, and monica-sync after them.
    A CardDAV server (Nextcloud, Radicale, a phone) through vdirsyncer, from cron:
      */15 * * * *  monica-sync --quiet ~/.contacts/monica && vdirsyncer sync

    \(Help.environment)
      XDG_STATE_HOME            status files in $XDG_STATE_HOME/monica/sync

    \(Help.exitStatus)
    """
}
