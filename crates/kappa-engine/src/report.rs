//! What a run found: statistics with the keys of SPEC.md, errors, and why a run is incomplete.

use kappa_ir::testcase::TestCase;
use serde::Serialize;

#[derive(Clone, Debug, Default, Serialize)]
pub struct TemplateStats {
    pub cycles: u64,
    pub computed: u64,
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
    /// Cycles whose template was declined at their entry (a short loop, undecided successors)
    /// so often without being applied that, once the budget of work is spent, they are
    /// explored classically.
    pub declined: u64,
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
    /// Terminated paths that got no test file by the test policy (`--max-tests`).
    pub tests_not_written: u64,
    /// Why paths got no test file, when some did not.
    pub tests_limit: Option<String>,
    /// Why the exploration is not complete (empty when it is).
    pub incomplete: Vec<String>,
    /// What the run assumed about the program's environment that no option gave (`main`
    /// reads `argv` and ran with `argc = 1` only): every verdict holds under these.
    pub assumptions: Vec<String>,
    /// The searcher's own counters (loop state pruning: postponed, promoted, dropped states).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub searcher: std::collections::BTreeMap<String, u64>,
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
