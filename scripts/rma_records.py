#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes a synthetic records directory of an RMA-heavy run, in the runtime's line format
(docs/check_records.md), for measuring `redsem check --records DIR` on records of any size.

Each rank does what Global Arrays' read-only test does through an MPI-3 port: it creates a window
(MPI_Win_allocate, 64 KiB a rank), then in turns locks another rank shared, gets a few doubles
from it and unlocks, its result buffer watched and its values recorded, the window memory armed
again after each call, then loads its own block of the window (a watched local access); all
ranks meet at a barrier now and then. After 500 of its
synchronisation calls on a window (the runtime's bound is 512) the window is freed and another
made. Times are those of one host, every rank's calls interleaved, so passive-target calls overlap
as in a real run; seq numbers, epochs and collective indexes are consistent. The files are
written a block at a time and stop at about BYTES per rank (whole lines, finalize last).

usage: rma_records.py DIR [--ranks N] [--mb MB_PER_RANK]"""
import argparse
import json
import os

WINDOW_BYTES = 65536
SYNCS_PER_WINDOW = 500  # below the runtime's 512 rma_sync lines per window
BARRIER_EVERY = 32      # lock/get/unlock rounds between barriers
DOUBLES = 4             # per get: 32 bytes, within the 64 bytes a result line holds
LOCAL_LOADS = 4         # local_access lines per round: one per instruction loading the rank's own block


PROGRAM = "/home/user/ga-5.8.2/build/global/testing/read_only.x"
ARMCI = "/home/user/ga-5.8.2/build/comex/src-mpi3/.libs/libarmci.so.1"


def caller(symbol, offset, module=ARMCI):
    """Where a call was made, as the runtime writes it (a shared library's address)."""
    return {"address": hex(0x7f3a5c200000 + offset), "module": module, "offset": hex(0x1000 + offset),
            "symbol": symbol}


class rank_writer:
    def __init__(self, rank, ranks, out):
        self.rank, self.ranks, self.out = rank, ranks, out
        self.seq, self.win, self.epoch, self.collective = 0, -1, 0, 0
        self.calls = {}
        self.buffer = []

    def line(self, ev, **fields):
        record = {"ev": ev, "rank": self.rank, "seq": self.seq}
        record.update(fields)
        self.seq += 1
        self.buffer.append(json.dumps(record, separators=(",", ":")))
        return record["seq"]

    def count(self, call):
        self.calls[call] = self.calls.get(call, 0) + 1

    def flush(self):
        text = "\n".join(self.buffer) + "\n"
        self.buffer.clear()
        self.out.write(text)
        return len(text)

    def barrier(self, time):
        self.count("MPI_Barrier")
        self.line("process_sync", call="MPI_Barrier", comm=0, collective=self.collective, time=time,
                  caller=caller("comex_barrier", 0x40))
        self.collective += 1

    def new_window(self, time):
        self.win += 1
        self.epoch = 0
        self.count("MPI_Win_allocate")
        self.line("rma_win", win=self.win, call="MPI_Win_allocate", win_rank=self.rank, win_size=self.ranks,
                  group=list(range(self.ranks)), host="node1", size=WINDOW_BYTES, disp_unit=1,
                  caller=caller("comex_malloc_mem_dev", 0x80))
        self.barrier(time)  # the window's creation is collective (process_sync of its communicator)
        self.line("watch", win=self.win, buffer="window", mode="passive", epoch=0, bytes=WINDOW_BYTES,
                  watches="loads and stores")

    def sync(self, call, target, time, extra=None):
        self.count(call)
        self.line("rma_sync", win=self.win, call=call, epoch=self.epoch, target=target, **(extra or {}), time=time,
                  caller=caller("comex_nbget_notify", 0x120))
        self.epoch += 1
        # the watcher arms the window memory again for the new epoch, as it does after each call
        self.line("watch", win=self.win, buffer="window", mode="passive", epoch=self.epoch, bytes=WINDOW_BYTES,
                  watches="loads and stores")

    def round(self, i, time):
        """One lock/get/unlock of another rank, its result recorded; `time` in ns, 1 µs steps."""
        target = (self.rank + 1 + i) % self.ranks
        disp = (i * 8 * DOUBLES) % (WINDOW_BYTES - 8 * DOUBLES)
        self.sync("MPI_Win_lock", target, time, {"lock": "shared", "assert": 0})
        self.count("MPI_Get")
        get = self.line("rma_call", win=self.win, call="MPI_Get", epoch=self.epoch, target=target, disp=disp,
                        count=DOUBLES, type="MPI_DOUBLE", origin_count=DOUBLES, origin_type="MPI_DOUBLE",
                        time=time + 1000, caller=caller("comex_nbget_notify", 0x100))
        self.line("watch", win=self.win, buffer="result", call="MPI_Get", epoch=self.epoch, bytes=8 * DOUBLES,
                  watches="loads and stores")
        self.line("rma_result", win=self.win, of=get, result=(f"{i % 251:02x}" + "00" * 7) * DOUBLES)
        self.sync("MPI_Win_unlock", target, time + 2000)
        # the program compares the values got with its own block of the array: the watcher's line per
        # instruction that loaded it
        for k in range(LOCAL_LOADS):
            self.line("local_access", win=self.win, buffer="window", mode="passive", epoch=self.epoch,
                      offset=disp + 8 * k, bytes=8, access="load", value=f"{k:02x}" + "00" * 7, time=time + 3000 + k,
                      time_last=time + 3000 + k, thread=4242 + self.rank,
                      caller=caller("test_read_only_patch", 0x200 + 4 * k, PROGRAM))


def write_rank(directory, rank, ranks, bytes_per_rank):
    path = os.path.join(directory, f"rank-{rank}.jsonl")
    with open(path, "w") as f:
        w = rank_writer(rank, ranks, f)
        w.line("start", size=ranks, built_for="openmpi", library="Open MPI v4.1.4", program=PROGRAM,
               pid=1000 + rank, thread_level="single", delay_ms=20, host="node1", sample=8)
        w.line("sync_comm", comm=0, members=list(range(ranks)), name="w")
        written, time, i = 0, 1_700_000_000_000_000_000, 0
        while written < bytes_per_rank:
            w.new_window(time)
            for _ in range(SYNCS_PER_WINDOW // 2):
                # every rank's round i at the same few µs: the ranks' calls overlap as on one host
                w.round(i, time + 500 * rank)
                i += 1
                time += 10_000
                if i % BARRIER_EVERY == 0:
                    w.barrier(time)
            w.count("MPI_Win_free")
            w.line("rma_win_free", win=w.win, call="MPI_Win_free", epoch=w.epoch)
            w.barrier(time)
            written += w.flush()
        w.line("finalize", calls=w.calls)
        written += w.flush()
    return written


def write_records(directory, ranks=4, bytes_per_rank=40 << 20):
    """The records of `ranks` ranks, about `bytes_per_rank` each (whole windows); their sizes."""
    os.makedirs(directory, exist_ok=True)
    return [write_rank(directory, r, ranks, bytes_per_rank) for r in range(ranks)]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--ranks", type=int, default=4)
    parser.add_argument("--mb", type=int, default=40, help="megabytes (MiB) per rank")
    a = parser.parse_args()
    sizes = write_records(a.dir, a.ranks, a.mb << 20)
    print(f"{a.dir}: {a.ranks} rank(s), {sum(sizes)} bytes")
