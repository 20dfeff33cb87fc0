#!/usr/bin/env python3
"""How well the chess evaluation agrees with Stockfish's, term by term (issue 34: the weights of
`TWO_SIDES`, `MOBILITY` and `KING_ATTACK_DIV` in core/src/search/eval.rs were fitted so).

    python3 tests/python/eval_fit.py positions OUT.txt [--positions 6000] [--seed 1]
    python3 tests/python/eval_fit.py fit OUT.txt [--rookery target/release/rookery]

`positions`: Stockfish limited to UCI_Elo 1500 plays itself (2,000 nodes a move) from 6 random
plies; a quarter of the positions, not in check, are valued by a full Stockfish at depth 9 and
kept when its best move is quiet and the value is no mate and within ±12 pawns (`FEN;cp` for
white). `fit`: our evaluation's terms for those positions (`rookery bench eval --file OUT.txt`,
the evaluation's own breakdown), then over the positions within ±6 pawns the correlation and
RMS error of our evaluation against Stockfish's, and the least-squares weights of our terms (a
weight of 1 is a term that already agrees; material per kind in Stockfish's centipawns). Needs
python-chess, numpy and the Debian `stockfish`. A measurement, not a test.
"""
import argparse
import random
import subprocess


def positions(a):
    import chess
    import chess.engine
    play = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    play.configure({"Threads": 1, "Hash": 16, "UCI_LimitStrength": True, "UCI_Elo": 1500})
    judge = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    judge.configure({"Threads": 1, "Hash": 32})
    rng = random.Random(a.seed)
    kept = 0
    with open(a.file, "w") as out:
        while kept < a.positions:
            b = chess.Board()
            for _ in range(6):
                b.push(rng.choice(list(b.legal_moves)))
            while not b.is_game_over() and b.ply() < 160 and kept < a.positions:
                b.push(play.play(b, chess.engine.Limit(nodes=2000)).move)
                if rng.random() >= 0.25 or b.is_check() or b.is_game_over():
                    continue
                info = judge.analyse(b, chess.engine.Limit(depth=9))
                pv = info.get("pv", [])
                if not pv or b.is_capture(pv[0]) or pv[0].promotion:
                    continue
                s = info["score"].white()
                if s.is_mate() or abs(s.score()) > 1200:
                    continue
                print(b.fen(), s.score(), sep=";", file=out, flush=True)
                kept += 1
    play.quit()
    judge.quit()


def fit(a):
    import numpy as np
    out = subprocess.run([a.rookery, "bench", "eval", "--file", a.file], check=True,
                         capture_output=True, text=True).stdout
    head, *rows = [line.strip().split(";") for line in out.splitlines() if line.strip()]
    names = head[2:]
    x = np.array([[float(v) for v in r[2:]] for r in rows])
    y = np.array([float(r[1]) for r in rows])
    keep = np.abs(y) <= 600
    x, y = x[keep], y[keep]
    print(f"{len(y)} positions; ours against Stockfish: correlation "
          f"{np.corrcoef(x[:, -1], y)[0, 1]:.3f}, RMS error {np.sqrt(np.mean((x[:, -1] - y) ** 2)):.1f}")
    cols = [i for i in range(1, len(names) - 1) if x[:, i].std() > 0]
    m = np.hstack([x[:, cols], np.ones((len(y), 1))])
    coef, *_ = np.linalg.lstsq(m, y, rcond=None)
    print("fitted: " + " ".join(f"{names[c]}={w:.2f}" for c, w in zip(cols, coef))
          + f" (RMS error {np.sqrt(np.mean((m @ coef - y) ** 2)):.1f})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["positions", "fit"])
    ap.add_argument("file")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--rookery", default="target/release/rookery")
    ap.add_argument("--positions", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    (positions if a.what == "positions" else fit)(a)


if __name__ == "__main__":
    main()
