#!/usr/bin/env python3
# patchtable.py AB.json...: for each binary other than `statelab` (and `mpt`) in
# abwarm.py runs, its median block time (total_ms) and process CPU (cpu_s) as a
# ratio to statelab's, with a bootstrap 95% CI (10,000 resamples, seeded) and
# the Mann-Whitney p (normal approximation).
import sys, json, os, random, statistics, math
def ci(a, b, n=10000):
    rng = random.Random(1)
    rs = sorted(statistics.median(rng.choices(b, k=len(b))) / statistics.median(rng.choices(a, k=len(a))) for _ in range(n))
    return rs[int(0.025 * n)], rs[int(0.975 * n)]
def p(a, b):
    u = sum((x > y) + 0.5 * (x == y) for x in a for y in b)
    n1, n2 = len(a), len(b)
    z = (abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    return min(1.0, math.erfc(max(z, 0) / math.sqrt(2)))
print("| workload | binary | block ms (median) | / statelab [95% CI] | p | process CPU s (median) | / statelab [95% CI] | p | load1 |")
print("|---|---|---:|---|---:|---:|---|---:|---|")
for f in sys.argv[1:]:
    d = json.load(open(f))
    wl = os.path.basename(d["dump"]).removeprefix("workload_").removesuffix(".rlp")
    s = d["runs"]["statelab"]
    loads = [x["load1"] for v in d["runs"].values() for x in v]
    for name, runs in d["runs"].items():
        if name == "mpt":
            continue
        row = f"| {wl} | {name} |"
        for k in ("total_ms", "cpu_s"):
            a, b = [x[k] for x in s], [x[k] for x in runs]
            lo, hi = ci(a, b)
            row += f" {statistics.median(b):.{0 if k == 'total_ms' else 2}f} | {statistics.median(b)/statistics.median(a):.2f} [{lo:.2f}, {hi:.2f}] | {p(a, b):.3f} |"
        print(row + f" {min(loads):.0f}-{max(loads):.0f} |")
