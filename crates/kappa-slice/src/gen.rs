//! Random branchy programs for checking slices: inputs read in branches and loops, flags and
//! status variables set in one place and tested in another (the pattern of the paper's device
//! drivers), `switch`es over request codes, loops with small constant bounds, helper
//! functions, `__VERIFIER_assume`, `reach_error()` under conditions, and global target
//! variables.
//!
//! With [`GenConfig::memory`] the flags live in a struct reached through a pointer (`dev`, which
//! the program points at one of two device extensions), next to an array indexed by values, an
//! array of `main`, a pointer to locals and struct assignments: the memory the slicer turns
//! into cells.
//!
//! With [`GenConfig::calls`] statements also call, for their effects, the helpers of a driver's
//! periphery: a logging routine that writes a ring of log entries and a counter, a statistics
//! routine with a loop, one that writes a struct of counters through a pointer (with memory),
//! one that may set a flag and one that may call `reach_error()` (its result dropped). A few
//! statements read the log counter into a target or test it before `reach_error()`, so that
//! some of these calls matter to the criterion and most do not: the callee summaries of the
//! slicer (`summary.rs`) drop the others.
//!
//! Inputs are read one per line (`x = __VERIFIER_nondet_int();`), so that a harness can match
//! the inputs of the original and of its slice by line ([`crate::check`]). The programs have no
//! undefined behaviour but signed wrap-around (compile with `-fwrapv`, kappa's semantics).

use std::fmt::Write;

#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Statements at the top level of `main`.
    pub stmts: usize,
    /// Nesting of blocks.
    pub max_depth: usize,
    /// Doublings of the number of paths a program may spend.
    pub branch_budget: u32,
    /// Percent chance of a `reach_error()` under a condition at a statement.
    pub error_percent: u32,
    pub loops: bool,
    pub helpers: bool,
    pub assumes: bool,
    /// Structs, arrays and pointers (see the module's comment).
    pub memory: bool,
    /// Calls of helpers for their effects (see the module's comment).
    pub calls: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            stmts: 10,
            max_depth: 3,
            branch_budget: 9,
            error_percent: 6,
            loops: true,
            helpers: true,
            assumes: true,
            memory: false,
            calls: false,
        }
    }
}

/// A generated program and its target variables (globals of type `int`).
#[derive(Clone, Debug)]
pub struct Generated {
    pub source: String,
    pub targets: Vec<String>,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pct(&mut self, p: u32) -> bool {
        self.below(100) < u64::from(p)
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

const LOCALS: &[&str] = &["a", "b", "c", "d", "x", "y"];
const FLAGS: &[&str] = &["flag", "status", "mode", "pending"];
const TARGETS: &[&str] = &["t0", "t1"];

struct Gen<'c> {
    rng: Rng,
    cfg: &'c GenConfig,
    out: String,
    budget: u32,
    /// Loop counters in use (each loop has its own, never assigned in its body).
    loop_depth: usize,
    /// Multiplicity of the current position (iterations of the enclosing loops).
    mult: u32,
    helpers: usize,
}

impl Gen<'_> {
    fn ind(&mut self, depth: usize) {
        for _ in 0..depth + 1 {
            self.out.push_str("    ");
        }
    }

    fn var(&mut self) -> &'static str {
        if self.rng.pct(30) {
            self.rng.pick(FLAGS)
        } else {
            self.rng.pick(LOCALS)
        }
    }

    fn small(&mut self) -> i64 {
        self.rng.below(9) as i64 - 3
    }

    fn atom(&mut self) -> String {
        if self.cfg.memory && self.rng.pct(15) {
            let i = self.rng.pick(LOCALS);
            return match self.rng.below(3) {
                0 => format!("dbuf[{i} & 3]"),
                1 => format!("arr[{i} & 3]"),
                _ => "*ptr".to_string(),
            };
        }
        if self.rng.pct(30) {
            self.small().to_string()
        } else {
            self.var().to_string()
        }
    }

    fn expr(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.pct(35) {
            return self.atom();
        }
        match self.rng.below(9) {
            0 => format!("{} + {}", self.atom(), self.atom()),
            1 => format!("{} - {}", self.atom(), self.atom()),
            2 => format!("{} * {}", self.atom(), self.rng.below(4) + 1),
            3 => format!("({} & {})", self.atom(), self.rng.below(8)),
            4 => format!("({} ^ {})", self.atom(), self.atom()),
            5 => format!("({} % {})", self.atom(), self.rng.below(5) + 2),
            6 => {
                let c = self.cond(1);
                format!("({c} ? {} : {})", self.expr(depth - 1), self.expr(depth - 1))
            }
            7 => format!("({} > {})", self.atom(), self.atom()),
            _ => format!("({} + {})", self.expr(depth - 1), self.atom()),
        }
    }

    fn cond(&mut self, depth: u32) -> String {
        match self.rng.below(if depth > 0 { 9 } else { 7 }) {
            0 => format!("{} > {}", self.var(), self.small()),
            1 => format!("{} == {}", self.var(), self.small()),
            2 => format!("{} != {}", self.var(), self.atom()),
            3 => self.rng.pick(FLAGS).to_string(),
            4 => format!("!{}", self.rng.pick(FLAGS)),
            5 => format!("{} < {}", self.var(), self.var()),
            6 => format!("{} <= {}", self.rng.pick(&["status", "mode"]), self.small()),
            7 => format!("{} && {}", self.cond(depth - 1), self.cond(depth - 1)),
            _ => format!("({} || {})", self.cond(depth - 1), self.cond(depth - 1)),
        }
    }

    fn spend(&mut self) -> bool {
        let cost = self.mult;
        if self.budget >= cost {
            self.budget -= cost;
            true
        } else {
            false
        }
    }

    fn block(&mut self, depth: usize, n: usize) {
        for _ in 0..n {
            self.stmt(depth);
        }
    }

    fn stmt(&mut self, depth: usize) {
        let nested = depth < self.cfg.max_depth;
        if self.cfg.calls && self.rng.pct(18) {
            self.ind(depth);
            let v = self.var();
            let e = self.expr(1);
            let k = self.small();
            let line = match self.rng.below(10) {
                0 | 1 => format!("log_event({e});"),
                2 => format!("stat_loop({v});"),
                3 => format!("touch({v});"),
                4 => format!("check_status({v});"),
                5 if self.cfg.memory => format!("count_dev(sp, {e});"),
                6 if self.cfg.memory => format!("sp = ({v} > {k}) ? &st0 : &st1;"),
                5 | 6 => format!("log_event({v} + {k});"),
                7 => "t0 = t0 + nlog;".to_string(),
                8 if self.spend() => format!("if (nlog > {}) reach_error();", 1 + k.abs()),
                _ => format!("nstat = nstat + {v};"),
            };
            self.out.push_str(&line);
            self.out.push('\n');
            return;
        }
        let k = self.rng.below(100);
        self.ind(depth);
        if k < 14 {
            let v = self.var();
            let _ = writeln!(self.out, "{v} = __VERIFIER_nondet_int();");
        } else if k < 30 {
            let v = self.var();
            let e = self.expr(2);
            let _ = writeln!(self.out, "{v} = {e};");
        } else if k < 38 {
            let t = self.rng.pick(TARGETS);
            let e = self.expr(2);
            let op = self.rng.pick(&["=", "+=", "="]);
            let _ = writeln!(self.out, "{t} {op} {e};");
        } else if k < 44 {
            let f = self.rng.pick(FLAGS);
            let v = self.small();
            let _ = writeln!(self.out, "{f} = {v};");
        } else if k < 66 && nested && self.spend() {
            let c = self.cond(1);
            let _ = writeln!(self.out, "if ({c}) {{");
            let n = 1 + self.rng.below(3) as usize;
            self.block(depth + 1, n);
            self.ind(depth);
            if self.rng.pct(55) {
                self.out.push_str("} else {\n");
                let n = 1 + self.rng.below(3) as usize;
                self.block(depth + 1, n);
                self.ind(depth);
            }
            self.out.push_str("}\n");
        } else if k < 72 && nested && self.spend() && self.spend() {
            let v = self.rng.pick(&["mode", "status", "x", "c"]);
            let _ = writeln!(self.out, "switch ({v}) {{");
            let cases = 2 + self.rng.below(2);
            for i in 0..cases {
                self.ind(depth);
                let _ = writeln!(self.out, "case {i}:");
                let n = 1 + self.rng.below(2) as usize;
                self.block(depth + 1, n);
                self.ind(depth + 1);
                self.out.push_str("break;\n");
            }
            self.ind(depth);
            self.out.push_str("default:\n");
            self.block(depth + 1, 1);
            self.ind(depth + 1);
            self.out.push_str("break;\n");
            self.ind(depth);
            self.out.push_str("}\n");
        } else if k < 79 && nested && self.cfg.loops && self.loop_depth < 2 && self.mult <= 2 {
            let bound = 1 + self.rng.below(3) as u32;
            let i = ["i", "j"][self.loop_depth];
            let _ = writeln!(self.out, "for ({i} = 0; {i} < {bound}; {i}++) {{");
            let (m, ld) = (self.mult, self.loop_depth);
            self.mult *= bound + 1;
            self.loop_depth += 1;
            let n = 1 + self.rng.below(3) as usize;
            self.block(depth + 1, n);
            self.mult = m;
            self.loop_depth = ld;
            self.ind(depth);
            self.out.push_str("}\n");
        } else if k < 85 && self.cfg.helpers && self.helpers > 0 {
            let h = self.rng.below(self.helpers as u64);
            let v = self.var();
            let (p, q) = (self.atom(), self.atom());
            let _ = writeln!(self.out, "{v} = helper{h}({p}, {q});");
        } else if k < 85 + self.cfg.error_percent as u64 && self.spend() {
            let c = self.cond(1);
            let _ = writeln!(self.out, "if ({c}) reach_error();");
        } else if k < 94 && self.cfg.memory && self.rng.pct(60) {
            let e = self.expr(1);
            let i = self.rng.pick(LOCALS);
            match self.rng.below(6) {
                0 => {
                    let _ = writeln!(self.out, "dbuf[{i} & 3] = {e};");
                }
                1 => {
                    let _ = writeln!(self.out, "arr[{i} & 3] = {e};");
                }
                2 => {
                    let _ = writeln!(self.out, "*ptr = {e};");
                }
                3 => {
                    let c = self.cond(0);
                    let _ = writeln!(self.out, "dev = ({c}) ? &ext0 : &ext1;");
                }
                4 => {
                    let w = self.rng.pick(&["a", "b", "x"]);
                    let _ = writeln!(self.out, "ptr = &{w};");
                }
                _ => {
                    let (d, s) = if self.rng.pct(50) { ("ext0", "ext1") } else { ("ext1", "ext0") };
                    let _ = writeln!(self.out, "{d} = {s};");
                }
            }
        } else if k < 94 && self.cfg.assumes && self.rng.pct(40) {
            let v = self.var();
            let k = self.small();
            let _ = writeln!(self.out, "__VERIFIER_assume({v} != {k});");
        } else {
            let v = self.var();
            let w = self.var();
            let k = self.small();
            let _ = writeln!(self.out, "{v} = {w} + {k};");
        }
    }

    fn helper(&mut self, h: usize) {
        let _ = writeln!(self.out, "int helper{h}(int p, int q)\n{{\n    int r = p;");
        let saved = std::mem::take(&mut self.out);
        let (m, b) = (self.mult, self.budget);
        self.budget = 2;
        self.mult = 1;
        for _ in 0..2 + self.rng.below(3) {
            let k = self.rng.below(6);
            let line = match k {
                0 => format!("    if (p > {}) {{\n        r = q - p;\n        flag = 1;\n    }}\n", self.small()),
                1 => format!("    if (q == {}) {{\n        status = -1;\n        return r;\n    }}\n", self.small()),
                2 => format!("    r = r + q * {};\n", self.rng.below(3)),
                3 => format!("    mode = (q & {});\n", self.rng.below(4)),
                4 => format!(
                    "    if (pending) {{\n        r = r ^ {};\n    }} else {{\n        pending = 1;\n    }}\n",
                    self.small()
                ),
                _ => "    t1 = t1 + r;\n".to_string(),
            };
            self.out.push_str(&line);
        }
        self.mult = m;
        self.budget = b;
        let body = std::mem::replace(&mut self.out, saved);
        self.out.push_str(&body);
        self.out.push_str("    return r;\n}\n\n");
    }
}

/// A program for the seed.
pub fn generate(seed: u64, cfg: &GenConfig) -> Generated {
    let mut g = Gen {
        rng: Rng(seed ^ 0x05ee_d0f5_c1ce),
        cfg,
        out: String::new(),
        budget: cfg.branch_budget,
        loop_depth: 0,
        mult: 1,
        helpers: 0,
    };
    let _ = writeln!(g.out, "// kappa-slice generated program, seed {seed}");
    g.out.push_str("extern int (__VERIFIER_nondet_int)(void);\nextern void (reach_error)(void);\nextern void (__VERIFIER_assume)(int);\n\n");
    if cfg.memory {
        // The flags are fields of the device extension `dev` points to.
        g.out.push_str("int t0, t1;\nstruct ext { int flag, status, mode, pending; int dbuf[4]; };\n");
        g.out.push_str("struct ext ext0, ext1;\nstruct ext *dev = &ext0;\n");
        for f in ["flag", "status", "mode", "pending", "dbuf"] {
            let _ = writeln!(g.out, "#define {f} (dev->{f})");
        }
        g.out.push('\n');
    } else {
        g.out.push_str("int t0, t1;\nint flag, status, mode, pending;\n\n");
    }
    if cfg.calls {
        let k = g.small();
        g.out.push_str("int nlog, logbuf[8], nstat;\n\n");
        let _ = writeln!(
            g.out,
            "void log_event(int v)\n{{\n    if (v > {k}) {{\n        logbuf[nlog & 7] = v;\n        nlog++;\n    }} else {{\n        nstat = nstat + v;\n    }}\n}}\n"
        );
        g.out.push_str("void stat_loop(int n)\n{\n    int k;\n    for (k = 0; k < (n & 3); k++) {\n        nstat = nstat + k;\n        log_event(k);\n    }\n}\n\n");
        let k = g.small();
        let _ = writeln!(g.out, "void touch(int v)\n{{\n    if (v == {k}) {{\n        pending = 1;\n    }}\n}}\n");
        let k = g.small();
        let _ = writeln!(
            g.out,
            "int check_status(int v)\n{{\n    if (status == {k} && v > 0) {{\n        reach_error();\n    }}\n    return v + 1;\n}}\n"
        );
        if cfg.memory {
            g.out.push_str(
                "struct stats { int n; int hist[4]; };\nstruct stats st0, st1;\nstruct stats *sp = &st0;\n\n",
            );
            g.out.push_str("void count_dev(struct stats *s, int v)\n{\n    s->hist[v & 3]++;\n    if (v > 0) {\n        s->n = s->n + v;\n    }\n}\n\n");
        }
    }
    if cfg.helpers {
        let n = 1 + g.rng.below(2) as usize;
        for h in 0..n {
            g.helper(h);
        }
        g.helpers = n;
    }
    g.out.push_str("int main(void)\n{\n    int a = 0, b = 0, c = 0, d = 0, x = 0, y = 0, i, j;\n");
    if cfg.memory {
        g.out.push_str("    int arr[4] = {0, 0, 0, 0};\n    int *ptr = &y;\n");
    }
    let n = cfg.stmts;
    g.block(0, n);
    g.out.push_str("    t0 = t0 + x;\n    t1 = t1 - y;\n    return 0;\n}\n");
    Generated { source: g.out, targets: TARGETS.iter().map(|s| s.to_string()).collect() }
}
