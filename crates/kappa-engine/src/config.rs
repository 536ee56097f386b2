//! Everything that configures a run, in one struct (as haybale does).

use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// King's symbolic execution.
    Classic,
    /// Compact symbolic execution: loop templates.
    Compact,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Compact => "compact",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Bfs,
    Dfs,
    Random,
    /// Loop state pruning.
    Prune,
    /// KLEE's random-path: a walk from the tree's root, a random child at every fork.
    RandomPath,
    /// KLEE's nurs:covnew: states weighted by new coverage and distance to uncovered code.
    Covnew,
    /// Random-path and covnew in turn, each choice followed by a depth-first dive.
    Interleaved,
}

impl SearchKind {
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::Bfs => "bfs",
            SearchKind::Dfs => "dfs",
            SearchKind::Random => "random",
            SearchKind::Prune => "prune",
            SearchKind::RandomPath => "random-path",
            SearchKind::Covnew => "covnew",
            SearchKind::Interleaved => "interleaved",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapKind {
    Pose,
    Lazy,
    Lazier,
}

impl HeapKind {
    pub fn name(self) -> &'static str {
        match self {
            HeapKind::Pose => "pose",
            HeapKind::Lazy => "lazy",
            HeapKind::Lazier => "lazier",
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub time: Option<Duration>,
    /// The limit named in `incomplete` when `time` is reached: the user's `--max-time` where
    /// the exploration's own limit is what the front-end left of it (none: `time` itself).
    pub time_shown: Option<Duration>,
    /// States ever created.
    pub states: Option<u64>,
    /// Edges executed along one path.
    pub depth: Option<u64>,
    /// Resident memory of the process, in MiB: a cap kept by dropping pending states (KLEE's
    /// `--max-memory`); the run stops only when nothing is left to drop.
    pub memory_mb: Option<u64>,
    /// Solver queries: a budget of work rather than time, for runs whose outcome must not
    /// depend on the machine's load (the invariant checks of correctness witnesses).
    pub queries: Option<u64>,
    /// Z3's work units (rlimit counts) over all the run's queries: with a per-query limit
    /// (`Config::solver_rlimit`), a bound of the run's solving that no load changes.
    pub work: Option<u64>,
}

/// Which terminated paths get a test file (the statistics count every path either way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestPolicy {
    /// At most this many test files.
    pub max: Option<u64>,
    /// After this many test files, only paths that end in an error not seen before or add a
    /// branch or a line to what the tests written so far cover get one (KLEE's
    /// `--only-output-states-covering-new`; `Some(0)` is `--tests covering`: a suite with the
    /// coverage of all paths).
    pub every_path_until: Option<u64>,
}

impl TestPolicy {
    /// Every path gets a test file.
    pub fn all() -> TestPolicy {
        TestPolicy { max: None, every_path_until: None }
    }
}

impl Default for TestPolicy {
    /// A test for each of the first 1000 paths, then for new errors and new branches only.
    fn default() -> Self {
        TestPolicy { max: None, every_path_until: Some(1000) }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub entry: String,
    pub mode: Mode,
    pub search: SearchKind,
    pub heap: HeapKind,
    pub limits: Limits,
    /// Per-query solver timeout.
    pub solver_timeout: Option<Duration>,
    /// Per-query work limit (Z3's rlimit), for runs whose outcome must not depend on the
    /// machine's load (the invariant checks of correctness witnesses).
    pub solver_rlimit: Option<u64>,
    /// Seed of the random searcher.
    pub seed: u64,
    /// Where tests are written (`OUT/tests/`); none: tests are only counted.
    pub test_dir: Option<PathBuf>,
    /// Which paths get a test file.
    pub tests: TestPolicy,
    /// Record the symbolic execution tree (for `--tree`).
    pub record_tree: bool,
    /// Stop at the first `reach_error` or failed assertion (verification).
    pub stop_at_first_violation: bool,
    /// Name of the program file, for tests.
    pub program_name: String,
    /// Edges a state may run before it goes back to the searcher (fairness for BFS).
    pub step_budget: u32,
    /// Input objects a path may materialise (JBSE's and SPF's heap bound); a path that needs
    /// more stops, and the run is incomplete.
    pub max_heap_objects: usize,
    /// Bytes of the buffer a `char *` or `void *` input reference points to (a `char` buffer
    /// ends with a 0: a string of at most this many bytes minus one).
    pub input_buffer: u64,
    /// What `main(argc, argv)`, standard input and files are (KLEE's POSIX options).
    pub program_inputs: ProgramInputSpec,
    /// The error kinds `stop_at_first_violation` stops at; empty: `reach_error` and `assert`.
    pub violation_kinds: Vec<kappa_ir::ErrorKind>,
    /// Check heap blocks when the program terminates (`main` returns or `exit` is called).
    pub leak_check: LeakCheck,
    /// Look for lassos (SV-COMP's `termination`): a path at a loop head in a state it already
    /// had there, for some inputs, repeats forever; it ends in the error `non_termination`.
    pub lassos: bool,
    /// How often the progress callback of [`crate::Engine::run`] is called.
    pub progress_interval: Duration,
    /// Tests for the states still pending when a limit halts the run ([`HaltTests`]).
    pub halt_tests: HaltTests,
    /// Which part of the execution tree the run explores (`--shard`, `--jobs`).
    pub share: Share,
}

/// Which part of the execution tree a run explores (docs/design-parallel.md). Every run that
/// splits computes the same *split frontier*: the states of a breadth-first exploration of the
/// top of the tree, fork level by fork level, until a level holds [`Share::frontier_size`]
/// states (or a budget of steps is spent: a comb is not split further).
#[derive(Clone, Debug, Default)]
pub enum Share {
    /// The whole tree.
    #[default]
    All,
    /// `--shard I/N`: the subtrees of the frontier whose position is I modulo N; the paths
    /// that end above the frontier are shard 0's.
    Shard { index: u32, count: u32 },
    /// One of the `count` workers of `--jobs`: worker 0 starts from the initial states, the
    /// others from the states busy workers hand them by their trails ([`crate::pool::WorkerPool`]).
    Worker { index: u32, count: u32, pool: std::sync::Arc<crate::pool::WorkerPool> },
}

impl Share {
    /// States at the split frontier: 8 per shard (the design's). Workers do not split at a
    /// frontier: they hand states over while they explore ([`crate::pool::WorkerPool`]).
    pub fn frontier_size(&self) -> usize {
        match self {
            Share::All | Share::Worker { .. } => 1,
            Share::Shard { count, .. } => 8 * *count as usize,
        }
    }

    /// This run's index and the number of runs sharing the tree.
    pub fn part(&self) -> (u32, u32) {
        match self {
            Share::All => (0, 1),
            Share::Shard { index, count } | Share::Worker { index, count, .. } => (*index, *count),
        }
    }
}

/// KLEE's `--dump-states-on-halt`: when the time limit, the memory cap or a state or query
/// limit halts the run, each pending state whose path so far covers a branch or a line the
/// tests written do not gets a test (its path condition's model; outcome `halted`). The work is
/// budgeted in solver queries and Z3 work units per query, so that the same run writes the same
/// tests on a busy machine; `time` only fences it from outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HaltTests {
    /// Model queries for pending states at most (0: no tests on halt).
    pub queries: u64,
    /// Z3 work units (rlimit) per query.
    pub rlimit: Option<u64>,
    /// Wall time the dump may take after the run's time limit (the front-end carves it out of
    /// `--max-time`, so that the whole command still ends within it).
    pub time: Duration,
}

impl Default for HaltTests {
    fn default() -> Self {
        HaltTests { queries: 2000, rlimit: Some(4_000_000), time: Duration::ZERO }
    }
}

/// What a terminating path is checked for (SV-COMP's `valid-memtrack` and `valid-memcleanup`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeakCheck {
    #[default]
    Off,
    /// A block still allocated that no pointer in globals, live stack memory or registers (nor
    /// in blocks reachable from them) refers to: `memory_leak`.
    Memtrack,
    /// A block still allocated: `memory_not_freed`.
    Memcleanup,
}

/// The program's command line, standard input and files: concrete (`kappa run prog.c -- ARGS`)
/// and symbolic (`--sym-args MIN MAX LEN`, `--sym-stdin N`, `--sym-files COUNT LEN`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramInputSpec {
    /// `argv[0]`; empty means `prog`.
    pub argv0: Vec<u8>,
    /// Concrete arguments after `argv[0]`.
    pub args: Vec<Vec<u8>>,
    /// Between MIN and MAX more arguments of up to LEN symbolic bytes each.
    pub sym_args: Option<(u32, u32, u32)>,
    /// N symbolic bytes of standard input.
    pub sym_stdin: Option<u32>,
    /// COUNT files named A, B, … of LEN symbolic bytes each.
    pub sym_files: Option<(u32, u32)>,
    /// SV-COMP's nondeterministic command line ([`NondetMain`]), for `verify` and `testgen`
    /// when neither `--` nor `--sym-args` gave one. `args` and `sym_args` are then empty.
    pub nondet_main: Option<NondetMain>,
}

/// `main`'s arguments as SV-COMP sees them: any `argc >= 1` and any strings. kappa materialises
/// `argv[0]` and the first `args` arguments, each a string of up to `len` symbolic characters;
/// `argc` itself is unbounded. A path that reads past what is materialised (a character at index
/// `len` or beyond of an argument, or `argv[k]` for `k > args` while `argc` may be larger) depends
/// on inputs the bound cut off: the run is incomplete (`arguments bound: …`), so `verify` answers
/// `false` (replayed) or `unknown`, never `true`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NondetMain {
    /// Arguments after `argv[0]` that are materialised.
    pub args: u32,
    /// Characters of each materialised string (`argv[0]` too) before its terminating NUL.
    pub len: u32,
}

impl NondetMain {
    /// The bounds `verify` and `testgen` use (docs/spec-extensions.md): two arguments of up to
    /// eight characters, enough for the option and file-name checks of SV-COMP's programs while
    /// a string scan over every argument stays a few dozen paths.
    pub const DEFAULT: NondetMain = NondetMain { args: 2, len: 8 };
}

impl ProgramInputSpec {
    /// No option was given: `argc = 1`, empty standard input, no files.
    pub fn is_default(&self) -> bool {
        *self == ProgramInputSpec::default()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            entry: "main".into(),
            mode: Mode::Classic,
            search: SearchKind::Bfs,
            heap: HeapKind::Pose,
            limits: Limits::default(),
            solver_timeout: Some(kappa_solver::QUERY_TIMEOUT_BACKSTOP),
            solver_rlimit: None,
            seed: 0x006b_6170_7061,
            test_dir: None,
            tests: TestPolicy::all(),
            record_tree: false,
            stop_at_first_violation: false,
            program_name: String::new(),
            step_budget: 256,
            max_heap_objects: 16,
            input_buffer: 16,
            program_inputs: ProgramInputSpec::default(),
            violation_kinds: Vec::new(),
            leak_check: LeakCheck::Off,
            lassos: false,
            progress_interval: Duration::from_millis(100),
            halt_tests: HaltTests::default(),
            share: Share::All,
        }
    }
}
