#!/usr/bin/env python3
"""A/B match of two `rookery uci` binaries at level 8 (issue 15: does a search change help?).

    nice -n 19 python3 tests/python/ab_match.py NEW_BINARY OLD_BINARY GAMES MOVETIME_MS

Game pairs start from the same four seeded random plies with colours swapped; prints the
running score of the first binary. Needs python-chess. A measurement, not a test.
"""
import random
import sys

import chess
import chess.engine


def main():
    a_bin, b_bin, games, ms = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    a = chess.engine.SimpleEngine.popen_uci([a_bin, "uci"], timeout=120)
    b = chess.engine.SimpleEngine.popen_uci([b_bin, "uci"], timeout=120)
    a.configure({"Skill Level": 8})
    b.configure({"Skill Level": 8})
    limit = chess.engine.Limit(time=ms / 1000)
    score = 0.0
    for g in range(games):
        rng = random.Random(g // 2)
        board = chess.Board()
        for _ in range(4):
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
        print(f"game {g + 1}: A {'white' if a_white else 'black'} {r} -> A {score}/{g + 1}",
              flush=True)
    a.quit()
    b.quit()


if __name__ == "__main__":
    main()
