//! Models of quantified queries, made concrete.
//!
//! Compact symbolic execution puts universally quantified constraints into path conditions
//! (φ*[κ] = ∀τ. 0 ≤ τ < κ → θ*[τ]⟨φ⟩, ATVA 2013, section 3.2). Z3 decides many of them, but the
//! array interpretations in its models of such queries are defined through its quantifier
//! instantiation, often in terms of each other, and evaluating them can run forever. Yet a test
//! needs exactly those arrays: the inputs read on each iteration of a cycle.
//!
//! Once the scalars are fixed — κ among them — every quantifier bounded by `τ < c` ranges over
//! `c` values, so the query becomes quantifier-free by expanding it into `c` instances. This
//! layer asks the inner solver for the scalars of a quantified query, expands, and asks again
//! for the arrays of the expanded query, whose models are plain.

use crate::syms::InfoCache;
use crate::{Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{Op, Sort, SymId, Term, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The most quantifier instances one model query expands into; beyond it the arrays of the
/// model are left to their defaults (see [`Model`]).
pub const MAX_INSTANCES: u64 = 100_000;

/// Passes every query on; expands the quantifiers of quantified model queries (see the module
/// documentation). Counts nothing of its own: the queries it asks are the inner layers'.
pub struct InstantiatingSolver<S> {
    inner: S,
    /// The per-query time limit, which the expansion of quantifiers honours too.
    timeout: Option<Duration>,
    info: InfoCache,
    /// The run's deadline, which the expansion of quantifiers for a model honours too.
    deadline: Option<Instant>,
    /// The work limit set by the caller: an expansion's own limit is never above it, and it is
    /// restored afterwards (a template's computation runs under one, issue 22).
    rlimit: Option<u64>,
    /// Quantified queries asked as their exact expansion: small ones ([`EXPAND_FIRST`]) always,
    /// the others when Z3 gave up on them and the expansion decided them.
    pub expanded: u64,
    /// Quantified model queries whose expansion went over [`MAX_INSTANCES`].
    over_budget: std::collections::HashSet<Box<[u64]>>,
}

impl<S: Solver> InstantiatingSolver<S> {
    pub fn new(inner: S) -> Self {
        InstantiatingSolver {
            inner,
            timeout: None,
            info: InfoCache::new(1 << 12),
            deadline: None,
            expanded: 0,
            rlimit: None,
            over_budget: Default::default(),
        }
    }

    /// `q` with every quantifier `∀τ. τ <u c → body` replaced by its instances for every value
    /// `τ` can take below the largest `c` the query allows: exact, not an approximation, when
    /// `c` is a constant or a symbol that the query's constraints on it alone bound (κ ≤ 999
    /// from a loop's exit condition), since every model of the query then has `c` within that
    /// bound. `None` when a bound is unknown or the instances would exceed [`EXPAND_MAX`].
    fn exact_expansion(&mut self, q: &Query, max: u64) -> Option<(Vec<Term>, Term)> {
        let mut bounds: HashMap<SymId, u64> = HashMap::new();
        for c in q.constraints().flat_map(all_quantifier_bounds) {
            if let Some(v) = c.as_var() {
                if let std::collections::hash_map::Entry::Vacant(e) = bounds.entry(v) {
                    e.insert(crate::narrow::unsigned_max(&mut self.info, q.constraints(), v)?);
                }
            }
        }
        let mut budget = max;
        let mut out = Vec::with_capacity(q.pc.len());
        for t in q.pc {
            out.push(expand_within(t, &bounds, &mut budget)?);
        }
        let cond = expand_within(&q.cond, &bounds, &mut budget)?;
        Some((out, cond))
    }

    /// `q` with every quantifier replaced by its first `k` instances, so that a model of the
    /// result is a model of `q` (see [`under_approximate`]); `None` if a quantifier sits where
    /// that cannot be done.
    fn small_instances(q: &Query, k: u64) -> Option<(Vec<Term>, Term)> {
        let pc = q.pc.iter().map(|c| under_approximate(c, k, true)).collect::<Option<Vec<_>>>()?;
        Some((pc, under_approximate(&q.cond, k, true)?))
    }

    /// After Z3 gave up on a quantified model query: the model of its exact expansion, with a
    /// fixed amount of work (`None`: no expansion, or no answer either).
    fn model_expanded(&mut self, q: &Query) -> Option<Result<Model, SatResult>> {
        if self.past_deadline() {
            return None;
        }
        let (pc, cond) = self.exact_expansion(q, EXPAND_MAX)?;
        self.inner.set_rlimit(Some(self.rlimit.map_or(EXPANDED_TRY, |r| r.min(EXPANDED_TRY))));
        let r = self.inner.model(&Query { pc: &pc, cond });
        self.inner.set_rlimit(self.rlimit);
        match r {
            Err(SatResult::Unknown(_)) => None,
            r => {
                self.expanded += 1;
                Some(r)
            }
        }
    }

    fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn model_quantified(&mut self, q: &Query) -> Result<Model, SatResult> {
        if let Some((pc, cond)) = self.exact_expansion(q, EXPAND_FIRST) {
            match self.inner.model(&Query { pc: &pc, cond }) {
                Err(SatResult::Unknown(_)) => {}
                r => {
                    self.expanded += 1;
                    return r;
                }
            }
        }
        // Quantifier-free first: a model with at most CHECK_BOUND iterations per quantifier,
        // arrays and all, from one plain query.
        if let Some((pc, cond)) = Self::small_instances(q, CHECK_BOUND) {
            if let Ok(m) = self.inner.model(&Query { pc: &pc, cond }) {
                return Ok(m);
            }
        }
        // Few iterations first: small tests, and few instances to expand. Then a few hundred:
        // a path that needs κ ≥ 100 (big_array_search's first match at index 100 or later)
        // otherwise got κ = 16,384 from Z3, whose expansion's query did not fit the short
        // exploration's 2 M units and left the model's arrays at their defaults (issue kind10).
        let all: Vec<Term> = q.constraints().cloned().collect();
        let bounds: Vec<Term> = q.constraints().flat_map(quantifier_bounds).collect();
        let mut few = None;
        for b in SMALL_BOUNDS {
            if bounds.is_empty() {
                break;
            }
            let cond = Term::and_all(bounds.iter().map(|k| k.bvule(&Term::bv(b, k.width()))));
            match self.inner.model(&Query { pc: &all, cond }) {
                Ok(m) => {
                    few = Some(m);
                    break;
                }
                Err(SatResult::Unknown(why)) if crate::stopped_by_run(&why) => return Err(SatResult::Unknown(why)),
                Err(_) => {}
            }
        }
        let scalars = match few {
            Some(m) => m,
            None => match self.inner.model(q) {
                Ok(m) => m,
                Err(SatResult::Unknown(why)) if !crate::stopped_by_run(&why) => {
                    return self.model_expanded(q).ok_or(SatResult::Unknown(why))?
                }
                Err(e) => return Err(e),
            },
        };
        // A query whose expansion went over MAX_INSTANCES before goes over it again (the same
        // scalars, from the caches): not expanded again for seconds (the engine asks a path's
        // model again when the first was not a model of it, `Engine::checked_test_model`).
        let key: Box<[u64]> = {
            let mut ids: Vec<u64> = q.constraints().map(Term::id).collect();
            ids.sort_unstable();
            ids.dedup();
            ids.into()
        };
        // The arrays at their defaults may do (no input read, or none that must differ from
        // 0): then the scalars are a model, checked by evaluation, without the expansion's
        // instances (10^5 of them took a second to build: big_array_search's path that finds
        // no match).
        if crate::check_model(&scalars, q.constraints(), crate::MODEL_CHECK_WORK) == crate::ModelCheck::Holds {
            dbg_model("the scalars with the arrays at their defaults hold");
            return Ok(scalars);
        }
        if self.over_budget.contains(&key) {
            dbg_model("instances over budget before: scalars only");
            return Ok(scalars);
        }
        let map: HashMap<SymId, Term> =
            scalars.symbols().filter_map(|s| Some((s, constant(&scalars.value(s)?)?))).collect();
        let mut budget = MAX_INSTANCES;
        let t_expand = Instant::now();
        let mut expanded = Vec::new();
        // Expanding 10^5 instances takes seconds: the query's time limit applies.
        let deadline = match (self.timeout.map(|t| Instant::now() + t), self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        for c in q.constraints() {
            let c = c.substitute(&map);
            // Closed once the scalars are in (no array read in it): the scalars satisfy it, and
            // its instances would tell nothing about the arrays. A template's `∀τ < 10^6` over
            // scalars alone took a million substitutions (12 s) here.
            if c.has_quantifier() && c.free_symbols().is_empty() {
                continue;
            }
            match expand_until(&c, &mut budget, deadline) {
                Some(t) => expanded.push(t),
                None if deadline.is_some_and(|d| Instant::now() >= d) => {
                    return Err(SatResult::Unknown("timeout (expanding quantifiers)".into()))
                }
                None => {
                    dbg_model(&format!("instances over budget after {:?}: scalars only", t_expand.elapsed()));
                    if self.over_budget.len() >= OVER_BUDGET_KEPT {
                        self.over_budget.clear();
                    }
                    self.over_budget.insert(key);
                    return Ok(scalars);
                }
            }
        }
        dbg_model(&format!("expanded in {:?}", t_expand.elapsed()));
        let Some((cond, pc)) = expanded.split_last() else { return Ok(scalars) };
        match self.inner.model(&Query { pc, cond: cond.clone() }) {
            Ok(arrays) => {
                dbg_model("expanded query: arrays");
                let mut m = scalars;
                for s in arrays.symbols() {
                    if let Some(v @ Value::Array(..)) = arrays.value(s) {
                        m.insert(s, v);
                    }
                }
                Ok(m)
            }
            // The scalars are a model of the quantified query, so the expansion has one too;
            // should the inner solver not find it (timeout), the scalars are still right.
            Err(e) => {
                dbg_model(&format!("expanded query {e}: scalars only"));
                Ok(scalars)
            }
        }
    }
}

fn dbg_model(what: &str) {
    if std::env::var_os("KAPPA_MODEL_DEBUG").is_some() {
        eprintln!("model: {what}");
    }
}

/// The iteration bounds tried first, in turn, for every quantifier when looking for a model.
const SMALL_BOUNDS: [u64; 2] = [8, 256];

/// Queries whose expansion went over [`MAX_INSTANCES`] remembered (by their constraints' ids,
/// which a thread never reuses).
const OVER_BUDGET_KEPT: usize = 1024;

/// The most instances (over all quantifiers) of a query's [exact
/// expansion](InstantiatingSolver::exact_expansion).
const EXPAND_MAX: u64 = 4096;

/// The most instances of a quantified query whose exact expansion is asked instead of the
/// quantified query itself. Equivalent, and quantifier-free: a loop bounded by a short input
/// buffer (a template of `while (is_tchar(*p)) p++` over 14 chars, κ ≤ 9) made every later
/// query of its subtree quantified, each some 50 times slower than the classic run's (issue 22,
/// `http_reqline`: 57 s of solver time for 5,000 states where classic took 0.4 s).
const EXPAND_FIRST: u64 = 64;

/// The work (Z3 resource units, some 5 to 10 seconds) the exact expansion of a quantified
/// query Z3 gave up on gets; work, not time, so that the same queries are decided whatever the
/// machine's load.
const EXPANDED_TRY: u64 = 20_000_000;

/// The instances per quantifier of the quantifier-free query tried before a quantified one.
/// Z3 takes seconds on some quantified bit-vector queries that a few instances answer in
/// milliseconds: most satisfiable template applications have a witness with few iterations.
const CHECK_BOUND: u64 = 4;

/// A quantifier-free formula that implies `t` (`positive`) or is implied by it (`!positive`),
/// with each bounded quantifier `∀τ. τ <u c → body` replaced by its instances τ = 0..k-1:
/// in positive position together with `c ≤u k`, so that the instances are all of them; in
/// negative position alone, which is weaker than the quantifier. `None` when a quantifier is
/// under an operator with no polarity (ite, equality) or has no bound.
pub fn under_approximate(t: &Term, k: u64, positive: bool) -> Option<Term> {
    if !t.has_quantifier() {
        return Some(t.clone());
    }
    match t.op() {
        Op::And | Op::Or => {
            let args = t.args().iter().map(|a| under_approximate(a, k, positive)).collect::<Option<Vec<_>>>()?;
            Some(Term::apply(t.op(), &args, t.sort()))
        }
        Op::Not => Some(under_approximate(t.arg(0), k, !positive)?.not()),
        Op::Forall => {
            let [var, body] = t.args() else { return None };
            let tau = var.as_var()?;
            let Sort::Bv(w) = Term::sym_sort(tau) else { return None };
            let (c, inclusive) = guard(body, tau)?;
            let mut parts = Vec::with_capacity(k as usize + 1);
            if positive {
                let kk = Term::bv(k, w);
                parts.push(if inclusive { c.bvult(&kk) } else { c.bvule(&kk) });
            }
            for i in 0..k {
                let inst = body.substitute(&HashMap::from([(tau, Term::bv(i, w))]));
                parts.push(under_approximate(&inst, k, positive)?);
            }
            Some(Term::and_all(parts))
        }
        _ => None,
    }
}

/// The bounds `c` of the quantifiers `∀τ. τ <u c → …` in `t` (not under another quantifier).
fn quantifier_bounds(t: &Term) -> Vec<Term> {
    let mut out = Vec::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if !x.has_quantifier() {
            continue;
        }
        if x.op() == Op::Forall {
            if let [var, body] = x.args() {
                if let Some(v) = var.as_var() {
                    out.extend(upper_bound_term(body, v).filter(|b| !b.symbols().contains(&v)));
                }
            }
            continue;
        }
        stack.extend(x.args().iter().cloned());
    }
    out
}

/// The bounds `c` of every quantifier `∀τ. τ <u c → …` or `∀τ. τ ≤u c → …` in `t`, nested ones
/// included.
fn all_quantifier_bounds(t: &Term) -> Vec<Term> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if !seen.insert(x.id()) || !x.has_quantifier() {
            continue;
        }
        if let (Op::Forall, [var, body]) = (x.op(), x.args()) {
            if let Some((c, _)) = var.as_var().and_then(|v| guard(body, v)) {
                out.push(c.clone());
            }
        }
        stack.extend(x.args().iter().cloned());
    }
    out
}

/// `t` with each quantifier `∀τ. τ <u c → body` (or `τ ≤u c`) replaced by the conjunction of
/// its instances `body[τ := i]` for `i` up to the largest value of `c`: a constant, or a symbol
/// bounded in `bounds`. The guard stays in each instance, so instances beyond the actual `c`
/// hold trivially. `None` when a bound is unknown or `budget` instances are not enough.
fn expand_within(t: &Term, bounds: &HashMap<SymId, u64>, budget: &mut u64) -> Option<Term> {
    if !t.has_quantifier() {
        return Some(t.clone());
    }
    if t.op() != Op::Forall {
        let args = t.args().iter().map(|a| expand_within(a, bounds, budget)).collect::<Option<Vec<_>>>()?;
        return Some(Term::apply(t.op(), &args, t.sort()));
    }
    let [var, body] = t.args() else { return None };
    let tau = var.as_var()?;
    let Sort::Bv(w) = Term::sym_sort(tau) else { return None };
    let (c, inclusive) = guard(body, tau)?;
    let max = match (c.as_bv(), c.as_var()) {
        (Some(k), _) => k,
        (_, Some(v)) => *bounds.get(&v)?,
        _ => return None,
    };
    // τ <u c ≤ max: τ < max; τ ≤u c ≤ max: τ ≤ max.
    let n = if inclusive { max.checked_add(1)? } else { max };
    *budget = budget.checked_sub(n)?;
    let mut parts = Vec::with_capacity(n as usize);
    for i in 0..n {
        let inst = body.substitute(&HashMap::from([(tau, Term::bv(i, w))]));
        parts.push(expand_within(&inst, bounds, budget)?);
    }
    Some(Term::and_all(parts))
}

/// `c` when `body` is a disjunction with the disjunct `¬(τ <u c)`.
fn upper_bound_term(body: &Term, tau: SymId) -> Option<Term> {
    match guard(body, tau)? {
        (c, false) => Some(c.clone()),
        (_, true) => None,
    }
}

/// The bound of the disjunct `¬(τ <u c)` (`(c, false)`) or `¬(τ ≤u c)` (`(c, true)`) of `body`.
pub(crate) fn guard(body: &Term, tau: SymId) -> Option<(&Term, bool)> {
    let disjuncts: &[Term] = if body.op() == Op::Or { body.args() } else { std::slice::from_ref(body) };
    disjuncts.iter().find_map(|d| {
        let g = d.args().first()?;
        if d.op() != Op::Not || g.args().len() != 2 || g.arg(0).as_var() != Some(tau) {
            return None;
        }
        match g.op() {
            Op::BvUlt => Some((g.arg(1), false)),
            Op::BvUle => Some((g.arg(1), true)),
            _ => None,
        }
    })
}

fn constant(v: &Value) -> Option<Term> {
    match v {
        Value::Bool(b) => Some(Term::bool(*b)),
        Value::Bv(x, w) => Some(Term::bv(*x, *w)),
        Value::Int(x) => Some(Term::int(*x)),
        Value::Array(..) => None,
    }
}

/// `t` with every quantifier `∀τ. τ <u c → body` (c a constant) replaced by its `c` instances;
/// `None` if a quantifier has no such bound or the budget of instances runs out.
pub fn expand_bounded_quantifiers(t: &Term, budget: &mut u64) -> Option<Term> {
    expand_until(t, budget, None)
}

/// [`expand_bounded_quantifiers`], giving up (`None`) at the deadline.
fn expand_until(t: &Term, budget: &mut u64, deadline: Option<Instant>) -> Option<Term> {
    if !t.has_quantifier() {
        return Some(t.clone());
    }
    if t.op() != Op::Forall {
        let args = t.args().iter().map(|a| expand_until(a, budget, deadline)).collect::<Option<Vec<_>>>()?;
        return Some(Term::apply(t.op(), &args, t.sort()));
    }
    let [var, body] = t.args() else { return None };
    let tau = var.as_var()?;
    let bound = upper_bound(body, tau)?;
    let w = match Term::sym_sort(tau) {
        Sort::Bv(w) => w,
        _ => return None,
    };
    // Only instances that stay formulas count against the budget: a template's guard
    // `∀τ < 102400. τ <s 102400 …` folds to `true` at every τ, and counting its instances
    // left no budget for the quantifiers over the inputs (whose arrays a test needs).
    let mut parts = Vec::new();
    for i in 0..bound {
        if i % 256 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let inst = body.substitute(&HashMap::from([(tau, Term::bv(i, w))]));
        match inst.as_bool() {
            Some(true) => continue,
            Some(false) => return Some(Term::ff()),
            None => {}
        }
        *budget = budget.checked_sub(1)?;
        parts.push(expand_until(&inst, budget, deadline)?);
    }
    Some(Term::and_all(parts))
}

/// `c` when `body` is a disjunction with the disjunct `¬(τ <u c)` (or `¬(τ ≤u c-1)`).
fn upper_bound(body: &Term, tau: SymId) -> Option<u64> {
    let (c, inclusive) = guard(body, tau)?;
    let c = c.as_bv()?;
    if inclusive {
        c.checked_add(1)
    } else {
        Some(c)
    }
}

impl<S: Solver> Solver for InstantiatingSolver<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        if q.constraints().any(Term::has_quantifier) {
            if let Some((pc, cond)) = self.exact_expansion(q, EXPAND_FIRST) {
                let r = self.inner.check(&Query { pc: &pc, cond });
                if !r.is_unknown() {
                    self.expanded += 1;
                    return r;
                }
            }
            if let Some((pc, cond)) = Self::small_instances(q, CHECK_BOUND) {
                if self.inner.check(&Query { pc: &pc, cond }) == SatResult::Sat {
                    return SatResult::Sat;
                }
            }
            let r = self.inner.check(q);
            if !matches!(&r, SatResult::Unknown(why) if !crate::stopped_by_run(why)) || self.past_deadline() {
                return r;
            }
            // Z3 gave up on the quantifiers: every instance, when the bounds are known, with a
            // fixed amount of work of its own.
            return match self.exact_expansion(q, EXPAND_MAX) {
                Some((pc, cond)) => {
                    self.inner.set_rlimit(Some(self.rlimit.map_or(EXPANDED_TRY, |r| r.min(EXPANDED_TRY))));
                    let e = self.inner.check(&Query { pc: &pc, cond });
                    self.inner.set_rlimit(self.rlimit);
                    if e.is_unknown() {
                        r
                    } else {
                        self.expanded += 1;
                        e
                    }
                }
                None => r,
            };
        }
        self.inner.check(q)
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        if q.constraints().any(Term::has_quantifier) {
            self.model_quantified(q)
        } else {
            self.inner.model(q)
        }
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.inner.stats();
        s.expanded = self.expanded;
        s
    }

    fn set_timeout(&mut self, t: Option<Duration>) {
        self.timeout = t;
        self.inner.set_timeout(t)
    }

    fn set_deadline(&mut self, d: Option<std::time::Instant>) {
        self.deadline = d;
        self.inner.set_deadline(d)
    }

    fn set_rlimit(&mut self, r: Option<u64>) {
        self.rlimit = r;
        self.inner.set_rlimit(r)
    }

    pass_limits_on!(work, models, memory);

    /// Quantified queries are rewritten before they reach the caches: not probed.
    fn check_cached(&mut self, q: &Query) -> Option<SatResult> {
        if q.constraints().any(Term::has_quantifier) {
            return None;
        }
        self.inner.check_cached(q)
    }
}

#[cfg(test)]
mod tests {
    use crate::{check_model, ModelCheck, Query, Solver, MODEL_CHECK_WORK};
    use kappa_expr::{Elem, Sort, Term};

    /// big_array_search's error path: `∀τ. τ <u k → A[τ] ≠ c`, `A[k] = c`, `250 ≤ k < 102400`,
    /// asked for a model under the short exploration's 2 M units per query: a model, arrays
    /// and all, with few instances. (In the real run Z3 picked k = 16,384, whose expansion's
    /// query did not fit and left the array at its defaults, issue kind10; asked alone, as
    /// here, it picks the smallest k, so this does not reproduce that failure: the engine's
    /// tests/test_models.rs tests what is done with such a model.)
    #[test]
    fn a_far_match_gets_a_model_with_its_array_under_a_small_work_limit() {
        let a = Term::fresh("A_far", Sort::Array(Elem::Bv(64), Elem::Bv(8)));
        let c = Term::fresh("c_far", Sort::Bv(8));
        let k = Term::fresh("k_far", Sort::Bv(64));
        let tau = Term::fresh("tau_far", Sort::Bv(64));
        let body = tau.bvult(&k).not().or(&a.select(&tau).eq(&c).not());
        let pc = vec![Term::forall(&[tau], &body), k.bvuge(&Term::bv(250, 64)), k.bvult(&Term::bv(102_400, 64))];
        let mut s = crate::default_chain(None);
        s.set_rlimit(Some(2_000_000));
        let q = Query { pc: &pc, cond: a.select(&k).eq(&c) };
        let m = s.model(&q).expect("a model");
        assert_eq!(check_model(&m, q.constraints(), MODEL_CHECK_WORK), ModelCheck::Holds, "{m:?}");
        let kv = m.eval(&k).and_then(|v| v.as_bv());
        assert!(kv.is_some_and(|v| (250..=256).contains(&v)), "k = {kv:?}");
    }
}
