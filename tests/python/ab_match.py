#!/usr/bin/env python3
"""A/B match of two `rookery uci` binaries at level 8 (issue 15: does a search change help?).

    nice -n 19 python3 tests/python/ab_match.py NEW_BINARY OLD_BINARY GAMES MOVETIME_MS \
        [--seed S] [--plies N] [--nodes N]

Game pairs start from the same N (default 4) random plies, drawn from seed S + the pair's
number (default seed 0), with colours swapped; prints the running score of the first binary,
then a summary: the score, its Elo difference and a 95% error bar from the spread of the pairs'
scores (a pair's two games share their opening, so the pairs are the independent samples).
With --nodes each move searches that many nodes instead of MOVETIME_MS (a judge of the
search's choices that the machine's load does not sway; speed is measured apart). Needs
python-chess. A measurement, not a test.
"""
import argparse
import math
import random

import chess
import chess.engine


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a_bin")
    ap.add_argument("b_bin")
    ap.add_argument("games", type=int)
    ap.add_argument("ms", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plies", type=int, default=4)
    ap.add_argument("--nodes", type=int, default=None)
    args = ap.parse_args()
    a = chess.engine.SimpleEngine.popen_uci([args.a_bin, "uci"], timeout=120)
    b = chess.engine.SimpleEngine.popen_uci([args.b_bin, "uci"], timeout=120)
    a.configure({"Skill Level": 8})
    b.configure({"Skill Level": 8})
    limit = (chess.engine.Limit(nodes=args.nodes) if args.nodes
             else chess.engine.Limit(time=args.ms / 1000))
    score = 0.0
    pairs = []
    for g in range(args.games):
        rng = random.Random(args.seed + g // 2)
        board = chess.Board()
        for _ in range(args.plies):
            board.push(rng.choice(list(board.legal_moves)))
        a_white = g % 2 == 0
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            e = a if (board.turn == chess.WHITE) == a_white else b
            board.push(e.play(board, limit).move)
        r = board.result(claim_draw=True)
        p = {"1-0": 1.0, "0-1": 0.0}.get(r, 0.5)
        if not a_white:
            p = 1 - p
        score += p
        if g % 2 == 0:
            pairs.append(p)
        else:
            pairs[-1] += p
        print(f"game {g + 1}: A {'white' if a_white else 'black'} {r} -> A {score}/{g + 1}",
              flush=True)
    a.quit()
    b.quit()
    n = args.games
    mean = score / n
    # per-game mean from the pairs (each pair scores 0..2)
    k = len(pairs)
    pm = [x / 2 for x in pairs]
    var = sum((x - mean) ** 2 for x in pm) / max(k - 1, 1)
    se = math.sqrt(var / max(k, 1))
    lo, hi = mean - 1.96 * se, mean + 1.96 * se
    print(f"A {score}/{n} = {100 * mean:.1f}% ± {196 * se:.1f}% (95%, {k} pairs), "
          f"Elo {elo(mean):+.0f} [{elo(lo):+.0f}, {elo(hi):+.0f}]  "
          f"({f'{args.nodes} nodes' if args.nodes else f'{args.ms} ms'}, seed {args.seed}, {args.plies} random plies)")


if __name__ == "__main__":
    main()
