import Foundation
import MonicaKit
import MonicaTestSupport
import Testing

/// `monica-mcp` driven by a real MCP client from outside the project, the Python SDK (`mcp`),
/// against monica-sandbox: Fixtures/mcp/drive.py runs three sessions (one, the same again after a
/// restart, one `--read-only`) and reports every step; the sandbox's request log says what was
/// sent. The tools' logic is tested in-process (MonicaMCPTests); this is what only the binary shows.
@Suite struct MCPTests {
  @Test("a real MCP client: tools, reads, a confirmed write sent once, refusals as tool errors, no token")
  func pythonClient() throws {
    let python = try IndependentParsers.python(with: ["mcp", "jsonschema"])
    let sandbox = try Sandbox.start([
      "--contacts", "0", "--rate-limit", "0", "--fault", "422@1:POST:/api/tasks", "--fault",
      "429=0@*1:POST:/api/calls",
    ])
    let people = [
      #"{"object":"contact","first_name":"Ana","last_name":"Lima","is_birthdate_known":true,"birthdate_day":27,"birthdate_month":11,"birthdate_year":1985,"is_deceased":false,"is_deceased_date_known":false}"#,
      #"{"object":"contact","first_name":"Ana","last_name":"Costa","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#,
      #"{"object":"contact","first_name":"Ben","last_name":"Ode","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#,
    ]
    let made = try sh(
      "monica-push > /dev/null", env: sandbox.signedInEnv, stdin: people.joined(separator: "\n") + "\n")
    try #require(made.status == 0, "\(made)")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/mcp/drive.py"
    let root = sandbox.temporary.root
    let run = try sh(
      #""$PYTHON" "$SCRIPT" "$(command -v monica-mcp)" "$LOG" "$ROOT/report.json""#,
      env: sandbox.signedInEnv.merging([
        "PYTHON": python, "SCRIPT": script, "LOG": sandbox.logPath, "ROOT": root, "MONICA_BACKOFF_MS": "10",
        "MCP_SERVER_STDERR": root + "/server.err",
      ]) { $1 })
    #expect(run.status == 0, "\(run)")
    let text = try String(contentsOfFile: root + "/report.json", encoding: .utf8)
    let report = try JSONValue(parsing: text)
    let steps = try #require(report["steps"], "\(run)")

    #expect(steps["initialize"]?["name"] == .string("monica-mcp"))
    let tools = steps["tools"]?.arrayValue ?? []
    #expect(tools.count == 11 && tools.allSatisfy { $0["schema_valid"] == .bool(true) }, "\(tools)")
    #expect(tools.allSatisfy { $0["destructive"] == .bool(false) })
    let readTools = tools.filter { $0["read_only"] == .bool(true) }.compactMap { $0["name"]?.stringValue }
    #expect(readTools == ["find_contact", "brief_contact", "upcoming", "overdue", "search_notes"])

    // Every read tool answered.
    for name in ["find_contact", "brief_contact", "upcoming", "overdue", "search_notes"] {
      #expect(steps[name]?["is_error"] == .bool(false), "\(name): \(steps[name] ?? .null)")
    }
    #expect(steps["find_contact"]?["structured"]?["count"] == .int(2))
    #expect(steps["search_notes"]?["structured"]?["count"] == .int(1))
    // Ambiguous: candidates, no POST. Planned: no POST. Confirmed: one. Repeated, and after a
    // restart: none more.
    #expect(steps["ambiguous"]?["structured"]?["status"] == .string("ambiguous"))
    #expect(steps["ambiguous"]?["posts"] == .int(0))
    #expect(steps["plan"]?["structured"]?["status"] == .string("planned") && steps["plan"]?["posts"] == .int(0))
    #expect(steps["confirm"]?["structured"]?["status"] == .string("written") && steps["confirm"]?["posts"] == .int(1))
    #expect(steps["repeat"]?["structured"]?["status"] == .string("already_written"))
    #expect(steps["repeat"]?["posts"] == .int(1))
    #expect(steps["repeat_after_restart"]?["structured"]?["status"] == .string("already_written"))
    #expect(steps["repeat_after_restart"]?["posts"] == .int(0))
    #expect(sandbox.requests(path: "/api/notes").filter { $0["method"] == .string("POST") }.count == 1)
    // Bad input: error results, the server alive after them.
    for name in ["unknown_tool", "bad_argument", "extra_argument"] {
      #expect(steps[name]?["is_error"] == .bool(true), "\(name)")
    }
    #expect(steps["alive"]?["is_error"] == .bool(false))
    // Monica's 422 and 429: tool errors that say what to do.
    #expect(steps["refused"]?["is_error"] == .bool(true))
    #expect(steps["refused"]?["structured"]?["error"] == .string("refused"))
    #expect(steps["refused"]?["text"]?.stringValue?.contains("The selected contact id is invalid.") == true)
    #expect(steps["rate_limited"]?["is_error"] == .bool(true))
    #expect(steps["rate_limited"]?["structured"]?["error"] == .string("rate_limited"))
    #expect(steps["alive_after_faults"]?["is_error"] == .bool(false))
    // --read-only: no write tool, and a write refused.
    #expect(steps["read_only_tools"]?.arrayValue?.allSatisfy { $0["read_only"] == .bool(true) } == true)
    #expect(steps["read_only_tools"]?.arrayValue?.count == 5)
    #expect(steps["read_only_write"]?["is_error"] == .bool(true))
    // The token is in nothing the client received, nor in the server's stderr.
    #expect((report["received"]?.arrayValue?.count ?? 0) > 20)
    #expect(!text.contains(sandbox.token))
    let stderr = (try? String(contentsOfFile: root + "/server.err", encoding: .utf8)) ?? ""
    #expect(!stderr.contains(sandbox.token))
  }
}

extension MCPTests {
  @Test("requests written before the input ends are all answered: a pipeline into monica-mcp works")
  func pipeline() throws {
    let sandbox = try Sandbox.start(["--contacts", "5", "--rate-limit", "0"])
    let run = try sh(
      """
      jq -nc '{jsonrpc: "2.0", id: 1, method: "initialize", params: {protocolVersion: "2025-06-18",
          capabilities: {}, clientInfo: {name: "sh", version: "1"}}},
        {jsonrpc: "2.0", id: 2, method: "tools/list"},
        {jsonrpc: "2.0", id: 3, method: "tools/call", params: {name: "upcoming", arguments: {days: 366}}},
        {jsonrpc: "2.0", id: 4, method: "tools/call", params: {name: "add_note", arguments: {body: 5}}}' |
        monica-mcp | jq -c '[.id, (.result.tools | length), .result.isError]' | sort
      """, env: sandbox.signedInEnv)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.lines == ["[1,0,null]", "[2,11,null]", "[3,0,false]", "[4,0,true]"], "\(run)")
    #expect(!run.stdout.contains(sandbox.token))
  }
}

extension MCPTests {
  @Test(
    "a server killed after its POST was carried out, before the answer: the confirmed call again finds the note, no second POST"
  )
  func killedMidWrite() throws {
    let sandbox = try Sandbox.start(["--contacts", "0", "--rate-limit", "0", "--fault", "late=3000@1:POST:/api/notes"])
    let ben =
      #"{"object":"contact","first_name":"Ben","last_name":"Ode","is_birthdate_known":false,"is_deceased":false,"is_deceased_date_known":false}"#
    try #require(try sh("monica-push > /dev/null", env: sandbox.signedInEnv, stdin: ben + "\n").status == 0)
    let run = try sh(
      """
      call() {  # call ARGUMENTS: initialize, then add_note with them
        jq -nc --argjson arguments "$1" '{jsonrpc: "2.0", id: 1, method: "initialize", params: {protocolVersion:
            "2025-06-18", capabilities: {}, clientInfo: {name: "sh", version: "1"}}},
          {jsonrpc: "2.0", id: 2, method: "tools/call", params: {name: "add_note", arguments: $arguments}}'
      }
      note='{"contact": "Ben", "body": "Ben started a new job"}'
      key=$(call "$note" | monica-mcp | jq -r 'select(.id == 2) | .result.structuredContent.confirmation_key')
      confirmed=$(jq -c --arg key "$key" '. + {confirm: $key}' <<<"$note")
      mkfifo "$TMPDIR/in"
      monica-mcp < "$TMPDIR/in" > "$TMPDIR/first.out" &
      server=$!
      exec 3> "$TMPDIR/in"
      call "$confirmed" >&3
      for _ in $(seq 600); do grep -q '"method":"POST","path":"/api/notes"' "$LOG" && break; sleep 0.05; done
      kill -9 $server; wait $server 2>/dev/null; exec 3>&-
      echo "first: $(jq -c 'select(.id == 2)' "$TMPDIR/first.out")"
      call "$confirmed" | monica-mcp | jq -c 'select(.id == 2) | .result.structuredContent | [.status, .id]'
      """, env: sandbox.signedInEnv.merging(["LOG": sandbox.logPath]) { $1 })
    #expect(run.status == 0, "\(run)")
    // The killed server answered nothing; the next one found the note the POST made.
    #expect(run.lines.first == "first: ", "\(run)")
    #expect(run.lines.last?.hasPrefix(#"["already_written","#) == true, "\(run)")
    #expect(sandbox.requests(path: "/api/notes").filter { $0["method"] == .string("POST") }.count == 1)
    #expect(!run.stdout.contains(sandbox.token))
  }
}
