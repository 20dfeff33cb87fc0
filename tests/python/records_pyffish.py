"""PGN records of the games python-chess does not know, replayed through Fairy-Stockfish
(pyffish), for tests/records.rs.

Reads JSON on stdin: {"pgn": [text...]}; answers per record {"variant", "plies", "error"}:
every SAN word must be the SAN pyffish writes for exactly one legal move of the position
(`get_san`), else "error" names the word and its ply.
"""
import json
import re
import sys

import pyffish as sf


def tags_and_words(text):
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
    body = re.sub(r'^\[.*\]$', "", text, flags=re.M)
    body = re.sub(r"\{[^}]*\}", " ", body)
    words = [w for w in body.split()
             if not re.fullmatch(r"\d+\.(\.\.)?", w) and w not in ("1-0", "0-1", "1/2-1/2", "*")]
    return tags, words


def replay(text):
    tags, words = tags_and_words(text)
    variant = tags.get("Variant", "chess")
    if variant not in sf.variants():
        return {"variant": variant, "plies": 0, "error": "pyffish has no variant " + variant}
    start = tags.get("FEN") or sf.start_fen(variant)
    moves = []
    for ply, word in enumerate(words, 1):
        fen = sf.get_fen(variant, start, moves)
        legal = sf.legal_moves(variant, start, moves)
        # SAN names every square a move goes to (castling aside): only moves whose squares
        # after the first are in the word can have its SAN
        near = [m for m in legal
                if word.startswith("O-O") or all(sq in word for sq in re.findall(r"[a-z]\d+", m)[1:])]
        fits = [m for m in near if sf.get_san(variant, fen, m) == word]
        if len(fits) != 1:
            sans = sorted(sf.get_san(variant, fen, m) for m in legal)
            return {"variant": variant, "plies": len(moves),
                    "error": "ply %d (%s): %d legal moves have this SAN; pyffish writes %s"
                             % (ply, word, len(fits), sans[:40])}
        moves.append(fits[0])
    return {"variant": variant, "plies": len(moves), "error": None}


def main():
    req = json.load(sys.stdin)
    json.dump({"pgn": [replay(t) for t in req["pgn"]]}, sys.stdout)


if __name__ == "__main__":
    main()
