#!/usr/bin/env python3
"""Summarize the block-1 probe: per variant, the median over runs of block 1's
total and phase timings, the mean block total over blocks 2..n and over all
blocks, and block 1's write-set warming time. Reads the slow-block JSON lines
of the logs that probe.sh writes (DIR/rN-VARIANT/log)."""
import glob, json, os, statistics as st, sys

def blocks(path):
    out = []
    for line in open(path):
        i = line.find('{')
        if i < 0:
            continue
        try:
            b = json.loads(line[i:])
        except ValueError:
            continue
        if "timing" in b:
            out.append(b)
    return out

runs = {}
for log in sorted(glob.glob(os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "r*-*/log"))):
    variant = os.path.basename(os.path.dirname(log)).split("-", 1)[1]
    runs.setdefault(variant, []).append(blocks(log))

med = lambda xs: st.median(list(xs))
print("| variant | runs | block 1 ms | execution | state hash | commit | block-1 warming | blocks 2-n, mean ms | all blocks, mean ms |")
print("|---|---|---|---|---|---|---|---|---|")
for v, rs in runs.items():
    t = lambda k: round(med(r[0]["timing"][k] for r in rs))
    print(f"| {v} | {len(rs)} | {t('total_ms')} | {t('execution_ms')} | {t('state_hash_ms')} | {t('commit_ms')} | "
          f"{round(med(r[0].get('bal', {}).get('warm_ms', 0) for r in rs))} | "
          f"{round(med(sum(b['timing']['total_ms'] for b in r[1:]) / (len(r) - 1) for r in rs))} | "
          f"{round(med(sum(b['timing']['total_ms'] for b in r) / len(r) for r in rs))} |")
