"""Drives monica-mcp with the Python MCP SDK (the `mcp` package), as an assistant's client would.

Usage: drive.py SERVER LOG OUT
  SERVER  the monica-mcp binary (MONICA_URL and MONICA_TOKEN in the environment)
  LOG     monica-sandbox's request log, read between steps to count the requests sent
  OUT     where the report goes: one JSON object, every step's outcome and every message received

The sandbox holds two contacts named Ana, one Ben, and answers the first POST /api/tasks with a
422 and every POST /api/calls with a 429. Assertions are the Swift test's (MCPTests.swift); this
script only records what happened.
"""

import asyncio
import json
import os
import sys

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

SERVER, LOG, OUT = sys.argv[1:4]
report = {"received": [], "steps": {}}


def requests(method, path):
    """How many METHOD PATH requests the sandbox logged so far."""
    count = 0
    with open(LOG, encoding="utf-8") as log:
        for line in log:
            entry = json.loads(line)
            if entry.get("method") == method and entry.get("path") == path:
                count += 1
    return count


def keep(message):
    """Every message the client received, as JSON text, for the token check."""
    report["received"].append(message.model_dump_json())
    return message


async def call(session, name, arguments):
    result = keep(await session.call_tool(name, arguments))
    return {
        "is_error": bool(result.is_error),
        "text": " ".join(part.text for part in result.content if getattr(part, "text", None) is not None),
        "structured": result.structured_content,
    }


async def session(args, body):
    params = StdioServerParameters(command=SERVER, args=args, env=dict(os.environ))
    with open(os.environ.get("MCP_SERVER_STDERR", os.devnull), "a", encoding="utf-8") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as client:
                await body(client)


async def main_session(client):
    steps = report["steps"]
    init = keep(await client.initialize())
    steps["initialize"] = {"name": init.server_info.name, "protocol": init.protocol_version}
    tools = keep(await client.list_tools())
    listed = []
    for tool in tools.tools:
        valid = True
        try:
            jsonschema.Draft202012Validator.check_schema(tool.input_schema)
        except jsonschema.SchemaError:
            valid = False
        hints = tool.annotations
        listed.append({
            "name": tool.name, "schema_valid": valid and tool.input_schema.get("type") == "object",
            "read_only": bool(hints and hints.read_only_hint), "destructive": bool(hints and hints.destructive_hint),
        })
    steps["tools"] = listed
    # Every read tool.
    steps["find_contact"] = await call(client, "find_contact", {"query": "Ana"})
    steps["brief_contact"] = await call(client, "brief_contact", {"contact": "Ben"})
    steps["upcoming"] = await call(client, "upcoming", {"days": 366})
    steps["overdue"] = await call(client, "overdue", {"days": 30})
    # An ambiguous name: the candidates, nothing written.
    before = requests("POST", "/api/notes")
    steps["ambiguous"] = await call(client, "add_note", {"contact": "Ana", "body": "Met for coffee"})
    steps["ambiguous"]["posts"] = requests("POST", "/api/notes") - before
    # A plan (nothing sent), confirmed (one POST), repeated (nothing more).
    note = {"contact": "Ben", "body": "Ben's daughter started school"}
    steps["plan"] = await call(client, "add_note", note)
    steps["plan"]["posts"] = requests("POST", "/api/notes") - before
    key = (steps["plan"]["structured"] or {}).get("confirmation_key")
    steps["confirm"] = await call(client, "add_note", {**note, "confirm": key})
    steps["confirm"]["posts"] = requests("POST", "/api/notes") - before
    steps["repeat"] = await call(client, "add_note", {**note, "confirm": key})
    steps["repeat"]["posts"] = requests("POST", "/api/notes") - before
    report["note"] = note
    report["key"] = key
    steps["search_notes"] = await call(client, "search_notes", {"text": "daughter school"})
    # Bad input: error results, and the server goes on.
    steps["unknown_tool"] = await call(client, "no_such_tool", {})
    steps["bad_argument"] = await call(client, "add_note", {"contact": "Ben", "body": 5})
    steps["extra_argument"] = await call(client, "find_contact", {"query": "Ben", "sql": "drop"})
    steps["alive"] = await call(client, "find_contact", {"query": "Ben"})
    # Monica's 422 and 429 as tool errors.
    task = {"contact": "Ben", "title": "Send the school photos"}
    plan = await call(client, "add_task", task)
    steps["refused"] = await call(client, "add_task", {**task, "confirm": (plan["structured"] or {}).get("confirmation_key")})
    interaction = {"contact": "Ben", "summary": "Talked about school"}
    plan = await call(client, "log_interaction", interaction)
    steps["rate_limited"] = await call(
        client, "log_interaction", {**interaction, "confirm": (plan["structured"] or {}).get("confirmation_key")})
    steps["alive_after_faults"] = await call(client, "brief_contact", {"contact": "Ben"})


async def restarted_session(client):
    keep(await client.initialize())
    before = requests("POST", "/api/notes")
    step = await call(client, "add_note", {**report["note"], "confirm": report["key"]})
    step["posts"] = requests("POST", "/api/notes") - before
    report["steps"]["repeat_after_restart"] = step


async def read_only_session(client):
    keep(await client.initialize())
    tools = keep(await client.list_tools())
    report["steps"]["read_only_tools"] = [
        {"name": tool.name, "read_only": bool(tool.annotations and tool.annotations.read_only_hint)}
        for tool in tools.tools
    ]
    report["steps"]["read_only_write"] = await call(client, "add_note", {"contact": "Ben", "body": "x"})


async def main():
    await session([], main_session)
    await session([], restarted_session)
    await session(["--read-only"], read_only_session)


try:
    asyncio.run(main())
finally:
    with open(OUT, "w", encoding="utf-8") as out:
        json.dump(report, out)
