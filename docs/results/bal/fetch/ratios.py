#!/usr/bin/env python3
"""Ratios of medians for the bal-fetch study, per trie and workload, with a
bootstrap 95% CI (10,000 resamples of each side's measured runs, seeded) and
the Mann-Whitney U of the pair, from runs.json: each BAL variant against the
trie's warm bound and against no BAL cold, and Type-1 beside (the study's
`statelab` entry) against before.

    python3 ratios.py runs.json [metric]

metric: total_ms (default) or a timing field (state_read_ms, state_hash_ms, ...).
"""
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ratiostats import cells_of, print_header, print_pairs

def main():
    runs = json.load(open(sys.argv[1]))
    metric = sys.argv[2] if len(sys.argv) > 2 else "total_ms"
    cells = cells_of(runs, metric)
    print_header(metric)
    for w in sorted({w for w, _ in cells}):
        for t in ("mpt", "ubt-gd6"):
            warm, cold = f"{t}-warm-statelab", f"{t}-statelab"
            pairs = [(warm, cold)]
            for v in (f"{t}-bal-type4-statelab", f"{t}-bal-type1-statelab", f"{t}-bal-type1-before"):
                pairs += [(v, warm), (v, cold)]
            pairs.append((f"{t}-bal-type1-statelab", f"{t}-bal-type1-before"))
            print_pairs(cells, w, pairs)

main()
