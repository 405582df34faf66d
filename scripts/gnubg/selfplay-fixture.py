"""Has GNU Backgammon play a 7-point match against itself and export it, for lib/engine/mat.test.ts.

Run from the repository root (Debian package gnubg, 1.07.001):

    /usr/games/gnubg -t -q -r -p scripts/gnubg/selfplay-fixture.py

Writes to lib/engine/fixtures/mat/:
  gnubg-selfplay.mat           `export match mat` of the match as gnubg played it (its moves in the order it found
                               them)
  gnubg-selfplay.reexport.mat  `export match mat` after `import mat` of that file (gnubg stores imported moves in its
                               canonical order, highest point first)
  gnubg-selfplay.games.json    per game, the score before it and how it ended, from gnubg.match() of the import
"""

import json

import gnubg

OUT = "lib/engine/fixtures/mat/"

gnubg.command("set seed 20260501")
for player in (0, 1):
    gnubg.command("set player %d gnubg" % player)
    gnubg.command("set player %d chequerplay evaluation plies 0" % player)
    gnubg.command("set player %d cubedecision evaluation plies 0" % player)
gnubg.command("new match 7")
# The names are set once the match is played: `new match` puts back gnubg's own ("gnubg" and the login name).
gnubg.command("set player 0 name alice")
gnubg.command("set player 1 name bob")
gnubg.command("export match mat %sgnubg-selfplay.mat" % OUT)
gnubg.command("import mat %sgnubg-selfplay.mat" % OUT)
gnubg.command("export match mat %sgnubg-selfplay.reexport.mat" % OUT)
games = [game["info"] for game in gnubg.match()["games"]]
with open(OUT + "gnubg-selfplay.games.json", "w") as out:
    json.dump(games, out, indent=1)
    out.write("\n")
