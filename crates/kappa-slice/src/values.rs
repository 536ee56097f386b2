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
//!
//! Two refinements make stores into small arrays strong and tests of loaded values count
//! (issue 24; design-memory-interpolants.md, "possible undefined behaviours"):
//!
//! - **Partitions by loop counters** (trace partitioning, Mauborgne and Rival, ESOP 2005): the
//!   states at a location inside a loop are kept apart by the value of each variable the loop
//!   writes and tests on an exit edge, when the state has one value for it. So a loop of
//!   constant trip count over a small array (`for (i = 0; i < 4; i++) q[i] = 0;`) is analysed
//!   as unrolled: each store has one address and is a strong update. At most [`MAX_PARTS`]
//!   partitions per location; past that, its states are joined into one (for good).
//! - **Copies**: a variable assigned another variable (a load whose address has one value reads
//!   one cell) equals it until either is written, and a branch on the copy bounds the original:
//!   `t = ext->Count; if (t == 4) …` bounds the cell `ext->Count`.
//! - **Ranges** beside the sets: a comparison with a constant bounds a variable with no set
//!   (`num <= 0` then `num > 3` leave `{1, 2, 3}`: a set once at most [`MAX_VALUES`] wide), a
//!   set past [`MAX_VALUES`] becomes its signed range, and a range that grows at a join is
//!   widened (the bound that moved goes to the end of the type), so it changes at most twice.
//!   Arithmetic is modulo 2^w, as in the IR: a range is not carried through `+` (a counter
//!   incremented from 0 has no sign that survives wrap-around), only through tests.

use kappa_ir::analysis::{dominators, natural_loops};
use kappa_ir::expr::{mask, to_signed};
use kappa_ir::*;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// Values per variable at most; more is "any value".
pub(crate) const MAX_VALUES: usize = 40;

/// Partitions of the states at one location at most; more are joined into one.
const MAX_PARTS: usize = 24;

/// A set of values, sorted; absent from a [`State`]: any value.
type Vals = Vec<u64>;

/// A signed range `lo ..= hi` of a variable of `w` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    lo: i64,
    hi: i64,
    w: u32,
}

/// The signed values of `w` bits.
fn full(w: u32) -> (i64, i64) {
    if w >= 64 {
        (i64::MIN, i64::MAX)
    } else {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    }
}

impl Range {
    /// The smallest range of `w` bits holding the set.
    fn of(vals: &[u64], w: u32) -> Range {
        let s = vals.iter().map(|x| to_signed(*x, w));
        Range { lo: s.clone().min().unwrap_or(0), hi: s.max().unwrap_or(0), w }
    }

    fn hull(self, o: Range) -> Range {
        Range { lo: self.lo.min(o.lo), hi: self.hi.max(o.hi), w: self.w }
    }

    /// Its values when at most [`MAX_VALUES`].
    fn small(self) -> Option<Vals> {
        if i128::from(self.hi) - i128::from(self.lo) >= MAX_VALUES as i128 {
            return None;
        }
        let mut v: Vals = (self.lo..=self.hi).map(|x| (x as u64) & mask(self.w)).collect();
        v.sort_unstable();
        Some(v)
    }
}

#[derive(Clone, Debug, Default)]
struct State {
    vals: HashMap<VarId, Vals>,
    /// Variables with no set but a range (a sign, a bound from a branch): a set once small.
    ranges: HashMap<VarId, Range>,
    /// `d → s`: `d` was assigned `s` and neither has been written since, so `d == s`.
    copies: BTreeMap<VarId, VarId>,
}

impl State {
    fn get(&self, v: &VarId) -> Option<&Vals> {
        self.vals.get(v)
    }

    fn insert(&mut self, v: VarId, x: Vals) {
        self.ranges.remove(&v);
        self.vals.insert(v, x);
    }

    fn remove(&mut self, v: &VarId) {
        self.vals.remove(v);
        self.ranges.remove(v);
    }

    /// `v` is at most in `r` (and in what it was known to be in).
    fn bound(&mut self, v: VarId, r: Range) -> Result<(), ()> {
        let r = match (self.vals.get(&v), self.ranges.get(&v)) {
            (Some(x), _) => {
                let x: Vals = x.iter().copied().filter(|x| (r.lo..=r.hi).contains(&to_signed(*x, r.w))).collect();
                if x.is_empty() {
                    return Err(());
                }
                self.vals.insert(v, x);
                return Ok(());
            }
            (None, Some(o)) => Range { lo: o.lo.max(r.lo), hi: o.hi.min(r.hi), w: r.w },
            (None, None) => r,
        };
        if r.lo > r.hi {
            return Err(());
        }
        match r.small() {
            Some(x) => self.insert(v, x),
            None if (r.lo, r.hi) == full(r.w) => self.remove(&v),
            None => {
                self.ranges.insert(v, r);
            }
        }
        Ok(())
    }

    /// `v` is written: the copies it is a side of end.
    fn written(&mut self, v: VarId) {
        self.copies.retain(|d, s| *d != v && *s != v);
    }
}

/// A partition: the value of each loop counter around the location that has one value.
type Key = Vec<(VarId, u64)>;

/// The states at one location, by partition; `collapsed`: past [`MAX_PARTS`], all in one.
#[derive(Clone, Debug, Default)]
struct Parts {
    by_key: BTreeMap<Key, State>,
    collapsed: bool,
}

impl Parts {
    /// All partitions joined: `None` if no execution reaches the location.
    fn joined(&self, width: &dyn Fn(VarId) -> u32) -> Option<State> {
        let mut all = None;
        for s in self.by_key.values() {
            join(&mut all, s, width);
        }
        all
    }

    /// Joins `s` into partition `key`: the partition that changed, if one did.
    fn add(&mut self, key: Key, s: &State, width: &dyn Fn(VarId) -> u32) -> Option<Key> {
        if !self.collapsed && !self.by_key.contains_key(&key) && self.by_key.len() >= MAX_PARTS {
            let mut all = self.joined(width);
            join(&mut all, s, width);
            self.by_key.clear();
            self.collapsed = true;
            if let Some(a) = all {
                self.by_key.insert(Key::new(), a);
            }
            return Some(Key::new());
        }
        let key = if self.collapsed { Key::new() } else { key };
        let mut slot = self.by_key.remove(&key);
        let changed = join(&mut slot, s, width);
        if let Some(x) = slot {
            self.by_key.insert(key.clone(), x);
        }
        changed.then_some(key)
    }
}

pub(crate) struct Values {
    /// Per context, per location of its function: the states there by partition (none if no
    /// execution reaches it).
    states: Vec<Vec<Parts>>,
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

/// Joins `b` into `a`; whether `a` changed. Sets past [`MAX_VALUES`] become ranges; a range
/// that grows is widened: the bound that moved goes to the end of the type (so each variable
/// changes a bounded number of times).
fn join(a: &mut Option<State>, b: &State, width: &dyn Fn(VarId) -> u32) -> bool {
    let Some(a) = a else {
        *a = Some(b.clone());
        return true;
    };
    let mut changed = false;
    let n = a.copies.len();
    a.copies.retain(|d, s| b.copies.get(d) == Some(s));
    changed |= a.copies.len() != n;
    let mut to_range: Vec<(VarId, Range)> = Vec::new();
    a.vals.retain(|v, x| {
        let other = match (b.get(v), b.ranges.get(v)) {
            (Some(y), _) => match union(x, y) {
                Some(u) => {
                    if u.len() != x.len() {
                        changed = true;
                        *x = u;
                    }
                    return true;
                }
                None => Range::of(y, width(*v)),
            },
            (None, Some(r)) => *r,
            (None, None) => {
                changed = true;
                return false;
            }
        };
        changed = true;
        to_range.push((*v, Range::of(x, other.w).hull(other)));
        false
    });
    a.ranges.retain(|v, r| {
        let other = match (b.get(v), b.ranges.get(v)) {
            (Some(y), _) => Range::of(y, r.w),
            (None, Some(o)) => *o,
            (None, None) => {
                changed = true;
                return false;
            }
        };
        let (lo, hi) = full(r.w);
        let mut n = *r;
        if other.lo < r.lo {
            n.lo = lo;
        }
        if other.hi > r.hi {
            n.hi = hi;
        }
        if n != *r {
            changed = true;
            *r = n;
        }
        (n.lo, n.hi) != (lo, hi)
    });
    for (v, r) in to_range {
        if (r.lo, r.hi) != full(r.w) {
            a.ranges.insert(v, r);
        }
    }
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
            // `len > 4 ? 4 : len` with `len` any: each side in the state its condition bounds.
            _ if implied(prog, c, st).is_some_and(|(v, _)| !st.vals.contains_key(&v)) => {
                let side = |c: Expr, e: &Expr| match refine_here(prog, &c, st) {
                    Some(s) => eval(prog, e, &s),
                    None => Some(Vec::new()),
                };
                union(&side((**c).clone(), a)?, &side((**c).clone().negate(), b)?)?
            }
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
    // A copy's test is a test of what it copies (both are bounded).
    if st.copies.is_empty() {
        return refine_here(prog, c, st);
    }
    let c = c.subst(&|v| st.copies.get(&v).map(|s| Expr::Var(*s)));
    let mut st = refine_here(prog, &c, st)?;
    let pairs: Vec<(VarId, VarId)> = st.copies.iter().map(|(d, s)| (*d, *s)).collect();
    for (d, s) in pairs {
        if let (Some(x), true) = (st.get(&s).cloned(), st.vals.contains_key(&d)) {
            st.insert(d, x);
        }
    }
    Some(st)
}

fn refine_here(prog: &Program, c: &Expr, st: &State) -> Option<State> {
    if let Expr::Bin(BinOp::And, a, b) = c {
        if width(prog, a) == 1 {
            let st = refine_here(prog, a, st)?;
            return refine_here(prog, b, &st);
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
    // `v op k`: a range of `v` (a bound of a variable with no set; `0 <= n` then `n <= 3` make
    // the set `{0, 1, 2, 3}`).
    if let Some((v, r)) = implied(prog, c, &st) {
        st.bound(v, r).ok()?;
    }
    Some(st)
}

/// The range of `v` a comparison `v op k` (or `k op v`, or its negation) with `k` of one
/// value implies: empty (`lo > hi`) if none; `None` if it is not of that form or the range of
/// an unsigned comparison wraps around in signed terms.
fn implied(prog: &Program, c: &Expr, st: &State) -> Option<(VarId, Range)> {
    use BinOp::*;
    let (op, a, b) = match c {
        Expr::Bin(op, a, b) if op.is_comparison() => (*op, a, b),
        Expr::Un(UnOp::Not, x) => match &**x {
            Expr::Bin(op, a, b) => (op.negated()?, a, b),
            _ => return None,
        },
        _ => return None,
    };
    let one = |e: &Expr| match eval(prog, e, st).as_deref() {
        Some([k]) => Some(*k),
        _ => None,
    };
    let (op, v, k) = match (&**a, &**b) {
        (Expr::Var(v), other) => (op, *v, one(other)?),
        (other, Expr::Var(v)) => {
            let swapped = match op {
                Slt => Sgt,
                Sle => Sge,
                Sgt => Slt,
                Sge => Sle,
                Ult => Ugt,
                Ule => Uge,
                Ugt => Ult,
                Uge => Ule,
                o => o,
            };
            (swapped, *v, one(other)?)
        }
        _ => return None,
    };
    let Ty::Int(w) = prog.var_ty(v) else { return None };
    if w < 2 {
        return None;
    }
    let (smin, smax) = full(w);
    let m = mask(w);
    let ks = to_signed(k, w);
    let empty = Range { lo: 1, hi: 0, w };
    let signed = |lo: i64, hi: i64| Range { lo, hi, w };
    // An unsigned range `lo ..= hi` in signed terms, if it does not wrap around.
    let unsigned = |lo: u64, hi: u64| {
        if lo > hi {
            Some(empty)
        } else if hi <= smax as u64 {
            Some(signed(lo as i64, hi as i64))
        } else if lo > smax as u64 {
            Some(signed(to_signed(lo, w), to_signed(hi, w)))
        } else {
            None
        }
    };
    let r = match op {
        Eq => signed(ks, ks),
        Slt if ks == smin => empty,
        Slt => signed(smin, ks - 1),
        Sle => signed(smin, ks),
        Sgt if ks == smax => empty,
        Sgt => signed(ks + 1, smax),
        Sge => signed(ks, smax),
        Ult if k == 0 => empty,
        Ult => unsigned(0, k - 1)?,
        Ule => unsigned(0, k)?,
        Ugt if k == m => empty,
        Ugt => unsigned(k + 1, m)?,
        Uge => unsigned(k, m)?,
        _ => return None,
    };
    Some((v, r))
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

/// The variable `e` reads as a whole in state `st` (through `ite`s whose conditions the state
/// decides: a load whose address has one value): `e` equals it.
fn copy_of(prog: &Program, e: &Expr, st: &State) -> Option<VarId> {
    match e {
        Expr::Var(x) => Some(*x),
        Expr::Ite(c, a, b) => match eval(prog, c, st).as_deref() {
            Some([1]) => copy_of(prog, a, st),
            Some([0]) => copy_of(prog, b, st),
            _ => None,
        },
        _ => None,
    }
}

/// Per function, per location: the counters of the loops around it, the tracked variables a
/// loop writes (directly) and tests on an edge out of a location with an exit from the loop.
/// States are partitioned by their values.
fn counters(prog: &Program, funcs: &[FuncId], tracked: &HashSet<VarId>) -> HashMap<FuncId, Vec<Vec<VarId>>> {
    let mut out = HashMap::new();
    for &f in funcs {
        let func = prog.func(f);
        let mut per: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); func.locs.len()];
        let dom = dominators(func);
        for lp in &natural_loops(func, &dom).loops {
            let body: HashSet<Loc> = lp.body.iter().copied().collect();
            let defs: HashSet<VarId> =
                func.edges.iter().filter(|e| body.contains(&e.src)).filter_map(|e| e.op.def()).collect();
            let mut cs = BTreeSet::new();
            for e in &func.edges {
                let exits = || func.out_edges(e.src).iter().any(|&o| !body.contains(&func.edge(o).dst));
                if let Op::Assume(c) = &e.op {
                    if body.contains(&e.src) && exits() {
                        c.for_each_var(&mut |v| {
                            if defs.contains(&v) && tracked.contains(&v) {
                                cs.insert(v);
                            }
                        });
                    }
                }
            }
            for l in &lp.body {
                per[l.index()].extend(cs.iter().copied());
            }
        }
        out.insert(f, per.into_iter().map(|s| s.into_iter().collect()).collect());
    }
    out
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
    let counters = counters(prog, &funcs, &tracked);
    let wd = |v: VarId| var_width(prog, v);
    let key_of = |f: FuncId, at: Loc, s: &State| -> Key {
        counters[&f][at.index()]
            .iter()
            .filter_map(|v| match s.get(v).map(Vec::as_slice) {
                Some([x]) => Some((*v, *x)),
                _ => None,
            })
            .collect()
    };
    let mut states: Vec<Vec<Parts>> =
        ctxs.iter().map(|(f, _)| vec![Parts::default(); prog.func(*f).locs.len()]).collect();
    // Globals start at zero or at their initial values; everything else is any value.
    let mut init = State::default();
    for g in prog.global_vars() {
        if matches!(prog.var_ty(g), Ty::Int(_)) {
            init.insert(g, vec![0]);
        }
    }
    for gi in &prog.globals {
        match eval(prog, &gi.value, &State::default()) {
            Some(v) => init.insert(gi.var, v),
            None => init.remove(&gi.var),
        };
    }
    init.vals.retain(|v, _| tracked.contains(v));
    let ef = prog.func(entry);
    let k0 = key_of(entry, ef.entry, &init);
    states[0][ef.entry.index()].add(k0.clone(), &init, &wd);
    let mut work: Vec<(usize, Loc, Key)> = vec![(0, ef.entry, k0)];
    let mut queued: HashSet<(usize, Loc, Key)> = work.iter().cloned().collect();
    let mut spent = 0u64;
    let mut steps = 0u64;
    while let Some((cx, l, key)) = work.pop() {
        queued.remove(&(cx, l, key.clone()));
        let f = ctxs[cx].0;
        let func = prog.func(f);
        // A partition joined into another since (the location collapsed): nothing to do.
        let Some(st) = states[cx][l.index()].by_key.get(&key).cloned() else { continue };
        // A state is copied per edge out.
        spent += (st.vals.len() as u64 + 1) * (func.out_edges(l).len() as u64 + 1);
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
                    s.written(*dst);
                    // The copy of a variable (of the one cell a load reads).
                    if let Some(x) = copy_of(prog, value, &st) {
                        let x = st.copies.get(&x).copied().unwrap_or(x);
                        if x != *dst && tracked.contains(&x) {
                            s.copies.insert(*dst, x);
                        }
                    }
                    out.push((cx, e.dst, s));
                }
                Op::Return(Some(v)) => {
                    let mut s = st.clone();
                    if let Some(r) = func.ret {
                        match eval(prog, v, &st).filter(|_| tracked.contains(&r)) {
                            Some(x) => s.insert(r, x),
                            None => s.remove(&r),
                        };
                        s.written(r);
                    }
                    out.push((cx, e.dst, s));
                }
                Op::Call { func: g, dst, args } => {
                    let callee = prog.func(*g);
                    let gcx = ctx_of[&(f, eid)];
                    // The callee's entry: its registers and local cells are fresh.
                    let mut s = st.clone();
                    let fresh = |v: &VarId| {
                        matches!(prog.var(*v).kind,
                            VarKind::Local(h) | VarKind::Param(h) | VarKind::Temp(h) | VarKind::Ret(h) if h == *g)
                    };
                    s.vals.retain(|v, _| !fresh(v));
                    s.ranges.retain(|v, _| !fresh(v));
                    s.copies.clear();
                    for (p, a) in callee.params.iter().zip(args) {
                        if let Some(v) = eval(prog, a, &st).filter(|_| tracked.contains(p)) {
                            s.insert(*p, v);
                        }
                    }
                    out.push((gcx, callee.entry, s));
                    // The return: what the call may write is as at the callee's exit (from
                    // this call site, in some context of the caller), the rest as before.
                    if let Some(x) = states[gcx][callee.exit.index()].joined(&wd) {
                        let m = &mods[g];
                        let mut s = st.clone();
                        s.vals.retain(|v, _| !m.contains(v));
                        s.ranges.retain(|v, _| !m.contains(v));
                        s.copies.retain(|d, c| !m.contains(d) && !m.contains(c));
                        // Any order: each variable's own entry.
                        #[allow(clippy::iter_over_hash_type)]
                        for v in m {
                            if let Some(val) = x.get(v) {
                                s.insert(*v, val.clone());
                            } else if let Some(r) = x.ranges.get(v) {
                                s.ranges.insert(*v, *r);
                            }
                        }
                        if let Some(d) = dst {
                            s.remove(d);
                            s.written(*d);
                            if let Some(r) = callee.ret {
                                if let Some(val) = x.get(&r) {
                                    s.insert(*d, val.clone());
                                } else if let Some(rg) = x.ranges.get(&r) {
                                    s.ranges.insert(*d, *rg);
                                }
                            }
                        }
                        out.push((cx, e.dst, s));
                    }
                }
                op => {
                    let mut s = st.clone();
                    if let Some(d) = op.def() {
                        s.remove(&d);
                        s.written(d);
                    }
                    out.push((cx, e.dst, s));
                }
            }
        }
        for (c, at, s) in out {
            let (g, site) = ctxs[c];
            let k = key_of(g, at, &s);
            if let Some(k) = states[c][at.index()].add(k, &s, &wd) {
                if queued.insert((c, at, k.clone())) {
                    work.push((c, at, k));
                }
                // A callee's exit changed: the call is returned from again, in every context
                // of the caller and every partition at the call.
                if at == prog.func(g).exit {
                    if let Some((caller, call)) = site {
                        let src = prog.func(caller).edge(call).src;
                        for &kx in ctxs_of.get(&caller).into_iter().flatten() {
                            for kk in states[kx][src.index()].by_key.keys() {
                                if queued.insert((kx, src, kk.clone())) {
                                    work.push((kx, src, kk.clone()));
                                }
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
        let wd = |v: VarId| var_width(prog, v);
        for &c in self.by_func.get(&f).into_iter().flatten() {
            if let Some(st) = self.states[c][at.index()].joined(&wd) {
                join(&mut all, &st, &wd);
            }
        }
        let Some(st) = all else { return Vec::new() };
        vars.iter().filter_map(|v| known(prog, &st, *v)).collect()
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
            for st in self.states[cx][e.src.index()].by_key.values() {
                let Some(st) = refine(prog, c, st) else { continue };
                out.push(vars.iter().filter_map(|v| known(prog, &st, *v)).collect());
            }
        }
        out
    }
}

/// What the state knows of `v`: `v ∈ set`, or `lo <= v <= hi` (signed).
fn known(prog: &Program, st: &State, v: VarId) -> Option<Expr> {
    let Ty::Int(w) = prog.var_ty(v) else { return None };
    if let Some(vals) = st.get(&v) {
        return Some(member(v, w, vals));
    }
    let r = st.ranges.get(&v)?;
    let x = Expr::Var(v);
    Some(Expr::bin(BinOp::Sle, Expr::int(r.lo.into(), w), x.clone()).and(Expr::bin(
        BinOp::Sle,
        x,
        Expr::int(r.hi.into(), w),
    )))
}

fn var_width(prog: &Program, v: VarId) -> u32 {
    match prog.var_ty(v) {
        Ty::Int(w) => w,
        Ty::Bool => 1,
        Ty::Ptr => 64,
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

    fn st<const N: usize>(pairs: [(VarId, Vals); N]) -> State {
        State { vals: HashMap::from(pairs), ..State::default() }
    }

    fn w32(_: VarId) -> u32 {
        32
    }

    #[test]
    fn a_join_past_the_limit_is_a_range_widened_when_it_grows_and_absent_is_any_value() {
        let mut a: Option<State> = None;
        let v = VarId(0);
        assert!(join(&mut a, &st([(v, vec![1, 2])]), &w32));
        assert!(!join(&mut a, &st([(v, vec![2])]), &w32));
        assert!(join(&mut a, &st([(v, (10..10 + MAX_VALUES as u64).collect())]), &w32));
        let s = a.clone().expect("a state");
        assert!(!s.vals.contains_key(&v));
        assert_eq!(s.ranges.get(&v), Some(&Range { lo: 1, hi: 9 + MAX_VALUES as i64, w: 32 }));
        // Within the range: no change; above it: the upper bound is widened to the type's.
        assert!(!join(&mut a, &st([(v, vec![5])]), &w32));
        assert!(join(&mut a, &st([(v, vec![100])]), &w32));
        assert_eq!(a.as_ref().and_then(|s| s.ranges.get(&v)), Some(&Range { lo: 1, hi: i32::MAX as i64, w: 32 }));
        // Below it too: any value.
        assert!(join(&mut a, &st([(v, vec![(-1i64 as u64) & 0xffff_ffff])]), &w32));
        assert!(a.as_ref().is_some_and(|s| s.vals.is_empty() && s.ranges.is_empty()));
        // Absent from one side: any value.
        let mut b = Some(st([(v, vec![1])]));
        assert!(join(&mut b, &State::default(), &w32));
        assert!(b.is_some_and(|s| s.vals.is_empty()));
    }

    #[test]
    fn copies_and_partitions_join_only_what_all_sides_have() {
        let (d, c) = (VarId(1), VarId(2));
        let mut a = Some(State { copies: BTreeMap::from([(d, c)]), ..State::default() });
        assert!(!join(&mut a, &State { copies: BTreeMap::from([(d, c)]), ..State::default() }, &w32));
        assert!(join(&mut a, &State::default(), &w32));
        assert!(a.is_some_and(|s| s.copies.is_empty()));
        let mut p = Parts::default();
        for k in 0..MAX_PARTS as u64 {
            assert_eq!(p.add(vec![(d, k)], &st([(c, vec![k])]), &w32), Some(vec![(d, k)]));
        }
        // One partition too many: all in one, for good.
        assert_eq!(p.add(vec![(d, 99)], &st([(c, vec![99])]), &w32), Some(Vec::new()));
        assert!(p.collapsed && p.by_key.len() == 1);
        assert_eq!(p.add(vec![(d, 1)], &st([(c, vec![1])]), &w32), None);
        assert_eq!(p.joined(&w32).and_then(|s| s.get(&c).map(Vec::len)), Some(MAX_PARTS + 1));
    }
}
