"""Writes GNU Backgammon 1.07's one-sided bear-off values for a few hundred home boards, for
lib/analysis/bearoff-gnubg.test.ts.

Run from the repository root (Debian package gnubg 1.07.001; the tests only read the file it writes):

    /usr/games/gnubg -t -q -p scripts/gnubg/bearoff-fixtures.py

Sources, both gnubg's own:
  * /usr/share/gnubg/gnubg_os0.bd, the one-sided database gnubg plays and evaluates with (header
    "gnubg-OS-06-15-1-1-0": 6 points, 15 checkers, gammon distributions, compressed). Read here byte for byte as
    bearoff.c reads it: a 40-byte header, per position an 8-byte index entry (uint32 offset in 16-bit words, then
    count and first roll of the non-zero entries of the bear-off distribution, then the same for the distribution of
    rolls to bear off the first checker), then the 16-bit entries. An entry is P(off in exactly n rolls) * 65535,
    rounded, so its quantum is 1/65535 (1.5e-5); makebearoff.c rounds each position's entries after averaging its
    children's already rounded ones.
  * A normal-distribution database made on the spot by gnubg's makebearoff (`makebearoff -o 6 -n`): per position the
    mean and standard deviation of the rolls to bear off, and of the rolls to bear off the first checker, computed by
    the same recursion in float32 (not quantised to 16 bits; float32 keeps about 7 significant digits).
  * gnubg.positionfrombearoff(index) maps gnubg's position numbers to boards.

Writes lib/analysis/fixtures/gnubg-bearoff-race.jsonl too: for pairs of the sampled boards (each non-empty sampled
board on roll against another, picked by a fixed stride; and each 15-checker one against a board of at most 6
checkers, both ways round, for gammons), gnubg.evaluate at 0-ply, cubeless — which for two home
boards is bearoff.c's one-sided race evaluation from gnubg_os0.bd (float32):
  {"onRoll": [points 1..6], "other": [points 1..6], "probabilities": [win, winGammon, winBackgammon, loseGammon,
   loseBackgammon]}

Writes lib/analysis/fixtures/gnubg-bearoff-one-sided.jsonl, one JSON object per line:
  {"gnubgIndex": i, "home": [points 1..6], "distribution16": [32 ints: P(exactly n rolls) * 65535, n = 0..31],
   "firstOff16": [the same for the first checker off], "ndMean": float, "ndStdDev": float, "ndFirstOffMean": float}
for gnubg positions 0, 181, 362, … (every 181st: 300 boards across the whole database) and the hand cases below.
"""

import json
import os
import struct
import subprocess
import tempfile

import gnubg

OS_DB = "/usr/share/gnubg/gnubg_os0.bd"
OUT = "lib/analysis/fixtures/gnubg-bearoff-one-sided.jsonl"
RACE_OUT = "lib/analysis/fixtures/gnubg-bearoff-race.jsonl"
N = 54264
# Boards worth pinning besides the sample (gnubg position numbers): the 1-point and 6-point stacks of 1..15 checkers
# (found below by board), the empty board.
HAND_BOARDS = [[k, 0, 0, 0, 0, 0] for k in (1, 2, 15)] + [[0, 0, 0, 0, 0, k] for k in (1, 2, 3, 14, 15)] + [
    [2, 2, 2, 3, 3, 3], [3, 3, 3, 2, 2, 2], [0, 0, 0, 0, 5, 10], [1, 1, 1, 1, 1, 10], [4, 0, 0, 0, 0, 11]]


def read_os(path):
    with open(path, "rb") as f:
        data = f.read()
    header = data[:40].decode("ascii")
    assert header.startswith("gnubg-OS-06-15-1-1-0"), header
    start = 40 + 8 * N
    dists = []
    for i in range(N):
        offset, nz, ioff, nzg, ioffg = struct.unpack_from("<IBBBB", data, 40 + 8 * i)
        words = struct.unpack_from("<%dH" % (nz + nzg), data, start + 2 * offset)
        dist = [0] * 32
        first = [0] * 32
        dist[ioff:ioff + nz] = words[:nz]
        first[ioffg:ioffg + nzg] = words[nz:]
        dists.append((dist, first))
    return dists


def read_nd():
    path = os.path.join(tempfile.mkdtemp(), "gnubg_os_nd.bd")
    subprocess.run(["/usr/games/makebearoff", "-o", "6", "-n", "-f", path], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(path, "rb") as f:
        data = f.read()
    assert data[:40].decode("ascii").startswith("gnubg-OS-06-15-1-0-1"), data[:40]
    return [struct.unpack_from("<4f", data, 40 + 16 * i) for i in range(N)]


def board(i):
    return list(gnubg.positionfrombearoff(i)[:6])


def main():
    os_db = read_os(OS_DB)
    nd = read_nd()
    by_board = {tuple(board(i)): i for i in range(N)}
    chosen = list(range(0, N, 181))
    chosen += [by_board[tuple(b)] for b in HAND_BOARDS if by_board[tuple(b)] not in chosen]
    with open(OUT, "w") as out:
        for i in chosen:
            dist, first = os_db[i]
            mean, sd, first_mean, _ = nd[i]
            out.write(json.dumps({"gnubgIndex": i, "home": board(i), "distribution16": dist, "firstOff16": first,
                                  "ndMean": float(mean), "ndStdDev": float(sd), "ndFirstOffMean": float(first_mean)},
                                 separators=(",", ":")) + "\n")
    write_races([board(i) for i in chosen if i != 0])


def write_races(boards):
    gnubg.command("new game")
    cube = gnubg.cubeinfo()
    zero_ply_cubeless = gnubg.evalcontext(0, 0, 1, 0, 0.0)
    # Gammons need a side with all 15 checkers still on: each such sampled board also races a board of at most 6
    # checkers, once on roll and once not.
    pairs = [(b, boards[(k * 37 + 11) % len(boards)]) for k, b in enumerate(boards)]
    fifteen = [b for b in boards if sum(b) == 15]
    few = [b for b in boards if sum(b) <= 6]
    for k, b in enumerate(fifteen):
        pairs += [(b, few[(k * 7 + 3) % len(few)]), (few[(k * 5 + 1) % len(few)], b)]
    with open(RACE_OUT, "w") as out:
        for on_roll, other in pairs:
            pad = (0,) * 19
            p = gnubg.evaluate((tuple(other) + pad, tuple(on_roll) + pad), cube, zero_ply_cubeless)
            out.write(json.dumps({"onRoll": on_roll, "other": other, "probabilities": [float(x) for x in p[:5]]},
                                 separators=(",", ":")) + "\n")


main()
