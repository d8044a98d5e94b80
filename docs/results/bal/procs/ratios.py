#!/usr/bin/env python3
"""Ratios of medians for the bal-procs study, per trie and workload, with a
bootstrap 95% CI (10,000 resamples of each side's measured runs, seeded) and
the Mann-Whitney U of the pair, from runs.json: each BAL variant of both
binaries against the trie's warm bound, and the raise (`statelab`) against
the geth without it (`landed`).

    python3 ratios.py runs.json [metric] [first_block]

metric: total_ms (default) or a timing field (state_read_ms, state_hash_ms, ...).
first_block: 1-based block a run's mean starts at (default 1: every block).
"""
import json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ratiostats import cells_of, print_header, print_pairs

def main():
    runs = json.load(open(sys.argv[1]))
    metric = sys.argv[2] if len(sys.argv) > 2 else "total_ms"
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    cells = cells_of(runs, metric, first)
    print_header(metric)
    for w in sorted({w for w, _ in cells}):
        for t in ("mpt", "ubt-gd6"):
            warm, cold = f"{t}-warm-statelab", f"{t}-statelab"
            pairs = [(cold, warm)]
            for typ in ("type4", "type1"):
                new, old = f"{t}-bal-{typ}-statelab", f"{t}-bal-{typ}-landed"
                pairs += [(new, warm), (old, warm), (new, old)]
            print_pairs(cells, w, pairs)

main()
