#!/usr/bin/env python3
"""An OpenAI-compatible /v1/chat/completions server that answers every request after a fixed
delay (default 0.5 s) with a valid note, for the batch concurrency benchmark.
Usage: model_server.py PORT [DELAY_SECONDS]"""
import json
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


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        n = int(self.headers.get("content-length", "0"))
        self.rfile.read(n)
        time.sleep(DELAY)
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256


Server(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
