#!/usr/bin/env python3
"""Memory-bounded cuts for the bal-procs-iobound study, from runs.json: each BAL
type's block total against no BAL (cold, bounded) for the geth with the
GOMAXPROCS raise (`statelab`) and without it (`landed`), and raise/landed,
medians with bootstrap 95% CIs (10,000 resamples, seeded).

    python3 cuts.py runs.json.gz
"""
import gzip, json, random, statistics as st, sys

def boot(a, b, n=10000):
    rng = random.Random(1)
    o = sorted(st.median([rng.choice(a) for _ in a]) / st.median([rng.choice(b) for _ in b]) for _ in range(n))
    return o[int(.025 * n)], o[int(.975 * n) - 1]

def main():
    cells = {}
    for r in json.load((gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt")):
        if not r["warm_up"]:
            v = sum(b["timing"]["total_ms"] for b in r["blocks"]) / len(r["blocks"])
            cells.setdefault((r["workload"], r["variant"]), []).append(v)
    print("| workload | trie | no BAL ms | type | raise ms | cut [95% CI] | landed ms | cut | raise/landed [95% CI] |")
    print("|---|---|---|---|---|---|---|---|---|")
    for w in ("uniform_read", "uniform_write"):
        for t in ("mpt", "ubt-gd6"):
            none = cells[(w, f"{t}-statelab")]
            for typ in ("type1", "type4"):
                a, b = cells[(w, f"{t}-bal-{typ}-statelab")], cells[(w, f"{t}-bal-{typ}-landed")]
                lo, hi = boot(a, none)
                rlo, rhi = boot(a, b)
                print(f"| {w} | {t} | {st.median(none):.2f} | {typ} | {st.median(a):.2f} | "
                      f"{st.median(a)/st.median(none)-1:+.0%} [{lo-1:+.0%}, {hi-1:+.0%}] | {st.median(b):.2f} | "
                      f"{st.median(b)/st.median(none)-1:+.0%} | {st.median(a)/st.median(b):.2f} [{rlo:.2f}, {rhi:.2f}] |")

main()
