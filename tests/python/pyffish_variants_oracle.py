"""The chess variants' oracle for tests/variants_oracle.rs: Fairy-Stockfish through pyffish (PyPI).

Reads a JSON list of {"variant", "fen", "move"} (move may be null) on stdin and writes, for each,
{"legal": sorted legal moves from the FEN, "result": None while the game goes on, else the
game's value for the side to move (+32000 win, -32000 loss, 0 draw: `is_immediate_game_end`, or
`game_result` when there is no legal move), "after": the FEN after the move, and for `fogofwar`
"fog": the engine's view of the side to move (`get_fog_fen`, `*` = hidden)}. `fogofwar` comes
from tests/data/fsf_variants.ini (the oracle's own definition).
"""
import json
import os
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "..", "data", "fsf_variants.ini")) as f:
    sf.load_variant_config(f.read())

out = []
for p in json.load(sys.stdin):
    v, fen, move = p["variant"], p["fen"], p.get("move")
    legal = sorted(sf.legal_moves(v, fen, []))
    end, value = sf.is_immediate_game_end(v, fen, [])
    result = None
    if end:
        result = value
    elif not legal:
        result = sf.game_result(v, fen, [])
    after = sf.get_fen(v, fen, [move]) if move else None
    fog = sf.get_fog_fen(fen, v) if v == "fogofwar" else None
    out.append({"legal": legal, "result": result, "after": after, "fog": fog})
json.dump(out, sys.stdout)
