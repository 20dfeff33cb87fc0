#!/usr/bin/env python3
"""Reads the games of a strength match (strength.py --pgn) with Stockfish's analysis and lists
the moves of ours that lost at least --loss centipawns (issue 34: why level 8 loses).

    python3 tests/python/blunders.py GAMES.pgn [--player rookery] [--depth 16] [--loss 150]

Every position of a game is analysed once at --depth; a move's loss is the value before it
less the value after it, both for the side that moved, each clipped to ±1000 (a lost game
stays lost). Prints one line a blunder: game, move number, the position (FEN), our move, our
search's comment (depth, nodes, ms), Stockfish's move and both values; then a count per game.
Needs python-chess and the Debian `stockfish`. A measurement, not a test.
"""
import argparse

import chess
import chess.engine
import chess.pgn

CLIP = 1000


def cp(score, turn):
    s = score.pov(turn)
    return max(-CLIP, min(CLIP, s.score(mate_score=100000)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--player", default="rookery")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--loss", type=int, default=150)
    a = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(a.stockfish, timeout=120)
    sf.configure({"Threads": 1, "Hash": 64})
    limit = chess.engine.Limit(depth=a.depth)
    total = 0
    with open(a.pgn) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            ours = chess.WHITE if a.player in game.headers["White"] else chess.BLACK
            board = game.board()
            sf.configure({"Clear Hash": None})
            info = sf.analyse(board, limit)
            found = 0
            for node in game.mainline():
                mover = board.turn
                before = cp(info["score"], mover)
                best = info.get("pv", [None])[0]
                best_san = board.san(best) if best else "?"
                fen = board.fen()
                san = board.san(node.move)
                board.push(node.move)
                if board.is_game_over():
                    info = {"score": chess.engine.PovScore(
                        chess.engine.Mate(0) if board.is_checkmate() else chess.engine.Cp(0),
                        board.turn)}
                else:
                    info = sf.analyse(board, limit)
                after = cp(info["score"], mover)
                if mover == ours and before - after >= a.loss and node.move != best:
                    found += 1
                    n = (board.ply() + 1) // 2
                    print(f"game {game.headers['Round']} move {n}{'.' if mover else '...'}"
                          f"{san} [{node.comment}] best {best_san}: {before} -> {after} "
                          f"(-{before - after})  {fen}", flush=True)
            total += found
            print(f"game {game.headers['Round']} ({game.headers['Result']}, we are "
                  f"{'white' if ours else 'black'}): {found} moves lost >= {a.loss} cp",
                  flush=True)
    print(f"total: {total}")
    sf.quit()


if __name__ == "__main__":
    main()
