#!/usr/bin/env python3
"""Four-player teams: the search's nodes and CPU time to a depth over eight positions of games
our level 8 lost to 4pchess (`teams_4pchess.py`, 250 ms a move), with how the tree was cut.
The branching factor's measure (issue 34): deterministic node counts, machine-dependent times.

    python3 tests/python/teams_nodes.py [--rookery target/release/rookery] [--depth 7] [-v]
        [--anchor ../shared/oracle/4pchess/build/anchor4p]

Prints the depth reached and the nodes of each position (`rookery bench bot --fen --moves
--depth`), then the total nodes and CPU milliseconds. `-v` adds each search's counters
(cut-offs on the first move, table hits, null moves, re-searches, quiescence nodes).
`--anchor` also searches each position with 4pchess to the same depth (`anchor4p --ms 0
--depth`) and prints its nodes and wall milliseconds. Its count leaves out the nodes where
its search enters quiescence (ours counts every node), so compare growth per depth more than
totals.
"""
import argparse
import subprocess

from teams_4pchess import START

# the first moves of eight games (rookery's moves and 4pchess's, after seeded openings)
LINES = [
    "j1i3 b4c4 f13f12 n5l4 e1f3 b6c6 d13d11 l4j3 i2j3 b8d8 g13g12 m8l8 g2g4 a8c8 f12f11 n9f1 "
    "g1f1 a9b8 f14g13 m4k4",
    "f2f4 b8c8 g13g12 m10k10 g2g4 b10d10 e14g13 m5k5 g1g3 b9c9 g13e12 m7k7 f1g2 b11d11 f14n6 "
    "n7n6 g3k7 d11e12 d13e12 m6l6 k7j7 a9e13 d14e14 n10l9",
    "d2d4 b8c8 f13f12 m8k8 i2i3 b6c6 f12f11 n7k10 g2g3 a10c11 e13e12 n5l6 f1n9 a5c4 j13j11 "
    "k10d10 d4d5 c11e12 i14m10 n10l9 f2f4 b5c5 d13e12 d10d14 g1f1 c4e3 g13g12 d14e14 d5c6 a9b8",
    "d2d4 b8c8 f13f12 m8k8 i2i3 b6c6 f12f11 n7k10 g2g3 b5c5 e13e12 m7l7 d4c5 a8b8 e14f12 k10g6 "
    "j1k3 b8f12 g13g12 n6f14 d1d4 f12h14 g14h14 f14i11 f1i4 a9b8 h14g14 g6g11 e1d3 b7d7 d14e14 "
    "g11i13 d3b4 a4b4 g14f13 i13g11 d4b4 b10c10 j14i12 g11d8",
    "f2f4 b8c8 g13g12 m10k10 g2g4 b10d10 e14g13 m5k5 e1f3 a9f4 g13f11 m6l6 k2k4 b11c11 f14h12 "
    "m7k7",
    "f2f4 b8c8 j13j12 n10l9 g1b6 a7b8 f13f12 n5l6 b6d6 b8a7 i14j13 l6j5 d6f8 a9d6 j13b5 j5i3 "
    "h2i3 d6f8 b5a4 m8l8 d2d3 b7d7 d13d11 l9j10 i1g3 a8d5 g13g11 j10h11",
    "g2g4 a5c6 h13h11 n10l11 k2k4 b8c8 i14c8 m10l10 h2h3 b9c8 g13g12 m8l8 i1a9 b10d10 j14i12 "
    "n7k10 a9f4 b11c11 h14h12 k10k7 f2f3 b7c7 h12f10 k7e13 f4c7 a11b11 f14e13 l11k13 c7b6 a7b8 "
    "k14k13 m9k9 g1h2 b8b9 f10g9 m11k11",
    "j2j4 b5d5 e13e11 m9k9 k2k3 b7c7 e14d12 m4k4 k3l4 a6c8 i13i12 m10l10 g2g4 d5e5 i12i11 m6l6 "
    "f2f3 c8g4 j14k12 n7i2 h1g2 a8f3",
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--depth", type=int, default=7)
    ap.add_argument("-v", action="store_true", help="each search's counters")
    ap.add_argument("--anchor", default=None, help="4pchess's anchor4p: its nodes too")
    a = ap.parse_args()
    nodes, cpu = 0, 0.0
    their_nodes, their_ms = 0, 0
    for i, moves in enumerate(LINES):
        out = subprocess.run(
            [a.rookery, "bench", "bot", "--games", "four-player-teams", "--fen", START,
             "--moves", moves, "--depth", str(a.depth)],
            capture_output=True, text=True, check=True).stdout.splitlines()
        row = out[1].split("\t")  # game, level, ms, cpu ms, depth, nodes, knps, move
        nodes += int(row[5])
        cpu += float(row[3])
        print(f"position {i + 1}: depth {row[4]}, {row[5]} nodes, {row[3]} CPU ms, move {row[7]}")
        if a.v:
            print(" ", out[2].strip())
        if a.anchor:
            err = subprocess.run(
                [a.anchor, "--ms", "0", "--depth", str(a.depth), START, "--moves"] + moves.split(),
                capture_output=True, text=True, check=True).stderr.splitlines()
            w = [line for line in err if line.startswith("info")][-1].split()
            info = dict(zip(w[1::2], w[2::2]))  # depth, score, nodes, time, nps (then pv)
            their_nodes += int(info["nodes"])
            their_ms += int(info["time"])
            print(f"  4pchess: depth {info['depth']}, {info['nodes']} nodes, {info['time']} ms")
    print(f"total: {nodes} nodes, {cpu:.0f} CPU ms (depth {a.depth}; fewer where the result "
          f"is forced sooner)")
    if a.anchor:
        print(f"4pchess: {their_nodes} nodes, {their_ms} wall ms")


if __name__ == "__main__":
    main()
