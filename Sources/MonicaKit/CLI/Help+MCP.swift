extension Help {
  /// `monica-mcp --help` below its usage, and its man page's sections.
  package static let mcp = """
    An MCP (Model Context Protocol) server on stdin and stdout, for AI assistants: the \
    account of the profile (or MONICA_URL and MONICA_TOKEN), through the same credential \
    store, rate-limit pacer and cache as every tool. Nothing but the protocol is written to \
    stdout; diagnostics go to stderr. A passphrase profile takes its passphrase from \
    --passphrase-fd or MONICA_PASSPHRASE (stdin carries the protocol).

    TOOLS
      find_contact     the contacts a name, e-mail or phone may mean
      brief_contact    who, relationships, last calls and activities,
                       open tasks, next birthday, recent notes
      upcoming         birthdays and reminders of the next N days
      overdue          contacts not talked to for N days, or past their
                       stay-in-touch day
      search_notes     notes that contain the words given
      log_interaction  a call or an activity with a person (write)
      add_note, add_reminder, add_task, complete_task, tag  (write)

    CONFIRMATION
    A write tool called without "confirm" sends nothing: it answers the plan (what would be \
    sent, to whom) and a new confirmation key (a digest of the plan and a random part). Called \
    again with the same arguments and that key, it writes exactly that plan through \
    monica-push's write machinery, journaled in $XDG_STATE_HOME/monica/mcp/, under the \
    account's lock: the same key confirmed again (a retry, a lost answer, a restarted server, \
    another profile on the account) writes nothing and answers with the record already made; \
    the same write planned again later gets another key and is written again. A name that fits \
    several contacts answers the candidates and writes nothing. No tool deletes.

    CLIENT CONFIGURATION
      {"mcpServers": {"monica": {"command": "monica-mcp",
                                 "args": ["--read-only"]}}}

    EXAMPLES
      jq -nc "{jsonrpc: \\\"2.0\\\", id: 1, method: \\\"initialize\\\", params: \\
        {protocolVersion: \\\"2025-06-18\\\", capabilities: {}, \\
        clientInfo: {name: \\\"sh\\\", version: \\\"1\\\"}}}, \\
        {jsonrpc: \\\"2.0\\\", id: 2, method: \\\"tools/list\\\"}" \\
        | monica-mcp --read-only | jq -r 'select(.id == 2) | .result.tools[].name'
      jq -nc "{jsonrpc: \\\"2.0\\\", id: 1, method: \\\"initialize\\\", params: \\
        {protocolVersion: \\\"2025-06-18\\\", capabilities: {}, \\
        clientInfo: {name: \\\"sh\\\", version: \\\"1\\\"}}}, {jsonrpc: \\\"2.0\\\", id: 2, \\
        method: \\\"tools/call\\\", params: {name: \\\"upcoming\\\", \\
        arguments: {days: 30}}}" \\
        | monica-mcp --read-only | jq -r 'select(.id == 2).result.content[].text'

    An MCP client starts monica-mcp itself (with --read-only for the read tools alone), \
    as in the configuration above.

    \(Help.environment)

    \(Help.credentialFiles)

    \(Help.exitStatus)
    """
}
