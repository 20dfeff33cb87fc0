#!/usr/bin/env python3
"""Level 8 against Fairy-Stockfish at a fixed depth in every two-player game both play (issue 34).

    nice python3 tests/python/fsf_match.py [--rookery target/release/rookery] \
        [--pyffish target/pyffish-venv/bin/python] [--level 8] [--depth 3] [--games 8] \
        [--only ID,ID] [--logs DIR] [--cpu-time] [--move-limit N]

For each two-player game of `rookery uci`'s list, one `rookery match --game ID --pyffish PYTHON
--engine-depth D --level L --games N` after the other: our bot at its level's real time cap
against the Fairy-Stockfish compiled into pyffish (it plays atomic, duck and chaturanga, which
the Debian 11.1 lacks), colours alternating, both sides judging every move (a move one side
rejects makes the game "disputed", not scored), the end and the result by our rules. A game the
registry names no engine variant for is listed as not played. Prints a Markdown table (game,
score of our level, games scored, disputed, the command); with --logs, each game's moves and
per-game results go to DIR/<id>.log (to look at a lost game). --cpu-time times our level's cap
on its thread's CPU time (a loaded machine then gives it its whole cap); --move-limit draws a
game at N plies (the referee's default: 300). A measurement, not a test.
"""
import argparse
import os
import re
import subprocess
import sys


def two_player_games(rookery):
    out = subprocess.run([rookery, "uci"], input="uci\nquit\n", capture_output=True,
                         text=True, check=True).stdout
    line = next(l for l in out.splitlines() if "name UCI_Variant " in l)
    return line.split(" var ")[1:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--pyffish", default=os.environ.get("PYFFISH_PYTHON",
                                                        "target/pyffish-venv/bin/python"))
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--only", default=None, help="comma-separated game ids")
    ap.add_argument("--logs", default=None)
    ap.add_argument("--cpu-time", action="store_true")
    ap.add_argument("--move-limit", type=int, default=None)
    a = ap.parse_args()
    ids = a.only.split(",") if a.only else two_player_games(a.rookery)
    if a.logs:
        os.makedirs(a.logs, exist_ok=True)
    rows = []
    print("| game | level %d's score | games scored | disputed | command |" % a.level)
    print("|---|---|---|---|---|")
    for gid in ids:
        cmd = [a.rookery, "match", "--game", gid, "--pyffish", a.pyffish, "--engine-depth",
               str(a.depth), "--level", str(a.level), "--games", str(a.games)]
        if a.cpu_time:
            cmd.append("--cpu-time")
        if a.move_limit:
            cmd += ["--move-limit", str(a.move_limit)]
        shown = "nice " + " ".join(cmd)
        r = subprocess.run(["nice"] + cmd, capture_output=True, text=True)
        if a.logs:
            with open(os.path.join(a.logs, gid + ".log"), "w") as f:
                f.write(r.stderr + r.stdout)
        if r.returncode != 0:
            why = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "failed"
            print(f"| {gid} | not played: {why} | 0 | 0 | `{shown}` |", flush=True)
            continue
        m = re.search(r"\+(\d+) =(\d+) -(\d+) \(([\d.]+)/(\d+)\), disputed (\d+)", r.stdout)
        if not m:
            print(f"| {gid} | unreadable: {r.stdout.strip()} | | | `{shown}` |", flush=True)
            continue
        w, d, l, pts, n, disp = m.groups()
        pct = f"{100 * float(pts) / int(n):.0f}%" if int(n) else "-"
        rows.append((gid, float(pts), int(n)))
        print(f"| {gid} | {pts}/{n} = {pct} (+{w} ={d} -{l}) | {n} | {disp} | `{shown}` |",
              flush=True)
    total = sum(p for _, p, _ in rows)
    games = sum(n for _, _, n in rows)
    if games:
        print(f"\nlevel {a.level} against depth {a.depth}: {total}/{games} = "
              f"{100 * total / games:.0f}% over {len(rows)} games", file=sys.stderr)


if __name__ == "__main__":
    main()
