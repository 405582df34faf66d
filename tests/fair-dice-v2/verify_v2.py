#!/usr/bin/env python3
"""Independent verifier for the fair dice protocol, version 2 (`fair-dice-v2`).

Written from docs/fair-dice-v2.md alone (and sections 3, 4 and 7 of docs/fair-dice-v1.md, which v2 refers to
as "as v1"), without reading the project's own implementation. Standard library only, except the signature of a
signed proof (section 5b): that needs the well-known `cryptography` package (`pip install cryptography`, Debian
`python3-cryptography`); without it the signature check is skipped, so nothing is ever "verified".

Usage:
    python3 verify_v2.py BUNDLE.json [RECORD.json] [--keys KEYS.json|URL]
                         [--browser-salts SALTS.json --player white|black]
    python3 verify_v2.py --vectors VECTORS.json

`--keys` is the site's key list (`fairgammon-proof-keys-1`: a file, or the site's https://<site>/api/fairness/keys);
only its keys are trusted, never a key named in the bundle. Without it no signature is taken as the site's.

Bundle mode prints one JSON object:
    {"verdict": ..., "checks": [{"id", "status", "nonce"?, "game"?, "detail"?}, ...], "games": {"1": ...}}
and exits 0 when the verdict is "verified", 1 otherwise, 2 when an input file is not JSON or the key list cannot
be read.
Vectors mode checks every vector against the file's own `keys`, and the file's `statement` against the statement
this verifier builds; it prints "ok <label>" or "MISMATCH <label>: <what>" per vector and exits 0 only if all match.
"""

import argparse
import hashlib
import hmac
import json
import re
import sys
import urllib.request

try:  # only the signature check needs it (section 5b)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
except ImportError:  # pragma: no cover - depends on the machine
    Ed25519PublicKey = None

PROTOCOL = "fair-dice-v2"

# Section 7: the check names, in the order they are reported.
CHECK_IDS = [
    "bundle-format",
    "signature",
    "seed-chain",
    "nonce-sequence",
    "salts",
    "rolls-recomputed",
    "opening-resolution",
    "record-dice",
    "computer-salts",
    "completeness",
    "record-moves",
]
BROWSER_SALTS = "browser-salts"

# Sections 5 and 7: the checks that vouch for the match as a whole (who played, how it ended, that the log is whole
# and unchanged). While one of them is skipped, a game whose seed is known is "incomplete", not "verified": "a bundle
# made before them has none of them, and verifies only for what it can prove (incomplete, never verified)".
WHOLE_MATCH_CHECKS = frozenset(["signature", "completeness", "record-dice", "record-moves"])

PASSED = "passed"
FAILED = "failed"
NOT_YET_REVEALED = "not-yet-revealed"
SKIPPED = "skipped"

VERIFIED = "verified"
INCOMPLETE = "incomplete"

HEX_DIGITS = frozenset("0123456789abcdef")
CLIENT_SEED_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
PLAYERS = ("white", "black")
MAX_MATCH_LENGTH = 25
# A whole number in JSON is read by JavaScript as a double: only integers up to 2^53 - 1 are exact, and the site's
# verifiers take no other. So neither does this one (a nonce of 2^60 is not a whole number here either).
MAX_SAFE_INTEGER = 2 ** 53 - 1

# Section 5a.
SEAT_KINDS = ("person", "guest", "computer")
END_REASONS = ("finished", "abandoned", "timeout", "cancelled")
WORD_CHARS = CLIENT_SEED_CHARS  # a seat's id: 1 to 64 characters from [A-Za-z0-9_-]
KEY_ID_PREFIX = "fg-ed25519-"

# Section 5b.
STATEMENT_FORMAT = "fairgammon-signed-proof-1"
KEYS_FORMAT = "fairgammon-proof-keys-1"


class _Absent:
    """A field that is not in the bundle at all (distinct from a field that is JSON null)."""

    def __repr__(self):
        return "ABSENT"


ABSENT = _Absent()


# --------------------------------------------------------------------------------------------------------------
# Reading JSON without ever crashing
# --------------------------------------------------------------------------------------------------------------


class TooLargeNumber:
    """Stands for a JSON integer too long for Python to convert (Python 3.11 limits int() to 4300 digits).

    It is valid JSON, so it must not make the file "not JSON"; it is simply never a whole number we accept.
    """

    def __init__(self, text):
        self.digits = len(text)

    def __repr__(self):
        return "<number with %d digits>" % self.digits


class Unparseable:
    """Stands for a JSON document Python's parser could not hold (nesting too deep). Never a valid value."""


class NotJson(Exception):
    """An input file is not JSON (exit code 2)."""


def _parse_int(text):
    if len(text) > 4000:
        return TooLargeNumber(text)
    return int(text)


def _reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def parse_json_text(text):
    """Parse strict JSON (no NaN/Infinity). Raises NotJson. Deep nesting gives an Unparseable value."""
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_reject_constant)
    except RecursionError:
        return Unparseable()
    except ValueError as error:  # json.JSONDecodeError is a ValueError
        raise NotJson(str(error))


def load_json_file(path):
    """Read and parse a JSON file. Raises NotJson if it cannot be read or is not UTF-8 JSON."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise NotJson("cannot read %s: %s" % (path, error))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotJson("%s is not UTF-8: %s" % (path, error))
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_json_text(text)


# --------------------------------------------------------------------------------------------------------------
# Section 1: values
# --------------------------------------------------------------------------------------------------------------


def whole(value):
    """Return value as an int if it is a whole JSON number (3 or 3.0; never true/false), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():  # inf and nan are not integers
        value = int(value)
    if isinstance(value, int) and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return value
    return None


def utf8(text):
    """Text as UTF-8 bytes, the way a browser encodes it: a lone surrogate (possible in JSON's "\\ud800") becomes
    U+FFFD rather than an error."""
    return re.sub("[\ud800-\udfff]", "\ufffd", text).encode("utf-8")


def utf16_length(text):
    """The length of a text as JavaScript counts it (UTF-16 code units): a "name" is "1 to 200 characters"."""
    return sum(2 if ord(c) > 0xFFFF else 1 for c in text)


def is_lower_hex(value, length):
    """Section 1: "64 lowercase hex characters" (seeds, commitment) or "32 lowercase hex characters" (salts)."""
    return isinstance(value, str) and len(value) == length and all(c in HEX_DIGITS for c in value)


def is_client_seed(value):
    """Section 1 (as v1): a player client seed is 1 to 64 characters from [A-Za-z0-9_-]."""
    return isinstance(value, str) and 1 <= len(value) <= 64 and all(c in CLIENT_SEED_CHARS for c in value)


def chain_length_for(match_length):
    """Section 1: "L (chain length) = 2N - 1"."""
    return 2 * match_length - 1


def sha256_hex(text):
    """hex(SHA-256(x)) where x is a seed used as its ASCII string, never as the 32 bytes it encodes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sha256_times(text, times):
    """SHA-256 applied `times` times to a seed string."""
    for _ in range(times):
        text = sha256_hex(text)
    return text


def game_seeds_from_server_seed(server_seed, chain_length):
    """Section 1: gameSeed(L) = serverSeed; gameSeed(k) = hex(SHA-256(gameSeed(k + 1))). Returns {k: seed}."""
    seeds = {chain_length: server_seed}
    for k in range(chain_length - 1, 0, -1):
        seeds[k] = sha256_hex(seeds[k + 1])
    return seeds


def commitment_for(server_seed, chain_length):
    """Section 1: commitment = hex(SHA-256(gameSeed(1))) = SHA-256 applied L times to serverSeed."""
    return sha256_times(server_seed, chain_length)


def other_player(player):
    return "black" if player == "white" else "white"


# --------------------------------------------------------------------------------------------------------------
# Section 3: one roll
# --------------------------------------------------------------------------------------------------------------


def roll_salts(kind, player, salts):
    """Section 3: "for a turn roll, the roller's salt; for an opening roll, white's salt, then black's salt"."""
    if kind == "opening":
        return [salts["white"], salts["black"]]
    return [salts[player]]


def roll_message(client_seed, nonce, salt_list, block=0):
    """Section 3: clientSeed + ":" + n + ":" + salts [+ ":" + j for j >= 1], decimal without leading zeros."""
    message = "%s:%d:%s" % (client_seed, nonce, ":".join(salt_list))
    if block:
        message += ":%d" % block
    return message


def hmac_block(game_seed, message):
    """Section 3: HMAC_SHA256(key = gameSeed(k) as its 64 ASCII bytes, message)."""
    return hmac.new(game_seed.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()


def compute_roll(game_seed, client_seed, nonce, salt_list):
    """Section 3: read blocks 0, 1, 2, ... byte by byte, skip bytes >= 252, die = b % 6 + 1 for the first two."""
    dice = []
    block = 0
    while True:
        for byte in hmac_block(game_seed, roll_message(client_seed, nonce, salt_list, block)):
            if byte < 252:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    return dice
        block += 1


# --------------------------------------------------------------------------------------------------------------
# Check results
# --------------------------------------------------------------------------------------------------------------


class Check:
    """One line of the report: a check id, its status, where it failed, and which games it failed."""

    def __init__(self, check_id, status=PASSED):
        self.id = check_id
        self.status = status
        self.nonce = None
        self.game = None
        self.detail = None
        self.failed_games = set()
        self.extra = {}

    def fail(self, detail, nonce=None, game=None):
        """Record a failure; the first failure is the one reported (section 7: "each check reports its first
        failure")."""
        if self.status != FAILED:
            self.status = FAILED
            self.nonce = nonce
            self.game = game
            self.detail = detail

    def as_json(self):
        out = {"id": self.id, "status": self.status}
        if self.status == FAILED:
            if self.nonce is not None:
                out["nonce"] = self.nonce
            if self.game is not None:
                out["game"] = self.game
            if self.detail:
                out["detail"] = self.detail
        elif self.detail:
            out["detail"] = self.detail
        out.update(self.extra)
        return out


def games_from(games, first_game):
    """Section 7: checks 3, 6 and 7 fail the game where they stopped "and every later one"."""
    return {g for g in games if g >= first_game}


# --------------------------------------------------------------------------------------------------------------
# Check 1: bundle-format
# --------------------------------------------------------------------------------------------------------------


class Bundle:
    """The bundle after check 1, with every number as an int."""

    def __init__(self):
        self.protocol = PROTOCOL
        self.match_id = ""
        self.match_length = 0
        self.chain_length = 0
        self.commitment = ""
        self.game_seeds = {}  # game number -> seed
        self.server_seed = None
        self.client_seeds = {}  # {"white": ..., "black": ...}
        self.client_seed = ""
        self.computer = None  # "white", "black" or None (section 5)
        self.rolls = []  # list of Roll
        # Section 5a: the signed proof's fields, each ABSENT in a bundle made before them.
        self.seats = ABSENT  # {"white": seat or None, "black": seat or None}; a seat is {"kind", "id", "name"}
        self.end = ABSENT  # None while the match runs, else {"reason", "winner", "score", "games", "rolls"}
        self.record_digest = ABSENT
        self.record_lines = ABSENT  # list of text
        self.signature = ABSENT  # {"keyId", "value"}


class Roll:
    def __init__(self, nonce, game, kind, player, salts, dice):
        self.nonce = nonce
        self.game = game
        self.kind = kind
        self.player = player
        self.salts = salts
        self.dice = dice


def parse_decimal_key(key):
    """A JSON object key holding a number "in decimal": canonical digits only ("0", "1", "12"; not "01", "+1",
    " 1", "1.0"). Returns the int, or None."""
    if not isinstance(key, str) or not key or len(key) > 18:
        return None
    if not all("0" <= c <= "9" for c in key) or (len(key) > 1 and key[0] == "0"):
        return None
    return int(key)


def _parse_roll(index, raw):
    """Section 7 check 1, per roll: whole nonce >= 0, whole game >= 1, kind, player, dice, salts."""
    where = "rolls[%d]" % index
    if not isinstance(raw, dict):
        return None, "%s is not an object" % where
    nonce = whole(raw.get("nonce"))
    if nonce is None or nonce < 0:
        return None, "%s.nonce is not a whole number >= 0" % where
    game = whole(raw.get("game"))
    if game is None or game < 1:
        return None, "%s.game is not a whole number >= 1" % where
    kind = raw.get("kind")
    if kind not in ("opening", "turn"):  # "kind and player are as in v1": opening or turn
        return None, "%s.kind is not \"opening\" or \"turn\"" % where
    if "player" not in raw or raw["player"] not in ("white", "black", None):
        return None, "%s.player is not \"white\", \"black\" or null" % where
    dice_raw = raw.get("dice")
    if not isinstance(dice_raw, list) or len(dice_raw) != 2:
        return None, "%s.dice is not a list of two numbers" % where
    dice = [whole(d) for d in dice_raw]
    if any(d is None or not 1 <= d <= 6 for d in dice):
        return None, "%s.dice are not two whole numbers 1 to 6" % where
    salts = raw.get("salts")
    if not isinstance(salts, dict):
        return None, "%s.salts is not an object" % where
    if any(key not in PLAYERS for key in salts):
        return None, "%s.salts has a key other than white and black" % where
    if any(not isinstance(value, str) for value in salts.values()):
        return None, "%s.salts has a value that is not text" % where
    return Roll(nonce, game, kind, raw["player"], dict(salts), dice), None


def check_bundle_format(raw):
    """Section 7, check 1 (`bundle-format`).

    "The bundle has the shape of section 5: `protocol` is `fair-dice-v2`; `matchLength` 1 to 25;
    `chainLength = 2 x matchLength - 1`; `commitment`, every `gameSeeds` value and `serverSeed` (unless null) are 64
    lowercase hex characters; `gameSeeds` keys are game numbers 1 to `chainLength`; client seeds as v1; each roll has a
    whole `nonce` >= 0, a whole `game` >= 1, `kind`, `player` ("white", "black" or null), `dice` (two whole numbers
    1 to 6) and `salts`, an object whose only keys are `white` and `black` and whose values are text."

    Returns (Check, Bundle or None).
    """
    check = Check("bundle-format")

    def failed(detail):
        check.fail(detail)
        return check, None

    if not isinstance(raw, dict):
        return failed("the bundle is not a JSON object")
    if raw.get("protocol") != PROTOCOL:
        return failed("protocol is not \"%s\"" % PROTOCOL)
    bundle = Bundle()
    if not isinstance(raw.get("matchId"), str):  # section 5b signs it: it must be text
        return failed("matchId is not text")
    bundle.match_id = raw["matchId"]

    match_length = whole(raw.get("matchLength"))
    if match_length is None or not 1 <= match_length <= MAX_MATCH_LENGTH:
        return failed("matchLength is not a whole number 1 to 25")
    bundle.match_length = match_length
    chain_length = whole(raw.get("chainLength"))
    if chain_length is None or chain_length != chain_length_for(match_length):
        return failed("chainLength is not 2 x matchLength - 1")
    bundle.chain_length = chain_length

    if not is_lower_hex(raw.get("commitment"), 64):
        return failed("commitment is not 64 lowercase hex characters")
    bundle.commitment = raw["commitment"]

    game_seeds = raw.get("gameSeeds")
    if not isinstance(game_seeds, dict):
        return failed("gameSeeds is not an object")
    for key, seed in game_seeds.items():
        game = parse_decimal_key(key)  # section 5: "keys are game numbers in decimal"
        if game is None or not 1 <= game <= chain_length:
            return failed("gameSeeds key %s is not a game number 1 to chainLength" % json.dumps(key))
        if not is_lower_hex(seed, 64):
            return failed("gameSeeds[%s] is not 64 lowercase hex characters" % key)
        bundle.game_seeds[game] = seed

    if "serverSeed" not in raw:
        return failed("serverSeed is missing (it is null while the match is running)")
    server_seed = raw["serverSeed"]
    if server_seed is not None and not is_lower_hex(server_seed, 64):
        return failed("serverSeed is neither null nor 64 lowercase hex characters")
    bundle.server_seed = server_seed

    client_seeds = raw.get("clientSeeds")
    if not isinstance(client_seeds, dict):
        return failed("clientSeeds is not an object")
    for player in PLAYERS:
        if not is_client_seed(client_seeds.get(player)):
            return failed("clientSeeds.%s is not 1 to 64 characters from [A-Za-z0-9_-]" % player)
    bundle.client_seeds = {player: client_seeds[player] for player in PLAYERS}
    bundle.client_seed = client_seeds["white"] + ":" + client_seeds["black"]

    # Section 5: "`computer` is the seat the site's computer plays ("white" or "black"), or null ...; a bundle without
    # the field reads as null."
    computer = raw.get("computer")
    if computer is not None and computer not in PLAYERS:
        return failed("computer is neither \"white\", \"black\" nor null")
    bundle.computer = computer

    problem = _parse_proof_fields(raw, bundle)
    if problem:
        return failed(problem)

    rolls = raw.get("rolls")
    if not isinstance(rolls, list):
        return failed("rolls is not a list")
    for index, raw_roll in enumerate(rolls):
        roll, problem = _parse_roll(index, raw_roll)
        if problem:
            return failed(problem)
        bundle.rolls.append(roll)
    return check, bundle


def _seat_problem(color, seat):
    """Section 5a: `kind` ("person", "guest", "computer"), `id` (1 to 64 characters from [A-Za-z0-9_-]) and `name`
    (1 to 200 characters, any text); "a seat nobody took is null"."""
    if seat is None:
        return None
    where = "seats.%s" % color
    if not isinstance(seat, dict):
        return "%s is neither null nor an object" % where
    if seat.get("kind") not in SEAT_KINDS:
        return "%s.kind is not \"person\", \"guest\" or \"computer\"" % where
    seat_id = seat.get("id")
    if not isinstance(seat_id, str) or not 1 <= len(seat_id) <= 64 or not all(c in WORD_CHARS for c in seat_id):
        return "%s.id is not 1 to 64 characters from [A-Za-z0-9_-]" % where
    name = seat.get("name")
    if not isinstance(name, str) or not 1 <= utf16_length(name) <= 200:
        return "%s.name is not 1 to 200 characters of text" % where
    return None


def _count(value):
    """A whole number >= 0 (the end's score, games and rolls), or None."""
    number = whole(value)
    return number if number is not None and number >= 0 else None


def _end_problem(end):
    """Section 5a: `null` while the match runs; else `reason`, `winner` (white, black or null), the final `score`,
    the number of `games` and of `rolls`."""
    if end is None:
        return None
    if not isinstance(end, dict):
        return "end is neither null nor an object"
    if end.get("reason") not in END_REASONS:
        return "end.reason is not one of %s" % ", ".join(END_REASONS)
    if "winner" not in end or end["winner"] not in ("white", "black", None):
        return "end.winner is not \"white\", \"black\" or null"
    score = end.get("score")
    if not isinstance(score, dict) or any(_count(score.get(player)) is None for player in PLAYERS):
        return "end.score is not {white, black} as whole numbers >= 0"
    for key in ("games", "rolls"):
        if _count(end.get(key)) is None:
            return "end.%s is not a whole number >= 0" % key
    return None


def _parse_proof_fields(raw, bundle):
    """Section 5a: `seats`, `end`, `recordDigest`, `recordLines` and `signature`, each optional ("a bundle made before
    them has none of them"), each of its shape when present. Returns a problem, or None."""
    if "seats" in raw:
        seats = raw["seats"]
        if not isinstance(seats, dict) or any(color not in seats for color in PLAYERS):
            return "seats is not an object with a white and a black seat (each null or a seat)"
        for color in PLAYERS:
            problem = _seat_problem(color, seats[color])
            if problem:
                return problem
        bundle.seats = {color: (dict(seats[color]) if seats[color] is not None else None) for color in PLAYERS}
    if "end" in raw:
        problem = _end_problem(raw["end"])
        if problem:
            return problem
        end = raw["end"]
        bundle.end = None if end is None else {
            "reason": end["reason"],
            "winner": end["winner"],
            "score": {player: whole(end["score"][player]) for player in PLAYERS},
            "games": whole(end["games"]),
            "rolls": whole(end["rolls"]),
        }
    if "recordDigest" in raw:
        if not is_lower_hex(raw["recordDigest"], 64):
            return "recordDigest is not 64 lowercase hex characters"
        bundle.record_digest = raw["recordDigest"]
    if "recordLines" in raw:
        lines = raw["recordLines"]
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            return "recordLines is not a list of text lines"
        bundle.record_lines = list(lines)
    if "signature" in raw:
        signature = raw["signature"]
        if not isinstance(signature, dict):
            return "signature is not an object"
        key_id = signature.get("keyId")
        if not (isinstance(key_id, str) and key_id.startswith(KEY_ID_PREFIX)
                and is_lower_hex(key_id[len(KEY_ID_PREFIX):], 16)):
            return "signature.keyId is not \"fg-ed25519-\" and 16 lowercase hex characters"
        if not is_lower_hex(signature.get("value"), 128):
            return "signature.value is not 128 lowercase hex characters"
        bundle.signature = {"keyId": key_id, "value": signature["value"]}
    return None


# --------------------------------------------------------------------------------------------------------------
# Check 2: seed-chain
# --------------------------------------------------------------------------------------------------------------


def check_seed_chain(bundle, games):
    """Section 7, check 2 (`seed-chain`).

    "If `serverSeed` is revealed: SHA-256 applied `chainLength` times to it gives `commitment`. Every revealed
    `gameSeeds[k]`: SHA-256 applied `k` times gives `commitment` (a seed given under the wrong game number fails
    here). Reports the first game (lowest k) whose seed is wrong, or game `chainLength` when only `serverSeed` is
    wrong. A game's seed is *known* when `gameSeeds[k]` passed, or when `serverSeed` passed (then `gameSeed(k)` is
    computed from it)."

    Verdicts: "check 2: a game whose revealed seed is wrong; every game when `serverSeed` is wrong".
    Returns (Check, {game: known seed}).
    """
    check = Check("seed-chain")
    known = {}
    server_seed_ok = None
    if bundle.server_seed is not None:
        server_seed_ok = sha256_times(bundle.server_seed, bundle.chain_length) == bundle.commitment
        if server_seed_ok:
            known.update(game_seeds_from_server_seed(bundle.server_seed, bundle.chain_length))

    wrong_games = []
    for game in sorted(bundle.game_seeds):
        seed = bundle.game_seeds[game]
        if sha256_times(seed, game) == bundle.commitment:
            known[game] = seed
        else:
            wrong_games.append(game)

    if wrong_games:
        check.fail("SHA-256 applied %d times to gameSeeds[%d] is not the commitment" % (wrong_games[0],
                                                                                         wrong_games[0]),
                   game=wrong_games[0])
        check.failed_games.update(wrong_games)
    if server_seed_ok is False:
        check.fail("SHA-256 applied chainLength (%d) times to serverSeed is not the commitment"
                   % bundle.chain_length, game=bundle.chain_length)
        check.failed_games.update(games)
    if check.status != FAILED and bundle.server_seed is None and not known:
        check.status = NOT_YET_REVEALED  # no game has ended yet: there is nothing to check so far
    return check, known


# --------------------------------------------------------------------------------------------------------------
# Check 3: nonce-sequence
# --------------------------------------------------------------------------------------------------------------


def check_nonce_sequence(bundle, games):
    """Section 7, check 3 (`nonce-sequence`).

    "Nonces run 0, 1, 2, ... with no gap and no repeat; a roll's `game` is never less than the one before it and
    never more than `chainLength`." Stops at its first failure, which fails that game and every later one.
    """
    check = Check("nonce-sequence")
    previous_game = None
    for index, roll in enumerate(bundle.rolls):
        problem = None
        if roll.nonce != index:
            problem = "expected nonce %d here, found %d" % (index, roll.nonce)
        elif previous_game is not None and roll.game < previous_game:
            problem = "game %d comes after game %d" % (roll.game, previous_game)
        elif roll.game > bundle.chain_length:
            problem = "game %d is more than chainLength %d" % (roll.game, bundle.chain_length)
        if problem:
            check.fail(problem, nonce=roll.nonce, game=roll.game)
            check.failed_games = games_from(games, roll.game)
            return check
        previous_game = roll.game
    return check


# --------------------------------------------------------------------------------------------------------------
# Check 4: salts
# --------------------------------------------------------------------------------------------------------------


def salts_problem(roll):
    """Section 7, check 4 for one roll; returns a description of what is wrong, or None."""
    if roll.kind == "opening":
        expected = {"white", "black"}
    elif roll.player in PLAYERS:
        expected = {roll.player}
    else:
        return "a turn roll without a player cannot carry its player's salt"
    if set(roll.salts) != expected:
        return "salts has %s, expected exactly %s" % (sorted(roll.salts) or "nothing", sorted(expected))
    for player in sorted(expected):
        if not is_lower_hex(roll.salts[player], 32):
            return "the %s salt is not 32 lowercase hex characters" % player
    return None


def check_salts(bundle):
    """Section 7, check 4 (`salts`).

    "An opening roll carries exactly `white` and `black`; a turn roll exactly its `player`'s salt; each is 32
    lowercase hex characters." Looks at every roll and fails every game with a wrong roll.
    Returns (Check, set of roll positions whose salts passed).
    """
    check = Check("salts")
    good_indexes = set()
    for index, roll in enumerate(bundle.rolls):
        problem = salts_problem(roll)
        if problem:
            check.fail("nonce %d: %s" % (roll.nonce, problem), nonce=roll.nonce, game=roll.game)
            check.failed_games.add(roll.game)
        else:
            good_indexes.add(index)
    return check, good_indexes


# --------------------------------------------------------------------------------------------------------------
# Check 5: rolls-recomputed
# --------------------------------------------------------------------------------------------------------------


def check_rolls_recomputed(bundle, known_seeds, good_salt_indexes):
    """Section 7, check 5 (`rolls-recomputed`).

    "Every roll whose game's seed is known (in `gameSeeds`, or computed from `serverSeed`) and whose salts passed
    check 4 equals the roll computed by section 3. *Not yet revealed* if some roll's game seed is unknown and no roll
    failed; *passed* otherwise. (A roll whose salts failed check 4 is not recomputed: check 4 has named it.)"
    Looks at every roll and fails every game with a wrong roll.
    """
    check = Check("rolls-recomputed")
    unknown = False
    for index, roll in enumerate(bundle.rolls):
        seed = known_seeds.get(roll.game)
        if seed is None:
            unknown = True
            continue
        if index not in good_salt_indexes:
            continue
        dice = compute_roll(seed, bundle.client_seed, roll.nonce, roll_salts(roll.kind, roll.player, roll.salts))
        if dice != roll.dice:
            check.fail("nonce %d: logged %s, computed %s" % (roll.nonce, roll.dice, dice),
                       nonce=roll.nonce, game=roll.game)
            check.failed_games.add(roll.game)
    if check.status != FAILED and unknown:
        check.status = NOT_YET_REVEALED
    return check


# --------------------------------------------------------------------------------------------------------------
# Check 8: computer-salts (section 3a)
# --------------------------------------------------------------------------------------------------------------


def computer_salt(game_seed, nonce):
    """Section 3a: "the first 32 characters of hex(HMAC_SHA256(key = gameSeed(k), message = "computer-salt:" + n))"."""
    return hmac.new(game_seed.encode("ascii"), ("computer-salt:%d" % nonce).encode("ascii"), hashlib.sha256).hexdigest()[:32]


def computer_seat_problem(bundle):
    """Section 5a: a seat of kind "computer" is "the site's computer, whose seat must be the one `computer` names" —
    and a seat `computer` names must be of kind "computer". Returns a problem, or None (also without `seats`)."""
    if not isinstance(bundle.seats, dict):
        return None
    for color in PLAYERS:
        seat = bundle.seats[color]
        is_computer = seat is not None and seat["kind"] == "computer"
        if is_computer != (bundle.computer == color):
            return ("the %s seat is %s, but computer is %s"
                    % (color, seat["kind"] if seat else "empty", json.dumps(bundle.computer)))
    return None


def check_computer_salts(bundle, known_seeds, good_salt_indexes):
    """Section 7, check 8 (`computer-salts`).

    "When `computer` names a seat: every salt of that seat (in opening rolls and in its turn rolls) of a game whose
    seed is known, and which passed check 4, equals `computerSalt(game, nonce)` (section 3a). Reports the first nonce
    whose salt differs and fails every game with one. *Not yet revealed* if some such salt's game seed is unknown and
    none failed; *passed* otherwise, and *passed* when `computer` is null."
    """
    check = Check("computer-salts")
    seat_problem = computer_seat_problem(bundle)
    if seat_problem:
        # The computer named where no seat is the computer's, or a computer's seat with `computer` not naming it (it
        # was erased): every game with rolls is suspect, whoever's salts they are.
        check.fail(seat_problem)
        check.failed_games.update(roll.game for roll in bundle.rolls)
        return check
    if bundle.computer is None:
        return check
    unknown = False
    for index, roll in enumerate(bundle.rolls):
        salt = roll.salts.get(bundle.computer)
        if salt is None or index not in good_salt_indexes:
            continue
        seed = known_seeds.get(roll.game)
        if seed is None:
            unknown = True
            continue
        if salt != computer_salt(seed, roll.nonce):
            check.fail("nonce %d: the computer's salt is not its game seed's" % roll.nonce, nonce=roll.nonce, game=roll.game)
            check.failed_games.add(roll.game)
    if check.status != FAILED and unknown:
        check.status = NOT_YET_REVEALED
    return check


# --------------------------------------------------------------------------------------------------------------
# Check 6: opening-resolution
# --------------------------------------------------------------------------------------------------------------


def opener_of(dice):
    """Section 4 (as v1): die1 is white's, die2 black's; the higher die moves first."""
    return "white" if dice[0] > dice[1] else "black"


def check_opening_resolution(bundle, games):
    """Section 7, check 6 (`opening-resolution`).

    "As v1 check 4: games run 1, 2, 3, ... in the roll log; every game opens with opening rolls (`player` null); a
    tie is void and is followed by another opening roll of the same game; the first non-tie starts the game, its
    higher die moves first; the opener's opponent makes the first turn roll and turn rolls then alternate."

    A last tie without its reroll fails only in a match whose `end` says it was "finished" (ended by play): while the
    match runs the reroll may simply not be logged yet, and a match abandoned, timed out or cancelled right after a
    tie honestly ends on one; a bundle without `end` cannot say that it ended by play.

    Stops at its first failure, which fails that game and every later one. The failure is placed at the roll where
    the rule broke: a tie followed by a roll of the next game fails at that roll (the log went on without the
    reroll); the last tie left alone fails at the tie.
    """
    check = Check("opening-resolution")

    def stop(detail, roll):
        check.fail(detail, nonce=roll.nonce, game=roll.game)
        check.failed_games = games_from(games, roll.game)
        return check

    current_game = 0
    phase = "awaiting-opening"  # or "void-tie" (waiting for the reroll), or "started"
    tie = None  # the void tie of the current game, while it waits for its reroll
    next_player = None
    for roll in bundle.rolls:
        if roll.game != current_game:
            if roll.game != current_game + 1:
                return stop("game %d follows game %d (games run 1, 2, 3, ...)" % (roll.game, current_game), roll)
            if phase == "void-tie":
                return stop("the tie at nonce %d (game %d) is followed by a roll of game %d, not by another opening "
                            "roll" % (tie.nonce, tie.game, roll.game), roll)
            current_game = roll.game
            phase = "awaiting-opening"
        if roll.kind == "opening":
            if roll.player is not None:
                return stop("an opening roll has a player (%s)" % roll.player, roll)
            if phase == "started":
                return stop("an opening roll after game %d has started" % roll.game, roll)
            if roll.dice[0] == roll.dice[1]:
                phase, tie = "void-tie", roll
            else:
                phase, tie = "started", None
                next_player = other_player(opener_of(roll.dice))
            continue
        if roll.player is None:
            return stop("a turn roll without a player", roll)
        if phase == "awaiting-opening":
            return stop("game %d must open with an opening roll (player null)" % roll.game, roll)
        if phase == "void-tie":
            return stop("a turn roll after the tie at nonce %d, which was not rerolled" % tie.nonce, roll)
        if roll.player != next_player:
            return stop("%s rolled where %s was on roll" % (roll.player, next_player), roll)
        next_player = other_player(next_player)
    ended_by_play = isinstance(bundle.end, dict) and bundle.end["reason"] == "finished"
    if phase == "void-tie" and ended_by_play:
        return stop("the last roll, a tie at nonce %d, has no reroll though the match finished" % tie.nonce, tie)
    return check


# --------------------------------------------------------------------------------------------------------------
# Check 7: record-dice
# --------------------------------------------------------------------------------------------------------------


def expected_record(bundle):
    """Section 7, check 7: the record the roll log implies — one entry per decisive opening roll (by the opener,
    with the opening dice as logged) and per turn roll, voided ties left out. Returns [(roll, player)]."""
    entries = []
    for roll in bundle.rolls:
        if roll.kind == "opening":
            if roll.dice[0] == roll.dice[1]:
                continue
            entries.append((roll, opener_of(roll.dice)))
        else:
            entries.append((roll, roll.player))
    return entries


def _record_problem(record):
    """The record's shape: a list of {"game": whole >= 1, "player": "white" or "black", "dice": two whole numbers
    1 to 6}. Returns a problem, or None."""
    if not isinstance(record, list):
        return "the game record is not a list"
    for index, entry in enumerate(record):
        if not isinstance(entry, dict):
            return "record entry %d is not an object" % index
        game = whole(entry.get("game"))
        if game is None or game < 1:
            return "record entry %d: game is not a whole number >= 1" % index
        if entry.get("player") not in PLAYERS:
            return "record entry %d: player is not white or black" % index
        dice = entry.get("dice")
        if not isinstance(dice, list) or len(dice) != 2 or not all(whole(d) in range(1, 7) for d in dice):
            return "record entry %d: dice are not two whole numbers 1 to 6" % index
    return None


def check_record_dice(bundle, games, record):
    """Section 7, check 7 (`record-dice`).

    "Only when a game record is given (a list of { "game", "player", "dice" }, one per turn played or passed in match
    order; a game's first entry is its opening move, by the opener with the opening dice as logged, voided ties left
    out; a turn whose dice were rolled counts even if the game ended before the move): the record's dice are exactly
    the logged dice, in order. *Skipped* without a record."

    Each entry's game and player must also be the logged ones. A record that is not such a list fails every game (it
    cannot say which game it is wrong about). Otherwise the check stops at its first difference, which fails the
    logged turn's game and every later one (an entry beyond the log's end: that entry's game).
    """
    check = Check("record-dice")
    if record is NO_RECORD:
        check.status = SKIPPED
        check.detail = "no game record given"
        return check

    def stop(detail, nonce, game):
        check.fail(detail, nonce=nonce, game=game)
        check.failed_games = games_from(games, game)
        return check

    problem = _record_problem(record)
    if problem:
        return stop(problem, None, 1)
    expected = expected_record(bundle)
    for index in range(max(len(record), len(expected))):
        entry = record[index] if index < len(record) else None
        if index >= len(expected):
            return stop("record entry %d has no logged roll (the record is longer than the log)" % index,
                        None, whole(entry["game"]))
        roll, player = expected[index]
        if entry is None:
            return stop("the record ends before the logged roll at nonce %d" % roll.nonce, roll.nonce, roll.game)
        entry_dice = [whole(d) for d in entry["dice"]]
        if entry_dice != roll.dice:
            problem = "dice %s, logged %s" % (entry_dice, roll.dice)
        elif whole(entry["game"]) != roll.game:
            problem = "game %d is not the logged game %d" % (whole(entry["game"]), roll.game)
        elif entry["player"] != player:
            problem = "player is not %s" % player
        else:
            continue
        return stop("record entry %d (nonce %d): %s" % (index, roll.nonce, problem), roll.nonce, roll.game)
    return check


def _dumpable(value):
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return len(text) < 200


# --------------------------------------------------------------------------------------------------------------
# The panel's check: browser-salts
# --------------------------------------------------------------------------------------------------------------


def check_browser_salts(bundle, player, kept):
    """Section 7 (the panel's own check, `browser-salts`) and section 6.

    "The browser panel adds a ninth check, `browser-salts`: the salts this browser kept for its own player
    (section 6) equal the logged ones, nonce by nonce; it names each nonce where they differ."

    `kept` maps a nonce (decimal string) to the salt the browser kept for `player`. Every kept nonce that is in the
    roll log is compared with the salt logged for `player` at that roll (none if the roll is not `player`'s, e.g.
    the opponent's turn roll, which carries only the opponent's salt). Kept nonces not in the log yet (a request
    still outstanding) and logged salts this browser did not keep (another browser or device) are not compared.
    Fails the game of every differing nonce.
    """
    check = Check(BROWSER_SALTS)
    if player not in PLAYERS:
        check.fail("the player must be white or black")
        return check
    if not isinstance(kept, dict):
        check.fail("the browser salts are not a JSON object mapping nonces to salts")
        return check
    kept_by_nonce = {}
    for key, salt in kept.items():
        nonce = parse_decimal_key(key)
        if nonce is None:
            check.fail("browser salts key %s is not a nonce in decimal" % json.dumps(key))
            return check
        kept_by_nonce[nonce] = salt

    differing = []
    for roll in bundle.rolls:
        if roll.nonce not in kept_by_nonce:
            continue
        if kept_by_nonce[roll.nonce] != roll.salts.get(player):
            differing.append(roll)
    if differing:
        first = differing[0]
        check.fail("the salt logged for %s differs from the one this browser kept at nonce%s %s"
                   % (player, "s" if len(differing) > 1 else "", ", ".join(str(r.nonce) for r in differing)),
                   nonce=first.nonce, game=first.game)
        check.extra["nonces"] = [r.nonce for r in differing]
        check.failed_games.update(r.game for r in differing)
    return check


# --------------------------------------------------------------------------------------------------------------
# Sections 5a and 5b: the record digest, the statement, the key list and the signature
# --------------------------------------------------------------------------------------------------------------


def record_digest(lines):
    """Section 5a: "hex(SHA-256(recordLines, each followed by "\\n", as UTF-8))"."""
    return hashlib.sha256(b"".join(utf8(line) + b"\n" for line in lines)).hexdigest()


def _seat_line(color, seats):
    """Section 5b: "seat <color> <kind> <id> <hex of the name's UTF-8 bytes>", or "seat <color> -" (no seat, or no
    `seats` field)."""
    seat = seats[color] if isinstance(seats, dict) else None
    if seat is None:
        return "seat %s -" % color
    return "seat %s %s %s %s" % (color, seat["kind"], seat["id"], utf8(seat["name"]).hex())


def statement_lines(bundle, key_id):
    """Section 5b: the statement's lines, in order, for the key `key_id`."""
    end = bundle.end if isinstance(bundle.end, dict) else None
    lines = [
        STATEMENT_FORMAT,
        "key %s" % key_id,
        "protocol %s" % bundle.protocol,
        "match %s" % bundle.match_id,
        "match-length %d" % bundle.match_length,
        "chain-length %d" % bundle.chain_length,
        "commitment %s" % bundle.commitment,
    ]
    lines += ["game-seed %d %s" % (game, bundle.game_seeds[game]) for game in sorted(bundle.game_seeds)]
    lines += [
        "server-seed %s" % (bundle.server_seed if bundle.server_seed is not None else "-"),
        "client-seeds %s %s" % (bundle.client_seeds["white"], bundle.client_seeds["black"]),
        "computer %s" % (bundle.computer or "-"),
        _seat_line("white", bundle.seats),
        _seat_line("black", bundle.seats),
        "end -" if end is None else "end %s %s %d %d %d %d" % (
            end["reason"], end["winner"] or "-", end["score"]["white"], end["score"]["black"], end["games"],
            end["rolls"]),
        "record %s" % (bundle.record_digest if bundle.record_digest is not ABSENT else "-"),
    ]
    lines += ["roll %d %d %s %s %d%d %s %s" % (roll.nonce, roll.game, roll.kind, roll.player or "-", roll.dice[0],
                                              roll.dice[1], roll.salts.get("white", "-"), roll.salts.get("black", "-"))
              for roll in bundle.rolls]
    return lines


def statement(bundle, key_id):
    """Section 5b: the signed text, "one line per item, each line ended by "\\n" (the last one too)"."""
    return "".join(line + "\n" for line in statement_lines(bundle, key_id))


class BadKeys(Exception):
    """The key list is not a `fairgammon-proof-keys-1` list (exit code 2)."""


def key_id_of(public_key):
    """Section 5b: "fg-ed25519-" and the first 16 hex characters of SHA-256 of the 32 public-key bytes."""
    return KEY_ID_PREFIX + hashlib.sha256(bytes.fromhex(public_key)).hexdigest()[:16]


def parse_keys(raw):
    """Section 5b: the keys of a key list the verifier was given, those "whose id is not its own" dropped.

    Raises BadKeys unless it is {"format": "fairgammon-proof-keys-1", "keys": [{"keyId", "algorithm": "Ed25519",
    "publicKey": <64 hex>, "from"}, ...]}."""
    if not isinstance(raw, dict) or raw.get("format") != KEYS_FORMAT or not isinstance(raw.get("keys"), list):
        raise BadKeys("not a %s key list" % KEYS_FORMAT)
    keys = []
    for index, key in enumerate(raw["keys"]):
        if not (isinstance(key, dict) and isinstance(key.get("keyId"), str) and key.get("algorithm") == "Ed25519"
                and is_lower_hex(key.get("publicKey"), 64) and isinstance(key.get("from"), str)):
            raise BadKeys("keys[%d] is not {keyId, algorithm: Ed25519, publicKey: 64 hex, from}" % index)
        if key["keyId"] == key_id_of(key["publicKey"]):
            keys.append({"keyId": key["keyId"], "publicKey": key["publicKey"], "from": key["from"]})
    return keys


def load_keys(source):
    """The key list of --keys: a file, or a URL (the site's https://<site>/api/fairness/keys). Raises BadKeys."""
    if re.match(r"https?://", source):
        try:
            with urllib.request.urlopen(urllib.request.Request(source, headers={"accept": "application/json"}),
                                        timeout=30) as response:
                text = response.read().decode("utf-8")
        except (OSError, ValueError) as error:
            raise BadKeys("cannot download %s: %s" % (source, error))
        try:
            raw = parse_json_text(text)
        except NotJson as error:
            raise BadKeys("%s is not JSON: %s" % (source, error))
    else:
        try:
            raw = load_json_file(source)
        except NotJson as error:
            raise BadKeys(str(error))
    return parse_keys(raw)


def signature_valid(public_key, text, signature):
    """Ed25519 (RFC 8032): is `signature` (128 hex) the key's signature of the UTF-8 text? Never raises."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key)).verify(bytes.fromhex(signature), utf8(text))
        return True
    except Exception:  # InvalidSignature, or a public key that is not a point of the curve
        return False


def check_signature(bundle, keys, games):
    """Section 5b (`signature`): the bundle's statement verifies under a key of the list the verifier was given.

    "A verifier trusts only keys it was given from there (never a key named inside the file it checks)". Skipped
    when the bundle is unsigned or signed with a key the verifier was not given; failed, for every game, when the
    signature is not the key's signature of the statement (a roll, a salt, a seat, the end or the record changed).
    """
    check = Check("signature")
    if bundle.signature is ABSENT:
        check.status, check.detail = SKIPPED, "the bundle is not signed"
        return check
    key_id = bundle.signature["keyId"]
    key = next((k for k in keys if k["keyId"] == key_id), None)
    if key is None:
        check.status = SKIPPED
        check.detail = "signed with %s, which is not among the %d trusted key(s)" % (key_id, len(keys))
        return check
    if Ed25519PublicKey is None:
        check.status = SKIPPED
        check.detail = "the signature needs the Python package cryptography (pip install cryptography)"
        return check
    if not signature_valid(key["publicKey"], statement(bundle, key_id), bundle.signature["value"]):
        check.fail("the signature is not %s's signature of this bundle's statement" % key_id)
        check.failed_games = set(games)
        return check
    check.detail = "signed by %s" % key_id
    return check


# --------------------------------------------------------------------------------------------------------------
# Completeness and the record's moves (sections 5a, 5b)
# --------------------------------------------------------------------------------------------------------------


def check_completeness(bundle, games):
    """`completeness`: a match that has ended shows its end, and its log is whole.

    Section 5b: nobody can "cut the log short" without the site's key, so the signed `end` must agree with the log:
    `null` only while the match runs (`serverSeed` null), else as many `rolls` as the log has, the game of the last
    roll as `games`, the seed of every game that has ended (all of them in a finished match; all but the last in a
    match that ended otherwise, whose last game may not have ended), a winner in a match finished or timed out, and a
    finished match's score at the match length. A signed bundle without `end` reads as `end: null`; a bundle with
    neither (made before ends were recorded) cannot be checked: skipped. Fails from the game where the log and the
    end part (as checks 3, 6 and 7), or every game when the end and the reveal disagree.
    """
    check = Check("completeness")

    def stop(detail, game=None):
        check.fail(detail, game=game)
        check.failed_games = games_from(games, game or 1)
        return check

    end = bundle.end
    if end is ABSENT:
        if bundle.signature is ABSENT:
            check.status, check.detail = SKIPPED, "the bundle has no end (made before ends were recorded)"
            return check
        end = None
    last_game = bundle.rolls[-1].game if bundle.rolls else 0
    if end is None:
        if bundle.server_seed is not None:
            return stop("serverSeed is revealed, but the end is null (the match is still running)")
        return check
    if bundle.server_seed is None:
        return stop("the match ended (%s), but serverSeed is not revealed" % end["reason"])
    if end["rolls"] != len(bundle.rolls):
        return stop("the end says %d rolls, the log has %d" % (end["rolls"], len(bundle.rolls)), last_game or 1)
    if end["games"] != last_game:
        return stop("the end says %d games, the log's last roll is of game %d" % (end["games"], last_game),
                    min(last_game, end["games"]) or 1)
    must_have_seeds = end["games"] if end["reason"] == "finished" else end["games"] - 1
    for game in range(1, must_have_seeds + 1):
        if game not in bundle.game_seeds:
            return stop("game %d has ended, but its seed is not in gameSeeds" % game, game)
    if end["reason"] in ("finished", "timeout"):
        winner = end["winner"]
        if winner is None:
            return stop("a match %s has a winner, but the end names none" % end["reason"], end["games"] or 1)
        loser = other_player(winner)
        if end["reason"] == "finished" and (end["score"][winner] < bundle.match_length
                                           or end["score"][loser] >= bundle.match_length):
            return stop("a finished match's score is %d-%d, but the match is to %d points"
                        % (end["score"]["white"], end["score"]["black"], bundle.match_length), end["games"] or 1)
    return check


def check_record_moves(bundle, lines, games):
    """`record-moves` (section 5a): the game record's lines have the signed `recordDigest`, so that a move rewritten
    with its dice unchanged is seen. Skipped without a digest or without lines; failed for every game."""
    check = Check("record-moves")
    if bundle.record_digest is ABSENT:
        check.status, check.detail = SKIPPED, "the bundle has no recordDigest"
        return check
    if lines is ABSENT:
        check.status, check.detail = SKIPPED, "no record lines to digest"
        return check
    digest = record_digest(lines)
    if digest != bundle.record_digest:
        check.fail("the %d record lines digest to %s, not to the recordDigest %s" % (len(lines), digest,
                                                                                  bundle.record_digest))
        check.failed_games = set(games)
    return check


# --------------------------------------------------------------------------------------------------------------
# Section 7: verdicts
# --------------------------------------------------------------------------------------------------------------


def game_numbers(bundle):
    """Section 7: "A game (every game number in `rolls` or `gameSeeds`)"."""
    return {roll.game for roll in bundle.rolls} | set(bundle.game_seeds)


class _NoRecord:
    """No game record given (distinct from a record that is JSON null, which is a record that cannot be read)."""

    def __repr__(self):
        return "NO_RECORD"


NO_RECORD = _NoRecord()


def verify_bundle(raw, record=NO_RECORD, browser=None, keys=()):
    """Run the checks of section 7 on a parsed bundle and return the report (a dict, see the module docstring).

    `record` is the parsed game record given beside the bundle, or NO_RECORD: then the bundle's own `record` field is
    used if it has one. `browser` is None or (player, {nonce string: salt}). `keys` are the trusted keys (from
    `parse_keys`): only a signature by one of them is checked, and passes.

    "The match is *failed* if any check failed; else *not yet revealed* if `serverSeed` is null; else *incomplete*
    if a check was skipped (no game record); else *verified*. A verifier never says "verified" on partial data."
    A game whose seed is known and that no check failed is *verified* only when the checks that vouch for the whole
    match (signature, completeness, record-dice, record-moves) all ran; else it is *incomplete*.
    """
    format_check, bundle = check_bundle_format(raw)
    if bundle is None:
        # "If this fails, every other check is *skipped*."
        checks = [format_check] + [Check(check_id, SKIPPED) for check_id in CHECK_IDS[1:]]
        if browser is not None:
            checks.append(Check(BROWSER_SALTS, SKIPPED))
        # "... and no game has a verdict: a bundle that cannot be read cannot be trusted to name its games."
        return {"verdict": FAILED, "checks": [c.as_json() for c in checks], "games": {}}

    if record is NO_RECORD and "record" in raw:
        record = raw["record"]  # the record inside the bundle (section 5), when none is given beside it
    games = game_numbers(bundle)
    signature_check = check_signature(bundle, keys, games)
    chain_check, known_seeds = check_seed_chain(bundle, games)
    nonce_check = check_nonce_sequence(bundle, games)
    salts_check, good_salts = check_salts(bundle)
    rolls_check = check_rolls_recomputed(bundle, known_seeds, good_salts)
    opening_check = check_opening_resolution(bundle, games)
    record_check = check_record_dice(bundle, games, record)
    computer_check = check_computer_salts(bundle, known_seeds, good_salts)
    completeness_check = check_completeness(bundle, games)
    moves_check = check_record_moves(bundle, bundle.record_lines, games)
    checks = [format_check, signature_check, chain_check, nonce_check, salts_check, rolls_check, opening_check,
              record_check, computer_check, completeness_check, moves_check]
    if browser is not None:
        checks.append(check_browser_salts(bundle, browser[0], browser[1]))

    failed_games = set()
    for check in checks:
        failed_games |= check.failed_games
    unvouched = any(check.status == SKIPPED and check.id in WHOLE_MATCH_CHECKS for check in checks)
    game_verdicts = {}
    for game in sorted(games):
        if game in failed_games:
            game_verdicts[str(game)] = FAILED
        elif game not in known_seeds:
            game_verdicts[str(game)] = NOT_YET_REVEALED
        elif unvouched:
            game_verdicts[str(game)] = INCOMPLETE
        else:
            game_verdicts[str(game)] = VERIFIED

    if any(check.status == FAILED for check in checks):
        verdict = FAILED
    elif bundle.server_seed is None or any(check.status == NOT_YET_REVEALED for check in checks):
        verdict = NOT_YET_REVEALED
    elif any(check.status == SKIPPED for check in checks):
        verdict = INCOMPLETE
    else:
        verdict = VERIFIED
    return {"verdict": verdict, "checks": [c.as_json() for c in checks], "games": game_verdicts}


# --------------------------------------------------------------------------------------------------------------
# Vectors mode
# --------------------------------------------------------------------------------------------------------------


def _label(vector, kind, index):
    if isinstance(vector, dict) and isinstance(vector.get("label"), str):
        return vector["label"]
    return "%s[%d]" % (kind, index)


def check_chain_vector(vector):
    """A chain vector: recompute chainLength from matchLength, every game seed from serverSeed, the commitment."""
    problems = []
    match_length = whole(vector.get("matchLength"))
    if match_length is None or not 1 <= match_length <= MAX_MATCH_LENGTH:
        return ["matchLength is not a whole number 1 to 25"]
    chain_length = chain_length_for(match_length)
    if whole(vector.get("chainLength")) != chain_length:
        problems.append("chainLength %s, computed %d" % (_short(vector.get("chainLength")), chain_length))
    server_seed = vector.get("serverSeed")
    if not is_lower_hex(server_seed, 64):
        return problems + ["serverSeed is not 64 lowercase hex characters"]
    seeds = game_seeds_from_server_seed(server_seed, chain_length)
    listed = vector.get("gameSeeds")
    if not isinstance(listed, list):
        problems.append("gameSeeds is not a list")
    else:
        if len(listed) != chain_length:
            problems.append("%d game seeds listed, chain length %d" % (len(listed), chain_length))
        for k in range(1, min(len(listed), chain_length) + 1):
            if listed[k - 1] != seeds[k]:
                problems.append("game %d seed %s, computed %s" % (k, _short(listed[k - 1]), seeds[k]))
                break
    commitment = commitment_for(server_seed, chain_length)
    if vector.get("commitment") != commitment or sha256_hex(seeds[1]) != commitment:
        problems.append("commitment %s, computed %s" % (_short(vector.get("commitment")), commitment))
    return problems


def check_roll_vector(vector):
    """A roll vector: recompute clientSeed, block 0's message and HMAC, and the dice (section 3)."""
    problems = []
    client_seeds = vector.get("clientSeeds")
    if not isinstance(client_seeds, dict) or not all(is_client_seed(client_seeds.get(p)) for p in PLAYERS):
        return ["clientSeeds is not two client seeds"]
    client_seed = client_seeds["white"] + ":" + client_seeds["black"]
    if vector.get("clientSeed") != client_seed:
        problems.append("clientSeed %s, computed %s" % (_short(vector.get("clientSeed")), client_seed))
    game_seed = vector.get("gameSeed")
    if not is_lower_hex(game_seed, 64):
        return problems + ["gameSeed is not 64 lowercase hex characters"]
    nonce = whole(vector.get("nonce"))
    if nonce is None or nonce < 0:
        return problems + ["nonce is not a whole number >= 0"]
    kind, player, salts = vector.get("kind"), vector.get("player"), vector.get("salts")
    if kind not in ("opening", "turn") or not isinstance(salts, dict):
        return problems + ["kind or salts malformed"]
    try:
        salt_list = roll_salts(kind, player, salts)
    except (KeyError, TypeError):
        return problems + ["salts lack the salts section 3 uses"]
    if not all(isinstance(s, str) for s in salt_list):
        return problems + ["a salt is not text"]
    message = roll_message(client_seed, nonce, salt_list)
    if vector.get("message") != message:
        problems.append("message %s, computed %s" % (_short(vector.get("message")), message))
    digest = hmac_block(game_seed, message).hex()
    if vector.get("hmac") != digest:
        problems.append("hmac %s, computed %s" % (_short(vector.get("hmac")), digest))
    dice = compute_roll(game_seed, client_seed, nonce, salt_list)
    listed = vector.get("dice")
    listed_dice = [whole(d) for d in listed] if isinstance(listed, list) else None
    if listed_dice != dice:
        problems.append("dice %s, computed %s" % (_short(listed), dice))
    return problems


def check_bundle_vector(vector, keys=()):
    """A bundle vector: run the verifier, compare verdict, sorted failed check ids and per-game verdicts."""
    browser = None
    browser_salts = vector.get("browserSalts")
    if browser_salts is not None:
        if not isinstance(browser_salts, dict):
            return ["browserSalts is not an object"]
        browser = (browser_salts.get("player"), browser_salts.get("salts"))
    report = verify_bundle(vector.get("bundle"), vector["record"] if "record" in vector else NO_RECORD, browser, keys)
    problems = []
    if vector.get("verdict") != report["verdict"]:
        problems.append("verdict %s, computed %s" % (_short(vector.get("verdict")), report["verdict"]))
    failed = sorted(c["id"] for c in report["checks"] if c["status"] == FAILED)
    if vector.get("failedChecks") != failed:
        problems.append("failedChecks %s, computed %s" % (_short(vector.get("failedChecks")), json.dumps(failed)))
    if vector.get("games") != report["games"]:
        problems.append("games %s, computed %s" % (_short(vector.get("games")), json.dumps(report["games"])))
    return problems


def check_statement_vector(vector, bundles, keys):
    """The vectors' `statement`: the whole statement (section 5b) of the bundle vector it names, as this verifier
    builds it from that bundle, and its signature under a trusted key."""
    bundle_vector = next((b for b in bundles if isinstance(b, dict) and b.get("label") == vector.get("label")), None)
    if bundle_vector is None:
        return ["no bundle vector is labelled %s" % _short(vector.get("label"))]
    _, bundle = check_bundle_format(bundle_vector.get("bundle"))
    if bundle is None or bundle.signature is ABSENT:
        return ["the bundle of %s is not a signed fair-dice-v2 bundle" % _short(vector.get("label"))]
    problems = []
    text = statement(bundle, bundle.signature["keyId"])
    listed = vector.get("text")
    if listed != text:
        ours = text.split("\n")
        theirs = listed.split("\n") if isinstance(listed, str) else []
        line = next((i for i in range(max(len(ours), len(theirs)))
                     if i >= len(ours) or i >= len(theirs) or ours[i] != theirs[i]))
        problems.append("text line %d is %s, built %s" % (
            line + 1, _short(theirs[line] if line < len(theirs) else None), _short(ours[line] if line < len(ours) else None)))
    signature = vector.get("signature")
    if signature != bundle.signature:
        problems.append("signature %s is not the bundle's" % _short(signature))
    key = next((k for k in keys if k["keyId"] == bundle.signature["keyId"]), None)
    if key is None:
        problems.append("the statement's key %s is not in the vectors' keys" % bundle.signature["keyId"])
    elif Ed25519PublicKey is None:
        problems.append("cannot check the signature without the Python package cryptography")
    elif not signature_valid(key["publicKey"], text, bundle.signature["value"]):
        problems.append("the signature is not %s's signature of the statement" % key["keyId"])
    return problems


def check_signing_key(signing_key, keys):
    """The vectors' test key: its private half gives its public half, which the vectors' keys list."""
    if not isinstance(signing_key, dict) or not is_lower_hex(signing_key.get("privateKey"), 64):
        return ["signingKey has no privateKey of 64 lowercase hex characters"]
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    except ImportError:
        return ["cannot check the signing key without the Python package cryptography"]
    public = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(signing_key["privateKey"])).public_key()
    public_hex = public.public_bytes_raw().hex()
    problems = []
    if signing_key.get("publicKey") != public_hex:
        problems.append("publicKey %s, computed %s" % (_short(signing_key.get("publicKey")), public_hex))
    if not any(k["publicKey"] == public_hex and k["keyId"] == key_id_of(public_hex) for k in keys):
        problems.append("the vectors' keys do not list it under its id %s" % key_id_of(public_hex))
    return problems


def _short(value):
    if not _dumpable(value):
        return "?"
    return json.dumps(value)


def run_vectors(vectors, out):
    """Check a published vectors file; writes one line per vector. Returns True if every vector matches."""
    if not isinstance(vectors, dict):
        out.write("MISMATCH vectors: the file is not a JSON object\n")
        return False
    all_ok = True
    if vectors.get("protocol") != PROTOCOL:
        out.write("MISMATCH protocol: %s, expected %s\n" % (_short(vectors.get("protocol")), PROTOCOL))
        all_ok = False
    keys = []
    if "keys" in vectors:
        try:
            keys = parse_keys(vectors["keys"])
        except BadKeys as error:
            out.write("MISMATCH keys: %s\n" % error)
            all_ok = False
    bundles = vectors.get("bundles") if isinstance(vectors.get("bundles"), list) else []
    sections = [("chains", check_chain_vector), ("rolls", check_roll_vector),
                ("bundles", lambda vector: check_bundle_vector(vector, keys))]
    if "signingKey" in vectors:
        sections.append(("signingKey", lambda signing_key: check_signing_key(signing_key, keys)))
    if "statement" in vectors:
        sections.append(("statement", lambda vector: check_statement_vector(vector, bundles, keys)))
    count = 0
    for kind, checker in sections:
        listed = vectors.get(kind, [])
        if kind in ("signingKey", "statement"):  # one object, not a list
            listed = [listed]
        if not isinstance(listed, list):
            out.write("MISMATCH %s: not a list\n" % kind)
            all_ok = False
            continue
        for index, vector in enumerate(listed):
            count += 1
            label = {"signingKey": "signing-key", "statement": "statement %s" % _label(vector, kind, index)}.get(
                kind, _label(vector, kind, index))
            if not isinstance(vector, dict):
                problems = ["the vector is not an object"]
            else:
                try:
                    problems = checker(vector)
                except Exception as error:  # a malformed vector must not stop the others
                    problems = ["cannot check this vector (%s)" % type(error).__name__]
            if problems:
                all_ok = False
                out.write("MISMATCH %s: %s\n" % (label, "; ".join(problems)))
            else:
                out.write("ok %s\n" % label)
    if count == 0:
        out.write("MISMATCH vectors: the file has no vectors\n")
        all_ok = False
    return all_ok


# --------------------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------------------


def _print_json(obj):
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def _not_json_exit(message):
    _print_json({"verdict": FAILED, "error": message, "checks": [], "games": {}})
    return 2


def main(argv=None):
    parser = argparse.ArgumentParser(description="Verify a fair-dice-v2 audit bundle or test vectors.")
    parser.add_argument("bundle", nargs="?", help="the audit bundle (JSON)")
    parser.add_argument("record", nargs="?", help="the game record (JSON list of {game, player, dice})")
    parser.add_argument("--vectors", metavar="VECTORS.json", help="check a published test vectors file")
    parser.add_argument("--browser-salts", metavar="SALTS.json",
                        help="the salts one browser kept, {\"<nonce>\": \"<salt>\"}")
    parser.add_argument("--player", choices=PLAYERS, help="whose salts --browser-salts holds")
    parser.add_argument("--keys", metavar="KEYS.json|URL",
                        help="the site's key list (fairgammon-proof-keys-1): a file, or "
                             "https://<site>/api/fairness/keys; without it no signature is trusted")
    args = parser.parse_args(argv)

    if args.vectors:
        if args.bundle or args.record or args.keys:
            parser.error("--vectors takes no bundle and no --keys (the file has its own)")
        try:
            vectors = load_json_file(args.vectors)
        except NotJson as error:
            sys.stdout.write("MISMATCH vectors: not JSON (%s)\n" % error)
            return 2
        return 0 if run_vectors(vectors, sys.stdout) else 1

    if not args.bundle:
        parser.error("a bundle file (or --vectors) is required")
    if (args.browser_salts is None) != (args.player is None):
        parser.error("--browser-salts and --player go together")

    try:
        raw = load_json_file(args.bundle)
    except NotJson as error:
        return _not_json_exit("the bundle is not JSON: %s" % error)
    record = NO_RECORD  # the bundle's own `record` then, if it has one
    if args.record:
        try:
            record = load_json_file(args.record)
        except NotJson as error:
            return _not_json_exit("the record is not JSON: %s" % error)
    keys = []
    if args.keys:
        try:
            keys = load_keys(args.keys)
        except BadKeys as error:
            return _not_json_exit("the key list cannot be read: %s" % error)
    browser = None
    if args.browser_salts:
        try:
            browser = (args.player, load_json_file(args.browser_salts))
        except NotJson as error:
            return _not_json_exit("the browser salts are not JSON: %s" % error)

    try:
        report = verify_bundle(raw, record, browser, keys)
    except Exception as error:  # a last guard: hostile input must never produce a traceback
        report = {"verdict": FAILED, "error": "internal error: %s" % type(error).__name__, "checks": [],
                  "games": {}}
    _print_json(report)
    return 0 if report["verdict"] == VERIFIED else 1


if __name__ == "__main__":
    sys.exit(main())
