//! Decompilation of the PSS-CFG to C (section 2: "we produce an equivalent C program from the
//! PSS-CFG by decompiling it ... so that external off-the-shelf applications can be executed on
//! it").
//!
//! The program is one function (calls were inlined), written with `if`/`else` where the graph is
//! a tree and `goto` where paths meet or loop. Every variable is a fixed-width unsigned integer
//! and every operation is written so that C computes exactly what the IR does (wrapping
//! arithmetic, explicit signed views for signed operations, shifts by the width or more as
//! SMT-LIB defines them), so the program has no undefined behaviour the original did not have.
//! `#line` directives point each statement at its line in the original program, so that
//! compilers, testers and verifiers report the original's lines.

use crate::rules::{PId, PKind, Pss};
use crate::tree::Terminal;
use kappa_ir::*;
use kappa_replay::c_string;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

const KEYWORDS: &[&str] = &[
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "main",
    "abort",
    "exit",
    "reach_error",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
];

pub(crate) struct Decompiler<'a> {
    prog: &'a Program,
    pss: &'a Pss,
    entry: &'a Function,
    names: HashMap<VarId, String>,
    nondets: BTreeMap<String, String>,
    out: String,
    line: (u32, u32),
    /// Where `out` ended when the latest `#line` was written: a statement written after it
    /// moved the physical line on, so the next statement of the same original line needs the
    /// directive again (three calls on one line of the original would otherwise be lines N,
    /// N + 1 and N + 2, and inputs are matched by line).
    line_mark: usize,
    emitted: Vec<bool>,
    labelled: Vec<bool>,
    pending: Vec<PId>,
    uses_assume: bool,
    uses_assert: bool,
    uses_reach_error: bool,
    uses_stdlib: bool,
    vars: BTreeSet<VarId>,
    /// Gotos written: the line, the target, whether it stays, whether it must stay (code
    /// follows the branch it ends, so it is not a jump to what follows the branch).
    gotos: Vec<(String, PId, bool, bool)>,
    indeg: Vec<usize>,
    /// Conditional expressions printed (see [`crate::SliceStats::conditionals`]).
    conditionals: std::cell::Cell<u64>,
    /// The nesting of conditional expressions at the one being printed, and the deepest seen.
    nesting: std::cell::Cell<u64>,
    deepest: std::cell::Cell<u64>,
}

fn uty(w: u32) -> String {
    format!("uint{w}_t")
}

fn sty(w: u32) -> String {
    format!("int{w}_t")
}

fn c_type_name(t: &CType) -> String {
    match t {
        CType::Int { rank, signed } => {
            let base = match rank {
                IntRank::Bool => return "_Bool".into(),
                IntRank::Char => "char",
                IntRank::Short => "short",
                IntRank::Int => "int",
                IntRank::Long => "long",
                IntRank::LongLong => "long long",
            };
            match (rank, signed) {
                (IntRank::Char, true) => "char".into(),
                (_, true) => base.into(),
                (_, false) => format!("unsigned {base}"),
            }
        }
        _ => "int".into(),
    }
}

impl<'a> Decompiler<'a> {
    pub fn new(prog: &'a Program, pss: &'a Pss, entry: &'a Function) -> Self {
        let n = pss.nodes.len();
        Decompiler {
            prog,
            pss,
            entry,
            names: HashMap::new(),
            nondets: BTreeMap::new(),
            out: String::new(),
            line: (u32::MAX, 0),
            line_mark: 0,
            emitted: vec![false; n],
            labelled: vec![false; n],
            pending: Vec::new(),
            uses_assume: false,
            uses_assert: false,
            uses_reach_error: false,
            uses_stdlib: false,
            vars: BTreeSet::new(),
            gotos: Vec::new(),
            indeg: Vec::new(),
            conditionals: std::cell::Cell::new(0),
            nesting: std::cell::Cell::new(0),
            deepest: std::cell::Cell::new(0),
        }
    }

    fn width(&self, e: &Expr) -> u32 {
        match self.prog.expr_ty(e) {
            Ty::Int(w) => w,
            _ => 32,
        }
    }

    fn name(&self, v: VarId) -> String {
        self.names.get(&v).cloned().unwrap_or_else(|| format!("v{}", v.0))
    }

    /// Readable, unique names: the original name where it is free, else with the function's name
    /// or a number.
    fn assign_names(&mut self, vars: &BTreeSet<VarId>) {
        let mut taken: BTreeSet<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
        // Globals and the entry function's own variables first, so they keep their names.
        let mut order: Vec<VarId> = vars.iter().copied().collect();
        let rank = |v: &VarId| match self.prog.var(*v).kind {
            VarKind::Global => 0,
            VarKind::Param(f) | VarKind::Local(f) if f == self.entry.id => 1,
            _ => 2,
        };
        order.sort_by_key(|v| (rank(v), v.0));
        for v in order {
            let info = self.prog.var(v);
            let clean: String = info
                .name
                .trim_start_matches('$')
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
                .collect();
            let clean = if clean.is_empty() || clean.starts_with(|c: char| c.is_ascii_digit()) {
                format!("v_{clean}")
            } else {
                clean
            };
            let func = match info.kind {
                VarKind::Param(f) | VarKind::Local(f) | VarKind::Temp(f) | VarKind::Ret(f) => {
                    Some(self.prog.func(f).name.clone())
                }
                VarKind::Global => None,
            };
            let mut cands = vec![clean.clone()];
            if let Some(f) = &func {
                cands.push(format!("{f}_{clean}"));
            }
            let mut name = None;
            for c in cands {
                if !taken.contains(&c) && !c.starts_with("__") {
                    name = Some(c);
                    break;
                }
            }
            let name = name.unwrap_or_else(|| {
                let base = match &func {
                    Some(f) => format!("{f}_{clean}"),
                    None => clean.clone(),
                };
                let base = base.trim_start_matches('_').to_string();
                (2..).map(|k| format!("{base}_{k}")).find(|c| !taken.contains(c)).unwrap_or(base)
            });
            taken.insert(name.clone());
            self.names.insert(v, name);
        }
    }

    fn constant(bits: u64, w: u32) -> String {
        let signed = kappa_ir::expr::to_signed(bits, w);
        let suffix = if w == 64 { "ull" } else { "u" };
        if bits < (1 << 31) {
            format!("{bits}{suffix}")
        } else if (-65536..0).contains(&signed) {
            format!("(({})-{})", uty(w), -signed)
        } else {
            format!("0x{bits:x}{suffix}")
        }
    }

    /// The C form of an IR expression: an integer of width w as a `uintW_t` value (possibly
    /// promoted), a boolean as 0 or 1.
    pub fn expr(&self, e: &Expr) -> String {
        match e {
            Expr::Int { bits, width } => Self::constant(*bits, *width),
            Expr::Bool(b) => (if *b { "1" } else { "0" }).into(),
            Expr::Var(v) => self.name(*v),
            Expr::Un(op, a) => {
                let w = self.width(a);
                let x = self.expr(a);
                match op {
                    UnOp::Neg => format!("({})-{}", uty(w), paren(&x)),
                    UnOp::BitNot => format!("({})~{}", uty(w), paren(&x)),
                    UnOp::Not => format!("!{}", paren(&x)),
                }
            }
            Expr::Bin(op, a, b) => self.bin(*op, a, b),
            Expr::Cast(op, w, a) => {
                let from = self.width(a);
                let x = self.expr(a);
                match op {
                    CastOp::SExt => format!("({})({}){}", uty(*w), sty(from), paren(&x)),
                    CastOp::ZExt | CastOp::Trunc => format!("({}){}", uty(*w), paren(&x)),
                }
            }
            Expr::Ite(c, a, b) => {
                self.conditionals.set(self.conditionals.get() + 1);
                let d = self.nesting.get() + 1;
                self.nesting.set(d);
                self.deepest.set(self.deepest.get().max(d));
                let s = format!("({} ? {} : {})", self.expr(c), self.expr(a), self.expr(b));
                self.nesting.set(d - 1);
                s
            }
            _ => "0 /* pointer expression */".into(),
        }
    }

    fn bin(&self, op: BinOp, a: &Expr, b: &Expr) -> String {
        use BinOp::*;
        let is_bool = self.prog.expr_ty(a) == Ty::Bool;
        let (x, y) = (paren(&self.expr(a)), paren(&self.expr(b)));
        if is_bool {
            return match op {
                And => format!("({x} && {y})"),
                Or => format!("({x} || {y})"),
                Eq => format!("({x} == {y})"),
                _ => format!("({x} != {y})"),
            };
        }
        let w = self.width(a);
        let u = uty(w);
        let s = sty(w);
        let konst = b.as_const().filter(|k| *k < u64::from(w));
        match op {
            Add => format!("({u})({x} + {y})"),
            Sub => format!("({u})({x} - {y})"),
            Mul if w == 16 => format!("({u})((uint32_t){x} * (uint32_t){y})"),
            Mul => format!("({u})({x} * {y})"),
            UDiv => format!("({u})({x} / {y})"),
            URem => format!("({u})({x} % {y})"),
            SDiv => format!("({u})(({s}){x} / ({s}){y})"),
            SRem => format!("({u})(({s}){x} % ({s}){y})"),
            And => format!("({x} & {y})"),
            Or => format!("({x} | {y})"),
            Xor => format!("({x} ^ {y})"),
            Shl | LShr | AShr => {
                let wide = if w < 32 { "uint32_t".to_string() } else { u.clone() };
                let shifted = |amount: &str| match op {
                    Shl => format!("({u})(({wide}){x} << {amount})"),
                    LShr => format!("({u})({x} >> {amount})"),
                    _ => format!("({u})(({s}){x} >> {amount})"),
                };
                match konst {
                    Some(k) => shifted(&k.to_string()),
                    None => {
                        let big = match op {
                            AShr => format!("({u})(({s}){x} >> {})", w - 1),
                            _ => "0u".into(),
                        };
                        format!("({y} >= {w}u ? {big} : {})", shifted(&y))
                    }
                }
            }
            Eq => format!("({x} == {y})"),
            Ne => format!("({x} != {y})"),
            Ult => format!("({x} < {y})"),
            Ule => format!("({x} <= {y})"),
            Ugt => format!("({x} > {y})"),
            Uge => format!("({x} >= {y})"),
            Slt => format!("(({s}){x} < ({s}){y})"),
            Sle => format!("(({s}){x} <= ({s}){y})"),
            Sgt => format!("(({s}){x} > ({s}){y})"),
            Sge => format!("(({s}){x} >= ({s}){y})"),
        }
    }

    fn cond(&self, e: &Expr) -> String {
        let s = self.expr(e);
        strip_parens(&s).to_string()
    }

    fn line_directive(&mut self, span: Span) {
        if !span.is_known() || ((span.file, span.line) == self.line && self.out.len() == self.line_mark) {
            return;
        }
        let file = self.prog.files.get(span.file as usize).cloned().unwrap_or_default();
        let _ = writeln!(self.out, "#line {} {}", span.line, c_string(&file));
        self.line = (span.file, span.line);
        self.line_mark = self.out.len();
    }

    fn ind(&mut self, depth: usize) {
        for _ in 0..depth + 1 {
            self.out.push_str("    ");
        }
    }

    fn stmt(&mut self, depth: usize, span: Span, text: &str) {
        self.line_directive(span);
        self.ind(depth);
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn label(p: PId) -> String {
        format!("n{p}")
    }

    /// A statement sequence from `p` until it ends or jumps to a labelled node.
    fn seq(&mut self, mut p: PId, depth: usize, first: bool) {
        let mut first = first;
        loop {
            if self.labelled[p] && !first {
                // Every goto ends its block; it is written as a marker so that a branch whose
                // ways all meet at one node can drop them and continue there.
                let mut line = String::new();
                for _ in 0..depth + 1 {
                    line.push_str("    ");
                }
                let _ = writeln!(line, "goto {};", Self::label(p));
                let _ = write!(self.out, "\u{0}{}\u{0}", self.gotos.len());
                self.gotos.push((line, p, true, false));
                if !self.emitted[p] && !self.pending.contains(&p) {
                    self.pending.push(p);
                }
                return;
            }
            first = false;
            self.emitted[p] = true;
            let node = self.pss.nodes[p].clone();
            match node.kind {
                PKind::Assign(pairs, next) => {
                    for (v, e) in &pairs {
                        let w = self.width(&Expr::Var(*v));
                        let mut rhs = self.expr(e);
                        if self.width(e) != w {
                            rhs = format!("({}){}", uty(w), paren(&rhs));
                        }
                        let text = format!("{} = {};", self.name(*v), strip_parens(&rhs));
                        self.stmt(depth, node.span, &text);
                    }
                    p = next;
                }
                PKind::Havoc(v, origin, next) => {
                    let w = self.width(&Expr::Var(v));
                    let text = match &origin {
                        NondetOrigin::Call { name } => {
                            let ty = c_type_name(&self.prog.var(v).ctype);
                            self.nondets.insert(name.clone(), ty);
                            format!("{} = ({}){name}();", self.name(v), uty(w))
                        }
                        NondetOrigin::Uninit { .. } => {
                            format!("{{ {} uninitialised; {} = uninitialised; }}", uty(w), self.name(v))
                        }
                    };
                    self.stmt(depth, node.span, &text);
                    p = next;
                }
                PKind::Branch(ways) => {
                    // `assume(c)` whose other way is the blocked end.
                    if ways.len() == 2 {
                        let blocked = |q: PId| matches!(self.pss.nodes[q].kind, PKind::Terminal(Terminal::Blocked));
                        if let Some(i) = (0..2).find(|&i| blocked(ways[1 - i].2) && !self.labelled[ways[1 - i].2]) {
                            self.uses_assume = true;
                            let text = format!("__VERIFIER_assume({});", self.cond(&ways[i].0));
                            self.stmt(depth, ways[i].1, &text);
                            self.emitted[ways[1 - i].2] = true;
                            p = ways[i].2;
                            continue;
                        }
                    }
                    let mark = self.gotos.len();
                    let mut blocks = Vec::new();
                    for (_, _, t) in &ways {
                        let saved = std::mem::take(&mut self.out);
                        self.line = (u32::MAX, 0);
                        self.seq(*t, depth + 1, false);
                        blocks.push(std::mem::replace(&mut self.out, saved));
                    }
                    self.line = (u32::MAX, 0);
                    // The node the ways meet at, if they are its only way in: it follows the
                    // branch instead of being jumped to.
                    let mut count: BTreeMap<PId, usize> = BTreeMap::new();
                    for g in &self.gotos[mark..] {
                        if g.2 && !g.3 {
                            *count.entry(g.1).or_default() += 1;
                        }
                    }
                    let join = count
                        .iter()
                        .filter(|(j, c)| **c == self.indeg[**j] && !self.emitted[**j])
                        .max_by_key(|(_, c)| **c)
                        .map(|(j, _)| *j);
                    if let Some(j) = join {
                        // The other jumps are no longer at the end of what follows: they stay.
                        for g in &mut self.gotos[mark..] {
                            if g.1 == j {
                                g.2 = false;
                            } else {
                                g.3 = true;
                            }
                        }
                        self.pending.retain(|q| *q != j);
                    }
                    let empty = |b: &str, gotos: &[(String, PId, bool, bool)]| {
                        b.split('\u{0}').enumerate().all(|(i, part)| {
                            if i % 2 == 1 {
                                part.parse::<usize>().is_ok_and(|g| !gotos[g].2)
                            } else {
                                part.is_empty()
                            }
                        })
                    };
                    let skip: Vec<bool> = blocks.iter().map(|b| empty(b, &self.gotos)).collect();
                    if ways.len() == 2 && (skip[0] || skip[1]) {
                        let i = if skip[0] { 1 } else { 0 };
                        if !skip[i] {
                            let head = format!("if ({}) {{", self.cond(&ways[i].0));
                            self.stmt(depth, ways[i].1, &head);
                            self.out.push_str(&blocks[i]);
                            self.ind(depth);
                            self.out.push_str("}\n");
                        }
                    } else {
                        let last = ways.len() - 1;
                        for (i, (c, span, _)) in ways.iter().enumerate() {
                            let head = if i == 0 {
                                format!("if ({}) {{", self.cond(c))
                            } else if i < last {
                                format!("}} else if ({}) {{", self.cond(c))
                            } else {
                                "} else {".to_string()
                            };
                            self.stmt(depth, *span, &head);
                            self.out.push_str(&blocks[i]);
                        }
                        self.ind(depth);
                        self.out.push_str("}\n");
                    }
                    self.line = (u32::MAX, 0);
                    match join {
                        Some(j) => {
                            p = j;
                            first = true;
                        }
                        None => return,
                    }
                }
                PKind::Terminal(t) => {
                    self.terminal(&t, depth, node.span);
                    return;
                }
                PKind::Skip(_) => {
                    self.stmt(depth, node.span, "for (;;) ;");
                    return;
                }
            }
        }
    }

    fn terminal(&mut self, t: &Terminal, depth: usize, span: Span) {
        match t {
            Terminal::End => self.stmt(depth, span, "return 0;"),
            Terminal::Error { kind: ErrorKind::ReachError, .. } => {
                self.uses_reach_error = true;
                self.stmt(depth, span, "reach_error();");
                self.stmt(depth, span, "return 0;");
            }
            Terminal::Error { message, .. } => {
                self.uses_assert = true;
                let text = message.split('`').nth(1).unwrap_or("0").to_string();
                let file = self.prog.files.get(span.file as usize).cloned().unwrap_or_default();
                let call = format!(
                    "__assert_fail({}, {}, {}, {});",
                    c_string(&text),
                    c_string(&file),
                    span.line,
                    c_string(&self.entry.name)
                );
                self.stmt(depth, span, &call);
            }
            Terminal::Abort => {
                self.uses_stdlib = true;
                self.stmt(depth, span, "abort();");
            }
            Terminal::Exit(code) => {
                self.uses_stdlib = true;
                let c = code.as_ref().map(|c| format!("(int){}", paren(&self.expr(c)))).unwrap_or_else(|| "0".into());
                self.stmt(depth, span, &format!("exit({c});"));
            }
            Terminal::Blocked => {
                self.uses_assume = true;
                self.stmt(depth, span, "__VERIFIER_assume(0);");
                self.stmt(depth, span, "return 0;");
            }
        }
    }

    /// Names, labels and the variables to declare; `always` are declared even if unused (the
    /// targets).
    pub fn prepare(&mut self, always: &[VarId]) {
        let order = self.pss.reachable();
        let mut indeg = vec![0usize; self.pss.nodes.len()];
        indeg[self.pss.root] += 1;
        let mut vars: BTreeSet<VarId> = always.iter().copied().collect();
        for &p in &order {
            for s in self.pss.succs(p) {
                indeg[s] += 1;
            }
            let mut exprs: Vec<&Expr> = Vec::new();
            match &self.pss.nodes[p].kind {
                PKind::Assign(ps, _) => {
                    for (v, e) in ps {
                        vars.insert(*v);
                        exprs.push(e);
                    }
                }
                PKind::Havoc(v, _, _) => {
                    vars.insert(*v);
                }
                PKind::Branch(ws) => exprs.extend(ws.iter().map(|w| &w.0)),
                PKind::Terminal(Terminal::Exit(Some(c))) => exprs.push(c),
                _ => {}
            }
            for e in exprs {
                e.for_each_var(&mut |v| {
                    vars.insert(v);
                });
            }
        }
        vars.extend(self.entry.params.iter().copied());
        for &p in &order {
            self.labelled[p] = indeg[p] != 1 || matches!(self.pss.nodes[p].kind, PKind::Skip(_));
        }
        self.labelled[self.pss.root] = false;
        self.indeg = indeg;
        self.assign_names(&vars);
        self.vars = vars;
    }

    /// The whole program. `header` is the comment at its top.
    /// The decompiled program, the conditional expressions in it and their deepest nesting.
    pub fn program(mut self, header: &str) -> (String, u64, u64) {
        self.conditionals.set(0);
        self.deepest.set(0);
        let vars = std::mem::take(&mut self.vars);
        // Body first: it tells which declarations are needed.
        self.seq(self.pss.root, 0, true);
        while let Some(p) = self.pending.pop() {
            if self.emitted[p] {
                continue;
            }
            let _ = writeln!(self.out, "{}: ;", Self::label(p));
            self.seq(p, 0, true);
        }
        let raw = std::mem::take(&mut self.out);
        let mut body = String::with_capacity(raw.len());
        for (i, part) in raw.split('\u{0}').enumerate() {
            if i % 2 == 0 {
                body.push_str(part);
            } else if let Some(g) = part.parse::<usize>().ok().and_then(|g| self.gotos.get(g)) {
                if g.2 {
                    body.push_str(&g.0);
                }
            }
        }
        let body = tidy(&body);
        let mut o = String::new();
        o.push_str(header);
        o.push_str("#include <stdint.h>\n");
        if self.uses_stdlib || self.uses_reach_error || self.uses_assume {
            o.push_str("#include <stdlib.h>\n");
        }
        if self.uses_assert {
            o.push_str("#include <assert.h>\n");
        }
        o.push('\n');
        for (name, ty) in &self.nondets {
            let _ = writeln!(o, "extern {ty} ({name})(void);");
        }
        if self.uses_assume {
            o.push_str("extern void (__VERIFIER_assume)(int);\n");
            o.push_str("__attribute__((weak)) void (__VERIFIER_assume)(int cond) { if (!cond) exit(0); }\n");
        }
        if self.uses_reach_error {
            o.push_str("extern void (reach_error)(void);\n");
            o.push_str("__attribute__((weak)) void (reach_error)(void) { abort(); }\n");
        }
        let globals: Vec<VarId> = vars.iter().copied().filter(|v| self.prog.var(*v).kind == VarKind::Global).collect();
        if !globals.is_empty() {
            o.push('\n');
        }
        for g in &globals {
            let init = self.prog.globals.iter().find(|gi| gi.var == *g).and_then(|gi| gi.value.as_const()).unwrap_or(0);
            let w = self.width(&Expr::Var(*g));
            let _ = writeln!(o, "{} {} = {};", uty(w), self.name(*g), Self::constant(init, w));
        }
        let params: Vec<String> = self
            .entry
            .params
            .iter()
            .map(|p| format!("{} {}", c_type_name(&self.prog.var(*p).ctype), self.name(*p)))
            .collect();
        let params = if params.is_empty() { "void".to_string() } else { params.join(", ") };
        let _ = writeln!(o, "\nint {}({params})\n{{", self.entry.name);
        for v in &vars {
            let info = self.prog.var(*v);
            if info.kind == VarKind::Global || self.entry.params.contains(v) {
                continue;
            }
            let w = self.width(&Expr::Var(*v));
            let _ = writeln!(o, "    {} {} = 0;", uty(w), self.name(*v));
        }
        o.push_str(&body);
        o.push_str("}\n");
        (o, self.conditionals.get(), self.deepest.get())
    }
}

fn paren(s: &str) -> String {
    let simple = s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if simple || (s.starts_with('(') && matching_close(s) == Some(s.len() - 1)) {
        s.to_string()
    } else {
        format!("({s})")
    }
}

fn strip_parens(s: &str) -> &str {
    if s.starts_with('(') && matching_close(s) == Some(s.len() - 1) {
        &s[1..s.len() - 1]
    } else {
        s
    }
}

/// Index of the parenthesis closing the one at index 0.
fn matching_close(s: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

impl Decompiler<'_> {
    /// The PSS-CFG as Graphviz DOT: one node per statement, branch or end, labelled with the
    /// original line; branch edges labelled with their conditions.
    pub fn dot(&self) -> String {
        let esc = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut o = String::from("digraph pss_cfg {\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n  edge [fontname=\"monospace\", fontsize=9];\n");
        for p in self.pss.reachable() {
            let node = &self.pss.nodes[p];
            let line = if node.span.is_known() { format!("line {}: ", node.span.line) } else { String::new() };
            let (label, shape) = match &node.kind {
                PKind::Assign(ps, _) => (
                    ps.iter()
                        .map(|(v, e)| format!("{} = {}", self.name(*v), strip_parens(&self.expr(e))))
                        .collect::<Vec<_>>()
                        .join("; "),
                    "box",
                ),
                PKind::Havoc(v, o, _) => (
                    match o {
                        NondetOrigin::Call { name } => format!("{} = {name}()", self.name(*v)),
                        NondetOrigin::Uninit { .. } => format!("{} = uninitialised", self.name(*v)),
                    },
                    "box",
                ),
                PKind::Branch(_) => ("branch".to_string(), "diamond"),
                PKind::Terminal(t) => (
                    match t {
                        Terminal::End => "end".to_string(),
                        Terminal::Error { kind, .. } => kind.name().to_string(),
                        Terminal::Abort => "abort".to_string(),
                        Terminal::Exit(_) => "exit".to_string(),
                        Terminal::Blocked => "assume fails".to_string(),
                    },
                    "doublecircle",
                ),
                PKind::Skip(_) => ("loop".to_string(), "circle"),
            };
            let _ = writeln!(o, "  p{p} [label=\"{}{}\", shape={shape}];", esc(&line), esc(&label));
            match &node.kind {
                PKind::Branch(ws) => {
                    for (c, _, t) in ws {
                        let _ = writeln!(o, "  p{p} -> p{t} [label=\"{}\"];", esc(&self.cond(c)));
                    }
                }
                _ => {
                    for s in self.pss.succs(p) {
                        let _ = writeln!(o, "  p{p} -> p{s};");
                    }
                }
            }
        }
        o.push_str("}\n");
        o
    }
}

/// Drops a `goto` to the label right after it and an empty `else`.
fn tidy(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let next_code = |i: usize| (i + 1..lines.len()).find(|&j| !lines[j].starts_with("#line"));
    let mut keep = vec![true; lines.len()];
    for i in 0..lines.len() {
        let t = lines[i].trim();
        if let Some(target) = t.strip_prefix("goto ").and_then(|x| x.strip_suffix(';')) {
            if next_code(i).is_some_and(|j| lines[j].trim() == format!("{target}: ;")) {
                keep[i] = false;
            }
        }
        if t == "} else {" {
            if let Some(j) = next_code(i) {
                if lines[j].trim() == "}" {
                    for k in keep.iter_mut().take(j).skip(i) {
                        *k = false;
                    }
                }
            }
        }
    }
    // Labels nothing jumps to any more.
    let text: String = lines.iter().zip(&keep).filter(|(_, k)| **k).map(|(l, _)| format!("{l}\n")).collect();
    let mut out = String::with_capacity(text.len());
    for l in text.lines() {
        if let Some(label) = l.strip_suffix(": ;") {
            if !text.contains(&format!("goto {label};")) {
                continue;
            }
        }
        out.push_str(l);
        out.push('\n');
    }
    out
}
