/// The long help of monica-avatar and monica-photo.
extension Help {
  /// `monica-avatar --help` below its usage.
  package static let avatar = """
    save (the default) reads contact records and writes each contact's avatar as \
    DIR/<contact id>.<png|jpg|gif|webp|svg>, printing one result line per contact in input \
    order: {"contact_id","source","file","bytes","mime_type","from","reason"}. from is \
    network, cache, data-url or initials; reason says why the initials stand in.

    Sources, as Monica 4 serves them: adorable is a data: URL, decoded; photo takes the bytes \
    from the photo record's dataUrl (its /store link needs a browser session), one walk of \
    /api/photos for many contacts; gravatar is a plain GET with no Authorization header; \
    default, or no URL, is an initials SVG on the contact's default_avatar_color, with no \
    request: the first letter of the first and the last name in their own script, \
    upper-cased where it has case (Ō, Ł), one character for a Han, Hangul or Kana name (the \
    family name's), right to left for Hebrew and Arabic; Monica's ASCII initials only when \
    the names have no letter. A source that fails (HTTP error, network error, a redirect, a body that is not \
    an image or is over 10 MB) falls back to the initials with a warning; the status is 0 \
    unless --strict. A body is counted as it arrives and the download stops at 10 MB \
    whatever its framing (chunked without end), or when it has not ended within the \
    time-out (MONICA_TIMEOUT_MS, one byte a second); such a URL is not asked for again in \
    the same run, and a URL shared by several contacts is downloaded once at a time. The token goes to the instance alone, never to another origin, and no \
    redirect is followed.

    set sends PUT /api/contacts/ID/avatar and prints the updated contact.

    EXAMPLES
      monica-fetch contacts | monica-avatar save --dir faces
      monica-fetch contacts --query ana | monica-avatar --dir faces --strict
      monica-fetch contacts | monica-avatar --dir faces | jq -c 'select(.reason)'
      monica-avatar set --contact 12 --source gravatar
      monica-avatar set --contact 12 --source photo --photo 31

    CACHE
    Images are kept, encrypted, in $XDG_CACHE_HOME/monica/avatars/P (0700, files 0600), \
    one cache per profile: an image is used with no request while its Cache-Control max-age \
    (24 hours without one) lasts, then revalidated with If-None-Match / If-Modified-Since (a \
    304 reuses it). A photo is kept by its id and updated_at, and its link is remembered, so \
    a known link costs no request (Monica cannot change a photo in place; --refresh reads it \
    again and a new updated_at is a new entry). A data: URL avatar is kept by the contact's \
    id and the URL itself, so a second run says from cache and writes nothing; a run of data \
    URLs alone uses the cache only when the credentials need no passphrase prompt. --refresh \
    revalidates everything. monica-auth logout removes the profile's images with the rest of \
    its cache; monica-auth cache clear empties both; P cannot be named avatars.

    \(Help.credentialFiles)
      $XDG_CACHE_HOME/monica/avatars/P/        profile P's image cache (0700)

    \(Help.environment)

    \(Help.exitStatus)
    """

  /// `monica-photo --help` below its usage.
  package static let photo = """
    save reads photo records (monica-fetch photos) and writes each photo's bytes, decoded \
    from its dataUrl, as DIR/<photo id>-<original_filename> (the name cleaned of /, .. and \
    control and bidi characters, each replaced by _), printing {"photo_id","contact_id","file","bytes","mime_type"} for each. \
    A line over 16 MiB is refused (status 65): the record of a 10 MB photo, Monica's largest, \
    is under 14 MB.

    upload sends each FILE as POST /api/photos (multipart field photo) for the contact and \
    prints the created photo records. A file that is not an image by its first bytes (PNG, \
    JPEG, GIF, WebP or SVG: what Laravel's image rule in Monica's UploadPhoto.php:39 takes, \
    BMP aside) or is over 10 MB, Monica's upload limit, is refused before anything is sent \
    (status 65). A failed upload is never sent again unless Monica said 429.

    delete sends DELETE /api/photos/ID for each ID, given as arguments or as photo records on \
    stdin, and prints Monica's answers. Without --yes it asks on the terminal, and with no \
    terminal it refuses (status 64) and sends nothing. Monica's API leaves the avatar of a \
    contact whose avatar was the deleted photo pointing at it (its web page resets it, \
    PhotosController.php:73-80): delete resets such an avatar to Adorable, as the web page \
    does, and says so on stderr.

    EXAMPLES
      monica-fetch photos --contact 4 | monica-photo save --dir photos
      monica-photo upload --contact 4 face.png | jq -r .id
      monica-photo delete 31 32 --yes
      monica-fetch photos --contact 4 | monica-photo delete --yes

    \(Help.credentialFiles)

    \(Help.environment)

    \(Help.exitStatus)
    """
}
