#!/usr/bin/env python3
# tracedsum.py DIR DUMPS: per-slot trie work of each workload and trie from the
# tracesum JSON of a bintrie-profile-traced run (DIR/traces/*-run1.json: the
# measured run; run0 is the warm-up). Slots are the manifest's slot reads +
# writes of the workload (DUMPS/{mpt,ubt}-*/manifest.json), as bench's ms_per_slot.
import sys, json, glob, os, re
def slots_per_block(trie, wl):
    m = json.load(open(glob.glob(os.path.join(sys.argv[2], ("mpt" if trie == "mpt" else "ubt") + "-*", "manifest.json"))[0]))
    f = [f for f in m["files"] if f["workload"] == wl][0]
    return (f["slot_reads"] + f["slot_writes"]) / (f["last_block"] - f["first_block"] + 1)
rows = []
for f in sorted(glob.glob(os.path.join(sys.argv[1], "traces", "*-run1.json"))):
    m = re.match(r"(.*)_(mpt|ubt-gd\d)-", os.path.basename(f))
    wl, trie = m.group(1), m.group(2)
    t = {k: 0 for k in ["slots", "fetch", "bytes", "disk", "hashed", "ops", "written", "read_ms", "blocks"]}
    for b in json.load(open(f)):
        st, nf = b["state"], b["node_fetches"]
        t["slots"] += slots_per_block(trie, wl)
        t["fetch"] += nf["total"]["count"]
        t["bytes"] += nf["total"]["bytes"]
        t["hashed"] += b["rehash"]["nodes_hashed"]
        t["ops"] += b["rehash"]["hash_ops"]
        t["written"] += b["bytes"]["written"]
        t["blocks"] += 1
    rows.append((wl, trie, t))
print("| workload | trie | slots/block | nodes fetched/slot | bytes fetched/slot | nodes hashed/slot | hash ops/slot | bytes written/slot |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
for wl, trie, t in rows:
    s = t["slots"]
    print(f"| {wl} | {trie} | {s/t['blocks']:,.0f} | {t['fetch']/s:.2f} | {t['bytes']/s:.0f} | {t['hashed']/s:.2f} | {t['ops']/s:.2f} | {t['written']/s:.0f} |")
