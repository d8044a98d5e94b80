#!/usr/bin/env python3
# oracle.py TREE_PY_DIR VECTORS.json: recompute the root of each generated state
# in VECTORS.json (written by geth's TestOracleVectors in trie/bintrie, with
# BINTRIE_ORACLE_OUT=VECTORS.json) with the EIP-7864 reference implementation,
# tree.py of github.com/jsign/binary-tree-spec (the Python implementation the EIP
# links to), found in TREE_PY_DIR. tree.py hashes with BLAKE3, the EIP now
# specifies SHA-256 (as geth does): a stand-in `blake3` module gives it SHA-256.
# Exit status 1 if any root differs.
import sys, json, types, hashlib
shim = types.ModuleType("blake3")
shim.blake3 = lambda data=b"": hashlib.sha256(data)
sys.modules["blake3"] = shim
sys.path.insert(0, sys.argv[1])
from tree import BinaryTree
bad = 0
for v in json.load(open(sys.argv[2])):
    t = BinaryTree()
    for k, val in v["entries"]:
        t.insert(bytes.fromhex(k), bytes.fromhex(val))
    got = "0x" + t.merkelize().hex()
    bad += got != v["root"]
    print(f"seed {v['seed']}: {len(v['entries'])} entries, geth {v['root']}, reference {got}: {'same' if got == v['root'] else 'DIFFERENT'}")
sys.exit(1 if bad else 0)
