#!/usr/bin/env python3
"""An independent verifier of tournament-draw-v1, written from docs/tournaments.md alone (it reads nothing of lib/).

    python3 verify_draw.py record.json      -> prints {"verdict": ..., "checks": [...]} ; exit 0 when verified
    python3 verify_draw.py --order SEED ID… -> prints the draw order of those entrants
    python3 verify_draw.py --batch FILE     -> a report for each record of a JSON array

Python's standard library only.
"""
import hashlib
import hmac
import json
import re
import sys

SEED = re.compile(r"^[0-9a-f]{64}$")
ENTRANT = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def sha256_hex(text):
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def canonical(ids):
    if any(not isinstance(i, str) or not ENTRANT.match(i) for i in ids):
        return None
    return sorted(set(ids), key=lambda s: s.encode("ascii"))


def draw_order(seed, entrants):
    digest = sha256_hex("\n".join(entrants))
    key = seed.encode("ascii")

    def words():
        block = 0
        while True:
            data = hmac.new(key, f"draw:{digest}:{block}".encode("ascii"), hashlib.sha256).digest()
            for k in range(8):
                yield int.from_bytes(data[4 * k:4 * k + 4], "big")
            block += 1

    stream = words()

    def below(m):
        limit = 2**32 - (2**32 % m)
        while True:
            w = next(stream)
            if w < limit:
                return w % m

    a = list(entrants)
    for i in range(len(a) - 1, 0, -1):
        j = below(i + 1)
        a[i], a[j] = a[j], a[i]
    return a


def slots(size):
    s = [1, 2]
    while len(s) < size:
        m2 = 2 * len(s)
        s = [y for x in s for y in (x, m2 + 1 - x)]
    return s


def knockout_first(order):
    n = len(order)
    size = 2
    while size < n:
        size *= 2
    s = slots(size)
    out = []
    for i in range(0, size, 2):
        top, bottom = s[i], s[i + 1]
        out.append((order[top - 1], order[bottom - 1] if bottom <= n else None))
    return out


def swiss_first(order):
    return [(order[i], order[i + 1] if i + 1 < len(order) else None) for i in range(0, len(order), 2)]


def standings(order, rounds):
    points = {p: 0 for p in order}
    opponents = {p: [] for p in order}
    for rnd in rounds:
        for (white, black), winner in zip(rnd["pairings"], rnd["winners"]):
            if winner is not None:
                points[winner] += 1
            if black is not None:
                opponents[white].append(black)
                opponents[black].append(white)
    number = {p: i + 1 for i, p in enumerate(order)}
    buchholz = {p: sum(points[o] for o in opponents[p]) for p in order}
    return sorted(order, key=lambda p: (-points[p], -buchholz[p], number[p]))


def swiss_next(order, rounds, withdrawn):
    players = [p for p in standings(order, rounds) if p not in withdrawn]
    bye = None
    if len(players) % 2 == 1:
        had = {w for r in rounds for (w, b) in r["pairings"] if b is None}
        candidates = [p for p in reversed(players) if p not in had]
        bye = candidates[0] if candidates else players[-1]
        players.remove(bye)
    met = {(w, b) for r in rounds for (w, b) in r["pairings"] if b is not None}
    met |= {(b, w) for (w, b) in met}

    def search(allow):
        pairs = []
        paired = set()

        def go():
            free = [p for p in players if p not in paired]
            if not free:
                return True
            p = free[0]
            paired.add(p)
            for q in players:
                if q in paired or (not allow and (p, q) in met):
                    continue
                paired.add(q)
                pairs.append((p, q))
                if go():
                    return True
                pairs.pop()
                paired.discard(q)
            paired.discard(p)
            return False

        return pairs if go() else None

    pairs = search(False)
    if pairs is None:
        pairs = search(True) or []
    return pairs + ([(bye, None)] if bye is not None else [])


def first_difference(published, computed):
    for i in range(max(len(published), len(computed))):
        if i >= len(published) or i >= len(computed) or published[i] != computed[i]:
            return i + 1
    return None


def verify(record):
    checks = []
    seed = record.get("seed")
    if seed is None:
        checks.append({"id": "commitment", "status": "not-yet-revealed"})
    else:
        ok = isinstance(seed, str) and SEED.match(seed) and sha256_hex(seed) == record["commitment"]
        checks.append({"id": "commitment", "status": "passed" if ok else "failed"})
    entrants = record["entrants"]
    canon = canonical(entrants)
    entrants_ok = canon is not None and len(canon) >= 2 and canon == list(entrants) and sha256_hex("\n".join(canon)) == record["entrantsDigest"]
    checks.append({"id": "entrants", "status": "passed" if entrants_ok else "failed"})
    rounds = [{"pairings": [(p["white"], p["black"]) for p in r["pairings"]], "winners": r["winners"]} for r in record["rounds"]]
    if seed is None or any(c["status"] == "failed" for c in checks):
        status = "skipped" if any(c["status"] == "failed" for c in checks) else "not-yet-revealed"
        checks += [{"id": "first-round", "status": status}, {"id": "later-rounds", "status": status}]
    else:
        order = draw_order(seed, canon)
        first = knockout_first(order) if record["format"] == "knockout" else swiss_first(order)
        diff = first_difference(rounds[0]["pairings"] if rounds else [], first)
        checks.append({"id": "first-round", "status": "passed"} if diff is None else {"id": "first-round", "status": "failed", "round": 1, "match": diff})
        checks.append(later_rounds(record, order, rounds))
    if any(c["status"] == "failed" for c in checks):
        verdict = "failed"
    elif all(c["status"] == "passed" for c in checks):
        verdict = "verified"
    else:
        verdict = "not-yet-revealed"
    return {"verdict": verdict, "checks": checks}


def later_rounds(record, order, rounds):
    for index, rnd in enumerate(rounds):
        for m, winner in enumerate(rnd["winners"]):
            if winner is None:
                continue
            if m >= len(rnd["pairings"]) or winner not in [x for x in rnd["pairings"][m] if x is not None]:
                return {"id": "later-rounds", "status": "failed", "round": index + 1, "match": m + 1}
    for r in range(1, len(rounds)):
        before = rounds[:r]
        if record["format"] == "knockout":
            prev = before[-1]
            winners = [w if b is None else prev["winners"][i] if i < len(prev["winners"]) else None for i, (w, b) in enumerate(prev["pairings"])]
            if any(w is None for w in winners):
                return {"id": "later-rounds", "status": "failed", "round": r + 1, "match": 1}
            computed = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
        else:
            withdrawn = {w["player"] for w in record.get("withdrawals", []) if w["fromRound"] <= r + 1}
            computed = swiss_next(order, before, withdrawn)
        diff = first_difference(rounds[r]["pairings"], computed)
        if diff is not None:
            return {"id": "later-rounds", "status": "failed", "round": r + 1, "match": diff}
    return {"id": "later-rounds", "status": "passed"}


if __name__ == "__main__":
    if sys.argv[1] == "--order":
        # python3 verify_draw.py --order <seed> <entrant>...  -> the draw order as JSON
        print(json.dumps(draw_order(sys.argv[2], canonical(sys.argv[3:]))))
        sys.exit(0)
    if sys.argv[1] == "--batch":
        # python3 verify_draw.py --batch records.json  -> one report per record of the JSON array, as a JSON array
        with open(sys.argv[2], encoding="utf-8") as f:
            print(json.dumps([verify(r) for r in json.load(f)]))
        sys.exit(0)
    with open(sys.argv[1], encoding="utf-8") as f:
        report = verify(json.load(f))
    print(json.dumps(report))
    sys.exit(0 if report["verdict"] == "verified" else 1)
