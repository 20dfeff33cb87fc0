#!/usr/bin/env python3
"""Strength match: `rookery uci` at a level against Stockfish limited to an Elo (issue 15).

    python3 tests/python/strength.py --rookery target/release/rookery --level 8 \
        --elo 1350 --games 40 --movetime 1000 [--stockfish /usr/games/stockfish] [--pgn FILE]

Colours alternate; each side gets `movetime` ms per move. Prints the score of Rookery and
the result of each game; with --pgn also writes every game there (our moves commented with
their depth, nodes and ms, for reading the lost games with tests/python/blunders.py). Needs python-chess (pip install chess) and the Debian `stockfish`.
A long run: documented in the README, not part of the test command.
"""
import argparse
import time

import chess
import chess.engine
import chess.pgn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--elo", type=int, default=1350)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--pgn", default=None, help="write the games to this PGN file")
    a = ap.parse_args()
    ours = chess.engine.SimpleEngine.popen_uci([a.rookery, "uci"], timeout=120)
    ours.configure({"Skill Level": a.level})
    sf = chess.engine.SimpleEngine.popen_uci(a.stockfish, timeout=120)
    sf.configure({"UCI_LimitStrength": True, "UCI_Elo": a.elo, "Threads": 1, "Hash": 16})
    limit = chess.engine.Limit(time=a.movetime / 1000)
    score = 0.0
    pgn = open(a.pgn, "w") if a.pgn else None
    for g in range(a.games):
        board = chess.Board()
        white_is_us = g % 2 == 0
        notes = []
        while not board.is_game_over(claim_draw=True) and board.ply() < a.max_plies:
            us = (board.turn == chess.WHITE) == white_is_us
            engine = ours if us else sf
            t0 = time.monotonic()
            played = engine.play(board, limit, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
            ms = round(1000 * (time.monotonic() - t0))
            info = played.info
            notes.append(f"d{info.get('depth', '?')} n{info.get('nodes', '?')} {ms}ms"
                         + (f" {info['score'].relative}" if "score" in info else "")
                         if us else "")
            board.push(played.move)
        result = board.result(claim_draw=True)
        if result == "*":
            result = "1/2-1/2"  # move cap: adjudicated a draw
        pts = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not white_is_us:
            pts = 1.0 - pts
        score += pts
        if pgn:
            game = chess.pgn.Game.from_board(board)
            game.headers["White"] = f"rookery {a.level}" if white_is_us else f"stockfish {a.elo}"
            game.headers["Black"] = f"stockfish {a.elo}" if white_is_us else f"rookery {a.level}"
            game.headers["Result"] = result
            game.headers["Round"] = str(g + 1)
            node = game
            for note in notes:
                node = node.variations[0]
                if note:
                    node.comment = note
            print(game, file=pgn, end="\n\n", flush=True)
        print(f"game {g + 1}: rookery {'white' if white_is_us else 'black'} {result} "
              f"({board.ply()} plies) -> {score}/{g + 1}", flush=True)
    print(f"rookery level {a.level} vs stockfish elo {a.elo}: {score}/{a.games} "
          f"= {100 * score / a.games:.0f}%")
    ours.quit()
    sf.quit()


if __name__ == "__main__":
    main()
