#!/usr/bin/env python3
"""python-chess as an oracle for tests/oracle.rs (SAN and insufficient material).

Reads a JSON list of games from stdin, each {"fen": F, "chess960": bool, "moves": [uci, ...]},
and writes a JSON list with, per game, {"san": [SAN of each move], "insufficient": [whether the
position is a draw by insufficient material, for the start and after each move]}.

Exits non-zero (and the Rust test fails) when python-chess is missing: `pip install chess`
(tests/run-all.sh installs it).
"""
import json
import sys

try:
    import chess
except ImportError:
    sys.stderr.write(
        "python-chess is missing: `python3 -m pip install chess` "
        "(tests/run-all.sh installs it)\n")
    sys.exit(3)


def main():
    out = []
    for g in json.load(sys.stdin):
        board = chess.Board(g["fen"], chess960=g["chess960"])
        sans = []
        insufficient = [board.is_insufficient_material()]
        for uci in g["moves"]:
            move = chess.Move.from_uci(uci)
            if move not in board.legal_moves:
                raise SystemExit(f"python-chess: {uci} is not legal in {board.fen()}")
            sans.append(board.san(move))
            board.push(move)
            insufficient.append(board.is_insufficient_material())
        out.append({"san": sans, "insufficient": insufficient})
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
