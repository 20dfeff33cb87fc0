"""The pyffish oracle of tests/oracle_family.rs (Fairy-Stockfish compiled into pyffish).

Reads JSON from stdin: {"variants_ini": "...", "games": [{"variant", "fen", "moves"}]} and
answers, for every game and every prefix of its moves (the start included), the engine's view
of that position: its legal moves (sorted), its FEN, and its game ends:
  {"moves": [...], "fen": "...", "immediate": [bool, value], "optional": [bool, value],
   "result": value or null (only when there is no legal move)}
Values are from the side to move's point of view (-32000 lost, 0 draw, 32000 won). A move the
engine rejects ends that game's answers with {"error": "..."}.
"""
import json
import sys

import pyffish as sf

req = json.load(sys.stdin)
if req.get("variants_ini"):
    sf.load_variant_config(req["variants_ini"])
out = []
for g in req["games"]:
    v, fen, moves = g["variant"], g["fen"], g["moves"]
    answers = []
    for i in range(len(moves) + 1):
        ms = moves[:i]
        try:
            legal = sorted(sf.legal_moves(v, fen, ms))
            a = {
                "moves": legal,
                "fen": sf.get_fen(v, fen, ms),
                "immediate": list(sf.is_immediate_game_end(v, fen, ms)),
                "optional": list(sf.is_optional_game_end(v, fen, ms)),
                "result": sf.game_result(v, fen, ms) if not legal else None,
            }
        except Exception as e:  # an illegal move for the engine
            answers.append({"error": f"{e} after {ms}"})
            break
        answers.append(a)
    out.append(answers)
json.dump(out, sys.stdout)
