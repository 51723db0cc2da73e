#!/usr/bin/env python3
"""Scales a real JSONL session (Claude Code or Codex) to about SIZE_MB by repeating its records
with unique ids, as a longer session of the same shape would be: in copy k every UUID gets its
first 8 hex digits replaced by k, and tool-call ids (`toolu_…`, `call_…`) get a `_k` suffix, so
that the readers' pairing maps grow with the file. The first copy's session envelope stays
first. Usage: scale_session.py [--distinct-text] CORPUS_JSONL SIZE_MB OUT

--distinct-text: in copy k every JSON string of 40 characters or more that holds a space (a
message, a command line, an output; not an id, a time, a path, or a JSON document in a string)
also ends in ` #r<k>`, so that no text of one copy repeats another's. Without it the copies
repeat their texts, which flatters anything that shares equal texts (a real long session repeats
a few command lines and outputs, not all of them).
"""
import re
import sys

args = sys.argv[1:]
distinct = args[:1] == ["--distinct-text"]
if distinct:
    args = args[1:]
src, size_mb, out = args[0], float(args[1]), args[2]
data = open(src, "rb").read()
if not data.endswith(b"\n"):
    data += b"\n"
UUID = re.compile(rb"[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})")
CALL = re.compile(rb"\b((?:toolu|call|msg)_[A-Za-z0-9]+)")
TEXT = re.compile(rb'"((?:[^"\\\n]|\\.){40,})"')


def mark(copy, tag):
    def one(m):
        body = m.group(1)
        if body[:1] in (b"{", b"[") or b" " not in body:
            return m.group(0)
        return b'"' + body + b" #r" + tag + b'"'
    return TEXT.sub(one, copy)

target = int(size_mb * 1024 * 1024)
written = 0
k = 0
with open(out, "wb") as f:
    while written < target:
        tag = b"%08x" % k
        copy = data if k == 0 else CALL.sub(lambda m: m.group(1) + b"_" + tag, UUID.sub(lambda m: tag + m.group(1), data))
        if distinct and k > 0:
            copy = mark(copy, tag)
        f.write(copy)
        written += len(copy)
        k += 1
print(f"{out}: {written / 1048576:.1f} MiB, {k} copies of {src}")
