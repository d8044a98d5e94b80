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
import json, random, statistics, sys

def per_run(r, metric, first):
    b = r["blocks"][first - 1:]
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
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    cells = {}
    for r in runs:
        if not r["warm_up"]:
            cells.setdefault((r["workload"], r["variant"]), []).append(per_run(r, metric, first))
    print(f"| workload | variant | median {metric} | n | vs | ratio | 95% CI | U |")
    print("|---|---|---|---|---|---|---|---|")
    for w in sorted({w for w, _ in cells}):
        for t in ("mpt", "ubt-gd6"):
            warm, cold = f"{t}-warm-statelab", f"{t}-statelab"
            pairs = [(cold, warm)]
            for typ in ("type4", "type1"):
                new, old = f"{t}-bal-{typ}-statelab", f"{t}-bal-{typ}-landed"
                pairs += [(new, warm), (old, warm), (new, old)]
            for v, ref in pairs:
                if (w, v) not in cells or (w, ref) not in cells:
                    continue
                a, b = cells[(w, v)], cells[(w, ref)]
                lo, hi = boot(a, b)
                print(f"| {w} | {v} | {statistics.median(a):.1f} | {len(a)} | {ref} | "
                      f"{statistics.median(a)/statistics.median(b):.3f} | [{lo:.3f}, {hi:.3f}] | {u(a, b):g} |")

main()
