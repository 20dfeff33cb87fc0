#!/usr/bin/env python3
"""Gauntlet: `rookery uci` binaries against Stockfish limited to an Elo, at fixed nodes (issue 34).

    nice -n 15 python3 tests/python/gauntlet.py NEW_BINARY OLD_BINARY [MORE ...] \
        --openings 100 [--seed S] [--plies 4] [--nodes 20000] [--sf-nodes 32000] \
        [--elo 2000] [--level 8] [--jobs 2] [--stockfish /usr/games/stockfish]
    python3 tests/python/gauntlet.py --summary LOG [LOG ...]

The second form summarizes logs, even of runs stopped early; logs of runs with the same seed
(other binaries on the same openings) are paired on the openings they all finished.

Opening k (k = 0 .. openings-1) is N random plies drawn from seed S + k, as in ab_match.py;
every binary plays it twice against Stockfish, once with each colour, so the binaries meet the
same openings. Every move is a node budget on both sides (ours `go nodes`, Stockfish with
UCI_LimitStrength, UCI_Elo, Threads 1, Hash 16 and `go nodes`), so the machine's load does not
sway the games and the run may go at nice on any core; --jobs plays that many openings at once.
Our moves are then reproducible; Stockfish's are not: its strength limit picks among its best
moves with a generator seeded by the clock, so the same opening replays differently, which is
why the intervals come from the spread over openings rather than from the openings alone. How
much that leaves (stop 58, five builds on 43 openings): the builds' scores on an opening hardly
correlate (mean r -0.01), so Stockfish's randomness, not the opening, decides most games; the
pairing does not narrow the difference's interval: about ± 10 % at 43 openings (172 games),
± 7 % at 100 openings.

Prints each game, then per binary its score with a 95% interval (an opening's two games are one
sample), and for each binary after the first the difference to the first with a 95% interval
from the paired openings (an opening's four games: first white and black, other white and
black; the difference of their means is one sample). Calibration (stop 58, this machine, nodes
per CPU second on 24 positions of the 200 ms games): ours 485k, Stockfish at Elo 2000 770k, so
at 200 ms a move about 97k and 154k: the defaults keep that ratio (1.6) at a fifth of the
nodes. Needs python-chess and the Debian `stockfish`. A measurement, not a test.
"""
import argparse
import concurrent.futures
import math
import random
import re
import threading

import chess
import chess.engine

ARGS = None
LOCAL = threading.local()  # each worker thread's engines
STARTED = []  # every engine started, to quit at the end


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def engine(key):
    """This thread's engine for `key` (a binary's path, or None for Stockfish), started once."""
    engines = LOCAL.__dict__.setdefault("engines", {})
    if key not in engines:
        if key is None:
            e = chess.engine.SimpleEngine.popen_uci(ARGS.stockfish, timeout=120)
            e.configure({"UCI_LimitStrength": True, "UCI_Elo": ARGS.elo, "Threads": 1,
                         "Hash": 16})
        else:
            e = chess.engine.SimpleEngine.popen_uci([key, "uci"], timeout=120)
            e.configure({"Skill Level": ARGS.level})
        engines[key] = e
        STARTED.append(e)
    return engines[key]


def play_opening(k):
    """Opening k's games: for each binary, (points as white, points as black, plies, plies)."""
    rng = random.Random(ARGS.seed + k)
    start = chess.Board()
    for _ in range(ARGS.plies):
        start.push(rng.choice(list(start.legal_moves)))
    ours_limit = chess.engine.Limit(nodes=ARGS.nodes)
    sf_limit = chess.engine.Limit(nodes=ARGS.sf_nodes)
    out = []
    for b in ARGS.binaries:
        row = []
        for white in (True, False):
            board = start.copy()
            game = object()  # a new game for both engines: `ucinewgame`, so ours replays alike
            while not board.is_game_over(claim_draw=True) and board.ply() < ARGS.max_plies:
                us = (board.turn == chess.WHITE) == white
                e, limit = (engine(b), ours_limit) if us else (engine(None), sf_limit)
                board.push(e.play(board, limit, game=game).move)
            p = {"1-0": 1.0, "0-1": 0.0}.get(board.result(claim_draw=True), 0.5)
            row.append((p if white else 1 - p, board.ply()))
        out.append(row)
    return k, out


def interval(xs):
    """Mean and 95% half-width of independent samples."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(n - 1, 1)
    return m, 1.96 * math.sqrt(var / n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="*")
    ap.add_argument("--summary", metavar="LOG", nargs="+", help="only summarize these logs")
    ap.add_argument("--openings", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--sf-nodes", type=int, default=32000)
    ap.add_argument("--elo", type=int, default=2000)
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    if args.summary:
        logs = [from_log(p) for p in args.summary]
        ks = set.intersection(*(set(per) for _, per in logs))
        summary(sum((n for n, _ in logs), []), {k: sum((per[k] for _, per in logs), [])
                                               for k in ks})
        return
    global ARGS
    ARGS = args
    names = [b.rsplit("/", 1)[-1] for b in args.binaries]
    per = {}  # opening -> per binary (white points, black points)
    print(f"{args.openings} openings, seed {args.seed}, {args.plies} random plies; ours {args.nodes} nodes at level "
          f"{args.level}, Stockfish Elo {args.elo} {args.sf_nodes} nodes")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for k, out in pool.map(play_opening, range(args.openings)):
            per[k] = [(w[0], bl[0]) for w, bl in out]
            games = "  ".join(f"{n} {w[0]:g}-{bl[0]:g} ({w[1]},{bl[1]} plies)"
                              for n, (w, bl) in zip(names, out))
            done = [sum(sum(per[j][i]) for j in per) for i in range(len(names))]
            print(f"opening {args.seed + k}: {games}  -> " + ", ".join(
                f"{n} {d:g}/{2 * len(per)}" for n, d in zip(names, done)), flush=True)
    for e in STARTED:
        e.quit()
    summary(names, per)


def from_log(path):
    """The names and results of a log's `opening` lines (a run stopped early still counts)."""
    names, per = [], {}
    for line in open(path):
        if line.startswith("opening "):
            k, rest = line[8:].split(":", 1)
            games = re.findall(r"(\S+) ([\d.]+)-([\d.]+) \(", rest.split("->")[0])
            names = [g[0] for g in games]
            per[int(k)] = [(float(w), float(b)) for _, w, b in games]
    return names, per


def summary(names, per):
    ks = sorted(per)
    print(f"{len(ks)} openings")
    if not ks:
        return
    means = [[sum(per[k][i]) / 2 for k in ks] for i in range(len(names))]
    for n, xs in zip(names, means):
        m, h = interval(xs)
        print(f"{n}: {sum(xs) * 2:g}/{2 * len(xs)} = {100 * m:.1f}% ± {100 * h:.1f}% (95%), "
              f"Elo {elo(m):+.0f} [{elo(m - h):+.0f}, {elo(m + h):+.0f}] against Stockfish")
    for n, xs in zip(names[1:], means[1:]):
        d, h = interval([a - b for a, b in zip(means[0], xs)])
        print(f"{names[0]} - {n}: {100 * d:+.1f}% ± {100 * h:.1f}% (95%, paired openings), "
              f"about {elo(0.5 + d):+.0f} Elo [{elo(0.5 + d - h):+.0f}, {elo(0.5 + d + h):+.0f}]")


if __name__ == "__main__":
    main()
