//! The `kappa` command line (SPEC.md): `ir`, `run`, `verify`, `testgen`, `replay`, `slice`, `merge`.
//!
//! Exit codes: 0 the command ran, 1 bad usage, 2 the input cannot be handled (one message with
//! file:line:col), 3 internal error.

mod coverage;
mod explore;
mod inputs;
mod merge;
mod phase;
mod prove_kind;
mod prove_lazy;
mod prove_summary;
mod report;
mod signals;
mod slice;
mod svcomp;

use clap::{Args, Parser, Subcommand};
use kappa_cfront::Options;
use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::DataModel;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "kappa", version, about = "Symbolic execution for C with loop templates (compact symbolic execution)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options of the C front-end, shared by every command that reads a program.
#[derive(Args, Clone)]
pub struct FrontOpts {
    /// The C file (`.c`, or `.i` if already preprocessed).
    pub file: PathBuf,
    /// More C files of the program: each preprocessed and read as a translation unit of its
    /// own, and linked with FILE as the C linker would (`static` names private to their file).
    #[arg(value_name = "MORE")]
    pub more: Vec<PathBuf>,
    /// A compilation database (`compile_commands.json`, or a directory holding one): each
    /// file's include paths, macros and `-std` from its entry.
    #[arg(long, value_name = "FILE|DIR")]
    pub compile_commands: Option<PathBuf>,
    /// The translation units, with their flags from the compilation database (filled in by
    /// [`FrontOpts::resolve_units`]; empty for one file without a database).
    #[arg(skip)]
    pub units: Vec<kappa_cfront::Unit>,
    /// Integer sizes: ILP32 or LP64.
    #[arg(long, default_value = "LP64", value_parser = parse_dm)]
    pub data_model: DataModel,
    /// Add a directory to the preprocessor's include path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a preprocessor macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Start here; its parameters become symbolic inputs.
    #[arg(long, default_value = "main")]
    pub entry: String,
}

fn parse_dm(s: &str) -> Result<DataModel, String> {
    s.parse()
}

/// `--path-tests`: paths that get a test file whatever they cover (`None`: all).
#[derive(Clone, Copy, Debug)]
pub struct PathTests(pub Option<u64>);

fn parse_path_tests(s: &str) -> Result<PathTests, String> {
    if s == "all" {
        return Ok(PathTests(None));
    }
    s.parse().map(|n| PathTests(Some(n))).map_err(|_| format!("`{s}` is not a number or `all`"))
}

/// Options of the exploring commands (SPEC.md).
#[derive(Args, Clone)]
pub struct ExploreOpts {
    /// classic (King's symbolic execution) or compact (loop templates).
    #[arg(long, default_value = "compact", value_parser = ["classic", "compact"])]
    pub mode: String,
    /// State selection; prune is the loop state-pruning searcher; interleaved is KLEE's
    /// random-path and covnew in turn, with depth-first dives. Default: interleaved for `run`
    /// and `testgen` (coverage), bfs for `verify`.
    #[arg(long, value_parser = ["bfs", "dfs", "random", "prune", "random-path", "covnew", "interleaved"])]
    pub search: Option<String>,
    /// With --search prune: the order among normal (not postponed) states.
    #[arg(long, default_value = "bfs", value_parser = ["bfs", "dfs", "random"])]
    pub prune_base: String,
    /// With --search prune: how a postponed state is judged able to cover a branch left
    /// uncovered (sound: unless it provably cannot; paper: on its present values).
    #[arg(long, default_value = "sound", value_parser = ["sound", "paper"])]
    pub prune_check: String,
    /// With --search prune: when a state is postponed (paper: at its creation, when its loop
    /// path is a prefix of no uncovered one; feasible: also when it is selected, and only
    /// uncovered paths it can still complete in its present iteration count).
    #[arg(long, default_value = "feasible", value_parser = ["feasible", "paper"])]
    pub prune_postpone: String,
    /// Seed of the random choices (random, random-path, covnew, interleaved searchers and the
    /// states dropped over the memory cap): the same seed repeats a run.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// How symbolic input heaps are handled: pose (path-optimal: ite-terms over aliasing, forks
    /// only at the program's branches), lazy (lazy initialisation) or lazier (lazier#).
    #[arg(long, default_value = "pose", value_parser = ["pose", "lazy", "lazier"])]
    pub heap: String,
    /// Input objects a path may use (pointer parameters of --entry and the objects reached from
    /// them); a path that needs more stops and the run is incomplete.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub max_heap_objects: usize,
    /// Bytes a `char *` or `void *` input reference points to (a `char` buffer ends with a 0:
    /// strings of up to N-1 characters).
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub input_buffer: u64,
    /// Stop after this many seconds.
    #[arg(long, value_name = "S")]
    pub max_time: Option<f64>,
    /// Stop after creating this many states.
    #[arg(long, value_name = "N")]
    pub max_states: Option<u64>,
    /// Stop paths longer than this many edges.
    #[arg(long, value_name = "N")]
    pub max_depth: Option<u64>,
    /// Stop when the process uses more memory than this (MB).
    #[arg(long, value_name = "MB", default_value_t = 4096)]
    pub max_memory: u64,
    /// Write at most N test files (the statistics still count every path).
    #[arg(long, value_name = "N")]
    pub max_tests: Option<u64>,
    /// A test file for each of the first N paths, then only for paths that reach an error not
    /// seen before or add a branch or a line to what the tests written cover; `all`:
    /// one for every path.
    #[arg(long, value_name = "N|all", default_value = "1000", value_parser = parse_path_tests)]
    pub path_tests: PathTests,
    /// Output directory: tests, statistics, tree.
    #[arg(long, default_value = "kappa-out")]
    pub out: PathBuf,
    /// Write the statistics as JSON.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
    /// Write the symbolic execution tree (.dot; .svg/.png with Graphviz).
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,
    /// Write every solver query left undecided (timeout, incomplete quantifiers, …) to FILE in
    /// SMT-LIB, with its class (quantified, non-linear, arrays, bit-vector) and Z3's reason.
    #[arg(long, value_name = "FILE")]
    pub solver_log: Option<PathBuf>,
    /// No progress display.
    #[arg(long)]
    pub quiet: bool,
    /// Say more: why each cycle got no template (the summary gives only their number by
    /// reason).
    #[arg(short, long)]
    pub verbose: bool,
    #[command(flatten)]
    pub inputs: inputs::InputOpts,
    /// The command's goal is coverage (`run`, `testgen`): the defaults are chosen for it
    /// (explore::setup).
    #[arg(skip)]
    pub coverage_goal: bool,
    /// The process ends right after this exploration's report (`run`): its engines are not
    /// freed, the exit frees their memory at once (explore::explore).
    #[arg(skip)]
    pub exits_after: bool,
    /// Show progress (with the coverage reached) even when stderr is no terminal: one line a
    /// second.
    #[arg(long, conflicts_with = "quiet")]
    pub progress: bool,
    /// Write the coverage of the tests as an lcov tracefile (genhtml draws the HTML report).
    #[arg(long, value_name = "FILE")]
    pub coverage: Option<PathBuf>,
    /// Which tests to write: `covering`, only those that add coverage or reach a new error,
    /// from the first path on (a suite with the coverage of all paths; `--path-tests 0`);
    /// `all`, as `--path-tests` says.
    #[arg(long, default_value = "all", value_parser = ["all", "covering"])]
    pub tests: String,
    /// Explore part I of N of the execution tree (0 <= I < N), for N processes that together
    /// explore all of it (`kappa merge` combines their output directories); the verdict is the
    /// part's.
    #[arg(long, value_name = "I/N", value_parser = explore::parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Worker threads exploring the tree together (default: the machine's cores; one with
    /// --tree, --solver-log, --search prune, --shard, and, unless given, with --max-states or
    /// --report).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: Option<u32>,
    /// Write an HTML report of the run to DIR/index.html (one offline page: verdict, errors,
    /// coverage, loops, tree, charts, solver); `kappa report OUT` makes it later.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Print the lowered flowgraph IR (text, or Graphviz DOT with --dot).
    Ir {
        #[command(flatten)]
        front: FrontOpts,
        /// Print Graphviz DOT, one cluster per function, loops highlighted.
        #[arg(long)]
        dot: bool,
        /// Also print, per function, its natural loops and the cycles of compact symbolic
        /// execution (Definition 1 of the ATVA 2013 paper).
        #[arg(long)]
        loops: bool,
    },
    /// Explore the program symbolically: errors, tests, statistics.
    Run {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        explore: ExploreOpts,
    },
    /// SV-COMP style verification of a program or task definition (.yml): unreach-call,
    /// valid-memsafety, valid-memcleanup, no-overflow, termination; the last line is the verdict.
    Verify {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        explore: ExploreOpts,
        #[command(flatten)]
        verify: svcomp::VerifyOpts,
    },
    /// Test-Comp: a test suite for a coverage goal, in the exchange format (OUT/test-suite/,
    /// OUT/test-suite.zip with --zip).
    Testgen {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        explore: ExploreOpts,
        #[command(flatten)]
        testgen: svcomp::TestgenOpts,
    },
    /// Replay tests on the program compiled by the system C compiler: does each recorded outcome
    /// happen? For several tests (or a directory of them), also the suite's coverage as gcov
    /// measures it, next to kappa's figure.
    Replay {
        /// The C file the tests were generated for.
        file: PathBuf,
        /// More C files of the program (`.c`, `.i`), then tests written by `kappa run` or `kappa
        /// verify` (OUT/tests/testNNNNNN.json), or directories of them (OUT/tests).
        #[arg(required = true, num_args = 1.., value_name = "[MORE.c…] TESTS")]
        tests: Vec<PathBuf>,
        /// A compilation database: each file's include paths, macros and `-std` (see `run`).
        #[arg(long, value_name = "FILE|DIR")]
        compile_commands: Option<PathBuf>,
        /// With several tests: write the results and coverage figures as JSON.
        #[arg(long, value_name = "FILE")]
        stats_json: Option<PathBuf>,
        /// Preprocessor options the test was generated with.
        #[arg(short = 'I', value_name = "DIR")]
        include: Vec<PathBuf>,
        #[arg(short = 'D', value_name = "NAME[=VALUE]")]
        define: Vec<String>,
    },
    /// The HTML report of a finished run (`kappa run`, `verify` or `testgen`) from its output
    /// directory.
    Report {
        /// The run's output directory (its --out).
        out: PathBuf,
        /// Where to write index.html (default: OUT/report).
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
    },
    /// Path-sensitively sliced program (PSS-CFG) for target variables or a property,
    /// decompiled to C.
    Slice {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        args: slice::SliceArgs,
    },
    /// Combine the output directories of the processes of a sharded run (`--shard I/N`): tests,
    /// statistics, lcov coverage, errors, and the verdict (`true` only if every shard is there
    /// and answered `true`).
    Merge {
        #[command(flatten)]
        args: merge::MergeArgs,
    },
}

fn front_options(f: &FrontOpts) -> Options {
    Options {
        data_model: f.data_model,
        include_dirs: f.include.clone(),
        defines: f.define.clone(),
        entries: vec![f.entry.clone()],
        units: f.units.clone(),
        ..Default::default()
    }
}

impl FrontOpts {
    /// Fills in [`FrontOpts::units`] from the files and the compilation database.
    pub fn resolve_units(&mut self) -> Result<(), kappa_cfront::Diagnostic> {
        self.units = units_of(&self.file, &self.more, self.compile_commands.as_deref())?;
        Ok(())
    }
}

/// The translation units of a program given as FILE MORE… with a compilation database: empty
/// for one file without one (the front-end's single-file path).
fn units_of(
    file: &std::path::Path,
    more: &[PathBuf],
    compdb: Option<&std::path::Path>,
) -> Result<Vec<kappa_cfront::Unit>, kappa_cfront::Diagnostic> {
    use kappa_cfront::{compdb::CompDb, Diagnostic, Unit};
    if more.is_empty() && compdb.is_none() {
        return Ok(Vec::new());
    }
    if kappa_svcomp::task::is_task_file(file) {
        if !more.is_empty() {
            return Err(Diagnostic::error(format!(
                "{}: a task definition names its one input file; give the C files instead",
                file.display()
            )));
        }
        return Ok(Vec::new());
    }
    let db = compdb.map(CompDb::load).transpose()?;
    let mut units = Vec::new();
    for f in std::iter::once(file).chain(more.iter().map(PathBuf::as_path)) {
        let same = |u: &Unit| match (std::fs::canonicalize(&u.path), std::fs::canonicalize(f)) {
            (Ok(a), Ok(b)) => a == b,
            _ => u.path == f,
        };
        if units.iter().any(same) {
            return Err(Diagnostic::error(format!("{}: the file is given twice", f.display())));
        }
        let unit = match &db {
            Some(db) => db.unit(f).unwrap_or_else(|| {
                eprintln!(
                    "kappa: note: {} has no entry in {}: preprocessed with the command line's flags only",
                    f.display(),
                    db.path.display()
                );
                Unit::new(f)
            }),
            None => Unit::new(f),
        };
        units.push(unit);
    }
    Ok(units)
}

fn load(f: &FrontOpts) -> Result<kappa_ir::Program, ExitCode> {
    kappa_libc::lower_file(&f.file, &front_options(f)).map_err(|d| {
        eprintln!("{d}");
        ExitCode::from(2)
    })
}

/// [`load`] on a thread of its own while this thread builds the solver chain its exploration
/// will use ([`explore::prepare_solver`]: Z3's context and solver, 10-25 ms): on two cores
/// that start-up is hidden behind the front-end (docs/benchmarks.md, "The serial part of a
/// run"). Not with a log of undecided queries, whose chain is built with it.
fn load_preparing_solver(f: &FrontOpts, ex: &ExploreOpts) -> Result<kappa_ir::Program, ExitCode> {
    if report::solver_log(ex, true).is_some() {
        return load(f);
    }
    std::thread::scope(|s| {
        let front =
            std::thread::Builder::new().name("kappa-load".into()).stack_size(64 << 20).spawn_scoped(s, || load(f));
        explore::prepare_solver();
        match front {
            Ok(h) => h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => load(f),
        }
    })
}

fn main() -> ExitCode {
    signals::default_sigpipe();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Run { .. } | Command::Verify { .. } | Command::Testgen { .. } => {
            signals::install(signals::OnFirst::Stop)
        }
        Command::Replay { .. } => signals::install(signals::OnFirst::Exit),
        Command::Ir { .. } | Command::Slice { .. } | Command::Merge { .. } | Command::Report { .. } => {}
    }
    let mut cli = cli;
    let front = match &mut cli.command {
        Command::Ir { front, .. }
        | Command::Run { front, .. }
        | Command::Verify { front, .. }
        | Command::Testgen { front, .. }
        | Command::Slice { front, .. } => Some(front),
        Command::Replay { .. } | Command::Merge { .. } | Command::Report { .. } => None,
    };
    if let Some(front) = front {
        if let Err(d) = front.resolve_units() {
            eprintln!("{d}");
            return signals::finish(ExitCode::from(2));
        }
    }
    if matches!(cli.command, Command::Run { .. } | Command::Verify { .. } | Command::Testgen { .. }) {
        merge::record_run();
    }
    let code = command(cli);
    signals::finish(code)
}

fn command(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Ir { front, dot, loops } => {
            let prog = match load(&front) {
                Ok(p) => p,
                Err(c) => return c,
            };
            if dot {
                print!("{}", kappa_ir::dot::program_to_dot(&prog));
            } else {
                print!("{}", kappa_ir::print::Printer::new(&prog).program());
                if loops {
                    print!("{}", loop_report(&prog));
                }
            }
            ExitCode::SUCCESS
        }
        Command::Verify { front, explore: ex, verify } => svcomp::verify(front, explore::shard_outputs(ex), verify),
        Command::Testgen { front, explore: ex, testgen } => svcomp::testgen(front, explore::shard_outputs(ex), testgen),
        Command::Run { front, explore: ex } => {
            let mut ex = explore::shard_outputs(ex);
            ex.coverage_goal = true;
            ex.exits_after = true;
            if let Err(e) = ex.inputs.spec() {
                eprintln!("kappa: {e}");
                return ExitCode::from(1);
            }
            // One deadline for the front-end and the exploration, as `verify` has (issue 20),
            // with its watchdog: a front-end that does not end in time is cut by it, and after
            // a signal by the grace period, with the line `run` ends with on a limit.
            signals::arm_exploration(ex.max_time, |why| format!("exploration incomplete: {why}"));
            let prog = match load_preparing_solver(&front, &ex) {
                Ok(p) => p,
                Err(c) => {
                    signals::disarm();
                    return c;
                }
            };
            // The exploration gets what the front-end left; `incomplete` names the user's limit.
            let shown = ex.max_time.map(std::time::Duration::from_secs_f64);
            ex.max_time = signals::seconds_left();
            let mut setup = explore::setup(&front, &ex, &prog);
            explore::reserve_halt_time(&mut setup.cfg);
            setup.cfg.limits.time_shown = shown;
            for n in &setup.notes {
                eprintln!("kappa: note: {n}");
            }
            let (report, dot) = explore::explore(&prog, setup.cfg, &ex, false);
            // The report follows: printed by the command, not the watchdog.
            signals::disarm();
            let verdict = explore::verdict_of(&report);
            if let (Some(path), Some(dot)) = (&ex.tree, dot) {
                if let Err(e) = explore::write_tree(path, &dot) {
                    eprintln!("kappa: {e}");
                }
            }
            if let Some(p) = &ex.stats_json {
                if let Err(e) = explore::write_stats(p, &report, &verdict) {
                    eprintln!("kappa: {e}");
                }
            }
            explore::print_report(&prog, &report, &ex.out, ex.verbose);
            let reason = match &verdict {
                explore::Verdict::Unknown(r) => Some(r.clone()),
                _ => None,
            };
            crate::report::finish("run", &front, &ex, &report, verdict.stats_name(), reason);
            ExitCode::SUCCESS
        }
        Command::Report { out, report: dir } => crate::report::command(&out, dir.as_deref()),
        Command::Replay { file, mut tests, include, define, stats_json, compile_commands } => {
            // Leading C files are more units of the program; the rest are tests.
            let n = tests.iter().take_while(|p| !p.is_dir() && is_c_source(p)).count();
            let more: Vec<PathBuf> = tests.drain(..n).collect();
            if tests.is_empty() {
                eprintln!("kappa: replay: no test given (after the program's files, a test or a directory of tests)");
                return ExitCode::from(1);
            }
            let units = match units_of(&file, &more, compile_commands.as_deref()) {
                Ok(u) => u,
                Err(d) => {
                    eprintln!("{d}");
                    return ExitCode::from(2);
                }
            };
            if tests.len() == 1 && svcomp::is_witness_file(&tests[0]) {
                let front = FrontOpts {
                    file,
                    more,
                    compile_commands,
                    units,
                    data_model: kappa_ir::DataModel::LP64,
                    include,
                    define,
                    entry: "main".into(),
                };
                return svcomp::replay_witness(&front, &tests[0]);
            }
            let single = tests.len() == 1 && !tests[0].is_dir();
            let opts =
                kappa_replay::ReplayOptions { include_dirs: include, defines: define, units, ..Default::default() };
            if !single {
                return coverage::replay_suite(&file, &tests, &opts, stats_json.as_deref());
            }
            let test = &tests[0];
            let tc = match coverage::read_test(test) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("kappa: {e}");
                    return ExitCode::from(2);
                }
            };
            match kappa_replay::replay(&file, &tc, &opts) {
                Ok(r) => {
                    if !r.stdout.is_empty() {
                        print!("{}", r.stdout);
                    }
                    println!("{}", r.explanation);
                    println!("REPLAY: {}", if r.matches { "match" } else { "mismatch" });
                    ExitCode::SUCCESS
                }
                Err(kappa_replay::ReplayError::Frontend(d)) => {
                    eprintln!("{d}");
                    ExitCode::from(2)
                }
                Err(e) => {
                    eprintln!("kappa: {e}");
                    println!("REPLAY: not run ({e})");
                    ExitCode::SUCCESS
                }
            }
        }
        Command::Slice { front, args } => slice::run_slice(&front, &args),
        Command::Merge { args } => merge::run(&args),
    }
}

/// Whether a path names a C source (`.c`, `.i`) rather than a test.
fn is_c_source(p: &std::path::Path) -> bool {
    p.extension().is_some_and(|e| e == "c" || e == "i")
}

/// Loops and cycles per function, for `kappa ir --loops`.
fn loop_report(prog: &kappa_ir::Program) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let analyses = analyze_program(prog, &CycleOptions::default());
    for (f, a) in prog.functions.iter().zip(&analyses) {
        let _ = writeln!(out, "\nloops of {}:", f.name);
        for l in &a.loops.loops {
            let body: Vec<String> = l.body.iter().map(|x| x.to_string()).collect();
            let exits: Vec<String> =
                l.exits.iter().map(|e| format!("{}->{}", f.edge(*e).src, f.edge(*e).dst)).collect();
            let _ = writeln!(
                out,
                "  loop at {} (depth {}): body {{{}}}, exits {}",
                l.header,
                l.depth,
                body.join(" "),
                exits.join(" ")
            );
        }
        let trunc = if a.cycles.truncated { " (enumeration stopped at the cap)" } else { "" };
        let _ = writeln!(out, "  {} cycles{trunc}", a.cycles.len());
        for c in &a.cycles.cycles {
            let locs: Vec<String> = c.locs(f).map(|x| x.to_string()).collect();
            let _ = writeln!(
                out,
                "    entry {}: core {} {}, {} exit edges",
                c.entry,
                locs.join(" "),
                c.entry,
                c.exits.len()
            );
        }
    }
    out
}
