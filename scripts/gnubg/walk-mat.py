"""Imports a .mat file into GNU Backgammon and reports what gnubg made of it, for scripts/mat-gnubg.test.ts.

Run (gnubg 1.07, Debian package gnubg):

    MAT_IN=match.mat WALK_OUT=walk.json REEXPORT=again.mat /usr/games/gnubg -t -q -r -p scripts/gnubg/walk-mat.py

Writes WALK_OUT as JSON: {"matchInfo": …, "games": [{"info": …, "steps": [{"action", "player", "dice", "move",
"positionId", "matchId"}, …]}, …]}: for every move record of every game, gnubg's Position ID and Match ID after
stepping onto it with `next` (player 0 is "X" in gnubg's Python dictionaries). Then exports the match again with
`export match mat` to REEXPORT. gnubg exits 0 even when a script fails, so the caller checks that WALK_OUT
was written.
"""

import json
import os

import gnubg


def ids():
    try:
        return gnubg.positionid(), gnubg.matchid()
    except ValueError:  # no current position (before the first record)
        return None, None


gnubg.command("set confirm new off")
gnubg.command("import mat %s" % os.environ["MAT_IN"])
match = gnubg.match()
games = []
gnubg.command("first game")
for number, game in enumerate(match["games"]):
    if number > 0:
        gnubg.command("next game")
    steps = []
    for record in game["game"]:
        gnubg.command("next")
        position_id, match_id = ids()
        steps.append({
            "action": record.get("action"),
            "player": record.get("player"),
            "dice": record.get("dice"),
            "move": record.get("move"),
            "positionId": position_id,
            "matchId": match_id,
        })
    games.append({"info": game["info"], "steps": steps})
gnubg.command("export match mat %s" % os.environ["REEXPORT"])
with open(os.environ["WALK_OUT"], "w") as out:
    json.dump({"matchInfo": match["match-info"], "games": games}, out)
