"""Self-test of verify_v2.py: builds its own fair-dice-v2 bundles, signs them with a key of its own, and tampers
with them.

Run: cd tests/fair-dice-v2 && python3 -m unittest -v   (needs the `cryptography` package, as the verifier does)
"""

import copy
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import verify_v2 as v  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "verify_v2.py")


# --------------------------------------------------------------------------------------------------------------
# Signing (section 5b), with this test's own keys
# --------------------------------------------------------------------------------------------------------------


def private_key(sentence):
    return Ed25519PrivateKey.from_private_bytes(hashlib.sha256(sentence.encode()).digest())


def public_hex(key):
    return key.public_key().public_bytes_raw().hex()


SITE_KEY = private_key("verify_v2 self-test: the site's key")
OTHER_KEY = private_key("verify_v2 self-test: a key nobody listed")
KEY_LIST = {"format": "fairgammon-proof-keys-1",
            "keys": [{"keyId": v.key_id_of(public_hex(SITE_KEY)), "algorithm": "Ed25519",
                      "publicKey": public_hex(SITE_KEY), "from": "2026-12-06T00:00:00.000Z"}]}
KEYS = v.parse_keys(KEY_LIST)


def sign(bundle, key=SITE_KEY):
    """The bundle signed as the site signs it: its statement (section 5b) under `key`; any old signature replaced."""
    bundle.pop("signature", None)
    check, parsed = v.check_bundle_format(bundle)
    assert parsed is not None, check.detail
    key_id = v.key_id_of(public_hex(key))
    bundle["signature"] = {"keyId": key_id, "value": key.sign(v.utf8(v.statement(parsed, key_id))).hex()}
    return bundle


def stand_in_lines(record):
    """Record lines for a generated match: each game's start, then each turn's dice (higher first) and no moves."""
    lines, game = [], 0
    for entry in record:
        if entry["game"] != game:
            game = entry["game"]
            lines.append("game %d" % game)
        lines.append("%s %d%d -" % (entry["player"], max(entry["dice"]), min(entry["dice"])))
    return lines


def end_of(bundle, reason="finished", winner="white", score=None):
    """An end that agrees with the log: the last roll's game, the number of rolls."""
    rolls = bundle["rolls"]
    if score is None:
        score = {"white": bundle["matchLength"], "black": 0}
    return {"reason": reason, "winner": winner, "score": score, "games": rolls[-1]["game"] if rolls else 0,
            "rolls": len(rolls)}


# --------------------------------------------------------------------------------------------------------------
# A tiny generator of played matches
# --------------------------------------------------------------------------------------------------------------


class Match:
    """A generated match: the bundle, its game record, and what each browser kept (nonce -> salt)."""

    def __init__(self, bundle, record, kept, seeds):
        self.bundle = bundle
        self.record = record
        self.kept = kept  # {"white": {"<nonce>": salt}, "black": {...}}
        self.seeds = seeds  # {game: seed}


def random_hex(rng, chars):
    return "%0*x" % (chars, rng.getrandbits(chars * 4))


def generate_match(seed=1, match_length=3, games=3, ended_games=None, finished=True, turns=(2, 7), signed=True,
                   computer=None):
    """Play `games` games of plausible rolls: opening rolls (void ties rerolled with fresh salts), then turn rolls
    alternating from the opener's opponent. Games 1..ended_games have their seeds revealed; serverSeed only if
    finished. `computer` is the seat the site's computer plays: its salts come from the game seeds (section 3a).
    Signed (the default): with seats, end, record lines and digest, and the site's signature, as the site serves it."""
    rng = random.Random(seed)

    def salt_of(player, game, nonce):
        return v.computer_salt(seeds[game], nonce) if player == computer else random_hex(rng, 32)

    chain_length = 2 * match_length - 1
    server_seed = random_hex(rng, 64)
    seeds = v.game_seeds_from_server_seed(server_seed, chain_length)
    client_seeds = {"white": "w4h1t3-" + random_hex(rng, 8), "black": "Bl4ck_" + random_hex(rng, 6)}
    client_seed = client_seeds["white"] + ":" + client_seeds["black"]
    rolls, record = [], []
    kept = {"white": {}, "black": {}}
    nonce = 0
    for game in range(1, games + 1):
        while True:  # the opening roll, until it is not a tie
            salts = {"white": salt_of("white", game, nonce), "black": salt_of("black", game, nonce)}
            dice = v.compute_roll(seeds[game], client_seed, nonce, [salts["white"], salts["black"]])
            rolls.append({"nonce": nonce, "game": game, "kind": "opening", "player": None, "salts": salts,
                          "dice": dice})
            for player in v.PLAYERS:
                kept[player][str(nonce)] = salts[player]
            nonce += 1
            if dice[0] != dice[1]:
                break
        opener = "white" if dice[0] > dice[1] else "black"
        record.append({"game": game, "player": opener, "dice": dice})
        player = v.other_player(opener)
        for _ in range(rng.randint(*turns)):
            salt = salt_of(player, game, nonce)
            dice = v.compute_roll(seeds[game], client_seed, nonce, [salt])
            rolls.append({"nonce": nonce, "game": game, "kind": "turn", "player": player,
                          "salts": {player: salt}, "dice": dice})
            record.append({"game": game, "player": player, "dice": dice})
            kept[player][str(nonce)] = salt
            nonce += 1
            player = v.other_player(player)
    if ended_games is None:
        ended_games = games if finished else games - 1
    bundle = {
        "protocol": "fair-dice-v2",
        "matchId": "test-%d" % seed,
        "matchLength": match_length,
        "chainLength": chain_length,
        "commitment": v.commitment_for(server_seed, chain_length),
        "gameSeeds": {str(k): seeds[k] for k in range(1, ended_games + 1)},
        "serverSeed": server_seed if finished else None,
        "clientSeeds": client_seeds,
        "computer": computer,
        "rolls": rolls,
    }
    if signed:
        seat = {"person": {"kind": "person", "id": "u-white", "name": "Zoë"},
                "guest": {"kind": "guest", "id": "u-black", "name": "guest-amber-otter-42"},
                "computer": {"kind": "computer", "id": "computer-2ply", "name": "Computer (2-ply)"}}
        bundle["seats"] = {"white": seat["computer" if computer == "white" else "person"],
                           "black": seat["computer" if computer == "black" else "guest"]}
        bundle["end"] = end_of(bundle) if finished else None
        bundle["recordLines"] = stand_in_lines(record)
        bundle["recordDigest"] = v.record_digest(bundle["recordLines"])
        sign(bundle)
    return Match(bundle, record, kept, seeds)


def verify(bundle, record=v.NO_RECORD, browser=None):
    """The verifier given the site's key list."""
    return v.verify_bundle(bundle, record, browser, KEYS)


def check_of(report, check_id):
    for check in report["checks"]:
        if check["id"] == check_id:
            return check
    raise AssertionError("no check %s in %s" % (check_id, report))


def failed_ids(report):
    return sorted(c["id"] for c in report["checks"] if c["status"] == "failed")


def different_salt(rng, match, roll):
    """A fresh valid salt for `roll` that gives different dice (so the change must be detected)."""
    bundle = match.bundle
    client_seed = bundle["clientSeeds"]["white"] + ":" + bundle["clientSeeds"]["black"]
    while True:
        salt = random_hex(rng, 32)
        salts = dict(roll["salts"])
        salts[next(iter(salts))] = salt
        dice = v.compute_roll(match.seeds[roll["game"]], client_seed, roll["nonce"],
                              v.roll_salts(roll["kind"], roll["player"], salts))
        if dice != roll["dice"]:
            return salts


# --------------------------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------------------------


class SpecExamples(unittest.TestCase):
    def test_turn_roll_message_example_of_section_3(self):
        message = v.roll_message("w4h1t3seed:Bl4ck_seed-9", 17, ["0f1e2d3c4b5a69788796a5b4c3d2e1f0"])
        self.assertEqual(message, "w4h1t3seed:Bl4ck_seed-9:17:0f1e2d3c4b5a69788796a5b4c3d2e1f0")

    def test_chain_and_commitment(self):
        server_seed = "ab" * 32
        seeds = v.game_seeds_from_server_seed(server_seed, 9)
        self.assertEqual(seeds[9], server_seed)
        for k in range(1, 9):
            self.assertEqual(v.sha256_times(seeds[k], k), v.commitment_for(server_seed, 9))
        self.assertEqual(v.sha256_hex(seeds[1]), v.commitment_for(server_seed, 9))

    def test_matches_the_reference_python_of_section_9(self):
        import hashlib
        import hmac

        def reference_roll(game_seed, client_seed, nonce, salts):
            dice, j = [], 0
            base = f"{client_seed}:{nonce}:{':'.join(salts)}"
            while True:
                msg = base + (f":{j}" if j else "")
                for b in hmac.new(game_seed.encode(), msg.encode(), hashlib.sha256).digest():
                    if b < 252:
                        dice.append(b % 6 + 1)
                        if len(dice) == 2:
                            return dice
                j += 1

        rng = random.Random(9)
        for nonce in range(200):
            salts = [random_hex(rng, 32) for _ in range(1 + nonce % 2)]
            seed = random_hex(rng, 64)
            self.assertEqual(v.compute_roll(seed, "a:b", nonce, salts), reference_roll(seed, "a:b", nonce, salts))

    def test_rejected_bytes_and_continuation_blocks(self):
        """Bytes >= 252 are skipped; block j >= 1 appends ":j" to the message."""
        messages = []

        def fake_block(seed, message):
            messages.append(message)
            if message.endswith(":1"):
                return bytes([252, 7, 255, 11]) + bytes(28)
            return bytes([255] * 31 + [5])

        with mock.patch.object(v, "hmac_block", fake_block):
            dice = v.compute_roll("00" * 32, "a:b", 3, ["s"])
        self.assertEqual(messages, ["a:b:3:s", "a:b:3:s:1"])
        self.assertEqual(dice, [5 % 6 + 1, 7 % 6 + 1])


class ValidMatches(unittest.TestCase):
    def test_finished_match_with_record_verifies(self):
        for seed in range(1, 6):
            match = generate_match(seed=seed, games=3)
            report = verify(match.bundle, match.record)
            self.assertEqual(report["verdict"], "verified", report)
            self.assertEqual([c["id"] for c in report["checks"]], v.CHECK_IDS)
            self.assertTrue(all(c["status"] == "passed" for c in report["checks"]))
            self.assertEqual(report["games"], {"1": "verified", "2": "verified", "3": "verified"})

    def test_finished_match_without_record_is_incomplete(self):
        match = generate_match(seed=2)
        report = verify(match.bundle)
        self.assertEqual(report["verdict"], "incomplete")
        self.assertEqual(check_of(report, "record-dice")["status"], "skipped")
        # Each game's seed is known and nothing failed, but the match is not vouched for without its record.
        self.assertEqual(set(report["games"].values()), {"incomplete"})

    def test_finished_match_must_list_every_game_seed(self):
        """serverSeed gives every game's seed (the rolls recompute), but a finished match shows each ended game's."""
        match = generate_match(seed=3)
        match.bundle["gameSeeds"] = {}
        report = verify(sign(match.bundle), match.record)
        self.assertEqual(failed_ids(report), ["completeness"], report)
        self.assertEqual(check_of(report, "completeness")["game"], 1)
        self.assertEqual(check_of(report, "rolls-recomputed")["status"], "passed")
        self.assertEqual(set(report["games"].values()), {"failed"})

    def test_match_that_used_the_whole_chain(self):
        match = generate_match(seed=4, match_length=2, games=3)  # L = 3: game 3's seed is serverSeed
        self.assertEqual(match.bundle["gameSeeds"]["3"], match.bundle["serverSeed"])
        self.assertEqual(verify(match.bundle, match.record)["verdict"], "verified")

    def test_against_the_computer(self):
        for computer in v.PLAYERS:
            match = generate_match(seed=8, computer=computer)
            report = verify(match.bundle, match.record)
            self.assertEqual(report["verdict"], "verified", report)
            self.assertEqual(check_of(report, "computer-salts")["status"], "passed")

    def test_mid_match(self):
        match = generate_match(seed=5, match_length=5, games=3, finished=False, ended_games=2)
        report = verify(match.bundle, match.record)
        self.assertEqual(report["verdict"], "not-yet-revealed", report)
        self.assertEqual(report["games"], {"1": "verified", "2": "verified", "3": "not-yet-revealed"})
        self.assertEqual(check_of(report, "rolls-recomputed")["status"], "not-yet-revealed")
        self.assertEqual(failed_ids(report), [])

    def test_mid_match_nothing_revealed_yet(self):
        match = generate_match(seed=6, games=1, finished=False, ended_games=0)
        report = verify(match.bundle)
        self.assertEqual(report["verdict"], "not-yet-revealed")
        self.assertEqual(report["games"], {"1": "not-yet-revealed"})

    def test_mid_match_waiting_for_a_reroll_is_not_a_failure(self):
        match, tie = self._match_ending_with_a_tie(finished=False)
        report = verify(match.bundle)
        self.assertEqual(report["verdict"], "not-yet-revealed", report)

    def test_last_tie_without_reroll_fails_when_the_match_finished(self):
        match, tie = self._match_ending_with_a_tie(finished=True)
        report = verify(match.bundle, match.record)
        self.assertEqual(failed_ids(report), ["opening-resolution"], report)
        check = check_of(report, "opening-resolution")
        self.assertEqual((check["nonce"], check["game"]), (tie["nonce"], tie["game"]))
        self.assertEqual(report["games"]["1"], "verified")
        self.assertEqual(report["games"]["2"], "failed")

    def test_last_tie_without_reroll_is_honest_in_a_match_that_ended_otherwise(self):
        """Abandoned (or timed out, or cancelled) right after a tied opening roll: nothing to reroll."""
        for reason in ("abandoned", "timeout", "cancelled"):
            with self.subTest(reason=reason):
                match, tie = self._match_ending_with_a_tie(finished=True, reason=reason)
                report = verify(match.bundle, match.record)
                self.assertEqual(report["verdict"], "verified", report)
                self.assertEqual(report["games"], {"1": "verified", "2": "verified"})

    def test_last_tie_without_reroll_in_an_old_bundle_without_end(self):
        """No `end`: nothing says the match ended by play, so the lone tie is no failure (and the match unvouched)."""
        match, tie = self._match_ending_with_a_tie(finished=True, signed=False)
        report = verify(match.bundle, match.record)
        self.assertEqual(failed_ids(report), [], report)
        self.assertEqual(report["verdict"], "incomplete")

    def _match_ending_with_a_tie(self, finished, reason="finished", signed=True):
        """Game 1 played, then game 2 whose only roll is a void tie."""
        match = generate_match(seed=7, games=1, finished=finished, ended_games=1, signed=signed)
        bundle = match.bundle
        client_seed = bundle["clientSeeds"]["white"] + ":" + bundle["clientSeeds"]["black"]
        rng = random.Random(70)
        nonce = len(bundle["rolls"])
        while True:
            salts = {"white": random_hex(rng, 32), "black": random_hex(rng, 32)}
            dice = v.compute_roll(match.seeds[2], client_seed, nonce, [salts["white"], salts["black"]])
            if dice[0] == dice[1]:
                break
        tie = {"nonce": nonce, "game": 2, "kind": "opening", "player": None, "salts": salts, "dice": dice}
        bundle["rolls"].append(tie)
        if finished and reason == "finished":
            bundle["gameSeeds"]["2"] = match.seeds[2]
        if signed:
            if finished:
                bundle["end"] = end_of(bundle, reason, score=None if reason == "finished" else {"white": 1, "black": 0})
            sign(bundle)
        return match, tie


class Tampering(unittest.TestCase):
    def setUp(self):
        self.rng = random.Random(1234)
        self.match = generate_match(seed=11, match_length=3, games=3)
        self.bundle = copy.deepcopy(self.match.bundle)
        self.rolls = self.bundle["rolls"]
        self.turn = next(r for r in self.rolls if r["game"] == 2 and r["kind"] == "turn")

    def verify(self, record=True, browser=None):
        """The tampered bundle, signed again: what the site would have served had it logged this (the checks other
        than the signature, on their own; SignedProofs below tampers without the key)."""
        sign(self.bundle)
        if record is True:
            record = self.match.record
        return verify(self.bundle, v.NO_RECORD if record is False else record, browser)

    def assertFailedAt(self, report, check_id, nonce=None, game=None, only=True):
        check = check_of(report, check_id)
        self.assertEqual(check["status"], "failed", report)
        if nonce is not None:
            self.assertEqual(check.get("nonce"), nonce, check)
        if game is not None:
            self.assertEqual(check.get("game"), game, check)
        if only:
            self.assertEqual(failed_ids(report), [check_id], report)
        self.assertEqual(report["verdict"], "failed")

    def test_changed_salt(self):
        self.turn["salts"] = different_salt(self.rng, self.match, self.turn)
        report = self.verify()
        self.assertFailedAt(report, "rolls-recomputed", nonce=self.turn["nonce"], game=2)
        self.assertEqual(report["games"], {"1": "verified", "2": "failed", "3": "verified"})

    def test_changed_opening_salt(self):
        opening = next(r for r in self.rolls if r["game"] == 3 and r["kind"] == "opening")
        opening["salts"] = different_salt(self.rng, self.match, opening)
        self.assertFailedAt(self.verify(), "rolls-recomputed", nonce=opening["nonce"], game=3)

    def test_missing_salt(self):
        opening = self.rolls[0]
        del opening["salts"]["black"]
        report = self.verify()
        self.assertFailedAt(report, "salts", nonce=0, game=1)
        self.assertEqual(report["games"]["1"], "failed")
        self.assertEqual(report["games"]["2"], "verified")

    def test_extra_salt_on_a_turn_roll(self):
        self.turn["salts"][v.other_player(self.turn["player"])] = random_hex(self.rng, 32)
        self.assertFailedAt(self.verify(), "salts", nonce=self.turn["nonce"], game=2)

    def test_salt_of_the_wrong_form(self):
        player = self.turn["player"]
        for bad in (self.turn["salts"][player].upper(), self.turn["salts"][player][:-1], "",
                    self.turn["salts"][player] + "0", "g" * 32):
            with self.subTest(bad=bad):
                self.turn["salts"] = {player: bad}
                self.assertFailedAt(self.verify(), "salts", nonce=self.turn["nonce"], game=2)

    def test_changed_dice(self):
        self.turn["dice"] = [self.turn["dice"][0] % 6 + 1, self.turn["dice"][1]]
        report = self.verify(record=False)
        self.assertFailedAt(report, "rolls-recomputed", nonce=self.turn["nonce"], game=2)
        # Without the record, a game nothing failed is not vouched for: incomplete.
        self.assertEqual(report["games"], {"1": "incomplete", "2": "failed", "3": "incomplete"})

    def test_changed_dice_also_differ_from_the_record(self):
        self.turn["dice"] = [self.turn["dice"][0] % 6 + 1, self.turn["dice"][1]]
        report = self.verify()
        self.assertEqual(failed_ids(report), ["record-dice", "rolls-recomputed"])
        self.assertEqual(check_of(report, "record-dice")["nonce"], self.turn["nonce"])
        self.assertEqual(report["games"], {"1": "verified", "2": "failed", "3": "failed"})

    def test_broken_chain_link(self):
        self.bundle["gameSeeds"]["2"] = random_hex(self.rng, 64)
        report = self.verify()
        self.assertFailedAt(report, "seed-chain", game=2)
        self.assertEqual(report["games"]["2"], "failed")
        self.assertEqual(report["games"]["1"], "verified")

    def test_wrong_server_seed(self):
        self.bundle["serverSeed"] = random_hex(self.rng, 64)
        self.bundle["gameSeeds"] = {}
        report = self.verify()
        self.assertFailedAt(report, "seed-chain", game=5, only=False)
        self.assertEqual(report["games"], {"1": "failed", "2": "failed", "3": "failed"})

    def test_wrong_server_seed_with_good_game_seeds(self):
        self.bundle["serverSeed"] = random_hex(self.rng, 64)
        report = self.verify()
        self.assertFailedAt(report, "seed-chain", game=5)  # game chainLength: only serverSeed is wrong
        self.assertEqual(set(report["games"].values()), {"failed"})

    def test_game_seed_under_the_wrong_game_number(self):
        self.bundle["gameSeeds"]["4"] = self.match.seeds[3]
        report = self.verify()
        self.assertFailedAt(report, "seed-chain", game=4)
        self.assertEqual(report["games"], {"1": "verified", "2": "verified", "3": "verified", "4": "failed"})

    def test_swapped_game_seeds(self):
        self.bundle["gameSeeds"]["1"], self.bundle["gameSeeds"]["2"] = self.match.seeds[2], self.match.seeds[1]
        self.bundle["serverSeed"] = None
        report = self.verify()
        self.assertFailedAt(report, "seed-chain", game=1, only=False)
        self.assertEqual(report["games"]["1"], "failed")
        self.assertEqual(report["games"]["2"], "failed")

    def test_nonce_gap(self):
        index = self.rolls.index(self.turn)
        for roll in self.rolls[index:]:
            roll["nonce"] += 1
        report = self.verify()
        self.assertFailedAt(report, "nonce-sequence", nonce=self.turn["nonce"], game=2, only=False)
        self.assertEqual(report["games"], {"1": "verified", "2": "failed", "3": "failed"})

    def test_nonce_repeat(self):
        index = self.rolls.index(self.turn)
        self.turn["nonce"] -= 1
        report = self.verify()
        self.assertFailedAt(report, "nonce-sequence", nonce=index - 1, game=2, only=False)

    def test_game_beyond_the_chain(self):
        for roll in self.rolls:
            if roll["game"] == 3:
                roll["game"] = 6
        report = self.verify()
        self.assertFailedAt(report, "nonce-sequence", game=6, only=False)
        self.assertEqual(report["games"]["6"], "failed")
        self.assertEqual(report["games"]["2"], "verified")

    def test_turn_rolls_that_do_not_alternate(self):
        index = self.rolls.index(self.turn)
        self.rolls[index + 1]["player"] = self.turn["player"]
        salt = next(iter(self.rolls[index + 1]["salts"].values()))
        self.rolls[index + 1]["salts"] = {self.turn["player"]: salt}
        report = self.verify(record=False)
        check = check_of(report, "opening-resolution")
        self.assertEqual((check["status"], check["nonce"], check["game"]), ("failed", index + 1, 2))
        self.assertEqual(report["games"]["1"], "incomplete")
        self.assertEqual(report["games"]["3"], "failed")

    def test_record_with_other_dice(self):
        record = copy.deepcopy(self.match.record)
        record[4]["dice"] = [record[4]["dice"][1] % 6 + 1, record[4]["dice"][0]]
        report = self.verify(record=record)
        self.assertFailedAt(report, "record-dice")

    def test_browser_salt_differs(self):
        player = self.turn["player"]
        kept = dict(self.match.kept[player])
        kept[str(self.turn["nonce"])] = random_hex(self.rng, 32)
        kept["0"] = random_hex(self.rng, 32)  # the opening roll: both players' salts are kept
        report = self.verify(browser=(player, kept))
        self.assertFailedAt(report, "browser-salts", nonce=0, game=1)
        self.assertEqual(check_of(report, "browser-salts")["nonces"], [0, self.turn["nonce"]])
        self.assertEqual(report["checks"][-1]["id"], "browser-salts")

    def test_browser_salts_that_match(self):
        for player in v.PLAYERS:
            report = self.verify(browser=(player, self.match.kept[player]))
            self.assertEqual(report["verdict"], "verified", report)

    def test_server_logged_a_roll_with_another_salt(self):
        """The log's salt changed (and the dice recomputed to match): only the roller's browser can tell."""
        player = self.turn["player"]
        self.turn["salts"] = different_salt(self.rng, self.match, self.turn)
        bundle = self.bundle
        client_seed = bundle["clientSeeds"]["white"] + ":" + bundle["clientSeeds"]["black"]
        self.turn["dice"] = v.compute_roll(self.match.seeds[2], client_seed, self.turn["nonce"],
                                           [self.turn["salts"][player]])
        record = [dict(e) for e in self.match.record]
        index = [r for r in self.rolls if not (r["kind"] == "opening" and r["dice"][0] == r["dice"][1])].index(
            self.turn)
        record[index]["dice"] = self.turn["dice"]
        self.assertEqual(self.verify(record=record)["verdict"], "verified")
        report = self.verify(record=record, browser=(player, self.match.kept[player]))
        self.assertFailedAt(report, "browser-salts", nonce=self.turn["nonce"], game=2)
        other = v.other_player(player)
        self.assertEqual(self.verify(record=record, browser=(other, self.match.kept[other]))["verdict"], "verified")


class SignedProofs(unittest.TestCase):
    """Sections 5a, 5b: what a signature adds. Each attack here is made without the site's key."""

    def setUp(self):
        self.match = generate_match(seed=41, match_length=3, games=3)
        self.bundle = copy.deepcopy(self.match.bundle)
        self.rolls = self.bundle["rolls"]

    def verify(self, record=True, bundle=None):
        return verify(self.bundle if bundle is None else bundle, self.match.record if record is True else record)

    def assertOnlySignatureFails(self, report):
        self.assertEqual(failed_ids(report), ["signature"], report)
        self.assertEqual(report["verdict"], "failed")
        self.assertEqual(set(report["games"].values()), {"failed"})

    def grind(self, roll, wanted):
        """What anyone holding the revealed seed can do: try salts until a human's roll comes out as `wanted`."""
        client_seed = self.bundle["clientSeeds"]["white"] + ":" + self.bundle["clientSeeds"]["black"]
        for attempt in range(100000):
            salt = hashlib.sha256(("grind:%d" % attempt).encode()).hexdigest()[:32]
            if v.compute_roll(self.match.seeds[roll["game"]], client_seed, roll["nonce"], [salt]) == wanted:
                return salt
        raise AssertionError("no salt found")

    def forge(self):
        """A turn roll of game 2 rewritten as 6-6 with a ground salt, and the record with it: every other check
        passes."""
        turn = next(r for r in self.rolls if r["game"] == 2 and r["kind"] == "turn" and r["dice"] != [6, 6])
        turn["salts"] = {turn["player"]: self.grind(turn, [6, 6])}
        turn["dice"] = [6, 6]
        played = [r for r in self.rolls if not (r["kind"] == "opening" and r["dice"][0] == r["dice"][1])]
        record = copy.deepcopy(self.match.record)
        record[played.index(turn)]["dice"] = [6, 6]
        return record

    def test_the_signed_match_verifies(self):
        report = self.verify()
        self.assertEqual(report["verdict"], "verified", report)
        self.assertEqual(check_of(report, "signature")["status"], "passed")

    def test_a_forged_roll_fails_the_signature_alone(self):
        report = self.verify(record=self.forge())
        self.assertOnlySignatureFails(report)

    def test_a_forged_roll_in_an_unsigned_bundle_is_only_incomplete(self):
        """Without a signature nothing shows the forgery: the rolls follow from the seeds and salts, and no more."""
        for field in ("signature", "seats", "end", "recordLines", "recordDigest"):
            del self.bundle[field]
        report = self.verify(record=self.forge())
        self.assertEqual(failed_ids(report), [], report)
        self.assertEqual(report["verdict"], "incomplete")
        self.assertEqual(set(report["games"].values()), {"incomplete"})
        self.assertEqual([c["id"] for c in report["checks"] if c["status"] == "skipped"],
                         ["signature", "completeness", "record-moves"])

    def test_signed_by_a_key_not_in_the_list(self):
        report = self.verify(bundle=sign(self.bundle, OTHER_KEY))
        self.assertEqual((report["verdict"], failed_ids(report)), ("incomplete", []))
        self.assertEqual(check_of(report, "signature")["status"], "skipped")
        self.assertEqual(set(report["games"].values()), {"incomplete"})

    def test_a_key_named_in_the_bundle_is_not_trusted(self):
        """Only the verifier's key list counts: no key list at all, and every signature is skipped."""
        report = v.verify_bundle(self.bundle, self.match.record)
        self.assertEqual((report["verdict"], check_of(report, "signature")["status"]), ("incomplete", "skipped"))

    def test_any_changed_signed_field_fails_the_signature(self):
        changes = {
            "a seat's name": lambda b: b["seats"]["white"].update(name="mallory"),
            "the end's reason": lambda b: b["end"].update(reason="abandoned"),
            "the end's winner": lambda b: b["end"].update(winner="black", score={"white": 0, "black": 3}),
            "the record digest": lambda b: b.update(recordDigest="0" * 64),
            "the match id": lambda b: b.update(matchId="another"),
            "a client seed": lambda b: b["clientSeeds"].update(white="someone-else"),
            "the signature": lambda b: b["signature"].update(value=("1" if b["signature"]["value"][0] == "0" else "0")
                                                             + b["signature"]["value"][1:]),
        }
        for what, change in changes.items():
            with self.subTest(what=what):
                bundle = copy.deepcopy(self.match.bundle)
                change(bundle)
                self.assertIn("signature", failed_ids(self.verify(bundle=bundle)))

    def test_truncated(self):
        """The last game cut off, or the last roll: completeness fails (and the signature)."""
        self.bundle["rolls"] = [r for r in self.rolls if r["game"] != 3]
        del self.bundle["gameSeeds"]["3"]
        record = [e for e in self.match.record if e["game"] != 3]
        report = self.verify(record=record)
        self.assertEqual(failed_ids(report), ["completeness", "signature"])
        self.assertEqual(check_of(report, "completeness")["game"], 2)
        # Signed again with the end rewritten to fit (as only the site could): nothing is wrong any more.
        self.bundle["end"] = end_of(self.bundle)
        self.assertEqual(self.verify(record=record, bundle=sign(self.bundle))["verdict"], "verified")

    def test_completeness(self):
        cases = {
            "the rolls the end counts": (lambda b: b["end"].update(rolls=b["end"]["rolls"] + 1), 3),
            "the games the end counts": (lambda b: b["end"].update(games=2), 2),
            "an ended game's seed": (lambda b: b["gameSeeds"].pop("2"), 2),
            "a finished match's winner": (lambda b: b["end"].update(winner=None), 3),
            "a finished match's score": (lambda b: b["end"].update(score={"white": 2, "black": 1}), 3),
            "the end, revealed": (lambda b: b.update(end=None), None),
            "the end, with the seed not revealed": (lambda b: b.update(serverSeed=None), None),
            "the end, removed from a signed bundle": (lambda b: b.pop("end"), None),
        }
        for what, (change, game) in cases.items():
            with self.subTest(what=what):
                bundle = copy.deepcopy(self.match.bundle)
                change(bundle)
                report = self.verify(bundle=sign(bundle))  # as if the site had signed it: completeness alone
                self.assertEqual(failed_ids(report), ["completeness"], report)
                self.assertEqual(check_of(report, "completeness").get("game"), game)
                failed_from = game or 1
                self.assertEqual(report["games"], {g: ("failed" if int(g) >= failed_from else "verified")
                                                   for g in report["games"]})

    def test_a_match_that_ended_otherwise_may_leave_its_last_game_without_a_seed(self):
        del self.bundle["gameSeeds"]["3"]
        for reason, winner in (("abandoned", "white"), ("cancelled", None), ("timeout", "black")):
            with self.subTest(reason=reason):
                self.bundle["end"] = end_of(self.bundle, reason, winner, {"white": 1, "black": 0})
                self.assertEqual(self.verify(bundle=sign(self.bundle))["verdict"], "verified")
        self.bundle["end"] = end_of(self.bundle, "timeout", None, {"white": 1, "black": 0})
        self.assertEqual(failed_ids(self.verify(bundle=sign(self.bundle))), ["completeness"])

    def test_computer_erased(self):
        match = generate_match(seed=42, computer="black")
        erased = copy.deepcopy(match.bundle)
        del erased["computer"]
        report = verify(erased, match.record)
        self.assertEqual(failed_ids(report), ["computer-salts", "signature"])  # its seat still says computer
        erased["seats"]["black"] = {"kind": "person", "id": "u-black", "name": "bob"}
        self.assertEqual(failed_ids(verify(erased, match.record)), ["signature"])
        named = copy.deepcopy(self.match.bundle)
        named["computer"] = "white"  # the computer named, but the white seat is a person's
        report = verify(sign(named), self.match.record)
        self.assertEqual(failed_ids(report), ["computer-salts"])
        self.assertEqual(set(report["games"].values()), {"failed"})

    def test_a_move_rewritten_with_the_same_dice(self):
        self.bundle["recordLines"][1] = self.bundle["recordLines"][1].replace(" -", " 24/21 13/12")
        report = self.verify()
        self.assertEqual(failed_ids(report), ["record-moves"])
        self.assertEqual(set(report["games"].values()), {"failed"})
        self.bundle["recordDigest"] = v.record_digest(self.bundle["recordLines"])
        self.assertOnlySignatureFails(self.verify())
        del self.bundle["recordLines"]
        report = self.verify(bundle=sign(self.bundle))
        self.assertEqual((report["verdict"], check_of(report, "record-moves")["status"]), ("incomplete", "skipped"))


class Statement(unittest.TestCase):
    """Section 5b's statement, written out by hand for a small bundle."""

    def bundle(self):
        return {
            "protocol": "fair-dice-v2", "matchId": "m1", "matchLength": 1, "chainLength": 1,
            "commitment": "c" * 64, "gameSeeds": {"1": "a" * 64}, "serverSeed": "b" * 64,
            "clientSeeds": {"white": "w", "black": "B-1"}, "computer": "black",
            "seats": {"white": {"kind": "person", "id": "u1", "name": "Zoë 😀"},
                      "black": {"kind": "computer", "id": "c2", "name": "Computer"}},
            "end": {"reason": "finished", "winner": "white", "score": {"white": 1, "black": 0}, "games": 1,
                    "rolls": 2},
            "recordDigest": "d" * 64, "recordLines": ["game 1"],
            "rolls": [{"nonce": 0, "game": 1, "kind": "opening", "player": None,
                       "salts": {"white": "1" * 32, "black": "2" * 32}, "dice": [3, 5]},
                      {"nonce": 1, "game": 1, "kind": "turn", "player": "white", "salts": {"white": "3" * 32},
                       "dice": [6, 6]}],
        }

    def test_the_lines_in_order(self):
        _, parsed = v.check_bundle_format(self.bundle())
        self.assertEqual(v.statement(parsed, "fg-ed25519-0123456789abcdef"), "".join(line + "\n" for line in [
            "fairgammon-signed-proof-1",
            "key fg-ed25519-0123456789abcdef",
            "protocol fair-dice-v2",
            "match m1",
            "match-length 1",
            "chain-length 1",
            "commitment " + "c" * 64,
            "game-seed 1 " + "a" * 64,
            "server-seed " + "b" * 64,
            "client-seeds w B-1",
            "computer black",
            "seat white person u1 5a6fc3ab20f09f9880",
            "seat black computer c2 436f6d7075746572",
            "end finished white 1 0 1 2",
            "record " + "d" * 64,
            "roll 0 1 opening - 35 " + "1" * 32 + " " + "2" * 32,
            "roll 1 1 turn white 66 " + "3" * 32 + " -",
        ]))

    def test_what_an_old_or_running_bundle_writes(self):
        raw = self.bundle()
        for field in ("seats", "end", "recordDigest", "computer"):
            del raw[field]
        raw["serverSeed"] = None
        raw["gameSeeds"] = {"10": "e" * 64, "2": "f" * 64}  # game numbers ascending, as numbers
        raw["matchLength"], raw["chainLength"] = 10, 19
        _, parsed = v.check_bundle_format(raw)
        lines = v.statement_lines(parsed, "k")
        self.assertEqual(lines[7:15], ["game-seed 2 " + "f" * 64, "game-seed 10 " + "e" * 64, "server-seed -",
                                       "client-seeds w B-1", "computer -", "seat white -", "seat black -", "end -"])
        self.assertEqual(lines[15], "record -")

    def test_an_empty_seat_and_a_running_match(self):
        raw = self.bundle()
        raw["seats"]["black"] = None
        raw["end"] = None
        _, parsed = v.check_bundle_format(raw)
        lines = v.statement_lines(parsed, "k")
        self.assertIn("seat black -", lines)
        self.assertIn("end -", lines)

    def test_utf8_as_a_browser_writes_it(self):
        self.assertEqual(v.utf8("Zoë"), b"Zo\xc3\xab")
        self.assertEqual(v.utf8("a\ud800b"), "a\ufffdb".encode())  # a lone surrogate, from JSON's "\ud800"
        self.assertEqual(v.record_digest(["game 1", "white 31 8/5 6/5"]),
                         hashlib.sha256(b"game 1\nwhite 31 8/5 6/5\n").hexdigest())


class KeyList(unittest.TestCase):
    def test_a_key_whose_id_is_not_its_own_is_dropped(self):
        honest = KEY_LIST["keys"][0]
        impostor = dict(honest, publicKey=public_hex(OTHER_KEY))  # another key under the site's id
        keys = v.parse_keys({"format": "fairgammon-proof-keys-1", "keys": [impostor, honest]})
        self.assertEqual([k["publicKey"] for k in keys], [public_hex(SITE_KEY)])
        bundle = sign(generate_match(seed=51, signed=True).bundle, OTHER_KEY)
        bundle["signature"]["keyId"] = honest["keyId"]
        report = v.verify_bundle(bundle, v.NO_RECORD, None, v.parse_keys({"format": "fairgammon-proof-keys-1",
                                                                          "keys": [impostor]}))
        self.assertEqual(check_of(report, "signature")["status"], "skipped")

    def test_not_a_key_list(self):
        for raw in (None, [], {"format": "fairgammon-proof-keys-1"}, {"format": "x", "keys": []},
                    {"format": "fairgammon-proof-keys-1", "keys": [dict(KEY_LIST["keys"][0], algorithm="RSA")]},
                    {"format": "fairgammon-proof-keys-1", "keys": [dict(KEY_LIST["keys"][0], publicKey="AB" * 32)]},
                    {"format": "fairgammon-proof-keys-1", "keys": [dict(KEY_LIST["keys"][0], **{"from": None})]}):
            with self.subTest(raw=raw):
                with self.assertRaises(v.BadKeys):
                    v.parse_keys(raw)

    def test_the_id_of_a_key(self):
        self.assertEqual(v.key_id_of("00" * 32), "fg-ed25519-" + hashlib.sha256(bytes(32)).hexdigest()[:16])


class HostileInput(unittest.TestCase):
    def setUp(self):
        self.bundle = generate_match(seed=21, games=2).bundle

    def assertFormatFails(self, raw):
        report = v.verify_bundle(raw)
        self.assertEqual(report["verdict"], "failed")
        self.assertEqual(report["checks"][0], {"id": "bundle-format", "status": "failed",
                                               "detail": report["checks"][0]["detail"]})
        self.assertTrue(all(c["status"] == "skipped" for c in report["checks"][1:]))
        json.dumps(report)

    def test_non_object_json(self):
        for raw in (None, 1, "x", [], [self.bundle], True, 1.5):
            with self.subTest(raw=raw):
                self.assertFormatFails(raw)

    def test_wrong_top_level_fields(self):
        changes = [
            ("protocol", "fair-dice-v1"), ("matchLength", 0), ("matchLength", 26), ("matchLength", "3"),
            ("matchLength", True), ("matchLength", 2.5), ("matchLength", 10 ** 400), ("chainLength", 4),
            ("commitment", "AB" * 32), ("commitment", None), ("gameSeeds", []), ("gameSeeds", {"0": "a" * 64}),
            ("gameSeeds", {"6": "a" * 64}), ("gameSeeds", {"01": "a" * 64}), ("gameSeeds", {"1": "a" * 63}),
            ("serverSeed", ""), ("serverSeed", 5), ("clientSeeds", {"white": "a"}),
            ("clientSeeds", {"white": "a b", "black": "c"}), ("clientSeeds", {"white": "a" * 65, "black": "c"}),
            ("clientSeeds", {"white": "é", "black": "c"}), ("rolls", {}), ("rolls", None), ("matchId", 5),
            ("matchId", None), ("computer", "nobody"),
            # Section 5a's fields: absent is fine, but present they have their shape (null only where it says so).
            ("seats", None), ("seats", {"white": None}), ("seats", {"white": None, "black": {"kind": "robot"}}),
            ("seats", {"white": None, "black": {"kind": "guest", "id": "a b", "name": "x"}}),
            ("seats", {"white": None, "black": {"kind": "guest", "id": "a", "name": ""}}),
            ("seats", {"white": None, "black": {"kind": "guest", "id": "a", "name": "x" * 201}}),
            ("seats", {"white": None, "black": {"kind": "guest", "id": "a", "name": "\U0001F600" * 101}}),
            ("end", "finished"), ("end", {"reason": "won", "winner": None, "score": {"white": 0, "black": 0},
                                          "games": 0, "rolls": 0}),
            ("end", {"reason": "finished", "score": {"white": 0, "black": 0}, "games": 0, "rolls": 0}),
            ("end", {"reason": "finished", "winner": None, "score": {"white": -1, "black": 0}, "games": 0,
                     "rolls": 0}),
            ("end", {"reason": "finished", "winner": None, "score": {"white": 0, "black": 0}, "games": 0.5,
                     "rolls": 0}),
            ("recordDigest", None), ("recordDigest", "AB" * 32), ("recordLines", None), ("recordLines", ["a", 1]),
            ("signature", None), ("signature", {"keyId": "fg-ed25519-0123", "value": "00" * 64}),
            ("signature", {"keyId": "fg-ed25519-0123456789abcdef", "value": "00" * 63}),
            ("signature", {"keyId": "fg-ed25519-0123456789ABCDEF", "value": "00" * 64}),
        ]
        for key, value in changes:
            with self.subTest(key=key, value=value):
                raw = copy.deepcopy(self.bundle)
                raw[key] = value
                self.assertFormatFails(raw)
        for key in ("protocol", "matchId", "matchLength", "chainLength", "commitment", "gameSeeds", "serverSeed",
                    "clientSeeds", "rolls"):
            with self.subTest(missing=key):
                raw = copy.deepcopy(self.bundle)
                del raw[key]
                self.assertFormatFails(raw)

    def test_wrong_roll_fields(self):
        changes = [
            ("nonce", -1), ("nonce", "0"), ("nonce", 0.5), ("nonce", None), ("nonce", float("inf")),
            ("game", 0), ("game", False), ("kind", "double"), ("kind", None), ("player", "red"),
            ("dice", [1]), ("dice", [0, 3]), ("dice", [7, 1]), ("dice", [1, 2, 3]), ("dice", "12"),
            ("dice", [1.5, 2]), ("salts", None), ("salts", []), ("salts", {"red": "a" * 32}),
            ("salts", {"white": 5}),
        ]
        for key, value in changes:
            with self.subTest(key=key, value=value):
                raw = copy.deepcopy(self.bundle)
                raw["rolls"][1][key] = value
                self.assertFormatFails(raw)
        for key in ("nonce", "game", "kind", "player", "dice", "salts"):
            with self.subTest(missing=key):
                raw = copy.deepcopy(self.bundle)
                del raw["rolls"][1][key]
                self.assertFormatFails(raw)
        raw = copy.deepcopy(self.bundle)
        raw["rolls"][1] = "roll"
        self.assertFormatFails(raw)

    def test_whole_numbers_written_with_a_fraction_are_whole(self):
        raw = copy.deepcopy(self.bundle)
        raw["matchLength"] = 3.0
        raw["rolls"][0]["nonce"] = 0.0
        raw["end"]["rolls"] = float(raw["end"]["rolls"])
        report = verify(raw)
        self.assertEqual(report["verdict"], "incomplete")
        self.assertEqual(check_of(report, "signature")["status"], "passed")  # the statement writes 3, not 3.0

    def test_only_exact_whole_numbers(self):
        """Beyond 2^53 - 1 a JSON number is not exact in a browser: it is not a whole number here either."""
        for value in (2 ** 53, 2.0 ** 60, -(2 ** 53)):
            with self.subTest(value=value):
                raw = copy.deepcopy(self.bundle)
                raw["rolls"][0]["nonce"] = value
                self.assertFormatFails(raw)

    def test_further_fields_are_allowed(self):
        raw = copy.deepcopy(self.bundle)
        raw["extra"] = {"nested": [1, 2]}
        raw["rolls"][0]["at"] = "2024-01-01"
        self.assertEqual(v.verify_bundle(raw)["verdict"], "incomplete")

    def test_hostile_record(self):
        for record in (None, "x", 5, {}, [None], [{"game": "1"}], [{"dice": [10 ** 500, 1]}], [[1, 2]] * 100,
                       [{"game": 1, "player": "white", "dice": [1, 2, 3]}],
                       [{"game": 1, "player": None, "dice": [1, 2]}],
                       [{"game": 2 ** 53, "player": "white", "dice": [1, 2]}]):
            with self.subTest(record=str(record)[:40]):
                report = v.verify_bundle(self.bundle, record)
                self.assertEqual(failed_ids(report), ["record-dice"])
                json.dumps(report)

    def test_hostile_browser_salts(self):
        for player, kept in (("white", []), ("white", {"x": "y"}), ("white", {"-1": "y"}), ("red", {}),
                             ("white", {"0": None}), ("white", {"0": 5})):
            with self.subTest(player=player, kept=kept):
                report = v.verify_bundle(self.bundle, v.NO_RECORD, (player, kept))
                self.assertEqual(failed_ids(report), ["browser-salts"])


class CommandLine(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.match = generate_match(seed=31, games=2)

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, content):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content if isinstance(content, str) else json.dumps(content))
        return path

    def run_cli(self, *args):
        result = subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True, timeout=60)
        self.assertNotIn("Traceback", result.stderr)
        return result

    def keys(self):
        return ["--keys", self.write("keys.json", KEY_LIST)]

    def test_verified_exit_code_0(self):
        result = self.run_cli(self.write("b.json", self.match.bundle), self.write("r.json", self.match.record),
                              *self.keys())
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(json.loads(result.stdout)["verdict"], "verified")

    def test_embedded_record(self):
        bundle = dict(self.match.bundle, record=self.match.record)
        result = self.run_cli(self.write("b.json", bundle), *self.keys())
        self.assertEqual((result.returncode, json.loads(result.stdout)["verdict"]), (0, "verified"))
        bad = [dict(e) for e in self.match.record]
        bad[0]["dice"] = [bad[0]["dice"][1], bad[0]["dice"][0]]
        result = self.run_cli(self.write("b2.json", dict(self.match.bundle, record=bad)),
                              self.write("r.json", self.match.record), *self.keys())
        self.assertEqual(result.returncode, 0, "the record file wins over the embedded record")
        result = self.run_cli(self.write("b3.json", dict(self.match.bundle, record=None)), *self.keys())
        self.assertEqual(failed_ids(json.loads(result.stdout)), ["record-dice"], "a null record is unreadable")

    def test_incomplete_exit_code_1(self):
        result = self.run_cli(self.write("b.json", self.match.bundle))
        self.assertEqual((result.returncode, json.loads(result.stdout)["verdict"]), (1, "incomplete"))

    def test_without_keys_the_signature_is_not_trusted(self):
        """The bundle names its key, but only a key the verifier was given is trusted: without --keys, incomplete."""
        result = self.run_cli(self.write("b.json", self.match.bundle), self.write("r.json", self.match.record))
        report = json.loads(result.stdout)
        self.assertEqual((result.returncode, report["verdict"]), (1, "incomplete"))
        self.assertEqual(check_of(report, "signature")["status"], "skipped")
        self.assertEqual(set(report["games"].values()), {"incomplete"})

    def test_a_key_list_that_cannot_be_read_exit_code_2(self):
        bundle = self.write("b.json", self.match.bundle)
        for content in ("{", {"format": "other", "keys": []}, {"format": "fairgammon-proof-keys-1"},
                        {"format": "fairgammon-proof-keys-1", "keys": [{"keyId": "x"}]}):
            with self.subTest(content=content):
                result = self.run_cli(bundle, "--keys", self.write("k.json", content))
                self.assertEqual(result.returncode, 2, result.stdout)
                self.assertIn("key list", json.loads(result.stdout)["error"])
        result = self.run_cli(bundle, "--keys", os.path.join(self.tmp.name, "missing.json"))
        self.assertEqual(result.returncode, 2)

    def test_not_json_exit_code_2(self):
        for text in ("{", "", "NaN", "{\"a\": Infinity}", "\x00"):
            with self.subTest(text=text):
                result = self.run_cli(self.write("b.json", text))
                self.assertEqual(result.returncode, 2)
                json.loads(result.stdout)
        result = self.run_cli(self.write("b.json", self.match.bundle), self.write("r.json", "[1,"))
        self.assertEqual(result.returncode, 2)

    def test_hostile_json(self):
        texts = ["[]", "null", "\"fair-dice-v2\"", "1" * 5000, "[" * 100000 + "]" * 100000,
                 json.dumps(dict(self.match.bundle, matchLength="HUGE")).replace('"HUGE"', "9" * 5000),
                 json.dumps(dict(self.match.bundle, rolls=[{"nonce": "BIG"}])).replace('"BIG"', "1e400")]
        for text in texts:
            with self.subTest(text=text[:30]):
                result = self.run_cli(self.write("b.json", text))
                self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
                report = json.loads(result.stdout)
                self.assertEqual(report["verdict"], "failed")
                self.assertEqual(report["checks"][0]["status"], "failed")

    def test_browser_salts_option(self):
        player = "black"
        kept = dict(self.match.kept[player])
        nonce = sorted(int(n) for n in kept)[-1]
        kept[str(nonce)] = "0" * 32
        result = self.run_cli(self.write("b.json", self.match.bundle), self.write("r.json", self.match.record),
                              "--browser-salts", self.write("s.json", kept), "--player", player)
        report = json.loads(result.stdout)
        self.assertEqual(result.returncode, 1)
        check = report["checks"][-1]
        self.assertEqual((check["id"], check["status"], check["nonce"], check["nonces"]),
                         ("browser-salts", "failed", nonce, [nonce]))

    def test_vectors(self):
        match = self.match
        bundle = match.bundle
        client_seed = bundle["clientSeeds"]["white"] + ":" + bundle["clientSeeds"]["black"]
        roll = bundle["rolls"][0]
        salt_list = [roll["salts"]["white"], roll["salts"]["black"]]
        message = v.roll_message(client_seed, 0, salt_list)
        tampered = copy.deepcopy(bundle)
        tampered["rolls"][0]["salts"]["white"] = "A" * 32
        sign(tampered)
        vectors = {
            "protocol": "fair-dice-v2",
            "keys": KEY_LIST,
            "chains": [{"label": "chain", "matchLength": 3, "chainLength": 5, "serverSeed": bundle["serverSeed"],
                        "gameSeeds": [match.seeds[k] for k in range(1, 6)], "commitment": bundle["commitment"]}],
            "rolls": [{"label": "opening", "game": 1, "gameSeed": match.seeds[1],
                       "clientSeeds": bundle["clientSeeds"], "clientSeed": client_seed, "nonce": 0,
                       "kind": "opening", "player": None, "salts": roll["salts"], "message": message,
                       "hmac": v.hmac_block(match.seeds[1], message).hex(), "dice": roll["dice"]}],
            "bundles": [
                {"label": "good", "bundle": bundle, "record": match.record, "verdict": "verified",
                 "failedChecks": [], "games": {"1": "verified", "2": "verified"}},
                {"label": "no record", "bundle": bundle, "verdict": "incomplete", "failedChecks": [],
                 "games": {"1": "incomplete", "2": "incomplete"}},
                {"label": "bad salt", "bundle": tampered, "record": match.record, "verdict": "failed",
                 "failedChecks": ["salts"],
                 "games": {"1": "failed", "2": "verified"}},
                {"label": "browser", "bundle": bundle, "record": match.record,
                 "browserSalts": {"player": "white", "salts": {"0": "1" * 32}}, "verdict": "failed",
                 "failedChecks": ["browser-salts"], "games": {"1": "failed", "2": "verified"}},
            ],
            "signingKey": {"privateKey": hashlib.sha256(b"verify_v2 self-test: the site's key").hexdigest(),
                           "publicKey": public_hex(SITE_KEY)},
            "statement": {"label": "good", "text": v.statement(v.check_bundle_format(bundle)[1],
                                                               bundle["signature"]["keyId"]),
                          "signature": bundle["signature"]},
        }
        result = self.run_cli("--vectors", self.write("v.json", vectors))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stdout.splitlines(),
                         ["ok chain", "ok opening", "ok good", "ok no record", "ok bad salt", "ok browser",
                          "ok signing-key", "ok statement good"])

        other = copy.deepcopy(vectors)
        other["statement"]["text"] = other["statement"]["text"].replace("seat white person", "seat white guest")
        other["signingKey"]["publicKey"] = public_hex(OTHER_KEY)
        result = self.run_cli("--vectors", self.write("o.json", other))
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stdout.splitlines()[-2].startswith("MISMATCH signing-key: publicKey"), result.stdout)
        self.assertIn("MISMATCH statement good: text line 13 is \"seat white guest", result.stdout)

        wrong = copy.deepcopy(vectors)
        wrong["chains"][0]["gameSeeds"][1] = "0" * 64
        wrong["rolls"][0]["dice"] = [roll["dice"][1], roll["dice"][0]]
        wrong["bundles"][0]["verdict"] = "incomplete"
        result = self.run_cli("--vectors", self.write("w.json", wrong))
        self.assertEqual(result.returncode, 1)
        lines = result.stdout.splitlines()
        self.assertTrue(lines[0].startswith("MISMATCH chain: game 2 seed"), lines)
        self.assertTrue(lines[1].startswith("MISMATCH opening: dice"), lines)
        self.assertTrue(lines[2].startswith("MISMATCH good: verdict"), lines)
        self.assertEqual(lines[3:], ["ok no record", "ok bad salt", "ok browser", "ok signing-key",
                                     "ok statement good"])

        result = self.run_cli("--vectors", self.write("x.json", {"protocol": "fair-dice-v2", "rolls": [1, {}]}))
        self.assertEqual(result.returncode, 1)
        self.assertTrue(all(line.startswith("MISMATCH") for line in result.stdout.splitlines()))


if __name__ == "__main__":
    unittest.main()
