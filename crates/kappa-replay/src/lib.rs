//! `kappa replay`: runs a test on the real program, compiled by the system C compiler.
//!
//! Everything happens on the preprocessed text the program was lowered from
//! ([`kappa_ir::Program::source`]), with byte-offset edits taken from the IR's spans; no C is
//! pattern-matched and nothing is preprocessed again.
//!
//! * Every `__VERIFIER_nondet_X()` call site gets its own function `__kappa_in_<k>` in place of
//!   the callee, returning the next input of the test; uninitialised scalar locals get an
//!   initialiser ` = __kappa_in_<k>()` after their name; uninitialised local arrays, structs and
//!   address-taken scalars get an extra declarator after theirs that fills them
//!   (`int a[4], *__kappa_d<k> = (__kappa_fill_<k>(&a, sizeof a), (void *) 0);` — which also
//!   works in `for (…;` headers); `malloc` calls become `__kappa_malloc_<k>`, which copies the
//!   test's bytes into the block. The runtime (`runtime.c`) checks that the program asks for the
//!   inputs at the sites and in the order of the test, and stops the run as
//!   [`Observed::Diverged`] otherwise.
//! * Calls of `reach_error`/`__VERIFIER_error` and `__assert_fail` at the IR's error sites, and
//!   body-less `assert(c)`/`__VERIFIER_assert(c)`, report the site and end the run, so that the
//!   program's own `reach_error` (which often aborts) never runs. The other error kinds are
//!   observed with AddressSanitizer and UndefinedBehaviorSanitizer, whose first report is mapped to
//!   a kind and a `file:line` of the program (the line markers of the preprocessed text make the
//!   debug information point into the original files). Without the sanitizers, signals stand in:
//!   SIGFPE for the division errors, SIGSEGV for the memory errors, and the location is not
//!   checked.
//! * For an entry function other than `main`, the program's `main` is renamed and a `main` that
//!   calls the entry with the test's arguments is added.
//!
//! A [`Harness`] is compiled once per program and runs any number of tests (the test's data is
//! read from a file at run time). [`replay`] does both for one test. Set `KAPPA_KEEP_REPLAY=DIR`
//! to keep the generated files (`prog.i`, `runtime.c`, the executable, each run's data and output)
//! in a directory under `DIR`; `KAPPA_CC` names the compiler (default `cc`). The runtime is
//! compiled once per compiler and flags into `$TMPDIR/kappa-replay-runtime-<hash>.o` and reused.
//!
//! Compilation: `cc -std=gnu11 -g -O0 -fwrapv -fno-omit-frame-pointer [-m32]
//! -fsanitize=address,undefined -fno-sanitize-recover=all -fno-sanitize=alignment,bool,enum`,
//! run with `ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:detect_stack_use_after_return=1:…` and
//! `UBSAN_OPTIONS=print_stacktrace=1:…`, stdin from /dev/null.

mod exec;
mod from_run;
pub mod gcov;
mod instrument;
mod lex;
mod sites;

pub use exec::kill_running;
pub use from_run::testcase_from_run;
pub use instrument::c_string;

/// The input an IR edge reads, if any: its kind and the name a test records for it (the
/// `__VERIFIER_nondet_X` function, the variable, `malloc`/`alloca`, or the memory slot). With
/// the edge's `span.offset` this is how replay finds the site of a test input: whoever writes
/// tests (the engine) should name inputs with this function.
pub fn input_site(
    prog: &kappa_ir::Program,
    func: &kappa_ir::Function,
    edge: &kappa_ir::Edge,
) -> Option<(InputKind, String)> {
    sites::input_of_edge(prog, func, edge).map(|(kind, name, _)| (kind, name))
}

use exec::{Ended, EXIT_ASSUME, EXIT_DIVERGED, EXIT_ERROR, EXIT_SANITIZER, EXIT_SETUP};
use instrument::{InputPlan, Plan};
use kappa_cfront::Diagnostic;
use kappa_ir::testcase::{InputKind, TestCase, TestOutcome};
use kappa_ir::{DataModel, ErrorKind, Program};
use std::fmt;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The runtime linked with every instrumented program.
pub const RUNTIME_C: &str = include_str!("runtime.c");

/// How to compile and run.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// The C compiler: `$KAPPA_CC`, else `cc`.
    pub cc: String,
    /// How long one run may take.
    pub timeout: Duration,
    /// No run goes past this instant (the time limit of the command that replays: `kappa
    /// verify --max-time`), whatever `timeout` says.
    pub deadline: Option<std::time::Instant>,
    /// Compile with AddressSanitizer and UndefinedBehaviorSanitizer when the compiler can (else
    /// signals stand in, and error locations are not checked).
    pub sanitizers: bool,
    /// `-I` directories and `-D` definitions for the front-end (they must be those the test
    /// was made with: the test's offsets point into the preprocessed text).
    pub include_dirs: Vec<PathBuf>,
    pub defines: Vec<String>,
    /// The program's translation units when it has several files (or flags of a compilation
    /// database): see [`kappa_cfront::Options::units`]. Each is compiled on its own and linked.
    pub units: Vec<kappa_cfront::Unit>,
    /// Keep the generated files in a directory under this one (`$KAPPA_KEEP_REPLAY`).
    pub keep: Option<PathBuf>,
    /// Compile with `-fwrapv` (kappa's default semantics: signed arithmetic wraps). Without it
    /// UBSan reports signed overflow, which confirms tests ending in `overflow`; [`replay`]
    /// turns it off for them.
    pub wrapv: bool,
    /// Compile with `--coverage` for gcov (and without the sanitizers, whose checks would count
    /// as branches): see [`gcov`].
    pub coverage: bool,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            cc: std::env::var("KAPPA_CC").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| "cc".into()),
            timeout: Duration::from_secs(10),
            deadline: None,
            sanitizers: true,
            include_dirs: Vec::new(),
            defines: Vec::new(),
            units: Vec::new(),
            keep: std::env::var_os("KAPPA_KEEP_REPLAY").filter(|s| !s.is_empty()).map(PathBuf::from),
            wrapv: true,
            coverage: false,
        }
    }
}

/// What a replayed run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Observed {
    /// The program exited with this status (`main` returned or `exit` was called).
    Exit(i32),
    /// `abort()`.
    Abort,
    /// An error: an instrumented error site, or a sanitizer report mapped to a kappa error kind.
    /// `file` and `line` are the program's source position; `line == 0` when unknown (without
    /// sanitizers).
    Error { kind: ErrorKind, file: String, line: u32 },
    /// A sanitizer report kappa has no error kind for (say, a shift by more than the width).
    Undefined(String),
    /// Killed by a signal other than SIGABRT.
    Signal(i32),
    /// Still running at the timeout.
    Timeout,
    /// `__VERIFIER_assume` failed: the test is not for this run.
    AssumeViolated,
    /// The program asked for an input the test does not have, or at another site.
    Diverged(String),
}

impl fmt::Display for Observed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observed::Exit(c) => write!(f, "exited with code {c}"),
            Observed::Abort => write!(f, "aborted"),
            Observed::Error { kind, file, line } if *line == 0 => {
                let _ = file;
                write!(f, "ended in {kind} (location unknown)")
            }
            Observed::Error { kind, file, line } => write!(f, "ended in {kind} at {file}:{line}"),
            Observed::Undefined(msg) => write!(f, "had undefined behaviour kappa does not check: {msg}"),
            Observed::Signal(s) => write!(f, "was killed by signal {s}{}", signal_name(*s)),
            Observed::Timeout => write!(f, "did not finish in time"),
            Observed::AssumeViolated => write!(f, "violated an assumption (__VERIFIER_assume)"),
            Observed::Diverged(msg) => write!(f, "diverged from the test: {msg}"),
        }
    }
}

fn signal_name(s: i32) -> &'static str {
    match s {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        _ => "",
    }
}

/// The result of a replay.
#[derive(Clone, Debug)]
pub struct Replay {
    pub observed: Observed,
    /// Whether the test's recorded outcome happened.
    pub matches: bool,
    /// One line: what was expected and what happened.
    pub explanation: String,
    pub stdout: String,
    pub stderr: String,
    /// Inputs the program read (when it ended normally, so that the runtime could count them).
    pub inputs_consumed: Option<usize>,
    /// Inputs the test gives the compiled program (those it skips not counted).
    pub inputs_expected: usize,
    /// Whether the program ran with the sanitizers.
    pub sanitizers: bool,
}

#[derive(Clone, Debug)]
pub enum ReplayError {
    /// No usable C compiler (or none for the data model).
    NoCompiler(String),
    /// The instrumented program does not compile.
    CannotCompile(String),
    /// The test needs an input replay cannot feed, or does not fit the program.
    NotReplayable(String),
    /// The front-end cannot lower the program.
    Frontend(Diagnostic),
    /// Files or processes.
    Io(String),
    /// The compiler had not finished at the caller's deadline ([`ReplayOptions::deadline`]).
    CompilerTimeout,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::NoCompiler(m) => write!(f, "no usable C compiler: {m}"),
            ReplayError::CannotCompile(m) => write!(f, "the instrumented program does not compile: {m}"),
            ReplayError::NotReplayable(m) => write!(f, "the test cannot be replayed: {m}"),
            ReplayError::Frontend(d) => write!(f, "{d}"),
            ReplayError::Io(m) => write!(f, "{m}"),
            ReplayError::CompilerTimeout => write!(f, "the C compiler had not finished at the time limit"),
        }
    }
}

impl std::error::Error for ReplayError {}

fn io_err(what: &str, e: std::io::Error) -> ReplayError {
    ReplayError::Io(format!("{what}: {e}"))
}

/// Replays one test on the program at `source`: lowers it again with the test's data model and
/// entry, compiles the instrumented program, runs it on the test's inputs and compares.
pub fn replay(source: &Path, test: &TestCase, opts: &ReplayOptions) -> Result<Replay, ReplayError> {
    let dm: DataModel = test.data_model.parse().map_err(ReplayError::NotReplayable)?;
    let mut opts = opts.clone();
    if matches!(&test.outcome, TestOutcome::Error { error, .. } if error == ErrorKind::Overflow.name()) {
        opts.wrapv = false;
    }
    given_all_files(source, test, &opts)?;
    let harness = Harness::build(source, dm, &test.entry, &opts)?;
    harness.run(test)
}

/// A test of a program of several files replayed on one file: say so before the front-end
/// fails on the functions the other files define.
pub(crate) fn given_all_files(source: &Path, test: &TestCase, opts: &ReplayOptions) -> Result<(), ReplayError> {
    if test.files.len() > 1 && opts.units.len() < 2 {
        return Err(ReplayError::NotReplayable(format!(
            "the test was made for the program of {} files ({}): give them all (kappa replay {} TEST), not only {}",
            test.files.len(),
            test.files.join(" "),
            test.files.join(" "),
            source.display()
        )));
    }
    Ok(())
}

/// Whether the compiler of `opts` builds and runs programs for the data model with the
/// sanitizers (else replay falls back to signals and does not check error locations).
pub fn sanitizers_available(opts: &ReplayOptions, dm: DataModel) -> bool {
    exec::probe(&opts.cc, dm == DataModel::ILP32, true, opts.deadline).is_ok()
}

/// Whether the compiler of `opts` builds and runs programs for the data model at all. A probe
/// cut by `opts.deadline` says nothing against it: the replay then ends as
/// [`ReplayError::CompilerTimeout`].
pub fn compiler_available(opts: &ReplayOptions, dm: DataModel) -> bool {
    !matches!(exec::probe(&opts.cc, dm == DataModel::ILP32, false, opts.deadline), Err(e) if e != exec::TIMED_OUT)
}

/// Lowers `source` and compiles its harness (the same as [`Harness::build`]).
pub fn compile_harness(
    source: &Path,
    dm: DataModel,
    entry: &str,
    opts: &ReplayOptions,
) -> Result<Harness, ReplayError> {
    Harness::build(source, dm, entry, opts)
}

/// An instrumented, compiled program, ready to run tests.
pub struct Harness {
    prog: Program,
    plan: Plan,
    entry: String,
    dir: PathBuf,
    temp: Option<tempfile::TempDir>,
    exe: PathBuf,
    sanitizers: bool,
    timeout: Duration,
    deadline: Option<std::time::Instant>,
    runs: AtomicUsize,
}

impl Harness {
    /// Lowers `source` and builds its harness.
    pub fn build(source: &Path, dm: DataModel, entry: &str, opts: &ReplayOptions) -> Result<Harness, ReplayError> {
        let fopts = kappa_cfront::Options {
            data_model: dm,
            include_dirs: opts.include_dirs.clone(),
            defines: opts.defines.clone(),
            entries: vec![entry.to_string()],
            units: opts.units.clone(),
            ..Default::default()
        };
        let prog = kappa_libc::lower_file(source, &fopts).map_err(ReplayError::Frontend)?;
        Harness::from_program(prog, entry, opts)
    }

    /// Builds the harness of an already lowered program (its `source` is what gets compiled).
    pub fn from_program(prog: Program, entry: &str, opts: &ReplayOptions) -> Result<Harness, ReplayError> {
        let m32 = prog.data_model == DataModel::ILP32;
        let timed_out = |r: &Result<(), String>| r.as_ref().err().is_some_and(|e| e == exec::TIMED_OUT);
        let plain = exec::probe(&opts.cc, m32, false, opts.deadline);
        if timed_out(&plain) {
            return Err(ReplayError::CompilerTimeout);
        }
        if let Err(e) = plain {
            return Err(ReplayError::NoCompiler(if m32 {
                format!("ILP32 needs `{} -m32`, which does not work here (install gcc-multilib): {e}", opts.cc)
            } else {
                e
            }));
        }
        let sanitizers = opts.sanitizers && !opts.coverage && {
            let with = exec::probe(&opts.cc, m32, true, opts.deadline);
            if timed_out(&with) {
                return Err(ReplayError::CompilerTimeout);
            }
            with.is_ok()
        };
        let plan = instrument::instrument(&prog, entry).map_err(ReplayError::NotReplayable)?;
        let stem = prog
            .files
            .first()
            .and_then(|f| Path::new(f).file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "prog".into());
        let (dir, temp) = match &opts.keep {
            Some(keep) => {
                std::fs::create_dir_all(keep).map_err(|e| io_err(&format!("cannot create {}", keep.display()), e))?;
                let t = tempfile::Builder::new()
                    .prefix(&format!("{stem}-"))
                    .tempdir_in(keep)
                    .map_err(|e| io_err("cannot create a directory", e))?;
                (t.keep(), None)
            }
            None => {
                let t = tempfile::Builder::new()
                    .prefix("kappa-replay-")
                    .tempdir()
                    .map_err(|e| io_err("cannot create a temporary directory", e))?;
                (t.path().to_path_buf(), Some(t))
            }
        };
        let prog_i = dir.join("prog.i");
        let runtime = dir.join("runtime.c");
        let exe = dir.join(&stem);
        std::fs::write(&prog_i, &plan.text).map_err(|e| io_err("cannot write the instrumented program", e))?;
        // The other units of a program of several files: `prog1.i`, `prog2.i`, …
        let mut units = vec![prog_i];
        for (k, t) in plan.others.iter().enumerate() {
            let p = dir.join(format!("prog{}.i", k + 1));
            std::fs::write(&p, t).map_err(|e| io_err("cannot write the instrumented program", e))?;
            units.push(p);
        }
        std::fs::write(&runtime, RUNTIME_C).map_err(|e| io_err("cannot write the runtime", e))?;
        let how = Compile { cc: &opts.cc, m32, sanitizers, wrapv: opts.wrapv, coverage: opts.coverage };
        compile(&how, &dir, &units, &runtime, &exe, opts.deadline)?;
        Ok(Harness {
            prog,
            plan,
            entry: entry.to_string(),
            dir,
            temp,
            exe,
            sanitizers,
            timeout: opts.timeout,
            deadline: opts.deadline,
            runs: AtomicUsize::new(0),
        })
    }

    /// The lowered program.
    pub fn program(&self) -> &Program {
        &self.prog
    }

    /// The instrumented translation unit.
    pub fn instrumented_source(&self) -> &str {
        &self.plan.text
    }

    /// Whether the program was compiled with the sanitizers.
    pub fn sanitizers(&self) -> bool {
        self.sanitizers
    }

    /// The directory of the generated files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Runs one test.
    pub fn run(&self, test: &TestCase) -> Result<Replay, ReplayError> {
        if test.entry != self.entry {
            return Err(ReplayError::NotReplayable(format!(
                "the test starts at `{}`, the harness at `{}`",
                test.entry, self.entry
            )));
        }
        if test.data_model != self.prog.data_model.name() {
            return Err(ReplayError::NotReplayable(format!(
                "the test is for {}, the harness for {}",
                test.data_model,
                self.prog.data_model.name()
            )));
        }
        self.check_files(test)?;
        let data = self.test_data(test)?;
        let n = self.runs.fetch_add(1, Ordering::Relaxed);
        let data_path = self.dir.join(format!("run{n}.data"));
        let out_path = self.dir.join(format!("run{n}.out"));
        let err_path = self.dir.join(format!("run{n}.err"));
        std::fs::write(&data_path, &data.text).map_err(|e| io_err("cannot write the test data", e))?;
        // The program runs in a directory of its own: the data file's path must not be relative.
        let data_str = std::path::absolute(&data_path).unwrap_or(data_path.clone()).to_string_lossy().into_owned();
        // Tests ending in a leak run with LeakSanitizer; for `memory_not_freed` it has no roots,
        // so that every block still allocated at exit is reported.
        let leak = match &test.outcome {
            TestOutcome::Error { error, .. } if error == ErrorKind::MemoryLeak.name() => Some(ErrorKind::MemoryLeak),
            TestOutcome::Error { error, .. } if error == ErrorKind::MemoryNotFreed.name() => {
                Some(ErrorKind::MemoryNotFreed)
            }
            _ => None,
        };
        let asan = match leak {
            Some(_) => exec::ASAN_OPTIONS.replace("detect_leaks=0", "detect_leaks=1"),
            None => exec::ASAN_OPTIONS.to_string(),
        };
        let lsan = match leak {
            Some(ErrorKind::MemoryNotFreed) => exec::LSAN_NO_ROOTS,
            _ => "",
        };
        let mut envs = vec![
            ("KAPPA_REPLAY_DATA", data_str.as_str()),
            ("ASAN_OPTIONS", asan.as_str()),
            ("UBSAN_OPTIONS", exec::UBSAN_OPTIONS),
            ("LSAN_OPTIONS", lsan),
        ];
        if leak.is_some() {
            // Leaks are checked at abort(), reach_error() and a failed assert too (runtime.c).
            envs.push(("KAPPA_REPLAY_LEAKS", "1"));
        }
        // The test's command line, standard input, and files in a directory of their own.
        let pi = &test.program_inputs;
        let run_dir = self.dir.join(format!("run{n}.cwd"));
        let stdin_path = self.dir.join(format!("run{n}.stdin"));
        std::fs::create_dir_all(&run_dir).map_err(|e| io_err("cannot create the run's directory", e))?;
        for f in &pi.files {
            if f.name.contains('/') || f.name.is_empty() || f.name.starts_with('.') {
                return Err(ReplayError::NotReplayable(format!("file name `{}` is not a plain name", f.name)));
            }
            std::fs::write(run_dir.join(&f.name), &f.contents.bytes).map_err(|e| io_err("cannot write a file", e))?;
        }
        if let Some(s) = &pi.stdin {
            std::fs::write(&stdin_path, &s.bytes).map_err(|e| io_err("cannot write standard input", e))?;
        }
        let inv = exec::Invocation {
            argv0: pi.argv.first().map(|a| a.bytes.as_slice()),
            args: pi.argv.iter().skip(1).map(|a| a.bytes.as_slice()).collect(),
            stdin: pi.stdin.as_ref().map(|_| stdin_path.as_path()),
        };
        let ended = exec::run_with_timeout(
            &self.exe,
            &inv,
            &envs,
            &out_path,
            &err_path,
            &run_dir,
            exec::timeout_until(self.timeout, self.deadline),
        )
        .map_err(|e| io_err("cannot run the compiled program", e))?;
        let _ = std::fs::remove_dir_all(&run_dir);
        let _ = std::fs::remove_file(&stdin_path);
        let stdout = String::from_utf8_lossy(&std::fs::read(&out_path).unwrap_or_default()).into_owned();
        let stderr = String::from_utf8_lossy(&std::fs::read(&err_path).unwrap_or_default()).into_owned();
        if self.temp.is_some() {
            for p in [&data_path, &out_path, &err_path] {
                let _ = std::fs::remove_file(p);
            }
        }
        let (observed, consumed) = match ended {
            Ended::Timeout => (Observed::Timeout, None),
            Ended::Status(status) => self.observe(status, &stderr, &data)?,
        };
        let observed = match observed {
            Observed::Error { kind: ErrorKind::MemoryLeak, file, line } if leak.is_some() => {
                // LeakSanitizer lists every block leaked, in no order kappa knows: the test's
                // block is the one allocated at its location, if it is among them.
                let files = &self.prog.files;
                let is_prog = |f: &str| files.iter().find(|pf| same_file(pf, f)).cloned();
                let want = match &test.outcome {
                    TestOutcome::Error { location, .. } => parse_location(location),
                    _ => None,
                };
                let (file, line) = want
                    .and_then(|(wf, wl)| {
                        exec::leak_locations(&stderr, &is_prog).into_iter().find(|(f, l)| *l == wl && same_file(&wf, f))
                    })
                    .unwrap_or((file, line));
                Observed::Error { kind: leak.unwrap_or(ErrorKind::MemoryLeak), file, line }
            }
            o => o,
        };
        let (matches, explanation) = match &test.outcome {
            TestOutcome::Halted { reason } => judge_halted(reason, &observed, consumed, data.count),
            expected => judge(expected, &observed, self.sanitizers),
        };
        let mut explanation = explanation;
        if let Some(c) = consumed {
            if c != data.count && matches {
                let _ = write!(explanation, " (but the program read {c} of the test's {} inputs)", data.count);
            }
        }
        Ok(Replay {
            observed,
            matches,
            explanation,
            stdout,
            stderr,
            inputs_consumed: consumed,
            inputs_expected: data.count,
            sanitizers: self.sanitizers,
        })
    }

    fn observe(
        &self,
        status: std::process::ExitStatus,
        stderr: &str,
        data: &TestData,
    ) -> Result<(Observed, Option<usize>), ReplayError> {
        let code = status.code();
        let mut consumed = None;
        for m in exec::markers(stderr) {
            match (m.first().copied(), code) {
                (Some("error"), Some(EXIT_ERROR)) => {
                    let k: usize = m.get(1).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
                    if let Some(site) = self.plan.errors.get(&k) {
                        let file = self.prog.files.get(site.span.file as usize).cloned().unwrap_or_default();
                        let read = m.get(2).and_then(|s| s.parse().ok());
                        return Ok((Observed::Error { kind: site.kind, file, line: site.span.line }, read));
                    }
                }
                (Some("diverged"), Some(EXIT_DIVERGED)) => {
                    let site: usize = m.get(1).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
                    let pos: usize = m.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
                    return Ok((Observed::Diverged(self.divergence(site, pos, data)), Some(pos)));
                }
                (Some("noarg"), Some(EXIT_DIVERGED)) => {
                    let i = m.get(1).copied().unwrap_or("?");
                    return Ok((Observed::Diverged(format!("the test has no value for parameter {i}")), None));
                }
                (Some("unexpected"), Some(EXIT_DIVERGED)) => {
                    let name = m.get(1).copied().unwrap_or("?");
                    return Ok((
                        Observed::Diverged(format!(
                            "the program called `{name}`, which has no body and which kappa did not see \
                             being called"
                        )),
                        None,
                    ));
                }
                (Some("assume-violated"), Some(EXIT_ASSUME)) => return Ok((Observed::AssumeViolated, None)),
                (Some("setup"), Some(EXIT_SETUP)) => {
                    return Err(ReplayError::Io(format!("the replay runtime failed: {}", m[1..].join(" "))));
                }
                (Some("consumed"), _) => consumed = m.get(1).and_then(|s| s.parse().ok()),
                _ => {}
            }
        }
        if self.sanitizers && code == Some(EXIT_SANITIZER) {
            let files = &self.prog.files;
            let is_prog = |f: &str| files.iter().find(|pf| same_file(pf, f)).cloned();
            if let Some(r) = exec::parse_report(stderr, &is_prog) {
                let observed = match (r.kind, r.location) {
                    (Some(kind), Some((file, line))) => Observed::Error { kind, file, line },
                    (Some(kind), None) => Observed::Error { kind, file: String::new(), line: 0 },
                    (None, loc) => Observed::Undefined(match loc {
                        Some((f, l)) => format!("{} at {f}:{l}", r.headline),
                        None => r.headline,
                    }),
                };
                return Ok((observed, None));
            }
        }
        let observed = exec::observe_plain(status, stderr, self.sanitizers);
        let consumed = if matches!(observed, Observed::Exit(_)) { consumed } else { None };
        Ok((observed, consumed))
    }

    fn divergence(&self, site: usize, pos: usize, data: &TestData) -> String {
        let asked = self.plan.site_desc.get(site).cloned().unwrap_or_else(|| format!("site {site}"));
        let inputs = &data.descs;
        match inputs.get(pos) {
            Some(have) => format!(
                "the program asks for input #{} at {asked}, but the test's input #{} is {have}",
                pos + 1,
                pos + 1
            ),
            None => format!(
                "the program asks for input #{} at {asked}, but the test has only {} inputs",
                pos + 1,
                inputs.len()
            ),
        }
    }
}

/// The data file of one test, and the number of inputs the compiled program will read.
struct TestData {
    text: String,
    count: usize,
    /// Where each input is read, for messages.
    descs: Vec<String>,
}

impl Harness {
    fn pointer_bytes(&self) -> u64 {
        self.prog.data_model.ptr_bytes()
    }

    fn test_data(&self, test: &TestCase) -> Result<TestData, ReplayError> {
        let mut text = String::new();
        let nargs = match &self.plan.params {
            Some(params) => {
                if test.args.len() < params.len() {
                    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                    return Err(ReplayError::NotReplayable(format!(
                        "`{}` takes {} parameters ({}), the test gives {}",
                        self.entry,
                        params.len(),
                        names.join(", "),
                        test.args.len()
                    )));
                }
                params.len()
            }
            None => 0,
        };
        let _ = write!(text, "args {nargs}");
        for a in &test.args[..nargs] {
            if a.ty == "ptr" && a.value as usize > test.heap.len() {
                return Err(ReplayError::NotReplayable(format!(
                    "parameter `{}` refers to object {}, which the test's heap does not have",
                    a.name, a.value
                )));
            }
            let _ = write!(text, " {}", a.value);
        }
        text.push('\n');
        // The input heap: objects allocated, filled and wired before the entry function runs.
        let _ = writeln!(text, "heap {}", test.heap.len());
        for (k, o) in test.heap.iter().enumerate() {
            if o.id as usize != k + 1 || o.bytes.len() as u64 != o.size {
                return Err(ReplayError::NotReplayable(format!("malformed input heap object {}", o.id)));
            }
            let _ = write!(text, "{} {} ", o.size, o.pointers.len());
            for b in &o.bytes {
                let _ = write!(text, "{b:02x}");
            }
            for p in &o.pointers {
                if p.target as usize > test.heap.len() || p.offset + self.pointer_bytes() > o.size {
                    return Err(ReplayError::NotReplayable(format!("malformed pointer in input heap object {}", o.id)));
                }
                let _ = write!(text, " {} {}", p.offset, p.target);
            }
            text.push('\n');
        }
        let mut lines = Vec::new();
        let mut descs = Vec::new();
        for (i, input) in test.inputs.iter().enumerate() {
            let key = sites::input_key(input.kind, input.offset, &input.name);
            let plan = match input.kind {
                InputKind::Param => None,
                _ => self.plan.inputs.get(&key).or_else(|| self.input_at_site(&key, &input.site)),
            };
            match plan {
                Some(InputPlan::Site(k)) => {
                    let mut line = format!("{k} {} {} ", input.value, input.bytes.len());
                    for b in &input.bytes {
                        let _ = write!(line, "{b:02x}");
                    }
                    lines.push(line);
                    descs.push(format!("at {}", self.plan.site_desc.get(*k).cloned().unwrap_or_default()));
                }
                Some(InputPlan::Ignored) => {}
                Some(InputPlan::Unsupported(why)) => return Err(ReplayError::NotReplayable(why.clone())),
                None => {
                    return Err(ReplayError::NotReplayable(format!(
                        "input #{} of the test ({} `{}` at {}, offset {}) is not an input site of this program \
                         (was the test made for another version of it?)",
                        i + 1,
                        kind_name(input.kind),
                        input.name,
                        input.site,
                        input.offset
                    )))
                }
            }
        }
        let _ = writeln!(text, "inputs {}", lines.len());
        for l in &lines {
            text.push_str(l);
            text.push('\n');
        }
        Ok(TestData { text, count: lines.len(), descs })
    }
}

fn kind_name(k: InputKind) -> &'static str {
    match k {
        InputKind::Nondet => "nondet",
        InputKind::Uninit => "uninit",
        InputKind::Memory => "memory",
        InputKind::Param => "param",
    }
}

/// How the instrumented program is compiled.
struct Compile<'a> {
    cc: &'a str,
    m32: bool,
    sanitizers: bool,
    wrapv: bool,
    coverage: bool,
}

/// Compiles the instrumented units with the runtime into `exe`; the compiler is killed at
/// `deadline` (gcc with the sanitizers takes seconds on a loaded machine, and a verdict waits
/// for it).
fn compile(
    how: &Compile<'_>,
    dir: &Path,
    units: &[PathBuf],
    runtime: &Path,
    exe: &Path,
    deadline: Option<std::time::Instant>,
) -> Result<(), ReplayError> {
    let Compile { cc, m32, sanitizers, wrapv, coverage } = *how;
    let mut fallbacks: Vec<String> = Vec::new();
    for _attempt in 0..2 {
        let mut cmd = std::process::Command::new(cc);
        cmd.args(exec::base_flags(m32).into_iter().filter(|f| wrapv || f != "-fwrapv"));
        if sanitizers {
            cmd.args(exec::sanitizer_flags());
        }
        if coverage {
            // The runtime's weak reference to __gcov_dump does not pull it from libgcov.
            cmd.arg("--coverage").arg("-Wl,-u,__gcov_dump");
        }
        cmd.arg("-x").arg("cpp-output").args(units);
        match exec::runtime_object(cc, m32, sanitizers, deadline) {
            Ok(obj) => cmd.arg("-x").arg("none").arg(obj),
            Err(_) => cmd.arg("-x").arg("c").arg(runtime),
        };
        if !fallbacks.is_empty() {
            let path = dir.join("fallbacks.c");
            cmd.arg("-x").arg("c");
            let mut src =
                String::from("extern void __kappa_rt_unexpected(const char *) __attribute__((__noreturn__));\n");
            for f in &fallbacks {
                let _ = writeln!(src, "__attribute__((weak)) void {f}(void) {{ __kappa_rt_unexpected(\"{f}\"); }}");
            }
            std::fs::write(&path, src).map_err(|e| io_err("cannot write the fallbacks", e))?;
            cmd.arg(&path);
        }
        cmd.arg("-o").arg(exe).current_dir(dir).stdin(std::process::Stdio::null());
        let out = exec::output_until(cmd, deadline)
            .map_err(|e| ReplayError::NoCompiler(format!("cannot run `{cc}`: {e}")))?
            .ok_or(ReplayError::CompilerTimeout)?;
        if out.status.success() {
            return Ok(());
        }
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        // Functions without a body that kappa never saw called (they are in code not reachable
        // from the entry): give them a body that reports the call.
        let missing = undefined_symbols(&err);
        if missing.is_empty() || !fallbacks.is_empty() {
            let errors: Vec<&str> = err.lines().filter(|l| l.contains("error")).take(5).collect();
            return Err(ReplayError::CannotCompile(if errors.is_empty() {
                exec::first_lines(&err, 5)
            } else {
                errors.join(" | ")
            }));
        }
        fallbacks = missing;
    }
    Err(ReplayError::CannotCompile("linking failed".into()))
}

fn undefined_symbols(ld: &str) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for l in ld.lines() {
        if let Some(i) = l.find("undefined reference to `") {
            let rest = &l[i + "undefined reference to `".len()..];
            if let Some(end) = rest.find('\'') {
                let name = &rest[..end];
                if !name.is_empty() && name.bytes().all(lex::is_ident_char) && !v.iter().any(|x| x == name) {
                    v.push(name.to_string());
                }
            }
        }
    }
    v
}

impl Harness {
    /// A test of a program of several files names them all: they must be this program's files
    /// (the same files on disk, however they are spelled; in another order, inputs are found
    /// by their position).
    fn check_files(&self, test: &TestCase) -> Result<(), ReplayError> {
        let mine: Vec<String> = self.prog.units.iter().map(|u| u.file.clone()).collect();
        if mine.is_empty() && test.files.is_empty() {
            return Ok(());
        }
        let theirs = if test.files.is_empty() { vec![test.program.clone()] } else { test.files.clone() };
        let mine = if mine.is_empty() { self.prog.files.iter().take(1).cloned().collect() } else { mine };
        let covers = |a: &[String], b: &[String]| a.iter().all(|x| b.iter().any(|y| same_file_on_disk(x, y)));
        if mine.len() == theirs.len() && covers(&mine, &theirs) && covers(&theirs, &mine) {
            return Ok(());
        }
        Err(ReplayError::NotReplayable(format!(
            "the test was made for the program of {} ({}), not of {} ({})",
            plural(theirs.len()),
            theirs.join(" "),
            plural(mine.len()),
            mine.join(" ")
        )))
    }

    /// The input site at the test's `file:line:col` with the key's kind and name, in the same
    /// file: for a test made from the program named another way, whose offsets differ.
    fn input_at_site(&self, key: &(u32, u8, String), site: &str) -> Option<&InputPlan> {
        let mut parts = site.rsplitn(3, ':');
        let col: u32 = parts.next()?.parse().ok()?;
        let line: u32 = parts.next()?.parse().ok()?;
        let file = parts.next()?;
        let found = self.plan.by_position.get(&(line, col, key.1, key.2.clone()))?;
        // Spelled alike, the offsets are the program's: a test that misses them was made for
        // another version of it.
        // In a program of several files given in another order, spelled alike differs too.
        let multi = !self.prog.units.is_empty();
        let (_, k) = found.iter().find(|(f, _)| (multi || f != file) && same_file_on_disk(f, file))?;
        self.plan.inputs.get(k)
    }
}

fn plural(n: usize) -> String {
    if n == 1 {
        "1 file".into()
    } else {
        format!("{n} files")
    }
}

/// Whether two names of source files name the same file: the same file on disk when both can
/// be found from here (whatever their spelling), else by [`same_file`].
pub(crate) fn same_file_on_disk(a: &str, b: &str) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => same_file(a, b),
    }
}

/// Whether two paths name the same source file (one may be relative to where the other was
/// compiled).
pub(crate) fn same_file(a: &str, b: &str) -> bool {
    let a = a.strip_prefix("./").unwrap_or(a);
    let b = b.strip_prefix("./").unwrap_or(b);
    a == b || a.ends_with(&format!("/{b}")) || b.ends_with(&format!("/{a}"))
}

/// `file:line:col` → file and line.
fn parse_location(loc: &str) -> Option<(String, u32)> {
    let mut parts = loc.rsplitn(3, ':');
    let col = parts.next()?;
    let line = parts.next()?;
    let file = parts.next()?;
    let _ = col;
    Some((file.to_string(), line.parse().ok()?))
}

/// The replay of a halted path's test (docs/spec-extensions.md, "Tests of halted paths"): kappa
/// stopped the path somewhere after its last input, so it predicts only that the program reads
/// the test's `count` inputs in order at their sites without ending before it has read them all.
/// `read` is how many it had read when it ended or asked for one more (`None`: unknown).
fn judge_halted(reason: &str, observed: &Observed, read: Option<usize>, count: usize) -> (bool, String) {
    let want = format!("the {count} inputs read without an error (the path was halted: {reason})");
    match (observed, read) {
        (Observed::Diverged(_), Some(n)) if n >= count => {
            (true, format!("{want}: the program asked for input #{} where kappa had halted the path", n + 1))
        }
        (Observed::Timeout, _) => (true, format!("{want}: the program was still running at the replay's timeout")),
        (Observed::Exit(_) | Observed::Error { .. }, Some(n)) if n >= count => {
            (true, format!("{want}: the program then {observed}, past the point where kappa halted the path"))
        }
        _ => (false, format!("expected {want}, but the program {observed} before reading all of them")),
    }
}

/// Whether the observation is the recorded outcome, and a one-line explanation.
fn judge(expected: &TestOutcome, observed: &Observed, sanitizers: bool) -> (bool, String) {
    let want = match expected {
        TestOutcome::Exit { code } => format!("exit code {code}"),
        TestOutcome::Abort => "abort()".to_string(),
        TestOutcome::Error { error, location, .. } => {
            let at = parse_location(location).map(|(f, l)| format!("{f}:{l}")).unwrap_or_else(|| location.clone());
            format!("{error} at {at}")
        }
        TestOutcome::Halted { .. } => return (false, "a halted path is judged by judge_halted".into()),
    };
    let ok = |note: &str| (true, format!("{want}, as the test expects{note}"));
    let bad = || (false, format!("expected {want}, but the program {observed}"));
    match (expected, observed) {
        (TestOutcome::Exit { code }, Observed::Exit(c)) if code & 0xff == c & 0xff => ok(""),
        (TestOutcome::Abort, Observed::Abort) => ok(""),
        (TestOutcome::Error { error, location, .. }, Observed::Error { kind, file, line }) => {
            // kappa reports a signed `<<` by an amount out of range as an overflow under
            // no-overflow; UBSan names the shift exponent.
            let shift_as_overflow = error == ErrorKind::Overflow.name() && *kind == ErrorKind::ShiftAmount;
            if error != kind.name() && !shift_as_overflow {
                return bad();
            }
            if *line == 0 {
                return ok(" (the location could not be checked without the sanitizers)");
            }
            match parse_location(location) {
                Some((f, l)) if l == *line && same_file_on_disk(&f, file) => ok(""),
                Some(_) => (false, format!("expected {want}, but the program ended in {kind} at {file}:{line}")),
                None => ok(" (the test's location is unreadable)"),
            }
        }
        // A lasso's test (`termination`): the program does not end. Still running at the
        // timeout is all a replay can see (kappa's interpreter confirmed the repeated state).
        (TestOutcome::Error { error, .. }, Observed::Timeout) if error == ErrorKind::NonTermination.name() => {
            ok(": the program was still running at the replay's timeout")
        }
        (TestOutcome::Error { error, .. }, Observed::Signal(sig)) if !sanitizers => {
            let fits = match sig {
                8 => error == "div_by_zero" || error == "div_overflow",
                7 | 11 => error == "null_deref" || error == "invalid_deref" || error == "out_of_bounds",
                _ => false,
            };
            if fits {
                ok(&format!(
                    " (signal {sig}{}; without the sanitizers the location could not be checked)",
                    signal_name(*sig)
                ))
            } else {
                bad()
            }
        }
        _ => bad(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_match_by_suffix() {
        assert!(same_file("a.c", "/tmp/x/a.c"));
        assert!(same_file("/tmp/x/a.c", "./a.c"));
        assert!(!same_file("ba.c", "/tmp/x/a.c"));
    }

    #[test]
    fn judging_outcomes() {
        let err =
            TestOutcome::Error { error: "div_by_zero".into(), location: "x/a.c:7:3".into(), message: String::new() };
        let seen = Observed::Error { kind: ErrorKind::DivByZero, file: "/w/x/a.c".into(), line: 7 };
        assert!(judge(&err, &seen, true).0);
        let elsewhere = Observed::Error { kind: ErrorKind::DivByZero, file: "/w/x/a.c".into(), line: 8 };
        assert!(!judge(&err, &elsewhere, true).0);
        assert!(judge(&err, &Observed::Signal(8), false).0);
        assert!(!judge(&err, &Observed::Signal(8), true).0);
        let exit = TestOutcome::Exit { code: 256 + 3 };
        assert!(judge(&exit, &Observed::Exit(3), true).0);
        let (m, why) = judge(&exit, &Observed::Exit(4), true);
        assert!(!m);
        assert_eq!(why, "expected exit code 259, but the program exited with code 4");
    }
}
