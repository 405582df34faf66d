"""Writes the match-equity and cube-decision fixtures of lib/analysis from GNU Backgammon 1.07's own numbers.

Run from the repository root (Debian package gnubg 1.07.001), after scripts/gnubg/cube-candidates.ts:

    /usr/games/gnubg -t -q -r -p scripts/gnubg/cube-fixtures.py

Reads lib/analysis/fixtures/cube-candidate-positions.txt (Position IDs, player on roll encoded second) and writes
  lib/analysis/fixtures/gnubg-met.json             gnubg.met(25): the match equity table gnubg uses (Kazaross-XG2)
  lib/analysis/fixtures/gnubg-cube-decisions.jsonl per position and cube/score context: gnubg.evaluate's 0-ply
                                                   cubeless probabilities and cubeless equity, gnubg.eq2mwc of that
                                                   equity, and gnubg.cfevaluate's 0-ply cubeful equities (no double,
                                                   double/take, double/pass) and its proper cube action

gnubg evaluates every candidate in every context; the fixtures keep, per context, up to three positions for each
proper cube action gnubg gives (two contact, one race or bear-off) and, where the cube is available, the two
positions nearest a decision threshold. Positions that gnubg evaluates with its exact two-sided bear-off database
(classes bearoff2 and bearoff-ts: cubeful equities from the database, not from Janowski's formula) are left out, as
are hypergammon and finished games.
"""

import json

import gnubg

FIXTURES = "lib/analysis/fixtures/"
CLASSES = ["over", "hypergammon1", "hypergammon2", "hypergammon3", "bearoff2", "bearoff-ts", "bearoff1",
           "bearoff-os", "race", "crashed", "contact"]
KEPT_CLASSES = {"bearoff1", "bearoff-os", "race", "crashed", "contact"}
EVAL = {"cubeful": 1, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}

# (match length, score of the side on roll, score of the other side, cube, owner, crawford)
# owner: "centre", "onRoll" or "other".
CONTEXTS = [
    (0, 0, 0, 1, "centre", False),
    (0, 0, 0, 2, "onRoll", False),
    (0, 0, 0, 2, "other", False),
    (5, 0, 0, 1, "centre", False),
    (5, 2, 0, 1, "centre", False),
    (5, 0, 2, 1, "centre", False),
    (5, 3, 3, 1, "centre", False),
    (5, 1, 3, 2, "onRoll", False),
    (5, 4, 2, 1, "centre", True),
    (5, 2, 4, 1, "centre", False),
    (5, 4, 3, 1, "centre", False),
    (5, 3, 2, 2, "onRoll", False),
    (7, 0, 0, 1, "centre", False),
    (7, 3, 5, 1, "centre", False),
    (7, 5, 3, 1, "centre", False),
    (7, 2, 2, 2, "other", False),
    (25, 0, 0, 1, "centre", False),
]
PER_ACTION = {"contact": 2, "race": 1}
NEAREST = 2


def cube_info(ctx):
    length, on_roll, other, cube, owner, crawford = ctx
    owner_index = {"centre": -1, "onRoll": 1, "other": 0}[owner]
    # Player 1 is the side on roll: gnubg.positionfromid puts the player on roll second.
    return gnubg.cubeinfo(cube, owner_index, 1, length, (other, on_roll), 1 if crawford else 0, 0)


def margin(nd, dt, dp):
    """How far the decision is from flipping: double or not turns on min(DT, DP) - ND, take or pass on DT - DP."""
    return min(abs(min(dt, dp) - nd), abs(dt - dp))


def near(row):
    """A real decision close to a threshold: the cube is available and the margin is not an exact tie (such ties
    come from certain wins, where no double = double/pass = +1, not from a close call)."""
    g = row["gnubg"]
    available = "dead" not in g["action"] and g["action"] != "Unknown cube decision"
    return available and margin(g["noDouble"], g["doubleTake"], g["doublePass"]) > 1e-6


gnubg.command("set jacoby off")
gnubg.command("set beavers 0")

with open(FIXTURES + "gnubg-met.json", "w") as out:
    pre, post0, post1 = gnubg.met(25)
    json.dump({"source": "gnubg.met(25), GNU Backgammon 1.07.001, default table Kazaross-XG2",
               "preCrawford": [row[:25] for row in pre[:25]], "postCrawford": post0[:25],
               "postCrawfordPlayer1": post1[:25]}, out)
    out.write("\n")

with open(FIXTURES + "cube-candidate-positions.txt") as f:
    candidates = [line.strip() for line in f if line.strip()]

lines = []
for ctx in CONTEXTS:
    ci = cube_info(ctx)
    rows = []
    for position_id in candidates:
        board = gnubg.positionfromid(position_id)
        position_class = CLASSES[gnubg.classifypos(board, 0)]
        if position_class not in KEPT_CLASSES:
            continue
        ev = gnubg.evaluate(board, ci, EVAL)
        optimal, nd, dt, dp, _, action = gnubg.cfevaluate(board, ci, EVAL)
        rows.append({
            "positionId": position_id,
            "positionClass": position_class,
            "matchLength": ctx[0], "scoreOnRoll": ctx[1], "scoreOther": ctx[2], "cube": ctx[3],
            "cubeOwner": ctx[4], "crawford": ctx[5],
            "probabilities": list(ev[:5]),
            "cubelessEquity": ev[5],
            "cubelessMwc": gnubg.eq2mwc(ev[5], ci) if ctx[0] else None,
            "gnubg": {"noDouble": nd, "doubleTake": dt, "doublePass": dp, "optimal": optimal, "action": action},
        })
    chosen = []
    counts = {}
    for row in rows:
        group = "contact" if row["positionClass"] in ("contact", "crashed") else "race"
        key = (row["gnubg"]["action"], group)
        if counts.get(key, 0) < PER_ACTION[group]:
            counts[key] = counts.get(key, 0) + 1
            chosen.append(row)
    g = lambda row: row["gnubg"]
    nearest = sorted((r for r in rows if r not in chosen and near(r)),
                     key=lambda r: margin(g(r)["noDouble"], g(r)["doubleTake"], g(r)["doublePass"]))[:NEAREST]
    for row in nearest:
        row["nearThreshold"] = True
    lines.extend(chosen + nearest)
    print(ctx, len(rows), "evaluated;", sorted(set(k[0] for k in counts)))

with open(FIXTURES + "gnubg-cube-decisions.jsonl", "w") as out:
    for row in lines:
        out.write(json.dumps(row) + "\n")
print("wrote", len(lines), "cube fixtures")
