#!/usr/bin/env python3
"""A/B match of two `rookery` binaries as the two teams of four-player teams (issue 34: does a
search change help the teams game?), at a node budget a move, so the machine's load does not
sway it.

    taskset -c 0 nice -n 10 python3 tests/python/teams_ab.py NEW_BINARY OLD_BINARY \
        [--games 20] [--nodes 40000] [--seed 1] [--opening-plies 2] [--max-plies 300] [--log DIR]

Each binary is one process for the whole match, `rookery think --game four-player-teams --fen
START --legal --serve --nodes N` (a fresh search each move: the same position and budget give
the same move). Both engines are deterministic, so every pair of games starts from its own
opening: `--opening-plies` seeded random legal moves per seat (drawn from seed S and the pair's
number), and the pair plays it twice, A as Red+Yellow in the first game and as Blue+Green in the
second, so neither team keeps an opening's luck. The start is chess.com's layout, as in
`teams_4pchess.py`.

Nothing is trusted unchecked: before every ply both binaries list the legal moves of the seat
to move (`legal` and `go` answers with `--legal`) and must list the same set; the move played
must be among them; the end of the game (`over`) must be the same for both. A game where they
disagree is reported as `DISPUTED` and not scored. Games longer than `--max-plies` are scored as
draws. Prints the running score of A, then the score with its 95% interval (1.96 standard
errors of the pairs' means: a pair's two games share an opening, so the pair is the
independent sample), A's and B's mean depth and nodes a move. `--log DIR` writes each game's
moves. A measurement, not a test.
"""
import argparse
import os
import random
import sys

from teams_4pchess import Ours, norm, opening_moves, pair_error

SEATS = "RBYG"
# `over` lines: the winning seats (0 Red, 1 Blue, 2 Yellow, 3 Green)
WINNER = {"0,2": "RY", "2,0": "RY", "1,3": "BG", "3,1": "BG"}


class Bot(Ours):
    """A binary as one `think --serve` process at a node budget, keeping each search's depth
    and nodes."""

    def __init__(self, binary, nodes):
        super().__init__(binary, nodes=nodes)
        self.depths, self.nodes = [], []

    def run(self, moves, search):
        r = super().run(moves, search)
        if r["info"]:
            w = r["info"].split()
            f = dict(zip(w[1::2], w[2::2]))
            self.depths.append(int(f.get("depth", 0)))
            self.nodes.append(int(f.get("nodes", 0)))
        return r


def play(g, a, b, opening, max_plies, log):
    """One game; A is Red+Yellow in even games. Returns (A's points or None, text)."""
    a_team = "RY" if g % 2 == 0 else "BG"
    moves = []
    while True:
        seat = SEATS[len(moves) % 4]
        mover, other = (a, b) if seat in a_team else (b, a)
        searching = len(moves) >= len(opening)
        m = mover.run(moves, search=searching)
        o = other.run(moves, search=False)
        legal = set(map(norm, m["legal"]))
        if legal != set(map(norm, o["legal"])):
            return None, (f"DISPUTED at ply {len(moves)}: legal moves differ; "
                          f"moves {' '.join(moves)}")
        if m["over"] != o["over"]:
            return None, (f"DISPUTED at ply {len(moves)}: over {m['over']} against "
                          f"{o['over']}; moves {' '.join(moves)}")
        if m["over"]:
            if m["over"] not in WINNER:
                return 0.5, f"draw ({m['over']}) after {len(moves)} plies"
            won = WINNER[m["over"]]
            return (1.0 if won == a_team else 0.0), f"{won} won after {len(moves)} plies"
        if len(moves) >= max_plies:
            return 0.5, f"adjudicated a draw at {max_plies} plies"
        if not searching:
            mv = opening[len(moves)]
            log.write(f"{len(moves)} {seat} opening {mv}\n")
        else:
            mv = m["best"]
            if not mv or mv == "none":
                return None, f"DISPUTED at ply {len(moves)}: no move found"
            who = "A" if mover is a else "B"
            log.write(f"{len(moves)} {seat} {who} {mv} {m['info']}\n")
        if norm(mv) not in legal:
            return None, f"DISPUTED at ply {len(moves)}: {mv} is not legal"
        moves.append(norm(mv))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a_bin")
    ap.add_argument("b_bin")
    ap.add_argument("--games", type=int, default=20, help="rounded up to pairs")
    ap.add_argument("--nodes", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opening-plies", type=int, default=2,
                    help="random moves per seat before the bots play (0: the start)")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--log", default=None, help="directory for each game's moves")
    args = ap.parse_args()
    a, b = Bot(args.a_bin, args.nodes), Bot(args.b_bin, args.nodes)
    if args.log:
        os.makedirs(args.log, exist_ok=True)
    score, counted, disputed, capped = 0.0, 0, 0, 0
    pairs = []
    for g in range(args.games + args.games % 2):
        if g % 2 == 0:
            rng = random.Random(args.seed * 100_003 + g // 2)
            opening = opening_moves(a, 4 * args.opening_plies, rng)
            pair = []
        path = os.path.join(args.log, f"game{g + 1}.txt") if args.log else os.devnull
        with open(path, "w") as log:
            pts, text = play(g, a, b, opening, args.max_plies, log)
            log.write(text + "\n")
        if pts is None:
            disputed += 1
        else:
            score += pts
            counted += 1
            pair.append(pts)
            capped += "adjudicated" in text
        if g % 2 == 1 and pair:
            pairs.append(sum(pair) / len(pair))
        team = "Red+Yellow" if g % 2 == 0 else "Blue+Green"
        print(f"game {g + 1}: opening {' '.join(opening) or '-'}; A {team}: {text} "
              f"-> A {score}/{counted}", flush=True)
    a.quit()
    b.quit()
    err = pair_error(pairs)

    def mean_of(xs):
        return sum(xs) / len(xs) if xs else float("nan")
    print(f"A {score}/{counted}" + (f" = {100 * score / counted:.1f}%{err}" if counted else "")
          + (f", {disputed} disputed" if disputed else "")
          + f", {capped} drawn at {args.max_plies} plies; {args.nodes} nodes a move, seed "
          f"{args.seed}, {args.opening_plies} random plies a seat; mean depth (nodes) a move: "
          f"A {mean_of(a.depths):.2f} ({mean_of(a.nodes):.0f}), "
          f"B {mean_of(b.depths):.2f} ({mean_of(b.nodes):.0f})")
    sys.exit(1 if disputed else 0)


if __name__ == "__main__":
    main()
