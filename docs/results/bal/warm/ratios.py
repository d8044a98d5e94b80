#!/usr/bin/env python3
"""Ratios of medians between pairs of variants of a bench study, per workload,
with a bootstrap 95% CI (10,000 resamples of each side's measured runs, seeded),
from runs.json. bench's report compares every variant with one baseline; the BAL
goals compare each trie's types with that trie's warm bound, and warming modes
with each other.

    python3 ratios.py runs.json [metric] [--bound BOUND/runs.json]

metric: total_ms (default), a timing field (state_read_ms, state_hash_ms, ...)
or a "bal" field (prefetch_ms, warm_ms, warm_wait_ms, warm_nodes).

--bound: runs of the warm bound made with the datadir on tmpfs (a study with
--work on /dev/shm), which another bench's drop_caches cannot evict. Its
warm variants replace the study's own as the bound; the study's own stay as
TRIE-warmpc (page cache).
"""
import json, random, re, statistics, sys

def per_run(r, metric):
    b = r["blocks"]
    if metric in ("warm_ms", "warm_wait_ms", "warm_nodes", "prefetch_ms"):
        xs = [x["bal"][metric] for x in b if x.get("bal")]
        return sum(xs) / len(xs) if xs else float("nan")
    return sum(x["timing"][metric] for x in b) / len(b)

def boot(a, b, n=10000, seed=1):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        ra = [rng.choice(a) for _ in a]
        rb = [rng.choice(b) for _ in b]
        out.append(statistics.median(ra) / statistics.median(rb))
    out.sort()
    return out[int(0.025 * n)], out[int(0.975 * n) - 1]

def main():
    args = sys.argv[1:]
    bound = None
    if "--bound" in args:
        i = args.index("--bound")
        bound = args[i + 1]
        del args[i:i + 2]
    runs = json.load(open(args[0]))
    metric = args[1] if len(args) > 1 else "total_ms"
    cells = {}
    for r in runs:
        if r["warm_up"]:
            continue
        v = r["variant"]
        if bound and "-warm" in v:
            v = v.replace("-warm", "-warmpc")
        cells.setdefault((r["workload"], v), []).append(per_run(r, metric))
    if bound:
        for r in json.load(open(bound)):
            if not r["warm_up"]:
                cells.setdefault((r["workload"], r["variant"]), []).append(per_run(r, metric))
    workloads = sorted({w for w, _ in cells})
    tries = sorted({re.match(r"(mpt|ubt-gd\d)", v).group(1) for _, v in cells})
    # Studies with several [[geth]] entries name them last (bal-warm.toml:
    # beside, before, off); a study with one binary has no such suffix.
    named = any(v.endswith("-beside") for _, v in cells)
    sfx = (lambda m: "-" + m) if named else (lambda m: "" if m == "beside" else None)
    print(f"| workload | variant | median {metric} | n | vs | ratio | 95% CI |")
    print("|---|---|---|---|---|---|---|")
    for w in workloads:
        for t in tries:
            pairs = []
            warm, cold = f"{t}-warm{sfx('beside')}", f"{t}{sfx('beside')}"
            for typ in ("type1", "type3", "type4"):
                for mode in ("beside", "before", "off"):
                    if sfx(mode) is None:
                        continue
                    v = f"{t}-bal-{typ}{sfx(mode)}"
                    if (w, v) in cells:
                        pairs.append((v, warm))
                        pairs.append((v, cold))
                        if mode != "beside":
                            pairs.append((v, f"{t}-bal-{typ}{sfx('beside')}"))
            pairs.insert(0, (warm, cold))
            if bound:
                pairs.insert(1, (warm.replace("-warm", "-warmpc"), cold))
            for v, ref in pairs:
                if (w, v) not in cells or (w, ref) not in cells:
                    continue
                a, b = cells[(w, v)], cells[(w, ref)]
                lo, hi = boot(a, b)
                print(f"| {w} | {v} | {statistics.median(a):.1f} | {len(a)} | {ref} | {statistics.median(a)/statistics.median(b):.3f} | [{lo:.3f}, {hi:.3f}] |")

main()
