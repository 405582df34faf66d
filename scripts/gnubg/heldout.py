"""GNU Backgammon's half of the held-out checker-play set (scripts/strength/heldout-build.ts runs it twice).

    HELDOUT_MODE=games HELDOUT_SEED=S HELDOUT_GAMES=N HELDOUT_OUT=FILE /usr/games/gnubg -t -q -r -p scripts/gnubg/heldout.py
        gnubg (0-ply, its default player) plays N cubeless money games against itself with its Mersenne Twister
        seeded S, and writes one JSON line per checker play: the Position ID before the play (player on roll encoded
        second), the dice, gnubg's class of the position and the play it made.

    HELDOUT_MODE=rank HELDOUT_IN=FILE HELDOUT_OUT=FILE [HELDOUT_PLY=2] /usr/games/gnubg -t -q -r -p ...
        reads lines "POSID" (positions after a play, the opponent on roll) and writes one JSON line each with gnubg's
        cubeless money evaluation of it at HELDOUT_PLY (gnubg's own 2-ply: pruning, deterministic, no noise): the
        five probabilities and the equity, for the side on roll in it.

    HELDOUT_MODE=cube HELDOUT_IN=FILE HELDOUT_OUT=FILE HELDOUT_SEED=S HELDOUT_PER_CONTEXT=N /usr/games/gnubg ...
        reads lines "POSID" (positions before a roll, the side on roll encoded second) and, for each cube context of
        CUBE_CONTEXTS (money and match scores), keeps N positions drawn (Python's random, seeded S) from those whose
        cube decision gnubg's 0-ply calls close (gnubg's isCloseCubedecision: the best of double/take and
        double/pass within 0.16 of no double, or a double), then writes gnubg's 2-ply cubeful equities for each:
        no double, double/take, double/pass, in EMG for the side on roll, with the context.

gnubg exits 0 even when a script fails, so the caller checks that the output has one line per input.
"""

import json
import os
import random

import gnubg

CLASSES = ["over", "hypergammon1", "hypergammon2", "hypergammon3", "bearoff2", "bearoff-ts", "bearoff1",
           "bearoff-os", "race", "crashed", "contact"]


def play_games(seed, games, out_file):
    for command in ["set player 0 gnubg", "set player 1 gnubg", "set cube use off", "set jacoby off",
                    "set automatic game off", "set display off", "set rng mersenne", "set seed %d" % seed]:
        gnubg.command(command)
    gnubg.command("new session")
    for _ in range(games - 1):
        gnubg.command("new game")
    record = gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)
    with open(out_file, "w") as out:
        for number, game in enumerate(record["games"]):
            for action in game["game"]:
                if action.get("action") != "move":
                    continue
                board = gnubg.positionfromid(action["board"])
                out.write(json.dumps({
                    "game": number,
                    "pos": action["board"],
                    "dice": list(action["dice"]),
                    "class": CLASSES[gnubg.classifypos(board, 0)],
                    "played": [list(m) for m in action["move"]],
                }) + "\n")


def rank(in_file, out_file, plies):
    context = {"cubeful": 0, "plies": plies, "deterministic": 1, "prune": 1, "noise": 0.0}
    money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
    with open(in_file) as f, open(out_file, "w") as out:
        for line in f:
            position_id = line.strip()
            if not position_id:
                continue
            e = gnubg.evaluate(gnubg.positionfromid(position_id), money, context)
            out.write(json.dumps({"pos": position_id, "probabilities": list(e[:5]), "equity": e[5]}) + "\n")


# (match length, score of the side on roll, score of the other side, cube, owner, crawford); owner "centre",
# "onRoll" or "other". Money with the cube centred and the side on roll's, and match scores where the cube matters
# differently; always a cube the side on roll may turn, so that every row is a decision.
CUBE_CONTEXTS = [
    (0, 0, 0, 1, "centre", False),
    (0, 0, 0, 2, "onRoll", False),
    (0, 0, 0, 4, "onRoll", False),
    (5, 0, 0, 1, "centre", False),
    (5, 2, 0, 1, "centre", False),
    (5, 0, 2, 1, "centre", False),
    (7, 3, 5, 1, "centre", False),
    (7, 5, 3, 1, "centre", False),
    (9, 4, 4, 1, "centre", False),
    (5, 1, 3, 2, "onRoll", False),
]


def cube_info(ctx):
    length, on_roll, other, cube, owner, crawford = ctx
    owner_index = {"centre": -1, "onRoll": 1, "other": 0}[owner]
    # Player 1 is the side on roll: gnubg.positionfromid puts the player on roll second. Money play without the
    # Jacoby rule (the last argument, gammons always count), as our Match IDs say too.
    return gnubg.cubeinfo(cube, owner_index, 1, length, (other, on_roll), 1 if crawford else 0, 0)


def cube_set(in_file, out_file, seed, per_context):
    gnubg.command("set jacoby off")
    zero = {"cubeful": 1, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}
    two = {"cubeful": 1, "plies": 2, "deterministic": 1, "prune": 1, "noise": 0.0}
    with open(in_file) as f:
        positions = [line.strip() for line in f if line.strip()]
    rng = random.Random(seed)
    with open(out_file, "w") as out:
        for ctx in CUBE_CONTEXTS:
            ci = cube_info(ctx)
            close = []
            for position_id in positions:
                board = gnubg.positionfromid(position_id)
                if CLASSES[gnubg.classifypos(board, 0)] in ("over", "bearoff2", "bearoff-ts", "hypergammon1",
                                                            "hypergammon2", "hypergammon3"):
                    continue
                _, nd, dt, dp, _, action = gnubg.cfevaluate(board, ci, zero)
                if min(dt, dp) >= nd - 0.16:
                    close.append(position_id)
            rng.shuffle(close)
            for position_id in close[:per_context]:
                board = gnubg.positionfromid(position_id)
                _, nd, dt, dp, _, action = gnubg.cfevaluate(board, ci, two)
                out.write(json.dumps({
                    "pos": position_id, "class": CLASSES[gnubg.classifypos(board, 0)],
                    "matchLength": ctx[0], "scoreOnRoll": ctx[1], "scoreOther": ctx[2], "cube": ctx[3],
                    "cubeOwner": ctx[4], "crawford": ctx[5],
                    "noDouble": nd, "doubleTake": dt, "doublePass": dp, "action": action,
                }) + "\n")


mode = os.environ.get("HELDOUT_MODE")
if mode == "games":
    play_games(int(os.environ["HELDOUT_SEED"]), int(os.environ["HELDOUT_GAMES"]), os.environ["HELDOUT_OUT"])
elif mode == "rank":
    rank(os.environ["HELDOUT_IN"], os.environ["HELDOUT_OUT"], int(os.environ.get("HELDOUT_PLY", "2")))
elif mode == "cube":
    cube_set(os.environ["HELDOUT_IN"], os.environ["HELDOUT_OUT"], int(os.environ["HELDOUT_SEED"]),
             int(os.environ.get("HELDOUT_PER_CONTEXT", "20")))
else:
    raise SystemExit("HELDOUT_MODE must be games, rank or cube")
