#!/usr/bin/env python3
"""Turn a page from swift-argument-parser's generate-manual plugin into the page we ship.

The plugin puts a command's whole `discussion` into DESCRIPTION as running text. The tools write
their discussion as a short introduction followed by sections under upper-case headings
(EXAMPLES, ENVIRONMENT, FILES, EXIT STATUS, ...), each line of a section indented. This script
moves those sections to real mdoc sections after the options, in the order man-pages(7) gives,
renders indented lines as literal blocks or tagged lists, replaces the plugin's generic EXIT
STATUS with the toolset's table, drops empty lines (mdoc warns about them) and refuses
non-ASCII text, so `man -l` renders every page without warnings.

The page's date is the committed page's when nothing else changed, else DATE (the last
commit's), so regenerating changes nothing unless the help did.

Usage: postprocess.py IN.1 OUT.1 COMMITTED.1 YYYY-MM-DD
"""
import datetime
import os
import re
import sys

HEADING = re.compile(r"^[A-Z][A-Z ]*[A-Z]$")
ORDER = ["ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
# Arguments a tool declares optional only so that ArgumentParser reports an unknown option
# before a missing argument (monica-fetch --bogus); the tool requires them, and so does its page.
REQUIRED = {"monica-fetch": ["KIND"]}
# Sections whose indented lines are "term  description" pairs, and how mdoc marks the term.
TAGGED = {"ENVIRONMENT": "Ev", "FILES": "Pa", "EXIT STATUS": "", "FAULTS": "", "FORMATS": ""}


def text_line(line):
    """One line of running text, safe from being read as a macro."""
    stripped = line.strip()
    return "\\&" + stripped if stripped[:1] in (".", "'") else stripped


def render(body, section=None):
    """Paragraphs of text and indented blocks as mdoc."""
    out, literal, tagged = [], False, False
    mark = TAGGED.get(section)
    for line in body:
        indented = line.startswith("  ")
        if literal and not indented:
            out.append(".Ed")
            literal = False
        if tagged and not indented:
            out.append(".El")
            tagged = False
        if not line.strip():
            if out and out[-1] not in (".Pp", ".Ed", ".El"):
                out.append(".Pp")
            continue
        if indented and mark is not None:
            parts = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            if len(parts) == 2:
                if not tagged:
                    out.append(".Bl -tag -width Ds")
                    tagged = True
                term = parts[0]
                out.append(f".It {mark} {term}" if mark else f".It {term}")
                out.append(text_line(parts[1]))
                continue
            if tagged:
                out.append(text_line(line))
                continue
        if indented:
            if not literal:
                out.append(".Bd -literal -offset indent")
                literal = True
            out.append("\\&" + line[2:] if line[2:3] in (".", "'") else line[2:])
            continue
        out.append(text_line(line))
    if literal:
        out.append(".Ed")
    if tagged:
        out.append(".El")
    while out and out[-1] == ".Pp":
        out.pop()
    return out


def dated(page, day):
    """The page with its .Dd line set to `day` (an ISO date)."""
    when = datetime.date.fromisoformat(day)
    stamp = f".Dd {when.strftime('%B')} {when.day}, {when.year}"
    return re.sub(r"^\.Dd .*$", stamp, page, count=1, flags=re.M)


def main(source, target, committed, day):
    page = convert(source)
    if os.path.exists(committed):
        old = open(committed, encoding="ascii", errors="replace").read()
        match = re.search(r"^\.Dd (.*)$", old, flags=re.M)
        if match:
            kept = datetime.datetime.strptime(match.group(1), "%B %d, %Y").date().isoformat()
            if dated(page, kept) == old:
                day = kept
    with open(target, "w", encoding="ascii") as handle:
        handle.write(dated(page, day))


def without_lone_help(rest):
    """Drops the implicit `help` subcommand's entry from a page that has no other subcommands."""
    subcommands = [line for line in rest if line.startswith(".It Em ")]
    if subcommands != [".It Em help"]:
        return rest
    at = rest.index(".It Em help")
    end = rest.index(".El", at) + 1  # the end of help's own option list
    return rest[:at] + rest[end:]


def convert(source):
    lines = open(source, encoding="utf-8").read().split("\n")
    start = lines.index(".Sh DESCRIPTION") + 1
    end = start
    while end < len(lines) and not lines[end].startswith("."):
        end += 1
    intro, sections, current = [], {}, None
    for line in lines[start:end]:
        if HEADING.match(line.strip()) and not line.startswith(" "):
            current = line.strip()
            sections[current] = []
        elif current is None:
            intro.append(line)
        else:
            sections[current].append(line)
    rest = lines[end:]
    # The plugin's generic exit section goes; the toolset's table replaces it.
    if '.Sh "EXIT STATUS"' in rest:
        at = rest.index('.Sh "EXIT STATUS"')
        del rest[at : at + 2]
    rest = without_lone_help(rest)
    if not any(line.startswith(".It Em ") for line in rest):
        # A tool without subcommands: the plugin still lists ArgumentParser's implicit `help`.
        synopsis = lines.index(".Sh SYNOPSIS")
        if lines[synopsis + 2] == ".Ar subcommand":
            del lines[synopsis + 2]
            start -= 1
    tool = os.path.basename(source).removesuffix(".1")
    for argument in REQUIRED.get(tool, []):
        lines = [f".Ar {argument}" if line == f".Op Ar {argument}" else line for line in lines]
    names = [name for name in ORDER if name in sections]
    names += [name for name in sections if name not in ORDER]
    out = lines[:start] + render(intro) + rest
    for name in names:
        out.append(f'.Sh "{name}"' if " " in name else f".Sh {name}")
        out += render(sections[name], name)
    if "SEE ALSO" not in sections:
        out += [".Sh SEE ALSO", ".Xr monica 7"]
    out = [line for line in out if line.strip()]
    page = "\n".join(out) + "\n"
    bad = [c for c in page if ord(c) > 127]
    if bad:
        sys.exit(f"{source}: non-ASCII text in the help: {''.join(sorted(set(bad)))!r}")
    return page


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
