#!/usr/bin/env python3
"""Generates the board programs of the loop state-pruning benchmark (bench/prune.sh).

In the style of the student programs of Gao and Lumetta (ASE 2018, section 4): count the cells
around a given location of a board (an array of arbitrary integers) that hold a given value.
Each program is one code shape at one board size (3x3 to 6x6). The shapes vary what the paper's
programs vary: the two code structures of its Figures 8 and 9 (row and column bounds checked
outside or inside the inner loop), loop order and condition order, `continue`/`break` instead of
nested ifs, one loop or two, clamped loop bounds; some have a check that can never fail (the
paper's "uncoverable path" cluster), some a planted bug (off-by-one bound, wrong cell, missing
lower bound, wrong offset), each of which makes an array access go out of bounds.

Usage: gen.py OUTDIR [--sample]   (--sample: the handful of programs the test suite runs)
"""
import os
import sys

HEAD = """extern int __VERIFIER_nondet_int(void);
#define N {n}

"""

MAIN = """
int main(void) {
    int board[N][N];
    int row = __VERIFIER_nondet_int();
    int col = __VERIFIER_nondet_int();
    int value = __VERIFIER_nondet_int();
    if (row < 0 || row >= N || col < 0 || col >= N)
        return 0;
    return count_around(board, row, col, value);
}
"""

SIG = "int count_around(int board[N][N], int row, int col, int value) {\n    int count = 0;\n"
END = "    return count;\n}\n"

# Each shape: (name, kind, body). kind: "ok", "uncoverable" or "bug:<what>".
SHAPES = [
    ("outside_rc", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r >= 0 && r < N) {
            for (int c = col - 1; c <= col + 1; c++) {
                if (c >= 0 && c < N) {
                    if (!(r == row && c == col)) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("outside_rc_upper_first", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r < N && r >= 0) {
            for (int c = col - 1; c <= col + 1; c++) {
                if (c < N && c >= 0) {
                    if (r != row || c != col) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("outside_cr", "ok", """    for (int c = col - 1; c <= col + 1; c++) {
        if (c >= 0 && c < N) {
            for (int r = row - 1; r <= row + 1; r++) {
                if (r >= 0 && r < N) {
                    if (!(r == row && c == col)) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("outside_continue", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r < 0 || r >= N)
            continue;
        for (int c = col - 1; c <= col + 1; c++) {
            if (c < 0 || c >= N)
                continue;
            if (r == row && c == col)
                continue;
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    ("outside_break", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r < 0)
            continue;
        if (r >= N)
            break;
        for (int c = col - 1; c <= col + 1; c++) {
            if (c < 0)
                continue;
            if (c >= N)
                break;
            if (r == row && c == col)
                continue;
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    ("inside_self_first", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        for (int c = col - 1; c <= col + 1; c++) {
            if (!(r == row && c == col)) {
                if (r >= 0 && r < N) {
                    if (c >= 0 && c < N) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("inside_bounds_first", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        for (int c = col - 1; c <= col + 1; c++) {
            if (r >= 0 && r < N && c >= 0 && c < N) {
                if (r != row || c != col) {
                    if (board[r][c] == value)
                        count++;
                }
            }
        }
    }
"""),
    ("inside_continue", "ok", """    for (int r = row - 1; r <= row + 1; r++) {
        for (int c = col - 1; c <= col + 1; c++) {
            if (r == row && c == col)
                continue;
            if (r < 0 || r >= N || c < 0 || c >= N)
                continue;
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    ("one_loop_offsets", "ok", """    for (int k = 0; k < 9; k++) {
        int r = row + k / 3 - 1;
        int c = col + k % 3 - 1;
        if (k == 4)
            continue;
        if (r >= 0 && r < N && c >= 0 && c < N) {
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    ("one_loop_directions", "ok", """    static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    static const int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int k = 0; k < 8; k++) {
        int r = row + dr[k];
        int c = col + dc[k];
        if (r < 0 || r >= N || c < 0 || c >= N)
            continue;
        if (board[r][c] == value)
            count++;
    }
"""),
    ("clamped", "ok", """    int r0 = row > 0 ? row - 1 : 0;
    int r1 = row < N - 1 ? row + 1 : N - 1;
    int c0 = col > 0 ? col - 1 : 0;
    int c1 = col < N - 1 ? col + 1 : N - 1;
    for (int r = r0; r <= r1; r++) {
        for (int c = c0; c <= c1; c++) {
            if (r == row && c == col)
                continue;
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    # Clamped bounds, and the cells checked again: the check's failing side cannot happen, so
    # the loop paths through it are uncoverable.
    ("clamped_checked", "uncoverable", """    int r0 = row > 0 ? row - 1 : 0;
    int r1 = row < N - 1 ? row + 1 : N - 1;
    int c0 = col > 0 ? col - 1 : 0;
    int c1 = col < N - 1 ? col + 1 : N - 1;
    for (int r = r0; r <= r1; r++) {
        for (int c = c0; c <= c1; c++) {
            if (r < 0 || r >= N || c < 0 || c >= N)
                continue;
            if (r == row && c == col)
                continue;
            if (board[r][c] == value)
                count++;
        }
    }
"""),
    # The self check after the bounds check, and once more inside: its second test never
    # fails.
    ("self_checked_twice", "uncoverable", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r >= 0 && r < N) {
            for (int c = col - 1; c <= col + 1; c++) {
                if (c >= 0 && c < N && (r != row || c != col)) {
                    if (r != row || c != col) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    # A guard on the count no board can trip (at most 8 neighbours): its `break` is
    # uncoverable, and nothing bounds `count` as the promotion check sees it (it grows without
    # a guard, so it may wrap), so the check cannot prove it.
    ("count_capped", "uncoverable", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r < 0 || r >= N)
            continue;
        for (int c = col - 1; c <= col + 1; c++) {
            if (c < 0 || c >= N || (r == row && c == col))
                continue;
            if (board[r][c] == value)
                count++;
            if (count > 8)
                break;
        }
    }
"""),
    ("bug_off_by_one", "bug:out_of_bounds", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r >= 0 && r <= N) {
            for (int c = col - 1; c <= col + 1; c++) {
                if (c >= 0 && c < N) {
                    if (!(r == row && c == col)) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("bug_wrong_cell", "bug:out_of_bounds", """    for (int r = row - 1; r <= row + 1; r++) {
        for (int c = col - 1; c <= col + 1; c++) {
            if (r == row && c == col)
                continue;
            if (r < 0 || r >= N || c < 0 || c >= N)
                continue;
            if (board[r][c + 1] == value)
                count++;
        }
    }
"""),
    ("bug_no_lower_bound", "bug:out_of_bounds", """    for (int r = row - 1; r <= row + 1; r++) {
        if (r < N) {
            for (int c = col - 1; c <= col + 1; c++) {
                if (c >= 0 && c < N) {
                    if (!(r == row && c == col)) {
                        if (board[r][c] == value)
                            count++;
                    }
                }
            }
        }
    }
"""),
    ("bug_wrong_offset", "bug:out_of_bounds", """    static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    static const int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int k = 0; k < 8; k++) {
        int r = row + dr[k];
        int c = col + dc[k];
        if (r < 0 || r >= N || c < 0 || c >= N)
            continue;
        if (board[r][col + dr[k]] == value)
            count++;
    }
"""),
]

SIZES = [3, 4, 5, 6]
SAMPLE = [("outside_rc", 3), ("inside_continue", 3), ("one_loop_directions", 4), ("bug_no_lower_bound", 3),
          ("bug_wrong_cell", 3)]


def program(name, kind, body, n):
    tag = f"// kappa-board: shape={name} size={n} kind={kind}\n"
    return tag + HEAD.format(n=n) + SIG + body + END + MAIN


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(1)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    shapes = {s[0]: s for s in SHAPES}
    todo = SAMPLE if "--sample" in sys.argv[2:] else [(s[0], n) for s in SHAPES for n in SIZES]
    for name, n in todo:
        _, kind, body = shapes[name]
        with open(os.path.join(out, f"{name}_{n}x{n}.c"), "w") as f:
            f.write(program(name, kind, body, n))
    print(f"{len(todo)} programs in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
