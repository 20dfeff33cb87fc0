#!/usr/bin/env python3
"""Strength match: `rookery uci` at a level against Stockfish limited to an Elo (issue 15).

    python3 tests/python/strength.py --rookery target/release/rookery --level 8 \
        --elo 1350 --games 40 --movetime 1000 [--stockfish /usr/games/stockfish]

Colours alternate; each side gets `movetime` ms per move. Prints the score of Rookery and
the result of each game. Needs python-chess (pip install chess) and the Debian `stockfish`.
A long run: documented in the README, not part of the test command.
"""
import argparse
import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--elo", type=int, default=1350)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--max-plies", type=int, default=300)
    a = ap.parse_args()
    ours = chess.engine.SimpleEngine.popen_uci([a.rookery, "uci"], timeout=120)
    ours.configure({"Skill Level": a.level})
    sf = chess.engine.SimpleEngine.popen_uci(a.stockfish, timeout=120)
    sf.configure({"UCI_LimitStrength": True, "UCI_Elo": a.elo, "Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(time=a.movetime / 1000)
    score = 0.0
    for g in range(a.games):
        board = chess.Board()
        white_is_us = g % 2 == 0
        while not board.is_game_over(claim_draw=True) and board.ply() < a.max_plies:
            engine = ours if (board.turn == chess.WHITE) == white_is_us else sf
            board.push(engine.play(board, limit).move)
        result = board.result(claim_draw=True)
        if result == "*":
            result = "1/2-1/2"  # move cap: adjudicated a draw
        pts = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not white_is_us:
            pts = 1.0 - pts
        score += pts
        print(f"game {g + 1}: rookery {'white' if white_is_us else 'black'} {result} "
              f"({board.ply()} plies) -> {score}/{g + 1}", flush=True)
    print(f"rookery level {a.level} vs stockfish elo {a.elo}: {score}/{a.games} "
          f"= {100 * score / a.games:.0f}%")
    ours.quit()
    sf.quit()


if __name__ == "__main__":
    main()
