#!/usr/bin/env python3
"""An OpenAI-compatible /v1/chat/completions server that answers every request after a fixed
delay (default 0.5 s) with a valid note, for the batch concurrency benchmark. A chunk request of
the chunked path (a session larger than the budget) is answered with facts citing the first
command, edit and error ids its part shows, so that such a session goes through end to end.
Usage: model_server.py PORT [DELAY_SECONDS]"""
import json
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DELAY = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
NOTE = {
    "goal": {"text": "Continue the session's work.", "cite": ["M1"]},
    "verified": [], "partial": [], "decisions": [], "discarded": [], "files": [],
    "open_loops": [{"owner": "Agent", "text": "Re-run the checks.", "verify": "make test", "cite": []}],
    "next_action": {"text": "Run `make test`.", "cite": ["M1"]},
    "watch_outs": [],
}
BODY = json.dumps({
    "id": "chatcmpl-bench", "object": "chat.completion",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(NOTE)}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100},
}).encode()


ENTRY = re.compile(r"^- ([CEX][0-9]+) ", re.M)


def chunk_facts(request):
    """The answer to a chunk request: one fact per id of the part's first 20 timeline entries."""
    part = request["messages"][-1]["content"]
    facts = [{"text": f"{i} is part of this stretch of the session.", "cite": [i]}
             for i in ENTRY.findall(part)[:20]]
    return json.dumps({
        "id": "chatcmpl-bench-chunk", "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps({"facts": facts})},
                     "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100},
    }).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        n = int(self.headers.get("content-length", "0"))
        raw = self.rfile.read(n)
        body = chunk_facts(json.loads(raw)) if b"handoff_chunk_facts" in raw else BODY
        time.sleep(DELAY)
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
