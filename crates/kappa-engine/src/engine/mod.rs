//! The executor: Algorithm 2 of the compact symbolic execution paper (ATVA 2013). A state is
//! taken from the searcher's queue; if a loop template applies at its location the template's
//! successors are produced (the □-lines, through [`crate::TemplateProvider`]); otherwise the
//! classic successors. Successors with satisfiable path conditions go back to the queue, those
//! the solver cannot decide become failed leaves.

use crate::config::{Config, Share};
use crate::heap::{HeapModel, ProgramHeap};
use crate::memory::{Contents, Object, ObjectKind};
use crate::report::{ErrorEntry, RunReport, Stats, TemplateStats};
use crate::searcher::Searcher;
use crate::state::{Frame, InputRecord, PathCondition, State};
use crate::template::{Applied, NoTemplates, TemplateProvider};
use crate::tree::{NodeKind, TreeObserver};
use crate::value::{Pointer, SVal, OBJ_BITS};
use kappa_expr::{Sort, Term, Value};
use kappa_ir::testcase::{Input, InputKind, TestCase, TestOutcome};
use kappa_ir::*;
use kappa_solver::{Query, SatResult, Solver};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

pub mod coverage;
mod eval;
mod finish;
mod halt;
mod init;
mod inputs;
mod lasso;
mod limits;
mod memops;
mod step;
mod trace;

/// How a path ended.
#[derive(Clone, Debug)]
pub enum Termination {
    Exit(Term),
    Abort,
    Error {
        kind: ErrorKind,
        message: String,
        span: Span,
    },
    /// Stopped before its end: a limit, or something kappa does not handle.
    Stopped(String),
}

pub use finish::TESTS_PER_DIR;
pub use limits::{SharedCap, INTERRUPTED};

/// Why executing an edge could not go on normally.
pub(crate) enum Flow {
    Continue,
    Done(Termination),
    /// The edge split the state (a pointer resolved to several objects).
    Split(Vec<State>),
}

/// Per-program tables computed once.
pub(crate) struct Info {
    /// Position of each variable in its function's register file, or in the globals.
    var_index: Vec<usize>,
    /// Object instance of each global object / string literal.
    global_obj: HashMap<ObjId, u32>,
}

pub struct Engine<'p> {
    prog: &'p Program,
    cfg: Config,
    solver: Box<dyn Solver>,
    heap_model: Box<dyn HeapModel>,
    /// Type classes of input objects, shared by all states of the run.
    input_types: crate::heap::InputTypes,
    templates: Box<dyn TemplateProvider>,
    observers: Vec<Box<dyn TreeObserver>>,
    searcher: Option<Box<dyn Searcher>>,
    info: Info,
    stats: Stats,
    cov: coverage::CoverageTracker,
    next_state: u64,
    next_node: u64,
    start: Instant,
    stop: bool,
    tests_written: u64,
    error_index: HashMap<(String, String), usize>,
    limit_hit: Option<String>,
    /// The per-query timeout last given to the solver: shortened as the time limit nears.
    query_timeout: Option<Duration>,
    /// The program's command line, standard input and files (made by the initial state).
    env: inputs::EnvTerms,
    memory_guard: limits::MemoryGuard,
    /// Dead copies of stack objects the states share ([`crate::memory::Memory::kill`]).
    graves: crate::memory::Graves,
    /// Model queries spent on tests of halted states ([`crate::HaltTests`]).
    halt_queries: u64,
    /// The answers of the queries of the step under way, for the successors' trails
    /// ([`crate::trail`]); `None` outside a step (and inside `finish`).
    rec: Option<Vec<crate::trail::Answer>>,
    /// While replaying a trail: the answers the step under way is to get.
    replaying: Option<std::collections::VecDeque<crate::trail::Answer>>,
    /// The inputs' symbols that replays made, by name and sort ([`Engine::fresh_sym`]).
    replayed_syms: std::cell::RefCell<HashMap<(String, kappa_expr::Sort), Term>>,
    /// A replayed step asked a query its trail has no answer for (or left answers unasked).
    replay_mismatch: bool,
    /// Another worker of `--jobs` waits for work or steps its last state: a fork may leave a
    /// side unchecked for it ([`Engine::lazy_fork_here`]). Set before each step.
    lazy_wanted: bool,
    /// The latest replay's steps and states ([`trace::ReplayMemo`]).
    replay_memo: Option<trace::ReplayMemo>,
    /// The depth of the state the latest replay started from (0: the initial state).
    replay_from: u64,
    /// Paths that end are not this run's (another shard's or worker's, or a replayed prefix's):
    /// no test, no statistics, no tree node.
    silent: bool,
    /// Ids of the states stepped at least once (`states_explored`); ids are dense from 1.
    stepped: Vec<u64>,
    /// Loop heads and live registers, with [`Config::lassos`].
    lassos: Option<lasso::Lassos>,
    /// A worker of `--jobs`: its waits for states, the time they took, and the time its
    /// replays took ([`Engine::worker_times`]).
    waits: u64,
    idle: Duration,
    replay_time: Duration,
}

fn ty_name(t: Ty) -> String {
    t.to_string()
}

impl<'p> Engine<'p> {
    pub fn new(prog: &'p Program, cfg: Config, solver: Box<dyn Solver>) -> Engine<'p> {
        let mut var_index = vec![0usize; prog.vars.len()];
        for f in &prog.functions {
            for (i, v) in f.vars.iter().enumerate() {
                var_index[v.index()] = i;
            }
            for (i, p) in f.params.iter().enumerate() {
                // Parameters are in `vars` too when the front-end lists them; make sure.
                if !f.vars.contains(p) {
                    var_index[p.index()] = f.vars.len() + i;
                }
            }
        }
        for (i, g) in prog.global_vars().enumerate() {
            var_index[g.index()] = i;
        }
        let mut stats = Stats {
            mode: cfg.mode.name().into(),
            search: cfg.search.name().into(),
            heap: cfg.heap.name().into(),
            ..Stats::default()
        };
        stats.heap_stats.mode = cfg.heap.name().into();
        let cov = coverage::CoverageTracker::new(prog);
        let lassos = cfg.lassos.then(|| lasso::Lassos::new(prog));
        Engine {
            lassos,
            prog,
            cfg,
            solver,
            heap_model: Box::new(ProgramHeap),
            input_types: crate::heap::InputTypes::default(),
            templates: Box::new(NoTemplates),
            observers: Vec::new(),
            searcher: None,
            info: Info { var_index, global_obj: HashMap::new() },
            stats,
            cov,
            next_state: 0,
            next_node: 0,
            start: Instant::now(),
            stop: false,
            tests_written: 0,
            error_index: HashMap::new(),
            limit_hit: None,
            query_timeout: None,
            env: inputs::EnvTerms::default(),
            memory_guard: limits::MemoryGuard::new(0),
            graves: crate::memory::Graves::default(),
            halt_queries: 0,
            rec: None,
            replaying: None,
            replayed_syms: Default::default(),
            replay_mismatch: false,
            lazy_wanted: false,
            replay_memo: None,
            replay_from: 0,
            silent: false,
            stepped: Vec::new(),
            waits: 0,
            idle: Duration::ZERO,
            replay_time: Duration::ZERO,
        }
    }

    /// A worker's waits for states, the time spent waiting, and the time spent replaying
    /// stolen states' trails (`--jobs`; [`crate::report::WorkerShare`]).
    pub fn worker_times(&self) -> (u64, Duration, Duration) {
        (self.waits, self.idle, self.replay_time)
    }

    pub fn set_heap(&mut self, h: Box<dyn HeapModel>) {
        self.heap_model = h;
    }

    pub fn set_templates(&mut self, t: Box<dyn TemplateProvider>) {
        self.templates = t;
    }

    /// The searcher (default: the one `Config::search` names, see [`crate::searcher::by_kind`]).
    pub fn set_searcher(&mut self, s: Box<dyn Searcher>) {
        self.searcher = Some(s);
    }

    pub fn add_observer(&mut self, o: Box<dyn TreeObserver>) {
        self.observers.push(o);
    }

    pub fn observers(&mut self) -> &mut Vec<Box<dyn TreeObserver>> {
        &mut self.observers
    }

    // ---- for techniques (loop templates, searchers, heap models) ----

    pub fn program(&self) -> &'p Program {
        self.prog
    }

    /// Cuts the time limit to `left` from now (less the dump-on-halt's share), for a command
    /// whose deadline was set before the engine was built: the limit counts from `run`'s start.
    pub fn limit_time_to(&mut self, left: Duration) {
        if let Some(t) = self.cfg.limits.time {
            self.cfg.limits.time = Some(t.min(left.saturating_sub(self.cfg.halt_tests.time)));
        }
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn solver(&mut self) -> &mut dyn Solver {
        self.clamp_query_timeout();
        self.solver.as_mut()
    }

    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// Coverage so far: what states reached, what ended paths covered, loop positions.
    pub fn coverage(&self) -> &coverage::CoverageTracker {
        &self.cov
    }

    /// Is `pc ∧ cond` satisfiable for the state's path condition?
    pub fn check(&mut self, st: &State, cond: &Term) -> SatResult {
        self.query(st, cond)
    }

    /// The value of an IR expression in a state.
    pub fn eval_expr(&self, st: &State, e: &Expr) -> Result<SVal, String> {
        self.eval(st, e)
    }

    /// The register of `v` in the state (the top frame's for locals).
    pub fn reg_value(&self, st: &State, v: VarId) -> Option<SVal> {
        self.reg(st, v).ok()
    }

    pub fn set_reg_value(&self, st: &mut State, v: VarId, val: SVal) {
        self.set_reg(st, v, val)
    }

    /// The instance of a global object or string literal.
    pub fn global_object(&self, o: ObjId) -> Option<u32> {
        self.info.global_obj.get(&o).copied()
    }

    pub fn heap(&self) -> &dyn HeapModel {
        self.heap_model.as_ref()
    }

    /// A fresh symbol, named for the path.
    pub fn fresh(&self, st: &mut State, base: &str, sort: Sort) -> Term {
        self.fresh_sym(st, base, sort)
    }

    /// Executes the operation of an edge that neither forks nor ends the path (assignments,
    /// loads, stores, copies, assumes) and moves the state to the edge's target; the
    /// guard of an `assume` is returned, not added to the path condition.
    pub fn exec_straight(&mut self, st: &mut State, fid: FuncId, eid: EdgeId) -> Result<Option<Term>, String> {
        let e = self.func(fid).edge(eid);
        let guard = match &e.op {
            Op::Assume(c) => Some(self.eval_bool(st, c)?),
            Op::Skip | Op::Assign { .. } | Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } => None,
            op => return Err(format!("{} cannot be summarised", kappa_ir::print::Printer::new(self.prog).op(op))),
        };
        st.frame_mut().loc = e.dst;
        if guard.is_none() {
            match self.exec_op(st, fid, e)? {
                Flow::Continue => {}
                _ => return Err("the operation forks or ends the path".into()),
            }
        }
        Ok(guard)
    }

    /// The solver chain's counters, for benchmarks and debugging.
    pub fn solver_stats(&self) -> kappa_solver::SolverStats {
        self.solver.stats()
    }

    fn func(&self, f: FuncId) -> &'p Function {
        self.prog.func(f)
    }

    fn pw(&self) -> u32 {
        self.prog.ptr_bits()
    }

    // ---- the run ----

    /// Explores the program from the configured entry function.
    pub fn run(&mut self, progress: &mut dyn FnMut(&Stats, usize)) -> RunReport {
        self.start = Instant::now();
        // The solver chain's retries (narrowing, case splits, expansions) stop at the run's
        // time limit too.
        self.solver.set_deadline(self.cfg.limits.time.map(|t| self.start + t));
        self.memory_guard = limits::MemoryGuard::new(self.cfg.seed);
        let mut searcher =
            self.searcher.take().unwrap_or_else(|| crate::searcher::by_kind(self.cfg.search, self.cfg.seed));
        let mut templates = std::mem::replace(&mut self.templates, Box::new(NoTemplates));
        let before_prepare = self.stats.templates.clone();
        let prepared = templates.prepare(self);
        self.templates = templates;
        if let Share::Worker { index: 1.., .. } = self.cfg.share {
            // What preparing found is the same in every worker: the first one reports it.
            let cycles = self.stats.templates.cycles;
            self.stats.templates = TemplateStats { cycles, ..before_prepare };
        }
        if let Err(e) = prepared {
            self.stats.incomplete.push(e);
        }
        self.stats.jobs = 1;
        let (index, count) = self.cfg.share.part();
        if let Share::Shard { .. } = self.cfg.share {
            self.stats.shard = Some(format!("{index}/{count}"));
        }
        // A worker other than the first starts with no state: it waits for one handed over.
        let mut active = trace::Active::new(&self.cfg.share);
        // A run that is not the first of a split counts nothing above the frontier.
        let before = (index != 0).then(|| self.stats.clone());
        self.silent = before.is_some();
        let first = !matches!(self.cfg.share, Share::Worker { index: 1.., .. });
        let initial = if first { self.traced_initial_states() } else { Ok(Vec::new()) };
        match initial {
            Ok(states) => {
                let states = match &self.cfg.share {
                    Share::All | Share::Worker { .. } => states,
                    Share::Shard { .. } => {
                        let f = self.split_frontier(states, before);
                        let n = f.len();
                        let mine: Vec<State> = f
                            .into_iter()
                            .enumerate()
                            .filter(|(i, _)| *i as u64 % u64::from(count) == u64::from(index))
                            .map(|(_, s)| s)
                            .collect();
                        self.stats.states_other_shard += (n - mine.len()) as u64;
                        mine
                    }
                };
                searcher.add(self, None, states)
            }
            Err(reason) => {
                self.stats.incomplete.push(format!("unsupported: {reason}"));
            }
        }
        self.silent = false;
        let mut out = Vec::new();
        let mut last_progress = Instant::now();
        let mut cut_short = false;
        let mut halted = false;
        loop {
            let st = match searcher.select(self) {
                Some(st) => st,
                None => match self.wait_for_work(&mut active) {
                    Some(states) => {
                        searcher.add(self, None, states);
                        continue;
                    }
                    None => break,
                },
            };
            if let Some(reason) = self.limit_reached().or_else(|| self.outside_limit(searcher.as_mut())) {
                self.stats.paths_stopped += 1 + searcher.len() as u64;
                cut_short = true;
                self.dump_on_halt(st, searcher.as_mut(), &reason);
                self.limit_hit = Some(reason);
                halted = true;
                break;
            }
            let parent = st.id;
            active.set_hungry(searcher.is_empty());
            self.lazy_wanted = active.others_want_work();
            self.step_traced(st, &mut out);
            searcher.add(self, Some(parent), std::mem::take(&mut out));
            self.share_work(searcher.as_mut(), &mut active);
            if self.pool_stopped() {
                self.stop = true;
            }
            if self.stop {
                cut_short = true;
                break;
            }
            if last_progress.elapsed() >= self.cfg.progress_interval {
                last_progress = Instant::now();
                self.refresh_stats();
                progress(&self.stats, searcher.len());
            }
        }
        if halted {
            active.halt();
        }
        drop(active);
        self.finish_run(searcher, cut_short)
    }

    /// The end of a run: the reasons it is incomplete, the searcher's counters, the statistics.
    fn finish_run(&mut self, searcher: Box<dyn Searcher>, cut_short: bool) -> RunReport {
        let hit = self.limit_hit.take();
        self.note_limit(hit);
        if self.stop && !searcher.is_empty() {
            self.stats.incomplete.push("stopped at the first violation".into());
        }
        if !cut_short {
            if let Some(why) = searcher.held_back() {
                self.stats.incomplete.push(why);
            }
        }
        self.stats.searcher = searcher.counters().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        self.searcher = Some(searcher);
        self.solver.set_deadline(None);
        self.refresh_stats();
        // Only here, at the run's end: Z3's units are read from its statistics, and reading
        // them at the progress display's moments (wall time) changed later queries' models
        // and the template budget earned from the units (the same seed gave other tests).
        self.stats.solver_work = self.solver.work();
        // The run's coverage is what its ended paths (its tests) cover.
        self.stats.coverage = crate::report::Coverage::from_counts(&self.cov.map().counts(self.cov.tested()));
        RunReport { stats: self.stats.clone() }
    }

    fn refresh_stats(&mut self) {
        let s = self.solver.stats();
        self.stats.time_s = self.start.elapsed().as_secs_f64();
        self.stats.solver_time_s = s.time.as_secs_f64();
        self.stats.solver_queries = s.queries;
        self.stats.solver_unknown = s.unknown;
        self.stats.solver_case_splits = s.case_splits;
        self.stats.solver_retried = s.retried;
        self.stats.solver_checks = s.core_calls;
        self.stats.solver_narrowed = s.narrowed;
        self.stats.solver_expanded = s.expanded;
        self.stats.solver_unknown_classes = s.unknown_classes.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        self.stats.peak_memory_mb = self.stats.peak_memory_mb.max(crate::peak_rss_mb());
        self.stats.coverage = crate::report::Coverage::from_counts(&self.cov.map().counts(self.cov.reached()));
        self.stats.tests = self.tests_written;
        self.stats.heap_stats.traces = self.stats.paths_completed;
    }

    fn limit_reached(&mut self) -> Option<String> {
        if let Some(t) = self.cfg.limits.time {
            if self.start.elapsed() >= t {
                return self.time_limit_reason();
            }
        }
        let l = &self.cfg.limits;
        if let Some(n) = l.states {
            if self.states_so_far() >= n {
                return Some(format!("state limit of {n} reached"));
            }
        }
        if let Some(n) = l.queries {
            if self.solver.stats().queries >= n {
                return Some(format!("query limit of {n} reached"));
            }
        }
        if let Some(n) = l.work {
            if self.solver.work() >= n {
                return Some(format!("solver work limit of {n} units reached"));
            }
        }
        None
    }

    /// The time limit as a reason of `incomplete`: the limit the user gave, the exploration's
    /// share and the dump-on-halt's.
    pub(crate) fn time_limit_reason(&self) -> Option<String> {
        let t = self.cfg.limits.time?;
        let all = self.cfg.limits.time_shown.unwrap_or(t + self.cfg.halt_tests.time);
        // A share of the user's limit (a phase of `verify`) to the hundredth, not 59.459891545s.
        Some(format!("time limit of {}s reached", (all.as_secs_f64() * 100.0).round() / 100.0))
    }

    fn new_state_id(&mut self) -> u64 {
        self.next_state += 1;
        self.stats.states_created += 1;
        self.count_state();
        self.next_state
    }

    /// The id of a state of a lazy fork, counted when its unchecked side is known feasible
    /// ([`State::provisional`]).
    fn uncounted_state_id(&mut self) -> u64 {
        self.next_state += 1;
        self.next_state
    }

    fn new_node(&mut self, parent: Option<u64>, func: FuncId, loc: Loc, label: Option<&str>, kind: NodeKind) -> u64 {
        self.next_node += 1;
        self.stats.tree_nodes += 1;
        let id = self.next_node;
        if !self.observers.is_empty() && !self.silent {
            let f = self.func(func);
            let line = f.loc(loc).span.line;
            let loc_text = if line > 0 { format!("{loc} (line {line})") } else { loc.to_string() };
            for o in &mut self.observers {
                o.node(id, parent, &f.name, &loc_text, label, kind.clone());
            }
        }
        id
    }

    fn mark(&mut self, node: u64, kind: NodeKind) {
        if self.silent {
            return;
        }
        for o in &mut self.observers {
            o.mark(node, kind.clone());
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Feas {
    Ask,
    No,
    /// Feasible; `add` says whether its guard must join the path condition.
    Yes {
        add: bool,
    },
    Unknown(String),
    /// Not checked: the state that takes the edge checks it when it is stepped
    /// ([`State::unchecked`]).
    Unchecked,
}

/// A state with nothing in it, left behind when a state is moved out.
fn dummy_state() -> State {
    State {
        id: 0,
        frames: Vec::new(),
        globals: Rc::new(Vec::new()),
        memory: crate::memory::Memory::default(),
        pc: PathCondition::default(),
        inputs: Rc::new(Vec::new()),
        depth: 0,
        node: 0,
        next_sym: 0,
        skip_templates: None,
        last_cycle: None,
        heap: Rc::new(crate::heap::InputHeap::default()),
        alloc_sites: Rc::new(Vec::new()),
        coverage: Default::default(),
        trail: Default::default(),
        pinned: false,
        unchecked: None,
        provisional: false,
        lasso: Rc::new(Vec::new()),
    }
}
