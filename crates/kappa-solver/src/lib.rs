//! kappa's solver layer: is `pc ∧ cond` satisfiable, and if so, with which values?
//!
//! As in KLEE's `lib/Solver`, a core solver ([`Z3Solver`], which translates kappa terms to Z3)
//! sits behind a chain of small wrappers, each implementing the same [`Solver`] trait and each
//! removing work before it reaches the (expensive) core:
//!
//! * [`IndependenceSolver`] drops the constraints of the path condition that share no symbol,
//!   even transitively, with the new condition (KLEE's independent-constraint optimisation), and
//!   computes models factor by factor;
//! * [`CachingSolver`] answers queries seen before (exact cache), queries containing a set known
//!   to be unsatisfiable, and queries satisfied by a model of an earlier query (KLEE's
//!   counterexample cache);
//! * [`InstantiatingSolver`] (outermost) makes models of quantified queries concrete by
//!   expanding bounded quantifiers once the scalars are known;
//! * [`Z3Solver`] asks Z3, reusing one incremental solver per thread;
//! * [`UnknownLog`] (outermost) counts the queries left undecided by [`QueryClass`] and can
//!   log them in SMT-LIB.
//!
//! [`default_chain`] assembles them in KLEE's order: independence first, so that the caches see
//! the small factors, which recur far more often than whole path conditions.
//!
//! Terms are `Rc`-based and interned per thread, and so is Z3's context in the `z3` crate: a
//! solver lives on the thread that builds its terms (none of the types here is `Send`).

/// Trait methods of a layer that passes limits on unchanged to the solver it wraps
/// (`self.inner`): `timeout`, `rlimit`, `deadline`, the `work` counter, and the `models` of
/// the counterexample cache.
macro_rules! pass_limits_on {
    ($($limit:ident),+) => { $(pass_limits_on!(@$limit);)+ };
    (@timeout) => {
        fn set_timeout(&mut self, t: Option<std::time::Duration>) {
            self.inner.set_timeout(t)
        }
    };
    (@rlimit) => {
        fn set_rlimit(&mut self, r: Option<u64>) {
            self.inner.set_rlimit(r)
        }
    };
    (@deadline) => {
        fn set_deadline(&mut self, d: Option<std::time::Instant>) {
            self.inner.set_deadline(d)
        }
    };
    (@work) => {
        fn work(&self) -> u64 {
            self.inner.work()
        }
    };
    (@cached) => {
        fn check_cached(&mut self, q: &$crate::Query) -> Option<$crate::SatResult> {
            self.inner.check_cached(q)
        }
    };
    (@memory) => {
        fn cache_memory(&self) -> $crate::CacheMemory {
            self.inner.cache_memory()
        }
        fn release_caches(&mut self) {
            self.inner.release_caches()
        }
    };
    (@models) => {
        fn recent_models(&self) -> Vec<$crate::Model> {
            self.inner.recent_models()
        }
        fn seed_models(&mut self, models: Vec<$crate::Model>) {
            self.inner.seed_models(models)
        }
    };
}

mod caching;
mod casesplit;
mod independence;
mod instantiate;
pub mod interrupt;
mod narrow;
mod syms;
mod unknowns;
mod validate;
mod z3solver;

pub use caching::{CachingSolver, CachingStats};
pub use casesplit::CaseSplitSolver;
pub use independence::{IndependenceSolver, ModelStrategy};
pub use instantiate::{expand_bounded_quantifiers, under_approximate, InstantiatingSolver, MAX_INSTANCES};
pub use narrow::NarrowingSolver;
pub use unknowns::{classify, QueryClass, UnknownLog};
pub use validate::{check_model, ModelCheck, MODEL_CHECK_WORK};
pub use z3solver::{Z3Mode, Z3Options, Z3Solver, QUERY_TIMEOUT_BACKSTOP, QUERY_WORK};

use kappa_expr::{eval, Elem, Sort, SymId, Term, Value};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// Why a query answers `unknown` without reaching Z3: the run's deadline is too close for a
/// check ([`Z3Solver`]). Like an interrupt, it is the run's limit, not a query the solver
/// failed to decide: it is neither counted nor logged as undecided, and the run reports its
/// time limit.
pub const DEADLINE: &str = "the run's time limit";

/// Whether an `unknown` is the run's doing (an interrupt, its deadline) rather than the
/// solver's: layers do not retry such a query another way.
pub fn stopped_by_run(why: &str) -> bool {
    why == interrupt::REASON || why == DEADLINE
}

/// What a solver chain's caches hold (issue 23: what a long run's memory is made of), for the
/// statistics and the memory cap. Estimates, in entries and bytes; the caches are rebuilt by
/// the queries that follow a [`Solver::release_caches`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CacheMemory {
    /// Entries of the query caches ([`CachingSolver`]: exact, subset/superset and
    /// counterexample caches share them).
    pub query_entries: u64,
    /// Their estimated bytes (keys, the constraints' handles, models, indices).
    pub query_bytes: u64,
    /// Terms translated to Z3 and kept ([`Z3Solver`]'s translation cache).
    pub translations: u64,
    /// Entries of the per-term facts caches (free symbols, evaluability) of every layer.
    pub infos: u64,
}

impl std::ops::AddAssign for CacheMemory {
    fn add_assign(&mut self, o: CacheMemory) {
        self.query_entries += o.query_entries;
        self.query_bytes += o.query_bytes;
        self.translations += o.translations;
        self.infos += o.infos;
    }
}

/// Bytes Z3 has allocated in this process (all threads' contexts), as Z3 estimates them
/// (`Z3_get_estimated_alloc_size`).
pub fn z3_allocated_bytes() -> u64 {
    // SAFETY: a read of Z3's global allocation counter; no context needed.
    unsafe { z3_sys::Z3_get_estimated_alloc_size() }
}

/// The answer to a satisfiability query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SatResult {
    Sat,
    Unsat,
    /// The solver gave up; the reason as Z3 words it ("timeout", "canceled",
    /// "(incomplete quantifiers)", …) or an error of the translation.
    Unknown(String),
}

impl SatResult {
    pub fn is_sat(&self) -> bool {
        matches!(self, SatResult::Sat)
    }

    pub fn is_unsat(&self) -> bool {
        matches!(self, SatResult::Unsat)
    }

    pub fn is_unknown(&self) -> bool {
        matches!(self, SatResult::Unknown(_))
    }
}

impl fmt::Display for SatResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SatResult::Sat => write!(f, "sat"),
            SatResult::Unsat => write!(f, "unsat"),
            SatResult::Unknown(r) => write!(f, "unknown ({r})"),
        }
    }
}

/// Values of symbols: a satisfying assignment of a query, from which the engine makes a test.
///
/// It gives a value to each free symbol of the query it answers, except symbols whose value
/// [`Value`] cannot represent (bit-vectors wider than 64 bits, integers beyond `i64`): those are
/// absent and the caller picks any value ([`default_value`] is one).
///
/// An array's value lists its elements at the indices the query reads or writes (evaluated in
/// the model) over the model's default element; elements elsewhere are whatever Z3 chose, which
/// matters only for quantified constraints and array (dis)equalities.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    values: BTreeMap<SymId, Value>,
}

impl Model {
    pub fn new() -> Model {
        Model::default()
    }

    /// The value of a symbol, `None` if the model does not decide it.
    pub fn value(&self, s: SymId) -> Option<Value> {
        self.values.get(&s).cloned()
    }

    /// The value of a symbol, by reference.
    pub fn get(&self, s: SymId) -> Option<&Value> {
        self.values.get(&s)
    }

    pub fn insert(&mut self, s: SymId, v: Value) {
        self.values.insert(s, v);
    }

    /// The symbols the model gives a value to, in order.
    pub fn symbols(&self) -> impl Iterator<Item = SymId> + '_ {
        self.values.keys().copied()
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of a term under the model (`None` if a symbol of the term has no value, or the
    /// term has a quantifier).
    pub fn eval(&self, t: &Term) -> Option<Value> {
        eval(t, &|s| self.values.get(&s).cloned())
    }

    /// Like [`Model::eval`], with every symbol the model does not decide at its
    /// [`default_value`].
    pub fn eval_completed(&self, t: &Term) -> Option<Value> {
        eval(t, &|s| self.values.get(&s).cloned().or_else(|| default_value(Term::sym_sort(s))))
    }

    /// Adds the values of another model (for symbols this one does not decide).
    pub fn merge(&mut self, other: Model) {
        for (s, v) in other.values {
            self.values.entry(s).or_insert(v);
        }
    }

    pub fn remove(&mut self, s: SymId) {
        self.values.remove(&s);
    }

    /// Keeps only the values of the given symbols.
    pub fn retain(&mut self, keep: &[SymId]) {
        self.values.retain(|s, _| keep.binary_search(s).is_ok());
    }

    /// Gives each of the symbols the model does not decide its [`default_value`] (when it has
    /// one).
    pub fn complete(&mut self, syms: &[SymId]) {
        for &s in syms {
            if let std::collections::btree_map::Entry::Vacant(e) = self.values.entry(s) {
                if let Some(v) = default_value(Term::sym_sort(s)) {
                    e.insert(v);
                }
            }
        }
    }
}

/// Zero, `false`, or the array of zeros: the value given to symbols nothing constrains.
/// `None` for bit-vectors wider than 64 bits, which [`Value`] cannot hold.
pub fn default_value(sort: Sort) -> Option<Value> {
    fn elem(e: Elem) -> Option<Value> {
        default_value(Sort::from_elem(e))
    }
    match sort {
        Sort::Bool => Some(Value::Bool(false)),
        Sort::Bv(w) if (1..=64).contains(&w) => Some(Value::Bv(0, w)),
        Sort::Bv(_) => None,
        Sort::Int => Some(Value::Int(0)),
        Sort::Array(_, e) => Some(Value::Array(Box::new(elem(e)?), BTreeMap::new())),
    }
}

/// A query: is `pc ∧ cond` satisfiable?
///
/// `pc` is a list of constraints known to be satisfiable together (the path condition of a live
/// state): the independence layer relies on it. `cond` is the new condition.
#[derive(Clone, Debug)]
pub struct Query<'a> {
    pub pc: &'a [Term],
    pub cond: Term,
}

impl<'a> Query<'a> {
    pub fn new(pc: &'a [Term], cond: Term) -> Query<'a> {
        Query { pc, cond }
    }

    /// Every constraint of the query, `cond` last.
    pub fn constraints(&self) -> impl Iterator<Item = &Term> {
        self.pc.iter().chain(std::iter::once(&self.cond))
    }
}

/// Counters the engine prints at the end of a run. In a chain, each layer reports its own
/// counters over those of the layers it wraps: `queries`, `sat`, `unsat` and `unknown` are the
/// outermost layer's (the queries the engine asked), `core_*` are Z3's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Calls of `check` and `model`.
    pub queries: u64,
    /// Of which calls of `model`.
    pub model_queries: u64,
    pub sat: u64,
    pub unsat: u64,
    pub unknown: u64,
    /// Wall-clock time spent answering the queries (all layers).
    pub time: Duration,
    /// Satisfiability checks that reached Z3.
    pub core_calls: u64,
    /// Queries Z3's incremental solver did not decide in its first try, asked again of a fresh
    /// non-incremental one.
    pub retried: u64,
    /// Wall-clock time inside Z3 (checks and model extraction), translation excluded.
    pub core_time: Duration,
    /// Wall-clock time translating kappa terms into Z3 terms.
    pub translate_time: Duration,
    /// Constraints of path conditions the independence layer did not pass on.
    pub independent_dropped: u64,
    /// Queries the core solver gave up on and that were answered by splitting on a symbol's
    /// few possible values ([`CaseSplitSolver`]).
    pub case_splits: u64,
    /// Non-linear queries whose bounded symbols were narrowed ([`NarrowingSolver`]).
    pub narrowed: u64,
    /// Quantified queries Z3 gave up on that the exact expansion of their quantifiers decided
    /// ([`InstantiatingSolver`]).
    pub expanded: u64,
    /// Queries the chain left undecided, by [`QueryClass`] name ([`UnknownLog`]).
    pub unknown_classes: BTreeMap<&'static str, u64>,
    pub cache: CachingStats,
}

impl fmt::Display for SolverStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.cache;
        write!(
            f,
            "queries {} ({} models): sat {}, unsat {}, unknown {}; time {:.3} s; \
             core calls {} ({:.3} s in Z3, {:.3} s translating); \
             cache hits: exact {}, unsat-subset {}, sat-superset {}, counterexample {}; \
             independence dropped {} constraints",
            self.queries,
            self.model_queries,
            self.sat,
            self.unsat,
            self.unknown,
            self.time.as_secs_f64(),
            self.core_calls,
            self.core_time.as_secs_f64(),
            self.translate_time.as_secs_f64(),
            c.exact_hits,
            c.unsat_subset_hits,
            c.sat_superset_hits,
            c.cex_hits,
            self.independent_dropped
        )
    }
}

/// A satisfiability solver for kappa terms. Layers of the chain implement it around an inner
/// solver; [`Z3Solver`] implements it at the bottom.
pub trait Solver {
    /// Is `pc ∧ cond` satisfiable?
    fn check(&mut self, q: &Query) -> SatResult;

    /// A model of `pc ∧ cond` giving values to every free symbol occurring in `pc` or `cond`
    /// (but see [`Model`] for the symbols it cannot represent); the result of the check when
    /// the query is not (known to be) satisfiable.
    fn model(&mut self, q: &Query) -> Result<Model, SatResult>;

    fn stats(&self) -> SolverStats;

    /// Time limit of each query reaching the core solver (`None`: no limit).
    fn set_timeout(&mut self, t: Option<Duration>);

    /// Work limit of each query reaching the core solver, in Z3's resource units (`None`: no
    /// limit). Unlike time, work does not depend on the machine's load, so a strategy that
    /// gives a query a small budget before trying another gives up on the same queries run
    /// after run. Only the core solver implements it; wrappers that set it call their inner one.
    fn set_rlimit(&mut self, _r: Option<u64>) {}

    /// No query may run past this instant (the run's time limit), retries of the layers
    /// included. Only the core solver implements it; wrappers pass it on.
    fn set_deadline(&mut self, _d: Option<std::time::Instant>) {}

    /// Work done so far by the core solver, in Z3's resource units (the rlimit's unit, Z3's
    /// statistic `rlimit count`), growing monotonically: a caller that reads it before and after
    /// some queries learns what they cost, independently of the machine's load (issue 22: a
    /// template's computation is budgeted in these units). Every wrapper passes it on; 0 for a
    /// solver that does not count.
    fn work(&self) -> u64 {
        0
    }

    /// The models of the latest satisfiable queries, which the counterexample cache tries on
    /// every query (none for a solver without that cache). `--jobs` hands them over with a
    /// state, so that the receiving worker's first queries about it (often the test of a
    /// path that ends) are answered as the donor's would have been.
    fn recent_models(&self) -> Vec<Model> {
        Vec::new()
    }

    /// Models the counterexample cache is to try as its latest (another worker's
    /// [`Solver::recent_models`]). Sound whatever they are: the cache answers `sat` only
    /// when a model makes every constraint of the query true.
    fn seed_models(&mut self, _models: Vec<Model>) {}

    /// What the caches in front of the core solver know of `pc ∧ cond`, without asking the
    /// core solver (`None`: they do not know, or this solver has no cache). `--jobs` decides
    /// a branch's side this way and hands the other side over unchecked when only Z3 could
    /// decide it (lazy feasibility, docs/design-parallel.md): on a comb the cache answers the
    /// side that goes on, and the leaves' checks are spread over the workers.
    fn check_cached(&mut self, _q: &Query) -> Option<SatResult> {
        None
    }

    /// What the caches of this layer and the layers it wraps hold.
    fn cache_memory(&self) -> CacheMemory {
        CacheMemory::default()
    }

    /// Empties every cache of the chain that the following queries rebuild (the query caches,
    /// the facts about terms, Z3's solver and translations): the memory cap's first resort
    /// (issue 23). Never changes an answer: a cache only answers what the solver would.
    fn release_caches(&mut self) {}
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        (**self).check(q)
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        (**self).model(q)
    }

    fn stats(&self) -> SolverStats {
        (**self).stats()
    }

    fn set_timeout(&mut self, t: Option<Duration>) {
        (**self).set_timeout(t)
    }

    fn set_rlimit(&mut self, r: Option<u64>) {
        (**self).set_rlimit(r)
    }

    fn set_deadline(&mut self, d: Option<std::time::Instant>) {
        (**self).set_deadline(d)
    }

    fn work(&self) -> u64 {
        (**self).work()
    }

    fn recent_models(&self) -> Vec<Model> {
        (**self).recent_models()
    }

    fn seed_models(&mut self, models: Vec<Model>) {
        (**self).seed_models(models)
    }

    fn check_cached(&mut self, q: &Query) -> Option<SatResult> {
        (**self).check_cached(q)
    }

    fn cache_memory(&self) -> CacheMemory {
        (**self).cache_memory()
    }

    fn release_caches(&mut self) {
        (**self).release_caches()
    }
}

/// Counts the queries and outcomes of a layer (shared by the wrappers).
#[derive(Clone, Debug, Default)]
struct Counters {
    queries: u64,
    model_queries: u64,
    sat: u64,
    unsat: u64,
    unknown: u64,
    time: Duration,
}

impl Counters {
    fn record(&mut self, r: &SatResult, is_model: bool, t: Duration) {
        self.queries += 1;
        self.model_queries += u64::from(is_model);
        self.time += t;
        match r {
            SatResult::Sat => self.sat += 1,
            SatResult::Unsat => self.unsat += 1,
            // A query cancelled by an interrupt or the deadline was not left undecided by the
            // solver.
            SatResult::Unknown(r) if stopped_by_run(r) => {}
            SatResult::Unknown(_) => self.unknown += 1,
        }
    }

    fn record_model(&mut self, r: &Result<Model, SatResult>, t: Duration) {
        match r {
            Ok(_) => self.record(&SatResult::Sat, true, t),
            Err(e) => self.record(e, true, t),
        }
    }

    /// `inner` with this layer's query counters in place of the inner layer's.
    fn over(&self, mut inner: SolverStats) -> SolverStats {
        inner.queries = self.queries;
        inner.model_queries = self.model_queries;
        inner.sat = self.sat;
        inner.unsat = self.unsat;
        inner.unknown = self.unknown;
        inner.time = self.time;
        inner
    }
}

/// How [`chain`] builds the solver chain.
#[derive(Clone, Debug, Default)]
pub struct ChainOptions {
    /// Time limit of each query reaching Z3.
    pub timeout: Option<Duration>,
    /// Where the queries the chain leaves undecided are appended in SMT-LIB ([`UnknownLog`]).
    pub unknown_log: Option<std::path::PathBuf>,
}

/// The chain the engine uses: independence, then the caches, then Z3 — KLEE's order
/// (`IndependentSolver` → `CachingSolver` → `CexCachingSolver` → core). Caches behind the
/// independence layer see small factors, which recur across paths; with the caches in front
/// (keyed by whole path conditions) the `bench` example runs 4–10 times slower. Case splitting
/// sits in front of independence so that the cases of a query are factored and cached too.
/// Narrowing sits right above Z3: the caches key on the queries as the engine asks them. The
/// log of undecided queries is outermost: it sees what every layer's retries left undecided.
pub fn chain(opts: &ChainOptions) -> Box<dyn Solver> {
    let mut s: Box<dyn Solver> = Box::new(UnknownLog::new(
        InstantiatingSolver::new(CaseSplitSolver::new(IndependenceSolver::new(CachingSolver::new(
            NarrowingSolver::new(Z3Solver::new()),
        )))),
        opts.unknown_log.clone(),
    ));
    s.set_timeout(opts.timeout);
    s
}

/// [`chain`] with a query time limit and no log.
pub fn default_chain(timeout: Option<Duration>) -> Box<dyn Solver> {
    chain(&ChainOptions { timeout, unknown_log: None })
}
