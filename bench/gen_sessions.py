#!/usr/bin/env python3
"""Generates N real-shaped sessions for the batch benchmarks from the public corpus.

Each session is a byte copy of a corpus transcript (Claude Code, Codex, Gemini CLI, aider,
Cline), cycled in order, with its session id (or, where the format has none, one trailing
whitespace byte per copy) changed so that every copy has its own content hash, as distinct
sessions of the same shapes would. Usage: gen_sessions.py CORPUS_DIR OUT_DIR N
"""
import os
import re
import sys

corpus, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
templates = []
for agent in ["claude-code", "codex", "gemini-cli", "aider", "cline"]:
    d = os.path.join(corpus, agent)
    for name in sorted(os.listdir(d)):
        templates.append((agent, os.path.join(d, name)))

ID = re.compile(rb'"(?:sessionId|id)"\s*:\s*"([0-9a-f][0-9a-f-]{7,})"')
os.makedirs(out, exist_ok=True)
for i in range(n):
    agent, path = templates[i % len(templates)]
    data = open(path, "rb").read()
    m = ID.search(data)
    tag = b"%08d" % i
    if m:
        old = m.group(1)
        new = (tag + old[8:]) if len(old) > 8 else tag
        data = data.replace(old, new)
    else:
        data = data + b" " * (i + 1)
    if agent == "aider":
        dest = os.path.join(out, "aider-%05d" % i, ".aider.chat.history.md")
    elif agent == "cline":
        dest = os.path.join(out, "cline-%05d" % i, "ui_messages.json")
    else:
        ext = os.path.splitext(path)[1]
        dest = os.path.join(out, "%s-%05d%s" % (agent, i, ext))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "wb") as f:
        f.write(data)
print(n, "sessions from", len(templates), "corpus shapes in", out)
