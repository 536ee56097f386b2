//! Random heap-manipulating C programs, and a gcc-compiled tracing build of each that runs it on
//! concrete input heaps.
//!
//! A program is a function `int f(struct node *a, struct node *b)` over `struct node { int
//! val; struct node *next; }`: field reads and writes, null and alias checks, a walk along
//! `next` bounded by a constant, `reach_error()` under conditions. Every branch condition is
//! written `BR(k, c)`, every dereference `AT(p)->…`, every error `REACH()`: for kappa these are
//! `(c)`, `(p)` and `reach_error()`; the tracing build defines them to record the outcome of each
//! branch and to catch null dereferences, so that a run prints its *path* — the branch outcomes
//! and how it ended (`ret`, `null LINE`, `error LINE`). Two runs with the same path follow the
//! same path of the program's flowgraph (the other checks on the path — liveness, bounds — hold
//! for every input object).

#![allow(dead_code)]

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Nodes of the heaps the tracing build enumerates, and the values of their `val` fields.
pub const NODES: usize = 4;

pub struct Program {
    pub text: String,
    /// `a` is declared `nonnull`.
    pub nonnull: bool,
}

struct Gen {
    rng: StdRng,
    lines: Vec<String>,
    br: u32,
    loops: u32,
}

const PTRS: [&str; 4] = ["a", "b", "p", "q"];
const LOCALS: [&str; 2] = ["p", "q"];

impl Gen {
    fn ptr(&mut self) -> &'static str {
        PTRS[self.rng.random_range(0..PTRS.len())]
    }

    fn c(&mut self) -> i32 {
        self.rng.random_range(0..3)
    }

    fn br(&mut self) -> u32 {
        self.br += 1;
        self.br
    }

    /// A branch condition with at most one dereference (C does not order the operands of `==`,
    /// so two dereferences in one expression could fail in either order): a second value is
    /// read into `t` on a line of its own first.
    fn cond(&mut self, indent: usize) -> String {
        let (p, q) = (self.ptr(), self.ptr());
        let k = self.br();
        let c = match self.rng.random_range(0..8) {
            0 => format!("{p} == NULL"),
            1 => format!("{p} != NULL"),
            2 => format!("{p} == {q}"),
            3 => format!("AT({p})->val == {}", self.c()),
            4 => format!("AT({p})->val < {}", self.c()),
            5 => {
                self.line(indent, format!("t = AT({q})->val;"));
                format!("AT({p})->val == t")
            }
            6 => format!("AT({p})->next == NULL"),
            _ => format!("AT({p})->next == {q}"),
        };
        format!("BR({k}, {c})")
    }

    fn line(&mut self, indent: usize, s: String) {
        self.lines.push(format!("{}{s}", "    ".repeat(indent)));
    }

    fn stmt(&mut self, indent: usize, depth: usize) {
        let (p, q) = (self.ptr(), self.ptr());
        let l = LOCALS[self.rng.random_range(0..2)];
        match self.rng.random_range(0..13) {
            0 => {
                let c = self.c();
                self.line(indent, format!("AT({p})->val = {c};"))
            }
            1 => {
                self.line(indent, format!("t = AT({q})->val + 1;"));
                self.line(indent, format!("AT({p})->val = t;"));
            }
            2 => self.line(indent, format!("AT({p})->next = {q};")),
            3 => self.line(indent, format!("AT({p})->next = NULL;")),
            4 => self.line(indent, format!("{l} = AT({p})->next;")),
            5 => self.line(indent, format!("{l} = {p};")),
            6 => self.line(indent, format!("s += AT({p})->val;")),
            7 | 8 if depth < 2 => {
                let c = self.cond(indent);
                self.line(indent, format!("if ({c}) {{"));
                self.block(indent + 1, depth + 1, 2);
                if self.rng.random_bool(0.5) {
                    self.line(indent, "} else {".into());
                    self.block(indent + 1, depth + 1, 2);
                }
                self.line(indent, "}".into());
            }
            9 => {
                let c = self.cond(indent);
                self.line(indent, format!("if ({c})"));
                self.line(indent + 1, "REACH();".into());
            }
            10 if self.loops == 0 && depth == 0 => {
                // A walk along `next`, at most two steps.
                self.loops += 1;
                let (k1, k2) = (self.br(), self.br());
                self.line(indent, format!("{l} = {p};"));
                self.line(indent, "i = 0;".into());
                self.line(indent, format!("while (BR({k1}, {l} != NULL) && BR({k2}, i < 2)) {{"));
                self.line(indent + 1, format!("s += AT({l})->val;"));
                self.line(indent + 1, format!("{l} = AT({l})->next;"));
                self.line(indent + 1, "i++;".into());
                self.line(indent, "}".into());
            }
            _ => {
                let c = self.cond(indent);
                self.line(indent, format!("if ({c})"));
                self.line(indent + 1, "s += 1;".into());
            }
        }
    }

    fn block(&mut self, indent: usize, depth: usize, max: usize) {
        let n = self.rng.random_range(1..=max);
        for _ in 0..n {
            self.stmt(indent, depth);
        }
    }
}

/// The program of a seed.
pub fn program(seed: u64) -> Program {
    let mut g = Gen { rng: StdRng::seed_from_u64(seed), lines: Vec::new(), br: 0, loops: 0 };
    let nonnull = g.rng.random_bool(0.3);
    g.block(1, 0, 6);
    let mut text = String::from(
        "#include <stddef.h>\n#ifndef BR\n#define BR(k, c) (c)\n#define AT(p) (p)\n#define REACH() reach_error()\n\
         extern void reach_error(void);\n#endif\nstruct node {\n    int val;\n    struct node *next;\n};\n",
    );
    if nonnull {
        text.push_str("__attribute__((nonnull(1)))\n");
    }
    text.push_str("int f(struct node *a, struct node *b) {\n    struct node *p = a;\n    struct node *q = b;\n");
    text.push_str("    int s = 0;\n    int i = 0;\n    int t = 0;\n");
    for l in &g.lines {
        text.push_str(l);
        text.push('\n');
    }
    text.push_str("    return s + i + t;\n}\n");
    Program { text, nonnull }
}

const HARNESS: &str = r#"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static jmp_buf kenv;
static int kline;
static char ksig[8192];
static int klen;
static int kbr(int k, int c) {
    if (klen < 8000)
        klen += sprintf(ksig + klen, "%d%c", k, c ? 't' : 'f');
    return c;
}
static void *kchk(void *p, int line) {
    if (!p) {
        kline = line;
        longjmp(kenv, 1);
    }
    return p;
}
#define BR(k, c) kbr((k), (c))
#define AT(p) ((__typeof__(p)) kchk((p), __LINE__))
#define REACH() (kline = __LINE__, longjmp(kenv, 2))
#include "prog.c"

static int kret;
static void run(struct node *a, struct node *b, char *out) {
    volatile int r;
    klen = 0;
    ksig[0] = 0;
    r = setjmp(kenv);
    if (r == 0) {
        kret = f(a, b);
        sprintf(out, "%s|ret", ksig);
    } else if (r == 1) {
        sprintf(out, "%s|null %d", ksig, kline);
    } else {
        sprintf(out, "%s|error %d", ksig, kline);
    }
}

/* A set of strings (open addressing). */
#define SLOTS (1 << 16)
static char *set[SLOTS];
static unsigned long hash(const char *s) {
    unsigned long h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}
static void add(const char *s) {
    unsigned long i = hash(s) & (SLOTS - 1);
    while (set[i]) {
        if (!strcmp(set[i], s))
            return;
        i = (i + 1) & (SLOTS - 1);
    }
    set[i] = strdup(s);
}

#define N NODES
static struct node nodes[32];

int main(int argc, char **argv) {
    static char out[9000];
    if (argc > 1 && !strcmp(argv[1], "enum")) {
        /* Every heap of N nodes: values 0..2, next null or a node, a and b null or a node. */
        long total = 1, c;
        int k;
        for (k = 0; k < N; k++)
            total *= 3 * (N + 1);
        for (c = 0; c < total; c++) {
            int ai, bi;
            for (ai = NONNULL; ai <= N; ai++)
                for (bi = 0; bi <= N; bi++) {
                    long x = c;
                    for (k = 0; k < N; k++) {
                        int nx;
                        nodes[k].val = (int)(x % 3);
                        x /= 3;
                        nx = (int)(x % (N + 1));
                        x /= N + 1;
                        nodes[k].next = nx ? &nodes[nx - 1] : NULL;
                    }
                    run(ai ? &nodes[ai - 1] : NULL, bi ? &nodes[bi - 1] : NULL, out);
                    add(out);
                }
        }
        for (k = 0; k < SLOTS; k++)
            if (set[k])
                printf("%s\n", set[k]);
        return 0;
    }
    /* Replay: n, then n lines "val next", then "a b" (ids, 0 null); repeated. */
    {
        int n, k;
        while (scanf("%d", &n) == 1) {
            int a, b;
            for (k = 0; k < n; k++) {
                int nx;
                if (scanf("%d %d", &nodes[k].val, &nx) != 2)
                    return 2;
                nodes[k].next = nx ? &nodes[nx - 1] : NULL;
            }
            if (scanf("%d %d", &a, &b) != 2)
                return 2;
            run(a ? &nodes[a - 1] : NULL, b ? &nodes[b - 1] : NULL, out);
            printf("%s %d\n", out, kret);
        }
    }
    return 0;
}
"#;

/// The tracing build of a program, compiled with gcc in `dir`.
/// A concrete heap: nodes as (val, id of next), then the ids of `a` and `b` (0: null).
pub type Heap = (Vec<(i32, u32)>, u32, u32);

pub struct Tracer {
    exe: PathBuf,
}

impl Tracer {
    pub fn build(p: &Program, dir: &Path) -> Tracer {
        std::fs::write(dir.join("prog.c"), &p.text).expect("write prog.c");
        let harness =
            HARNESS.replace("NONNULL", if p.nonnull { "1" } else { "0" }).replace("NODES", &NODES.to_string());
        std::fs::write(dir.join("harness.c"), harness).expect("write harness.c");
        let exe = dir.join("harness");
        let out = Command::new("cc")
            .args(["-std=gnu11", "-O1", "-w", "-o"])
            .arg(&exe)
            .arg(dir.join("harness.c"))
            .output()
            .expect("run cc");
        assert!(out.status.success(), "{}\n{}", p.text, String::from_utf8_lossy(&out.stderr));
        Tracer { exe }
    }

    /// The paths of every heap of at most `NODES` nodes.
    pub fn enumerate(&self) -> BTreeSet<String> {
        let out = Command::new(&self.exe).arg("enum").output().expect("run harness");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
    }

    /// The paths of the given heaps (`(nodes as (val, next id), a id, b id)`), each with the
    /// value `f` returned (meaningful when the path ends in `ret`).
    pub fn run(&self, heaps: &[Heap]) -> Vec<(String, i32)> {
        use std::io::Write;
        let mut input = String::new();
        for (nodes, a, b) in heaps {
            input.push_str(&format!("{}\n", nodes.len()));
            for (v, n) in nodes {
                input.push_str(&format!("{v} {n}\n"));
            }
            input.push_str(&format!("{a} {b}\n"));
        }
        let mut child = Command::new(&self.exe)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("run harness");
        child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
        let out = child.wait_with_output().expect("harness output");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let (path, v) = l.rsplit_once(' ').unwrap_or((l, "0"));
                (path.to_string(), v.parse().unwrap_or(0))
            })
            .collect()
    }
}
