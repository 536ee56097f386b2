//! The queries the chain leaves undecided, classified and, on request, logged (issue 12,
//! solver strategy).
//!
//! One `unknown` answer can spoil a run's `true`, so a user (and a developer choosing the
//! next solver strategy) needs to know *which kind* of query gives up: quantified template
//! conditions, non-linear bit-vector arithmetic, or reads of big arrays call for different
//! remedies (instantiation, narrowing, word-level memory). [`UnknownLog`] sits outermost in the
//! chain, so it sees the verdict after every layer's own retries; it counts each undecided query
//! by [`QueryClass`] and, given a file, appends the query there as a self-contained SMT-LIB
//! script (Z3 and cvc5 read the file as it is) with its class, the solver's reason and the
//! time it took (KLEE's `--use-query-log`, restricted to the queries
//! that matter).

use crate::{Counters, Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{Op, Sort, Term};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What makes a query hard, by the first of these it contains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum QueryClass {
    /// A universally quantified condition (compact execution's templates).
    Quantified,
    /// A product of two non-constants, or a division or remainder by a non-constant.
    NonLinear,
    /// Array reads or writes (memory at symbolic addresses).
    Arrays,
    /// Linear bit-vector arithmetic only.
    BitVector,
}

impl QueryClass {
    pub fn name(self) -> &'static str {
        match self {
            QueryClass::Quantified => "quantified",
            QueryClass::NonLinear => "non-linear",
            QueryClass::Arrays => "arrays",
            QueryClass::BitVector => "bit-vector",
        }
    }
}

/// The class of a query (see [`QueryClass`]).
pub fn classify(q: &Query) -> QueryClass {
    let (mut quantified, mut nonlinear, mut arrays) = (false, false, false);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack: Vec<Term> = q.constraints().cloned().collect();
    while let Some(t) = stack.pop() {
        if !seen.insert(t.id()) {
            continue;
        }
        match t.op() {
            Op::Forall => quantified = true,
            Op::BvMul if !t.arg(0).is_const() && !t.arg(1).is_const() => nonlinear = true,
            Op::BvUDiv | Op::BvSDiv | Op::BvURem | Op::BvSRem if !t.arg(1).is_const() => nonlinear = true,
            Op::IntMul if !t.arg(0).is_const() && !t.arg(1).is_const() => nonlinear = true,
            Op::Select | Op::Store | Op::ConstArray(_) | Op::Lambda => arrays = true,
            _ => {}
        }
        if matches!(t.sort(), Sort::Array(..)) {
            arrays = true;
        }
        stack.extend(t.args().iter().cloned());
    }
    if quantified {
        QueryClass::Quantified
    } else if nonlinear {
        QueryClass::NonLinear
    } else if arrays {
        QueryClass::Arrays
    } else {
        QueryClass::BitVector
    }
}

/// At most this many queries are written to the log (a run that gives up on every query should
/// not fill the disk).
const MAX_LOGGED: u64 = 10_000;

/// Counts (and logs) the queries the inner chain leaves undecided; see the module documentation.
pub struct UnknownLog<S> {
    inner: S,
    log: Option<PathBuf>,
    logged: u64,
    counts: std::collections::BTreeMap<&'static str, u64>,
    /// The engine's queries and their answers (the layers below count their own retries).
    counters: Counters,
}

impl<S: Solver> UnknownLog<S> {
    /// `log`: the file the undecided queries are appended to (`None`: only count them).
    pub fn new(inner: S, log: Option<PathBuf>) -> UnknownLog<S> {
        UnknownLog { inner, log, logged: 0, counts: Default::default(), counters: Counters::default() }
    }

    fn note(&mut self, q: &Query, r: &SatResult, took: Duration) {
        let SatResult::Unknown(why) = r else { return };
        if crate::stopped_by_run(why) {
            return;
        }
        let class = classify(q);
        *self.counts.entry(class.name()).or_default() += 1;
        let Some(path) = &self.log else { return };
        if self.logged >= MAX_LOGGED {
            return;
        }
        self.logged += 1;
        let body = crate::z3solver::smtlib(q).unwrap_or_else(|e| format!("; not translated: {e}\n"));
        let entry = format!(
            "; undecided query {}: class {}, reason \"{}\", {:.1} ms\n(set-logic ALL)\n{}(check-sat)\n(reset)\n",
            self.logged,
            class.name(),
            why.replace('\n', " "),
            took.as_secs_f64() * 1e3,
            body
        );
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(entry.as_bytes()));
        if let Err(e) = written {
            eprintln!("kappa: cannot write the solver log {}: {e}", path.display());
            self.log = None;
        }
    }
}

impl<S: Solver> Solver for UnknownLog<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        let t = Instant::now();
        let r = self.inner.check(q);
        self.counters.record(&r, false, t.elapsed());
        self.note(q, &r, t.elapsed());
        r
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        let t = Instant::now();
        let r = self.inner.model(q);
        self.counters.record_model(&r, t.elapsed());
        if let Err(e) = &r {
            self.note(q, e, t.elapsed());
        }
        r
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.counters.over(self.inner.stats());
        s.unknown_classes = self.counts.clone();
        s
    }

    pass_limits_on!(timeout, deadline, rlimit, work, models, cached, memory);
}
