"""Game records checked by python-chess and python-shogi, for tests/records.rs.

Reads JSON on stdin:
  {"pgn": [text...], "kif": [text...], "csa": [text...],
   "write_pgn": [{"variant": name, "seed": n}...], "write_kif": [seed...]}
and answers JSON on stdout:
  "pgn": per record {"variant", "moves" (UCI), "errors"} as python-chess reads it;
  "kif"/"csa": per record {"moves" (USI), "illegal" (the first move python-shogi refuses)};
  "write_pgn"/"write_kif": per game {"record", "moves"}: a random game python-chess or
  python-shogi played and wrote.
"""
import io
import json
import random
import sys

import chess
import chess.pgn
import chess.variant
import shogi
import shogi.CSA
import shogi.KIF


def read_pgn(text):
    game = chess.pgn.read_game(io.StringIO(text))
    if game is None:
        return {"variant": None, "moves": [], "errors": ["no game"]}
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        moves.append(board.uci(move, chess960=board.chess960))
        board.push(move)
    name = board.uci_variant if not board.chess960 else "chess960"
    return {"variant": name, "moves": moves, "errors": [str(e) for e in game.errors]}


def replay_shogi(summary):
    board = shogi.Board(summary["sfen"])
    moves, illegal = [], None
    for usi in summary["moves"]:
        move = shogi.Move.from_usi(usi)
        if move not in board.legal_moves:
            illegal = usi
            break
        board.push(move)
        moves.append(usi)
    return {"moves": moves, "illegal": illegal, "win": summary.get("win")}


def write_pgn(variant, seed):
    rng = random.Random(seed)
    if variant == "chess960":
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess.variant.find_variant(variant)()
    for _ in range(rng.randrange(20, 120)):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "python-chess %d" % seed
    game.headers["Black"] = "random"
    # a game cut off goes on (the draws python-chess counts by its own rules are not claimed)
    game.headers["Result"] = board.result() if board.is_checkmate() else "*"
    moves = [board.uci(m, chess960=board.chess960) for m in board.move_stack]
    return {"record": str(game), "moves": moves}


def write_kif(seed):
    rng = random.Random(seed)
    board = shogi.Board()
    for _ in range(rng.randrange(20, 120)):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    moves = [m.usi() for m in board.move_stack]
    # the side that moved last wins (python-shogi writes the other's resignation)
    win = "b" if len(moves) % 2 == 1 else "w"
    summary = {"names": ["python-shogi %d" % seed, "random"], "sfen": shogi.STARTING_SFEN,
               "moves": moves, "win": win}
    return {"record": shogi.KIF.Exporter.kif(summary), "moves": moves}


def main():
    req = json.load(sys.stdin)
    out = {
        "pgn": [read_pgn(t) for t in req.get("pgn", [])],
        "kif": [replay_shogi(shogi.KIF.Parser.parse_str(t)[0]) for t in req.get("kif", [])],
        "csa": [replay_shogi(shogi.CSA.Parser.parse_str(t)[0]) for t in req.get("csa", [])],
        "write_pgn": [write_pgn(g["variant"], g["seed"]) for g in req.get("write_pgn", [])],
        "write_kif": [write_kif(s) for s in req.get("write_kif", [])],
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
