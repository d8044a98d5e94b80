#!/usr/bin/env python3
"""The tables of READING.md's write-path section from bench runs.json files:

    python3 summary.py STUDY/runs.json BOUND/runs.json [BOUND2/runs.json ...]

STUDY is a bal-warm.toml run (one trie), BOUND the same study's warm bound
run with its datadir on tmpfs (--work on /dev/shm), pooled over several
runs of it. Medians of the measured
runs; ratios of medians with a bootstrap 95% CI (10,000 resamples, seeded)."""
import json, random, re, statistics, sys

def mean(xs):
    return sum(xs) / len(xs) if xs else float("nan")

def per_run(r, f):
    b = r["blocks"]
    if f in ("total_ms", "state_read_ms", "state_hash_ms", "commit_ms", "execution_ms"):
        return mean([x["timing"][f] for x in b])
    if f == "read_mb":
        return r["read_bytes"] / 1e6
    return mean([x["bal"].get(f, 0) for x in b if x.get("bal")])

def boot(a, b, n=10000, seed=1):
    rng = random.Random(seed)
    out = sorted(statistics.median([rng.choice(a) for _ in a]) / statistics.median([rng.choice(b) for _ in b]) for _ in range(n))
    return out[int(0.025 * n)], out[int(0.975 * n) - 1]

def load(path, rename=None):
    cells = {}
    for r in json.load(open(path)):
        if r["warm_up"]:
            continue
        v = r["variant"]
        if rename:
            v = rename(v)
        cells.setdefault((r["workload"], v), []).append(r)
    return cells

study = load(sys.argv[1], lambda v: v.replace("-warm", "-warmpc"))
cells = dict(study)
for path in sys.argv[2:]:
    for k, rs in load(path).items():
        cells.setdefault(k, []).extend(rs)
trie = re.match(r"(mpt|ubt-gd\d)", next(iter(cells))[1]).group(1)
workloads = sorted({w for w, _ in cells})
names = [("none, cold", f"{trie}-beside"), ("warm bound", f"{trie}-warm-beside"), ("warm, page cache", f"{trie}-warmpc-beside"),
         ("Type-1", f"{trie}-bal-type1-beside"), ("Type-3", f"{trie}-bal-type3-beside"), ("Type-4", f"{trie}-bal-type4-beside"),
         ("Type-1 before", f"{trie}-bal-type1-before"), ("Type-4 before", f"{trie}-bal-type4-before")]

def med(w, v, f="total_ms"):
    return statistics.median(per_run(r, f) for r in cells[(w, v)])

def ratio(w, v, ref, f="total_ms"):
    a = [per_run(r, f) for r in cells[(w, v)]]
    b = [per_run(r, f) for r in cells[(w, ref)]]
    lo, hi = boot(a, b)
    return f"{statistics.median(a) / statistics.median(b):.2f} [{lo:.2f}, {hi:.2f}]"

print(f"#### {trie}: block total ms, median (n); ratio to the warm bound [95% CI]; ratio to no BAL, cold [95% CI]\n")
print("| workload | " + " | ".join(n for n, _ in names) + " |")
print("|---" * (len(names) + 1) + "|")
for w in workloads:
    row = [w]
    for n, v in names:
        if (w, v) not in cells:
            row.append("-")
            continue
        s = f"{med(w, v):.0f} ({len(cells[(w, v)])})"
        if n not in ("warm bound",):
            s += f"; {ratio(w, v, f'{trie}-warm-beside')}"
        if n not in ("none, cold",):
            s += f"; {ratio(w, v, f'{trie}-beside')}"
        row.append(s)
    print("| " + " | ".join(row) + " |")
print(f"\n#### {trie}: before against beside (block total ms, ratio [95% CI])\n")
print("| workload | Type-1 before / beside | Type-4 before / beside |")
print("|---|---|---|")
for w in workloads:
    print(f"| {w} | {ratio(w, f'{trie}-bal-type1-before', f'{trie}-bal-type1-beside')} | {ratio(w, f'{trie}-bal-type4-before', f'{trie}-bal-type4-beside')} |")
fields = ["state_read_ms", "state_hash_ms", "commit_ms", "execution_ms", "prefetch_ms", "warm_ms", "warm_wait_ms", "warm_nodes", "warm_slots", "db_slot_reads", "read_mb"]
print(f"\n#### {trie}: medians per block (read MB per run)\n")
print("| workload, variant | " + " | ".join(fields) + " |")
print("|---" * (len(fields) + 1) + "|")
for w in workloads:
    for n, v in names:
        if (w, v) not in cells:
            continue
        vals = []
        for f in fields:
            x = med(w, v, f)
            vals.append("-" if x != x else (f"{x:.0f}" if f in ("warm_nodes", "warm_slots", "db_slot_reads") else f"{x:.1f}"))
        print(f"| {w}, {n} | " + " | ".join(vals) + " |")
