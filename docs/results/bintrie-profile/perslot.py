#!/usr/bin/env python3
# perslot.py DUMPS AB.json...: binary trie against MPT per slot, from abwarm.py
# runs that include an `mpt` binary: block time (total_ms, mean per block) and
# process CPU (cpu_s, whole import), for every binary but `mpt`, over the manifest's slots of the workload
# (slot reads + writes, per block; cpu_s over all the run's blocks), the
# ratio of medians UBT/MPT with a bootstrap 95% CI (10,000 resamples, seeded).
import sys, json, glob, os, random, statistics
def slots(trie, wl):
    m = json.load(open(glob.glob(os.path.join(sys.argv[1], trie + "-*", "manifest.json"))[0]))
    f = [f for f in m["files"] if f["workload"] == wl][0]
    return (f["slot_reads"] + f["slot_writes"]), (f["last_block"] - f["first_block"] + 1)
def ci(a, b, n=10000):
    rng = random.Random(1)
    rs = sorted(statistics.median(rng.choices(b, k=len(b))) / statistics.median(rng.choices(a, k=len(a))) for _ in range(n))
    return rs[int(0.025 * n)], rs[int(0.975 * n)]
print("| workload | UBT binary | UBT ms/slot (block) | MPT ms/slot (block) | UBT/MPT block time per slot [95% CI] | UBT/MPT process CPU per slot [95% CI] |")
print("|---|---|---:|---:|---|---|")
for f in sys.argv[2:]:
    d = json.load(open(f))
    wl = os.path.basename(d["dump"]).removeprefix("workload_").removesuffix(".rlp")
    (su, bu), (sm, bm) = slots("ubt", wl), slots("mpt", wl)
    m = d["runs"]["mpt"]
    mt = [x["total_ms"] * bm / sm for x in m]
    mc = [x["cpu_s"] * 1e3 / sm for x in m]
    for name, runs in d["runs"].items():
        if name == "mpt":
            continue
        ut = [x["total_ms"] * bu / su for x in runs]
        uc = [x["cpu_s"] * 1e3 / su for x in runs]
        r1, r2 = statistics.median(ut) / statistics.median(mt), statistics.median(uc) / statistics.median(mc)
        (a1, b1), (a2, b2) = ci(mt, ut), ci(mc, uc)
        print(f"| {wl} | {name} | {statistics.median(ut):.4f} | {statistics.median(mt):.4f} | {r1:.2f} [{a1:.2f}, {b1:.2f}] | {r2:.2f} [{a2:.2f}, {b2:.2f}] |")
