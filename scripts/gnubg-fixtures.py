"""Regenerates the GNU Backgammon fixtures of lib/engine from gnubg itself.

Run from the repository root (needs the Debian package gnubg, 1.07.001; the tests only read the files it writes):

    /usr/games/gnubg -t -q -p scripts/gnubg-fixtures.py

Writes
  lib/engine/fixtures/gnubg-notation.jsonl  one line per position and roll: every legal play as gnubg's `hint` prints
                                            it, sorted; the positions of gnubg-legal-moves.jsonl plus the hand cases
                                            below (rule traps used by lib/engine/moves.test.ts).
  lib/engine/fixtures/gnubg-match-ids.json  Match IDs from gnubg.matchid() for cube/position info dictionaries.
"""

import json

import gnubg

FIXTURES = "lib/engine/fixtures/"

# Hand cases: (name, Position ID with the player on roll encoded second, dice).
HAND_CASES = [
    ("must use both dice", "YACAjf8PCAAQAA", (6, 5)),
    ("must use the larger die", "AAYA+P8BAAABAA", (6, 3)),
    ("only the smaller die can be played", "wAYA4P8HAAAEAA", (6, 1)),
    ("enter from the bar, 19 point blocked", "YAAAAJ8HHwACAA", (6, 5)),
    ("two on the bar, only one enters", "YAAAAJ+DDwADAA", (6, 5)),
    ("no entry: closed board", "27YBAAAAPgAEAA", (6, 5)),
    ("bear off with the higher die from the highest point", "cAAAQAYAAAAAAA", (6, 2)),
    ("come home then bear off", "cAAA4HABAAAAAA", (6, 1)),
    ("bear off while the opponent is on the bar", "MAAABA0AAAAAAA", (6, 5)),
    ("doubles only partly playable", "ADAA+P8AAIABAA", (6, 6)),
    ("hit on the way", "IAAE+H8AOAAAAA", (6, 6)),
    ("two checkers hit the same blot point", "AwAAAZ4BAAAAAA", (4, 4)),
    ("enter hitting", "BAAwAAAfAAIAAA", (3, 1)),
    ("hit and cover", "EAAAAz7gA0gAAA", (4, 2)),
    ("several blots with 3-3", "AwARAXgGAwAAAA", (3, 3)),
]

# (cube-info, pos-info) in gnubg.matchid()'s dictionaries; player 0 is white in lib/engine. gnubg 1.07 also writes
# "Jacoby off" as a 67th bit and the higher die first, so the cases vary both.
MATCH_CASES = [
    ({"cube": 1, "cubeowner": -1, "move": 1, "matchto": 0, "score": (0, 0), "jacoby": 1, "crawford": 0},
     {"dice": (0, 0), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 0}),
    ({"cube": 1, "cubeowner": -1, "move": 1, "matchto": 0, "score": (0, 0), "jacoby": 1, "crawford": 0},
     {"dice": (3, 1), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 1, "cubeowner": -1, "move": 0, "matchto": 5, "score": (0, 0), "jacoby": 0, "crawford": 0},
     {"dice": (5, 2), "turn": 0, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 2, "cubeowner": 1, "move": 0, "matchto": 7, "score": (3, 5), "jacoby": 0, "crawford": 0},
     {"dice": (6, 6), "turn": 0, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 4, "cubeowner": 0, "move": 1, "matchto": 7, "score": (2, 5), "jacoby": 0, "crawford": 0},
     {"dice": (6, 3), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 1, "cubeowner": -1, "move": 0, "matchto": 5, "score": (4, 2), "jacoby": 0, "crawford": 1},
     {"dice": (0, 0), "turn": 0, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 1, "cubeowner": -1, "move": 1, "matchto": 9, "score": (1, 0), "jacoby": 0, "crawford": 0},
     {"dice": (0, 0), "turn": 0, "resigned": 0, "doubled": 1, "gamestate": 1}),
    ({"cube": 2, "cubeowner": 0, "move": 0, "matchto": 9, "score": (1, 0), "jacoby": 0, "crawford": 0},
     {"dice": (0, 0), "turn": 1, "resigned": 2, "doubled": 0, "gamestate": 1}),
    ({"cube": 8, "cubeowner": 1, "move": 1, "matchto": 11, "score": (10, 9), "jacoby": 0, "crawford": 0},
     {"dice": (0, 0), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 2}),
    ({"cube": 1, "cubeowner": -1, "move": 0, "matchto": 3, "score": (0, 1), "jacoby": 0, "crawford": 0},
     {"dice": (0, 0), "turn": 0, "resigned": 3, "doubled": 0, "gamestate": 3}),
    ({"cube": 2, "cubeowner": -1, "move": 1, "matchto": 3, "score": (2, 1), "jacoby": 0, "crawford": 0},
     {"dice": (0, 0), "turn": 0, "resigned": 0, "doubled": 0, "gamestate": 4}),
    ({"cube": 64, "cubeowner": 0, "move": 0, "matchto": 0, "score": (12, 31), "jacoby": 0, "crawford": 0},
     {"dice": (4, 5), "turn": 0, "resigned": 1, "doubled": 0, "gamestate": 1}),
    ({"cube": 1, "cubeowner": -1, "move": 1, "matchto": 25, "score": (24, 24), "jacoby": 1, "crawford": 0},
     {"dice": (1, 2), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 1, "cubeowner": -1, "move": 0, "matchto": 1, "score": (0, 0), "jacoby": 0, "crawford": 0},
     {"dice": (2, 1), "turn": 0, "resigned": 0, "doubled": 0, "gamestate": 1}),
    ({"cube": 32768, "cubeowner": 1, "move": 1, "matchto": 32767, "score": (32766, 12345), "jacoby": 0, "crawford": 1},
     {"dice": (6, 5), "turn": 1, "resigned": 0, "doubled": 0, "gamestate": 1}),
]


def plays(position_id, dice):
    gnubg.command("set board %s" % position_id)
    gnubg.command("set dice %d %d" % dice)
    hint = gnubg.hint(100000)
    return sorted(m["move"] for m in hint["hint"]) if hint else []


def main():
    gnubg.command("set display off")
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("new session")
    gnubg.command("set turn 1")
    with open(FIXTURES + "gnubg-legal-moves.jsonl") as f:
        spec = [json.loads(line) for line in f if line.strip()]
    with open(FIXTURES + "gnubg-notation.jsonl", "w") as out:
        for name, pos, dice in HAND_CASES:
            out.write(json.dumps({"case": name, "pos": pos, "dice": list(dice), "moves": plays(pos, dice)}) + "\n")
        for case in spec:
            dice = tuple(case["dice"])
            out.write(json.dumps({"pos": case["pos"], "dice": list(dice), "moves": plays(case["pos"], dice)}) + "\n")
    cases = []
    for cube, pos in MATCH_CASES:
        full_cube = dict(cube, beavers=0, bgv=0)
        cases.append({"cubeinfo": cube, "posinfo": pos, "matchId": gnubg.matchid(full_cube, pos)})
    with open(FIXTURES + "gnubg-match-ids.json", "w") as out:
        out.write('{"generator": "scripts/gnubg-fixtures.py with GNU Backgammon 1.07.001", "cases": [\n')
        out.write(",\n".join(json.dumps(case) for case in cases))
        out.write("\n]}\n")


main()
