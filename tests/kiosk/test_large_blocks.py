"""Blocks the size of text textures go back to the system when freed
(``kiosk.main.give_back_large_blocks``): once a texture of 1 MB had been freed, glibc kept
every smaller one in the heap, where those freed between blocks that stay remained in the
process as holes.  The blocks a frame's drawing takes and gives back (Mesa's software
renderer keeps a frame's commands in blocks of 64 KB) stay in the heap, ready for the next frame."""

import platform
import subprocess
import sys

import pytest

# The C library's malloc, free and memset, in the scripts below (each runs in a process of its own).
LIBC = """
import ctypes, resource, sys
from kiosk.main import give_back_large_blocks
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
"""

SCRIPT = LIBC + """
if sys.argv[1] == "give-back":
    assert give_back_large_blocks()

def rss_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

# A big texture freed (a 1920x1080 title, 1 MB): by default glibc then keeps every block up to
# that size in the heap from now on (its threshold follows the largest block freed).
first = libc.malloc(1 << 20)
libc.memset(first, 1, 1 << 20)
libc.free(first)
blocks = []
for i in range(600):                       # textures of every size, ~100 KB each
    n = 100_000 + 64 * i
    block = libc.malloc(n)
    libc.memset(block, 1, n)
    blocks.append(block)
before = rss_mb()
for block in blocks[::2]:                  # half of them go (30 MB), between ones that stay
    libc.free(block)
print(before - rss_mb())
"""


FRAMES = LIBC + """
assert give_back_large_blocks()
BLOCK = 64 * 1024 + 16                     # llvmpipe's struct data_block: 64 KB and its links

def frame():
    blocks = [libc.malloc(BLOCK) for _ in range(40)]    # a 1920x1080 frame's commands
    for b in blocks:
        libc.memset(b, 1, BLOCK)
    for b in reversed(blocks):
        libc.free(b)

frame()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    frame()
print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
"""


def freed_mb(mode):
    out = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="a glibc setting")
def test_large_blocks_go_back_to_the_system_when_freed():
    assert freed_mb("give-back") > 25          # the 30 MB freed left the process
    assert freed_mb("default") < 10            # the default kept them as holes in the heap


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="a glibc setting")
def test_blocks_taken_and_given_back_at_every_frame_stay_in_the_heap():
    out = subprocess.run([sys.executable, "-c", FRAMES], capture_output=True, text=True, check=True)
    # Mapped afresh at every frame, 20 frames of 40 blocks faulted in over 12,000 pages.
    assert int(out.stdout.strip()) < 200
