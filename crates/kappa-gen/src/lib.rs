//! Random small C programs in SV-COMP style, for differential testing of kappa (the symbolic
//! engine against the interpreter and against gcc).
//!
//! [`generate`] writes a program that reads inputs with `__VERIFIER_nondet_{int, uint, char,
//! uchar, short, ushort, long, ulong, bool}()` (and, with [`GenConfig::uninit_percent`], from
//! uninitialised locals and `malloc`ed memory), computes with mixed-width integer arithmetic,
//! casts, branches (`if`, `&&`, `||`, `?:`), bounded loops (constant trip counts 0–4, with
//! input-dependent `break`), small local arrays, calls of 1–3 helper functions (no recursion, or
//! recursion with a constant depth bound), `__VERIFIER_assume`, `reach_error()` under some
//! conditions, and returns an exit code computed from its state (`return … & 0x7f;`).
//!
//! The programs are free of undefined behaviour except for deliberate errors, which the IR
//! checks and the sanitizers see alike: a division or remainder whose divisor may be zero (or
//! `MIN / -1`), an unchecked array index, a read after `free`. Everything else is made safe by
//! construction: shift amounts are masked below 32, other divisors are `(e & 15) + 1`, other
//! indices are masked or reduced modulo the length; signed overflow wraps (gcc's `-fwrapv`, and
//! kappa's semantics). A statement holds at most one operation that may fail, so the error a run
//! ends in does not depend on the order in which the compiler evaluates operands; calls and
//! inputs are statements of their own for the same reason.
//!
//! The number of paths is bounded: every branch point costs as many doublings of the path
//! count as the loops around it iterate, and a program spends at most
//! [`GenConfig::branch_budget`] doublings (7 by default: at most 128 paths, plus the paths that
//! end in an error right away).
//!
//! [`generate_deterministic`] writes a program without inputs that prints its values with
//! `printf`, to compare the front-end and the interpreter against gcc exactly.
//!
//! Both are deterministic per seed.

use std::fmt::Write as _;

/// Knobs of the generator.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Helper functions: between 1 and this many (at most 3 recommended).
    pub max_helpers: usize,
    /// Statements per block, at most.
    pub max_stmts: usize,
    /// Nesting of `if` and loops, at most.
    pub max_depth: usize,
    /// Doublings of the path count a program may spend (7: at most 128 paths).
    pub branch_budget: u32,
    /// Percent chance that a division, remainder or index is left unchecked (a deliberate
    /// error), or that an error call is placed.
    pub error_percent: u32,
    /// Percent chance that a local is declared without initialiser (an input in SV-COMP).
    pub uninit_percent: u32,
    /// Percent chance of a `__VERIFIER_assume` at a statement.
    pub assume_percent: u32,
    /// Local arrays and `malloc`ed arrays.
    pub arrays: bool,
    /// A helper that recurses to a constant depth.
    pub recursion: bool,
    /// `_Bool` variables.
    pub bools: bool,
    /// `__VERIFIER_nondet_bool()`.
    pub nondet_bool: bool,
    /// Largest constant loop trip count.
    pub max_trip: u32,
    /// A struct type with locals, field accesses and copies; pointers to scalars.
    pub structs: bool,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            max_helpers: 3,
            max_stmts: 6,
            max_depth: 2,
            branch_budget: 7,
            error_percent: 8,
            uninit_percent: 8,
            assume_percent: 6,
            arrays: true,
            recursion: true,
            bools: true,
            nondet_bool: true,
            max_trip: 4,
            structs: true,
        }
    }
}

/// A program with inputs (see the crate documentation).
pub fn generate(seed: u64, cfg: &GenConfig) -> String {
    Gen::new(seed, cfg, false).program()
}

/// A program without inputs that prints its values; free of errors.
pub fn generate_deterministic(seed: u64, cfg: &GenConfig) -> String {
    Gen::new(seed, cfg, true).program()
}

/// xorshift64*, seeded through splitmix64.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// True with the given percent chance.
    pub fn percent(&mut self, p: u32) -> bool {
        self.below(100) < u64::from(p)
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

/// Integer types of generated variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum T {
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl T {
    fn c(self) -> &'static str {
        match self {
            T::Bool => "_Bool",
            T::Char => "char",
            T::UChar => "unsigned char",
            T::Short => "short",
            T::UShort => "unsigned short",
            T::Int => "int",
            T::UInt => "unsigned int",
            T::Long => "long",
            T::ULong => "unsigned long",
            T::LongLong => "long long",
            T::ULongLong => "unsigned long long",
        }
    }

    /// The `__VERIFIER_nondet_` suffix, for the types that have one.
    fn nondet(self) -> Option<&'static str> {
        Some(match self {
            T::Bool => "bool",
            T::Char => "char",
            T::UChar => "uchar",
            T::Short => "short",
            T::UShort => "ushort",
            T::Int => "int",
            T::UInt => "uint",
            T::Long => "long",
            T::ULong => "ulong",
            _ => return None,
        })
    }

    /// The `printf` conversions that print a value cast to the given type.
    fn printf(self) -> (&'static [&'static str], &'static str) {
        match self {
            T::Bool | T::Char | T::Short | T::Int => {
                (&["%d", "%i", "%5d", "%-4d|", "%+d", "%05d", "%x", "%X", "%#x", "%o", "%hhd", "%hd", "%hhu"], "int")
            }
            T::UChar | T::UShort | T::UInt => (&["%u", "%x", "%o", "%#o", "%10u", "%-10x|", "%hu"], "unsigned int"),
            T::Long => (&["%ld", "%li", "%lx", "%+ld"], "long"),
            T::ULong => (&["%lu", "%lx", "%#lX"], "unsigned long"),
            T::LongLong => (&["%lld", "%llx", "%20lld"], "long long"),
            T::ULongLong => (&["%llu", "%llx", "%#llo"], "unsigned long long"),
        }
    }
}

/// 64 bits in both data models.
fn wide(t: T) -> bool {
    matches!(t, T::LongLong | T::ULongLong)
}

fn array_len(v: &Var) -> u32 {
    match v.kind {
        Kind::Array(n) | Kind::Heap { len: n, .. } | Kind::Ptr(n) => n,
        Kind::Scalar | Kind::Struct => 0,
    }
}

const ALL_TYPES: [T; 11] =
    [T::Bool, T::Char, T::UChar, T::Short, T::UShort, T::Int, T::UInt, T::Long, T::ULong, T::LongLong, T::ULongLong];

#[derive(Clone, Debug)]
enum Kind {
    Scalar,
    /// A local array of this length.
    Array(u32),
    /// A pointer to a `malloc`ed array of this length; `freed` once `free` was called.
    Heap {
        len: u32,
        freed: bool,
    },
    /// A pointer parameter to an array of at least this length.
    Ptr(u32),
    /// A `struct S` local.
    Struct,
}

/// A parameter of a helper: a scalar, or a pointer to an array of at least this length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum P {
    S(T),
    A(T, u32),
}

#[derive(Clone, Debug)]
struct Var {
    name: String,
    ty: T,
    kind: Kind,
    /// Loop counters are not assigned by generated code.
    readonly: bool,
}

#[derive(Clone, Debug)]
struct Helper {
    name: String,
    params: Vec<P>,
    ret: T,
    /// Doublings of the path count one call costs.
    cost: u32,
}

struct Gen<'c> {
    rng: Rng,
    cfg: &'c GenConfig,
    det: bool,
    out: String,
    indent: usize,
    globals: Vec<Var>,
    scopes: Vec<Vec<Var>>,
    helpers: Vec<Helper>,
    /// Doublings left to spend in the current function.
    budget: u32,
    /// Doublings spent in the current function.
    spent: u32,
    /// Iterations of the loops around the current statement.
    mult: u32,
    loops: usize,
    /// Per enclosing loop: whether it is a `while` loop (whose counter `continue` would skip).
    while_loops: Vec<bool>,
    ids: usize,
    /// Deliberate error constructs left.
    errors_left: u32,
    /// May the statement being generated still contain an operation that may fail?
    risky: bool,
    /// Whether the last expression generated is a `long long` in both data models.
    wide: bool,
    has_assert: bool,
    uses_malloc: bool,
    /// Field types of `struct S`, if the program has it.
    fields: Vec<T>,
}

impl<'c> Gen<'c> {
    fn new(seed: u64, cfg: &'c GenConfig, det: bool) -> Self {
        Gen {
            rng: Rng::new(seed ^ if det { 0xD5E7_0000_0000_0000 } else { 0 }),
            cfg,
            det,
            out: String::new(),
            indent: 0,
            globals: Vec::new(),
            scopes: Vec::new(),
            helpers: Vec::new(),
            budget: 0,
            spent: 0,
            mult: 1,
            loops: 0,
            while_loops: Vec::new(),
            ids: 0,
            errors_left: 3,
            risky: false,
            wide: false,
            has_assert: false,
            uses_malloc: false,
            fields: Vec::new(),
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.ids += 1;
        format!("{prefix}{}", self.ids)
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn types(&self) -> Vec<T> {
        ALL_TYPES.iter().copied().filter(|t| self.cfg.bools || *t != T::Bool).collect()
    }

    fn any_type(&mut self) -> T {
        let ts = self.types();
        // Favour int.
        if self.rng.percent(30) {
            T::Int
        } else {
            *self.rng.pick(&ts)
        }
    }

    fn input_type(&mut self) -> T {
        let ts: Vec<T> = self
            .types()
            .into_iter()
            .filter(|t| t.nondet().is_some() && (*t != T::Bool || self.cfg.nondet_bool))
            .collect();
        if self.rng.percent(35) {
            T::Int
        } else {
            *self.rng.pick(&ts)
        }
    }

    // ---- the program ----

    fn program(mut self) -> String {
        let mut head = String::new();
        head.push_str("extern void abort(void);\n");
        if !self.det {
            head.push_str(
                "extern void __assert_fail(const char *, const char *, unsigned int, const char *) \
                 __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));\n",
            );
            if self.rng.percent(50) {
                head.push_str("void reach_error(void) { abort(); }\n");
            } else {
                head.push_str("void reach_error() { __assert_fail(\"0\", \"gen.c\", 4, \"reach_error\"); }\n");
            }
            for t in self.types() {
                if let Some(s) = t.nondet() {
                    let _ = writeln!(head, "extern {} __VERIFIER_nondet_{s}(void);", t.c());
                }
            }
            head.push_str("extern void __VERIFIER_assume(int);\n");
            self.has_assert = self.rng.percent(50);
            if self.has_assert {
                head.push_str(
                    "void __VERIFIER_assert(int cond) {\n  if (!(cond)) {\n  ERROR: {reach_error(); abort();}\n  }\n}\n",
                );
            }
        } else {
            head.push_str("extern int printf(const char *, ...);\n");
        }
        if self.cfg.structs && self.rng.percent(40) {
            let n = self.rng.range(2, 4);
            let mut decl = String::from("struct S {");
            for k in 0..n {
                let t = loop {
                    let t = self.any_type();
                    if t != T::Bool {
                        break t;
                    }
                };
                let _ = write!(decl, " {} f{k};", t.c());
                self.fields.push(t);
            }
            decl.push_str(" };\n");
            head.push_str(&decl);
        }
        // Globals.
        let ng = self.rng.range(0, 2);
        for _ in 0..ng {
            let ty = self.any_type();
            let name = self.fresh("g");
            let init = self.constant(ty);
            let _ = writeln!(head, "{} {name} = {init};", ty.c());
            self.globals.push(Var { name, ty, kind: Kind::Scalar, readonly: false });
        }
        if self.cfg.arrays && self.rng.percent(30) {
            let ty = self.any_type();
            let n = self.rng.range(2, 6) as u32;
            let name = self.fresh("ga");
            let items: Vec<String> = (0..n).map(|_| self.constant(ty)).collect();
            let _ = writeln!(head, "{} {name}[{n}] = {{ {} }};", ty.c(), items.join(", "));
            self.globals.push(Var { name, ty, kind: Kind::Array(n), readonly: false });
        }
        // Helpers, each calling only earlier ones.
        let nh = self.rng.range(1, self.cfg.max_helpers.max(1) as u64) as usize;
        let mut funcs = String::new();
        if self.cfg.recursion && self.rng.percent(30) {
            let name = self.fresh("rec");
            let _ = writeln!(
                funcs,
                "static int {name}(int n, int x) {{\n  if (n <= 0)\n    return x;\n  return {name}(n - 1, (x ^ n) * 3 + 1);\n}}\n"
            );
            self.helpers.push(Helper { name, params: vec![P::S(T::Int), P::S(T::Int)], ret: T::Int, cost: 0 });
        }
        for _ in 0..nh {
            let h = self.helper();
            funcs.push_str(&h);
        }
        let main = self.main();
        let mut prog = head;
        if self.uses_malloc {
            prog.insert_str(0, "extern void *malloc(__SIZE_TYPE__);\nextern void free(void *);\n");
        }
        prog.push('\n');
        prog.push_str(&funcs);
        prog.push_str(&main);
        prog
    }

    fn helper(&mut self) -> String {
        let name = self.fresh("h");
        let np = self.rng.range(1, 3) as usize;
        let params: Vec<P> = (0..np)
            .map(|_| {
                let t = self.any_type();
                if self.cfg.arrays && self.rng.percent(20) {
                    P::A(t, self.rng.range(2, 4) as u32)
                } else {
                    P::S(t)
                }
            })
            .collect();
        let ret = self.any_type();
        let budget = if self.det { 100 } else { self.rng.range(0, 2) as u32 };
        self.begin_function(budget);
        let mut sig = Vec::new();
        let mut scope = Vec::new();
        for param in &params {
            let p = self.fresh("p");
            match *param {
                P::S(t) => {
                    sig.push(format!("{} {p}", t.c()));
                    scope.push(Var { name: p, ty: t, kind: Kind::Scalar, readonly: false });
                }
                P::A(t, n) => {
                    sig.push(format!("{} *{p}", t.c()));
                    scope.push(Var { name: p, ty: t, kind: Kind::Ptr(n), readonly: false });
                }
            }
        }
        self.scopes.push(scope);
        self.out.clear();
        let _ = writeln!(self.out, "static {} {name}({}) {{", ret.c(), sig.join(", "));
        self.indent = 1;
        let n = self.rng.range(1, self.cfg.max_stmts.max(2) as u64 - 1) as usize;
        self.block_body(n, 1);
        let e = self.expr_stmt(2);
        self.line(&format!("return {e};"));
        self.indent = 0;
        self.out.push_str("}\n\n");
        self.scopes.pop();
        let cost = self.spent;
        self.helpers.push(Helper { name, params, ret, cost });
        std::mem::take(&mut self.out)
    }

    fn main(&mut self) -> String {
        let budget = if self.det { 100 } else { self.cfg.branch_budget };
        self.begin_function(budget);
        self.out.clear();
        self.out.push_str("int main(void) {\n");
        self.indent = 1;
        self.scopes.push(Vec::new());
        // Inputs first, so that there is something to compute with.
        let ninputs = self.rng.range(1, 3);
        for _ in 0..ninputs {
            self.decl_stmt(true);
        }
        let n = self.rng.range(3, self.cfg.max_stmts.max(3) as u64 + 3) as usize;
        self.block_body(n, 0);
        let e = self.expr_stmt(2);
        self.line(&format!("return (int) ({e}) & 0x7f;"));
        self.scopes.pop();
        self.indent = 0;
        self.out.push_str("}\n");
        std::mem::take(&mut self.out)
    }

    fn begin_function(&mut self, budget: u32) {
        self.budget = budget;
        self.spent = 0;
        self.mult = 1;
        self.loops = 0;
        self.while_loops.clear();
    }

    /// Spends `n` doublings at the current loop multiplicity, if the budget allows.
    fn spend(&mut self, n: u32) -> bool {
        let cost = n * self.mult;
        if cost <= self.budget {
            self.budget -= cost;
            self.spent += cost;
            true
        } else {
            false
        }
    }

    // ---- statements ----

    fn block_body(&mut self, n: usize, depth: usize) {
        for _ in 0..n {
            self.statement(depth);
        }
    }

    fn statement(&mut self, depth: usize) {
        let r = self.rng.below(100);
        let nested = depth < self.cfg.max_depth;
        match r {
            0..=2 if !self.fields.is_empty() => self.struct_decl(),
            0..=17 => self.decl_stmt(false),
            18..=21 if !self.fields.is_empty() => self.struct_stmt(),
            18..=37 => self.assign_stmt(),
            38..=49 if nested => self.if_stmt(depth),
            50..=57 if nested => self.loop_stmt(depth),
            58..=67 if !self.helpers.is_empty() => self.call_stmt(),
            68..=73 if self.cfg.arrays => self.array_stmt(),
            74..=78 if !self.det && self.rng.percent(self.cfg.assume_percent * 10) => self.assume_stmt(),
            79..=84 if !self.det => self.error_stmt(),
            85..=89 if self.loops > 0 => self.break_stmt(),
            85..=87 if nested => self.switch_stmt(depth),
            88 => self.incdec_stmt(),
            89 if self.cfg.structs => self.pointer_stmt(),
            90..=94 if self.det => self.print_stmt(),
            _ => self.assign_stmt(),
        }
        if self.det && self.rng.percent(25) {
            self.print_stmt();
        }
    }

    fn scalars(&self, writable: bool) -> Vec<Var> {
        self.scopes
            .iter()
            .flatten()
            .chain(self.globals.iter())
            .filter(|v| matches!(v.kind, Kind::Scalar) && (!writable || !v.readonly))
            .cloned()
            .collect()
    }

    fn arrays(&self) -> Vec<Var> {
        self.scopes
            .iter()
            .flatten()
            .chain(self.globals.iter())
            .filter(|v| matches!(v.kind, Kind::Array(_) | Kind::Heap { freed: false, .. } | Kind::Ptr(_)))
            .cloned()
            .collect()
    }

    fn declare(&mut self, v: Var) {
        if let Some(s) = self.scopes.last_mut() {
            s.push(v);
        }
    }

    fn decl_stmt(&mut self, input: bool) {
        if self.cfg.arrays && !input && self.rng.percent(20) {
            return self.array_decl();
        }
        let name = self.fresh("v");
        if !self.det && (input || self.rng.percent(30)) {
            let ty = self.input_type();
            let Some(s) = ty.nondet() else { unreachable!() };
            if !input && self.rng.percent(self.cfg.uninit_percent * 4) && ty != T::Bool {
                // SV-COMP: an uninitialised local is an input too.
                self.line(&format!("{} {name};", ty.c()));
            } else {
                self.line(&format!("{} {name} = __VERIFIER_nondet_{s}();", ty.c()));
            }
            self.declare(Var { name, ty, kind: Kind::Scalar, readonly: false });
            return;
        }
        let ty = self.any_type();
        let e = self.expr_stmt(3);
        self.line(&format!("{} {name} = {e};", ty.c()));
        self.declare(Var { name, ty, kind: Kind::Scalar, readonly: false });
    }

    fn array_decl(&mut self) {
        let mut ty = self.any_type();
        let n = self.rng.range(2, 6) as u32;
        let name = self.fresh("a");
        if !self.det && self.rng.percent(15) {
            // A malloc'ed array: its contents are inputs.
            if ty == T::Bool {
                ty = T::UChar;
            }
            self.uses_malloc = true;
            self.line(&format!("{} *{name} = malloc({n} * sizeof({}));", ty.c(), ty.c()));
            self.declare(Var { name, ty, kind: Kind::Heap { len: n, freed: false }, readonly: false });
            return;
        }
        if !self.det && self.rng.percent(self.cfg.uninit_percent * 3) {
            if ty == T::Bool {
                ty = T::UChar;
            }
            self.line(&format!("{} {name}[{n}];", ty.c()));
        } else {
            let items: Vec<String> =
                (0..n).map(|_| if self.rng.percent(60) { self.constant(ty) } else { self.expr_stmt(1) }).collect();
            self.line(&format!("{} {name}[{n}] = {{ {} }};", ty.c(), items.join(", ")));
        }
        self.declare(Var { name, ty, kind: Kind::Array(n), readonly: false });
    }

    fn assign_stmt(&mut self) {
        let vs = self.scalars(true);
        if vs.is_empty() {
            return self.decl_stmt(false);
        }
        let v = self.rng.pick(&vs).clone();
        if !self.det && self.rng.percent(12) {
            if let Some(s) = v.ty.nondet().filter(|_| v.ty != T::Bool || self.cfg.nondet_bool) {
                self.line(&format!("{} = __VERIFIER_nondet_{s}();", v.name));
                return;
            }
        }
        self.risky = true;
        let e = self.expr(3);
        self.risky = false;
        let (op, e) = match self.rng.below(12) {
            0..=2 => ("=", e),
            3 => ("+=", e),
            4 => ("-=", e),
            5 => ("*=", e),
            6 => ("^=", e),
            7 => ("|=", e),
            8 => ("&=", e),
            9 => (if self.rng.percent(50) { "<<=" } else { ">>=" }, format!("({e}) & 31")),
            _ => (if self.rng.percent(50) { "/=" } else { "%=" }, format!("(({e}) & 15) + 1")),
        };
        self.line(&format!("{} {op} {e};", v.name));
    }

    fn array_stmt(&mut self) {
        let arrs = self.arrays();
        if arrs.is_empty() {
            return self.array_decl();
        }
        let a = self.rng.pick(&arrs).clone();
        self.risky = true;
        let idx = self.index(&a, 2);
        let e = self.expr(2);
        self.risky = false;
        self.line(&format!("{}[{idx}] = {e};", a.name));
        // Sometimes free a heap array (and, as a deliberate error, read it afterwards).
        if let Kind::Heap { len, freed: false } = a.kind {
            if self.loops == 0 && self.rng.percent(25) {
                self.line(&format!("free({});", a.name));
                for s in self.scopes.iter_mut().rev() {
                    if let Some(v) = s.iter_mut().find(|v| v.name == a.name) {
                        v.kind = Kind::Heap { len, freed: true };
                    }
                }
                if !self.det && self.errors_left > 0 && self.rng.percent(self.cfg.error_percent * 3) {
                    // A read after free, or a double free, under a condition.
                    let (c, cost) = self.cond(1);
                    let vs = self.scalars(true);
                    if let Some(v) = vs.first().filter(|_| self.spend(cost)) {
                        self.errors_left -= 1;
                        if self.rng.percent(50) {
                            self.line(&format!("if ({c}) {} = {}[0];", v.name, a.name));
                        } else {
                            self.line(&format!("if ({c}) free({});", a.name));
                        }
                    }
                }
            }
        }
    }

    fn call_stmt(&mut self) {
        let arrays = self.arrays();
        let fits = |p: &P| match *p {
            P::S(_) => true,
            P::A(t, n) => arrays.iter().any(|a| a.ty == t && array_len(a) >= n),
        };
        let hs: Vec<Helper> = self
            .helpers
            .iter()
            .filter(|h| h.cost * self.mult <= self.budget && h.params.iter().all(fits))
            .cloned()
            .collect();
        if hs.is_empty() {
            return self.assign_stmt();
        }
        let h = self.rng.pick(&hs).clone();
        self.spend(h.cost);
        let args: Vec<String> = if h.name.starts_with("rec") {
            let depth = self.rng.range(0, 3);
            let x = self.expr_stmt(2);
            vec![depth.to_string(), x]
        } else {
            let mut args = Vec::new();
            for p in &h.params {
                args.push(match *p {
                    P::S(_) => self.expr_stmt(2),
                    P::A(t, n) => {
                        let cands: Vec<&Var> = arrays.iter().filter(|a| a.ty == t && array_len(a) >= n).collect();
                        self.rng.pick(&cands).name.clone()
                    }
                });
            }
            args
        };
        let call = format!("{}({})", h.name, args.join(", "));
        if self.rng.percent(70) {
            let name = self.fresh("r");
            self.line(&format!("{} {name} = {call};", h.ret.c()));
            self.declare(Var { name, ty: h.ret, kind: Kind::Scalar, readonly: false });
        } else {
            let vs = self.scalars(true);
            match vs.is_empty() {
                true => self.line(&format!("{call};")),
                false => {
                    let v = self.rng.pick(&vs).name.clone();
                    self.line(&format!("{v} = {call};"));
                }
            }
        }
    }

    fn if_stmt(&mut self, depth: usize) {
        let (c, cost) = self.cond(2);
        if !self.spend(cost) {
            return self.assign_stmt();
        }
        self.line(&format!("if ({c}) {{"));
        self.nested_block(depth);
        if self.rng.percent(50) {
            self.line("} else {");
            self.nested_block(depth);
        }
        self.line("}");
    }

    fn nested_block(&mut self, depth: usize) {
        self.indent += 1;
        self.scopes.push(Vec::new());
        let n = self.rng.range(1, (self.cfg.max_stmts as u64 / 2).max(1)) as usize;
        self.block_body(n, depth + 1);
        if self.rng.percent(8) && self.loops == 0 && self.is_main_like() {
            let e = self.expr_stmt(2);
            self.line(&format!("return (int) ({e}) & 0x7f;"));
        }
        self.scopes.pop();
        self.indent -= 1;
    }

    /// Early returns only in main (whose return type is known here).
    fn is_main_like(&self) -> bool {
        self.out.starts_with("int main")
    }

    fn loop_stmt(&mut self, depth: usize) {
        let max = if self.det { self.cfg.max_trip * 2 } else { self.cfg.max_trip };
        let trips = self.rng.range(0, u64::from(max)) as u32;
        let i = self.fresh("i");
        let saved = self.mult;
        self.mult = saved * trips.max(1);
        self.loops += 1;
        let form = self.rng.below(4);
        self.while_loops.push(form >= 2);
        match form {
            0 => self.line(&format!("for (int {i} = 0; {i} < {trips}; {i}++) {{")),
            1 => self.line(&format!("for (int {i} = {trips}; {i} > 0; --{i}) {{")),
            2 => {
                self.line(&format!("int {i} = 0;"));
                self.line(&format!("while ({i} < {trips}) {{"));
            }
            _ => {
                self.line(&format!("int {i} = 0;"));
                self.line("do {");
            }
        }
        self.indent += 1;
        self.scopes.push(vec![Var { name: i.clone(), ty: T::Int, kind: Kind::Scalar, readonly: true }]);
        let n = self.rng.range(1, (self.cfg.max_stmts as u64 / 2).max(1)) as usize;
        self.block_body(n, depth + 1);
        if form >= 2 {
            self.line(&format!("{i}++;"));
        }
        self.scopes.pop();
        self.indent -= 1;
        if form == 3 {
            self.line(&format!("}} while ({i} < {trips});"));
        } else {
            self.line("}");
        }
        self.loops -= 1;
        self.while_loops.pop();
        self.mult = saved;
        if form >= 2 {
            // The counter of a while loop stays in scope: readonly.
            self.declare(Var { name: i, ty: T::Int, kind: Kind::Scalar, readonly: true });
        }
    }

    fn switch_stmt(&mut self, depth: usize) {
        if !self.spend(2) {
            return self.assign_stmt();
        }
        let e = self.expr_stmt(2);
        let n = self.rng.range(2, 3);
        let scrutinee =
            if self.rng.percent(50) { format!("({e}) & 3") } else { format!("(unsigned int) ({e}) % {}", n + 1) };
        self.line(&format!("switch ({scrutinee}) {{"));
        // `continue` must not reach an enclosing while loop from here: only `break`.
        self.while_loops.push(true);
        let mut labels: Vec<String> = (0..n).map(|k| format!("case {k}:")).collect();
        labels.push("default:".into());
        for label in labels {
            self.line(&format!("{label} {{"));
            self.nested_block(depth);
            if self.rng.percent(75) {
                self.line("} break;");
            } else {
                self.line("}");
            }
        }
        self.while_loops.pop();
        self.line("}");
    }

    /// Through a pointer to a scalar (which makes it live in memory).
    fn pointer_stmt(&mut self) {
        let vs = self.scalars(true);
        if vs.is_empty() {
            return self.assign_stmt();
        }
        let v = self.rng.pick(&vs).clone();
        let p = self.fresh("ptr");
        let e = self.expr_stmt(2);
        let op = *self.rng.pick(&["+", "-", "^", "|", "&", "*"]);
        self.line(&format!("{{ {} *{p} = &{}; *{p} = *{p} {op} {e}; }}", v.ty.c(), v.name));
    }

    fn structs(&self) -> Vec<Var> {
        self.scopes.iter().flatten().filter(|v| matches!(v.kind, Kind::Struct)).cloned().collect()
    }

    fn struct_decl(&mut self) {
        let name = self.fresh("s");
        let others = self.structs();
        if !others.is_empty() && self.rng.percent(25) {
            let o = self.rng.pick(&others).name.clone();
            self.line(&format!("struct S {name} = {o};"));
        } else if !self.det && self.rng.percent(self.cfg.uninit_percent * 3) {
            self.line(&format!("struct S {name};"));
        } else {
            let fields = self.fields.clone();
            let items: Vec<String> = fields.iter().map(|t| self.constant(*t)).collect();
            self.line(&format!("struct S {name} = {{ {} }};", items.join(", ")));
        }
        self.declare(Var { name, ty: T::Int, kind: Kind::Struct, readonly: false });
    }

    fn struct_stmt(&mut self) {
        let ss = self.structs();
        if ss.is_empty() {
            return self.struct_decl();
        }
        let a = self.rng.pick(&ss).name.clone();
        if ss.len() > 1 && self.rng.percent(20) {
            let b = self.rng.pick(&ss).name.clone();
            self.line(&format!("{a} = {b};"));
            return;
        }
        let k = self.rng.below(self.fields.len() as u64);
        self.risky = true;
        let e = self.expr(2);
        self.risky = false;
        self.line(&format!("{a}.f{k} = {e};"));
    }

    fn incdec_stmt(&mut self) {
        let vs = self.scalars(true);
        if vs.is_empty() {
            return self.assign_stmt();
        }
        let v = self.rng.pick(&vs).name.clone();
        let s = match self.rng.below(4) {
            0 => format!("{v}++;"),
            1 => format!("{v}--;"),
            2 => format!("++{v};"),
            _ => format!("--{v};"),
        };
        self.line(&s);
    }

    fn break_stmt(&mut self) {
        let (c, cost) = self.cond(1);
        if !self.spend(cost) {
            return self.assign_stmt();
        }
        // A `continue` in a while loop would skip the counter's increment.
        let in_while = self.while_loops.last().copied().unwrap_or(true);
        let kw = if in_while || self.rng.percent(70) { "break" } else { "continue" };
        self.line(&format!("if ({c}) {kw};"));
    }

    fn assume_stmt(&mut self) {
        let vs = self.scalars(false);
        if vs.is_empty() {
            return self.assign_stmt();
        }
        let v = self.rng.pick(&vs).name.clone();
        let c = match self.rng.below(4) {
            0 => format!("{v} != {}", self.rng.range(0, 9)),
            1 => format!("({v} & {}) != {}", self.rng.pick(&[1, 3, 7]), 0),
            2 => format!("{v} > -{}", self.rng.range(0, 1000)),
            _ => format!("({v} & 0xff) < {}", self.rng.range(64, 250)),
        };
        self.line(&format!("__VERIFIER_assume({c});"));
    }

    fn error_stmt(&mut self) {
        if self.errors_left == 0 || !self.rng.percent(self.cfg.error_percent * 5) {
            return self.assign_stmt();
        }
        let arrs: Vec<Var> = self.arrays().into_iter().filter(|a| matches!(a.kind, Kind::Array(_))).collect();
        if !arrs.is_empty() && self.rng.percent(25) {
            // A pointer that may be null, dereferenced.
            let (c, cost) = self.cond(1);
            if !self.spend(cost) {
                return self.assign_stmt();
            }
            self.errors_left -= 1;
            let a = self.rng.pick(&arrs).clone();
            let q = self.fresh("q");
            let t = a.ty;
            self.line(&format!("{} *{q} = ({c}) ? {} : 0;", t.c(), a.name));
            let idx = self.index(&Var { name: q.clone(), ty: t, kind: Kind::Ptr(array_len(&a)), readonly: false }, 1);
            let v = self.fresh("v");
            self.line(&format!("{} {v} = {q}[{idx}];", t.c()));
            self.declare(Var { name: v, ty: t, kind: Kind::Scalar, readonly: false });
            return;
        }
        let vs = self.scalars(false);
        if vs.is_empty() {
            return self.assign_stmt();
        }
        self.errors_left -= 1;
        let v = self.rng.pick(&vs).name.clone();
        let m = *self.rng.pick(&[1u32, 3, 7, 15]);
        let k = self.rng.below(u64::from(m) + 1);
        let c = format!("({v} & {m}) == {k}");
        if self.has_assert && self.rng.percent(50) {
            self.line(&format!("__VERIFIER_assert(!({c}));"));
        } else {
            self.line(&format!("if ({c}) reach_error();"));
        }
    }

    fn print_stmt(&mut self) {
        let vs = self.scalars(false);
        let (e, ty) = if !vs.is_empty() && self.rng.percent(60) {
            let v = self.rng.pick(&vs).clone();
            (v.name, v.ty)
        } else {
            let ty = self.any_type();
            (format!("({}) ({})", ty.c(), self.expr_stmt(2)), ty)
        };
        let (convs, cast) = ty.printf();
        let conv = *self.rng.pick(convs);
        let label = self.ids;
        self.line(&format!("printf(\"{label}: {conv}\\n\", ({cast}) {e});"));
    }

    // ---- expressions ----

    /// An expression of a statement that may not fail.
    fn expr_stmt(&mut self, depth: u32) -> String {
        let saved = self.risky;
        self.risky = false;
        let e = self.expr(depth);
        self.risky = saved;
        e
    }

    /// A condition and the doublings it costs (one per branch point).
    fn cond(&mut self, depth: u32) -> (String, u32) {
        self.risky = true;
        let (c, cost) = match self.rng.below(10) {
            0..=5 => (self.comparison(depth), 1),
            6 | 7 => {
                let a = self.comparison(depth.saturating_sub(1));
                let b = self.comparison(depth.saturating_sub(1));
                let op = if self.rng.percent(50) { "&&" } else { "||" };
                (format!("{a} {op} {b}"), 2)
            }
            8 => {
                let vs = self.scalars(false);
                match vs.is_empty() {
                    true => (self.comparison(depth), 1),
                    false => {
                        let v = self.rng.pick(&vs).name.clone();
                        let m = *self.rng.pick(&[1u32, 3, 7]);
                        (format!("({v} & {m}) == {}", self.rng.below(u64::from(m) + 1)), 1)
                    }
                }
            }
            _ => (format!("!({})", self.expr(depth)), 1),
        };
        self.risky = false;
        (c, cost)
    }

    fn comparison(&mut self, depth: u32) -> String {
        let a = self.expr(depth);
        let b = if self.rng.percent(50) { self.constant(T::Int) } else { self.expr(depth) };
        let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
        format!("({a} {op} {b})")
    }

    /// An expression; sets [`Gen::wide`] to whether its type is 64 bits in both data models
    /// (`long long`), which allows shift amounts up to 63.
    fn expr(&mut self, depth: u32) -> String {
        if depth == 0 || self.rng.percent(25) {
            return self.leaf();
        }
        match self.rng.below(20) {
            0..=7 => {
                let op = *self.rng.pick(&["+", "-", "*", "&", "|", "^", "+", "-"]);
                let a = self.expr(depth - 1);
                let wa = self.wide;
                let b = self.expr(depth - 1);
                self.wide |= wa;
                format!("({a} {op} {b})")
            }
            8 | 9 => {
                let op = if self.rng.percent(50) { "/" } else { "%" };
                let a = self.expr(depth - 1);
                let wa = self.wide;
                let b = self.expr(depth - 1);
                self.wide |= wa;
                if !self.det && self.risky && self.errors_left > 0 && self.rng.percent(self.cfg.error_percent * 4) {
                    // A deliberate possible division by zero (or MIN / -1).
                    self.risky = false;
                    self.errors_left -= 1;
                    format!("({a} {op} {b})")
                } else {
                    format!("({a} {op} (({b} & 15) + 1))")
                }
            }
            10 | 11 => {
                let op = if self.rng.percent(50) { "<<" } else { ">>" };
                let a = self.expr(depth - 1);
                let wa = self.wide;
                let b = self.expr(depth - 1);
                self.wide = wa;
                let mask = if wa && self.rng.percent(60) { 63 } else { 31 };
                format!("({a} {op} ({b} & {mask}))")
            }
            12 => {
                let op = *self.rng.pick(&["-", "~", "!"]);
                let a = self.expr(depth - 1);
                if op == "!" {
                    self.wide = false;
                }
                format!("({op} {a})")
            }
            13 | 14 => {
                let t = self.any_type();
                let a = self.expr(depth - 1);
                self.wide = wide(t);
                format!("(({}) {a})", t.c())
            }
            15 if !self.det && self.spend(1) || self.det && self.rng.percent(50) => {
                let c = self.comparison(depth - 1);
                let a = self.expr(depth - 1);
                let wa = self.wide;
                let b = self.expr(depth - 1);
                self.wide |= wa;
                format!("({c} ? {a} : {b})")
            }
            16 => {
                let op = *self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]);
                let a = self.expr(depth - 1);
                let b = self.expr(depth - 1);
                self.wide = false;
                format!("({a} {op} {b})")
            }
            17 if self.cfg.arrays => {
                let arrs = self.arrays();
                if arrs.is_empty() {
                    return self.leaf();
                }
                let a = self.rng.pick(&arrs).clone();
                let idx = self.index(&a, depth - 1);
                self.wide = wide(a.ty);
                format!("{}[{idx}]", a.name)
            }
            _ => self.leaf(),
        }
    }

    /// An index into the array: masked or reduced (safe), or, rarely, unchecked.
    fn index(&mut self, a: &Var, depth: u32) -> String {
        let n = match a.kind {
            Kind::Array(n) | Kind::Heap { len: n, .. } | Kind::Ptr(n) => n,
            Kind::Scalar | Kind::Struct => 1,
        };
        let e = self.expr(depth);
        if !self.det && self.risky && self.errors_left > 0 && self.rng.percent(self.cfg.error_percent * 2) {
            if let Kind::Array(_) = a.kind {
                self.risky = false;
                self.errors_left -= 1;
                return e;
            }
        }
        if n.is_power_of_two() && self.rng.percent(50) {
            format!("({e}) & {}", n - 1)
        } else {
            format!("(unsigned int) ({e}) % {n}")
        }
    }

    fn leaf(&mut self) -> String {
        let vs = self.scalars(false);
        if self.rng.percent(3) {
            let t = self.any_type();
            self.wide = false;
            return format!("sizeof({})", t.c());
        }
        if vs.is_empty() || self.rng.percent(30) {
            let t = self.any_type();
            return self.constant(t);
        }
        let ss = self.structs();
        if !ss.is_empty() && self.rng.percent(20) {
            let sv = self.rng.pick(&ss).name.clone();
            let k = self.rng.below(self.fields.len() as u64) as usize;
            self.wide = wide(self.fields[k]);
            return format!("{sv}.f{k}");
        }
        let v = self.rng.pick(&vs).clone();
        self.wide = wide(v.ty);
        v.name
    }

    /// A literal (with a suffix or a cast that gives it a type near `t`).
    fn constant(&mut self, t: T) -> String {
        let small = ["0", "1", "2", "3", "5", "7", "8", "15", "16", "31", "100", "127", "128", "255", "256", "1000"];
        let edge = [
            "32767",
            "32768",
            "65535",
            "65536",
            "0x7fffffff",
            "0x80000000",
            "0xffffffff",
            "2147483647",
            "(-2147483647 - 1)",
            "4294967295U",
            "0x7fffffffffffffffLL",
            "0xffffffffffffffffULL",
            "0x8000000000000000ULL",
            "(-9223372036854775807LL - 1)",
            "'a'",
            "'\\377'",
            "0777",
            "010",
        ];
        let lit =
            if self.rng.percent(70) { self.rng.pick(&small).to_string() } else { self.rng.pick(&edge).to_string() };
        let lit = if self.rng.percent(25) && !lit.starts_with('(') { format!("-{lit}") } else { lit };
        let (c, casted) = match t {
            T::Int if self.rng.percent(70) => (lit, false),
            T::Bool => (self.rng.pick(&["0", "1"]).to_string(), false),
            _ if self.rng.percent(50) => (format!("({}) {lit}", t.c()), true),
            _ => (lit, false),
        };
        self.wide = if casted { wide(t) } else { c.contains("LL") };
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_per_seed() {
        let cfg = GenConfig::default();
        assert_eq!(generate(7, &cfg), generate(7, &cfg));
        assert_ne!(generate(7, &cfg), generate(8, &cfg));
        assert_eq!(generate_deterministic(3, &cfg), generate_deterministic(3, &cfg));
    }

    #[test]
    fn programs_have_the_sv_comp_interface() {
        let cfg = GenConfig::default();
        for seed in 0..50 {
            let p = generate(seed, &cfg);
            assert!(p.contains("int main(void)"), "{p}");
            assert!(p.contains("__VERIFIER_nondet_"), "{p}");
            assert!(p.contains("reach_error"), "{p}");
            let d = generate_deterministic(seed, &cfg);
            assert!(!d.contains("__VERIFIER_nondet_"), "{d}");
        }
    }

    #[test]
    fn rng_ranges() {
        let mut r = Rng::new(1);
        for _ in 0..1000 {
            let x = r.range(2, 6);
            assert!((2..=6).contains(&x));
        }
    }
}
