#!/usr/bin/env python3
# perblock.py RUNS.json: median block total ms per block position and per
# configuration (measured runs only), the mean over blocks 2..n, and the
# mean over all blocks, from a bench runs.json.
import json, statistics as st, sys
from collections import defaultdict

runs = json.load(open(sys.argv[1]))
groups = defaultdict(list)
for r in runs:
    if r["warm_up"]:
        continue
    c = r["config"]
    groups[(r["workload"], c["bal"], c["cache"], c["geth"]["Name"])].append(r["blocks"])

def med(rows, f, i):
    return st.median(f(rows[j][i]) for j in range(len(rows)))

print("| workload | bal | cache | geth | block 1 | blocks 2..n (mean of medians) | all blocks | per block |")
print("|---|---|---|---|---|---|---|---|")
for k in sorted(groups):
    rows = groups[k]
    n = len(rows[0])
    tot = [med(rows, lambda b: b["timing"]["total_ms"], i) for i in range(n)]
    print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {tot[0]:.0f} | {st.mean(tot[1:]):.0f} | {st.mean(tot):.0f} | {' '.join(f'{t:.0f}' for t in tot)} |")
