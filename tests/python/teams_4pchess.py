#!/usr/bin/env python3
"""Four-player teams: our level 8 as one team against 4pchess as the other (issue 34).

    nice python3 tests/python/teams_4pchess.py --games 20 --ms 250 \
        [--rookery target/release/rookery] [--anchor ../shared/oracle/4pchess/build/anchor4p] \
        [--opening-plies 2] [--seed 1] [--log DIR] [--our-ms N]

4pchess (obryanlouis, MIT; ../shared/oracle/4pchess, `sh build.sh` there) plays teams only,
from chess.com's current layout (Blue Ka7, Green Kn8), which both programs read as FEN4. Both
engines are deterministic, so every pair of games starts from its own opening: `--opening-plies`
seeded random legal moves per seat (a round of four seats each), and the pair plays it twice,
our team Red+Yellow in the first game and Blue+Green in the second, so neither team keeps an
opening's luck. Both sides get `--ms` ms a move of wall-clock time, each as one process kept
for the whole match (ours `rookery think --serve --movetime`, 4pchess `anchor4p --serve --ms`),
so no process start is on either clock. Beside the score, the wall-clock and the CPU time
(/proc/<pid>/stat, 10 ms ticks) each side took per move are reported, so unequal time shows:
on a loaded machine both lose CPU alike, but not exactly alike. `--our-ms` gives our side
other time than 4pchess's `--ms` (time odds: how much more time, so how much more depth, our
level 8 needs to hold its own). Remaining biases: 4pchess allocates its table for every move
before its clock starts (its wall time shows this; ours allocates within its time), and its own
clock stops a search only between nodes, as ours.

Nothing is trusted unchecked: before every ply the legal moves of the side to move are listed
by both programs (`rookery think --legal`, `anchor4p --legal`) and must be the same set; the
move played must be among them; at the end both must agree the game is over and who won. A
game where they disagree is reported as `DISPUTED` with the moves so far and not scored.
Taking a king is legal even for a player in check (it ends the game; docs/rules-decisions.md):
4pchess's engine plays such captures, but the driver's `--legal` lists them only with
`anchor4p-king-capture.diff` (beside this script) applied to `driver/anchor4p.cc`.
Games longer than `--max-plies` are scored as draws. A draw by our rules where 4pchess plays on
(threefold repetition or the fifty-move rule, which 4pchess does not apply: our legal list is then empty) is scored as
the draw our rules make it, not disputed. `--log DIR` writes each game's moves.
The score comes with its 95% interval (1.96 standard errors of the pairs' means: a pair's two
games share an opening, so the pair is the independent sample). A measurement, not a test.
"""
import argparse
import math
import os
import random
import re
import subprocess
import sys
import time

GAME = "four-player-teams"
# chess.com's current layout (rules/four.rs CHESS_COM_START_FEN4; 4pchess's own start)
START = ("R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-"
         "3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/"
         "bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/"
         "bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/"
         "3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3")
SEATS = "RBYG"
MOVE = re.compile(r"^[KQRBND]?([a-n]\d+)[-x]?[KQRBND]?([a-n]\d+)(?:=?([QRBNDqrbnd]))?[+#]*$")


def norm(text):
    """A move as from+to+promotion, whatever the writer's decorations."""
    m = MOVE.match(text)
    if not m:
        raise ValueError(f"unreadable move {text!r}")
    promo = (m.group(3) or "").lower().replace("d", "q")
    return m.group(1) + m.group(2) + promo


def cpu_secs(pid):
    """User and system CPU seconds a process has used so far (Linux /proc; None elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class Ours:
    """Our bot as one process for the whole match (`rookery think --serve`)."""

    def __init__(self, binary, ms=None, nodes=None):
        limit = ["--nodes", str(nodes)] if nodes else ["--movetime", str(ms)]
        self.proc = subprocess.Popen(
            [binary, "think", "--game", GAME, "--fen", START, "--legal", "--serve", *limit],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def run(self, moves, search):
        t0, c0 = time.monotonic(), cpu_secs(self.proc.pid)
        self.proc.stdin.write(("go " if search else "legal ") + " ".join(moves) + "\n")
        self.proc.stdin.flush()
        r = {"legal": [], "over": None, "best": None, "info": ""}
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("rookery stopped")
            w = line.split()
            if w == ["ok"]:
                break
            if w[0] == "error":
                raise RuntimeError(f"rookery: {line.strip()}")
            elif w[0] == "legal":
                r["legal"] = w[1:]
            elif w[0] == "over":
                r["over"] = w[1]
            elif w[0] == "bestmove":
                r["best"] = w[1]
            elif w[0] == "info":
                r["info"] = line.strip()
        r["secs"] = time.monotonic() - t0
        c1 = cpu_secs(self.proc.pid)
        r["cpu"] = c1 - c0 if c0 is not None and c1 is not None else None
        return r

    def quit(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


class Anchor:
    def __init__(self, binary, ms, info):
        self.binary = binary
        self.proc = subprocess.Popen([binary, "--serve", "--ms", str(ms)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=info, text=True)

    def best(self, moves):
        t0, c0 = time.monotonic(), cpu_secs(self.proc.pid)
        self.proc.stdin.write(" ".join([START] + moves) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().split()
        if not line or line[0] != "bestmove":
            raise RuntimeError(f"4pchess: {' '.join(line)}")
        self.secs = time.monotonic() - t0
        c1 = cpu_secs(self.proc.pid)
        self.cpu = c1 - c0 if c0 is not None and c1 is not None else None
        return line[1:]

    def legal(self, moves):
        cmd = [self.binary, "--legal", START] + (["--moves"] + moves if moves else [])
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.split("\n")
        if out[0].startswith("error"):
            raise RuntimeError(f"4pchess: {out[0]}")
        tail = [line for line in out if line.startswith("count ")][0].split()
        return [line for line in out if line and not line.startswith("count ")], tail[3]

    def quit(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def play(g, ours, anchor, max_plies, log, opening, clock):
    """One game from the moves `opening`; returns (our points or None if disputed, text)."""
    our_team = "RY" if g % 2 == 0 else "BG"
    moves = []
    while True:
        seat = SEATS[len(moves) % 4]
        mine = seat in our_team
        o = ours.run(moves, search=mine and len(moves) >= len(opening))
        a_legal, a_result = anchor.legal(moves)
        if o["over"] == "draw" and a_result == "IN_PROGRESS":
            return 0.5, f"draw by our rules (repetition or fifty moves) after {len(moves)} plies; 4pchess plays on"
        if set(map(norm, o["legal"])) != set(map(norm, a_legal)):
            only_o = set(map(norm, o["legal"])) - set(map(norm, a_legal))
            only_a = set(map(norm, a_legal)) - set(map(norm, o["legal"]))
            return None, (f"DISPUTED at ply {len(moves)} ({seat} to move): legal moves differ, "
                          f"only ours {sorted(only_o)}, only 4pchess {sorted(only_a)}; "
                          f"moves {' '.join(moves)}")
        if o["over"] or a_result != "IN_PROGRESS":
            agree = {"0,2": "RY_WON", "2,0": "RY_WON", "1,3": "BG_WON", "3,1": "BG_WON",
                     "draw": "STALEMATE"}.get(o["over"] or "", "IN_PROGRESS")
            if agree != a_result:
                return None, (f"DISPUTED at ply {len(moves)}: rookery says {o['over']}, 4pchess "
                              f"{a_result}; moves {' '.join(moves)}")
            if o["over"] == "draw":
                return 0.5, f"draw after {len(moves)} plies"
            we_won = (a_result == "RY_WON") == (our_team == "RY")
            return (1.0 if we_won else 0.0), f"{a_result} after {len(moves)} plies"
        if len(moves) >= max_plies:
            return 0.5, f"adjudicated a draw at {max_plies} plies"
        if len(moves) < len(opening):
            mv = opening[len(moves)]
            log.write(f"{len(moves)} {seat} opening {mv}\n")
        elif mine:
            mv = o["best"]
            if not mv or mv == "none":
                return None, f"DISPUTED at ply {len(moves)}: rookery found no move"
            clock["ours"].append(o["secs"])
            clock["ours cpu"].append(o["cpu"])
            log.write(f"{len(moves)} {seat} rookery {mv} {o['info']}\n")
        else:
            mv = anchor.best(moves)[0]
            if mv == "none":
                return None, f"DISPUTED at ply {len(moves)}: 4pchess found no move"
            clock["theirs"].append(anchor.secs)
            clock["theirs cpu"].append(anchor.cpu)
            log.write(f"{len(moves)} {seat} 4pchess {mv}\n")
        if norm(mv) not in set(map(norm, o["legal"])):
            who = "rookery" if mine else "4pchess"
            return None, (f"DISPUTED at ply {len(moves)}: {who} played {mv}, not legal; "
                          f"moves {' '.join(moves)}")
        # both read from-to text (castling is the king's move)
        moves.append(norm(mv))


def opening_moves(ours, plies, rng):
    """`plies` random legal moves (ours lists them; the game checks the other side agrees)."""
    moves = []
    for _ in range(plies):
        legal = ours.run(moves, search=False)["legal"]
        if not legal:
            break
        moves.append(norm(rng.choice(sorted(legal))))
    return moves


def pair_error(pairs):
    """" ± E% (95%, N pairs)": 1.96 standard errors of the pairs' mean scores (a pair's two
    games share an opening, so the pair is the independent sample); "" under two pairs."""
    if len(pairs) < 2:
        return ""
    mean = sum(pairs) / len(pairs)
    sd = math.sqrt(sum((p - mean) ** 2 for p in pairs) / (len(pairs) - 1))
    return f" ± {100 * 1.96 * sd / math.sqrt(len(pairs)):.0f}% (95%, {len(pairs)} pairs)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rookery", default="target/release/rookery")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--anchor", default=os.path.join(
        here, "../../../shared/oracle/4pchess/build/anchor4p"))
    ap.add_argument("--games", type=int, default=20, help="rounded up to pairs")
    ap.add_argument("--ms", type=int, default=250)
    ap.add_argument("--our-ms", type=int, default=None,
                    help="our side's ms a move where it differs from --ms (time odds)")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--opening-plies", type=int, default=2,
                    help="random moves per seat before the engines play (0: the start)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", default=None, help="directory for each game's moves")
    a = ap.parse_args()
    ours = Ours(a.rookery, a.our_ms or a.ms)
    if a.log:
        os.makedirs(a.log, exist_ok=True)
    # 4pchess's search lines (depth, nodes) go to the log directory
    info = open(os.path.join(a.log, "4pchess.txt"), "w") if a.log else subprocess.DEVNULL
    anchor = Anchor(a.anchor, a.ms, info)
    rng = random.Random(a.seed)
    score, counted, disputed = 0.0, 0, 0
    pairs = []
    clock = {"ours": [], "theirs": [], "ours cpu": [], "theirs cpu": []}
    opening = []
    for g in range(a.games + a.games % 2):
        if g % 2 == 0:
            opening = opening_moves(ours, 4 * a.opening_plies, rng)
            pair = []
        if a.log:
            os.makedirs(a.log, exist_ok=True)
            log = open(os.path.join(a.log, f"game{g + 1}.txt"), "w")
        else:
            log = open(os.devnull, "w")
        pts, text = play(g, ours, anchor, a.max_plies, log, opening, clock)
        log.write(text + "\n")
        log.close()
        team = "Red+Yellow" if g % 2 == 0 else "Blue+Green"
        if pts is None:
            disputed += 1
        else:
            score += pts
            counted += 1
            pair.append(pts)
        if g % 2 == 1 and pair:
            pairs.append(sum(pair) / len(pair))
        print(f"game {g + 1}: opening {' '.join(opening) or '-'}; rookery {team}: {text} "
              f"-> {score}/{counted}", flush=True)
    anchor.quit()
    ours.quit()
    err = pair_error(pairs)
    ms = {k: 1000 * sum(v) / len(v) if v and None not in v else float("nan")
          for k, v in clock.items()}
    odds = f" (rookery {a.our_ms} ms)" if a.our_ms and a.our_ms != a.ms else ""
    print(f"rookery level 8 vs 4pchess, {a.ms} ms a move{odds}: {score}/{counted}"
          + (f" = {100 * score / counted:.0f}%{err}" if counted else "")
          + (f", {disputed} disputed" if disputed else "")
          + f"; ms a move, wall (CPU): rookery {ms['ours']:.0f} ({ms['ours cpu']:.0f}), "
          f"4pchess {ms['theirs']:.0f} ({ms['theirs cpu']:.0f}); load average "
          f"{os.getloadavg()[0]:.1f} at the end")
    sys.exit(1 if disputed else 0)


if __name__ == "__main__":
    main()
