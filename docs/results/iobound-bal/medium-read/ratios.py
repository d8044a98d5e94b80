#!/usr/bin/env python3
# ratios.py RUNS.json BASELINE: median ratio of block total ms (the mean over a
# run's blocks) of each variant to BASELINE (e.g. ubt-gd6), with a bootstrap 95%
# CI (10000 resamples) and the Mann-Whitney U, from a bench runs.json (gunzip
# runs.json.gz first); warm-ups left out. The statistics of bench's report,
# against a baseline of the reader's choice.
import json, random, statistics, sys
runs = json.load(open(sys.argv[1]))
base = sys.argv[2]
def label(r):
    c = r['config']
    v = c['trie'] if c['trie'] == 'mpt' else 'ubt-gd%d' % c.get('group_depth', 6)
    if c.get('cache') == 'warm': v += '-warm'
    if c.get('bal', 'none') != 'none': v += '-bal-' + c['bal']
    return c['workload'], v
vals = {}
for r in runs:
    if r.get('warm_up'): continue
    ms = statistics.mean(b['timing']['total_ms'] for b in r['blocks'])
    vals.setdefault(label(r), []).append(ms)
def U(a, b):
    return sum((x > y) + 0.5 * (x == y) for x in a for y in b)
rng = random.Random(1)
for (wl, v), a in sorted(vals.items()):
    b = vals.get((wl, base))
    if b is None or v == base: continue
    boot = sorted(statistics.median(rng.choices(a, k=len(a))) / statistics.median(rng.choices(b, k=len(b))) for _ in range(10000))
    print(f"{wl} {v}/{base}: {statistics.median(a)/statistics.median(b):.3f} [{boot[250]:.3f}, {boot[9750]:.3f}] U={U(a,b):g} n={len(a)}/{len(b)} median {statistics.median(a):.2f} ms")
