import sys
src, n, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = open(src,'rb').read()
off = 0
for i in range(n):
    b = data[off]
    if b >= 0xf8:
        lol = b - 0xf7
        ln = int.from_bytes(data[off+1:off+1+lol], 'big')
        off += 1 + lol + ln
    elif b >= 0xc0:
        off += 1 + b - 0xc0
    else:
        raise SystemExit("not a list at %d" % off)
open(dst,'wb').write(data[:off])
print(n, "blocks,", off, "bytes")
