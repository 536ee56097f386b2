//! `kappa run` and `kappa verify`: configure the engine from the command line, run it with a
//! progress display, and report errors, tests, statistics and verdicts (SPEC.md).

use crate::{ExploreOpts, FrontOpts};
use kappa_engine::{Config, Engine, HeapKind, Limits, Mode, RunReport, SearchKind, Share, TestPolicy, TreeRecorder};
use kappa_ir::Program;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The verdict of `kappa verify` (SPEC.md, "verify output").
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    False,
    Unknown(String),
}

impl Verdict {
    pub fn stats_name(&self) -> String {
        match self {
            Verdict::True => "true".into(),
            Verdict::False => "false(unreach-call)".into(),
            Verdict::Unknown(_) => "unknown".into(),
        }
    }
}

pub struct Setup {
    pub cfg: Config,
    pub notes: Vec<String>,
}

/// The engine's configuration from the options, with notes on what is not built yet.
pub fn setup(front: &FrontOpts, ex: &ExploreOpts, prog: &Program) -> Setup {
    let notes = Vec::new();
    let mode = match ex.mode.as_str() {
        "classic" => Mode::Classic,
        _ => Mode::Compact,
    };
    let search = match &ex.search {
        Some(s) => search_kind(s),
        None => default_search(ex.coverage_goal),
    };
    let heap = match ex.heap.as_str() {
        "lazy" => HeapKind::Lazy,
        "lazier" => HeapKind::Lazier,
        _ => HeapKind::Pose,
    };
    let limits = Limits {
        time: ex.max_time.map(Duration::from_secs_f64),
        states: ex.max_states,
        depth: ex.max_depth,
        memory_mb: Some(ex.max_memory),
        queries: None,
        work: None,
        time_shown: None,
    };
    let _ = prog;
    // A query is limited by work (`kappa_solver::QUERY_WORK`); the wall-clock backstop must not
    // outlast the whole run.
    let backstop = kappa_solver::QUERY_TIMEOUT_BACKSTOP;
    let solver_timeout = Some(limits.time.map_or(backstop, |t| t.min(backstop)));
    let cfg = Config {
        solver_timeout,
        entry: front.entry.clone(),
        mode,
        search,
        heap,
        limits,
        test_dir: Some(ex.out.join("tests")),
        // `--tests covering`: from the first test on, only those that add coverage.
        tests: TestPolicy {
            max: ex.max_tests,
            every_path_until: if ex.tests == "covering" { Some(0) } else { ex.path_tests.0 },
        },
        record_tree: ex.tree.is_some(),
        program_name: front.file.display().to_string(),
        max_heap_objects: ex.max_heap_objects,
        input_buffer: ex.input_buffer.max(1),
        program_inputs: ex.inputs.spec().unwrap_or_default(),
        progress_interval: progress_interval(ex),
        seed: ex.seed.unwrap_or(Config::default().seed),
        share: match ex.shard {
            Some((index, count)) if count > 1 => Share::Shard { index, count },
            _ => Share::All,
        },
        ..Config::default()
    };
    Setup { cfg, notes }
}

/// `run` and `testgen`: the last part of the time limit is kept for the tests of the states
/// still pending when it halts the exploration (KLEE's dump-on-halt), a twentieth of it between
/// 0.1 and 3 seconds, so that the command still ends within `--max-time`.
pub fn reserve_halt_time(cfg: &mut Config) {
    if let Some(t) = cfg.limits.time {
        let r = (t / 20).clamp(Duration::from_millis(100), Duration::from_secs(3)).min(t / 2);
        cfg.limits.time = Some(t - r);
        cfg.halt_tests.time = r;
    }
}

/// The time an engine may run (its exploration and its dump-on-halt) when the command's
/// deadline is `left` away: `left` less what the end of the run needs. The end of a run halted
/// by the time limit — the engines' last counters, the merge of the workers' reports, the
/// coverage, statistics and summary — must be written before the deadline, not after it: a
/// supervisor such as BenchExec kills the process at the limit, and kappa's own watchdog answers
/// 600 ms after it ([`crate::signals::watch_deadline`]), without the statistics. Kept: a
/// fortieth of the time left, between 50 ms and 2 s (at load ~14, the workers of a 120 s run
/// of tests/programs/long/branches24.c with `--jobs 2` ended their dump up to 0.4 s late and
/// the merge of their reports took up to 0.74 s; docs/benchmarks.md, issue watch9).
fn engine_time(left: Duration) -> Duration {
    left.saturating_sub((left / 40).clamp(Duration::from_millis(50), Duration::from_secs(2)))
}

/// Progress lines on a terminal are redrawn often; plain lines come once a second
/// (`KAPPA_PROGRESS_INTERVAL_MS` changes that, for scripts).
fn progress_interval(ex: &ExploreOpts) -> Duration {
    let env = std::env::var("KAPPA_PROGRESS_INTERVAL_MS").ok().and_then(|v| v.parse::<u64>().ok());
    match env {
        Some(ms) => Duration::from_millis(ms),
        None if ex.progress && !std::io::stderr().is_terminal() => Duration::from_secs(1),
        None => Duration::from_millis(100),
    }
}

/// The searcher when none is given. For coverage (`run`, `testgen`): KLEE's default, random-path
/// and covnew in turn (with depth-first dives), the best of the searchers on the parser
/// benchmark (docs/benchmarks.md, issue 22: 79 of 90 branches of `http_reqline` against 60 for
/// breadth-first at 20 s). For verdicts (`verify`): breadth-first, the paper's queue, whose
/// short paths first keep counterexamples short.
fn default_search(coverage_goal: bool) -> SearchKind {
    if coverage_goal {
        SearchKind::Interleaved
    } else {
        SearchKind::Bfs
    }
}

fn search_kind(s: &str) -> SearchKind {
    match s {
        "dfs" => SearchKind::Dfs,
        "random" => SearchKind::Random,
        "prune" => SearchKind::Prune,
        "random-path" => SearchKind::RandomPath,
        "covnew" => SearchKind::Covnew,
        "interleaved" => SearchKind::Interleaved,
        _ => SearchKind::Bfs,
    }
}

/// Removes the tests of an earlier run (and their subdirectories of the sharded layout), so that
/// the directory holds this run's only.
fn clean_tests(dir: &Path) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
            if !is_dir && name.starts_with("test") && name.ends_with(".json") {
                let _ = std::fs::remove_file(e.path());
            } else if is_dir && name.len() >= 3 && name.bytes().all(|b| b.is_ascii_digit()) {
                clean_tests(&e.path());
                let _ = std::fs::remove_dir(e.path());
            }
        }
    }
}

/// The test files of a run in the order they were written (`tests/test000001.json`, …, then
/// those in the subdirectories of the sharded layout).
pub fn test_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if p.is_dir() && name.bytes().all(|b| b.is_ascii_digit()) {
            files.extend(test_files(&p));
        } else if name.starts_with("test") && name.ends_with(".json") {
            files.push(p);
        }
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files
}

/// Runs the engine with a progress display on a terminal.
pub fn explore(
    prog: &Program,
    mut cfg: Config,
    ex: &ExploreOpts,
    stop_at_violation: bool,
) -> (RunReport, Option<String>) {
    if let Some(d) = &cfg.test_dir {
        clean_tests(d);
    }
    cfg.stop_at_first_violation = stop_at_violation;
    // The run's own exploration (not a proof's, which keeps no tests) leaves what its report
    // is made of in the output directory (crate::report).
    let main_run = cfg.test_dir.is_some();
    let unknown_log = crate::report::solver_log(ex, main_run);
    if let Some(f) = &unknown_log {
        // The log is appended to query by query; a run starts it afresh.
        let _ = std::fs::remove_file(f);
    }
    let record = cfg.record_tree;
    let compact = cfg.mode == Mode::Compact;
    // Compact mode: calls of small functions inside loops are inlined, so that the loops'
    // cycles can be summarised (same semantics, same spans).
    let inlined;
    let prog = if compact {
        let mut p = prog.clone();
        kappa_compact::inline_calls_in_loops(&mut p);
        if let Err(e) = p.validate() {
            eprintln!("kappa: internal error after inlining: {e}");
            return (RunReport::default(), None);
        }
        inlined = p;
        &inlined
    } else {
        prog
    };
    // The run's statistics, kept for the watchdog of the deadline should it have to answer
    // before the run's end is written (issue watch9).
    if main_run {
        crate::signals::snapshot_to(ex.stats_json.clone());
    }
    let jobs = jobs_of(ex, &cfg);
    if jobs > 1 {
        let report = explore_jobs(prog, cfg, ex, jobs, main_run);
        crate::signals::snapshot_to(None);
        return (report, None);
    }
    // The engine calls back often enough for the report's samples; the display keeps its
    // interval.
    let display_interval = cfg.progress_interval;
    cfg.progress_interval = cfg.progress_interval.min(Duration::from_millis(100));
    let mut engine = engine(prog, cfg, ex, unknown_log);
    if let Some(left) = crate::signals::time_left() {
        // The limit was computed before the engine was built (0.13 s on a driver of 363 cycles);
        // the engine counts it from its own start; the end of the run needs time too.
        engine.limit_time_to(engine_time(left));
    }
    let recorder = std::rc::Rc::new(std::cell::RefCell::new(TreeRecorder::default()));
    if record {
        engine.add_observer(Box::new(SharedRecorder(recorder.clone())));
    }
    let report_tree = (main_run && ex.report.is_some()).then(kappa_report::TreeRecorder::default);
    if let Some(t) = &report_tree {
        engine.add_observer(Box::new(t.clone()));
    }
    let (bar, lines) = progress_display(ex);
    crate::signals::exploring(true);
    // The report's samples come at their own interval (kappa_report::Sampler), the lines of
    // the display at theirs.
    let mut sampler = kappa_report::Sampler::default();
    let mut last_line: Option<std::time::Instant> = None;
    let report = engine.run(&mut |s, pending| {
        sampler.observe(s, pending);
        crate::signals::snapshot(0, s, false);
        if bar.is_some() || last_line.is_none_or(|t| t.elapsed() >= display_interval) {
            last_line = Some(std::time::Instant::now());
            show_progress(&bar, lines, s, pending);
        }
    });
    crate::signals::snapshot(0, &report.stats, true);
    sampler.finish(&report.stats);
    crate::signals::exploring(false);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if std::env::var_os("KAPPA_SOLVER_STATS").is_some() {
        eprintln!("{}", engine.solver_stats());
    }
    if let Some(path) = &ex.coverage {
        let text = crate::coverage::lcov(prog, engine.coverage(), "kappa");
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("kappa: cannot write {}: {e}", path.display());
        }
    }
    if main_run {
        let tree = report_tree.map(|t| t.tree());
        write_report_inputs(prog, ex, engine.coverage(), sampler.samples(), tree.as_ref());
    }
    let dot = record.then(|| recorder.borrow().to_dot());
    if crate::signals::out_of_time() || ex.exits_after {
        // Past the command's deadline (or interrupted), or at the end of `run`, only the answer
        // is left to print: the engine's states, terms and Z3 context are not freed, which took
        // 0.2 s past a 5 s limit on a driver of 77,000 tree nodes
        // (bench/drivers/floppy_queue.c), and 7-16 ms after a complete exploration of
        // bench/parallel/tokens6.c; the process's exit frees them at once.
        std::mem::forget(engine);
    }
    crate::signals::snapshot_to(None);
    (report, dot)
}

/// What the HTML report of the run is made of (crate::report): the samples over time, the tree
/// when `--report` asked for it, the coverage as an lcov tracefile.
fn write_report_inputs(
    prog: &Program,
    ex: &ExploreOpts,
    cov: &kappa_engine::CoverageTracker,
    samples: &[kappa_report::Sample],
    tree: Option<&kappa_report::Tree>,
) {
    let lcov = crate::coverage::lcov(prog, cov, "kappa");
    let written = kappa_report::write_exploration(&ex.out, samples, tree)
        .and_then(|()| std::fs::write(ex.out.join(kappa_report::COVERAGE_LCOV), lcov).map_err(|e| e.to_string()))
        .and_then(|()| write_program_info(prog, &ex.out));
    if let Err(e) = written {
        eprintln!("kappa: {e}");
    }
}

/// The program's own files (those with function bodies; canonical paths, as in the lcov
/// tracefile) copied into the output directory, with each function's file, for the report.
pub fn write_program_info(prog: &Program, out: &Path) -> Result<(), String> {
    // In the order of the program's files (the file named first, first).
    let ids: std::collections::BTreeSet<u32> =
        prog.functions.iter().filter(|f| f.span.is_known()).map(|f| f.span.file).collect();
    let ids: Vec<u32> = ids.into_iter().filter(|&i| prog.files.get(i as usize).is_some()).collect();
    let files: Vec<(String, Option<String>)> = ids
        .iter()
        .map(|&i| {
            let name = &prog.files[i as usize];
            let path = crate::coverage::canonical(name);
            let text = std::fs::read_to_string(&path).ok();
            (path, text)
        })
        .collect();
    let functions = prog
        .functions
        .iter()
        .filter(|f| f.span.is_known())
        .filter_map(|f| Some((f.name.clone(), ids.iter().position(|&i| i == f.span.file)?)))
        .collect();
    kappa_report::write_program(out, &files, functions)
}

/// `--shard I/N`: two numbers, I below N.
pub fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}` is not I/N with 0 <= I < N (for example 0/4)");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u32, u32) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// A shard's output directory holds what `kappa merge` combines: the tests, and, unless
/// other files are named, the statistics (`OUT/stats.json`, with the shard and its verdict)
/// and the coverage of its tests (`OUT/coverage.lcov`).
pub fn shard_outputs(mut ex: ExploreOpts) -> ExploreOpts {
    if ex.shard.is_some() {
        ex.stats_json.get_or_insert_with(|| ex.out.join("stats.json"));
        ex.coverage.get_or_insert_with(|| ex.out.join("coverage.lcov"));
        let _ = std::fs::create_dir_all(&ex.out);
    }
    ex
}

/// The worker threads of a run: `--jobs`, by default one. One where the output is one engine's: the tree
/// (`--tree`), the solver log, a shard (`--shard`: its frontier is split among processes, not
/// threads); for loop state pruning, which postpones states by the coverage of the whole run,
/// which workers do not share yet; and for a run bounded by a number of solver queries
/// (k-induction's base case, the exploration before a proof without a time limit): its budget
/// is one engine's work, so that what it explores, and its answer, do not depend on the number
/// of workers. Without `--jobs`, also one for a run bounded by a number of states
/// (`--max-states`: the same seed and state limit repeat a run test for test, which the
/// interleaving of workers would not) and for `--report` (the report's tree is one engine's).
fn jobs_of(ex: &ExploreOpts, cfg: &Config) -> u32 {
    let one =
        cfg.record_tree || ex.solver_log.is_some() || cfg.search == SearchKind::Prune || cfg.limits.queries.is_some();
    if one || !matches!(cfg.share, Share::All) {
        return 1;
    }
    match ex.jobs {
        Some(n) => n,
        None if cfg.limits.states.is_some() || ex.report.is_some() => 1,
        // The machine's cores (as the scheduler's affinity and cgroup quota allow): on the
        // quiet 2-core machine no row of `bench/parallel.sh short` was slower with two workers
        // by its medians and spreads, breadth-first search (`verify`'s) included since forks
        // are lazy only while another worker wants work, and two workers stop as fast as one
        // after a signal or the deadline (docs/benchmarks.md, "The default `--jobs`").
        None => std::thread::available_parallelism().map_or(1, |n| u32::try_from(n.get()).unwrap_or(u32::MAX)),
    }
}

/// A `FILE:LINE:COL` location (of an error, a witness) as its file, line and column.
pub(crate) fn split_location(loc: &str) -> Option<(&str, u32, u32)> {
    let mut it = loc.rsplitn(3, ':');
    let col = it.next()?.parse().ok()?;
    let line = it.next()?.parse().ok()?;
    Some((it.next()?, line, col))
}

/// Locations ordered by file, then line and column as numbers.
fn location_key(loc: &str) -> (&str, u32, u32) {
    split_location(loc).unwrap_or((loc, 0, 0))
}

thread_local! {
    /// The solver chain [`prepare_solver`] built on this thread, for its next [`engine`].
    static PREPARED: std::cell::RefCell<Option<Box<dyn kappa_solver::Solver>>> = const { std::cell::RefCell::new(None) };
}

/// Builds this thread's solver chain ahead of its engine (Z3's context, thread-local, and its
/// solver: 10-25 ms of start-up), while the thread waits for the front-end (`run`). The next
/// [`engine`] on this thread takes it; it is the chain that engine would build, given its
/// limits then ([`kappa_solver::chain`] sets them after building too), so nothing of the run
/// changes but when the start-up happens. (Not for the other workers of `--jobs`: one that is
/// never handed a state would build it for nothing, the cost their lazy start removed,
/// docs/design-parallel.md, "A worker builds its engine when its first state arrives".)
pub fn prepare_solver() {
    PREPARED.with(|p| *p.borrow_mut() = Some(kappa_solver::default_chain(None)));
}

/// An engine for the options: its own solver chain, heap model, searcher and template provider.
pub(crate) fn engine<'p>(prog: &'p Program, cfg: Config, ex: &ExploreOpts, unknown_log: Option<PathBuf>) -> Engine<'p> {
    // The chain [`prepare_solver`] built, unless this one logs undecided queries (the log is
    // the chain's from its start).
    let prepared = if unknown_log.is_none() { PREPARED.with(|p| p.borrow_mut().take()) } else { None };
    let mut solver = match prepared {
        Some(mut s) => {
            s.set_timeout(cfg.solver_timeout);
            s
        }
        None => kappa_solver::chain(&kappa_solver::ChainOptions { timeout: cfg.solver_timeout, unknown_log }),
    };
    if cfg.solver_rlimit.is_some() {
        solver.set_rlimit(cfg.solver_rlimit);
    }
    let compact = cfg.mode == Mode::Compact;
    let check = match ex.prune_check.as_str() {
        "paper" => kappa_prune::PromotionCheck::Paper,
        _ => kappa_prune::PromotionCheck::Sound,
    };
    let rule = match ex.prune_postpone.as_str() {
        "paper" => kappa_prune::PostponeRule::Paper,
        _ => kappa_prune::PostponeRule::Feasible,
    };
    let prune = (cfg.search == SearchKind::Prune).then(|| {
        kappa_prune::PruneSearcher::new(search_kind(&ex.prune_base), cfg.seed).with_check(check).with_rule(rule)
    });
    let heap = kappa_heap::model(cfg.heap);
    let mut engine = Engine::new(prog, cfg, solver);
    engine.set_heap(heap);
    if let Some(p) = prune {
        engine.set_searcher(Box::new(p));
    }
    if compact {
        engine.set_templates(Box::new(kappa_compact::Compact::default()));
    }
    engine
}

/// `--jobs N`: N worker threads, each with its own engine (its own Z3 context and term pool),
/// explore the tree together: worker 0 from the initial states, the others from states busy
/// workers hand them by their trails (work stealing, docs/design-parallel.md); their
/// statistics, errors and coverage are merged.
/// Tests are numbered in one sequence, in the order they are written. The report of such a run
/// has samples over time (the workers' counters summed) but no tree.
fn explore_jobs(prog: &Program, cfg: Config, ex: &ExploreOpts, jobs: u32, main_run: bool) -> RunReport {
    let pool = std::sync::Arc::new(kappa_engine::WorkerPool::default());
    let (bar, lines) = progress_display(ex);
    let bar = &bar;
    // The report's samples: the sum of the workers' counters.
    let sampler = std::sync::Mutex::new(kappa_report::Sampler::default());
    let sampler = &sampler;
    let mut cfg = cfg;
    let display_interval = cfg.progress_interval;
    cfg.progress_interval = cfg.progress_interval.min(Duration::from_millis(100));
    // The progress line: the workers' counters summed.
    let progress = std::sync::Mutex::new(WorkersProgress::default());
    let progress = &progress;
    crate::signals::exploring(true);
    // Worker `index`: its own engine over the one program, its report and coverage.
    let cfg = &cfg;
    let pool_ref = &pool;
    let deadline = cfg.limits.time.map(|t| std::time::Instant::now() + t);
    let work = move |index: u32| {
        let (started, cpu0) = (std::time::Instant::now(), kappa_engine::thread_cpu_s());
        if index > 0 {
            // A worker builds its engine when the first state is handed to it: until then it
            // costs a sleeping thread (docs/design-parallel.md, "Status").
            let give_up = || {
                pool_ref.stop.load(std::sync::atomic::Ordering::Relaxed)
                    || pool_ref.halted.load(std::sync::atomic::Ordering::Relaxed)
                    || kappa_solver::interrupt::requested()
                    || deadline.is_some_and(|d| std::time::Instant::now() >= d)
            };
            if !pool_ref.await_first(&give_up) {
                let mut report = RunReport::default();
                report.stats.jobs = 1;
                let share = kappa_engine::report::WorkerShare {
                    idle_s: started.elapsed().as_secs_f64(),
                    cpu_s: kappa_engine::thread_cpu_s() - cpu0,
                    ..Default::default()
                };
                return (report, kappa_engine::CoverageParts::default(), share);
            }
        }
        let first_wait = started.elapsed();
        let mut cfg = cfg.clone();
        cfg.share = Share::Worker { index, count: jobs, pool: pool_ref.clone() };
        let mut engine = engine(prog, cfg, ex, None);
        if let Some(left) = crate::signals::time_left() {
            // Every worker stops at the command's deadline, as one engine does (`explore`): an
            // engine's limit counts from its own start, and a worker starts when its first state
            // is handed to it (0.4 s after the first under load, whose own start came after the
            // inlining and its engine's construction), so that the two workers of a 120 s run of
            // tests/programs/long/branches24.c ended 0.2 and 0.6 s past the deadline, and the
            // watchdog answered without the statistics (issue watch9, docs/benchmarks.md).
            engine.limit_time_to(engine_time(left));
        }
        crate::signals::end_trace(&format!("worker {index} starts"));
        let report = engine.run(&mut |s, pending| {
            crate::signals::snapshot(index as usize, s, false);
            if main_run {
                if let Ok(mut m) = sampler.lock() {
                    m.observe_worker(index as usize, s, pending);
                }
            }
            if bar.is_some() || lines {
                if let Ok(mut p) = progress.lock() {
                    p.observe(index as usize, s, pending);
                    if bar.is_some() || p.last.is_none_or(|t| t.elapsed() >= display_interval) {
                        p.last = Some(std::time::Instant::now());
                        let (sum, pending) = p.sum();
                        show_progress(bar, lines, &sum, pending);
                    }
                }
            }
        });
        crate::signals::end_trace(&format!("worker {index} run returned"));
        crate::signals::snapshot(index as usize, &report.stats, true);
        let (waits, idle, replay) = engine.worker_times();
        let share = kappa_engine::report::WorkerShare {
            waits,
            idle_s: (first_wait + idle).as_secs_f64(),
            replay_s: replay.as_secs_f64(),
            cpu_s: kappa_engine::thread_cpu_s() - cpu0,
            ..kappa_engine::report::WorkerShare::of(&report.stats)
        };
        let parts = engine.coverage().export();
        if crate::signals::out_of_time() || ex.exits_after {
            // As one engine after the command's deadline or a signal, or at the end of `run`
            // (`explore`): the states are not freed (two workers took 1 s for theirs after a
            // 30 s run of tests/programs/long/branches24.c, 2-5 s after longer ones; 4-10 ms
            // each after bench/parallel/tokens6.c).
            std::mem::forget(engine);
        }
        crate::signals::end_trace(&format!("worker {index} done"));
        (report, parts, share)
    };
    let results: Vec<Option<(RunReport, kappa_engine::CoverageParts, kappa_engine::report::WorkerShare)>> =
        std::thread::scope(|scope| {
            // A worker's result comes by a channel, not by joining its thread: at its end the
            // thread frees its term pool (every term and symbol of the run, seconds after a long
            // one), which the report does not wait for (a thread that cannot start or panics
            // sends nothing and counts as failed).
            let (sent, received) = std::sync::mpsc::channel();
            for index in 1..jobs {
                let sent = sent.clone();
                let _ = std::thread::Builder::new()
                    .name(format!("kappa-worker-{index}"))
                    .stack_size(64 << 20)
                    .spawn_scoped(scope, move || {
                        if let Ok(r) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(index))) {
                            let _ = sent.send((index, r));
                        }
                    });
            }
            drop(sent);
            // Worker 0 runs in this thread, as one engine does: with the same Z3 context and term
            // pool, so that when it keeps every state (compact mode's pinned states) its queries,
            // their Z3 work and the template budget are one engine's, and a run of two costs one
            // thread more, not two (docs/design-parallel.md, "Status"). A panic in it is a failed
            // worker, as in the others.
            let mut results: Vec<_> = (0..jobs).map(|_| None).collect();
            results[0] = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(0))).ok();
            for (index, r) in received {
                results[index as usize] = Some(r);
            }
            results
        });
    crate::signals::end_trace("workers joined");
    crate::signals::exploring(false);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let mut merged: Option<RunReport> = None;
    let mut cov = kappa_engine::CoverageTracker::new(prog);
    let mut lost = 0;
    let mut shares = Vec::new();
    for r in results {
        match r {
            Some((report, parts, share)) => {
                cov.absorb(&parts);
                shares.push(share);
                match &mut merged {
                    None => merged = Some(report),
                    Some(m) => m.stats.absorb(&report.stats),
                }
            }
            None => lost += 1,
        }
    }
    let mut merged = merged.unwrap_or_default();
    merged.stats.workers = shares;
    // Which worker found an error first depends on the scheduler: several workers' errors are
    // listed by location, so that the same program gives the same list.
    if jobs > 1 {
        merged
            .stats
            .errors
            .sort_by(|a, b| (location_key(&a.location), &a.kind).cmp(&(location_key(&b.location), &b.kind)));
    }
    if lost > 0 {
        merged.stats.incomplete.push(format!("internal error: {lost} of {jobs} workers failed"));
    }
    // States on their way between workers when the run halted (their worker's limit is
    // already a reason), and states handed back that no worker took again (a worker failed).
    let (on_the_way, not_taken_back) = pool.left_over();
    merged.stats.paths_stopped += (on_the_way + not_taken_back) as u64;
    if not_taken_back > 0 && merged.stats.incomplete.is_empty() {
        merged.stats.incomplete.push(format!("internal error: {not_taken_back} handed states were not explored"));
    }
    // Each worker that dropped states says so with its own count: one reason, with the sum.
    if let Some(k) = merged.stats.incomplete.iter().position(|r| r.starts_with("memory cap of ")) {
        let (head, _) = merged.stats.incomplete[k].split_once(": ").unwrap_or(("memory cap", ""));
        let reason = format!("{head}: {} states dropped", merged.stats.states_dropped);
        merged.stats.incomplete.retain(|r| !r.starts_with("memory cap of "));
        merged.stats.incomplete.insert(k.min(merged.stats.incomplete.len()), reason);
    }
    // An interrupt is the first reason, as in one engine's report.
    if let Some(k) = merged.stats.incomplete.iter().position(|r| r == kappa_engine::engine::INTERRUPTED) {
        let r = merged.stats.incomplete.remove(k);
        merged.stats.incomplete.insert(0, r);
    }
    merged.stats.coverage = kappa_engine::report::Coverage::from_counts(&cov.map().counts(cov.tested()));
    crate::signals::end_trace("merged");
    if lines {
        // The last line: the merged run's, with what all workers' states reached together.
        let mut last = merged.stats.clone();
        last.coverage = kappa_engine::report::Coverage::from_counts(&cov.map().counts(cov.reached()));
        show_progress(&None, lines, &last, 0);
    }
    if let Some(path) = &ex.coverage {
        let text = crate::coverage::lcov(prog, &cov, "kappa");
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("kappa: cannot write {}: {e}", path.display());
        }
    }
    if main_run {
        let mut sampler = sampler.lock().map(|mut m| std::mem::take(&mut *m)).unwrap_or_default();
        sampler.finish(&merged.stats);
        write_report_inputs(prog, ex, &cov, sampler.samples(), None);
    }
    crate::signals::end_trace("report inputs written");
    merged
}

/// The latest counters of each worker of `--jobs`, for the progress line.
#[derive(Default)]
struct WorkersProgress {
    workers: Vec<(kappa_engine::Stats, usize)>,
    last: Option<std::time::Instant>,
}

impl WorkersProgress {
    fn observe(&mut self, k: usize, s: &kappa_engine::Stats, pending: usize) {
        if self.workers.len() <= k {
            self.workers.resize_with(k + 1, Default::default);
        }
        let w = &mut self.workers[k];
        (w.0.paths_completed, w.0.paths_error, w.0.solver_queries) =
            (s.paths_completed, s.paths_error, s.solver_queries);
        w.0.coverage = s.coverage.clone();
        w.1 = pending;
    }

    /// Paths, errors, queries and pending states summed; of each coverage figure, the most a
    /// worker reached (their union is known when they end).
    fn sum(&self) -> (kappa_engine::Stats, usize) {
        let mut sum = kappa_engine::Stats::default();
        let mut pending = 0;
        for (s, p) in &self.workers {
            sum.paths_completed += s.paths_completed;
            sum.paths_error += s.paths_error;
            sum.solver_queries += s.solver_queries;
            pending += p;
            let (c, m) = (&s.coverage, &mut sum.coverage);
            for (mine, all) in [
                (c.branches_covered, &mut m.branches_covered),
                (c.lines_covered, &mut m.lines_covered),
                (c.loop_paths_covered, &mut m.loop_paths_covered),
                (c.functions_covered, &mut m.functions_covered),
                (c.branches_total, &mut m.branches_total),
                (c.lines_total, &mut m.lines_total),
                (c.loop_paths_total, &mut m.loop_paths_total),
                (c.functions_total, &mut m.functions_total),
            ] {
                *all = (*all).max(mine);
            }
        }
        (sum, pending)
    }
}

/// The progress display: a spinner on a terminal, else lines with `--progress`.
fn progress_display(ex: &ExploreOpts) -> (Option<indicatif::ProgressBar>, bool) {
    let bar = if !ex.quiet && std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        Some(b)
    } else {
        None
    };
    let lines = bar.is_none() && ex.progress;
    (bar, lines)
}

fn show_progress(bar: &Option<indicatif::ProgressBar>, lines: bool, s: &kappa_engine::Stats, pending: usize) {
    if let Some(b) = bar {
        b.set_message(crate::coverage::progress_line(s, pending));
        b.tick();
    } else if lines {
        eprintln!("[{:.1} s] {}", s.time_s, crate::coverage::progress_line(s, pending));
    }
}

struct SharedRecorder(std::rc::Rc<std::cell::RefCell<TreeRecorder>>);

impl kappa_engine::TreeObserver for SharedRecorder {
    fn node(
        &mut self,
        id: u64,
        parent: Option<u64>,
        func: &str,
        loc: &str,
        label: Option<&str>,
        kind: kappa_engine::NodeKind,
    ) {
        self.0.borrow_mut().node(id, parent, func, loc, label, kind)
    }
    fn mark(&mut self, id: u64, kind: kappa_engine::NodeKind) {
        self.0.borrow_mut().mark(id, kind)
    }
}

/// Writes the tree as DOT, or renders it with Graphviz for .svg/.png.
pub fn write_tree(path: &Path, dot: &str) -> Result<(), String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("dot").to_ascii_lowercase();
    if ext == "svg" || ext == "png" {
        let dot_path = path.with_extension("dot");
        std::fs::write(&dot_path, dot).map_err(|e| format!("cannot write {}: {e}", dot_path.display()))?;
        let out = std::process::Command::new("dot").arg(format!("-T{ext}")).arg(&dot_path).arg("-o").arg(path).output();
        return match out {
            Ok(o) if o.status.success() => Ok(()),
            Ok(o) => Err(format!("Graphviz failed: {}", String::from_utf8_lossy(&o.stderr).trim())),
            Err(_) => Err(format!("Graphviz (`dot`) is not installed: the tree is in {}", dot_path.display())),
        };
    }
    std::fs::write(path, dot).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The verdict a run supports, before replay confirms a counterexample.
pub fn verdict_of(report: &RunReport) -> Verdict {
    if report.violations().next().is_some() {
        return Verdict::False;
    }
    let ub: Vec<&kappa_engine::report::ErrorEntry> =
        report.stats.errors.iter().filter(|e| !matches!(e.kind.as_str(), "div_by_zero" | "div_overflow")).collect();
    if let Some(e) = ub.first() {
        return Verdict::Unknown(format!("undefined behaviour: {} at {}", e.kind, e.location));
    }
    match main_reason(&report.stats.incomplete) {
        None => Verdict::True,
        Some(r) => Verdict::Unknown(short_reason(r)),
    }
}

/// The reason an `unknown` names: one that more time would not lift (a bound on the arguments,
/// an unsupported construct) before the time limit and the solver's undecided queries, which
/// come first as often as not on a loaded machine or with several workers.
pub fn main_reason(incomplete: &[String]) -> Option<&String> {
    if incomplete.first().is_some_and(|r| r == kappa_engine::engine::INTERRUPTED) {
        return incomplete.first();
    }
    let lifted_by_time = |r: &String| r.starts_with("time limit") || r.starts_with("solver unknown");
    incomplete.iter().find(|r| !lifted_by_time(r)).or(incomplete.first())
}

fn short_reason(r: &str) -> String {
    if r.starts_with("time limit") {
        "timeout".into()
    } else {
        r.to_string()
    }
}

pub fn print_report(prog: &Program, report: &RunReport, out_dir: &Path, verbose: bool) {
    let s = &report.stats;
    if s.errors.is_empty() {
        println!("no errors found");
    } else {
        println!("errors:");
        for e in &s.errors {
            let test = e.test.as_ref().map(|t| format!("  [test {}]", out_dir.join(t).display())).unwrap_or_default();
            println!(
                "  {} at {}: {} ({} path{}){test}",
                e.kind,
                e.location,
                e.message,
                e.paths,
                if e.paths == 1 { "" } else { "s" }
            );
        }
    }
    println!(
        "paths: {} completed ({} ended in an error), {} stopped; states: {}; tree nodes: {}",
        s.paths_completed, s.paths_error, s.paths_stopped, s.states_created, s.tree_nodes
    );
    print!("tests: {} written to {}", s.tests, out_dir.join("tests").display());
    if s.tests > kappa_engine::engine::TESTS_PER_DIR {
        print!(" (beyond the first {0}, in subdirectories of {0})", kappa_engine::engine::TESTS_PER_DIR);
    }
    if s.tests_on_halt > 0 {
        print!(" ({} for paths the limit halted, where they add coverage)", s.tests_on_halt);
    }
    if s.tests_missing > 0 {
        if s.models_rejected > 0 {
            print!(
                " ({} paths without a test: the solver found no model in time, or only values that are not a model)",
                s.tests_missing
            );
        } else {
            print!(" ({} paths without a test: the solver found no model in time)", s.tests_missing);
        }
    }
    println!();
    if s.tests_not_written > 0 {
        println!(
            "  {} paths got no test file: {}",
            s.tests_not_written,
            s.tests_limit.as_deref().unwrap_or("test policy")
        );
    }
    if s.states_dropped > 0 {
        println!(
            "memory: {} pending states dropped to keep the memory cap (peak {:.0} MB)",
            s.states_dropped, s.peak_memory_mb
        );
    }
    let h = &s.heap_stats;
    if h.input_objects > 0 || h.heap_forks > 0 {
        println!(
            "heap ({}): {} input objects materialised (at most {} on a path); forks: {} by the heap model, {} at branches",
            h.mode, h.input_objects, h.input_objects_max, h.heap_forks, h.branch_forks
        );
    }
    if s.mode == "compact" {
        println!("{}", templates_line(&s.templates));
        if verbose {
            for why in &s.templates.no_template {
                println!("  no template: {why}");
            }
        }
    }
    let classes: Vec<String> = s.solver_unknown_classes.iter().map(|(k, v)| format!("{v} {k}")).collect();
    let classes = if classes.is_empty() { String::new() } else { format!(": {}", classes.join(", ")) };
    println!(
        "time: {:.2} s (solver {:.2} s, {} queries, {} unknown{classes})",
        s.time_s, s.solver_time_s, s.solver_queries, s.solver_unknown,
    );
    println!("coverage: {}", crate::coverage::summary_line(&s.coverage));
    if s.incomplete.is_empty() {
        println!("exploration complete");
    } else {
        println!("exploration incomplete: {}", s.incomplete.join("; "));
    }
    for a in &s.assumptions {
        println!("assumption: {a}");
    }
    let _ = prog;
}

/// The one line about templates (issue 22: quiet by default; `-v` lists each cycle's reason):
/// `templates: 12 cycles, 3 computed, 40 applied, 5 failed (4 no progression rule, 1 solver
/// budget), 2 cycles retired, 1 declined 64 times unused, 14 solver calls (3512345 units of
/// work)`.
pub fn templates_line(t: &kappa_engine::report::TemplateStats) -> String {
    let mut line = format!("templates: {} cycles, {} templates computed, {} applied", t.cycles, t.computed, t.applied);
    let failed: u64 = t.failed.values().sum();
    if failed > 0 {
        let by: Vec<String> = t.failed.iter().map(|(k, v)| format!("{v} {k}")).collect();
        line += &format!(", {failed} failed ({})", by.join(", "));
    }
    if t.retired > 0 {
        line += &format!(", {} cycle{} retired", t.retired, if t.retired == 1 { "" } else { "s" });
    }
    if t.declined > 0 {
        line += &format!(", {} declined {} times unused", t.declined, kappa_compact::DECLINE_LIMIT);
    }
    if t.work > 0 {
        line += &format!(", {} solver calls ({} units of work)", t.work_calls, t.work);
    }
    line
}

pub fn write_stats(path: &PathBuf, report: &RunReport, verdict: &Verdict) -> Result<(), String> {
    write_stats_named(path, report, verdict.stats_name())
}

/// The statistics with the verdict given by name (`false(valid-deref)`).
pub fn write_stats_named(path: &PathBuf, report: &RunReport, verdict: String) -> Result<(), String> {
    let mut stats = report.stats.clone();
    stats.verdict = verdict;
    let json = serde_json::to_string_pretty(&stats).map_err(|e| e.to_string())?;
    std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `false` if the test replays on the program (`front.file`) compiled by the C compiler.
pub fn replay_verdict(front: &FrontOpts, test: &kappa_ir::testcase::TestCase) -> Verdict {
    match confirm_by_replay(front, test) {
        Ok(()) => Verdict::False,
        Err(why) => Verdict::Unknown(why),
    }
}

/// The verdict's reason when the replay of a counterexample cannot end before the time limit:
/// a `false` is given only when the real program confirms it (docs/spec-extensions.md,
/// "Time limit").
pub const UNCONFIRMED_IN_TIME: &str = "timeout: the counterexample was not confirmed by replay within the time limit";

/// Does the counterexample's test replay on the program (`front.file`) compiled by the C
/// compiler? `Err` says why not; with no compiler for the data model, a note and `Ok` (SPEC.md:
/// a `false` is confirmed by replay where a compiler is available).
pub fn confirm_by_replay(front: &FrontOpts, test: &kappa_ir::testcase::TestCase) -> Result<(), String> {
    // Confirmation runs under the command's time limit (issue 20): compiling and running the
    // program get what is left of it.
    let deadline = crate::signals::time_left().map(|d| std::time::Instant::now() + d);
    if crate::signals::out_of_time() {
        return Err(UNCONFIRMED_IN_TIME.into());
    }
    let opts = kappa_replay::ReplayOptions {
        include_dirs: front.include.clone(),
        defines: front.define.clone(),
        units: front.units.clone(),
        deadline,
        ..Default::default()
    };
    if !kappa_replay::compiler_available(&opts, front.data_model) {
        eprintln!(
            "kappa: note: no C compiler for {}: the counterexample is not confirmed by replay",
            front.data_model.name()
        );
        return Ok(());
    }
    match kappa_replay::replay(&front.file, test, &opts) {
        Ok(r) if r.matches => Ok(()),
        Ok(r) if r.observed == kappa_replay::Observed::Timeout && crate::signals::out_of_time() => {
            Err(UNCONFIRMED_IN_TIME.into())
        }
        Ok(r) => Err(format!("counterexample did not replay: {}", r.explanation)),
        Err(kappa_replay::ReplayError::CompilerTimeout) => Err(UNCONFIRMED_IN_TIME.into()),
        Err(e) => Err(format!("counterexample could not be replayed: {e}")),
    }
}
