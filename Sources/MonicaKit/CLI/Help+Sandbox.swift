extension Help {
  /// `monica-sandbox --help`'s text after its options; `faults` is the fault rules' syntax
  /// (`FaultRule.syntax`, in MonicaSandbox).
  package static func sandbox(faults: String) -> String {
    """
    Listens on 127.0.0.1 only and prints its URL; stops on SIGINT or SIGTERM, and
    with --exit-with-parent when the process that started it ends.

    EXAMPLES
      monica-sandbox --exit-with-parent --ready-file /tmp/ready.json &
      curl -s -H "Authorization: Bearer $(jq -r .token /tmp/ready.json)" \\
        -H 'Accept: application/json' \\
        "$(jq -r .api /tmp/ready.json)/contacts?limit=100" | jq '.data[].id'
      monica-sandbox --contacts 100000 --rate-limit 0 \\
        --fault 503@2 --fault cut@*5:/api/contacts

    DATA
      The same --seed and --contacts give the same account. People share values
      only where real people do: the contacts of one household (a seeded couple,
      or a parent and a child) share a landline and an address; no two other
      contacts share a phone, an e-mail or an address (many share a name, as
      people do). --duplicates adds the real duplicates an import leaves: Ysolde
      Marchetti twice (one e-mail in two cases), Theodoric "Teddy" and Teddy
      Vasquez-Lund (a nickname and one e-mail address), both almost certainly one
      person (monica-dedupe --min-score 0.9 groups exactly these two pairs), and
      two Philippa Okonkwo of other birthdays, who are two people.

    FAULTS
      \(faults)

    FILES
      --ready-file PATH  written once listening: {"url","api","token","gravatar"}
                         (the second origin's URL, which serves the seeded
                         gravatars)
      --log FILE         one JSON line per request (never the token's value)
      --state FILE       the store, rewritten after every write and read at start
      --load FILE        NDJSON records to serve instead of seeded data
      --token-file PATH  the token to accept

    ENVIRONMENT
      MONICA_URL, MONICA_TOKEN  not read here: the URL printed and the ready file's
                                token, to point the other tools at the sandbox

    \(Help.exitStatus)
    """
  }
}
