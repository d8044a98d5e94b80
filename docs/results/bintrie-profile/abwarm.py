#!/usr/bin/env python3
# abwarm.py ROUNDS DUMP OUT.json NAME=GETH@DATADIR[@DUMP] [NAME=GETH@DATADIR[@DUMP] ...]
# Warm-cache (in memory) import A/B of several geth binaries on one workload:
# each round imports DUMP once with every binary, in turn, into a fresh copy of
# that binary's own prepared DATADIR (a NAME's own DUMP replaces DUMP: the MPT
# dump of the same workload); the first round is a warm-up and is
# discarded. Records per run the per-block JSON phases (mean over the run's
# blocks), the wall time, geth's CPU time (user + system) and the load average, and prints medians, the ratio
# of each binary's median to the first's with a bootstrap 95% CI (10,000
# resamples, seeded) and the Mann-Whitney p (normal approximation).
import sys, subprocess, json, shutil, statistics, os, time, random, tempfile, math, resource

rounds, dump, outp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
bins = [a.split("=", 1) for a in sys.argv[4:]]
keys = ["total_ms", "execution_ms", "state_read_ms", "state_hash_ms", "commit_ms"]
tmp = tempfile.mkdtemp(prefix="abwarm-")
res = {n: [] for n, _ in bins}
for r in range(rounds + 1):
    for name, spec in bins:
        geth, dd, *d = spec.split("@")
        d = d[0] if d else dump
        work = os.path.join(tmp, "dd")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(dd, work, symlinks=True)
        load = os.getloadavg()[0]
        t0, ru0 = time.time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([geth, "--datadir", work, "import", "--nocompaction", "--debug.logslowblock", "0", d],
                           capture_output=True, text=True)
        wall, ru1 = time.time() - t0, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
        blocks = []
        for line in (p.stdout + p.stderr).splitlines():
            i = line.find('{"level"')
            if i >= 0 and "Slow block" in line:
                blocks.append(json.loads(line[i:])["timing"])
        if p.returncode != 0 or not blocks:
            sys.exit(f"{name}: import failed (exit {p.returncode}, {len(blocks)} block lines)\n{p.stderr[-2000:]}")
        run = {k: statistics.mean(b[k] for b in blocks) for k in keys}
        run.update(wall_s=wall, cpu_s=cpu, load1=load, round=r)
        if r > 0:
            res[name].append(run)
shutil.rmtree(tmp, ignore_errors=True)

def boot_ratio(a, b, n=10000):
    rng = random.Random(1)
    rs = sorted(statistics.median(rng.choices(b, k=len(b))) / statistics.median(rng.choices(a, k=len(a))) for _ in range(n))
    return rs[int(0.025 * n)], rs[int(0.975 * n)]

def mwu_p(a, b):
    u = sum((x > y) + 0.5 * (x == y) for x in a for y in b)
    n1, n2 = len(a), len(b)
    mu, sd = n1 * n2 / 2, math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    z = (abs(u - mu) - 0.5) / sd if sd else 0
    return min(1.0, math.erfc(max(z, 0) / math.sqrt(2)))

json.dump({"dump": dump, "rounds": rounds, "bins": dict(bins), "runs": res}, open(outp, "w"), indent=1)
base = bins[0][0]
print(f"{os.path.basename(dump)}: {rounds} measured rounds (first of {rounds+1} discarded), load1 {min(x['load1'] for v in res.values() for x in v):.1f}-{max(x['load1'] for v in res.values() for x in v):.1f}")
for metric in ["total_ms", "execution_ms", "state_read_ms", "state_hash_ms", "commit_ms", "wall_s", "cpu_s"]:
    print(f"  {metric}")
    a = [x[metric] for x in res[base]]
    for name, _ in bins:
        b = [x[metric] for x in res[name]]
        lo, hi = boot_ratio(a, b)
        print(f"    {name:10s} median {statistics.median(b):9.1f}  /{base} {statistics.median(b)/statistics.median(a):6.3f} [{lo:.3f}, {hi:.3f}] p={mwu_p(a, b):.3f}")
