"""Statistics shared by the BAL studies' ratio scripts (fetch/ratios.py,
procs/ratios.py): a run's mean of a per-block metric, the bootstrap 95% CI of
a ratio of medians (10,000 resamples of each side, seeded) and the
Mann-Whitney U of a pair."""
import random, statistics

def per_run(r, metric, first=1):
    b = r["blocks"][first - 1:]
    return sum(x["timing"][metric] for x in b) / len(b)

def boot(a, b, n=10000, seed=1):
    rng = random.Random(seed)
    out = sorted(statistics.median([rng.choice(a) for _ in a]) /
                 statistics.median([rng.choice(b) for _ in b]) for _ in range(n))
    return out[int(0.025 * n)], out[int(0.975 * n) - 1]

def u(a, b):
    return sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)

def cells_of(runs, metric, first=1):
    """Measured runs' per-run means, by (workload, variant)."""
    cells = {}
    for r in runs:
        if not r["warm_up"]:
            cells.setdefault((r["workload"], r["variant"]), []).append(per_run(r, metric, first))
    return cells

def print_header(metric):
    print(f"| workload | variant | median {metric} | n | vs | ratio | 95% CI | U |")
    print("|---|---|---|---|---|---|---|---|")

def print_pairs(cells, w, pairs):
    """One row per (variant, reference) pair of workload w that both ran."""
    for v, ref in pairs:
        if (w, v) not in cells or (w, ref) not in cells:
            continue
        a, b = cells[(w, v)], cells[(w, ref)]
        lo, hi = boot(a, b)
        print(f"| {w} | {v} | {statistics.median(a):.1f} | {len(a)} | {ref} | "
              f"{statistics.median(a)/statistics.median(b):.3f} | [{lo:.3f}, {hi:.3f}] | {u(a, b):g} |")
