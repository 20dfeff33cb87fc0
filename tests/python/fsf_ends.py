#!/usr/bin/env python3
"""Checks the ends of a `rookery match --pyffish` series in Fairy-Stockfish's own rules (issue 34).

    target/pyffish-venv/bin/python tests/python/fsf_ends.py LOG VARIANT

LOG is the match's stderr (or `fsf_match.py --logs DIR`'s DIR/<id>.log): a "game N: rookery seat
S: RESULT (END, P plies; ...)" line and a "game N moves: fen FEN moves M..." line a game. VARIANT
is Fairy-Stockfish's name of the game (xiangqi, shogi, janggi, sittuyin, ...). For each game it
replays the moves in pyffish and prints how many legal moves the side to move has at the end and
pyffish's `game_result` there (-32000: the side to move has lost, 32000: won, 0: a draw), beside
the result our referee scored (for a position with legal moves, `is_optional_game_end`: a
repetition or a move rule); it exits 1 if pyffish gives the other side the win of a game we scored
as decided. A game our rules end where pyffish plays on (the move limit) is printed ("not over for
pyffish"), not judged. A measurement, not a test.
"""
import re
import sys

import pyffish as sf


def main():
    log, variant = sys.argv[1], sys.argv[2]
    scored = {}
    bad = 0
    for line in open(log).read().splitlines():
        m = re.match(r"game (\d+): rookery seat (\d): (\w+) \((.*?), (\d+) plies", line)
        if m:
            scored[m.group(1)] = (int(m.group(2)), m.group(3), m.group(4))
            continue
        m = re.match(r"game (\d+) moves: fen (.*?) moves ?(.*)$", line)
        if not m or m.group(1) not in scored:
            continue
        g, fen, moves = m.group(1), m.group(2), m.group(3).split()
        ours, result, end = scored[g]
        legal = sf.legal_moves(variant, fen, moves)
        theirs = None
        if not legal:
            theirs = sf.game_result(variant, fen, moves)
        else:
            # a repetition or a move rule ends the game in pyffish's rules too
            over, value = sf.is_optional_game_end(variant, fen, moves)
            theirs = value if over else None
        # the seat to move at the end: seat 0 moves first (FEN "w")
        to_move = len(moves) % 2 if " w " in fen else 1 - len(moves) % 2
        verdict = "not over for pyffish"
        if theirs is not None:
            winner = None if theirs == 0 else (to_move if theirs > 0 else 1 - to_move)
            verdict = "draw" if winner is None else ("win" if winner == ours else "loss")
        agree = verdict == result
        if result in ("win", "loss") and theirs is not None and not agree:
            bad += 1
        print(f"game {g}: seat {ours}, ours {result} ({end}, {len(moves)} plies); pyffish: "
              f"{len(legal)} legal moves for seat {to_move}, result {theirs}: {verdict}"
              f"{'' if agree else '  <- differs'}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
