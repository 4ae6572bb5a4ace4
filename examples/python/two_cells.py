#!/usr/bin/env python3
"""Drive `nodelisp serve` from Python: one turn, two cells.

The host protocol is JSON-RPC 2.0, one message a line, over the server's
stdin and stdout (docs/serve.md). This client uses only the standard
library. It plays both sides an agent host would: it records the user's
input, asks for the window a model request would send, records the
model's answer, and evaluates the model's two cells.

    python3 examples/python/two_cells.py --db /tmp/log.db

Arguments are passed on to `nodelisp serve`; $NODELISP names the binary
(default: nodelisp on $PATH).
"""

import json
import os
import subprocess
import sys


class RPCError(Exception):
    """A JSON-RPC error object the server answered with."""

    def __init__(self, code, message):
        super().__init__(f"{message} ({code})")
        self.code = code


class Client:
    """A JSON-RPC client of one `nodelisp serve` subprocess."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.next_id = 0

    def call(self, method, **params):
        """Send one request and wait for its response."""
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("nodelisp serve exited")
        resp = json.loads(line)
        if "error" in resp:
            raise RPCError(resp["error"]["code"], resp["error"]["message"])
        return resp["result"]

    def close(self):
        """End the input; the server answers what is pending and exits."""
        self.proc.stdin.close()
        return self.proc.wait()


CELLS = [
    ";; sum of squares 1..10 with a helper\n"
    "(defun sumsq (n) (loop for i from 1 to n sum (* i i)))\n"
    "(sumsq 10)",
    ";; check it against n(n+1)(2n+1)/6\n"
    "(= (sumsq 10) (/ (* 10 11 21) 6))",
]


def main():
    nodelisp = os.environ.get("NODELISP", "nodelisp")
    client = Client([nodelisp, "serve"] + sys.argv[1:])
    s = client.call("open", title="two cells")["session"]
    print(f"session {s}")

    client.call("input", session=s, text="What is the sum of the squares of 1 to 10? Check it.")
    # A request: what the host would send to the model now.
    window = client.call("window", session=s, send=True)
    print(f"request: {len(window['messages'])} message(s), {window['usage']} tokens")

    client.call("answer", session=s, text="I'll compute it, then check it with the closed form.")
    for code in CELLS:
        result = client.call("eval", session=s, code=code)
        status = "error" if result["error"] else "ok"
        print(f"cell {status}: {result['text']!r}")

    window = client.call("window", session=s)
    print("window: " + " ".join(m["role"] for m in window["messages"]))
    try:
        client.call("undo", session="no-such-session")
    except RPCError as e:
        print(f"expected error {e.code}")
    return client.close()


if __name__ == "__main__":
    sys.exit(main())
