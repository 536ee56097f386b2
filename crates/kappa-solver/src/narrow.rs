//! Bit-width narrowing of bounded symbols in non-linear queries (issue 12, solver strategy).
//!
//! A C program's `int` inputs are 32-bit symbols even when an assumption bounds them to
//! `0 < a <= 50`. Z3 bit-blasts `a % b` into a 32-bit divider whatever the bounds say, and
//! nested remainders (a recursive gcd three calls deep) time out. When a query contains a
//! non-linear operation, this layer reads from the constraints that mention one symbol only
//! (`0 < a`, `a <= 50`) the range they give it, and replaces each symbol whose range fits in
//! fewer bits by the extension of a narrower fresh symbol: `a = zext(a', 26)` with a 6-bit `a'`
//! (sign extension for ranges that include negative values). The replacement is exact — the
//! path condition implies the range — and the term builder then computes division, remainder
//! and product at the narrow width (`Term::narrowed` in kappa-expr). Models are translated back.
//! Linear queries pass through untouched: for them bit-blasting is cheap and a rewrite would
//! only cost time and cache hits. The narrowed query gets a fixed amount of solver work
//! ([`FIRST_TRY`]); when it gives up the query is asked again as it is, with the time left: narrowing
//! can also make a query harder (`2·(n·k)` and `(2·n)·k` stop being one term once `n·k` is
//! computed at the narrow width), so it is the first strategy of a sequential portfolio.

use crate::syms::InfoCache;
use crate::{Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{mask, signed, Op, Sort, SymId, Term, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How a narrowed symbol is recovered from its narrow replacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ext {
    Zero,
    Sign,
}

/// The work (Z3 resource units) the narrowed query gets before the query is asked as it is;
/// work, not time, so that the same queries fall back whatever the machine's load.
const FIRST_TRY: u64 = 2_000_000;

pub struct NarrowingSolver<S> {
    inner: S,
    /// The query time the layer above set; split between the two tries.
    timeout: Option<Duration>,
    /// The work limit the layer above set, restored after the narrowed try.
    rlimit: Option<u64>,
    info: InfoCache,
    /// (symbol, narrow width, extension) → the narrow symbol, reused across queries so that
    /// the same constraint is the same term for the core solver and its caches.
    fresh: HashMap<(SymId, u32, Ext), SymId>,
    /// Queries in which at least one symbol was narrowed.
    pub narrowed: u64,
}

/// Signed and unsigned bounds of one symbol, as the constraints give them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Range {
    w: u32,
    slo: i64,
    shi: i64,
    ulo: u64,
    uhi: u64,
}

impl Range {
    pub(crate) fn new(w: u32) -> Range {
        let half = 1i128 << (w - 1);
        Range { w, slo: (-half) as i64, shi: (half - 1) as i64, ulo: 0, uhi: mask(w) }
    }

    /// The narrow width and extension the range allows, if narrower than the symbol.
    fn narrowing(&self) -> Option<(u32, Ext)> {
        let uhi = if self.slo >= 0 { self.uhi.min(self.shi as u64) } else { self.uhi };
        let ulo = if self.slo >= 0 { self.ulo.max(self.slo as u64) } else { self.ulo };
        let ubits = (64 - uhi.leading_zeros()).max(1);
        let sbits = {
            let need = |x: i64| 65 - (x ^ (x >> 63)).leading_zeros();
            need(self.slo).max(need(self.shi))
        };
        if ulo > uhi || self.slo > self.shi {
            return None; // contradictory: leave it to the solver
        }
        match (ubits < self.w, sbits < self.w) {
            (true, _) if ubits <= sbits => Some((ubits, Ext::Zero)),
            (_, true) => Some((sbits, Ext::Sign)),
            (true, false) => Some((ubits, Ext::Zero)),
            _ => None,
        }
    }

    /// Tightens the range by `v op c` (`rev`: `c op v`), negated when `neg`.
    fn constrain(&mut self, op: Op, c: u64, rev: bool, neg: bool) {
        let w = self.w;
        let sc = signed(c, w);
        // Normalise to `v < c`, `v <= c`, `v > c`, `v >= c` (signed or unsigned).
        let (strict, below) = match (op, rev, neg) {
            (Op::BvUlt | Op::BvSlt, false, false) => (true, true),  // v < c
            (Op::BvUle | Op::BvSle, false, false) => (false, true), // v <= c
            (Op::BvUlt | Op::BvSlt, true, false) => (true, false),  // c < v
            (Op::BvUle | Op::BvSle, true, false) => (false, false), // c <= v
            (Op::BvUlt | Op::BvSlt, false, true) => (false, false), // !(v < c): v >= c
            (Op::BvUle | Op::BvSle, false, true) => (true, false),  // !(v <= c): v > c
            (Op::BvUlt | Op::BvSlt, true, true) => (false, true),   // !(c < v): v <= c
            (Op::BvUle | Op::BvSle, true, true) => (true, true),    // !(c <= v): v < c
            _ => return,
        };
        if matches!(op, Op::BvSlt | Op::BvSle) {
            match (below, strict) {
                (true, true) => self.shi = self.shi.min(sc.saturating_sub(1)),
                (true, false) => self.shi = self.shi.min(sc),
                (false, true) => self.slo = self.slo.max(sc.saturating_add(1)),
                (false, false) => self.slo = self.slo.max(sc),
            }
        } else {
            match (below, strict) {
                // v < 0 has no solution: an empty range, left to the solver.
                (true, true) if c == 0 => (self.ulo, self.uhi) = (1, 0),
                (true, true) => self.uhi = self.uhi.min(c - 1),
                (true, false) => self.uhi = self.uhi.min(c),
                (false, true) => self.ulo = self.ulo.max(c.saturating_add(1)),
                (false, false) => self.ulo = self.ulo.max(c),
            }
        }
    }
}

/// The largest unsigned value the constraints that mention only `v` (among `ts`) allow it.
pub(crate) fn unsigned_max<'a>(info: &mut InfoCache, ts: impl IntoIterator<Item = &'a Term>, v: SymId) -> Option<u64> {
    let Sort::Bv(w @ 1..=64) = Term::var(v).sort() else { return None };
    let mut r = Range::new(w);
    let mut stack: Vec<Term> = ts.into_iter().cloned().collect();
    while let Some(t) = stack.pop() {
        if *info.get(&t).free == [v] {
            read_bound(&t, v, &mut r);
        } else if t.op() == Op::And {
            stack.extend(t.args().iter().cloned());
        }
    }
    Some(if r.slo >= 0 { r.uhi.min(r.shi as u64) } else { r.uhi })
}

/// `t` is a comparison of the symbol with a constant (possibly negated): tightens `r`.
fn read_bound(t: &Term, v: SymId, r: &mut Range) {
    let (t, neg) = if t.op() == Op::Not { (t.arg(0).clone(), true) } else { (t.clone(), false) };
    match t.op() {
        Op::BvUlt | Op::BvUle | Op::BvSlt | Op::BvSle => {
            let (a, b) = (t.arg(0), t.arg(1));
            if a.as_var() == Some(v) {
                if let Some(c) = b.as_bv() {
                    r.constrain(t.op(), c, false, neg);
                }
            } else if b.as_var() == Some(v) {
                if let Some(c) = a.as_bv() {
                    r.constrain(t.op(), c, true, neg);
                }
            }
        }
        Op::Eq if !neg => {
            let c = match (t.arg(0).as_var(), t.arg(1).as_var()) {
                (Some(x), _) if x == v => t.arg(1).as_bv(),
                (_, Some(x)) if x == v => t.arg(0).as_bv(),
                _ => None,
            };
            if let Some(c) = c {
                for op in [Op::BvUle, Op::BvSle] {
                    r.constrain(op, c, false, false);
                    r.constrain(op, c, true, false);
                }
            }
        }
        Op::And if !neg => {
            for a in t.args() {
                read_bound(a, v, r);
            }
        }
        _ => {}
    }
}

impl<S: Solver> NarrowingSolver<S> {
    pub fn new(inner: S) -> NarrowingSolver<S> {
        NarrowingSolver {
            inner,
            timeout: None,
            rlimit: None,
            info: InfoCache::new(1 << 16),
            fresh: HashMap::new(),
            narrowed: 0,
        }
    }

    /// The replacement of each symbol the query's own-symbol constraints bound to fewer bits;
    /// empty when the query is linear.
    fn plan(&mut self, q: &Query) -> Vec<(SymId, SymId, Ext)> {
        if !q.constraints().any(|t| self.info.get(t).nonlinear) {
            return Vec::new();
        }
        let mut ranges: HashMap<SymId, Range> = HashMap::new();
        for t in q.constraints() {
            let info = self.info.get(t);
            if let [v] = *info.free {
                if let Sort::Bv(w @ 2..=64) = Term::var(v).sort() {
                    read_bound(t, v, ranges.entry(v).or_insert_with(|| Range::new(w)));
                }
            }
        }
        let mut plan = Vec::new();
        let mut vs: Vec<_> = ranges.into_iter().collect();
        vs.sort_by_key(|(v, _)| *v);
        for (v, r) in vs {
            if let Some((k, ext)) = r.narrowing() {
                let name = Term::sym_info(v).name;
                let n = *self
                    .fresh
                    .entry((v, k, ext))
                    .or_insert_with(|| Term::fresh_sym(&format!("{name}'{k}"), Sort::Bv(k)));
                plan.push((v, n, ext));
            }
        }
        plan
    }

    /// Runs `f` on the narrowed query (or the query itself) and translates the model back.
    fn run<R>(
        &mut self,
        q: &Query,
        f: impl Fn(&mut S, &Query) -> R,
        gave_up: impl Fn(&R) -> bool,
        back: impl FnOnce(R, &[(SymId, SymId, Ext)]) -> R,
    ) -> R {
        let plan = self.plan(q);
        if plan.is_empty() {
            return f(&mut self.inner, q);
        }
        self.narrowed += 1;
        let map: HashMap<SymId, Term> = plan
            .iter()
            .map(|&(v, n, ext)| {
                let w = Term::var(v).width();
                (v, if ext == Ext::Zero { Term::var(n).zext(w) } else { Term::var(n).sext(w) })
            })
            .collect();
        let mut memo = HashMap::new();
        let pc: Vec<Term> = q.pc.iter().map(|t| t.subst_memo(&map, &mut memo)).filter(|t| !t.is_true()).collect();
        let cond = q.cond.subst_memo(&map, &mut memo);
        let start = Instant::now();
        self.inner.set_rlimit(Some(self.rlimit.map_or(FIRST_TRY, |r| r.min(FIRST_TRY))));
        let r = f(&mut self.inner, &Query::new(&pc, cond));
        self.inner.set_rlimit(self.rlimit);
        if !gave_up(&r) {
            return back(r, &plan);
        }
        self.inner.set_timeout(self.timeout.map(|t| t.saturating_sub(start.elapsed())));
        let r = f(&mut self.inner, q);
        self.inner.set_timeout(self.timeout);
        r
    }
}

fn translate(mut m: Model, plan: &[(SymId, SymId, Ext)]) -> Model {
    for &(v, n, ext) in plan {
        let w = Term::var(v).width();
        // A narrow symbol the rewriting simplified away may take any value: 0.
        let (x, k) = match m.value(n) {
            Some(Value::Bv(x, k)) => (x, k),
            _ => (0, 1),
        };
        let wide = match ext {
            Ext::Zero => x,
            Ext::Sign => (signed(x, k) as u64) & mask(w),
        };
        m.insert(v, Value::Bv(wide, w));
        m.remove(n);
    }
    m
}

impl<S: Solver> Solver for NarrowingSolver<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        self.run(q, |s, q| s.check(q), |r| matches!(r, SatResult::Unknown(_)), |r, _| r)
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        self.run(
            q,
            |s, q| s.model(q),
            |r| matches!(r, Err(SatResult::Unknown(_))),
            |r, plan| r.map(|m| translate(m, plan)),
        )
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.inner.stats();
        s.narrowed = self.narrowed;
        s
    }

    fn set_timeout(&mut self, t: Option<Duration>) {
        self.timeout = t;
        self.inner.set_timeout(t)
    }

    fn set_rlimit(&mut self, r: Option<u64>) {
        self.rlimit = r;
        self.inner.set_rlimit(r)
    }

    pass_limits_on!(deadline, work, memory);
}
