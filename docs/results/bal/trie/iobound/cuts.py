#!/usr/bin/env python3
"""Memory-bounded cuts for the bal-trie-iobound study, from runs.json: each BAL
variant's block total against no BAL (cold, bounded, MPT), and Type 1 reading
written slots from the warmed tries (`statelab`) against the flat-state fetch
(`landed`), medians of the measured runs' per-block means with bootstrap 95%
CIs (../../ratiostats.py).

    python3 cuts.py runs.json[.gz]
"""
import gzip, json, os, statistics, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from ratiostats import boot, cells_of

def main():
    path = sys.argv[1]
    runs = json.load((gzip.open if path.endswith(".gz") else open)(path, "rt"))
    cells = cells_of(runs, "total_ms")
    med = statistics.median
    print("| workload | variant | ms/block | vs no BAL [95% CI] | vs type1-landed [95% CI] |")
    print("|---|---|---|---|---|")
    for w in sorted({w for w, _ in cells}):
        none, landed = cells[(w, "mpt-statelab")], cells[(w, "mpt-bal-type1-landed")]
        print(f"| {w} | no BAL | {med(none):.2f} | | |")
        for v in ("mpt-bal-type1-statelab", "mpt-bal-type1-landed", "mpt-bal-type4-statelab"):
            a = cells[(w, v)]
            lo, hi = boot(a, none)
            row = f"| {w} | {v} | {med(a):.2f} | {med(a)/med(none)-1:+.0%} [{lo-1:+.0%}, {hi-1:+.0%}] |"
            if v == "mpt-bal-type1-statelab":
                rlo, rhi = boot(a, landed)
                row += f" {med(a)/med(landed):.2f} [{rlo:.2f}, {rhi:.2f}] |"
            else:
                row += " |"
            print(row)

main()
