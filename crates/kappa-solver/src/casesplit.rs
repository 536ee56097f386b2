//! Case splitting of queries the core solver gives up on (issue 12, solver strategy).
//!
//! A read at a symbolic index of a small object is an ite-chain over the index; an assertion
//! about a sum of such reads (`a[i]` and `a[j]` swapped, then the sum compared) bit-blasts into
//! adders over multiplexers, which neither Z3 nor cvc5 decides in a minute. With the index fixed
//! the chains collapse in the term builder and the query is trivial. So when the inner chain
//! answers `unknown`, this layer looks for a symbol whose own constraints (those that mention
//! only it, e.g. `0 <= i && i < 8`) allow at most [`MAX_VALUES`] values, enumerates them, and
//! asks the query once per value with the symbol replaced: sat if one case is sat, unsat if
//! every case is, unknown otherwise. Two symbols may be split in turn ([`MAX_DEPTH`]). The split
//! never changes an answer the inner chain gives; it only turns some `unknown`s into answers,
//! within the time the query had.
//!
//! Each case gets a fixed amount of *work* ([`CASE_TRY`], Z3's resource limit), not a share of
//! the time left: the cases, and the model a satisfiable one gives, are the same on any machine
//! under any load (with shares of time, a case decided on one run timed out on another, and
//! the next case's model went into the test).
//!
//! Not done, measured: giving the whole query this layer's work limit first and splitting when
//! it needs more (idx_swap decided in 8.7 s instead of 18 s) made the date parser's 82,344 small
//! queries take 13.6 s instead of 3.9 s of solver time, the limit being changed on Z3 around
//! queries (changing a Z3 solver's parameters costs milliseconds). The core solver's own first
//! try ([`crate::Z3Solver`]) keeps one work limit set, which costs nothing measurable (3.1 s on
//! the same run).

use crate::{syms, Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{Sort, SymId, Term, Value};
use std::collections::HashMap;
use std::time::Duration;

/// Values a symbol may have for the query to be split on it.
pub const MAX_VALUES: usize = 16;
/// Symbols split one inside the other.
pub const MAX_DEPTH: u32 = 2;
/// Work each case of a split gets.
const CASE_TRY: u64 = 2_000_000;

pub struct CaseSplitSolver<S> {
    inner: S,
    timeout: Option<Duration>,
    /// The work limit an outer layer set (then no first try of this layer's own).
    rlimit: Option<u64>,
    info: syms::InfoCache,
    /// Queries answered by a split after the inner chain gave up.
    pub decided: u64,
    /// Queries answered `unknown` after all (the inner layers count the cases' too).
    unknown: u64,
    /// The run's deadline: no case is tried after it (a split has up to thousands of cases,
    /// each of which Z3 would refuse at once, but each costs a substitution of the query).
    deadline: Option<std::time::Instant>,
}

impl<S: Solver> CaseSplitSolver<S> {
    pub fn new(inner: S) -> CaseSplitSolver<S> {
        CaseSplitSolver {
            inner,
            timeout: None,
            rlimit: None,
            info: syms::InfoCache::new(1 << 16),
            decided: 0,
            unknown: 0,
            deadline: None,
        }
    }

    /// The values of `v` allowed by the constraints that mention only `v`, when there are at
    /// most [`MAX_VALUES`] of them and they can all be found.
    fn domain(&mut self, q: &Query, v: SymId) -> Option<Vec<u64>> {
        let own: Vec<Term> = q.pc.iter().filter(|t| *self.info.get(t).free == [v]).cloned().collect();
        if own.is_empty() {
            return None;
        }
        let var = Term::var(v);
        let w = var.width();
        let mut values = Vec::new();
        loop {
            let others = Term::and_all(values.iter().map(|&c| var.ne(&Term::bv(c, w))));
            match self.inner.model(&Query::new(&own, others)) {
                Ok(m) => match m.value(v) {
                    Some(Value::Bv(c, _)) if values.len() < MAX_VALUES => values.push(c),
                    _ => return None,
                },
                Err(SatResult::Unsat) => return Some(values),
                Err(_) => return None,
            }
        }
    }

    /// The symbol to split on: the one with the smallest domain of at least two values.
    fn pick(&mut self, q: &Query) -> Option<(SymId, Vec<u64>)> {
        let free = syms::free_symbols(&mut self.info, q.constraints());
        let mut best: Option<(SymId, Vec<u64>)> = None;
        for v in free {
            if !matches!(Term::var(v).sort(), Sort::Bv(w) if w <= 64) {
                continue;
            }
            if let Some(d) = self.domain(q, v) {
                if d.len() >= 2 && best.as_ref().is_none_or(|(_, b)| d.len() < b.len()) {
                    best = Some((v, d));
                }
            }
        }
        best
    }

    /// Answers `q` by cases; `Ok` with the value and model of a satisfiable case when `want_model`.
    /// Each case gets [`CASE_TRY`] of work (set by [`Self::by_cases`]); a case still undecided
    /// is split further while `depth` allows.
    fn split(&mut self, q: &Query, depth: u32, want_model: bool) -> Result<Option<Model>, SatResult> {
        let Some((v, values)) = self.pick(q) else {
            return Err(SatResult::Unknown("no small domain to split on".into()));
        };
        let var = Term::var(v);
        let w = var.width();
        let mut unknown = None;
        for c in values {
            if self.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Err(SatResult::Unknown(crate::DEADLINE.into()));
            }
            let map: HashMap<SymId, Term> = [(v, Term::bv(c, w))].into_iter().collect();
            let pc: Vec<Term> = q.pc.iter().map(|t| t.substitute(&map)).filter(|t| !t.is_true()).collect();
            let cond = q.cond.substitute(&map);
            let sub = Query::new(&pc, cond);
            let r = if want_model {
                self.inner.model(&sub)
            } else {
                match self.inner.check(&sub) {
                    SatResult::Sat => Ok(Model::new()),
                    e => Err(e),
                }
            };
            let r = match r {
                Err(SatResult::Unknown(why)) if !crate::stopped_by_run(&why) && depth > 1 => {
                    match self.split(&sub, depth - 1, want_model) {
                        Ok(Some(m)) => Ok(m),
                        Ok(None) => Err(SatResult::Unsat),
                        Err(e) => Err(e),
                    }
                }
                r => r,
            };
            match r {
                Ok(mut m) => {
                    m.insert(v, Value::Bv(c, w));
                    return Ok(Some(m));
                }
                Err(SatResult::Unsat) => {}
                Err(SatResult::Unknown(why)) if crate::stopped_by_run(&why) => {
                    return Err(SatResult::Unknown(why));
                }
                Err(e) => unknown = Some(e),
            }
        }
        match unknown {
            Some(e) => Err(e),
            None => Ok(None),
        }
    }

    /// The split, each case within [`CASE_TRY`] of work (less if an outer layer limits it):
    /// work, not time, so that the cases are decided the same way on any machine.
    fn by_cases(&mut self, q: &Query, want_model: bool) -> Result<Option<Model>, SatResult> {
        let work = self.rlimit.map_or(CASE_TRY, |r| r.min(CASE_TRY));
        self.inner.set_rlimit(Some(work));
        let r = self.split(q, MAX_DEPTH, want_model);
        self.inner.set_rlimit(self.rlimit);
        if matches!(r, Err(SatResult::Unknown(_))) {
            self.unknown += 1;
        } else {
            self.decided += 1;
        }
        r
    }
}

impl<S: Solver> CaseSplitSolver<S> {
    /// The query whole, then by cases if the inner chain gives up.
    fn answer(&mut self, q: &Query, want_model: bool) -> Result<Model, SatResult> {
        let whole = if want_model {
            self.inner.model(q)
        } else {
            match self.inner.check(q) {
                SatResult::Sat => Ok(Model::new()),
                e => Err(e),
            }
        };
        let why = match whole {
            Err(SatResult::Unknown(why)) if !crate::stopped_by_run(&why) => why,
            r => return r,
        };
        match self.by_cases(q, want_model) {
            Ok(Some(m)) => Ok(m),
            Ok(None) => Err(SatResult::Unsat),
            Err(_) => Err(SatResult::Unknown(why)),
        }
    }
}

impl<S: Solver> Solver for CaseSplitSolver<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        match self.answer(q, false) {
            Ok(_) => SatResult::Sat,
            Err(e) => e,
        }
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        self.answer(q, true)
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.inner.stats();
        s.case_splits = self.decided;
        s.unknown = self.unknown;
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

    pass_limits_on!(work, models, cached, memory);

    fn set_deadline(&mut self, d: Option<std::time::Instant>) {
        self.deadline = d;
        self.inner.set_deadline(d)
    }
}
