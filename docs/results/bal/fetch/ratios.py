#!/usr/bin/env python3
"""Ratios of medians for the bal-fetch study, per trie and workload, with a
bootstrap 95% CI (10,000 resamples of each side's measured runs, seeded) and
the Mann-Whitney U of the pair, from runs.json: each BAL variant against the
trie's warm bound and against no BAL cold, and Type-1 beside (the study's
`statelab` entry) against before.

    python3 ratios.py runs.json [metric]

metric: total_ms (default) or a timing field (state_read_ms, state_hash_ms, ...).
"""
import json, random, statistics, sys

def per_run(r, metric):
    b = r["blocks"]
    return sum(x["timing"][metric] for x in b) / len(b)

def boot(a, b, n=10000, seed=1):
    rng = random.Random(seed)
    out = sorted(statistics.median([rng.choice(a) for _ in a]) /
                 statistics.median([rng.choice(b) for _ in b]) for _ in range(n))
    return out[int(0.025 * n)], out[int(0.975 * n) - 1]

def u(a, b):
    return sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)

def main():
    runs = json.load(open(sys.argv[1]))
    metric = sys.argv[2] if len(sys.argv) > 2 else "total_ms"
    cells = {}
    for r in runs:
        if not r["warm_up"]:
            cells.setdefault((r["workload"], r["variant"]), []).append(per_run(r, metric))
    print(f"| workload | variant | median {metric} | n | vs | ratio | 95% CI | U |")
    print("|---|---|---|---|---|---|---|---|")
    for w in sorted({w for w, _ in cells}):
        for t in ("mpt", "ubt-gd6"):
            warm, cold = f"{t}-warm-statelab", f"{t}-statelab"
            pairs = [(warm, cold)]
            for v in (f"{t}-bal-type4-statelab", f"{t}-bal-type1-statelab", f"{t}-bal-type1-before"):
                pairs += [(v, warm), (v, cold)]
            pairs.append((f"{t}-bal-type1-statelab", f"{t}-bal-type1-before"))
            for v, ref in pairs:
                if (w, v) not in cells or (w, ref) not in cells:
                    continue
                a, b = cells[(w, v)], cells[(w, ref)]
                lo, hi = boot(a, b)
                print(f"| {w} | {v} | {statistics.median(a):.1f} | {len(a)} | {ref} | "
                      f"{statistics.median(a)/statistics.median(b):.3f} | [{lo:.3f}, {hi:.3f}] | {u(a, b):g} |")

main()
