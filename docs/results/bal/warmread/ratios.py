#!/usr/bin/env python3
"""Ratios for the bal-warmread study: Type 4 warmed beside execution
(`statelab`) and before it waiting for the warming's read only (`before`),
each against its trie's warm bound, and before against beside, medians with
bootstrap 95% CIs and Mann-Whitney U (../ratiostats.py).

    python3 ratios.py runs.json.gz [first_block]
"""
import gzip, json, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from ratiostats import cells_of, print_header, print_pairs

def main():
    path = sys.argv[1]
    runs = json.load((gzip.open if path.endswith(".gz") else open)(path, "rt"))
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    cells = cells_of(runs, "total_ms", first)
    print_header("total_ms")
    for w in sorted({w for w, _ in cells}):
        for t in ("mpt", "ubt-gd6"):
            warm, beside, before = f"{t}-warm-statelab", f"{t}-bal-type4-statelab", f"{t}-bal-type4-before"
            print_pairs(cells, w, [(beside, warm), (before, warm), (before, beside)])

main()
