#!/usr/bin/env python3
"""Do two levels play different moves? (issue 34: every level beats the one below.)

    python3 tests/python/level_moves.py --game four-player-ffa [--levels 4,5,6,7,8]
        [--depths 3,4,5,6] [--plies 4:80:4] [--rookery target/release/rookery]

For the positions of `rookery bench bot --plies P` (P from the range, start:stop:step), each
level's move at its real caps timed on the search's CPU time (`--cpu-time`, so the machine's
load does not sway it) and each depth's move (level 8 searched to that depth, no noise, no time
cap). Prints a row per position (`depth/move` in each column), then for each pair of
neighbours (depth next to depth, level next to level) how many positions their moves differ in. Two levels that play the same move in
nearly every position cannot beat one another, whatever a series of games says: a level needs
a cap the one above it passes in most positions. A measurement, not a test (a position per
call, a few CPU seconds each at levels 7-8).
"""
import argparse
import subprocess


def move(a, p, extra):
    out = subprocess.run([a.rookery, "bench", "bot", "--games", a.game, "--plies", str(p)] + extra,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    row = out[1].split("\t")  # game, level, ms, cpu ms, depth, nodes, knps, move
    return row[4], row[7]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--game", required=True)
    ap.add_argument("--levels", default="4,5,6,7,8")
    ap.add_argument("--depths", default="")
    ap.add_argument("--plies", default="4:80:4")
    a = ap.parse_args()
    start, stop, step = (int(x) for x in a.plies.split(":"))
    cols = [("d" + d, ["--level", "8", "--depth", d]) for d in a.depths.split(",") if d]
    cols += [("L" + l, ["--level", l, "--cpu-time"]) for l in a.levels.split(",") if l]
    rows = []
    for p in range(start, stop + 1, step):
        cells = [move(a, p, extra) for _, extra in cols]
        rows.append(cells)
        print(f"P{p}", *(f"{name}={d}/{m}" for (name, _), (d, m) in zip(cols, cells)), flush=True)
    print(f"moves that differ, of {len(rows)} positions:")
    for i in range(1, len(cols)):
        if cols[i - 1][0][0] != cols[i][0][0]:
            continue  # the last depth and the first level are not neighbours
        diff = sum(r[i - 1][1] != r[i][1] for r in rows)
        print(f"  {cols[i - 1][0]} / {cols[i][0]}: {diff}")


if __name__ == "__main__":
    main()
