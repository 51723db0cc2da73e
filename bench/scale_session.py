#!/usr/bin/env python3
"""Scales a real JSONL session (Claude Code or Codex) to about SIZE_MB by repeating its records
with unique ids, as a longer session of the same shape would be: in copy k every UUID gets its
first 8 hex digits replaced by k, and tool-call ids (`toolu_…`, `call_…`) get a `_k` suffix, so
that the readers' pairing maps grow with the file. The first copy's session envelope stays
first. Usage: scale_session.py CORPUS_JSONL SIZE_MB OUT
"""
import re
import sys

src, size_mb, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
data = open(src, "rb").read()
if not data.endswith(b"\n"):
    data += b"\n"
UUID = re.compile(rb"[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})")
CALL = re.compile(rb"\b((?:toolu|call|msg)_[A-Za-z0-9]+)")
target = int(size_mb * 1024 * 1024)
written = 0
k = 0
with open(out, "wb") as f:
    while written < target:
        tag = b"%08x" % k
        copy = data if k == 0 else CALL.sub(lambda m: m.group(1) + b"_" + tag, UUID.sub(lambda m: tag + m.group(1), data))
        f.write(copy)
        written += len(copy)
        k += 1
print(f"{out}: {written / 1048576:.1f} MiB, {k} copies of {src}")
