//! What a run found: statistics with the keys of SPEC.md, errors, and why a run is incomplete.

use kappa_ir::testcase::TestCase;
use serde::Serialize;

#[derive(Clone, Debug, Default, Serialize)]
pub struct TemplateStats {
    pub cycles: u64,
    pub computed: u64,
    /// Under `--jobs`: templates (or a cycle's failure at a shape) another worker computed,
    /// taken from the pool instead of computed again (summed over workers, `computed` is then
    /// what one engine computes).
    pub imported: u64,
    pub applied: u64,
    /// Why cycles got no template ("cycle at main L4 (file.c:12:5): …"), once each.
    pub no_template: Vec<String>,
    /// Template computations that failed, by the class of their reason ("no progression
    /// rule", "solver budget", "too many cycles", …): the summary line of a run.
    pub failed: std::collections::BTreeMap<String, u64>,
    /// Cycles no longer tried after their templates failed again and again (the template
    /// provider says how often).
    pub retired: u64,
    /// Work spent computing templates, in Z3's resource units (the provider's budget).
    pub work: u64,
    /// Z3 calls spent computing templates.
    pub work_calls: u64,
    /// The template work the run had earned when it last asked (pay as you go: a base, a share
    /// of the exploration's work, a cap; `kappa_compact::TEMPLATE_SHARE`).
    pub work_earned: u64,
    /// Cycles whose template was declined at their entry (a short loop, undecided successors)
    /// so often without being applied that they are explored classically from then on.
    pub declined: u64,
    /// Applications by loop ("rstrip L10 (file.c:22:5)": the function and entry of the
    /// applied cycle): which loops the templates summarise, where their path conditions go.
    pub applied_by_loop: std::collections::BTreeMap<String, u64>,
}

/// Coverage (SPEC.md's keys, and lines and functions): the program's conditions (not the
/// checks the front-end adds), source lines with code, functions, and the loop paths of loop
/// state pruning. After a run, what the paths that ended cover (their tests); during it, what
/// the states reached.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Coverage {
    pub branches_total: u64,
    pub branches_covered: u64,
    pub loop_paths_total: u64,
    pub loop_paths_covered: u64,
    pub lines_total: u64,
    pub lines_covered: u64,
    pub functions_total: u64,
    pub functions_covered: u64,
}

impl Coverage {
    pub fn from_counts(c: &kappa_ir::analysis::coverage::Counts) -> Coverage {
        Coverage {
            branches_total: c.branches.1,
            branches_covered: c.branches.0,
            loop_paths_total: c.loop_paths.1,
            loop_paths_covered: c.loop_paths.0,
            lines_total: c.lines.1,
            lines_covered: c.lines.0,
            functions_total: c.functions.1,
            functions_covered: c.functions.0,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ErrorEntry {
    pub kind: String,
    pub location: String,
    /// File name of the test reproducing it (under the output directory), if written.
    pub test: Option<String>,
    #[serde(skip)]
    pub message: String,
    /// Paths that ended in this error.
    #[serde(skip)]
    pub paths: u64,
    #[serde(skip)]
    pub testcase: Option<TestCase>,
}

/// What the heap model did (`heap_stats` in `--stats-json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct HeapStats {
    /// `pose`, `lazy` or `lazier`.
    pub mode: String,
    /// Input objects materialised, over all paths.
    pub input_objects: u64,
    /// The most input objects on one path.
    pub input_objects_max: u64,
    /// Successors created by the heap model's refinements (lazy initialisation's cases) beyond
    /// the first of each refinement.
    pub heap_forks: u64,
    /// Successors created by the program's own branches beyond the first.
    pub branch_forks: u64,
    /// Completed paths (the paper's traces), error paths included.
    pub traces: u64,
}

/// The statistics object of `--stats-json` (SPEC.md lists the keys).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    pub verdict: String,
    pub mode: String,
    pub search: String,
    pub heap: String,
    pub time_s: f64,
    pub solver_time_s: f64,
    pub peak_memory_mb: f64,
    pub paths_completed: u64,
    pub paths_error: u64,
    pub states_created: u64,
    /// States the searcher handed to the engine to step at least once: `states_created` less
    /// the states never run (postponed by loop state pruning and dropped, or pending when a
    /// limit stopped the run). Gao and Lumetta (ASE 2018, section 4) count these.
    pub states_explored: u64,
    pub tree_nodes: u64,
    pub failed_leaves: u64,
    pub solver_queries: u64,
    pub solver_unknown: u64,
    /// Queries Z3 gave up on that were decided by cases over a symbol's few values.
    pub solver_case_splits: u64,
    /// Queries Z3's incremental solver did not decide within its first try (a fixed amount of
    /// work), asked again of a fresh non-incremental solver.
    pub solver_retried: u64,
    /// Satisfiability checks that reached Z3 (the queries no cache or layer answered).
    pub solver_checks: u64,
    /// Work done by Z3, in its resource units (`rlimit count`): unlike the solver's time, it
    /// does not depend on the machine's load.
    pub solver_work: u64,
    /// Non-linear queries asked with bounded symbols narrowed to fewer bits.
    pub solver_narrowed: u64,
    /// Quantified queries Z3 gave up on that were decided by expanding every instance of their
    /// quantifiers (the bound κ of each known from the query).
    pub solver_expanded: u64,
    /// `solver_unknown` by what made the queries hard: `quantified`, `non-linear`, `arrays`,
    /// `bit-vector` (`--solver-log FILE` writes the queries).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub solver_unknown_classes: std::collections::BTreeMap<String, u64>,
    pub templates: TemplateStats,
    pub heap_stats: HeapStats,
    pub coverage: Coverage,
    pub errors: Vec<ErrorEntry>,
    /// Tests written (one per terminated path, when an output directory is given).
    pub tests: u64,
    /// Completed paths without a test: the solver found no model of the path condition in time.
    pub tests_missing: u64,
    /// Models of paths' path conditions that kappa's evaluator found false, each asked again
    /// once with more work; a path whose second model is false too has no test
    /// (`tests_missing`).
    pub models_rejected: u64,
    /// Tests of paths the run halted before their end (dump-on-halt, outcome `halted`),
    /// counted in `tests` too.
    pub tests_on_halt: u64,
    /// Paths stopped by a limit or an unsupported operation.
    pub paths_stopped: u64,
    /// Pending states dropped to keep the memory cap (`--max-memory`), counted in
    /// `paths_stopped` too.
    pub states_dropped: u64,
    /// The most states pending at once (the searcher's queue).
    pub states_pending_max: u64,
    /// Resident memory per pending state (KiB), estimated when the most states were pending:
    /// (resident memory − resident memory at the start) / pending states; 0 with fewer than
    /// 1000 pending states.
    pub memory_per_state_kb: f64,
    /// Rounds of drops of the memory cap: measurements over the cap that dropped a share of
    /// the pending states (with `--jobs`, of every worker's; counted once).
    pub memory_rounds: u64,
    /// Wall time the workers spent dropping states and handing memory back (s, summed; the
    /// measuring worker's wait for the others' shares included).
    pub memory_drop_s: f64,
    /// Times the memory cap emptied the solver's caches (query caches, Z3's solver and
    /// translations) before dropping states (issue 23; with --jobs, summed over the workers).
    pub memory_caches_released: u64,
    /// What the memory held besides the states, the largest seen at a memory check (of one
    /// worker; Z3's of the process): live terms, the query caches' estimated KiB, and Z3's
    /// estimated allocation (MiB).
    pub memory_terms_max: u64,
    pub memory_solver_caches_kb: f64,
    pub memory_z3_mb: f64,
    /// Terminated paths that got no test file by the test policy (`--max-tests`).
    pub tests_not_written: u64,
    /// Why paths got no test file, when some did not.
    pub tests_limit: Option<String>,
    /// Why the exploration is not complete (empty when it is).
    pub incomplete: Vec<String>,
    /// What the run assumed about the program's environment that no option gave (`main`
    /// reads `argv` and ran with `argc = 1` only): every verdict holds under these.
    pub assumptions: Vec<String>,
    /// `I/N` for a run of `--shard I/N`: its statistics, tests and verdict are its share's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// States of the split frontier left to the other shards (`--shard`): each the root of a
    /// subtree another shard explores.
    pub states_other_shard: u64,
    /// States this worker took from another by their trails (`--jobs`: work stealing).
    pub states_stolen: u64,
    /// States this worker handed to another that did not replay there and came back to it.
    pub states_handed_back: u64,
    /// Edges run again to make the stolen states from their trails (the price of the steals).
    pub edges_replayed: u64,
    /// Times a worker that another waited for found no state to hand over (only pinned
    /// states, or the pool judged the one offered would not pay).
    pub handovers_refused: u64,
    /// Branch sides left unchecked by lazy feasibility (`--jobs` with several workers: the
    /// solver's caches decided the other side; the state that takes it checks it).
    pub states_unchecked: u64,
    /// Of these, the ones found infeasible when stepped (ended with no path, no test).
    pub states_unchecked_infeasible: u64,
    /// Worker threads of the run (`--jobs`).
    pub jobs: u64,
    /// Under `--jobs`, each worker's share of the work, in deterministic counts: the largest
    /// is the run's critical path (the machine may be loaded, so times would not tell).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub workers: Vec<WorkerShare>,
    /// The searcher's own counters (loop state pruning: postponed, promoted, dropped states).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub searcher: std::collections::BTreeMap<String, u64>,
}

/// One worker's share of a `--jobs` run ([`Stats::workers`]).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct WorkerShare {
    pub states_explored: u64,
    pub paths_completed: u64,
    pub solver_checks: u64,
    /// Z3's resource units.
    pub solver_work: u64,
    pub states_stolen: u64,
    pub edges_replayed: u64,
    /// Times the worker ran out of states with none queued for it, and waited for a busy
    /// worker to hand it some (its first wait included).
    pub waits: u64,
    /// Where the worker's time went, in seconds (times, for diagnosis only: they depend on the
    /// machine's load): waiting for states (`idle_s`, wall time, before its first state too),
    /// making stolen states from their trails (`replay_s`, the thread's CPU time), and the
    /// thread's CPU time in all (`cpu_s`).
    pub idle_s: f64,
    pub replay_s: f64,
    pub cpu_s: f64,
}

impl WorkerShare {
    pub fn of(s: &Stats) -> WorkerShare {
        WorkerShare {
            states_explored: s.states_explored,
            paths_completed: s.paths_completed,
            solver_checks: s.solver_checks,
            solver_work: s.solver_work,
            states_stolen: s.states_stolen,
            edges_replayed: s.edges_replayed,
            ..WorkerShare::default()
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    pub stats: Stats,
}

impl RunReport {
    /// Every path terminated, every solver answer was definite, nothing was unsupported.
    pub fn complete(&self) -> bool {
        self.stats.incomplete.is_empty()
    }

    /// Errors that violate `unreach-call`: a call of `reach_error` (or a failed assertion).
    pub fn violations(&self) -> impl Iterator<Item = &ErrorEntry> {
        self.stats.errors.iter().filter(|e| e.kind == "reach_error" || e.kind == "assert")
    }
}

impl Stats {
    /// Adds the statistics of another run over another part of the same tree (a worker of
    /// `--jobs`): counts are summed, wall time, memory and the largest figures are the maxima,
    /// errors are merged by kind and location (the first test kept), reasons are listed once.
    /// Coverage is not merged here: it is recomputed from the merged items.
    pub fn absorb(&mut self, o: &Stats) {
        fn once(mine: &mut Vec<String>, theirs: &[String]) {
            for r in theirs {
                if !mine.contains(r) {
                    mine.push(r.clone());
                }
            }
        }
        fn add_map(
            mine: &mut std::collections::BTreeMap<String, u64>,
            theirs: &std::collections::BTreeMap<String, u64>,
        ) {
            for (k, v) in theirs {
                *mine.entry(k.clone()).or_default() += v;
            }
        }
        self.time_s = self.time_s.max(o.time_s);
        self.solver_time_s += o.solver_time_s;
        self.peak_memory_mb = self.peak_memory_mb.max(o.peak_memory_mb);
        self.paths_completed += o.paths_completed;
        self.paths_error += o.paths_error;
        self.states_created += o.states_created;
        self.states_explored += o.states_explored;
        self.tree_nodes += o.tree_nodes;
        self.failed_leaves += o.failed_leaves;
        self.solver_queries += o.solver_queries;
        self.solver_unknown += o.solver_unknown;
        self.solver_case_splits += o.solver_case_splits;
        self.solver_retried += o.solver_retried;
        self.solver_checks += o.solver_checks;
        self.solver_work += o.solver_work;
        self.solver_narrowed += o.solver_narrowed;
        self.solver_expanded += o.solver_expanded;
        add_map(&mut self.solver_unknown_classes, &o.solver_unknown_classes);
        let t = &mut self.templates;
        t.cycles = t.cycles.max(o.templates.cycles);
        t.computed += o.templates.computed;
        t.imported += o.templates.imported;
        t.applied += o.templates.applied;
        once(&mut t.no_template, &o.templates.no_template);
        add_map(&mut t.failed, &o.templates.failed);
        add_map(&mut t.applied_by_loop, &o.templates.applied_by_loop);
        t.retired = t.retired.max(o.templates.retired);
        t.work += o.templates.work;
        t.work_calls += o.templates.work_calls;
        t.work_earned += o.templates.work_earned;
        let h = &mut self.heap_stats;
        h.input_objects += o.heap_stats.input_objects;
        h.input_objects_max = h.input_objects_max.max(o.heap_stats.input_objects_max);
        h.heap_forks += o.heap_stats.heap_forks;
        h.branch_forks += o.heap_stats.branch_forks;
        h.traces += o.heap_stats.traces;
        for e in &o.errors {
            match self.errors.iter_mut().find(|m| m.kind == e.kind && m.location == e.location) {
                Some(m) => {
                    m.paths += e.paths;
                    if m.test.is_none() && e.test.is_some() {
                        m.test = e.test.clone();
                        m.testcase = e.testcase.clone();
                    }
                }
                None => self.errors.push(e.clone()),
            }
        }
        self.tests += o.tests;
        self.tests_missing += o.tests_missing;
        self.models_rejected += o.models_rejected;
        self.tests_on_halt += o.tests_on_halt;
        self.paths_stopped += o.paths_stopped;
        self.states_dropped += o.states_dropped;
        self.states_pending_max = self.states_pending_max.max(o.states_pending_max);
        self.memory_per_state_kb = self.memory_per_state_kb.max(o.memory_per_state_kb);
        self.memory_rounds += o.memory_rounds;
        self.memory_drop_s += o.memory_drop_s;
        self.memory_caches_released += o.memory_caches_released;
        self.memory_terms_max = self.memory_terms_max.max(o.memory_terms_max);
        self.memory_solver_caches_kb = self.memory_solver_caches_kb.max(o.memory_solver_caches_kb);
        self.memory_z3_mb = self.memory_z3_mb.max(o.memory_z3_mb);
        self.tests_not_written += o.tests_not_written;
        if self.tests_limit.is_none() {
            self.tests_limit = o.tests_limit.clone();
        }
        once(&mut self.incomplete, &o.incomplete);
        once(&mut self.assumptions, &o.assumptions);
        self.states_other_shard += o.states_other_shard;
        self.states_stolen += o.states_stolen;
        self.states_handed_back += o.states_handed_back;
        self.edges_replayed += o.edges_replayed;
        self.handovers_refused += o.handovers_refused;
        self.states_unchecked += o.states_unchecked;
        self.states_unchecked_infeasible += o.states_unchecked_infeasible;
        self.jobs += o.jobs;
        add_map(&mut self.searcher, &o.searcher);
    }
}
