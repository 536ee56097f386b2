//! The core solver: kappa terms translated to Z3 and checked by one incremental Z3 solver per
//! [`Z3Solver`] (creating a Z3 solver per query costs ~100 times more than a check of a typical
//! query).
//!
//! Translation only goes from kappa to Z3. Nothing is read back from Z3 terms except the model
//! values of constants, as numerals: the `z3` crate's operation codes do not match the Z3 4.8
//! library Debian ships, so inspecting Z3 terms by their declaration kind would be wrong.

use crate::syms::{free_symbols, InfoCache};
use crate::{Counters, Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::eval::ValueKey;
use kappa_expr::{mask, Elem, Op, Sort, SymId, Term, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};
use z3::ast::{forall_const, Array, Ast, Bool, Dynamic, Int, BV};

/// A map that holds Z3 ASTs, with a hasher of fixed keys: the same inserts give the same order
/// of iteration and of release. Z3 gives a released AST's id to the next AST it makes, and the
/// ids order terms inside Z3 (the arguments of commutative operators, the variables of the SAT
/// core), so the order in which a map of ASTs is cleared or dropped steers the work of every
/// later query of the thread's context. With std's `RandomState` (a new seed per process),
/// `verify`'s phases after the first one (each exploration drops its solver) did different
/// work run after run on the same program (issue 21, "same input, same answer").
type AstMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>>;

/// How [`Z3Solver`] feeds queries to its Z3 solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Z3Mode {
    /// Each constraint of the path condition stays asserted in its own scope after the query;
    /// the next query pops only the scopes of constraints it does not share as a prefix. The
    /// engine's queries mostly extend the previous path condition, so most constraints are
    /// asserted (and internalised by Z3) once.
    Prefix,
    /// One scope per query: push, assert everything, check, pop.
    PushPop,
    /// `reset`, assert everything, check: Z3 then uses its non-incremental solver.
    Reset,
}

/// Settings of [`Z3Solver`].
#[derive(Clone, Copy, Debug)]
pub struct Z3Options {
    pub mode: Z3Mode,
    /// The translation cache is cleared when it holds more terms than this.
    pub cache_cap: usize,
}

impl Default for Z3Options {
    fn default() -> Self {
        Z3Options { mode: Z3Mode::Prefix, cache_cap: 1 << 15 }
    }
}

/// Checks queries with Z3 (see the module documentation).
pub struct Z3Solver {
    opts: Z3Options,
    solver: z3::Solver,
    /// The solver of queries with quantifiers, created when first needed (see [`Z3Solver::solve`]).
    quant_solver: Option<z3::Solver>,
    /// The non-incremental solver that gets a query the incremental one did not decide within
    /// [`FIRST_TRY`], created when first needed (see [`Z3Solver::solve`]).
    retry_solver: Option<z3::Solver>,
    timeout: Option<Duration>,
    rlimit: Option<u64>,
    /// No check runs past this instant (the run's time limit), whatever the layers above
    /// retry.
    deadline: Option<Instant>,
    /// The timeout of checks now, when the deadline shortened it.
    clamped: Option<Duration>,
    /// The work limits the main and the quantified solver are to have, and those each was
    /// last given ([`Z3Solver::apply_params`]).
    want: [u64; 2],
    applied: [Option<u64>; 2],
    /// Term id → its translation. Ids are unique for the life of the thread.
    cache: AstMap<u64, Dynamic>,
    consts: AstMap<SymId, Dynamic>,
    /// Ids of the path-condition constraints asserted, one scope each ([`Z3Mode::Prefix`]).
    stack: Vec<u64>,
    infos: InfoCache,
    counters: Counters,
    core_calls: u64,
    /// Queries given to the retry solver.
    retried: u64,
    core_time: Duration,
    translate_time: Duration,
    /// [`Solver::work`]: Z3's `rlimit count` as last read, and the units counted up to then.
    work: std::cell::Cell<(u32, u64)>,
}

impl Default for Z3Solver {
    fn default() -> Self {
        Z3Solver::new()
    }
}

/// Queries after which the Z3 solver is replaced by a fresh one.
const RESET_EVERY: u64 = 10_000;

impl Z3Solver {
    pub fn new() -> Z3Solver {
        Z3Solver::with_options(Z3Options::default())
    }

    pub fn with_options(opts: Z3Options) -> Z3Solver {
        let mut s = Z3Solver {
            opts,
            solver: z3::Solver::new(),
            quant_solver: None,
            retry_solver: None,
            timeout: None,
            rlimit: None,
            deadline: None,
            clamped: None,
            want: [0; 2],
            applied: [None; 2],
            cache: AstMap::default(),
            consts: AstMap::default(),
            stack: Vec::new(),
            infos: InfoCache::new(1 << 16),
            counters: Counters::default(),
            core_calls: 0,
            retried: 0,
            core_time: Duration::ZERO,
            translate_time: Duration::ZERO,
            work: std::cell::Cell::new((0, 0)),
        };
        crate::interrupt::register_thread_context();
        s.apply_params();
        s.work.set((s.rlimit_count(), 0));
        s
    }

    /// Z3's resource units consumed so far by this thread's Z3 context (every solver of it:
    /// Z3 counts them in the context's manager). Z3 4.8 reports the counter as a 32-bit
    /// statistic, which wraps; [`Solver::work`] accumulates the differences.
    fn rlimit_count(&self) -> u32 {
        match self.solver.get_statistics().value("rlimit count") {
            Some(z3::StatisticsValue::UInt(n)) => n,
            // Modulo 2^32, as the 32-bit statistic.
            Some(z3::StatisticsValue::Double(d)) => (d as u64) as u32,
            None => 0,
        }
    }

    /// Sets Z3's work limits, and turns off Z3's own SIGINT handling (`ctrl_c`), which would
    /// swallow a Ctrl-C meant for kappa (see [`crate::interrupt`]). The timeout is not Z3's
    /// (its timer costs every check a hand-over to a timer thread and back): kappa's timer
    /// thread cancels a check past it ([`crate::interrupt::TimedCheck`]). The incremental
    /// solver always has a work limit: the layer above's, or [`FIRST_TRY`] (see
    /// [`Z3Solver::solve`]). Each Z3 solver keeps its limits between queries: changing a Z3
    /// solver's parameters costs milliseconds (some 10 ms on a loaded machine,
    /// [`set_params`]), so they are given to a Z3 solver only before its next check, and only
    /// when they differ from those it has: a limit set and reset between two checks (compact
    /// mode's template work limit, around a template that fails before it asks the solver)
    /// costs nothing.
    fn apply_params(&mut self) {
        let work = self.rlimit.unwrap_or(QUERY_WORK);
        let first_try = if self.opts.mode == Z3Mode::Reset { work } else { work.min(FIRST_TRY) };
        self.want = [first_try, work];
    }

    /// Gives the main (0) or the quantified (1) solver the limits it is to have, if it has
    /// others.
    fn flush_params(&mut self, k: usize) {
        if self.applied[k] == Some(self.want[k]) {
            return;
        }
        let solver = if k == 0 { Some(&self.solver) } else { self.quant_solver.as_ref() };
        if let Some(solver) = solver {
            set_params(solver, Some(self.want[k]));
            self.applied[k] = Some(self.want[k]);
        }
    }

    /// After an internal error: a new Z3 solver and empty caches, so that nothing half-built
    /// survives.
    fn reset_state(&mut self) {
        self.solver = z3::Solver::new();
        self.quant_solver = None;
        self.retry_solver = None;
        self.applied = [None; 2];
        self.cache.clear();
        self.consts.clear();
        self.stack.clear();
        self.apply_params();
    }

    fn run(&mut self, q: &Query, want_model: bool) -> Result<Option<Model>, SatResult> {
        if crate::interrupt::requested() {
            return Err(SatResult::Unknown(crate::interrupt::REASON.into()));
        }
        let start = Instant::now();
        // Near the run's deadline the time left is the limit; with almost nothing left Z3 is
        // not asked at all (a check given a timer of a few milliseconds on a loaded machine can
        // miss it and run on: seen once with Z3 4.8.12, a check of 35 minutes).
        let left = self.deadline.map(|d| d.saturating_duration_since(start));
        if left.is_some_and(|l| l < MIN_CHECK_TIME) {
            let r = SatResult::Unknown(crate::DEADLINE.into());
            self.counters.record(&r, want_model, Duration::ZERO);
            return Err(r);
        }
        // The timer must end before the deadline. It is shortened only when the time left falls
        // below it, and then to three quarters of the time left: a run's last stretch re-sets it
        // a logarithmic number of times, not at every query (when the timer was Z3's, re-setting
        // it cost milliseconds: a solver's parameters).
        let current = self.clamped.or(self.timeout);
        let clamp = match left {
            Some(l) if current.is_none_or(|c| l < c) => Some(l - l / 4),
            Some(_) => self.clamped,
            None => None,
        };
        if clamp != self.clamped {
            self.clamped = clamp;
            self.apply_params();
        }
        let r = catch_unwind(AssertUnwindSafe(|| self.solve(q, want_model)));
        let r = match r {
            Ok(r) => r,
            Err(p) => {
                let msg = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                self.reset_state();
                Err(SatResult::Unknown(format!("internal error in the Z3 layer: {msg}")))
            }
        };
        let elapsed = start.elapsed();
        match &r {
            Ok(_) => self.counters.record(&SatResult::Sat, want_model, elapsed),
            Err(e) => self.counters.record(e, want_model, elapsed),
        }
        r
    }

    fn solve(&mut self, q: &Query, want_model: bool) -> Result<Option<Model>, SatResult> {
        // Z3's incremental solver slows down and grows as scopes come and go (learned clauses,
        // its own caches): a fresh one now and then keeps long runs fast and small.
        if self.core_calls > 0 && self.core_calls.is_multiple_of(RESET_EVERY) {
            self.reset_state();
        }
        if self.cache.len() > self.opts.cache_cap {
            self.cache.clear();
            self.consts.clear();
        }
        // Translate everything before touching the solver, so that an error leaves it as it was.
        let t0 = Instant::now();
        let tr = (|| -> Result<(Vec<Bool>, Bool), String> {
            let pc = q.pc.iter().map(|c| self.translate_bool(c)).collect::<Result<Vec<_>, _>>()?;
            let cond = self.translate_bool(&q.cond)?;
            Ok((pc, cond))
        })();
        self.translate_time += t0.elapsed();
        let (pc, cond) = tr.map_err(|e| SatResult::Unknown(format!("translation: {e}")))?;

        let t1 = Instant::now();
        // Quantified queries go to a solver of their own, reset for each: Z3's incremental core
        // instantiates quantifiers far worse than its non-incremental one (0.75 s against 20 ms
        // on a loop template), and resetting the main solver would lose its scopes.
        let quantified = q.constraints().any(|c| self.infos.get(c).quantified);
        let first = if quantified { Which::Quantified } else { Which::Main };
        let limit = self.clamped.or(self.timeout);
        let mut checked = self.check_on(first, q, &pc, &cond, want_model, limit)?;
        // A query the incremental core did not decide within its FIRST_TRY of work goes to a
        // fresh, non-incremental solver: Z3's incremental core carries state over from earlier
        // queries, and on some bit-vector queries it is misled for seconds where the
        // non-incremental one (simplification, bit-blasting, SAT) takes a few milliseconds (a
        // loop bound's validity check after a satisfiable query on the same symbols: 7.4 s
        // against 0.13 s). The first try is limited by work, not time, so that which solver
        // answers (and so the model) does not depend on the machine's load.
        // The retry gets what is left of the query's work limit (a layer's, or [`QUERY_WORK`]):
        // under a layer's limit of at most [`FIRST_TRY`] (a case of a case split, a narrowed
        // query) there is nothing left, and the layer decides what comes next. (Giving a
        // layer's whole limit to the incremental solver instead left k-induction's step case
        // of bench/proofs/bhmr2007.c undecided in 60 s.) The wall-clock timeout is only a
        // backstop: which queries are decided must not depend on the load.
        let work = self.rlimit.unwrap_or(QUERY_WORK);
        let retry = first == Which::Main && self.opts.mode != Z3Mode::Reset && work > FIRST_TRY;
        if retry && checked.0 == z3::SatResult::Unknown {
            let timeout = self.clamped.or(self.timeout);
            let left = timeout.map(|t| t.saturating_sub(t1.elapsed()));
            if !crate::interrupt::requested() && left.is_none_or(|l| l >= MIN_CHECK_TIME) {
                self.retried += 1;
                set_params(self.retry_solver.get_or_insert_with(z3::Solver::new), Some(work - FIRST_TRY));
                checked = self.check_on(Which::Retry, q, &pc, &cond, want_model, left)?;
            }
        }
        let (res, model, reason) = checked;
        let out = match res {
            z3::SatResult::Sat if want_model => match model {
                Some(m) => {
                    if let Some(path) = std::env::var_os("KAPPA_SMT_LOG") {
                        use std::io::Write;
                        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                            let _ = writeln!(f, "; model\n{m}");
                        }
                    }
                    Ok(Some(self.extract(q, &m)))
                }
                None if crate::interrupt::requested() => Err(SatResult::Unknown(crate::interrupt::REASON.into())),
                None => Err(SatResult::Unknown("Z3 gave no model".into())),
            },
            z3::SatResult::Sat => Ok(None),
            z3::SatResult::Unsat => Err(SatResult::Unsat),
            z3::SatResult::Unknown if crate::interrupt::requested() => {
                Err(SatResult::Unknown(crate::interrupt::REASON.into()))
            }
            z3::SatResult::Unknown => Err(SatResult::Unknown(reason.unwrap_or_else(|| "unknown".to_string()))),
        };
        self.core_time += t1.elapsed();
        out
    }

    /// Checks the translated query on one of the Z3 solvers: the result, the model if one was
    /// asked for and found, Z3's reason for an unknown.
    fn check_on(
        &mut self,
        which: Which,
        q: &Query,
        pc: &[Bool],
        cond: &Bool,
        want_model: bool,
        limit: Option<Duration>,
    ) -> Result<(z3::SatResult, Option<z3::Model>, Option<String>), SatResult> {
        if which == Which::Quantified && self.quant_solver.is_none() {
            self.quant_solver = Some(z3::Solver::new());
            self.applied[1] = None;
        }
        match which {
            Which::Main => self.flush_params(0),
            Which::Quantified => self.flush_params(1),
            Which::Retry => {}
        }
        // The retry solver is created, with its limits, by the caller.
        let (solver, mode) = match which {
            Which::Main => (Some(&self.solver), self.opts.mode),
            Which::Quantified => (self.quant_solver.as_ref(), Z3Mode::Reset),
            Which::Retry => (self.retry_solver.as_ref(), Z3Mode::Reset),
        };
        let Some(solver) = solver else { return Err(SatResult::Unknown("no Z3 solver".into())) };
        let scoped = match mode {
            Z3Mode::Prefix => {
                // The order of the path condition does not matter: keep the longest bottom part
                // of the stack made of constraints of this query, assert the others above it.
                let ids: HashSet<u64> = q.pc.iter().map(Term::id).collect();
                let keep = self.stack.iter().take_while(|id| ids.contains(id)).count();
                if keep < self.stack.len() {
                    solver.pop(u32::try_from(self.stack.len() - keep).unwrap_or(u32::MAX));
                    self.stack.truncate(keep);
                }
                let kept: HashSet<u64> = self.stack.iter().copied().collect();
                for (c, z) in q.pc.iter().zip(pc) {
                    if kept.contains(&c.id()) || self.stack.last() == Some(&c.id()) {
                        continue;
                    }
                    solver.push();
                    solver.assert(z);
                    self.stack.push(c.id());
                }
                solver.push();
                solver.assert(cond);
                true
            }
            Z3Mode::PushPop => {
                solver.push();
                for z in pc {
                    solver.assert(z);
                }
                solver.assert(cond);
                true
            }
            Z3Mode::Reset => {
                solver.reset();
                for z in pc {
                    solver.assert(z);
                }
                solver.assert(cond);
                false
            }
        };
        self.core_calls += 1;
        if let Some(path) = std::env::var_os("KAPPA_SMT_LOG") {
            // Debugging aid: every query as SMT-LIB, appended to the named file.
            use std::io::Write;
            if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                let thread = std::thread::current().name().unwrap_or("main").to_string();
                let _ = writeln!(f, "; query {} ({which:?}) {thread}\n{}(check-sat)", self.core_calls, solver);
            }
        }
        let t_check = Instant::now();
        let logged = std::env::var_os("KAPPA_SMT_LOG").map(|_| self.work());
        let timer = crate::interrupt::TimedCheck::start(limit);
        // The request may have come while the query was translated and asserted.
        let res = if crate::interrupt::requested() { z3::SatResult::Unknown } else { solver.check() };
        let timed_out = timer.timed_out();
        drop(timer);
        if let Some(path) = std::env::var_os("KAPPA_SMT_LOG") {
            use std::io::Write;
            if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
                // The work in Z3's units (deterministic, unlike the time) and the thread (a
                // worker of `--jobs`).
                let units = self.work() - logged.unwrap_or(0);
                let thread = std::thread::current().name().unwrap_or("main").to_string();
                let ms = t_check.elapsed().as_secs_f64() * 1e3;
                let _ = writeln!(f, "; result {res:?} in {ms:.1} ms, {units} units, {thread}");
            }
        }
        let model = match res {
            z3::SatResult::Sat if want_model => solver.get_model(),
            _ => None,
        };
        let reason = match res {
            // Cancelled by kappa's timer: Z3's own timer says "timeout".
            z3::SatResult::Unknown if timed_out => Some("timeout".into()),
            z3::SatResult::Unknown => solver.get_reason_unknown(),
            _ => None,
        };
        if scoped {
            solver.pop(1);
        }
        Ok((res, model, reason))
    }

    fn translate_bool(&mut self, t: &Term) -> Result<Bool, String> {
        if t.sort() != Sort::Bool {
            return Err(format!("constraint of sort {}: {t}", t.sort()));
        }
        if !self.cache.contains_key(&t.id()) {
            self.byte_functions(t)?;
        }
        self.translate(t)?.as_bool().ok_or_else(|| format!("not a Z3 boolean: {t}"))
    }

    /// Encodes by evaluation ([`Z3Solver::byte_predicate`], [`Z3Solver::byte_function`]) the
    /// largest subterms of `t` that depend on one byte of input only: in a constraint over two
    /// bytes (urldecode's `hex(c1)·16 + hex(c2)`), the table read of one of them was left to Z3
    /// as a disjunction over the table's indices, and such queries took 40–200 ms each.
    fn byte_functions(&mut self, t: &Term) -> Result<(), String> {
        let mut seen: HashSet<u64> = HashSet::new();
        let mut stack = vec![t.clone()];
        // Each try evaluates its term 256 times; a term that fails (too many runs) is tried
        // again in its subterms, so a deep function of one byte (a hash of one character) is
        // tried a bounded number of times, not once per level.
        let mut failed = 0;
        while let Some(x) = stack.pop() {
            if failed == BYTE_FUNCTION_TRIES {
                break;
            }
            if !seen.insert(x.id()) || self.cache.contains_key(&x.id()) {
                continue;
            }
            let info = self.infos.get(&x);
            if info.quantified || info.free.is_empty() {
                continue;
            }
            if info.free.len() == 1 {
                let d = if x.sort() == Sort::Bool {
                    self.byte_predicate(&x)?.map(Dynamic::from)
                } else {
                    self.byte_function(&x)?.map(Dynamic::from)
                };
                if let Some(d) = d {
                    self.cache.insert(x.id(), d);
                    continue;
                }
                failed += 1;
            }
            if info.free.iter().any(|s| matches!(Term::sym_info(*s).sort, Sort::Bv(w) if w <= BYTE_PREDICATE_BITS)) {
                stack.extend(x.args().iter().cloned());
            }
        }
        Ok(())
    }

    /// The one symbol of `t` and its width, when it has at most [`BYTE_PREDICATE_BITS`] bits and
    /// `t` is worth encoding by evaluation: evaluable, without quantifier, not small.
    fn byte_symbol(&mut self, t: &Term) -> Option<(SymId, u32)> {
        let info = self.infos.get(t);
        if info.free.len() != 1 || !info.evaluable || info.quantified {
            return None;
        }
        let s = info.free[0];
        match Term::sym_info(s).sort {
            Sort::Bv(w) if w <= BYTE_PREDICATE_BITS && dag_size_at_least(t, BYTE_PREDICATE_MIN_NODES) => Some((s, w)),
            _ => None,
        }
    }

    /// A bit-vector term of one symbol of at most [`BYTE_PREDICATE_BITS`] bits (a table read at
    /// an index computed from an input byte, and what the program computes from it) as the
    /// function it is, found by evaluating it at every value of the symbol: an ite-chain over
    /// the runs of consecutive values on which it is affine, `a·x + b` (a table of
    /// classification flags has a few dozen constant runs, `toupper`'s table four runs of
    /// slope 1, a hex digit's value times 16 three of slope 16). Left as it is when it has more
    /// than [`BYTE_FUNCTION_RUNS`] runs or is small; a subterm of it may then be encoded.
    fn byte_function(&mut self, t: &Term) -> Result<Option<BV>, String> {
        let Sort::Bv(k) = t.sort() else { return Ok(None) };
        if k > 64 {
            return Ok(None);
        }
        let Some((s, w)) = self.byte_symbol(t) else { return Ok(None) };
        let mut runs: Vec<ByteRun> = Vec::new();
        for v in 0..(1u64 << w) {
            let Some(Value::Bv(y, _)) = kappa_expr::eval(t, &|x| (x == s).then_some(Value::Bv(v, w))) else {
                return Ok(None);
            };
            if !runs.last_mut().is_some_and(|r| r.extend(v, y, k)) {
                if runs.len() == BYTE_FUNCTION_RUNS {
                    return Ok(None);
                }
                runs.push(ByteRun { lo: v, hi: v, first: y, slope: None });
            }
        }
        let x = self.sym_const(s, Sort::Bv(w))?.as_bv().ok_or_else(|| format!("symbol of {t} is not a bit-vector"))?;
        // a·v + b modulo 2^k depends on the low k bits of v only.
        let wide = match k.cmp(&w) {
            std::cmp::Ordering::Greater => x.zero_ext(k - w),
            std::cmp::Ordering::Equal => x.clone(),
            std::cmp::Ordering::Less => x.extract(k - 1, 0),
        };
        // The run's value at v is slope·v + (first - slope·lo), computed in k bits.
        let piece = |r: &ByteRun| match r.slope.unwrap_or(0) {
            0 => BV::from_u64(r.first, k),
            a => {
                let d = r.first.wrapping_sub(a.wrapping_mul(r.lo)) & mask(k);
                let ax = if a == 1 { wide.clone() } else { wide.bvmul(BV::from_u64(a, k)) };
                if d == 0 {
                    ax
                } else {
                    ax.bvadd(BV::from_u64(d, k))
                }
            }
        };
        let Some(last) = runs.last() else { return Ok(None) };
        let mut out = piece(last);
        for r in runs.iter().rev().skip(1) {
            out = x.bvule(BV::from_u64(r.hi, w)).ite(&piece(r), &out);
        }
        Ok(Some(out))
    }

    /// A constraint on one symbol of at most [`BYTE_PREDICATE_BITS`] bits (a byte of the
    /// program's input: a character classified through `<ctype.h>`'s table, looked up in an
    /// alphabet, compared to several constants) as the ranges of the symbol's values that
    /// satisfy it, found by evaluating it at every value. Z3 gets a few comparisons instead of
    /// the term, whose table reads alone translate into a disjunction over hundreds of indices:
    /// asserting those took most of the solver's time on stdin parsers. Small terms are left
    /// as they are.
    fn byte_predicate(&mut self, t: &Term) -> Result<Option<Bool>, String> {
        let Some((s, w)) = self.byte_symbol(t) else { return Ok(None) };
        let mut runs: Vec<(u64, u64)> = Vec::new();
        for v in 0..(1u64 << w) {
            let Some(Value::Bool(b)) = kappa_expr::eval(t, &|x| (x == s).then_some(Value::Bv(v, w))) else {
                return Ok(None);
            };
            if b {
                match runs.last_mut() {
                    Some((_, hi)) if *hi + 1 == v => *hi = v,
                    _ => runs.push((v, v)),
                }
            }
        }
        let x = self.sym_const(s, Sort::Bv(w))?.as_bv().ok_or_else(|| format!("symbol of {t} is not a bit-vector"))?;
        let cases: Vec<Bool> = runs
            .iter()
            .map(|&(lo, hi)| {
                if lo == hi {
                    x.eq(BV::from_u64(lo, w))
                } else {
                    BV::from_u64(lo, w).bvule(&x) & x.bvule(BV::from_u64(hi, w))
                }
            })
            .collect();
        Ok(Some(Bool::or(&cases)))
    }

    /// The Z3 term of a kappa term, bottom-up and iteratively (terms can be deep).
    fn translate(&mut self, t: &Term) -> Result<Dynamic, String> {
        if let Some(d) = self.cache.get(&t.id()) {
            return Ok(d.clone());
        }
        let mut stack: Vec<(Term, bool)> = vec![(t.clone(), false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.cache.contains_key(&x.id()) {
                continue;
            }
            if !expanded && !x.args().is_empty() {
                stack.push((x.clone(), true));
                for a in x.args() {
                    if !self.cache.contains_key(&a.id()) {
                        stack.push((a.clone(), false));
                    }
                }
                continue;
            }
            let d = self.build(&x)?;
            self.cache.insert(x.id(), d);
        }
        self.cache.get(&t.id()).cloned().ok_or_else(|| format!("no translation of {t}"))
    }

    fn arg(&self, t: &Term, i: usize) -> Result<Dynamic, String> {
        let a = t.args().get(i).ok_or_else(|| format!("missing argument {i} of {t}"))?;
        self.cache.get(&a.id()).cloned().ok_or_else(|| format!("untranslated argument of {t}"))
    }

    fn bool_arg(&self, t: &Term, i: usize) -> Result<Bool, String> {
        expect_sort(t, i, Sort::Bool)?;
        self.arg(t, i)?.as_bool().ok_or_else(|| format!("argument {i} of {t} is not a Z3 boolean"))
    }

    fn bv_arg(&self, t: &Term, i: usize, w: u32) -> Result<BV, String> {
        expect_sort(t, i, Sort::Bv(w))?;
        self.arg(t, i)?.as_bv().ok_or_else(|| format!("argument {i} of {t} is not a Z3 bit-vector"))
    }

    fn int_arg(&self, t: &Term, i: usize) -> Result<Int, String> {
        expect_sort(t, i, Sort::Int)?;
        self.arg(t, i)?.as_int().ok_or_else(|| format!("argument {i} of {t} is not a Z3 integer"))
    }

    /// A read at a symbolic index of a constant table (stores of constants at constant indices
    /// over a constant array: `<ctype.h>`'s classification table), as a case split on the
    /// index: Z3's array procedure took seconds on `table[2c + 256] & mask` over 768 stores,
    /// the bit-vector form milliseconds.
    fn table_lookup(&self, t: &Term) -> Result<Option<Dynamic>, String> {
        const MAX_STORES: usize = 4096;
        let Sort::Bv(w) = t.sort() else { return Ok(None) };
        if t.arg(1).as_bv().is_some() || t.arg(0).op() != Op::Store {
            return Ok(None);
        }
        let mut a = t.arg(0).clone();
        let mut latest: Vec<(u64, u64)> = Vec::new();
        let mut seen: HashSet<u64> = HashSet::new();
        while a.op() == Op::Store {
            let (Some(i), Some(v)) = (a.arg(1).as_bv(), a.arg(2).as_bv()) else { return Ok(None) };
            if latest.len() >= MAX_STORES {
                return Ok(None);
            }
            if seen.insert(i) {
                latest.push((i, v));
            }
            a = a.arg(0).clone();
        }
        if a.op()
            != Op::ConstArray(match t.arg(1).sort() {
                Sort::Bv(iw) => kappa_expr::Elem::Bv(iw),
                _ => return Ok(None),
            })
        {
            return Ok(None);
        }
        let Some(base) = a.arg(0).as_bv() else { return Ok(None) };
        let Sort::Bv(iw) = t.arg(1).sort() else { return Ok(None) };
        let ix = self.arg(t, 1)?.as_bv().ok_or_else(|| format!("{t}: index is not a bit-vector"))?;
        // One case per value, over the indices holding it.
        let mut by_value: std::collections::BTreeMap<u64, Vec<u64>> = std::collections::BTreeMap::new();
        for (i, v) in latest {
            if v != base {
                by_value.entry(v).or_default().push(i);
            }
        }
        let mut out = BV::from_u64(base, w);
        for (v, idx) in by_value {
            let eqs: Vec<Bool> = idx.iter().map(|i| ix.eq(BV::from_u64(*i, iw))).collect();
            out = Bool::or(&eqs).ite(&BV::from_u64(v, w), &out);
        }
        Ok(Some(out.into()))
    }

    fn array_arg(&self, t: &Term, i: usize) -> Result<(Array, Elem, Elem), String> {
        let Some(Sort::Array(ix, el)) = t.args().get(i).map(Term::sort) else {
            return Err(format!("argument {i} of {t} is not an array"));
        };
        let a = self.arg(t, i)?.as_array().ok_or_else(|| format!("argument {i} of {t} is not a Z3 array"))?;
        Ok((a, ix, el))
    }

    fn sym_const(&mut self, s: SymId, sort: Sort) -> Result<Dynamic, String> {
        if let Some(d) = self.consts.get(&s) {
            return Ok(d.clone());
        }
        let info = Term::sym_info(s);
        if info.sort != sort {
            return Err(format!("symbol {} of sort {} used at sort {sort}", info.name, info.sort));
        }
        // Unique (the id) and readable (the name) in Z3's output; a NUL would not fit a C string.
        let name = format!("{}!{}", info.name.replace('\0', "?"), s.0);
        let d = Dynamic::new_const(name, &z3_sort(sort)?);
        self.consts.insert(s, d.clone());
        Ok(d)
    }

    /// One Z3 node from the translations of the arguments, after checking the sorts (Z3 would
    /// report an ill-sorted term by a null pointer, on which the `z3` crate panics).
    fn build(&mut self, t: &Term) -> Result<Dynamic, String> {
        let sort = t.sort();
        let w = t.width();
        let n = t.args().len();
        let arity = |k: usize| if n == k { Ok(()) } else { Err(format!("{t}: {n} arguments, expected {k}")) };
        let bv_result =
            || if matches!(sort, Sort::Bv(w) if w >= 1) { Ok(()) } else { Err(format!("{t}: sort {sort}")) };
        let bool_result = || if sort == Sort::Bool { Ok(()) } else { Err(format!("{t}: sort {sort}")) };
        Ok(match t.op() {
            Op::BoolConst(b) => Bool::from_bool(b).into(),
            Op::BvConst(v) => {
                bv_result()?;
                if w < 64 && v >> w != 0 {
                    return Err(format!("constant {v} does not fit {w} bits"));
                }
                BV::from_u64(v, w).into()
            }
            Op::IntConst(v) => Int::from_i64(v).into(),
            Op::Var(s) => self.sym_const(s, sort)?,
            Op::Not => {
                arity(1)?;
                bool_result()?;
                self.bool_arg(t, 0)?.not().into()
            }
            Op::And | Op::Or => {
                bool_result()?;
                let args = (0..n).map(|i| self.bool_arg(t, i)).collect::<Result<Vec<_>, _>>()?;
                if t.op() == Op::And {
                    Bool::and(&args).into()
                } else {
                    Bool::or(&args).into()
                }
            }
            Op::Ite => {
                arity(3)?;
                let c = self.bool_arg(t, 0)?;
                expect_sort(t, 1, sort)?;
                expect_sort(t, 2, sort)?;
                c.ite(&self.arg(t, 1)?, &self.arg(t, 2)?)
            }
            Op::Eq => {
                arity(2)?;
                bool_result()?;
                let s0 = t.arg(0).sort();
                expect_sort(t, 1, s0)?;
                self.arg(t, 0)?.safe_eq(self.arg(t, 1)?).map_err(|e| format!("{t}: {e:?}"))?.into()
            }
            Op::BvNeg | Op::BvNot => {
                arity(1)?;
                bv_result()?;
                let a = self.bv_arg(t, 0, w)?;
                if t.op() == Op::BvNeg {
                    a.bvneg().into()
                } else {
                    a.bvnot().into()
                }
            }
            op @ (Op::BvAdd
            | Op::BvSub
            | Op::BvMul
            | Op::BvUDiv
            | Op::BvSDiv
            | Op::BvURem
            | Op::BvSRem
            | Op::BvShl
            | Op::BvLShr
            | Op::BvAShr
            | Op::BvAnd
            | Op::BvOr
            | Op::BvXor) => {
                arity(2)?;
                bv_result()?;
                let (a, b) = (self.bv_arg(t, 0, w)?, self.bv_arg(t, 1, w)?);
                match op {
                    Op::BvAdd => a.bvadd(&b),
                    Op::BvSub => a.bvsub(&b),
                    Op::BvMul => a.bvmul(&b),
                    Op::BvUDiv => a.bvudiv(&b),
                    Op::BvSDiv => a.bvsdiv(&b),
                    Op::BvURem => a.bvurem(&b),
                    Op::BvSRem => a.bvsrem(&b),
                    Op::BvShl => a.bvshl(&b),
                    Op::BvLShr => a.bvlshr(&b),
                    Op::BvAShr => a.bvashr(&b),
                    Op::BvAnd => a.bvand(&b),
                    Op::BvOr => a.bvor(&b),
                    _ => a.bvxor(&b),
                }
                .into()
            }
            op @ (Op::BvUlt | Op::BvUle | Op::BvSlt | Op::BvSle) => {
                arity(2)?;
                bool_result()?;
                let w0 = t.arg(0).width();
                if w0 == 0 {
                    return Err(format!("{t}: comparison of non-bit-vectors"));
                }
                let (a, b) = (self.bv_arg(t, 0, w0)?, self.bv_arg(t, 1, w0)?);
                match op {
                    Op::BvUlt => a.bvult(&b),
                    Op::BvUle => a.bvule(&b),
                    Op::BvSlt => a.bvslt(&b),
                    _ => a.bvsle(&b),
                }
                .into()
            }
            Op::Concat => {
                arity(2)?;
                bv_result()?;
                let (wh, wl) = (t.arg(0).width(), t.arg(1).width());
                if wh == 0 || wl == 0 || wh.checked_add(wl) != Some(w) {
                    return Err(format!("{t}: concat of widths {wh} and {wl} into {w}"));
                }
                self.bv_arg(t, 0, wh)?.concat(&self.bv_arg(t, 1, wl)?).into()
            }
            Op::Extract(hi, lo) => {
                arity(1)?;
                bv_result()?;
                let w0 = t.arg(0).width();
                if lo > hi || hi >= w0 || hi - lo + 1 != w {
                    return Err(format!("{t}: extract {hi}..{lo} of {w0} bits into {w}"));
                }
                self.bv_arg(t, 0, w0)?.extract(hi, lo).into()
            }
            op @ (Op::ZExt(to) | Op::SExt(to)) => {
                arity(1)?;
                bv_result()?;
                let w0 = t.arg(0).width();
                if w0 == 0 || to < w0 || to != w {
                    return Err(format!("{t}: extension of {w0} bits to {to} (sort {w})"));
                }
                let a = self.bv_arg(t, 0, w0)?;
                if matches!(op, Op::ZExt(_)) {
                    a.zero_ext(to - w0).into()
                } else {
                    a.sign_ext(to - w0).into()
                }
            }
            op @ (Op::IntAdd | Op::IntSub | Op::IntMul) => {
                arity(2)?;
                if sort != Sort::Int {
                    return Err(format!("{t}: sort {sort}"));
                }
                let args = [self.int_arg(t, 0)?, self.int_arg(t, 1)?];
                match op {
                    Op::IntAdd => Int::add(&args),
                    Op::IntSub => Int::sub(&args),
                    _ => Int::mul(&args),
                }
                .into()
            }
            op @ (Op::IntLe | Op::IntLt) => {
                arity(2)?;
                bool_result()?;
                let (a, b) = (self.int_arg(t, 0)?, self.int_arg(t, 1)?);
                if op == Op::IntLe {
                    a.le(&b).into()
                } else {
                    a.lt(&b).into()
                }
            }
            Op::IntToBv(to) => {
                arity(1)?;
                bv_result()?;
                if to != w {
                    return Err(format!("{t}: int2bv {to} of sort {sort}"));
                }
                BV::from_int(&self.int_arg(t, 0)?, to).into()
            }
            Op::BvToNat => {
                arity(1)?;
                if sort != Sort::Int {
                    return Err(format!("{t}: sort {sort}"));
                }
                let w0 = t.arg(0).width();
                if w0 == 0 {
                    return Err(format!("{t}: bv2nat of a non-bit-vector"));
                }
                Int::from_bv(&self.bv_arg(t, 0, w0)?, false).into()
            }
            Op::Select => {
                arity(2)?;
                let (a, ix, el) = self.array_arg(t, 0)?;
                expect_sort(t, 1, Sort::from_elem(ix))?;
                if sort != Sort::from_elem(el) {
                    return Err(format!("{t}: select of sort {sort}"));
                }
                if let Some(v) = self.table_lookup(t)? {
                    return Ok(v);
                }
                a.select(&self.arg(t, 1)?)
            }
            Op::Store => {
                arity(3)?;
                let (a, ix, el) = self.array_arg(t, 0)?;
                expect_sort(t, 1, Sort::from_elem(ix))?;
                expect_sort(t, 2, Sort::from_elem(el))?;
                if sort != Sort::Array(ix, el) {
                    return Err(format!("{t}: store of sort {sort}"));
                }
                a.store(&self.arg(t, 1)?, &self.arg(t, 2)?).into()
            }
            Op::ConstArray(ix) => {
                arity(1)?;
                let el = elem_of(t.arg(0).sort()).ok_or_else(|| format!("{t}: array of {}", t.arg(0).sort()))?;
                if sort != Sort::Array(ix, el) {
                    return Err(format!("{t}: constant array of sort {sort}"));
                }
                Array::const_array(&z3_sort(Sort::from_elem(ix))?, &self.arg(t, 0)?).into()
            }
            Op::Forall => {
                bool_result()?;
                if n < 2 {
                    return Err(format!("{t}: quantifier without variables"));
                }
                let mut bound = Vec::with_capacity(n - 1);
                for v in &t.args()[..n - 1] {
                    let s = v.as_var().ok_or_else(|| format!("{t}: bound term {v} is not a symbol"))?;
                    bound.push(self.sym_const(s, v.sort())?);
                }
                let body = self.bool_arg(t, n - 1)?;
                let refs: Vec<&dyn Ast> = bound.iter().map(|b| b as &dyn Ast).collect();
                forall_const(&refs, &[], &body).into()
            }
            Op::Lambda => {
                arity(2)?;
                let v = t.arg(0);
                let s = v.as_var().ok_or_else(|| format!("{t}: bound term {v} is not a symbol"))?;
                let bound = self.sym_const(s, v.sort())?;
                let body = self.arg(t, 1)?;
                z3::ast::lambda_const(&[&bound as &dyn Ast], &body).into()
            }
        })
    }

    /// Values of the query's free symbols in Z3's model.
    fn extract(&mut self, q: &Query, m: &z3::Model) -> Model {
        let syms = free_symbols(&mut self.infos, q.constraints());
        let mut out = Model::new();
        let mut indices: Option<AstMap<Elem, Vec<(ValueKey, Dynamic)>>> = None;
        // Arrays in models of quantified queries are defined through Z3's quantifier
        // instantiation and evaluating them may not terminate; `InstantiatingSolver` gets them
        // from a quantifier-free query instead.
        let quantified = q.constraints().any(Term::has_quantifier);
        for s in syms {
            let sort = Term::sym_info(s).sort;
            let Ok(c) = self.sym_const(s, sort) else { continue };
            let v = match sort {
                Sort::Array(..) if quantified => None,
                Sort::Array(ix, el) => {
                    let idx = indices.get_or_insert_with(|| self.array_indices(q, m));
                    let empty = Vec::new();
                    array_value(m, &c, ix, el, idx.get(&ix).unwrap_or(&empty))
                }
                _ => m.eval(&c, true).and_then(|d| value_of(&d, sort)),
            };
            if let Some(v) = v {
                out.insert(s, v);
            }
        }
        out
    }

    /// The indices the query reads or writes arrays at, as values in the model, by index sort.
    /// Indices depending on quantified variables are skipped: they range over everything.
    fn array_indices(&mut self, q: &Query, m: &z3::Model) -> AstMap<Elem, Vec<(ValueKey, Dynamic)>> {
        let mut terms: Vec<Term> = Vec::new();
        // Visited (term, binders) pairs: shared subterms under a quantifier are visited once too.
        let mut seen: HashSet<(u64, Vec<SymId>)> = HashSet::new();
        let mut stack: Vec<(Term, Vec<SymId>)> = q.constraints().map(|c| (c.clone(), Vec::new())).collect();
        while let Some((x, bound)) = stack.pop() {
            if !seen.insert((x.id(), bound.clone())) {
                continue;
            }
            if matches!(x.op(), Op::Select | Op::Store) {
                let i = x.arg(1);
                if bound.is_empty() || !self.infos.get(i).free.iter().any(|s| bound.contains(s)) {
                    terms.push(i.clone());
                }
            }
            if matches!(x.op(), Op::Forall | Op::Lambda) && !x.args().is_empty() {
                let n = x.args().len();
                let mut inner = bound.clone();
                inner.extend(x.args()[..n - 1].iter().filter_map(Term::as_var));
                stack.push((x.args()[n - 1].clone(), inner));
            } else {
                stack.extend(x.args().iter().map(|a| (a.clone(), bound.clone())));
            }
        }
        let mut out: AstMap<Elem, Vec<(ValueKey, Dynamic)>> = AstMap::default();
        let mut keys: HashMap<Elem, BTreeSet<ValueKey>> = HashMap::new();
        for i in terms {
            let Some(ix) = elem_of(i.sort()) else { continue };
            let Ok(d) = self.translate(&i) else { continue };
            let Some(v) = m.eval(&d, true) else { continue };
            let Some(k) = value_of(&v, i.sort()).and_then(|v| v.key()) else { continue };
            if keys.entry(ix).or_default().insert(k.clone()) {
                out.entry(ix).or_default().push((k, v));
            }
        }
        out
    }
}

fn expect_sort(t: &Term, i: usize, s: Sort) -> Result<(), String> {
    match t.args().get(i) {
        Some(a) if a.sort() == s => Ok(()),
        Some(a) => Err(format!("argument {i} of {t} has sort {}, expected {s}", a.sort())),
        None => Err(format!("missing argument {i} of {t}")),
    }
}

fn elem_of(s: Sort) -> Option<Elem> {
    match s {
        Sort::Bool => Some(Elem::Bool),
        Sort::Bv(w) => Some(Elem::Bv(w)),
        Sort::Int => Some(Elem::Int),
        Sort::Array(..) => None,
    }
}

fn z3_sort(s: Sort) -> Result<z3::Sort, String> {
    Ok(match s {
        Sort::Bool => z3::Sort::bool(),
        Sort::Bv(0) => return Err("bit-vector of width 0".into()),
        Sort::Bv(w) => z3::Sort::bitvector(w),
        Sort::Int => z3::Sort::int(),
        Sort::Array(i, e) => z3::Sort::array(&z3_sort(Sort::from_elem(i))?, &z3_sort(Sort::from_elem(e))?),
    })
}

/// A Z3 numeral (or `true`/`false`) of a scalar sort as a kappa value.
fn value_of(d: &Dynamic, sort: Sort) -> Option<Value> {
    match sort {
        Sort::Bool => d.as_bool()?.as_bool().map(Value::Bool),
        Sort::Bv(w) if (1..=64).contains(&w) => d.as_bv()?.as_u64().map(|v| Value::Bv(v, w)),
        Sort::Int => d.as_int()?.as_i64().map(Value::Int),
        _ => None,
    }
}

/// An array constant's value: its elements at the given indices over a default, the "else" of
/// the model's interpretation when Z3 gives one as a function, otherwise the element at an
/// index outside the given ones.
fn array_value(m: &z3::Model, c: &Dynamic, ix: Elem, el: Elem, idx: &[(ValueKey, Dynamic)]) -> Option<Value> {
    let arr = c.as_array()?;
    let esort = Sort::from_elem(el);
    let mut entries = BTreeMap::new();
    for (k, d) in idx {
        let v = m.eval(&arr.select(d), true).and_then(|v| value_of(&v, esort))?;
        entries.insert(k.clone(), v);
    }
    let from_interp = || {
        let decl = c.safe_decl().ok()?;
        let e = m.get_func_interp(&decl)?.get_else()?;
        value_of(&m.eval(&e, true)?, esort)
    };
    let default = from_interp()
        .or_else(|| {
            let used: BTreeSet<&ValueKey> = idx.iter().map(|(k, _)| k).collect();
            let fresh: Dynamic = match ix {
                Elem::Bool => [false, true]
                    .into_iter()
                    .find(|b| !used.contains(&ValueKey::Bool(*b)))
                    .map(|b| Bool::from_bool(b).into())?,
                Elem::Bv(w) => (0..=u64::MAX)
                    .take(idx.len() + 1)
                    .find(|v| (w >= 64 || v >> w == 0) && !used.contains(&ValueKey::Bv(*v)))
                    .map(|v| BV::from_u64(v, w).into())?,
                Elem::Int => (0..=i64::MAX)
                    .take(idx.len() + 1)
                    .find(|v| !used.contains(&ValueKey::Int(*v)))
                    .map(|v| Int::from_i64(v).into())?,
            };
            m.eval(&arr.select(&fresh), true).and_then(|v| value_of(&v, esort))
        })
        .or_else(|| crate::default_value(esort))?;
    Some(Value::Array(Box::new(default), entries))
}

impl Solver for Z3Solver {
    fn check(&mut self, q: &Query) -> SatResult {
        match self.run(q, false) {
            Ok(_) => SatResult::Sat,
            Err(e) => e,
        }
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        match self.run(q, true)? {
            Some(m) => Ok(m),
            None => Err(SatResult::Unknown("no model".into())),
        }
    }

    fn stats(&self) -> SolverStats {
        let s = SolverStats {
            core_calls: self.core_calls,
            retried: self.retried,
            core_time: self.core_time,
            translate_time: self.translate_time,
            ..SolverStats::default()
        };
        self.counters.over(s)
    }

    fn set_timeout(&mut self, t: Option<Duration>) {
        self.timeout = t;
        self.apply_params();
    }

    fn set_rlimit(&mut self, r: Option<u64>) {
        if r != self.rlimit {
            self.rlimit = r;
            self.apply_params();
        }
    }

    fn set_deadline(&mut self, d: Option<Instant>) {
        if d != self.deadline {
            self.deadline = d;
            // A timer shortened for the old deadline would cut queries short under a later one.
            if self.clamped.take().is_some() {
                self.apply_params();
            }
        }
    }

    fn cache_memory(&self) -> crate::CacheMemory {
        crate::CacheMemory {
            translations: self.cache.len() as u64,
            infos: self.infos.len() as u64,
            ..Default::default()
        }
    }

    /// A fresh Z3 solver (its learned clauses and scopes go) and no translations: what
    /// [`RESET_EVERY`] does, on the memory cap's demand.
    fn release_caches(&mut self) {
        self.reset_state();
        self.cache = AstMap::default();
        self.consts = AstMap::default();
        self.infos.clear();
    }

    /// Read from Z3's statistics (some microseconds): callers read it around a piece of work,
    /// not per query. Correct as long as less than 2^32 units pass between two reads.
    fn work(&self) -> u64 {
        let (last, total) = self.work.get();
        let now = self.rlimit_count();
        let total = total + u64::from(now.wrapping_sub(last));
        self.work.set((now, total));
        total
    }
}

/// The query as an SMT-LIB script (declarations and assertions, no `check-sat`), as Z3 prints
/// the translation the core solver would check.
pub(crate) fn smtlib(q: &Query) -> Result<String, String> {
    let mut s = Z3Solver::new();
    catch_unwind(AssertUnwindSafe(|| {
        for t in q.constraints() {
            let b = s.translate_bool(t)?;
            s.solver.assert(&b);
        }
        Ok(s.solver.to_string())
    }))
    .unwrap_or_else(|_| Err("Z3 failed while translating".into()))
}

/// Below this much time before the run's deadline a query is not given to Z3.
const MIN_CHECK_TIME: Duration = Duration::from_millis(50);

/// The work (Z3's resource units) the incremental solver gets before a query goes to the
/// non-incremental one: some 0.3 s of a core (Z3 4.8.12 spends 3-4 million units a second on
/// kappa's bit-vector queries). Tried and dropped (2026-12-02): 250,000, which bounds what a
/// hard check costs a worker of `--jobs` whose context has not seen the path (urldecode's
/// hard checks: 0.12-2.0 M units in a fresh incremental context, 0.23-0.47 M on the
/// non-incremental solver); fewer units, but the non-incremental solver's preprocessing is
/// not counted in them: one worker ran 14% more instructions on urldecode (callgrind,
/// docs/benchmarks.md).
const FIRST_TRY: u64 = 1_000_000;

/// The work a query gets in all when no layer above sets a limit: some 10 s of a core. Queries
/// are limited by work, not time, so that the same run decides the same queries on a busy
/// machine; the timeout the layers pass down is a backstop only.
pub const QUERY_WORK: u64 = 40_000_000;

/// The wall-clock limit of one query that the engine and the slicer pass down by default: far
/// above what [`QUERY_WORK`] takes even on a loaded machine, it only stops a check in which Z3
/// does not count its work.
pub const QUERY_TIMEOUT_BACKSTOP: Duration = Duration::from_secs(120);

/// Sets a Z3 solver's parameters ([`z3_params`]). Z3 checks them against its descriptions of
/// every module's parameters: some 10 ms a call on the loaded 2-core machine of 2026-12-01
/// (measured: 397 calls, 4.4 s of a 5 s run of `echo` of the utility benchmark in compact mode,
/// where the template work limit was set and reset around every template).
fn set_params(solver: &z3::Solver, rlimit: Option<u64>) {
    solver.set_params(&z3_params(rlimit));
}

/// Z3 parameters: `ctrl_c` off; the work limit (0: none). No `timeout`: see
/// [`Z3Solver::apply_params`].
fn z3_params(rlimit: Option<u64>) -> z3::Params {
    let mut p = z3::Params::new();
    p.set_bool("ctrl_c", false);
    p.set_u32("rlimit", rlimit.map_or(0, |r| u32::try_from(r).unwrap_or(u32::MAX).max(1)));
    p
}

/// The Z3 solvers of a [`Z3Solver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    /// Incremental: the path condition's constraints stay asserted between queries.
    Main,
    /// Reset for each query with a quantifier.
    Quantified,
    /// Reset for each query the main solver did not decide in its [`FIRST_TRY`] of work.
    Retry,
}

/// Widest symbol whose constraints [`Z3Solver::byte_predicate`] evaluates at every value.
const BYTE_PREDICATE_BITS: u32 = 8;
/// Terms smaller than this go to Z3 as they are.
const BYTE_PREDICATE_MIN_NODES: usize = 12;
/// Most runs of a [`Z3Solver::byte_function`].
const BYTE_FUNCTION_RUNS: usize = 64;
/// Terms of one byte tried as byte functions in a constraint after which the others go to Z3
/// as they are.
const BYTE_FUNCTION_TRIES: usize = 8;

/// Consecutive values `lo..=hi` of a byte on which a `k`-bit term is affine in the byte's
/// value: `first + slope·(v - lo)` (modulo 2^k); a run of one value has no slope yet.
struct ByteRun {
    lo: u64,
    hi: u64,
    first: u64,
    slope: Option<u64>,
}

impl ByteRun {
    /// Takes value `v` of the byte, at which the `k`-bit term is `y`, into the run if it fits.
    fn extend(&mut self, v: u64, y: u64, k: u32) -> bool {
        match self.slope {
            None => self.slope = Some(y.wrapping_sub(self.first) & mask(k)),
            Some(a) if y == self.first.wrapping_add(a.wrapping_mul(v - self.lo)) & mask(k) => {}
            Some(_) => return false,
        }
        self.hi = v;
        true
    }
}

/// Whether `t` has at least `n` distinct subterms.
fn dag_size_at_least(t: &Term, n: usize) -> bool {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if seen.insert(x.id()) {
            if seen.len() >= n {
                return true;
            }
            stack.extend(x.args().iter().cloned());
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each byte function's encoding is the term itself: Z3 finds no value of the byte at which
    /// the encoding and the term's direct translation differ.
    #[test]
    fn byte_functions_equal_the_terms_they_encode() {
        let bv = Term::bv;
        let mut lower = Term::const_array(Elem::Bv(64), &bv(0, 32));
        let mut flags = Term::const_array(Elem::Bv(64), &bv(0, 16));
        for i in 0..384u64 {
            let c = (i as i64 - 128) as u8;
            let v = if i == 127 { 0xffff_ffff } else { c.to_ascii_lowercase() as u64 };
            lower = lower.store(&bv(i, 64), &bv(v, 32));
            let f = u64::from(c.is_ascii_alphabetic()) * 0x400 + u64::from(c.is_ascii_digit()) * 0x800;
            flags = flags.store(&bv(i, 64), &bv(f, 16));
        }
        let x = Term::fresh("x", Sort::Bv(8));
        let at = |t: &Term| t.select(&x.sext(64).bvadd(&bv(128, 64)));
        let terms = [
            at(&lower),
            at(&lower).bvadd(&bv(0xffff_ffa9, 32)).bvmul(&bv(16, 32)),
            at(&lower).bvmul(&bv(3, 32)).extract(3, 0),
            at(&flags).bvand(&bv(0x400, 16)),
            at(&flags).extract(11, 11),
            at(&lower).bvxor(&x.zext(32)).bvadd(&at(&flags).zext(32)),
        ];
        let mut s = Z3Solver::new();
        let mut encoded = 0;
        for t in &terms {
            let Some(enc) = s.byte_function(t).expect("translates") else { continue };
            encoded += 1;
            let direct = s.translate(t).expect("translates").as_bv().expect("a bit-vector");
            let z = z3::Solver::new();
            z.assert(enc.eq(&direct).not());
            assert_eq!(z.check(), z3::SatResult::Unsat, "{t}");
        }
        assert_eq!(encoded, terms.len(), "every term has at most 64 runs");
    }
}
