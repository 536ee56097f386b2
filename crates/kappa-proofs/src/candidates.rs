//! The candidate invariant pool at loop heads (docs/design-proofs.md, "Template facts" and
//! "k-induction with invariants"): the loop condition and writes of
//! `kappa_svcomp::invariants::candidates`, *template facts* — linear equalities between the
//! progressions of the loop's variables with the iteration count eliminated, and parity where
//! every step is even — the disjunctions of the loop's condition with a fact asserted after
//! the loop (`g || a`, guard or postcondition), and simple relational atoms between the loop's
//! variables (`x <= y`, constant bounds, `x - x0 <= c·(i - i0)` against a counter). A candidate is only a guess:
//! the proof checks each one (Houdini), so the pool may be generous but never decides anything.
//!
//! The progressions are read off the loop's body paths by a linear symbolic execution (each
//! path's increment of a variable is a linear form over the values at the head, the path's
//! fresh values and a constant) — what a compact template's θ*[κ] gives for a constant step,
//! extended to steps by a nondet or loop-invariant amount (`s += v; t += 100 - v`). The
//! equalities are the null space of the paths' increments (the affine join of the cycles).
//! Values at the loop's entry (x0) are constants where the straight-line code before the loop
//! assigns one, else *ghost* registers the step case assigns on entry.

use kappa_ir::analysis::{analyze_program, CycleOptions, NaturalLoop};
use kappa_ir::expr::{BinOp, CastOp, Expr, UnOp};
use kappa_ir::{CType, FuncId, Function, Loc, LocKind, Op, Program, Ty, VarId, VarInfo, VarKind};
use std::collections::BTreeMap;

/// A candidate invariant at a loop head.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub func: FuncId,
    pub header: Loc,
    /// A boolean IR expression over the function's registers (and ghosts).
    pub atom: Expr,
    /// The atom as C, when it has a C form (no ghost register in it).
    pub text: Option<String>,
    /// Ghost registers the atom reads: (ghost, variable), the ghost holding the variable's
    /// value at the loop's entry.
    pub ghosts: Vec<(VarId, VarId)>,
    /// The candidate's kind, most useful first: what [`cap`] keeps when the pool is too big.
    pub rank: Rank,
}

/// The kinds of candidates, in the order [`cap`] keeps them (most useful first): what the
/// program asserts, the loop's condition and the facts of its writes, the template facts, the
/// bounds of a remainder, the guards of the body's branches, the generic relational and
/// constant atoms whose number grows with the square of the loop's variables, then the
/// guard-or-postcondition disjunctions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// An assertion in the loop's body (`__VERIFIER_assert(c)`, `if (!c) reach_error()`).
    Assertion,
    /// `invariants::candidates`: the loop condition, the bounds of what the loop writes.
    Condition,
    /// Linear equalities, parity.
    Template,
    /// `0 <= x <= m - 1` (or `-(m - 1) <= x`) where the body assigns `x = e % m`.
    Remainder,
    /// A comparison the body branches on, over variables with a value at the head.
    Guard,
    /// `x - x0 <= c·(i - i0)` against a counter.
    Counter,
    /// `x <= y` between the loop's variables.
    Relational,
    /// `c <= x`, `x <= c` for the loop's constants.
    Constant,
    /// `g || a`: the loop's condition or a fact asserted after the loop. Last: the proof
    /// tries them only after it failed without them, so they must not take the place of the
    /// others in a pool cut to its budget.
    PostCondition,
}

/// Work units of the candidate pool of one program (a candidate costs the size of its atom,
/// in expression nodes: its checks on entry and on every back edge fork the step program's
/// paths and each is a solver query of that size). The tuning programs' pools cost at most
/// a few hundred units; the slicer's program of a driver had 1,666 candidates, whose step
/// programs took seconds before the exploration could start.
pub const POOL_WORK: usize = 2_000;
/// Candidates at one loop head, at most.
pub const MAX_PER_HEAD: usize = 160;

/// The pool cut to its work budget ([`POOL_WORK`], [`MAX_PER_HEAD`]): per head, candidates
/// are taken by [`Rank`] (in their order within a rank), then across heads in turn, until the
/// budget is spent. Deterministic: counts, not time.
pub fn cap(cands: Vec<Candidate>) -> Vec<Candidate> {
    let mut heads: Vec<(FuncId, Loc)> = Vec::new();
    for c in &cands {
        if !heads.contains(&(c.func, c.header)) {
            heads.push((c.func, c.header));
        }
    }
    let mut queues: Vec<Vec<usize>> = heads
        .iter()
        .map(|h| {
            let mut q: Vec<usize> = (0..cands.len()).filter(|&i| (cands[i].func, cands[i].header) == *h).collect();
            q.sort_by_key(|&i| cands[i].rank);
            q.truncate(MAX_PER_HEAD);
            q.reverse();
            q
        })
        .collect();
    let mut keep = vec![false; cands.len()];
    let mut work = 0;
    'fill: loop {
        let mut any = false;
        for q in &mut queues {
            let Some(i) = q.pop() else { continue };
            any = true;
            let cost = expr_size(&cands[i].atom);
            if work + cost > POOL_WORK {
                break 'fill;
            }
            work += cost;
            keep[i] = true;
        }
        if !any {
            break;
        }
    }
    cands.into_iter().zip(keep).filter(|(_, k)| *k).map(|(c, _)| c).collect()
}

/// The number of nodes of an expression.
fn expr_size(e: &Expr) -> usize {
    let mut n = 0;
    e.walk(&mut |_| n += 1);
    n
}

/// Paths through a loop body looked at for progressions, at most.
const MAX_PATHS: usize = 64;
/// Edges of one body path, at most.
const MAX_PATH_LEN: usize = 400;
/// Constants of a loop body used for bounds, at most.
const MAX_CONSTANTS: usize = 8;

/// The candidate pool of every loop head of the program's own functions. Ghost registers the
/// candidates need are added to `prog` (as temporaries of the loop's function).
pub fn pool(prog: &mut Program) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = kappa_svcomp::invariants::candidates(prog)
        .into_iter()
        .map(|c| Candidate {
            func: c.func,
            header: c.header,
            atom: c.atom,
            text: Some(c.text),
            ghosts: vec![],
            rank: Rank::Condition,
        })
        .collect();
    let analyses = analyze_program(prog, &CycleOptions::default());
    for (fi, a) in analyses.iter().enumerate() {
        let fid = FuncId(fi as u32);
        if prog.is_library(fid) {
            continue;
        }
        for l in &a.loops.loops {
            let mut found = loop_candidates(prog, fid, l);
            out.append(&mut found);
        }
    }
    // One candidate per atom and head.
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| seen.insert((c.func, c.header, c.atom.clone())));
    out
}

/// A named integer register of the function (or a global) that C can refer to.
/// Also a local the front-end renamed (`i.1`: a second `i` of the function, in another scope),
/// which takes part in the proof but has no C form (its candidates get no text).
fn nameable(prog: &Program, f: FuncId, v: VarId) -> Option<(u32, bool)> {
    let info = prog.var(v);
    let own =
        matches!(info.kind, VarKind::Global) || matches!(info.kind, VarKind::Param(g) | VarKind::Local(g) if g == f);
    let base = match info.name.split_once('.') {
        Some((b, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => b,
        _ => info.name.as_str(),
    };
    let ident = is_identifier(base);
    match (&info.ty, &info.ctype) {
        (Ty::Int(w), CType::Int { signed, .. }) if own && ident && *w > 1 => Some((*w, *signed)),
        _ => None,
    }
}

fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// A value at the head: the variable's value there, or a fresh value of one path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Atom {
    Init(VarId),
    Fresh(u32),
}

/// A linear form: coefficients of atoms plus a constant.
#[derive(Clone, Debug, Default, PartialEq)]
struct Lin {
    coef: BTreeMap<Atom, i128>,
    konst: i128,
}

impl Lin {
    fn atom(a: Atom) -> Lin {
        Lin { coef: BTreeMap::from([(a, 1)]), konst: 0 }
    }
    fn konst(c: i128) -> Lin {
        Lin { coef: BTreeMap::new(), konst: c }
    }
    fn add(&self, o: &Lin, k: i128) -> Lin {
        let mut r = self.clone();
        for (a, c) in &o.coef {
            *r.coef.entry(*a).or_insert(0) += c * k;
        }
        r.coef.retain(|_, c| *c != 0);
        r.konst += o.konst * k;
        r
    }
    fn scale(&self, k: i128) -> Lin {
        Lin::default().add(self, k)
    }
    fn as_const(&self) -> Option<i128> {
        self.coef.is_empty().then_some(self.konst)
    }
}

/// The linear symbolic execution of one body path.
struct PathExec {
    vals: BTreeMap<VarId, Lin>,
    fresh: u32,
}

impl PathExec {
    fn get(&self, v: VarId) -> Lin {
        self.vals.get(&v).cloned().unwrap_or_else(|| Lin::atom(Atom::Init(v)))
    }
    fn fresh(&mut self) -> Lin {
        self.fresh += 1;
        Lin::atom(Atom::Fresh(self.fresh))
    }
    fn eval(&mut self, e: &Expr) -> Lin {
        let small = |c: i128| c.abs() < 1 << 40;
        match e {
            Expr::Var(v) => self.get(*v),
            Expr::Int { bits, width } => Lin::konst(kappa_ir::expr::to_signed(*bits, *width) as i128),
            Expr::Bin(BinOp::Add, a, b) => {
                let (x, y) = (self.eval(a), self.eval(b));
                x.add(&y, 1)
            }
            Expr::Bin(BinOp::Sub, a, b) => {
                let (x, y) = (self.eval(a), self.eval(b));
                x.add(&y, -1)
            }
            Expr::Bin(BinOp::Mul, a, b) => {
                let (x, y) = (self.eval(a), self.eval(b));
                match (x.as_const(), y.as_const()) {
                    (Some(c), _) if small(c) => y.scale(c),
                    (_, Some(c)) if small(c) => x.scale(c),
                    _ => self.fresh(),
                }
            }
            Expr::Un(UnOp::Neg, a) => self.eval(a).scale(-1),
            // Widening and narrowing keep small values: a guess, checked later.
            Expr::Cast(CastOp::SExt | CastOp::ZExt | CastOp::Trunc, _, a) => self.eval(a),
            _ => self.fresh(),
        }
    }
}

/// Per body path: the increments of the variables it writes, and its guards on the head's values.
type BodyPaths = (Vec<BTreeMap<VarId, Lin>>, Vec<Vec<Expr>>);

/// The increments (value at the back edge minus value at the head) of every variable each
/// body path of an innermost loop writes, and each path's *head guards* (the conditions it
/// assumes over variables it has not assigned yet: conditions on the values at the head);
/// `None` when the paths are too many or too long.
fn path_increments(f: &Function, l: &NaturalLoop) -> Option<BodyPaths> {
    let mut out = Vec::new();
    let mut guards_out = Vec::new();
    // Depth-first over (location, edges taken so far, executor, head guards).
    let mut stack: Vec<(Loc, usize, PathExec, Vec<Expr>)> =
        vec![(l.header, 0, PathExec { vals: BTreeMap::new(), fresh: 0 }, vec![])];
    while let Some((at, len, ex, guards)) = stack.pop() {
        if len > MAX_PATH_LEN {
            return None;
        }
        for e in f.out_edges(at) {
            let edge = f.edge(*e);
            if !l.contains(edge.dst) {
                continue;
            }
            let mut next = PathExec { vals: ex.vals.clone(), fresh: ex.fresh };
            let mut next_guards = guards.clone();
            if let Op::Assume(c @ Expr::Bin(op, ..)) = &edge.op {
                let mut at_head = true;
                c.for_each_var(&mut |v| at_head &= !ex.vals.contains_key(&v));
                if op.is_comparison() && at_head {
                    next_guards.push(c.clone());
                }
            }
            match &edge.op {
                Op::Assign { dst, value } => {
                    let v = next.eval(value);
                    next.vals.insert(*dst, v);
                }
                op => {
                    if let Some(d) = op.def() {
                        let v = next.fresh();
                        next.vals.insert(d, v);
                    }
                }
            }
            if edge.dst == l.header {
                let incs = next.vals.iter().map(|(v, lin)| (*v, lin.add(&Lin::atom(Atom::Init(*v)), -1))).collect();
                out.push(incs);
                guards_out.push(next_guards);
                if out.len() > MAX_PATHS {
                    return None;
                }
            } else {
                stack.push((edge.dst, len + 1, next, next_guards));
            }
        }
    }
    Some((out, guards_out))
}

/// The rows of the linear system whose null space is the equalities `Σ c_v·(v - v0) = 0`
/// the given paths keep: per path, the constant and each atom's coefficient of the increments.
fn equality_rows(paths: &[&BTreeMap<VarId, Lin>], lin: &[VarId]) -> Vec<Vec<i128>> {
    let inc = |p: &BTreeMap<VarId, Lin>, v: VarId| p.get(&v).cloned().unwrap_or_default();
    let mut rows = Vec::new();
    for p in paths {
        let mut atoms: Vec<Option<Atom>> = vec![None];
        for v in lin {
            atoms.extend(inc(p, *v).coef.keys().map(|a| Some(*a)));
        }
        atoms.sort();
        atoms.dedup();
        for a in atoms {
            rows.push(
                lin.iter()
                    .map(|v| {
                        let i = inc(p, *v);
                        match a {
                            None => i.konst,
                            Some(a) => i.coef.get(&a).copied().unwrap_or(0),
                        }
                    })
                    .collect::<Vec<i128>>(),
            );
        }
    }
    rows
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// A basis of the integer null space of `rows` (each of length `n`), by fraction-free
/// Gaussian elimination.
fn null_space(mut rows: Vec<Vec<i128>>, n: usize) -> Vec<Vec<i128>> {
    let mut pivots: Vec<usize> = Vec::new();
    let mut r = 0;
    for c in 0..n {
        let Some(p) = (r..rows.len()).find(|&i| rows[i][c] != 0) else { continue };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i != r && rows[i][c] != 0 {
                let (a, b) = (rows[r][c], rows[i][c]);
                let pivot = rows[r].clone();
                for (x, y) in rows[i].iter_mut().zip(&pivot) {
                    *x = *x * a - y * b;
                }
                let g = rows[i].iter().fold(0, |g, x| gcd(g, *x));
                if g > 1 {
                    rows[i].iter_mut().for_each(|x| *x /= g);
                }
                if rows[i].iter().any(|x| x.abs() > 1 << 60) {
                    return vec![];
                }
            }
        }
        pivots.push(c);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    let mut basis = Vec::new();
    for free in (0..n).filter(|c| !pivots.contains(c)) {
        // x_free = L (the product of the pivots), each pivot variable solved from its row.
        let l = pivots.iter().enumerate().fold(1i128, |acc, (i, &c)| {
            let p = rows[i][c].abs();
            acc / gcd(acc, p) * p
        });
        let mut v = vec![0i128; n];
        v[free] = l;
        for (i, &c) in pivots.iter().enumerate() {
            v[c] = -rows[i][free] * (l / rows[i][c]);
        }
        let g = v.iter().fold(0, |g, x| gcd(g, *x));
        if g > 1 {
            v.iter_mut().for_each(|x| *x /= g);
        }
        if v.iter().find(|x| **x != 0).is_some_and(|x| *x < 0) {
            v.iter_mut().for_each(|x| *x = -*x);
        }
        if v.iter().all(|x| x.abs() < 1 << 20) {
            basis.push(v);
        }
    }
    basis
}

/// The value of `v` at the loop's entry in an atom: the constant assigned before the loop, or
/// a ghost register.
struct EntryValues<'a> {
    prog: &'a mut Program,
    func: FuncId,
    l: &'a NaturalLoop,
    ghosts: Vec<(VarId, VarId)>,
}

impl EntryValues<'_> {
    fn of(&mut self, v: VarId, used: &mut Vec<(VarId, VarId)>) -> (Expr, Option<String>) {
        let f = &self.prog.functions[self.func.index()];
        if let Some(c) = kappa_svcomp::invariants::entry_constant(f, self.l, v) {
            let (bits, width) = match c {
                Expr::Int { bits, width } => (bits, width),
                _ => unreachable!("entry_constant gives an integer constant"),
            };
            return (c.clone(), Some(kappa_ir::expr::to_signed(bits, width).to_string()));
        }
        let g = match self.ghosts.iter().find(|(_, x)| *x == v) {
            Some((g, _)) => *g,
            None => {
                let info = self.prog.var(v).clone();
                let g = VarId(self.prog.vars.len() as u32);
                self.prog.vars.push(VarInfo {
                    name: format!("{}$entry", info.name),
                    kind: VarKind::Temp(self.func),
                    ..info
                });
                self.prog.functions[self.func.index()].vars.push(g);
                self.ghosts.push((g, v));
                g
            }
        };
        if !used.contains(&(g, v)) {
            used.push((g, v));
        }
        (Expr::Var(g), None)
    }
}

/// `Σ c_v·(v - v0)` as an IR sum of width `w`, and its C text.
fn linear_sum(
    ev: &mut EntryValues<'_>,
    terms: &[(VarId, i128)],
    w: u32,
    used: &mut Vec<(VarId, VarId)>,
) -> (Expr, Expr, Option<String>, Option<String>) {
    let mut lhs: Option<Expr> = None;
    let mut rhs: Option<Expr> = None;
    let mut lt = String::new();
    // The right-hand side's value when every entry value is a constant.
    let mut rc: Option<i128> = Some(0);
    for &(v, c) in terms {
        let name = ev.prog.var(v).name.clone();
        let (x0, x0t) = ev.of(v, used);
        let scale = |e: Expr| if c == 1 { e } else { Expr::bin(BinOp::Mul, Expr::int(c, w), e) };
        lhs = Some(match lhs {
            None => scale(Expr::Var(v)),
            Some(s) => Expr::bin(BinOp::Add, s, scale(Expr::Var(v))),
        });
        rhs = Some(match rhs {
            None => scale(x0),
            Some(s) => Expr::bin(BinOp::Add, s, scale(x0)),
        });
        let t = match c {
            1 => name,
            -1 => format!("-{name}"),
            _ => format!("{c} * {name}"),
        };
        lt = if lt.is_empty() {
            t
        } else if let Some(rest) = t.strip_prefix('-') {
            format!("{lt} - {rest}")
        } else {
            format!("{lt} + {t}")
        };
        rc = match (rc, x0t.and_then(|t| t.parse::<i128>().ok())) {
            (Some(acc), Some(x)) => Some(acc + c * x),
            _ => None,
        };
    }
    let zero = Expr::int(0, w);
    (lhs.unwrap_or(zero.clone()), rhs.unwrap_or(zero), Some(lt), rc.map(|c| c.to_string()))
}

/// `x - (t)` as C, `x` when t is 0.
fn minus(x: &str, t: &str) -> String {
    if t == "0" {
        x.to_string()
    } else {
        format!("{x} - ({t})")
    }
}

/// The candidates of one loop beyond `invariants::candidates`.
fn loop_candidates(prog: &mut Program, fid: FuncId, l: &NaturalLoop) -> Vec<Candidate> {
    let f = prog.functions[fid.index()].clone();
    let h = l.header;
    let mut out = Vec::new();
    // The loop's named integer registers, those it writes, and its constants.
    let (mut vars, mut written, mut consts): (Vec<VarId>, Vec<VarId>, Vec<i128>) = (vec![], vec![], vec![0, 1]);
    for e in f.edge_ids() {
        let edge = f.edge(e);
        if !l.contains(edge.src) {
            continue;
        }
        let mut note = |v: VarId| {
            if nameable(prog, fid, v).is_some() && !vars.contains(&v) {
                vars.push(v);
            }
        };
        edge.op.for_each_use(&mut note);
        if let Some(d) = edge.op.def() {
            note(d);
            if l.contains(edge.dst) && nameable(prog, fid, d).is_some() && !written.contains(&d) {
                written.push(d);
            }
        }
        for x in edge.op.exprs() {
            x.walk(&mut |s| {
                if let Expr::Int { bits, width } = s {
                    let c = kappa_ir::expr::to_signed(*bits, *width) as i128;
                    if c.abs() <= 1 << 20 && !consts.contains(&c) && consts.len() < MAX_CONSTANTS {
                        consts.push(c);
                    }
                }
            });
        }
    }
    // Only variables with a value at the loop's head: parameters, globals and those assigned
    // before the loop (a variable declared in the body has none there).
    let defined_outside = |v: &VarId| {
        !matches!(prog.var(*v).kind, VarKind::Local(_) | VarKind::Temp(_))
            || f.edges.iter().any(|e| e.op.def() == Some(*v) && !(l.contains(e.src) && l.contains(e.dst)))
    };
    vars.retain(defined_outside);
    written.retain(defined_outside);
    let cmp = |signed: bool, strict: bool| match (signed, strict) {
        (true, false) => BinOp::Sle,
        (false, false) => BinOp::Ule,
        (true, true) => BinOp::Slt,
        (false, true) => BinOp::Ult,
    };
    // Registers called in C by their IR name (the ghosts added below are not).
    let plain: Vec<bool> = prog.vars.iter().map(|v| is_identifier(&v.name)).collect();
    let mut push = |rank: Rank, atom: Expr, text: Option<String>, ghosts: Vec<(VarId, VarId)>| {
        let mut named = true;
        atom.for_each_var(&mut |v| named &= plain.get(v.index()).copied().unwrap_or(false));
        let text = text.filter(|_| named);
        out.push(Candidate { func: fid, header: h, atom, text, ghosts, rank });
    };
    // Relational atoms `x <= y` between a written variable and any of the loop's variables of
    // its type, and constant bounds.
    for &x in &written {
        let Some((w, s)) = nameable(prog, fid, x) else { continue };
        let xn = prog.var(x).name.clone();
        for &y in &vars {
            if y == x || nameable(prog, fid, y) != Some((w, s)) {
                continue;
            }
            let yn = prog.var(y).name.clone();
            let (xy, yx) = (format!("{xn} <= {yn}"), format!("{yn} <= {xn}"));
            push(Rank::Relational, Expr::bin(cmp(s, false), Expr::Var(x), Expr::Var(y)), Some(xy), vec![]);
            push(Rank::Relational, Expr::bin(cmp(s, false), Expr::Var(y), Expr::Var(x)), Some(yx), vec![]);
        }
        for &c in &consts {
            if !s && c < 0 {
                continue;
            }
            let (lo, hi) = (format!("{c} <= {xn}"), format!("{xn} <= {c}"));
            push(Rank::Constant, Expr::bin(cmp(s, false), Expr::int(c, w), Expr::Var(x)), Some(lo), vec![]);
            push(Rank::Constant, Expr::bin(cmp(s, false), Expr::Var(x), Expr::int(c, w)), Some(hi), vec![]);
        }
    }
    // What the body asserts, the bounds of its remainders and the comparisons it branches on,
    // over variables with a value at the head (a guess there: Houdini keeps what is inductive).
    let head_valued = |e: &Expr| {
        let mut ok = true;
        e.for_each_var(&mut |v| ok &= nameable(prog, fid, v).is_some() && defined_outside(&v));
        ok && e.ty(&|v| prog.var_ty(v), prog.ptr_bits()) == Ty::Bool
    };
    for e in f.edge_ids() {
        let edge = f.edge(e);
        if !l.contains(edge.src) {
            continue;
        }
        let mut asserted = Vec::new();
        match &edge.op {
            Op::Call { func, args, .. } => asserted.extend(assertion(prog, *func, args)),
            Op::Assume(c) if is_verification_error(&f, edge.dst) => asserted.push(c.clone().negate()),
            Op::Assume(c @ Expr::Bin(op, a, b)) if op.is_comparison() && head_valued(c) => {
                push(Rank::Guard, c.clone(), c_text(prog, fid, c), vec![]);
                let weak = match op {
                    BinOp::Slt => Some(BinOp::Sle),
                    BinOp::Sgt => Some(BinOp::Sge),
                    BinOp::Ult => Some(BinOp::Ule),
                    BinOp::Ugt => Some(BinOp::Uge),
                    _ => None,
                };
                if let Some(w) = weak {
                    let c = Expr::bin(w, (**a).clone(), (**b).clone());
                    push(Rank::Guard, c.clone(), c_text(prog, fid, &c), vec![]);
                }
            }
            Op::Assign { dst, value: Expr::Bin(op @ (BinOp::SRem | BinOp::URem), _, m) } if written.contains(dst) => {
                let (Some((w, signed)), Some(m)) = (nameable(prog, fid, *dst), m.as_const()) else { continue };
                let m = m as i128;
                if !(2..=1 << 30).contains(&m) || signed != (*op == BinOp::SRem) {
                    continue;
                }
                let xn = prog.var(*dst).name.clone();
                let hi = Expr::bin(cmp(signed, false), Expr::Var(*dst), Expr::int(m - 1, w));
                push(Rank::Remainder, hi, Some(format!("{xn} <= {}", m - 1)), vec![]);
                if signed {
                    let lo = Expr::bin(BinOp::Sle, Expr::int(1 - m, w), Expr::Var(*dst));
                    push(Rank::Remainder, lo, Some(format!("{} <= {xn}", 1 - m)), vec![]);
                }
            }
            _ => {}
        }
        for a in asserted {
            let mut parts = vec![a.clone()];
            conjuncts(&a, &mut parts);
            for c in parts.into_iter().filter(|c| head_valued(c)) {
                let text = c_text(prog, fid, &c);
                push(Rank::Assertion, c, text, vec![]);
            }
        }
    }
    for d in post_conditions(prog, &f, l, &head_valued) {
        let text = c_text(prog, fid, &d);
        push(Rank::PostCondition, d, text, vec![]);
    }
    // Template facts, for a loop with no inner loop.
    if !l.children.is_empty() {
        return out;
    }
    let Some((paths, path_guards)) = path_increments(&f, l) else { return out };
    if paths.is_empty() {
        return out;
    }
    let lin: Vec<VarId> = written.iter().copied().filter(|v| nameable(prog, fid, *v).is_some()).collect();
    let zero = Lin::default();
    let inc = |p: &BTreeMap<VarId, Lin>, v: VarId| p.get(&v).cloned().unwrap_or_default();
    // The loop's conditions `x < b` over variables with a value at the head (for overshoot).
    let below: Vec<(VarId, Expr)> = f
        .out_edges(h)
        .iter()
        .map(|e| f.edge(*e))
        .filter(|e| l.contains(e.dst))
        .filter_map(|e| match &e.op {
            Op::Assume(c @ Expr::Bin(BinOp::Slt, x, b)) if head_valued(c) => match **x {
                Expr::Var(x) => Some((x, (**b).clone())),
                _ => None,
            },
            _ => None,
        })
        .collect();
    // The body's branches `x < b` on head values (for phases).
    let mut phases: Vec<(Expr, VarId, Expr)> = Vec::new();
    for gs in &path_guards {
        for g in gs {
            if let Expr::Bin(BinOp::Slt, x, b) = g {
                if let Expr::Var(x) = **x {
                    if lin.contains(&x) && head_valued(g) && !phases.iter().any(|(h, ..)| h == g) {
                        phases.push((g.clone(), x, (**b).clone()));
                    }
                }
            }
        }
    }
    let mut ev = EntryValues { prog, func: fid, l, ghosts: vec![] };
    // Linear equalities: c with Σ c_v·inc_v = 0 as a linear form, on every path.
    let rows = equality_rows(&paths.iter().collect::<Vec<_>>(), &lin);
    for vec in null_space(rows, lin.len()) {
        let terms: Vec<(VarId, i128)> = lin.iter().zip(&vec).filter(|(_, c)| **c != 0).map(|(v, c)| (*v, *c)).collect();
        let widths: Vec<u32> = terms.iter().filter_map(|(v, _)| nameable(ev.prog, fid, *v).map(|x| x.0)).collect();
        if terms.is_empty() || widths.iter().any(|w| *w != widths[0]) {
            continue;
        }
        let mut used = vec![];
        let (lhs, rhs, lt, rt) = linear_sum(&mut ev, &terms, widths[0], &mut used);
        let text = match (lt, rt) {
            (Some(a), Some(b)) => Some(format!("{a} == {b}")),
            _ => None,
        };
        push(Rank::Template, Expr::bin(BinOp::Eq, lhs, rhs), text, used);
    }
    // Parity: a variable every path moves by an even constant.
    for &v in &lin {
        let steps: Vec<Option<i128>> = paths.iter().map(|p| inc(p, v).as_const()).collect();
        if steps.iter().all(|s| s.is_some_and(|s| s % 2 == 0)) && steps.iter().any(|s| *s != Some(0)) {
            let Some((w, _)) = nameable(ev.prog, fid, v) else { continue };
            let mut used = vec![];
            let (x0, x0t) = ev.of(v, &mut used);
            let diff = Expr::bin(BinOp::Sub, Expr::Var(v), x0);
            let atom = Expr::bin(BinOp::Eq, Expr::bin(BinOp::And, diff, Expr::int(1, w)), Expr::int(0, w));
            let text = x0t.map(|t| format!("({}) % 2 == 0", minus(&ev.prog.var(v).name, &t)));
            push(Rank::Template, atom, text, used);
        }
    }
    // Against a counter i (every path adds 1): x - x0 <= c·(i - i0) and 0 <= x - x0 for the
    // loop's constants c.
    let counters: Vec<VarId> =
        lin.iter().copied().filter(|v| paths.iter().all(|p| inc(p, *v).as_const() == Some(1))).collect();
    for &i in &counters {
        for &x in &lin {
            if x == i || paths.iter().all(|p| inc(p, x) == zero) {
                continue;
            }
            let (Some((w, s)), Some((wi, si))) = (nameable(ev.prog, fid, x), nameable(ev.prog, fid, i)) else {
                continue;
            };
            if (w, s) != (wi, si) {
                continue;
            }
            for &c in consts.iter().filter(|c| **c > 1) {
                let mut used = vec![];
                let (x0, x0t) = ev.of(x, &mut used);
                let (i0, i0t) = ev.of(i, &mut used);
                let dx = Expr::bin(BinOp::Sub, Expr::Var(x), x0);
                let di = Expr::bin(BinOp::Mul, Expr::int(c, w), Expr::bin(BinOp::Sub, Expr::Var(i), i0));
                let (xn, iname) = (ev.prog.var(x).name.clone(), ev.prog.var(i).name.clone());
                let text = match (&x0t, &i0t) {
                    (Some(a), Some(b)) => Some(format!("{} <= {c} * ({})", minus(&xn, a), minus(&iname, b))),
                    _ => None,
                };
                push(Rank::Counter, Expr::bin(cmp(s, false), dx.clone(), di), text, used.clone());
                let text0 = x0t.map(|a| format!("0 <= {}", minus(&xn, &a)));
                push(Rank::Counter, Expr::bin(cmp(s, false), Expr::int(0, w), dx), text0, used);
            }
        }
    }
    // Relational facts of the loop's rates (docs/design-proofs.md, "Relational loops: rates,
    // moduli, alternation"). All are guesses that Houdini checks.
    let const_steps = |v: VarId| -> Option<Vec<i128>> { paths.iter().map(|p| inc(p, v).as_const()).collect() };
    // Rate bounds against a counter i: x moves by a constant between s_min and s_max on every
    // path, so s_min·(i - i0) <= x - x0 <= s_max·(i - i0) (the interval hull of the cycles'
    // rates; `k += 2000 | 4000 | 10000`: k >= 2000·i).
    for &i in &counters {
        for &x in &lin {
            let Some(steps) = const_steps(x).filter(|_| x != i) else { continue };
            let (lo, hi) = (steps.iter().copied().min().unwrap_or(0), steps.iter().copied().max().unwrap_or(0));
            let (Some((w, s)), Some(wi)) = (nameable(ev.prog, fid, x), nameable(ev.prog, fid, i)) else { continue };
            if lo == hi || (w, s) != wi || !s || lo.abs() > 1 << 20 || hi.abs() > 1 << 20 {
                continue;
            }
            for (c, upper) in [(lo, false), (hi, true)] {
                let mut used = vec![];
                let (x0, _) = ev.of(x, &mut used);
                let (i0, _) = ev.of(i, &mut used);
                let dx = Expr::bin(BinOp::Sub, Expr::Var(x), x0);
                let di = Expr::bin(BinOp::Mul, Expr::int(c, w), Expr::bin(BinOp::Sub, Expr::Var(i), i0));
                let atom = if upper { Expr::bin(BinOp::Sle, dx, di) } else { Expr::bin(BinOp::Sle, di, dx) };
                let text = c_text(ev.prog, fid, &atom);
                push(Rank::Template, atom, text, used);
            }
        }
    }
    // Moduli: the gcd g of the constant steps of x (or of x + y, x - y) over all paths, so
    // (x - x0) % g == 0 — parity generalised. A pair only when its g says more than its
    // variables' own moduli (`x += 3; y += 6` or `x += 6; y += 3`: (x + y) % 9 == 0).
    let modulus = |steps: &[i128]| steps.iter().fold(0, |g, s| gcd(g, *s));
    let mut single: BTreeMap<VarId, i128> = BTreeMap::new();
    for &v in &lin {
        if let Some(steps) = const_steps(v) {
            single.insert(v, modulus(&steps));
        }
    }
    let mut combos: Vec<(Vec<(VarId, i128)>, i128)> = Vec::new();
    for (&v, &g) in &single {
        // g == 2 is the parity above.
        if g > 2 && g <= MAX_MODULUS {
            combos.push((vec![(v, 1)], g));
        }
    }
    for (a, (&x, &gx)) in single.iter().enumerate() {
        for (&y, &gy) in single.iter().skip(a + 1) {
            for sign in [1, -1] {
                let steps: Vec<i128> = paths.iter().map(|p| inc(p, x).konst + sign * inc(p, y).konst).collect();
                let g = modulus(&steps);
                if g > gcd(gx, gy) && g > 1 && g <= MAX_MODULUS {
                    combos.push((vec![(x, 1), (y, sign)], g));
                }
            }
        }
    }
    for (terms, g) in combos.into_iter().take(MAX_MODULI) {
        let Some(w) = same_signed_width(ev.prog, fid, &terms) else { continue };
        let mut used = vec![];
        let (lhs, rhs, _, _) = linear_sum(&mut ev, &terms, w, &mut used);
        let diff = Expr::bin(BinOp::Sub, lhs, rhs);
        // The text says `% g == 0`; the atom says the same without a division (cheaper in Z3).
        let text = c_text(
            ev.prog,
            fid,
            &Expr::bin(BinOp::Eq, Expr::bin(BinOp::SRem, diff.clone(), Expr::int(g, w)), Expr::int(0, w)),
        );
        let Some(atom) = divisible(diff, g, w) else { continue };
        push(Rank::Template, atom, text, used);
    }
    // Alternation: a combination S of the variables that two paths p, q move by +a and -a
    // (the null space of d_p + d_q: equal over two iterations, as k = 2 sees it) stays
    // within [-|a|, 0] or [0, |a|] of its entry value when the paths take turns — `half`:
    // `if (i % 2 == 0) c++; i++;` moves 2c - i by +1, -1, so 0 <= 2c - i <= 1.
    let mut alternating: Vec<(Vec<(VarId, i128)>, i128)> = Vec::new();
    let konsts: Vec<Option<Vec<i128>>> =
        paths.iter().map(|p| lin.iter().map(|v| inc(p, *v).as_const()).collect()).collect();
    if paths.len() <= MAX_ALTERNATING_PATHS {
        for (pi, dp) in konsts.iter().enumerate() {
            for dq in konsts.iter().skip(pi + 1) {
                let (Some(dp), Some(dq)) = (dp, dq) else { continue };
                // Only the variables the two paths move.
                let moved: Vec<usize> = (0..lin.len()).filter(|&k| dp[k] != 0 || dq[k] != 0).collect();
                if moved.len() < 2 || moved.len() > 3 {
                    continue;
                }
                let row: Vec<i128> = moved.iter().map(|&k| dp[k] + dq[k]).collect();
                for c in null_space(vec![row], moved.len()) {
                    let a: i128 = moved.iter().zip(&c).map(|(&k, ck)| ck * dp[k]).sum();
                    let terms: Vec<(VarId, i128)> =
                        moved.iter().zip(&c).filter(|(_, ck)| **ck != 0).map(|(&k, ck)| (lin[k], *ck)).collect();
                    if a != 0 && terms.len() >= 2 && !alternating.iter().any(|(t, b)| *t == terms && *b == a.abs()) {
                        alternating.push((terms, a.abs()));
                    }
                }
            }
        }
    }
    for (terms, a) in alternating.into_iter().take(MAX_MODULI) {
        let Some(w) = same_signed_width(ev.prog, fid, &terms) else { continue };
        for (lo, hi) in [(-a, 0), (0, a)] {
            let mut used = vec![];
            let (lhs, rhs, _, _) = linear_sum(&mut ev, &terms, w, &mut used);
            let diff = Expr::bin(BinOp::Sub, lhs, rhs);
            for atom in
                [Expr::bin(BinOp::Sle, Expr::int(lo, w), diff.clone()), Expr::bin(BinOp::Sle, diff, Expr::int(hi, w))]
            {
                let text = c_text(ev.prog, fid, &atom);
                push(Rank::Template, atom, text, used.clone());
            }
        }
    }
    // Phases (Gulavani–Jain 2007's `gj2007`; Sharma et al.'s phase splitting): the body
    // branches on `x < b` over head values, x counts up by 1 on the paths where it holds.
    // While it holds those paths' equalities hold from the entry values: `!(x < b) || e`.
    // Once it fails the other paths' equalities hold from the values at the switch, where
    // x == b and each variable v the first phase moves by a constant r_v has
    // v0 + r_v·(b - x0): `x < b || Σ c_v·v == Σ c_v·v0 + (Σ c_v·r_v)·(b - x0)`.
    for (g, x, b) in phases.into_iter().take(MAX_PHASES) {
        let not_g = g.clone().negate();
        let first: Vec<&BTreeMap<VarId, Lin>> =
            paths.iter().zip(&path_guards).filter(|(_, gs)| gs.contains(&g)).map(|(p, _)| p).collect();
        let second: Vec<&BTreeMap<VarId, Lin>> =
            paths.iter().zip(&path_guards).filter(|(_, gs)| gs.contains(&not_g)).map(|(p, _)| p).collect();
        if first.is_empty() || second.is_empty() || first.iter().any(|p| inc(p, x).as_const() != Some(1)) {
            continue;
        }
        let Some((w, true)) = nameable(ev.prog, fid, x) else { continue };
        // The first phase's rates.
        let rate = |v: VarId| -> Option<i128> {
            let r = inc(first[0], v).as_const()?;
            first.iter().all(|p| inc(p, v).as_const() == Some(r)).then_some(r)
        };
        for vec in null_space(equality_rows(&first, &lin), lin.len()) {
            let terms: Vec<(VarId, i128)> =
                lin.iter().zip(&vec).filter(|(_, c)| **c != 0).map(|(v, c)| (*v, *c)).collect();
            if terms.is_empty() || same_signed_width(ev.prog, fid, &terms) != Some(w) {
                continue;
            }
            let mut used = vec![];
            let (lhs, rhs, _, _) = linear_sum(&mut ev, &terms, w, &mut used);
            let atom = not_g.clone().or(Expr::bin(BinOp::Eq, lhs, rhs));
            let text = c_text(ev.prog, fid, &atom);
            push(Rank::Template, atom, text, used);
        }
        for vec in null_space(equality_rows(&second, &lin), lin.len()) {
            let terms: Vec<(VarId, i128)> =
                lin.iter().zip(&vec).filter(|(_, c)| **c != 0).map(|(v, c)| (*v, *c)).collect();
            if terms.is_empty() || same_signed_width(ev.prog, fid, &terms) != Some(w) {
                continue;
            }
            let Some(r) = terms.iter().map(|(v, c)| rate(*v).map(|r| r * c)).sum::<Option<i128>>() else { continue };
            if r.abs() > 1 << 20 {
                continue;
            }
            let mut used = vec![];
            let (lhs, rhs, _, _) = linear_sum(&mut ev, &terms, w, &mut used);
            let (x0, _) = ev.of(x, &mut used);
            let run = Expr::bin(BinOp::Sub, b.clone(), x0);
            let shift = if r == 1 { run } else { Expr::bin(BinOp::Mul, Expr::int(r, w), run) };
            let rhs = if r == 0 { rhs } else { Expr::bin(BinOp::Add, rhs, shift) };
            let atom = g.clone().or(Expr::bin(BinOp::Eq, lhs, rhs));
            let text = c_text(ev.prog, fid, &atom);
            push(Rank::Template, atom, text, used);
        }
    }
    // Overshoot: the loop runs while `x < b` and every path moves x up by a constant of at
    // most s, so x <= b + (s - 1) (`i += 2` while `i < n`: i <= n + 1 at the exit).
    for (x, b) in below {
        let Some(steps) = const_steps(x) else { continue };
        let s = steps.iter().copied().max().unwrap_or(0);
        let Some((w, true)) = nameable(ev.prog, fid, x) else { continue };
        if !(2..=1 << 20).contains(&s) || steps.iter().any(|d| *d < 1) {
            continue;
        }
        let atom = Expr::bin(BinOp::Sle, Expr::Var(x), Expr::bin(BinOp::Add, b, Expr::int(s - 1, w)));
        let text = c_text(ev.prog, fid, &atom);
        push(Rank::Template, atom, text, vec![]);
    }
    out
}

/// Combinations of the moduli and alternation kinds, per kind and loop, at most.
const MAX_MODULI: usize = 12;
/// The largest modulus tried: a modulus's check multiplies by a full-width inverse, and a large
/// one (`k += 2000 | 4000 | 10000`: k % 2000 == 0) made Z3's rounds of `large_const` seconds
/// longer while the bounds alone decide what such loops assert.
const MAX_MODULUS: i128 = 64;
/// Phase guards per loop, at most.
const MAX_PHASES: usize = 4;
/// Alternation pairs are looked for only in loops of at most this many body paths.
const MAX_ALTERNATING_PATHS: usize = 8;

/// `d % g == 0` for a signed `d` of width `w` without a division, or `None` if `w` is not
/// 8 to 64 bits: the low bits of `d` are zero for the power of two in g, and for the odd
/// part g' (with inverse m modulo 2^w) `d·m`, read as signed, lies within ±⌊(2^(w-1) - 1)/g'⌋ —
/// the multiples of g' are exactly the values `q·g'` with q in that range, and d ↦ d·m is a
/// bijection taking q·g' to q (Warren, *Hacker's Delight*, §10-17, "Test for zero remainder").
fn divisible(d: Expr, g: i128, w: u32) -> Option<Expr> {
    if !(8..=64).contains(&w) || g < 2 {
        return None;
    }
    let modulus: i128 = 1 << w;
    let (twos, odd) = (g.trailing_zeros(), g >> g.trailing_zeros());
    let mut atom: Option<Expr> = None;
    if twos > 0 {
        let low = Expr::bin(BinOp::And, d.clone(), Expr::int((1 << twos) - 1, w));
        atom = Some(Expr::bin(BinOp::Eq, low, Expr::int(0, w)));
    }
    if odd > 1 {
        // Newton's iteration for the inverse of an odd number modulo 2^w.
        let mut m: i128 = odd;
        for _ in 0..6 {
            m = m.wrapping_mul(2 - odd.wrapping_mul(m).rem_euclid(modulus)).rem_euclid(modulus);
        }
        if odd.wrapping_mul(m).rem_euclid(modulus) != 1 {
            return None;
        }
        let q = ((1i128 << (w - 1)) - 1) / odd;
        let prod = Expr::bin(BinOp::Mul, d, Expr::int(m, w));
        let within =
            Expr::bin(BinOp::Sle, Expr::int(-q, w), prod.clone()).and(Expr::bin(BinOp::Sle, prod, Expr::int(q, w)));
        atom = Some(match atom {
            Some(a) => a.and(within),
            None => within,
        });
    }
    atom
}

/// The width of the terms' variables when all are signed named registers of one width.
fn same_signed_width(prog: &Program, f: FuncId, terms: &[(VarId, i128)]) -> Option<u32> {
    let kinds: Vec<(u32, bool)> = terms.iter().map(|(v, _)| nameable(prog, f, *v)).collect::<Option<_>>()?;
    let (w, s) = *kinds.first()?;
    (s && kinds.iter().all(|k| *k == (w, s))).then_some(w)
}

/// Disjunctions with more than one disjunct per loop, at most.
const MAX_POST_CONDITIONS: usize = 16;

/// `g || a` for the loop's condition `g` (the comparison on an edge from the head into the
/// body) and each fact `a` the program asserts after the loop (on an edge its exits reach):
/// a loop that runs until its property holds keeps `g` while it runs and establishes `a` when
/// it stops (`while (x < 0) { x += y; y++; } assert(y > 0)`: `x < 0 || y > 0`). The standard
/// disjunctive shape of a loop invariant (guard ∨ postcondition), checked by Houdini as any
/// other candidate. Only facts over variables with a value at the head (`head_valued`).
fn post_conditions(prog: &Program, f: &Function, l: &NaturalLoop, head_valued: &dyn Fn(&Expr) -> bool) -> Vec<Expr> {
    let guards: Vec<Expr> = f
        .out_edges(l.header)
        .iter()
        .map(|e| f.edge(*e))
        .filter(|edge| l.contains(edge.dst))
        .filter_map(|edge| match &edge.op {
            Op::Assume(c @ Expr::Bin(op, ..)) if op.is_comparison() && head_valued(c) => Some(c.clone()),
            _ => None,
        })
        .collect();
    if guards.is_empty() {
        return vec![];
    }
    // The locations the loop's exits reach, outside the loop.
    let mut seen = vec![false; f.locs.len()];
    let mut todo: Vec<Loc> = Vec::new();
    for e in f.edge_ids() {
        let edge = f.edge(e);
        if l.contains(edge.src) && !l.contains(edge.dst) && !seen[edge.dst.index()] {
            seen[edge.dst.index()] = true;
            todo.push(edge.dst);
        }
    }
    let mut facts: Vec<Expr> = Vec::new();
    while let Some(at) = todo.pop() {
        for e in f.out_edges(at) {
            let edge = f.edge(*e);
            let asserted = match &edge.op {
                Op::Call { func, args, .. } => assertion(prog, *func, args),
                Op::Assume(c) if is_verification_error(f, edge.dst) => Some(c.clone().negate()),
                _ => None,
            };
            if let Some(a) = asserted {
                let mut parts = vec![a.clone()];
                conjuncts(&a, &mut parts);
                for c in parts {
                    if head_valued(&c) && !facts.contains(&c) {
                        facts.push(c);
                    }
                }
            }
            if !seen[edge.dst.index()] {
                seen[edge.dst.index()] = true;
                todo.push(edge.dst);
            }
        }
    }
    let mut out = Vec::new();
    for g in &guards {
        for a in &facts {
            if out.len() < MAX_POST_CONDITIONS {
                out.push(g.clone().or(a.clone()));
            }
        }
    }
    out
}

/// Whether `at` is the location of a verification error (`reach_error`, a failed `assert`).
fn is_verification_error(f: &Function, at: Loc) -> bool {
    matches!(f.loc(at).kind, LocKind::Error { kind, .. } if kind.aborts_program())
}

/// What a call of `g` with `args` asserts, when `g` has `__VERIFIER_assert`'s shape: one
/// integer parameter, and its entry branches into a verification error where it is zero.
fn assertion(prog: &Program, g: FuncId, args: &[Expr]) -> Option<Expr> {
    let f = prog.func(g);
    let ([p], [arg]) = (f.params.as_slice(), args) else { return None };
    let fails = f.out_edges(f.entry).iter().any(|e| {
        let edge = f.edge(*e);
        is_verification_error(f, edge.dst)
            && matches!(&edge.op, Op::Assume(Expr::Bin(BinOp::Eq, a, b))
                if **a == Expr::Var(*p) && b.as_const() == Some(0))
    });
    fails.then(|| truth(arg))
}

/// `e != 0` for an integer `e`, without the `c ? 1 : 0` of a comparison used as a value.
fn truth(e: &Expr) -> Expr {
    match e {
        Expr::Cast(CastOp::ZExt | CastOp::SExt, _, a) => truth(a),
        Expr::Ite(c, a, b) if a.as_const() == Some(1) && b.as_const() == Some(0) => (**c).clone(),
        Expr::Ite(c, a, b) if a.as_const() == Some(0) && b.as_const() == Some(1) => (**c).clone().negate(),
        e => {
            let w = match e {
                Expr::Int { width, .. } | Expr::Cast(_, width, _) => *width,
                _ => 32,
            };
            Expr::bin(BinOp::Ne, e.clone(), Expr::int(0, w))
        }
    }
}

/// The conjuncts of a boolean `a && b && ...` (nothing for another expression).
fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    if let Expr::Bin(BinOp::And, a, b) = e {
        for x in [a, b] {
            out.push((**x).clone());
            conjuncts(x, out);
        }
    }
}

/// A boolean or integer expression over signed named registers as C with the same meaning,
/// when it has one: comparisons, `+ - *`, `&& || !`, `c ? a : b`, widening of a signed value.
fn c_text(prog: &Program, f: FuncId, e: &Expr) -> Option<String> {
    let is_bool = |x: &Expr| x.ty(&|v| prog.var_ty(v), prog.ptr_bits()) == Ty::Bool;
    match e {
        Expr::Var(v) => match nameable(prog, f, *v) {
            Some((_, true)) if is_identifier(&prog.var(*v).name) => Some(prog.var(*v).name.clone()),
            _ => None,
        },
        Expr::Int { bits, width } if *width > 1 => {
            let c = kappa_ir::expr::to_signed(*bits, *width);
            (c.unsigned_abs() < 1 << 31).then(|| if c < 0 { format!("({c})") } else { c.to_string() })
        }
        Expr::Bool(b) => Some(if *b { "1" } else { "0" }.into()),
        Expr::Un(UnOp::Not, a) => Some(format!("!{}", c_text(prog, f, a)?)),
        Expr::Un(UnOp::Neg, a) => Some(format!("(-{})", c_text(prog, f, a)?)),
        Expr::Bin(op, a, b) => {
            let logical = is_bool(a) && is_bool(b);
            let sym = match op {
                BinOp::Add if !logical => "+",
                BinOp::Sub if !logical => "-",
                BinOp::Mul if !logical => "*",
                BinOp::SRem if !logical => "%",
                BinOp::Slt if !logical => "<",
                BinOp::Sle if !logical => "<=",
                BinOp::Sgt if !logical => ">",
                BinOp::Sge if !logical => ">=",
                BinOp::Eq => "==",
                BinOp::Ne => "!=",
                BinOp::And if logical => "&&",
                BinOp::Or if logical => "||",
                _ => return None,
            };
            Some(format!("({} {sym} {})", c_text(prog, f, a)?, c_text(prog, f, b)?))
        }
        Expr::Ite(c, a, b) if a.as_const() == Some(1) && b.as_const() == Some(0) => c_text(prog, f, c),
        Expr::Ite(c, a, b) => {
            Some(format!("({} ? {} : {})", c_text(prog, f, c)?, c_text(prog, f, a)?, c_text(prog, f, b)?))
        }
        Expr::Cast(CastOp::SExt, _, a) => c_text(prog, f, a),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_keeps_the_most_useful_kinds_within_the_budget() {
        let cand = |head: u32, rank: Rank, c: i128| Candidate {
            func: FuncId(0),
            header: Loc(head),
            atom: Expr::bin(BinOp::Sle, Expr::Var(VarId(0)), Expr::int(c, 32)),
            text: None,
            ghosts: vec![],
            rank,
        };
        // Two heads: many constant bounds first, the assertion and a template fact last.
        let mut pool: Vec<Candidate> = (0..1000).map(|c| cand(1, Rank::Constant, c)).collect();
        pool.extend((0..1000).map(|c| cand(2, Rank::Relational, c)));
        pool.push(cand(1, Rank::Assertion, -1));
        pool.push(cand(2, Rank::Template, -2));
        let kept = cap(pool);
        let work: usize = kept.iter().map(|c| expr_size(&c.atom)).sum();
        assert!(work <= POOL_WORK, "{work}");
        for h in [1, 2] {
            let at: Vec<&Candidate> = kept.iter().filter(|c| c.header == Loc(h)).collect();
            assert!(!at.is_empty() && at.len() <= MAX_PER_HEAD, "head {h}: {}", at.len());
        }
        assert!(kept.iter().any(|c| c.rank == Rank::Assertion) && kept.iter().any(|c| c.rank == Rank::Template));
        // A pool within the budget is kept whole.
        let small: Vec<Candidate> = (0..10).map(|c| cand(1, Rank::Constant, c)).collect();
        assert_eq!(cap(small).len(), 10);
    }

    #[test]
    fn divisibility_without_a_division_agrees_with_the_remainder() {
        let eval = |e: &Expr, d: i32| -> bool {
            // Evaluate the atom over 32-bit two's complement with VarId(0) = d.
            fn ev(e: &Expr, d: i32) -> i64 {
                match e {
                    Expr::Var(_) => d as i64,
                    Expr::Int { bits, width } => kappa_ir::expr::to_signed(*bits, *width) as i64,
                    Expr::Bin(BinOp::Mul, a, b) => (ev(a, d) as i32).wrapping_mul(ev(b, d) as i32) as i64,
                    Expr::Bin(BinOp::And, a, b) => ev(a, d) & ev(b, d),
                    Expr::Bin(BinOp::Sle, a, b) => (ev(a, d) <= ev(b, d)) as i64,
                    Expr::Bin(BinOp::Eq, a, b) => (ev(a, d) == ev(b, d)) as i64,
                    e => panic!("unexpected {e:?}"),
                }
            }
            ev(e, d) != 0
        };
        for g in [2i128, 3, 4, 6, 7, 9, 10, 12, 2000, 10000] {
            let atom = divisible(Expr::Var(VarId(0)), g, 32).expect("an atom");
            let mut values: Vec<i32> = vec![i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1, 0, 1, -1];
            let mut x: u32 = 12345;
            for k in -3000..3000 {
                values.push(k);
                values.push(k.wrapping_mul(g as i32));
                x = x.wrapping_mul(1103515245).wrapping_add(12345);
                values.push(x as i32);
            }
            for d in values {
                assert_eq!(eval(&atom, d), d % (g as i32) == 0, "g = {g}, d = {d}");
            }
        }
    }

    #[test]
    fn null_space_of_two_paths_gives_the_sum() {
        // bhmr2007: (a, b, i) grow by (1, 2, 1) or (2, 1, 1): a + b - 3i is constant.
        let ns = null_space(vec![vec![1, 2, 1], vec![2, 1, 1]], 3);
        assert_eq!(ns, vec![vec![1, 1, -3]]);
    }

    #[test]
    fn null_space_of_a_full_rank_system_is_empty() {
        assert!(null_space(vec![vec![1, 0], vec![0, 1]], 2).is_empty());
    }

    #[test]
    fn null_space_with_a_nondet_step() {
        // s += v, t += 100 - v, i += 1: rows (v-coefficients) and (constants).
        let ns = null_space(vec![vec![1, -1, 0], vec![0, 100, 1]], 3);
        assert_eq!(ns, vec![vec![1, 1, -100]]);
    }
}
