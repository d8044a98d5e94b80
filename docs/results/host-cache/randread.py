#!/usr/bin/env python3
"""Random 4 KiB reads of a file with O_DIRECT, at several numbers of reads in flight.

    randread.py FILE READS THREADS[,THREADS...]

O_DIRECT bypasses this machine's page cache, so every read goes to the block
device; what it measures is the device as the VM sees it (and whatever cache
sits under it). Each pass draws fresh offsets. Drop the page cache first
(`sync; echo 3 > /proc/sys/vm/drop_caches`) if the file was just written.
"""
import mmap
import os
import random
import sys
import threading
import time

BLOCK = 4096


def run(fd, blocks, reads, threads):
    offsets = iter([random.randrange(blocks) * BLOCK for _ in range(reads)])
    lock = threading.Lock()

    def worker():
        buf = mmap.mmap(-1, BLOCK)  # page-aligned, as O_DIRECT needs
        while True:
            with lock:
                off = next(offsets, None)
            if off is None:
                return
            os.preadv(fd, [buf], off)

    pool = [threading.Thread(target=worker) for _ in range(threads)]
    start = time.monotonic()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return time.monotonic() - start


def main():
    path, reads, threads = sys.argv[1], int(sys.argv[2]), [int(t) for t in sys.argv[3].split(",")]
    blocks = os.path.getsize(path) // BLOCK
    fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
    try:
        for n in threads:
            secs = run(fd, blocks, reads, n)
            print(f"{n:3d} in flight: {reads} reads in {secs:.2f} s = {reads / secs:6.0f} reads/s, {secs / reads * 1e6:4.0f} us each")
    finally:
        os.close(fd)


if __name__ == "__main__":
    main()
