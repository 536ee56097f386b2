//! The values each variable may hold at each location, as small sets of constants: a forward
//! abstract interpretation of the program with memory as cells (`memory.rs`), flow sensitive
//! inside a function and context insensitive across calls (one state per location, joined over
//! every call site of the function: the calling contexts of a callee are all covered by its
//! entry state). Pointers are integers there (`object id << 32 | offset`), so the set of a
//! pointer variable is the set of addresses it may hold: `&d->st` where `d = &dev` is one
//! address, and a bounds check of an access through it is decided by the set.
//!
//! It serves the call summaries (`summary.rs`): the checks of undefined behaviour inside a
//! callee the slicer does not explore are decided in the callee's calling contexts (the state
//! at the check), not with every variable free. A check no state reaches, or whose condition
//! the sets refute, cannot fail in any context; the others go to the solver with the sets as
//! constraints.
//!
//! The lattice per variable: a set of at most [`MAX_VALUES`] constants, or any value (a
//! variable absent from a state's map). Each variable rises at most `MAX_VALUES + 1` times, so
//! the iteration ends; it is also budgeted in work units ([`analyse`]'s `budget`), and gives
//! nothing when the budget runs out. Branch conditions (`assume`) filter the sets: a value that
//! makes the condition false (the others at their sets) is dropped, so a counter bounded by a
//! loop's condition keeps a finite set.

use kappa_ir::expr::{mask, to_signed};
use kappa_ir::*;
use std::collections::{HashMap, HashSet};

/// Values per variable at most; more is "any value".
pub(crate) const MAX_VALUES: usize = 40;

/// A set of values, sorted; absent from a [`State`]: any value.
type Vals = Vec<u64>;
type State = HashMap<VarId, Vals>;

pub(crate) struct Values {
    /// Per context, per location of its function: the state there, `None` if no execution
    /// reaches it.
    states: Vec<Vec<Option<State>>>,
    /// The contexts of each function.
    by_func: HashMap<FuncId, Vec<usize>>,
    /// Work units spent.
    spent: u64,
}

fn union(a: &[u64], b: &[u64]) -> Option<Vals> {
    let mut v: Vals = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v.dedup();
    (v.len() <= MAX_VALUES).then_some(v)
}

/// Joins `b` into `a`; whether `a` changed.
fn join(a: &mut Option<State>, b: &State) -> bool {
    let Some(a) = a else {
        *a = Some(b.clone());
        return true;
    };
    let mut changed = false;
    a.retain(|v, x| match b.get(v) {
        None => {
            changed = true;
            false
        }
        Some(y) => match union(x, y) {
            Some(u) => {
                if u.len() != x.len() {
                    changed = true;
                    *x = u;
                }
                true
            }
            None => {
                changed = true;
                false
            }
        },
    });
    changed
}

fn width(prog: &Program, e: &Expr) -> u32 {
    match e.ty(&|v| prog.var_ty(v), 64) {
        Ty::Int(w) => w,
        Ty::Bool => 1,
        Ty::Ptr => 64,
    }
}

fn bin(op: BinOp, a: u64, b: u64, w: u32) -> Option<u64> {
    use BinOp::*;
    let m = mask(w);
    let (sa, sb) = (to_signed(a, w), to_signed(b, w));
    Some(match op {
        Add => a.wrapping_add(b) & m,
        Sub => a.wrapping_sub(b) & m,
        Mul => a.wrapping_mul(b) & m,
        UDiv | URem | SDiv | SRem if b == 0 => return None,
        UDiv => a / b,
        URem => a % b,
        SDiv => (sa.wrapping_div(sb) as u64) & m,
        SRem => (sa.wrapping_rem(sb) as u64) & m,
        Shl => {
            if b >= u64::from(w) {
                0
            } else {
                (a << b) & m
            }
        }
        LShr => {
            if b >= u64::from(w) {
                0
            } else {
                a >> b
            }
        }
        AShr => {
            if b >= u64::from(w) {
                if sa < 0 {
                    m
                } else {
                    0
                }
            } else {
                ((sa >> b) as u64) & m
            }
        }
        And => a & b,
        Or => a | b,
        Xor => a ^ b,
        Eq => u64::from(a == b),
        Ne => u64::from(a != b),
        Ult => u64::from(a < b),
        Ule => u64::from(a <= b),
        Ugt => u64::from(a > b),
        Uge => u64::from(a >= b),
        Slt => u64::from(sa < sb),
        Sle => u64::from(sa <= sb),
        Sgt => u64::from(sa > sb),
        Sge => u64::from(sa >= sb),
    })
}

/// The values of `x op y` when one side may be any value: a mask by a constant of few bits
/// (`len & 3`) or a remainder by a small constant (`h % 16`) still has few.
fn bounded(op: BinOp, x: Option<&[u64]>, y: Option<&[u64]>, w: u32) -> Option<Vals> {
    let one = |s: Option<&[u64]>| match s {
        Some([k]) => Some(*k),
        _ => None,
    };
    match op {
        BinOp::And => {
            let k = one(x).or(one(y))?;
            if k.count_ones() > 5 {
                return None;
            }
            // Every sub-mask of `k`.
            let mut v = vec![0u64];
            for b in 0..64 {
                if k & (1 << b) != 0 {
                    let more: Vec<u64> = v.iter().map(|m| m | (1 << b)).collect();
                    v.extend(more);
                }
            }
            v.sort_unstable();
            Some(v)
        }
        BinOp::URem => {
            let k = one(y)?;
            (k > 0 && k as usize <= MAX_VALUES).then(|| (0..k).collect())
        }
        BinOp::SRem => {
            let k = to_signed(one(y)?, w).unsigned_abs();
            if k == 0 || k > (MAX_VALUES / 2) as u64 {
                return None;
            }
            let k = k as i64;
            let mut v: Vals = (1 - k..k).map(|r| (r as u64) & mask(w)).collect();
            v.sort_unstable();
            Some(v)
        }
        _ => None,
    }
}

/// The values `e` may have in a state where each variable has a value of its set (`None`: any).
fn eval(prog: &Program, e: &Expr, st: &State) -> Option<Vals> {
    let mut out: Vals = match e {
        Expr::Int { bits, .. } => vec![*bits],
        Expr::Bool(b) => vec![u64::from(*b)],
        Expr::Var(v) => st.get(v)?.clone(),
        Expr::Un(op, a) => {
            let w = width(prog, a);
            eval(prog, a, st)?
                .into_iter()
                .map(|x| match op {
                    UnOp::Neg => x.wrapping_neg() & mask(w),
                    UnOp::BitNot => !x & mask(w),
                    UnOp::Not => x ^ 1,
                })
                .collect()
        }
        Expr::Bin(op, a, b) => {
            let x = eval(prog, a, st);
            // `false && _`, `true || _`, `0 & _`: the other side does not matter.
            match (op, x.as_deref()) {
                (BinOp::And, Some([0])) => return Some(vec![0]),
                (BinOp::Or, Some([1])) if width(prog, a) == 1 => return Some(vec![1]),
                _ => {}
            }
            let y = eval(prog, b, st);
            if let (BinOp::And, Some([0])) = (op, y.as_deref()) {
                return Some(vec![0]);
            }
            if let (BinOp::Or, Some([1])) = (op, y.as_deref()) {
                if width(prog, b) == 1 {
                    return Some(vec![1]);
                }
            }
            let w = width(prog, a);
            if x.is_none() || y.is_none() {
                return bounded(*op, x.as_deref(), y.as_deref(), w);
            }
            let (x, y) = (x?, y?);
            if x.len() * y.len() > MAX_VALUES * MAX_VALUES {
                return None;
            }
            let mut v = Vec::with_capacity(x.len() * y.len());
            for p in &x {
                for q in &y {
                    v.push(bin(*op, *p, *q, w)?);
                }
            }
            v
        }
        Expr::Cast(op, w, a) => {
            let from = width(prog, a);
            eval(prog, a, st)?
                .into_iter()
                .map(|x| match op {
                    CastOp::ZExt => x,
                    CastOp::SExt => (to_signed(x, from) as u64) & mask(*w),
                    CastOp::Trunc => x & mask(*w),
                })
                .collect()
        }
        Expr::Ite(c, a, b) => match eval(prog, c, st).as_deref() {
            Some([1]) => return eval(prog, a, st),
            Some([0]) => return eval(prog, b, st),
            _ => union(&eval(prog, a, st)?, &eval(prog, b, st)?)?,
        },
        // Memory is cells here: no pointer forms are left.
        _ => return None,
    };
    out.sort_unstable();
    out.dedup();
    (out.len() <= MAX_VALUES).then_some(out)
}

/// The state restricted to the executions on which `c` holds: `None` if there are none.
fn refine(prog: &Program, c: &Expr, st: &State) -> Option<State> {
    if let Expr::Bin(BinOp::And, a, b) = c {
        if width(prog, a) == 1 {
            let st = refine(prog, a, st)?;
            return refine(prog, b, &st);
        }
    }
    if eval(prog, c, st).as_deref() == Some(&[0]) {
        return None;
    }
    let mut vars = Vec::new();
    c.for_each_var(&mut |v| {
        if !vars.contains(&v) {
            vars.push(v)
        }
    });
    let mut st = st.clone();
    for v in vars {
        let Some(vals) = st.get(&v).cloned() else { continue };
        if vals.len() < 2 {
            continue;
        }
        let mut keep = Vec::new();
        for x in vals {
            st.insert(v, vec![x]);
            if eval(prog, c, &st).as_deref() != Some(&[0]) {
                keep.push(x);
            }
        }
        if keep.is_empty() {
            return None;
        }
        st.insert(v, keep);
    }
    Some(st)
}

/// Variables a call of each function may write (its own and its callees', their parameters).
fn mods(prog: &Program, funcs: &[FuncId]) -> HashMap<FuncId, HashSet<VarId>> {
    let mut m: HashMap<FuncId, HashSet<VarId>> = HashMap::new();
    for &f in funcs {
        let func = prog.func(f);
        let mut s: HashSet<VarId> = func.vars.iter().chain(&func.params).copied().collect();
        s.extend(func.ret);
        for e in &func.edges {
            s.extend(e.op.def());
        }
        m.insert(f, s);
    }
    loop {
        let mut changed = false;
        for &f in funcs {
            for e in &prog.func(f).edges {
                if let Op::Call { func: g, .. } = &e.op {
                    if *g == f {
                        continue;
                    }
                    let add: Vec<VarId> = m.get(g).map(|s| s.iter().copied().collect()).unwrap_or_default();
                    let s = m.get_mut(&f).expect("every function has a set");
                    for v in add {
                        changed |= s.insert(v);
                    }
                }
            }
        }
        if !changed {
            return m;
        }
    }
}

/// The variables whose values the checks of undefined behaviour read, directly or through
/// assignments, parameters, results and the branches that bound them: only they are tracked
/// (the others are any value), which keeps the states small.
fn tracked(prog: &Program, funcs: &[FuncId]) -> HashSet<VarId> {
    let mut t: HashSet<VarId> = HashSet::new();
    for &f in funcs {
        let func = prog.func(f);
        for e in &func.edges {
            if let (Op::Assume(c), LocKind::Error { kind, .. }) = (&e.op, &func.loc(e.dst).kind) {
                if !kind.aborts_program() {
                    c.for_each_var(&mut |v| {
                        t.insert(v);
                    });
                }
            }
        }
    }
    loop {
        let n = t.len();
        for &f in funcs {
            let func = prog.func(f);
            for e in &func.edges {
                match &e.op {
                    Op::Assign { dst, value } if t.contains(dst) => value.for_each_var(&mut |v| {
                        t.insert(v);
                    }),
                    // A branch that bounds a tracked variable (`i < n`) needs the bound too.
                    Op::Assume(c) => {
                        let mut any = false;
                        c.for_each_var(&mut |v| any |= t.contains(&v));
                        if any {
                            c.for_each_var(&mut |v| {
                                t.insert(v);
                            });
                        }
                    }
                    Op::Return(Some(value)) if func.ret.is_some_and(|r| t.contains(&r)) => {
                        value.for_each_var(&mut |v| {
                            t.insert(v);
                        })
                    }
                    Op::Call { func: g, dst, args } => {
                        let callee = prog.func(*g);
                        if let (Some(d), Some(r)) = (dst, callee.ret) {
                            if t.contains(d) {
                                t.insert(r);
                            }
                        }
                        for (p, a) in callee.params.iter().zip(args) {
                            if t.contains(p) {
                                a.for_each_var(&mut |v| {
                                    t.insert(v);
                                });
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if t.len() == n {
            return t;
        }
    }
}

/// The states of the program (with memory as cells) from `entry`, or `None` when the work
/// (state entries visited) passes `budget`, or the program has recursion.
pub(crate) fn analyse(
    prog: &Program,
    entry: FuncId,
    budget: u64,
    deadline: Option<std::time::Instant>,
) -> Option<Values> {
    let started = std::time::Instant::now();
    let r = analyse_here(prog, entry, budget, deadline);
    if std::env::var_os("KAPPA_SLICE_DEBUG").is_some() {
        eprintln!(
            "kappa: debug: value analysis: {} ({:.2} s)",
            match &r {
                Ok(v) => format!("{} contexts, {} work units", v.states.len(), v.spent),
                Err(w) => format!("gave up: {w}"),
            },
            started.elapsed().as_secs_f64()
        );
    }
    r.ok()
}

fn analyse_here(
    prog: &Program,
    entry: FuncId,
    budget: u64,
    deadline: Option<std::time::Instant>,
) -> Result<Values, String> {
    if crate::recursion::recursive_function(prog).is_some() {
        return Err("recursion".into());
    }
    let funcs = crate::memory::reachable(prog, entry);
    if funcs.iter().any(|f| prog.func(*f).locs.is_empty()) {
        return Err("a function without a body".into());
    }
    let mods = mods(prog, &funcs);
    let tracked = tracked(prog, &funcs);
    // The contexts: the entry, and one per call site (the callee's states at one call site,
    // whatever the caller's context).
    let mut ctxs: Vec<(FuncId, Option<(FuncId, EdgeId)>)> = vec![(entry, None)];
    let mut ctx_of: HashMap<(FuncId, EdgeId), usize> = HashMap::new();
    let mut ctxs_of: HashMap<FuncId, Vec<usize>> = HashMap::new();
    ctxs_of.entry(entry).or_default().push(0);
    for &f in &funcs {
        for (i, e) in prog.func(f).edges.iter().enumerate() {
            if let Op::Call { func: g, .. } = &e.op {
                ctx_of.insert((f, EdgeId(i as u32)), ctxs.len());
                ctxs_of.entry(*g).or_default().push(ctxs.len());
                ctxs.push((*g, Some((f, EdgeId(i as u32)))));
            }
        }
    }
    let mut states: Vec<Vec<Option<State>>> = ctxs.iter().map(|(f, _)| vec![None; prog.func(*f).locs.len()]).collect();
    // Globals start at zero or at their initial values; everything else is any value.
    let mut init = State::new();
    for g in prog.global_vars() {
        if matches!(prog.var_ty(g), Ty::Int(_)) {
            init.insert(g, vec![0]);
        }
    }
    for gi in &prog.globals {
        match eval(prog, &gi.value, &State::new()) {
            Some(v) => init.insert(gi.var, v),
            None => init.remove(&gi.var),
        };
    }
    init.retain(|v, _| tracked.contains(v));
    let ef = prog.func(entry);
    states[0][ef.entry.index()] = Some(init);
    let mut work: Vec<(usize, Loc)> = vec![(0, ef.entry)];
    let mut queued: HashSet<(usize, Loc)> = work.iter().copied().collect();
    let mut spent = 0u64;
    let mut steps = 0u64;
    while let Some((cx, l)) = work.pop() {
        queued.remove(&(cx, l));
        let f = ctxs[cx].0;
        let func = prog.func(f);
        let Some(st) = states[cx][l.index()].clone() else { continue };
        // A state is copied per edge out.
        spent += (st.len() as u64 + 1) * (func.out_edges(l).len() as u64 + 1);
        if spent > budget {
            return Err(format!("work limit of {budget} units"));
        }
        steps += 1;
        if steps.is_multiple_of(256)
            && (deadline.is_some_and(|d| std::time::Instant::now() >= d) || kappa_solver::interrupt::requested())
        {
            return Err("time limit or interrupt".into());
        }
        let mut out: Vec<(usize, Loc, State)> = Vec::new();
        for &eid in func.out_edges(l) {
            let e = func.edge(eid);
            match &e.op {
                Op::Assume(c) => {
                    if let Some(s) = refine(prog, c, &st) {
                        out.push((cx, e.dst, s));
                    }
                }
                Op::Assign { dst, value } => {
                    let mut s = st.clone();
                    match eval(prog, value, &st).filter(|_| tracked.contains(dst)) {
                        Some(v) => s.insert(*dst, v),
                        None => s.remove(dst),
                    };
                    out.push((cx, e.dst, s));
                }
                Op::Return(Some(v)) => {
                    let mut s = st.clone();
                    if let Some(r) = func.ret {
                        match eval(prog, v, &st).filter(|_| tracked.contains(&r)) {
                            Some(x) => s.insert(r, x),
                            None => s.remove(&r),
                        };
                    }
                    out.push((cx, e.dst, s));
                }
                Op::Call { func: g, dst, args } => {
                    let callee = prog.func(*g);
                    let gcx = ctx_of[&(f, eid)];
                    // The callee's entry: its registers and local cells are fresh.
                    let mut s = st.clone();
                    s.retain(|v, _| {
                        !matches!(prog.var(*v).kind,
                            VarKind::Local(h) | VarKind::Param(h) | VarKind::Temp(h) | VarKind::Ret(h) if h == *g)
                    });
                    for (p, a) in callee.params.iter().zip(args) {
                        if let Some(v) = eval(prog, a, &st).filter(|_| tracked.contains(p)) {
                            s.insert(*p, v);
                        }
                    }
                    out.push((gcx, callee.entry, s));
                    // The return: what the call may write is as at the callee's exit (from
                    // this call site, in some context of the caller), the rest as before.
                    if let Some(x) = &states[gcx][callee.exit.index()] {
                        let m = &mods[g];
                        let mut s = st.clone();
                        s.retain(|v, _| !m.contains(v));
                        for v in m {
                            if let Some(val) = x.get(v) {
                                s.insert(*v, val.clone());
                            }
                        }
                        if let Some(d) = dst {
                            s.remove(d);
                            if let Some(val) = callee.ret.and_then(|r| x.get(&r)) {
                                s.insert(*d, val.clone());
                            }
                        }
                        out.push((cx, e.dst, s));
                    }
                }
                op => {
                    let mut s = st.clone();
                    if let Some(d) = op.def() {
                        s.remove(&d);
                    }
                    out.push((cx, e.dst, s));
                }
            }
        }
        for (c, at, s) in out {
            if join(&mut states[c][at.index()], &s) {
                if queued.insert((c, at)) {
                    work.push((c, at));
                }
                // A callee's exit changed: the call is returned from again, in every context
                // of the caller.
                let (g, site) = ctxs[c];
                if at == prog.func(g).exit {
                    if let Some((caller, call)) = site {
                        let src = prog.func(caller).edge(call).src;
                        for &k in ctxs_of.get(&caller).into_iter().flatten() {
                            if queued.insert((k, src)) {
                                work.push((k, src));
                            }
                        }
                    }
                }
            }
        }
    }
    let mut by_func: HashMap<FuncId, Vec<usize>> = HashMap::new();
    for (i, (f, _)) in ctxs.iter().enumerate() {
        by_func.entry(*f).or_default().push(i);
    }
    Ok(Values { states, by_func, spent })
}

impl Values {
    /// Facts at a location: `v ∈ set` (a range `lo <= v <= hi` when the set is one) for each
    /// of `vars` with a set of values there in every context. Every execution that arrives
    /// satisfies them.
    pub(crate) fn facts(&self, prog: &Program, f: FuncId, at: Loc, vars: &[VarId]) -> Vec<Expr> {
        let mut all: Option<State> = None;
        for &c in self.by_func.get(&f).into_iter().flatten() {
            if let Some(st) = &self.states[c][at.index()] {
                join(&mut all, st);
            }
        }
        let Some(st) = all else { return Vec::new() };
        let mut out = Vec::new();
        for v in vars {
            let (Some(vals), Ty::Int(w)) = (st.get(v), prog.var_ty(*v)) else { continue };
            out.push(member(*v, w, vals));
        }
        out
    }

    /// Whether the edge (of `f`, an `assume` into a check's error location) may be taken: per
    /// calling context (call site) where some state lets it be, constraints (`v ∈ set`) on the
    /// condition's variables that every execution taking it there satisfies. Empty: in no
    /// context.
    pub(crate) fn may_take(&self, prog: &Program, f: FuncId, e: &Edge, c: &Expr) -> Vec<Vec<Expr>> {
        let mut vars = Vec::new();
        c.for_each_var(&mut |v| {
            if !vars.contains(&v) {
                vars.push(v)
            }
        });
        let mut out = Vec::new();
        for &cx in self.by_func.get(&f).into_iter().flatten() {
            let Some(st) = &self.states[cx][e.src.index()] else { continue };
            let Some(st) = refine(prog, c, st) else { continue };
            let mut sets = Vec::new();
            for v in &vars {
                if let (Some(vals), Ty::Int(w)) = (st.get(v), prog.var_ty(*v)) {
                    sets.push(member(*v, w, vals));
                }
            }
            out.push(sets);
        }
        out
    }
}

/// `v ∈ vals`: a range if the values are consecutive, else a disjunction.
fn member(v: VarId, w: u32, vals: &[u64]) -> Expr {
    let x = Expr::Var(v);
    match (vals.first(), vals.last()) {
        (Some(lo), Some(hi)) if vals.len() > 2 && hi - lo + 1 == vals.len() as u64 => {
            Expr::bin(BinOp::Ule, Expr::uint(*lo, w), x.clone()).and(Expr::bin(BinOp::Ule, x, Expr::uint(*hi, w)))
        }
        _ => {
            let mut any = Expr::Bool(false);
            for c in vals {
                any = any.or(Expr::bin(BinOp::Eq, x.clone(), Expr::uint(*c, w)));
            }
            any
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_remainders_of_any_value_have_few_values() {
        assert_eq!(bounded(BinOp::And, None, Some(&[3]), 32), Some(vec![0, 1, 2, 3]));
        assert_eq!(bounded(BinOp::And, Some(&[5]), None, 32), Some(vec![0, 1, 4, 5]));
        assert_eq!(bounded(BinOp::URem, None, Some(&[16]), 32), Some((0..16).collect()));
        // x % -3 (signed): -2 … 2.
        let v = bounded(BinOp::SRem, None, Some(&[(-3i64 as u64) & 0xffff_ffff]), 32).expect("five values");
        assert_eq!(v, vec![0, 1, 2, 0xffff_fffe, 0xffff_ffff]);
        // INT_MIN's magnitude, a mask of 8 bits, a sum: too many values.
        assert_eq!(bounded(BinOp::SRem, None, Some(&[1 << 31]), 32), None);
        assert_eq!(bounded(BinOp::SRem, None, Some(&[1 << 63]), 64), None);
        assert_eq!(bounded(BinOp::And, None, Some(&[0xff]), 32), None);
        assert_eq!(bounded(BinOp::Add, None, Some(&[1]), 32), None);
        assert_eq!(bounded(BinOp::URem, None, Some(&[0]), 32), None);
    }

    #[test]
    fn a_join_past_the_limit_is_any_value() {
        let mut a: Option<State> = None;
        let v = VarId(0);
        assert!(join(&mut a, &State::from([(v, vec![1, 2])])));
        assert!(!join(&mut a, &State::from([(v, vec![2])])));
        assert!(join(&mut a, &State::from([(v, (10..10 + MAX_VALUES as u64).collect())])));
        assert!(a.as_ref().is_some_and(|s| !s.contains_key(&v)));
        // Absent from one side: any value.
        let mut b = Some(State::from([(v, vec![1])]));
        assert!(join(&mut b, &State::new()));
        assert!(b.is_some_and(|s| s.is_empty()));
    }
}
