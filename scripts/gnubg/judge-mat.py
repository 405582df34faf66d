"""Has GNU Backgammon analyse money sessions written as .mat files and reports its per-game statistics, for
scripts/strength/gnubg-judge.ts.

Run (gnubg 1.07, Debian package gnubg):

    JUDGE_MAT=games.mat JUDGE_OUT=stats.json JUDGE_PLY=2 /usr/games/gnubg -t -q -r -p scripts/gnubg/judge-mat.py

Cubeless money: the cube is disabled and the Jacoby rule off before the import (gnubg reads " 0 point match" as a
money session with the settings in force), so gammons count and there are no cube decisions to judge. The analysis
uses gnubg's default settings (2-ply chequer play, pruning nets, its default move filters) except for the ply, which
is JUDGE_PLY when given, and only player X's plays are analysed when JUDGE_ONLY_X=1; one thread, as the machine is shared. Luck is not analysed (it takes time and does not enter
the error rates).

Writes JUDGE_OUT as JSON: {"ply": …, "games": [{"info": …, "X": …, "O": …}, …], "match": {"X": …, "O": …}} where each
side's entry is gnubg's own "moves" statistics (unforced-moves, total-moves, error-skill in EMG, marked counts);
player X is the left column of the .mat (our white). Each game also lists the plays as gnubg read them
([player, dice, [[from, to], …]]) for the caller to check. gnubg exits 0 even when a script fails, so the caller checks
that JUDGE_OUT was written.
"""

import json
import os

import gnubg


def moves_of(stats, side):
    return stats[side]["moves"]


gnubg.command("set threads 1")
gnubg.command("set confirm new off")
gnubg.command("set jacoby off")
gnubg.command("set cube use off")
gnubg.command("set analysis luck off")
gnubg.command("set analysis cube off")
ply = os.environ.get("JUDGE_PLY", "")
if ply != "":
    gnubg.command("set analysis chequerplay evaluation plies %d" % int(ply))
if os.environ.get("JUDGE_ONLY_X") == "1":  # only the left column's (our engine's) plays: half the time
    gnubg.command("set analysis player 1 analyse off")
gnubg.command("import mat %s" % os.environ["JUDGE_MAT"])
gnubg.command("analyse match")
match = gnubg.match(analysis=True, boards=False, statistics=True, verbose=False)
info = match["match-info"]
if info["match-length"] != 0 or "NoCube" not in info["rules"] or "Jacoby" in info["rules"]:
    raise SystemExit("judge-mat: expected a cubeless money session without Jacoby, got %r" % (info,))
games = [
    {
        "info": game["info"],
        "X": moves_of(game["stats"], "X"),
        "O": moves_of(game["stats"], "O"),
        # What gnubg read, so the caller can check it against what was written.
        "plays": [[r["player"], list(r["dice"]), [list(m) for m in r.get("move", ())]] for r in game["game"]],
    }
    for game in match["games"]
]
result = {
    "ply": ply,
    "names": {"X": info["X"]["name"], "O": info["O"]["name"]},
    "games": games,
    "match": {"X": moves_of(match["stats"], "X"), "O": moves_of(match["stats"], "O")},
}
with open(os.environ["JUDGE_OUT"], "w") as out:
    json.dump(result, out)
