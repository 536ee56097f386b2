//! Facts about constraints that several layers need and that would be costly to recompute on
//! every query: the free symbols of a term (independence, models) and whether
//! `kappa_expr::eval` decides it with Z3's semantics (counterexample cache). Cached per term id;
//! ids are never reused within a thread, so an entry cannot go stale.

use kappa_expr::{Op, Sort, SymId, Term};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

#[derive(Debug)]
pub(crate) struct TermInfo {
    /// Free symbols (symbols bound by a `Forall` inside the term are not free), sorted.
    pub free: Box<[SymId]>,
    /// `eval` gives this term its SMT-LIB value whenever it gives one: no bit-vector wider than
    /// 64 bits (eval computes those in 64 bits), no equality of arrays (eval compares arrays
    /// structurally, not extensionally). Quantifiers make eval answer `None`, which is safe.
    pub evaluable: bool,
    /// The term contains a quantifier.
    pub quantified: bool,
    /// The term contains a product of two non-constants, or a division or remainder by a
    /// non-constant: what the core solver bit-blasts into multipliers and dividers.
    pub nonlinear: bool,
}

/// Term id → [`TermInfo`], cleared when it grows past a bound.
pub(crate) struct InfoCache {
    map: HashMap<u64, Rc<TermInfo>>,
    cap: usize,
}

impl InfoCache {
    pub fn new(cap: usize) -> InfoCache {
        InfoCache { map: HashMap::new(), cap }
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn clear(&mut self) {
        self.map = HashMap::new();
    }

    pub fn get(&mut self, t: &Term) -> Rc<TermInfo> {
        if let Some(i) = self.map.get(&t.id()) {
            return i.clone();
        }
        if self.map.len() >= self.cap {
            self.map.clear();
        }
        let mut free = HashSet::new();
        let mut evaluable = true;
        let mut nonlinear = false;
        scan(t, &HashSet::new(), &mut free, &mut evaluable, &mut nonlinear);
        let quantified = t.has_quantifier();
        let mut free: Vec<SymId> = free.into_iter().collect();
        free.sort_unstable();
        let info = Rc::new(TermInfo { free: free.into_boxed_slice(), evaluable, quantified, nonlinear });
        self.map.insert(t.id(), info.clone());
        info
    }
}

/// Free symbols of a query's constraints, sorted and deduplicated.
pub(crate) fn free_symbols<'a>(cache: &mut InfoCache, ts: impl IntoIterator<Item = &'a Term>) -> Vec<SymId> {
    let mut out: Vec<SymId> = Vec::new();
    for t in ts {
        out.extend_from_slice(&cache.get(t).free);
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Collects the symbols of `t` not in `bound` (iteratively: terms can be deep).
fn scan(t: &Term, bound: &HashSet<SymId>, free: &mut HashSet<SymId>, evaluable: &mut bool, nonlinear: &mut bool) {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if !seen.insert(x.id()) {
            continue;
        }
        if matches!(x.sort(), Sort::Bv(w) if w > 64) || !arity_ok(&x) {
            *evaluable = false;
        }
        match x.op() {
            Op::Var(s) => {
                if !bound.contains(&s) {
                    free.insert(s);
                }
            }
            Op::BvMul | Op::BvUDiv | Op::BvSDiv | Op::BvURem | Op::BvSRem => {
                if !x.arg(1).is_const() && (x.op() != Op::BvMul || !x.arg(0).is_const()) {
                    *nonlinear = true;
                }
                stack.extend(x.args().iter().cloned());
            }
            Op::Eq if matches!(x.arg(0).sort(), Sort::Array(..)) => {
                *evaluable = false;
                stack.extend(x.args().iter().cloned());
            }
            Op::Forall | Op::Lambda => {
                let n = x.args().len();
                let mut inner = bound.clone();
                inner.extend(x.args()[..n.saturating_sub(1)].iter().filter_map(Term::as_var));
                if let Some(body) = x.args().last() {
                    scan(body, &inner, free, evaluable, nonlinear);
                }
            }
            _ => stack.extend(x.args().iter().cloned()),
        }
    }
}

/// The node has as many arguments as its operation takes (`eval` indexes them blindly; terms
/// built with `Term::mk` directly may not).
fn arity_ok(t: &Term) -> bool {
    let n = t.args().len();
    match t.op() {
        Op::BoolConst(_) | Op::BvConst(_) | Op::IntConst(_) | Op::Var(_) => n == 0,
        Op::Not
        | Op::BvNeg
        | Op::BvNot
        | Op::Extract(..)
        | Op::ZExt(_)
        | Op::SExt(_)
        | Op::IntToBv(_)
        | Op::BvToNat
        | Op::ConstArray(_) => n == 1,
        Op::And | Op::Or => true,
        Op::Ite | Op::Store => n == 3,
        Op::Forall => n >= 2,
        Op::Lambda => n == 2,
        _ => n == 2,
    }
}
