"""
Runs tests/fair-dice-v2/verify_v2.py's command line — its main(), argument parsing, files and output included — once
per argument list, all in one interpreter: a test that checks dozens of bundles pays for one Python start instead of
one each (about a tenth of a second apiece, more on a busy machine). Reads a JSON list of argument lists on standard
input; writes a JSON list of {"status": the exit status main gave, "stdout": what it printed}, in the same order.

    echo '[["bundle.json", "record.json", "--keys", "keys.json"]]' | python3 tests/support/verify_v2_batch.py
"""
import contextlib
import io
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fair-dice-v2"))

import verify_v2  # noqa: E402 (found through the path above)


def run(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            status = verify_v2.main(argv)
        except SystemExit as exit_:  # argparse's refusals
            status = exit_.code
    return {"status": status, "stdout": out.getvalue()}


if __name__ == "__main__":
    sys.stdout.write(json.dumps([run(argv) for argv in json.load(sys.stdin)]))
