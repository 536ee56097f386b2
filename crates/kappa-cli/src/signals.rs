//! Ctrl-C (SIGINT) and SIGTERM (issue 14; docs/spec-extensions.md, "Interrupting a run").
//!
//! The first signal stops a run cleanly, as KLEE's first Ctrl-C does: the engine ends its current
//! step, the query Z3 is running is cancelled ([`kappa_solver::interrupt`]), and the summary,
//! statistics, tree and verdict (`unknown (interrupted)`) are written as after any other limit.
//! A second signal ends the process at once, and so does the first if kappa is still working
//! [`GRACE`] after it (the front-end of a huge file, too). When everything is written, kappa ends by the signal
//! it received (exit status 130 for SIGINT, 143 for SIGTERM in a shell), so that a shell loop or
//! a supervisor sees it was interrupted.
//!
//! The handler only writes the signal's number into a pipe; a thread reads it and does the work
//! (Z3's interrupt, messages, killing replayed programs), which a signal handler may not.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::time::Duration;

/// The signal that stopped the run (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);
/// The write end of the pipe to the watching thread.
static PIPE: AtomicI32 = AtomicI32::new(-1);
/// The engine is exploring (for the message of the grace period's exit).
static EXPLORING: AtomicBool = AtomicBool::new(false);
/// Explorations started so far: the grace period is of one exploration, counted from the
/// later of the signal and its start (an exploration that starts after the signal, e.g.
/// `verify --slice` falling back to the original, stops at its first step and reports).
static EXPLORATIONS: AtomicU64 = AtomicU64::new(0);

/// How long kappa may go on after the first signal before it ends without its report (a step
/// the interrupt cannot reach, such as a long computation outside Z3, or a phase that is no
/// exploration, such as the front-end).
const GRACE: Duration = Duration::from_secs(5);

/// What the first signal does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OnFirst {
    /// Stop the exploration and report (run, verify).
    Stop,
    /// Kill the replayed program and exit (replay: there is nothing to report).
    Exit,
}

extern "C" fn on_signal(sig: libc::c_int) {
    let fd = PIPE.load(Ordering::Relaxed);
    if fd >= 0 {
        let b = sig as u8;
        // SAFETY: write(2) is async-signal-safe; `b` lives for the call.
        unsafe {
            libc::write(fd, (&b as *const u8).cast(), 1);
        }
    }
}

/// Catches SIGINT and SIGTERM. A signal ignored when kappa starts stays ignored (a background
/// job's Ctrl-C is meant for the foreground, as with every Unix tool).
pub fn install(first: OnFirst) {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    PIPE.store(fds[1], Ordering::SeqCst);
    let reader = fds[0];
    if std::thread::Builder::new().name("kappa-signals".into()).spawn(move || watch(reader, first)).is_err() {
        return;
    }
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: plain sigaction calls with zero-initialised, then filled, structures.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 || old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            sa.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

fn watch(fd: libc::c_int, first: OnFirst) {
    loop {
        let mut b = 0u8;
        // SAFETY: reads one byte into `b`.
        let n = unsafe { libc::read(fd, (&mut b as *mut u8).cast(), 1) };
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if n <= 0 {
            return;
        }
        let sig = b as libc::c_int;
        let first_signal = RECEIVED.compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst).is_ok();
        if first_signal && first == OnFirst::Stop {
            eprintln!(
                "\nkappa: {} received: stopping the exploration and writing the report \
                 ({} again to exit at once)",
                name(sig),
                if sig == libc::SIGINT { "Ctrl-C" } else { "the signal" }
            );
            kappa_solver::interrupt::request();
            kappa_replay::kill_running();
            std::thread::spawn(move || {
                // kappa still working a whole grace period after the signal ends: an
                // exploration that ran for all of it, or a phase that is no exploration and
                // does not look at the signal (the front-end of a huge file, building a proof's
                // program). An exploration that started later gets its own period (it stops at
                // its first step).
                let mut seen = EXPLORATIONS.load(Ordering::SeqCst);
                loop {
                    std::thread::sleep(GRACE);
                    let now = EXPLORATIONS.load(Ordering::SeqCst);
                    if now == seen {
                        let what = if EXPLORING.load(Ordering::SeqCst) {
                            "the exploration did not stop"
                        } else {
                            "still working (not exploring)"
                        };
                        eprintln!("kappa: {what} {} s after the signal: exiting without a report", GRACE.as_secs());
                        answer_interrupted();
                        die(sig);
                    }
                    seen = now;
                }
            });
        } else {
            if first == OnFirst::Stop {
                eprintln!("kappa: {} received again: exiting at once", name(sig));
            }
            kappa_replay::kill_running();
            die(sig);
        }
    }
}

fn name(sig: libc::c_int) -> &'static str {
    match sig {
        libc::SIGINT => "SIGINT (Ctrl-C)",
        libc::SIGTERM => "SIGTERM",
        _ => "a signal",
    }
}

/// Ends the process by `sig` with its default action (termination), as if it had not been
/// caught.
fn die(sig: libc::c_int) -> ! {
    // SAFETY: restoring the default action and sending the signal to this process.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::kill(libc::getpid(), sig);
    }
    std::process::exit(128 + sig)
}

/// Marks the exploration as running or over (one that starts after the signal gets its own
/// grace period).
pub fn exploring(on: bool) {
    if on {
        EXPLORATIONS.fetch_add(1, Ordering::SeqCst);
    }
    EXPLORING.store(on, Ordering::SeqCst);
}

/// Has a signal stopped the run?
pub fn interrupted() -> bool {
    RECEIVED.load(Ordering::SeqCst) != 0
}

/// The end of a command: after an interrupt, the process ends by the signal (once the report is
/// written and flushed); otherwise with `code`.
pub fn finish(code: std::process::ExitCode) -> std::process::ExitCode {
    let sig = RECEIVED.load(Ordering::SeqCst);
    if sig != 0 {
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        die(sig);
    }
    code
}

/// The one time limit of a command (`--max-time`), for every phase: the front-end, cycle
/// analysis, templates, exploration, confirmation by replay, invariant checks and witnesses
/// (issue 20). Each phase asks [`time_left`] and fits in it; [`watch_deadline`] is the last
/// resort for a phase that does not.
static DEADLINE: std::sync::Mutex<Option<std::time::Instant>> = std::sync::Mutex::new(None);

/// The `RESULT:` line of the verdict known so far, printed by the watchdog if the
/// limit passes before the command prints its own; empty once the command printed it.
static PROVISIONAL: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// How long after `--max-time` the watchdog answers for a command that is still working: within
/// the second BenchExec-style scoring allows (issue 20: the `RESULT:` line before the limit
/// + 1 s).
const OVERRUN: Duration = Duration::from_millis(600);

/// Sets the deadline of the command: `max_time` seconds from now (none: no limit). The first
/// deadline counts from the process's start, as BenchExec counts the limit: loading Z3's
/// library and reading the command line come off it.
pub fn set_deadline(max_time: Option<f64>) -> Option<std::time::Instant> {
    static FIRST: std::sync::Once = std::sync::Once::new();
    let mut before = Duration::ZERO;
    FIRST.call_once(|| before = process_age().unwrap_or_default());
    let d = max_time.map(|t| std::time::Instant::now() + Duration::from_secs_f64(t.max(0.0)).saturating_sub(before));
    *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) = d;
    d
}

/// How long this process has run: its start in clock ticks after boot (`/proc/self/stat`,
/// field 22) against the uptime (`/proc/uptime`); both in steps of 10 ms.
fn process_age() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command's name (field 2) is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 1..];
    let start_ticks: f64 = rest.split_whitespace().nth(19)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let ticks_per_s = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let uptime: f64 = std::fs::read_to_string("/proc/uptime").ok()?.split_whitespace().next()?.parse().ok()?;
    (ticks_per_s > 0).then(|| Duration::from_secs_f64((uptime - start_ticks / ticks_per_s as f64).clamp(0.0, 60.0)))
}

/// The time left before the deadline (`None`: no limit); zero once it passed.
pub fn time_left() -> Option<Duration> {
    let d = (*DEADLINE.lock().unwrap_or_else(|e| e.into_inner()))?;
    Some(d.saturating_duration_since(std::time::Instant::now()))
}

/// The time left in seconds, for options that take it (`--max-time` of a later phase).
pub fn seconds_left() -> Option<f64> {
    time_left().map(|d| d.as_secs_f64())
}

/// The time left in seconds less `reserve`: for a phase after which the command still has to
/// write its report (the invariant check before the witness, the statistics and `RESULT:`).
pub fn seconds_left_reserving(reserve: Duration) -> Option<f64> {
    time_left().map(|d| d.saturating_sub(reserve).as_secs_f64())
}

/// The deadline passed or a signal stopped the run: a phase that has not started yet is skipped.
pub fn out_of_time() -> bool {
    interrupted() || time_left().is_some_and(|d| d.is_zero())
}

/// The last line of a command stopped by a signal (`RESULT: unknown (interrupted)` for `verify`),
/// printed by the grace period's exit if the command has not printed its own.
static ON_INTERRUPT: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Sets the line the grace period's exit prints after a signal, while the command has not
/// printed its result ([`print_result`], [`disarm`]).
pub fn on_interrupt(line: String) {
    *ON_INTERRUPT.lock().unwrap_or_else(|e| e.into_inner()) = Some(line);
}

/// After a signal, when kappa ends without its report: the interrupted command's last line, if
/// the command has not printed its result yet.
fn answer_interrupted() {
    let mut p = PROVISIONAL.lock().unwrap_or_else(|e| e.into_inner());
    if p.take().is_some() {
        if let Some(line) = ON_INTERRUPT.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            println!("{line}");
        }
    }
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
}

/// The command's result is known and it prints it itself (`run`'s report): the watchdog of the
/// deadline and the grace period's exit print nothing for it any more.
pub fn disarm() {
    *PROVISIONAL.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Records the `RESULT:` line of the verdict known so far (`unknown (timeout)` before anything
/// is known, `false(…)` once confirmed), for the watchdog.
pub fn provisional(line: String) {
    *PROVISIONAL.lock().unwrap_or_else(|e| e.into_inner()) = Some(line);
}

/// Prints the `RESULT:` line of the command (and disarms the watchdog): under the lock the
/// watchdog takes, so that exactly one of the two prints it.
pub fn print_result(line: &str) {
    let mut p = PROVISIONAL.lock().unwrap_or_else(|e| e.into_inner());
    println!("{line}");
    let _ = std::io::stdout().flush();
    *p = None;
}

/// One deadline for the whole of an exploring command (`run`, `testgen`: front-end,
/// exploration and what follows), with its watchdog; `line(reason)` is the line the command
/// ends with when the watchdog or the grace period after a signal cuts it, the reason naming
/// the time limit or the interrupt.
pub fn arm_exploration(max_time: Option<f64>, line: impl Fn(&str) -> String) {
    set_deadline(max_time);
    if let Some(t) = max_time {
        *LIMIT_REASON.lock().unwrap_or_else(|e| e.into_inner()) = Some(format!("time limit of {t}s reached"));
        provisional(line(&format!("time limit of {t}s reached")));
        watch_deadline();
    } else {
        provisional(line(kappa_engine::engine::INTERRUPTED));
    }
    on_interrupt(line(kappa_engine::engine::INTERRUPTED));
}

/// Starts the last-resort watchdog of the deadline: if the command is still working
/// [`OVERRUN`] after the deadline (a phase that could not be cut: a front-end on a huge file, a
/// library call), it prints the provisional verdict and ends the process, killing replayed
/// programs. Every phase is meant to end in time on its own; the watchdog notes on stderr when
/// it had to step in.
pub fn watch_deadline() {
    let Some(d) = *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) else { return };
    let _ = std::thread::Builder::new().name("kappa-deadline".into()).spawn(move || {
        std::thread::sleep(d.saturating_duration_since(std::time::Instant::now()) + OVERRUN);
        if *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) != Some(d) {
            // The deadline of an earlier check of the command (one per property).
            return;
        }
        let p = PROVISIONAL.lock().unwrap_or_else(|e| e.into_inner());
        let Some(v) = p.as_ref() else { return };
        eprintln!("kappa: still working {} ms after the time limit: answering now", OVERRUN.as_millis());
        kappa_replay::kill_running();
        write_snapshot();
        println!("{v}");
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        // SAFETY: ends the process at once, without running destructors of the main thread's
        // data (which it may be using).
        unsafe { libc::_exit(0) }
    });
}

/// The environment variable that makes kappa print, on stderr, when each part of the end of a
/// run happens relative to the deadline (`kappa-end: +0.123 s worker 1 run returned`): what the
/// process does between the time limit and its report (issue `watch9`).
const END_TRACE_VAR: &str = "KAPPA_END_TRACE";

/// With [`END_TRACE_VAR`] set: `what` happened now, in seconds after the deadline (negative:
/// before it).
pub fn end_trace(what: &str) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*ON.get_or_init(|| std::env::var_os(END_TRACE_VAR).is_some()) {
        return;
    }
    let now = std::time::Instant::now();
    let at = match *DEADLINE.lock().unwrap_or_else(|e| e.into_inner()) {
        Some(d) if now >= d => (now - d).as_secs_f64(),
        Some(d) => -(d - now).as_secs_f64(),
        None => f64::NAN,
    };
    eprintln!("kappa-end: {at:+.3} s {what}");
}

/// The time limit as a reason of `incomplete` (`time limit of 120s reached`), for the
/// statistics the watchdog writes.
static LIMIT_REASON: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// The statistics the watchdog writes if it answers while an exploration is still ending
/// ([`snapshot_to`]): the `--stats-json` file, and the latest counters of each engine (a
/// worker's final report once its run returned). A user under a supervisor wants the
/// statistics whenever the verdict is printed (issue watch9).
struct Snapshot {
    path: std::path::PathBuf,
    /// Per engine: its latest statistics and when they were taken.
    engines: Vec<Option<(kappa_engine::Stats, std::time::Instant)>>,
}

static SNAPSHOT: std::sync::Mutex<Option<Snapshot>> = std::sync::Mutex::new(None);

/// How often an engine's statistics are copied for the watchdog during its run.
const SNAPSHOT_EVERY: Duration = Duration::from_secs(1);

/// An exploration whose statistics go to `path` starts (`None`: it ended, and the command
/// writes its statistics itself): its engines' counters are kept for the watchdog. Only while a
/// deadline is armed.
pub fn snapshot_to(path: Option<std::path::PathBuf>) {
    let armed = DEADLINE.lock().unwrap_or_else(|e| e.into_inner()).is_some();
    *SNAPSHOT.lock().unwrap_or_else(|e| e.into_inner()) =
        path.filter(|_| armed).map(|path| Snapshot { path, engines: Vec::new() });
}

/// Engine `k`'s statistics now: kept for the watchdog if `last` (its run returned) or if the
/// copy it has is older than [`SNAPSHOT_EVERY`]. A try-lock: a progress callback never waits
/// for the watchdog.
pub fn snapshot(k: usize, stats: &kappa_engine::Stats, last: bool) {
    let Ok(mut g) = SNAPSHOT.try_lock() else { return };
    let Some(snap) = g.as_mut() else { return };
    if snap.engines.len() <= k {
        snap.engines.resize_with(k + 1, || None);
    }
    let slot = &mut snap.engines[k];
    if last || slot.as_ref().is_none_or(|(_, t)| t.elapsed() >= SNAPSHOT_EVERY) {
        *slot = Some((stats.clone(), std::time::Instant::now()));
    }
}

/// The watchdog's statistics: the engines' latest counters summed (as `--jobs` merges its
/// workers' reports), `incomplete` naming the time limit and that the watchdog answered,
/// verdict `unknown`. Nothing when no exploration registered a file, or when its lock stays
/// taken (a thread stuck while holding it: the watchdog must answer regardless).
fn write_snapshot() {
    let mut guard = None;
    for _ in 0..20 {
        if let Ok(g) = SNAPSHOT.try_lock() {
            guard = Some(g);
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let Some(mut guard) = guard else { return };
    let Some(snap) = guard.take() else { return };
    let mut engines = snap.engines.into_iter().flatten().map(|(s, _)| s);
    let Some(mut stats) = engines.next() else { return };
    for s in engines {
        stats.absorb(&s);
    }
    let limit = LIMIT_REASON.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let limit = limit.unwrap_or_else(|| "time limit reached".into());
    stats.incomplete.retain(|r| *r != limit);
    stats.incomplete.insert(0, limit);
    stats.incomplete.push(format!(
        "{WATCHDOG_ANSWERED} {} ms after the time limit: the statistics are the engines' latest counters",
        OVERRUN.as_millis()
    ));
    stats.verdict = "unknown".into();
    if let Ok(json) = serde_json::to_string_pretty(&stats) {
        if let Err(e) = std::fs::write(&snap.path, json + "\n") {
            eprintln!("kappa: cannot write {}: {e}", snap.path.display());
        }
    }
}

/// The start of the reason in `incomplete` of statistics the watchdog wrote.
pub const WATCHDOG_ANSWERED: &str = "the run was still ending and the watchdog answered";

/// Writing to a closed pipe (`kappa replay ... | head -1`) ends kappa by SIGPIPE, as it ends
/// `cat` or KLEE, instead of making `println!` panic (Rust ignores SIGPIPE by default).
pub fn default_sigpipe() {
    // SAFETY: setting the default disposition of a signal has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The watchdog's statistics (issue watch9): the engines' latest copies summed, a copy
    /// taken at most every [`SNAPSHOT_EVERY`] unless it is an engine's last, `incomplete`
    /// naming the time limit first (once) and the watchdog, verdict `unknown`; nothing once the
    /// exploration ended (the command writes its own).
    #[test]
    fn the_watchdog_writes_the_engines_latest_statistics() {
        let dir = std::env::temp_dir().join(format!("kappa-watchdog-stats-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join("stats.json");
        set_deadline(Some(3600.0));
        *LIMIT_REASON.lock().expect("lock") = Some("time limit of 60s reached".into());
        snapshot_to(Some(path.clone()));
        let a = kappa_engine::Stats { paths_completed: 3, states_created: 10, ..Default::default() };
        let b = kappa_engine::Stats {
            paths_completed: 4,
            states_created: 20,
            incomplete: vec!["time limit of 60s reached".into()],
            ..Default::default()
        };
        snapshot(0, &a, false);
        snapshot(1, &b, true);
        // Within a second of the last copy: not taken.
        snapshot(0, &kappa_engine::Stats { paths_completed: 100, ..a.clone() }, false);
        write_snapshot();
        let s: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("written")).expect("JSON");
        assert_eq!((s["paths_completed"].as_u64(), s["states_created"].as_u64()), (Some(7), Some(30)), "{s}");
        assert_eq!(s["verdict"], "unknown");
        let reasons: Vec<&str> = s["incomplete"].as_array().expect("list").iter().filter_map(|r| r.as_str()).collect();
        assert_eq!(reasons.len(), 2, "{reasons:?}");
        assert_eq!(reasons[0], "time limit of 60s reached");
        assert!(reasons[1].starts_with(WATCHDOG_ANSWERED), "{reasons:?}");
        // Written once; after the exploration's end, nothing.
        std::fs::remove_file(&path).expect("removed");
        write_snapshot();
        snapshot_to(Some(path.clone()));
        snapshot(0, &a, true);
        snapshot_to(None);
        write_snapshot();
        assert!(!path.exists());
        let _ = std::fs::remove_dir_all(&dir);
        set_deadline(None);
    }

    #[test]
    fn the_process_age_is_read_from_proc() {
        // The parse is what is tested: a number (not None) that does not go back.
        let age = process_age().expect("/proc/self/stat and /proc/uptime parse");
        let later = {
            std::thread::sleep(Duration::from_millis(50));
            process_age().expect("parse")
        };
        assert!(later >= age, "{age:?} then {later:?}");
    }
}
