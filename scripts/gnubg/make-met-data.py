"""Writes lib/analysis/match-equity-data.ts from GNU Backgammon's Kazaross-XG2 match equity table.

Run from the repository root (needs the Debian package gnubg 1.07.001 for the XML file; the project only reads the
TypeScript module this writes):

    python3 scripts/gnubg/make-met-data.py [/usr/share/gnubg/met/Kazaross-XG2.xml]

The numbers are copied verbatim, as the XML spells them: rows of the pre-Crawford table are the player's points away
(1..25), columns the opponent's; the post-Crawford row is the trailer's match winning chance at 1..25 away against a
leader at 1-away.
"""

import sys
import textwrap
import xml.etree.ElementTree as ET

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/gnubg/met/Kazaross-XG2.xml"
OUT = "lib/analysis/match-equity-data.ts"

root = ET.parse(SOURCE).getroot()
info = root.find("info")
length = int(info.findtext("length"))
pre = [[me.text.strip() for me in row.findall("me")] for row in root.find("pre-crawford-table").findall("row")]
posts = root.findall("post-crawford-table")
assert len(posts) == 1 and posts[0].get("player") == "both", "expected one post-Crawford row for both players"
post = [me.text.strip() for me in posts[0].find("row").findall("me")]
assert len(pre) == length and all(len(r) == length for r in pre) and len(post) == length

lines = [
    "/**",
    " * The Kazaross-XG2 match equity table, copied number for number from GNU Backgammon 1.07's",
    " * met/Kazaross-XG2.xml by scripts/gnubg/make-met-data.py (do not edit by hand).",
    " *",
    f" * Name: {info.findtext('name').strip()}.",
    " * Copyright (C) 2011 Neil Kazaross; transcribed for GNU Backgammon by Michael Petch; distributed with GNU",
    " * Backgammon under a permissive notice (copying and distribution with or without modification permitted).",
    *textwrap.wrap(f"How it was made (the file's description): {info.findtext('description').strip()}", 112,
                   initial_indent=" * ", subsequent_indent=" * "),
    " * The file's comment adds: \"Table rolled up to 9 point match by eXtreme Gammon. Then uses R/K MET which was rolled",
    " * up to 15 and extrapolated to 25 points\" (R/K = Rockwell-Kazaross).",
    " *",
    " * PRE_CRAWFORD[i][j]: match winning chance of a player i+1 points away against an opponent j+1 away, at the start",
    " * of a game that is not post-Crawford (row 0 / column 0 are the Crawford game).",
    " * POST_CRAWFORD[i]: match winning chance of the trailer i+1 away against a leader 1-away, post-Crawford.",
    " */",
    "",
    f"export const MET_LENGTH = {length};",
    "",
    "export const PRE_CRAWFORD: readonly (readonly number[])[] = [",
]
for row in pre:
    lines.append("  [" + ", ".join(row) + "],")
lines.append("];")
lines.append("")
lines.append("export const POST_CRAWFORD: readonly number[] = [" + ", ".join(post) + "];")
lines.append("")
with open(OUT, "w") as f:
    f.write("\n".join(lines))
print(f"wrote {OUT}: {length}x{length} pre-Crawford, {length} post-Crawford entries")
