//! Function summaries for recursion on nondet arguments (docs/design-proofs.md, "Function
//! summaries"). A summary of a recursive function f is a pair: a precondition `P_f(params)`
//! that holds at every call of f, and a postcondition `S_f(params, \result)` that holds when f
//! returns. Both are conjunctions of candidate atoms ([`plan`]): conditions the program itself
//! states about f's arguments and result (its branches, its callers' assumptions and
//! assertions), atoms over parameters and result (`\result >= p`, `\result == p + q`,
//! `\result == c`, `\result` in {0, 1}, …) and their case splits `guard ==> atom`.
//!
//! The proof is a program transformation ([`instrument`]) whose complete, error-free
//! exploration proves every summary at once, by induction on the depth of the recursion
//! (partial correctness, the rule of recursive procedures of Hoare logic): a new entry
//! [`ENTRY`] either runs `main`, or havocs the parameters of one summarised function f, assumes
//! `P_f` and runs f's body. Everywhere else every call `r = g(args)` of a summarised g becomes
//! `assert P_g(args); r = nondet(); assume S_g(args, r)`, and each return of f asserts
//! `S_f(params at entry, returned value)`. A candidate whose assertion fails is dropped and the
//! check runs again (Houdini); when none fails and no other error is reached, the summaries
//! hold and so does every assertion of `main`, which ran with the calls replaced by them.
//!
//! Only functions whose effect is their result are summarised: integer parameters and result,
//! no memory operations and no global variables in them or in anything they call.

use kappa_ir::expr::{to_signed, BinOp, CastOp, Expr, UnOp};
use kappa_ir::{
    Edge, ErrorKind, FuncId, Function, Loc, LocInfo, LocKind, NondetOrigin, Op, Program, Span, Ty, VarId, VarInfo,
    VarKind,
};
use std::collections::BTreeSet;

/// Why [`plan`] fails on a program without recursion.
pub const NO_RECURSION: &str = "no recursion";

/// The entry function of the check program.
pub const ENTRY: &str = "__kappa_summaries";

/// Which half of a summary a candidate belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// `P_f(params)`: asserted at every call of f, assumed at the check's entry into f.
    Pre,
    /// `S_f(params, \result)`: asserted at f's returns, assumed at every call of f.
    Post,
}

/// A candidate atom of a summary: a condition over f's parameters (their values at entry) and,
/// for [`Role::Post`], f's return variable standing for the result.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub func: FuncId,
    pub role: Role,
    pub expr: Expr,
    /// The atom as C, with `\result` for the result (ACSL's name).
    pub text: String,
}

/// The summarised functions and the candidates of their summaries.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Every function of a recursive call-graph SCC, in program order.
    pub funcs: Vec<FuncId>,
    pub cands: Vec<Candidate>,
}

/// At most this many guards and result atoms per function (the candidates are their product).
const MAX_GUARDS: usize = 12;
const MAX_ATOMS: usize = 24;

/// The message of the error location that checks candidate `k`.
pub fn check_message(k: usize) -> String {
    format!("kappa summary candidate {k} fails")
}

/// The candidate an error message of the check program names.
pub fn refuted_candidate(message: &str) -> Option<usize> {
    message.strip_prefix("kappa summary candidate ")?.strip_suffix(" fails")?.parse().ok()
}

/// Functions each function calls directly.
fn callees(prog: &Program) -> Vec<BTreeSet<usize>> {
    prog.functions
        .iter()
        .map(|f| {
            f.edges
                .iter()
                .filter_map(|e| match &e.op {
                    Op::Call { func, .. } => Some(func.index()),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// Whether some function of the program calls itself, directly or through others.
pub fn is_recursive(prog: &Program) -> bool {
    let calls = callees(prog);
    (0..calls.len()).any(|f| reach(&calls, f)[f])
}

/// The functions reachable from `f` by one or more calls.
fn reach(calls: &[BTreeSet<usize>], f: usize) -> Vec<bool> {
    let mut seen = vec![false; calls.len()];
    let mut work: Vec<usize> = calls[f].iter().copied().collect();
    while let Some(g) = work.pop() {
        if !std::mem::replace(&mut seen[g], true) {
            work.extend(calls[g].iter().copied());
        }
    }
    seen
}

/// Why `f`'s effect may be more than its result (memory, globals, non-integer values), if so.
fn not_pure(prog: &Program, f: &Function) -> Option<String> {
    if !f.slots.is_empty() {
        return Some(format!("{} has local memory", f.name));
    }
    for e in &f.edges {
        let what = match &e.op {
            Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } | Op::Alloc { .. } | Op::Free { .. } => {
                Some("accesses memory")
            }
            _ => None,
        };
        if let Some(w) = what {
            return Some(format!("{} {w}", f.name));
        }
        let mut global = e.op.def().is_some_and(|v| prog.var(v).kind == VarKind::Global);
        e.op.for_each_use(&mut |v| global |= prog.var(v).kind == VarKind::Global);
        if global {
            return Some(format!("{} uses a global variable", f.name));
        }
    }
    None
}

/// The summarised functions and their candidates; `Err`: why summaries do not apply (no
/// recursion, or a recursive function whose effect is not only its result).
pub fn plan(prog: &Program) -> Result<Plan, String> {
    let calls = callees(prog);
    let reaches: Vec<Vec<bool>> = (0..prog.functions.len()).map(|f| reach(&calls, f)).collect();
    let funcs: Vec<FuncId> = (0..prog.functions.len())
        .filter(|&f| reaches[f][f] && !prog.is_library(FuncId(f as u32)))
        .map(|f| FuncId(f as u32))
        .collect();
    if funcs.is_empty() {
        return Err(NO_RECURSION.into());
    }
    let main = prog.main.ok_or("no main function")?;
    if !prog.func(main).params.is_empty() {
        return Err("main has parameters".into());
    }
    if prog.func_by_name(ENTRY).is_some() {
        return Err(format!("the program defines {ENTRY}"));
    }
    for &f in &funcs {
        let func = prog.func(f);
        if funcs.contains(&main) {
            return Err("main is recursive".into());
        }
        if !func.params.iter().all(|p| matches!(prog.var_ty(*p), Ty::Int(_))) {
            return Err(format!("{} has a parameter that is not an integer", func.name));
        }
        if !func.ret.is_some_and(|r| matches!(prog.var_ty(r), Ty::Int(_))) {
            return Err(format!("{} does not return an integer", func.name));
        }
        // A path that leaves without a value would escape the check of the summary.
        if func.edges.iter().any(|e| matches!(e.op, Op::Return(None))) {
            return Err(format!("{} may return without a value", func.name));
        }
        for (g, r) in reaches[f.index()].iter().enumerate() {
            if *r || g == f.index() {
                if let Some(why) = not_pure(prog, &prog.functions[g]) {
                    return Err(why);
                }
            }
        }
    }
    let mut cands = Vec::new();
    let own: Vec<Atoms> = funcs.iter().map(|&f| atoms_of(prog, f)).collect();
    for (i, &f) in funcs.iter().enumerate() {
        let func = prog.func(f);
        // Functions of f's SCC with f's signature share their guards and atoms.
        let Atoms { mut guards, mut pres, mut atoms, mut consts } = own[i].clone();
        for (j, &g) in funcs.iter().enumerate() {
            if j == i || !(reaches[f.index()][g.index()] && reaches[g.index()][f.index()]) {
                continue;
            }
            let gf = prog.func(g);
            let same = gf.params.len() == func.params.len()
                && gf.params.iter().zip(&func.params).all(|(a, b)| prog.var_ty(*a) == prog.var_ty(*b))
                && gf.ret.map(|r| prog.var_ty(r)) == func.ret.map(|r| prog.var_ty(r));
            if !same {
                continue;
            }
            let rename = |v: VarId| -> Option<Expr> {
                let k = gf.params.iter().position(|p| *p == v);
                match k {
                    Some(k) => Some(Expr::Var(func.params[k])),
                    None if Some(v) == gf.ret => func.ret.map(Expr::Var),
                    None => None,
                }
            };
            for (mine, theirs) in
                [(&mut guards, &own[j].guards), (&mut pres, &own[j].pres), (&mut atoms, &own[j].atoms)]
            {
                for e in theirs {
                    push_new(mine, e.subst(&rename));
                }
            }
            for c in &own[j].consts {
                push_new(&mut consts, c.clone());
            }
        }
        let Some(ret) = func.ret else { continue };
        let Ty::Int(w) = prog.var_ty(ret) else { continue };
        let r = Expr::Var(ret);
        // Atoms over parameters and result.
        let mut generic = vec![
            Expr::bin(BinOp::Sge, r.clone(), Expr::int(0, w)),
            Expr::bin(BinOp::Sge, r.clone(), Expr::int(1, w)),
            Expr::bin(BinOp::Sle, r.clone(), Expr::int(1, w)),
        ];
        let ints: Vec<Expr> =
            func.params.iter().filter(|p| prog.var_ty(**p) == Ty::Int(w)).map(|p| Expr::Var(*p)).collect();
        for (k, p) in ints.iter().enumerate() {
            generic.push(Expr::bin(BinOp::Eq, r.clone(), p.clone()));
            generic.push(Expr::bin(BinOp::Sge, r.clone(), p.clone()));
            generic.push(Expr::bin(BinOp::Sle, r.clone(), p.clone()));
            generic.push(Expr::bin(BinOp::Sgt, r.clone(), p.clone()));
            // The exponential bound of a tree recursion that adds its results (2^p): without an
            // upper bound, their sum may wrap around in the check and refute the lower bounds.
            if adds_call_results(func) {
                generic.push(Expr::bin(BinOp::Sle, r.clone(), Expr::bin(BinOp::Shl, Expr::int(1, w), p.clone())));
            }
            for q in &ints[k + 1..] {
                generic.push(Expr::bin(BinOp::Eq, r.clone(), Expr::bin(BinOp::Add, p.clone(), q.clone())));
            }
        }
        for c in consts.iter().filter(|c| matches!(c, Expr::Int { width, .. } if *width == w)) {
            generic.push(Expr::bin(BinOp::Eq, r.clone(), c.clone()));
        }
        for a in generic {
            push_new(&mut atoms, a);
        }
        guards.truncate(MAX_GUARDS);
        atoms.truncate(MAX_ATOMS);
        // Preconditions: what the program says about the parameters, and their signs.
        let mut pre = guards.clone();
        for e in pres {
            push_new(&mut pre, e);
        }
        for p in &ints {
            push_new(&mut pre, Expr::bin(BinOp::Sge, p.clone(), Expr::int(0, w)));
        }
        for e in pre {
            let text = c_text(prog, &e, ret);
            cands.push(Candidate { func: f, role: Role::Pre, expr: e, text });
        }
        for a in &atoms {
            let text = c_text(prog, a, ret);
            cands.push(Candidate { func: f, role: Role::Post, expr: a.clone(), text: text.clone() });
            for g in &guards {
                let e = g.clone().negate().or(a.clone());
                let text = format!("{} ==> {text}", c_text(prog, g, ret));
                cands.push(Candidate { func: f, role: Role::Post, expr: e, text });
            }
        }
    }
    Ok(Plan { funcs, cands })
}

/// Whether `f` returns the sum of the results of two of its calls (`fib(n - 1) + fib(n - 2)`).
fn adds_call_results(f: &Function) -> bool {
    let is_result = |e: &Expr| matches!(e, Expr::Var(v) if f.edges.iter().any(|c| matches!(&c.op, Op::Call { dst: Some(d), .. } if d == v)));
    f.edges.iter().any(|e| {
        let mut found = false;
        for x in e.op.exprs() {
            x.walk(&mut |s| {
                if let Expr::Bin(BinOp::Add, a, b) = s {
                    found |= is_result(a) && is_result(b);
                }
            });
        }
        found
    })
}

fn push_new(v: &mut Vec<Expr>, e: Expr) {
    if !v.contains(&e) {
        v.push(e);
    }
}

/// f's guards (comparisons over its parameters only), result atoms (comparisons that mention
/// its return variable) and integer constants: from f's own branches, and from the conditions
/// of each caller over the variables f's call passes and receives (`r = f(x); if (x <= 101)
/// assert(r == 91)` gives the guard `x <= 101` and the atom `\result == 91`).
fn atoms_of(prog: &Program, f: FuncId) -> Atoms {
    let func = prog.func(f);
    let (mut guards, mut pres, mut atoms, mut consts) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let is_param = |v: VarId| func.params.contains(&v);
    for e in &func.edges {
        for x in e.op.exprs() {
            x.walk(&mut |s| match s {
                Expr::Bin(op, ..) if op.is_comparison() => {
                    let mut ok = true;
                    s.for_each_var(&mut |v| ok &= is_param(v));
                    if ok && uses_var(s) {
                        push_new(&mut guards, s.clone());
                    }
                }
                Expr::Int { .. } => push_new(&mut consts, s.clone()),
                _ => {}
            });
        }
    }
    // The values of base cases (`return x - 10`): `\result == x - 10`.
    if let Some(ret) = func.ret {
        for e in &func.edges {
            let Op::Return(Some(v)) = &e.op else { continue };
            let mut ok = true;
            v.for_each_var(&mut |x| ok &= is_param(x));
            if ok && uses_var(v) {
                push_new(&mut atoms, Expr::bin(BinOp::Eq, Expr::Var(ret), v.clone()));
            }
        }
    }
    for h in &prog.functions {
        for e in &h.edges {
            let Op::Call { dst, func: g, args } = &e.op else { continue };
            if *g != f {
                continue;
            }
            let map = |v: VarId| -> Option<Expr> {
                if Some(v) == *dst {
                    return func.ret.map(Expr::Var);
                }
                let k = args.iter().position(|a| *a == Expr::Var(v))?;
                Some(Expr::Var(func.params[k]))
            };
            for (i2, e2) in h.edges.iter().enumerate() {
                // A branch of the caller's splits cases; its assumptions are preconditions only.
                let branch = h.out_edges(e2.src).iter().any(|o| o.index() != i2);
                for x in e2.op.exprs() {
                    x.walk(&mut |s| {
                        let Expr::Bin(op, ..) = s else { return };
                        if !op.is_comparison() || !uses_var(s) {
                            return;
                        }
                        let mut ok = true;
                        let mut result = false;
                        s.for_each_var(&mut |v| {
                            ok &= map(v).is_some();
                            result |= Some(v) == *dst;
                        });
                        if !ok {
                            return;
                        }
                        let t = s.subst(&map);
                        if result {
                            push_new(&mut atoms, t);
                        } else if branch {
                            push_new(&mut guards, t);
                        } else {
                            push_new(&mut pres, t);
                        }
                        s.walk(&mut |c| {
                            if let Expr::Int { .. } = c {
                                push_new(&mut consts, c.clone());
                            }
                        });
                    });
                }
            }
        }
    }
    Atoms { guards, pres, atoms, consts }
}

/// What a function's code and its callers say about its parameters and result.
#[derive(Clone, Debug, Default)]
struct Atoms {
    /// Conditions over the parameters that split cases: branches of f and of its callers.
    guards: Vec<Expr>,
    /// Conditions over the parameters its callers assume, for the precondition only.
    pres: Vec<Expr>,
    /// Conditions over the result (and parameters).
    atoms: Vec<Expr>,
    /// Integer constants of f and of its callers' conditions.
    consts: Vec<Expr>,
}

fn uses_var(e: &Expr) -> bool {
    let mut any = false;
    e.for_each_var(&mut |_| any = true);
    any
}

/// A candidate as C: variables by name, `ret` as `\result`, signed operators as C's.
pub fn c_text(prog: &Program, e: &Expr, ret: VarId) -> String {
    match e {
        Expr::Var(v) if *v == ret => "\\result".into(),
        Expr::Var(v) => prog.var(*v).name.clone(),
        Expr::Int { bits, width } => to_signed(*bits, *width).to_string(),
        Expr::Bool(b) => (if *b { "1" } else { "0" }).into(),
        Expr::Cast(CastOp::SExt | CastOp::ZExt | CastOp::Trunc, _, a) => c_text(prog, a, ret),
        Expr::Un(op, a) => {
            let o = match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::Not => "!",
            };
            format!("{o}({})", c_text(prog, a, ret))
        }
        Expr::Bin(op, a, b) => {
            let o = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::SDiv | BinOp::UDiv => "/",
                BinOp::SRem | BinOp::URem => "%",
                BinOp::Shl => "<<",
                BinOp::AShr | BinOp::LShr => ">>",
                BinOp::And if prog.expr_ty(a) == Ty::Bool => "&&",
                BinOp::Or if prog.expr_ty(a) == Ty::Bool => "||",
                BinOp::And => "&",
                BinOp::Or => "|",
                BinOp::Xor => "^",
                BinOp::Eq => "==",
                BinOp::Ne => "!=",
                BinOp::Slt | BinOp::Ult => "<",
                BinOp::Sle | BinOp::Ule => "<=",
                BinOp::Sgt | BinOp::Ugt => ">",
                BinOp::Sge | BinOp::Uge => ">=",
            };
            let side = |x: &Expr| {
                let t = c_text(prog, x, ret);
                if matches!(x, Expr::Bin(..)) {
                    format!("({t})")
                } else {
                    t
                }
            };
            format!("{} {o} {}", side(a), side(b))
        }
        _ => kappa_ir::print::Printer::new(prog).expr(e),
    }
}

/// The conjunction of the active candidates of `func` in `role`, instantiated by `map`.
fn conj(plan: &Plan, active: &[bool], func: FuncId, role: Role, map: &dyn Fn(VarId) -> Option<Expr>) -> Expr {
    plan.cands
        .iter()
        .zip(active)
        .filter(|(c, a)| **a && c.func == func && c.role == role)
        .fold(Expr::Bool(true), |acc, (c, _)| acc.and(c.expr.subst(map)))
}

/// A new register of function `f` with the type of `like`.
fn new_var(p: &mut Program, f: FuncId, name: String, like: VarId, kind: VarKind) -> VarId {
    let VarInfo { ty, ctype, .. } = p.var(like).clone();
    p.vars.push(VarInfo { name, ty, ctype, kind, span: Span::default() });
    let v = VarId(p.vars.len() as u32 - 1);
    p.functions[f.index()].vars.push(v);
    v
}

fn new_loc(f: &mut Function, kind: LocKind, span: Span) -> Loc {
    f.locs.push(LocInfo { kind, span });
    Loc(f.locs.len() as u32 - 1)
}

/// From `at`, a check of each active candidate of `func` in `role` (instantiated by `map`): a
/// branch where it fails into an error location named by [`check_message`] (a column of its
/// own per candidate, so that every failing one is listed), and one that goes on to the next
/// check without assuming it, so that every candidate is checked under the same path condition
/// (assuming each would hide the failures of the others that contradict it). Returns the
/// location after the checks; the caller assumes what it needs there.
fn assert_chain(
    f: &mut Function,
    plan: &Plan,
    active: &[bool],
    (func, role): (FuncId, Role),
    map: &dyn Fn(VarId) -> Option<Expr>,
    mut at: Loc,
    span: Span,
) -> Loc {
    for (k, c) in plan.cands.iter().enumerate() {
        if active.get(k) != Some(&true) || c.func != func || c.role != role {
            continue;
        }
        let inst = c.expr.subst(map);
        let next = new_loc(f, LocKind::Normal, span);
        let err_span = Span { col: span.col + 10_000 + k as u32, ..span };
        let err = new_loc(f, LocKind::Error { kind: ErrorKind::Assert, message: check_message(k) }, err_span);
        f.edges.push(Edge { src: at, dst: next, op: Op::Skip, span });
        f.edges.push(Edge { src: at, dst: err, op: Op::Assume(inst.negate()), span: err_span });
        at = next;
    }
    at
}

/// The check program of the summaries' `active` candidates (see the module's doc): entry
/// [`ENTRY`].
pub fn instrument(prog: &Program, plan: &Plan, active: &[bool]) -> Program {
    let mut p = prog.clone();
    let main = prog.main;
    // Each summarised function keeps its parameters' values at entry, and checks its summary at
    // each return.
    for &f in &plan.funcs {
        let params = p.func(f).params.clone();
        let ret = p.func(f).ret;
        let ghosts: Vec<VarId> = params
            .iter()
            .map(|v| {
                let name = format!("{}.entry", p.var(*v).name);
                new_var(&mut p, f, name, *v, VarKind::Local(f))
            })
            .collect();
        let func = &mut p.functions[f.index()];
        let span = func.loc(func.entry).span;
        let mut at = new_loc(func, LocKind::Normal, span);
        let old_entry = std::mem::replace(&mut func.entry, at);
        for (g, v) in ghosts.iter().zip(&params) {
            let next = new_loc(func, LocKind::Normal, span);
            func.edges.push(Edge { src: at, dst: next, op: Op::Assign { dst: *g, value: Expr::Var(*v) }, span });
            at = next;
        }
        func.edges.push(Edge { src: at, dst: old_entry, op: Op::Skip, span });
        for i in 0..func.edges.len() {
            let Op::Return(Some(value)) = func.edges[i].op.clone() else { continue };
            let span = func.edges[i].span;
            let start = new_loc(func, LocKind::Normal, span);
            func.edges[i].op = Op::Skip;
            func.edges[i].dst = start;
            let map = |v: VarId| -> Option<Expr> {
                if Some(v) == ret {
                    return Some(value.clone());
                }
                params.iter().position(|x| *x == v).map(|k| Expr::Var(ghosts[k]))
            };
            let end = assert_chain(func, plan, active, (f, Role::Post), &map, start, span);
            let exit = func.exit;
            func.edges.push(Edge { src: end, dst: exit, op: Op::Return(Some(value)), span });
        }
        func.index_edges();
    }
    // Every call of a summarised function is replaced by its summary.
    for h in 0..p.functions.len() {
        let hid = FuncId(h as u32);
        let sites: Vec<usize> = (0..p.functions[h].edges.len())
            .filter(|&i| matches!(&p.functions[h].edges[i].op, Op::Call { func, .. } if plan.funcs.contains(func)))
            .collect();
        for i in sites {
            let Op::Call { dst, func: g, args } = p.functions[h].edges[i].op.clone() else { continue };
            let (gparams, gret) = (p.func(g).params.clone(), p.func(g).ret);
            let temps: Vec<VarId> = gparams
                .iter()
                .map(|v| {
                    let name = format!("{}.arg", p.var(*v).name);
                    new_var(&mut p, hid, name, *v, VarKind::Temp(hid))
                })
                .collect();
            let rname = format!("{}.result", p.func(g).name);
            let result = gret.map(|r| new_var(&mut p, hid, rname, r, VarKind::Temp(hid)));
            let func = &mut p.functions[h];
            let span = func.edges[i].span;
            let final_dst = func.edges[i].dst;
            // The call edge becomes the first assignment of an argument.
            let mut at = new_loc(func, LocKind::Normal, span);
            func.edges[i].dst = at;
            func.edges[i].op = Op::Skip;
            for (t, a) in temps.iter().zip(&args) {
                let next = new_loc(func, LocKind::Normal, span);
                func.edges.push(Edge { src: at, dst: next, op: Op::Assign { dst: *t, value: a.clone() }, span });
                at = next;
            }
            let map = |v: VarId| -> Option<Expr> {
                if Some(v) == gret {
                    return result.map(Expr::Var);
                }
                gparams.iter().position(|x| *x == v).map(|k| Expr::Var(temps[k]))
            };
            at = assert_chain(func, plan, active, (g, Role::Pre), &map, at, span);
            let next = new_loc(func, LocKind::Normal, span);
            let pre = conj(plan, active, g, Role::Pre, &map);
            func.edges.push(Edge { src: at, dst: next, op: Op::Assume(pre), span });
            at = next;
            if let Some(r) = result {
                let next = new_loc(func, LocKind::Normal, span);
                let origin = NondetOrigin::Call { name: "__kappa_summary_result".into() };
                func.edges.push(Edge { src: at, dst: next, op: Op::Nondet { dst: r, origin }, span });
                at = next;
                let next = new_loc(func, LocKind::Normal, span);
                let s = conj(plan, active, g, Role::Post, &map);
                func.edges.push(Edge { src: at, dst: next, op: Op::Assume(s), span });
                at = next;
            }
            let op = match (dst, result) {
                (Some(d), Some(r)) => Op::Assign { dst: d, value: Expr::Var(r) },
                _ => Op::Skip,
            };
            func.edges.push(Edge { src: at, dst: final_dst, op, span });
            func.index_edges();
        }
    }
    // The entry: main, or one summarised function from any state its precondition allows.
    let id = FuncId(p.functions.len() as u32);
    let span = main.map(|m| p.func(m).span).unwrap_or_default();
    let mut w = Function { name: ENTRY.into(), id, span, ..Function::default() };
    let entry = new_loc(&mut w, LocKind::Normal, span);
    let exit = new_loc(&mut w, LocKind::Exit, span);
    let end = new_loc(&mut w, LocKind::Normal, span);
    w.entry = entry;
    w.exit = exit;
    w.edges.push(Edge { src: end, dst: exit, op: Op::Return(None), span });
    if let Some(m) = main {
        w.edges.push(Edge { src: entry, dst: end, op: Op::Call { dst: None, func: m, args: Vec::new() }, span });
    }
    p.functions.push(w);
    for &f in &plan.funcs {
        let params = p.func(f).params.clone();
        let havoc: Vec<VarId> = params
            .iter()
            .map(|v| {
                let name = format!("{}.havoc", p.var(*v).name);
                new_var(&mut p, id, name, *v, VarKind::Temp(id))
            })
            .collect();
        let map = |v: VarId| -> Option<Expr> { params.iter().position(|x| *x == v).map(|k| Expr::Var(havoc[k])) };
        let pre = conj(plan, active, f, Role::Pre, &map);
        let w = &mut p.functions[id.index()];
        let mut at = new_loc(w, LocKind::Normal, span);
        w.edges.push(Edge { src: entry, dst: at, op: Op::Skip, span });
        for v in &havoc {
            let next = new_loc(w, LocKind::Normal, span);
            let origin = NondetOrigin::Call { name: "__kappa_summary_havoc".into() };
            w.edges.push(Edge { src: at, dst: next, op: Op::Nondet { dst: *v, origin }, span });
            at = next;
        }
        let next = new_loc(w, LocKind::Normal, span);
        w.edges.push(Edge { src: at, dst: next, op: Op::Assume(pre), span });
        let args = havoc.iter().map(|v| Expr::Var(*v)).collect();
        w.edges.push(Edge { src: next, dst: end, op: Op::Call { dst: None, func: f, args }, span });
    }
    p.functions[id.index()].index_edges();
    p
}

/// The proved summaries as text, one line per function: `f(x): P ==> S`.
pub fn describe(prog: &Program, plan: &Plan, active: &[bool]) -> Vec<String> {
    plan.funcs
        .iter()
        .map(|&f| {
            let func = prog.func(f);
            let names: Vec<&str> = func.params.iter().map(|p| prog.var(*p).name.as_str()).collect();
            let holds =
                |c: &Candidate| plan.cands.iter().zip(active).any(|(d, a)| *a && d.func == f && d.text == c.text);
            let part = |role: Role| {
                // A case `g ==> a` of an atom `a` that holds in every case says nothing more.
                let v: Vec<String> = plan
                    .cands
                    .iter()
                    .zip(active)
                    .filter(|(c, a)| **a && c.func == f && c.role == role)
                    .filter(|(c, _)| {
                        c.text
                            .split_once(" ==> ")
                            .map_or(true, |(_, atom)| !plan.cands.iter().any(|d| d.text == atom && holds(d)))
                    })
                    .map(|(c, _)| format!("({})", c.text))
                    .collect();
                if v.is_empty() {
                    "1".to_string()
                } else {
                    v.join(" && ")
                }
            };
            format!("{}({}): requires {}; ensures {}", func.name, names.join(", "), part(Role::Pre), part(Role::Post))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Program {
        kappa_cfront::lower_preprocessed("t.c", src, &kappa_cfront::Options::default()).expect("lowers")
    }

    const F91: &str = "int f91(int x) { if (x > 100) return x - 10; return f91(f91(x + 11)); }\n\
        int main(void) { int x = 5; int r = f91(x); if (x <= 101) { if (r != 91) return 1; } return 0; }\n";

    #[test]
    fn candidates_come_from_branches_callers_and_atoms() {
        let prog = lower(F91);
        let plan = plan(&prog).unwrap();
        let f = prog.func_by_name("f91").unwrap().id;
        assert_eq!(plan.funcs, vec![f]);
        let texts: Vec<&str> = plan.cands.iter().filter(|c| c.role == Role::Post).map(|c| c.text.as_str()).collect();
        // The case split of McCarthy's proof: f's own branch and the caller's.
        for want in ["x > 100 ==> \\result == (x - 10)", "x <= 101 ==> \\result == 91", "\\result >= x"] {
            assert!(texts.contains(&want), "{want} not in {texts:?}");
        }
        let pre: Vec<&str> = plan.cands.iter().filter(|c| c.role == Role::Pre).map(|c| c.text.as_str()).collect();
        assert!(pre.contains(&"x >= 0"), "{pre:?}");
    }

    #[test]
    fn the_check_program_is_well_formed_and_names_each_candidate() {
        let prog = lower(F91);
        let plan = plan(&prog).unwrap();
        let active = vec![true; plan.cands.len()];
        let checked = instrument(&prog, &plan, &active);
        checked.validate().unwrap();
        let entry = checked.func_by_name(ENTRY).unwrap();
        // main, and f91 from a havocked argument.
        let calls = entry.edges.iter().filter(|e| matches!(e.op, Op::Call { .. })).count();
        assert_eq!(calls, 2);
        // No call of f91 is left outside the entry: each became its summary.
        for f in checked.functions.iter().filter(|f| f.name != ENTRY) {
            assert!(!f.edges.iter().any(|e| matches!(&e.op, Op::Call { func, .. } if plan.funcs.contains(func))));
        }
        let f = checked.func_by_name("f91").unwrap();
        let checks: BTreeSet<usize> = f
            .locs
            .iter()
            .filter_map(|l| match &l.kind {
                LocKind::Error { message, .. } => refuted_candidate(message),
                _ => None,
            })
            .collect();
        let post = plan.cands.iter().filter(|c| c.role == Role::Post).count();
        let pre = plan.cands.len() - post;
        // Every summary candidate at the returns, every precondition at the two calls.
        assert_eq!(checks.len(), post + pre);
    }

    #[test]
    fn functions_with_side_effects_are_not_summarised() {
        let g = lower(
            "int n; int f(int x) { n = n + 1; if (x <= 0) return 0; return f(x - 1); }\n\
            int main(void) { return f(3); }\n",
        );
        assert_eq!(plan(&g).unwrap_err(), "f uses a global variable");
        let m = lower(
            "int f(int *p) { if (*p <= 0) return 0; *p = *p - 1; return f(p); }\n\
            int main(void) { int x = 3; return f(&x); }\n",
        );
        assert!(plan(&m).is_err());
        let none = lower("int f(int x) { return x + 1; }\nint main(void) { return f(3); }\n");
        assert_eq!(plan(&none).unwrap_err(), NO_RECURSION);
    }
}
