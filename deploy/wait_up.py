"""Wait until a URL answers (any HTTP status), then exit 0; exit 1 after TIMEOUT seconds.

`make run` prints the demo admin's sign-in line again with it once the server has started, below
the server's banner. Standard library only: it runs before anything else is known to work.
Usage: python deploy/wait_up.py URL [TIMEOUT]
"""

import sys
import time
import urllib.error
import urllib.request


def wait_up(url: str, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return True
        except urllib.error.HTTPError:
            return True  # an answer, even a refusal, means the server is up
        except OSError:
            time.sleep(0.2)
    return False


if __name__ == "__main__":
    sys.exit(0 if wait_up(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 60) else 1)
