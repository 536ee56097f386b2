//! Compiling the instrumented program and running it: compiler probes, the command line, the
//! child process with a timeout, and the reading of sanitizer reports.

use crate::Observed;
use kappa_ir::ErrorKind;
use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

pub(crate) const EXIT_ASSUME: i32 = 215;
pub(crate) const EXIT_SETUP: i32 = 216;
pub(crate) const EXIT_ERROR: i32 = 217;
pub(crate) const EXIT_DIVERGED: i32 = 218;
/// Exit code of the sanitizers' reports.
pub(crate) const EXIT_SANITIZER: i32 = 219;

/// `allocator_may_return_null=1`: an allocation glibc refuses (`calloc` whose size overflows)
/// returns NULL, as without the sanitizer, instead of ending the run.
pub(crate) const ASAN_OPTIONS: &str = "detect_leaks=0:abort_on_error=0:exitcode=219:detect_stack_use_after_return=1:\
                                        handle_abort=0:symbolize=1:allocator_may_return_null=1";
/// LeakSanitizer without roots: every block still allocated at exit is reported (SV-COMP's
/// `valid-memcleanup`).
pub(crate) const LSAN_NO_ROOTS: &str = "use_globals=0:use_stacks=0:use_registers=0:use_tls=0";
pub(crate) const UBSAN_OPTIONS: &str = "print_stacktrace=1:exitcode=219:halt_on_error=1";

/// The flags of every compilation.
pub(crate) fn base_flags(m32: bool) -> Vec<String> {
    let mut v: Vec<String> =
        ["-std=gnu11", "-g", "-O0", "-fwrapv", "-w", "-fno-omit-frame-pointer"].iter().map(|s| s.to_string()).collect();
    if m32 {
        v.push("-m32".into());
    }
    v
}

/// Sanitizers: ASan and UBSan, stopping at the first report. Checks for things kappa does not
/// treat as errors (alignment, `_Bool` and enum values) are off, so that the compiled program
/// behaves like kappa's semantics.
pub(crate) fn sanitizer_flags() -> Vec<String> {
    ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-sanitize=alignment,bool,enum"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

type ProbeKey = (String, bool, bool);

fn probes() -> &'static Mutex<HashMap<ProbeKey, Result<(), String>>> {
    static P: OnceLock<Mutex<HashMap<ProbeKey, Result<(), String>>>> = OnceLock::new();
    P.get_or_init(|| Mutex::new(HashMap::new()))
}

/// What [`probe`] and [`runtime_object`] say when the compiler had not finished at the
/// deadline: not an answer about the compiler, so not cached.
pub(crate) const TIMED_OUT: &str = "the C compiler had not finished at the time limit";

/// Whether `cc` builds and runs a trivial program with these flags (cached per process).
pub(crate) fn probe(cc: &str, m32: bool, sanitizers: bool, deadline: Option<Instant>) -> Result<(), String> {
    let key = (cc.to_string(), m32, sanitizers);
    if let Some(r) = probes().lock().map_err(|e| e.to_string())?.get(&key) {
        return r.clone();
    }
    let r = run_probe(cc, m32, sanitizers, deadline);
    if !matches!(&r, Err(e) if e == TIMED_OUT) {
        if let Ok(mut p) = probes().lock() {
            p.insert(key, r.clone());
        }
    }
    r
}

fn run_probe(cc: &str, m32: bool, sanitizers: bool, deadline: Option<Instant>) -> Result<(), String> {
    let dir = tempfile::Builder::new().prefix("kappa-probe").tempdir().map_err(|e| e.to_string())?;
    let src = dir.path().join("probe.c");
    let exe = dir.path().join("probe");
    std::fs::write(&src, "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { return 0; }\n")
        .map_err(|e| e.to_string())?;
    let mut cmd = Command::new(cc);
    cmd.args(base_flags(m32));
    if sanitizers {
        cmd.args(sanitizer_flags());
    }
    cmd.arg(&src).arg("-o").arg(&exe).stdin(Stdio::null());
    let out = output_until(cmd, deadline)
        .map_err(|e| format!("cannot run the C compiler `{cc}`: {e} (set KAPPA_CC to another one)"))?
        .ok_or(TIMED_OUT)?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("`{cc}` cannot build a program: {}", first_lines(&err, 3)));
    }
    let status = Command::new(&exe)
        .env("ASAN_OPTIONS", ASAN_OPTIONS)
        .env("UBSAN_OPTIONS", UBSAN_OPTIONS)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("cannot run a program built by `{cc}`: {e}"))?;
    if !status.success() {
        return Err(format!("a program built by `{cc}` does not run ({status})"));
    }
    Ok(())
}

/// The runtime compiled once per compiler and flags, cached in the temporary directory under a
/// name that hashes the runtime's source, the flags and the compiler's version.
pub(crate) fn runtime_object(
    cc: &str,
    m32: bool,
    sanitizers: bool,
    deadline: Option<Instant>,
) -> Result<std::path::PathBuf, String> {
    static CACHE: OnceLock<Mutex<HashMap<ProbeKey, std::path::PathBuf>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (cc.to_string(), m32, sanitizers);
    if let Some(p) = cache.lock().map_err(|e| e.to_string())?.get(&key) {
        if p.exists() {
            return Ok(p.clone());
        }
    }
    let mut flags = base_flags(m32);
    if sanitizers {
        flags.extend(sanitizer_flags());
    }
    let version = Command::new(cc)
        .args(["-dumpfullversion", "-dumpmachine"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [crate::RUNTIME_C, &flags.join(" "), cc, &version] {
        for b in part.bytes().chain([0u8]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let dir = std::env::temp_dir();
    let obj = dir.join(format!("kappa-replay-runtime-{h:016x}.o"));
    if !obj.exists() {
        let work = tempfile::Builder::new().prefix("kappa-rt").tempdir_in(&dir).map_err(|e| e.to_string())?;
        let src = work.path().join("runtime.c");
        let tmp = work.path().join("runtime.o");
        std::fs::write(&src, crate::RUNTIME_C).map_err(|e| e.to_string())?;
        let mut cmd = Command::new(cc);
        cmd.args(&flags).arg("-c").arg(&src).arg("-o").arg(&tmp).stdin(Stdio::null());
        let out = output_until(cmd, deadline).map_err(|e| format!("cannot run `{cc}`: {e}"))?.ok_or(TIMED_OUT)?;
        if !out.status.success() {
            return Err(format!(
                "the replay runtime does not compile: {}",
                first_lines(&String::from_utf8_lossy(&out.stderr), 5)
            ));
        }
        // Atomic: concurrent processes may do the same.
        std::fs::rename(&tmp, &obj).map_err(|e| e.to_string())?;
    }
    if let Ok(mut c) = cache.lock() {
        c.insert(key, obj.clone());
    }
    Ok(obj)
}

pub(crate) fn first_lines(s: &str, n: usize) -> String {
    s.lines().filter(|l| !l.trim().is_empty()).take(n).collect::<Vec<_>>().join(" | ")
}

/// How a child process ended.
pub(crate) enum Ended {
    Status(ExitStatus),
    Timeout,
}

/// The command line and standard input of a run (a test's program inputs).
#[derive(Default)]
pub(crate) struct Invocation<'a> {
    /// `argv[0]` (else the executable's path) and the arguments after it.
    pub argv0: Option<&'a [u8]>,
    pub args: Vec<&'a [u8]>,
    /// A file to read standard input from (else /dev/null).
    pub stdin: Option<&'a Path>,
}

/// A run's timeout: `timeout`, cut to what is left before `deadline` (a run that would start
/// after it gets no time and ends as a timeout at once).
pub(crate) fn timeout_until(timeout: Duration, deadline: Option<std::time::Instant>) -> Duration {
    match deadline {
        Some(d) => timeout.min(d.saturating_duration_since(std::time::Instant::now())),
        None => timeout,
    }
}

/// Runs `exe` in `dir` with the invocation's arguments and standard input and stdout/stderr to
/// files, killing it (by its process id, with `kill -9`) after `timeout`.
pub(crate) fn run_with_timeout(
    exe: &Path,
    inv: &Invocation<'_>,
    envs: &[(&str, &str)],
    out: &Path,
    err: &Path,
    dir: &Path,
    timeout: Duration,
) -> std::io::Result<Ended> {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(exe);
    for (k, v) in envs {
        cmd.env(k, v);
    }
    if let Some(a0) = inv.argv0 {
        cmd.arg0(OsStr::from_bytes(a0));
    }
    cmd.args(inv.args.iter().map(|a| OsStr::from_bytes(a)));
    let stdin = match inv.stdin {
        Some(p) => Stdio::from(std::fs::File::open(p)?),
        None => Stdio::null(),
    };
    let mut child = cmd
        .current_dir(dir)
        .stdin(stdin)
        .stdout(std::fs::File::create(out)?)
        .stderr(std::fs::File::create(err)?)
        .spawn()?;
    let pid = child.id();
    Ok(match wait_or_kill(pid, false, timeout, move || child.wait())? {
        Some(status) => Ended::Status(status),
        None => Ended::Timeout,
    })
}

/// Waits (on a thread) for the child `pid` with `wait`, at most `timeout`; then kills it (with
/// its process group if `group`: `kill -9`) and answers `None`. The child is listed in
/// [`RUNNING`] meanwhile, for [`kill_running`].
fn wait_or_kill<T: Send + 'static>(
    pid: u32,
    group: bool,
    timeout: Duration,
    wait: impl FnOnce() -> std::io::Result<T> + Send + 'static,
) -> std::io::Result<Option<T>> {
    let target = if group { format!("-{pid}") } else { pid.to_string() };
    let _running = Running::add(pid);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(wait());
    });
    match rx.recv_timeout(timeout) {
        Ok(r) => r.map(Some),
        Err(_) => {
            // The child is still ours (not reaped: its waiter has not returned), so the id is
            // still its own.
            let _ = Command::new("kill").args(["-s", "KILL", "--"]).arg(&target).stderr(Stdio::null()).status();
            let _ = rx.recv();
            Ok(None)
        }
    }
}

/// Runs `cmd` to its end and returns its output, or `None` if it had not ended at `deadline`:
/// then it and the processes it started (gcc's cc1, as, ld: one process group) are killed.
pub(crate) fn output_until(
    mut cmd: Command,
    deadline: Option<Instant>,
) -> std::io::Result<Option<std::process::Output>> {
    use std::os::unix::process::CommandExt;
    let Some(deadline) = deadline else { return cmd.output().map(Some) };
    let child = cmd.process_group(0).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    wait_or_kill(child.id(), true, deadline.saturating_duration_since(Instant::now()), move || child.wait_with_output())
}

/// The process ids of the programs being replayed, for [`kill_running`].
static RUNNING: std::sync::Mutex<Vec<u32>> = std::sync::Mutex::new(Vec::new());

/// A replayed program's entry in [`RUNNING`], removed when its run is over.
struct Running(u32);

impl Running {
    fn add(pid: u32) -> Running {
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).push(pid);
        Running(pid)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).retain(|&p| p != self.0);
    }
}

/// Kills the programs being replayed (`kill -9`), for a kappa that is interrupted (Ctrl-C,
/// SIGTERM): a SIGTERM sent to kappa alone would leave them running.
pub fn kill_running() {
    let pids = RUNNING.lock().unwrap_or_else(|e| e.into_inner()).clone();
    for pid in pids {
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).stderr(Stdio::null()).status();
    }
}

/// A sanitizer's report: the kind kappa gives it (if any), its first line, and where it happened.
pub(crate) struct Report {
    pub kind: Option<ErrorKind>,
    pub headline: String,
    pub location: Option<(String, u32)>,
}

/// Reads the first ASan or UBSan report of `stderr`. `is_program_file` says which source files
/// are the program's (frames in the runtime, libc or the sanitizers are skipped).
pub(crate) fn parse_report(stderr: &str, is_program_file: &dyn Fn(&str) -> Option<String>) -> Option<Report> {
    let lines: Vec<&str> = stderr.lines().collect();
    let ubsan = lines.iter().position(|l| l.contains(": runtime error: "));
    let asan = lines.iter().position(|l| {
        l.contains("ERROR: AddressSanitizer: ") || l.contains("ERROR: LeakSanitizer: detected memory leaks")
    });
    let start = match (ubsan, asan) {
        (Some(u), Some(a)) => u.min(a),
        (Some(u), None) => u,
        (None, Some(a)) => a,
        (None, None) => return None,
    };
    let head = lines[start];
    let mut candidates: Vec<(String, u32)> = Vec::new();
    let (kind, headline) = if Some(start) == ubsan {
        let (loc, msg) = head.split_once(": runtime error: ").unwrap_or(("", head));
        if let Some((file, line)) = split_location(loc) {
            candidates.push((file, line));
        }
        (ubsan_kind(msg), format!("runtime error: {msg}"))
    } else if head.contains("ERROR: LeakSanitizer: ") {
        // One report per leaked block (also the replay runtime's, without roots): the first
        // block allocated by the program is the leak; none means the program leaks nothing.
        let location = lines[start + 1..]
            .iter()
            .filter(|l| l.trim_start().starts_with('#'))
            .filter_map(|l| l.trim().rsplit(' ').next().and_then(split_location))
            .find_map(|(f, l)| is_program_file(&f).map(|f| (f, l)));
        let kind = location.as_ref().map(|_| ErrorKind::MemoryLeak);
        return Some(Report { kind, headline: "LeakSanitizer: detected memory leaks".into(), location });
    } else {
        let msg = head.split_once("ERROR: AddressSanitizer: ").map(|x| x.1).unwrap_or(head);
        (asan_kind(msg), format!("AddressSanitizer: {msg}"))
    };
    for l in &lines[start + 1..] {
        let t = l.trim_start();
        if !t.starts_with('#') {
            // Frames of the first stack only.
            if !candidates.is_empty() && (t.is_empty() || t.starts_with("SUMMARY") || t.contains("is located")) {
                break;
            }
            continue;
        }
        // `#1 0x55… in func /path/file.c:12` or `…:12:5`.
        if let Some(loc) = t.rsplit(' ').next() {
            if let Some((file, line)) = split_location(loc) {
                candidates.push((file, line));
            }
        }
    }
    let location = candidates.into_iter().find_map(|(f, l)| is_program_file(&f).map(|f| (f, l)));
    Some(Report { kind, headline: headline.trim().to_string(), location })
}

/// The allocation site in the program of every block a LeakSanitizer report lists (the first
/// frame of each block's stack that is in the program's files), in the report's order.
pub(crate) fn leak_locations(stderr: &str, is_program_file: &dyn Fn(&str) -> Option<String>) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    let mut found = true;
    for l in stderr.lines().map(str::trim) {
        if l.starts_with("Direct leak of") || l.starts_with("Indirect leak of") {
            found = false;
        } else if !found && l.starts_with('#') {
            if let Some(loc) =
                l.rsplit(' ').next().and_then(split_location).and_then(|(f, n)| is_program_file(&f).map(|f| (f, n)))
            {
                out.push(loc);
                found = true;
            }
        }
    }
    out
}

/// `file:line` or `file:line:col`.
fn split_location(s: &str) -> Option<(String, u32)> {
    let s = s.trim();
    let (rest, last) = s.rsplit_once(':')?;
    let last: u32 = last.parse().ok()?;
    if let Some((file, line)) = rest.rsplit_once(':') {
        if let Ok(line) = line.parse::<u32>() {
            return (!file.is_empty()).then(|| (file.to_string(), line));
        }
    }
    (!rest.is_empty()).then(|| (rest.to_string(), last))
}

fn ubsan_kind(msg: &str) -> Option<ErrorKind> {
    if msg.starts_with("division by zero") {
        Some(ErrorKind::DivByZero)
    } else if msg.starts_with("division of") && msg.contains("by -1 cannot be represented") {
        Some(ErrorKind::DivOverflow)
    } else if msg.starts_with("index ") && msg.contains("out of bounds for type") {
        Some(ErrorKind::OutOfBounds)
    } else if msg.contains("null pointer") && !msg.contains("offset") {
        Some(ErrorKind::NullDeref)
    } else if msg.starts_with("signed integer overflow:")
        || (msg.starts_with("negation of ") && msg.contains("cannot be represented"))
        || (msg.starts_with("left shift of") && msg.contains("cannot be represented"))
    {
        Some(ErrorKind::Overflow)
    } else if msg.starts_with("shift exponent ")
        && (msg.contains(" is too large for ") || msg.ends_with(" is negative"))
    {
        Some(ErrorKind::ShiftAmount)
    } else if msg.starts_with("variable length array bound evaluates to non-positive value") {
        Some(ErrorKind::VlaBound)
    } else {
        None
    }
}

fn asan_kind(msg: &str) -> Option<ErrorKind> {
    let what = msg.split_whitespace().next().unwrap_or("");
    if what.ends_with("-buffer-overflow") || what.ends_with("-buffer-underflow") || what == "container-overflow" {
        return Some(ErrorKind::OutOfBounds);
    }
    if what.starts_with("heap-use-after-free")
        || what.starts_with("stack-use-after-")
        || what == "use-after-poison"
        || what == "global-use-after-scope"
    {
        return Some(ErrorKind::InvalidDeref);
    }
    if msg.starts_with("attempting double-free")
        || msg.starts_with("attempting free on address which was not malloc()-ed")
        || what == "bad-free"
        || what == "alloc-dealloc-mismatch"
    {
        return Some(ErrorKind::InvalidFree);
    }
    if let Some(rest) = msg.strip_prefix("SEGV on unknown address") {
        let addr = rest.split_whitespace().next().unwrap_or("");
        let small = u64::from_str_radix(addr.trim_start_matches("0x"), 16).map(|a| a < 4096).unwrap_or(addr.is_empty());
        return Some(if small { ErrorKind::NullDeref } else { ErrorKind::InvalidDeref });
    }
    if msg.starts_with("BUS on unknown address") {
        return Some(ErrorKind::InvalidDeref);
    }
    if msg.starts_with("FPE on unknown address") {
        return Some(ErrorKind::DivByZero);
    }
    None
}

/// The observation of a run whose exit status and stderr are known and which printed no
/// runtime marker.
pub(crate) fn observe_plain(status: ExitStatus, stderr: &str, sanitizers: bool) -> Observed {
    use std::os::unix::process::ExitStatusExt;
    if let Some(sig) = status.signal() {
        if sig == 6 {
            if !sanitizers && (stderr.contains("double free") || stderr.contains("free(): invalid")) {
                return Observed::Error { kind: ErrorKind::InvalidFree, file: String::new(), line: 0 };
            }
            return Observed::Abort;
        }
        return Observed::Signal(sig);
    }
    Observed::Exit(status.code().unwrap_or(-1))
}

/// The `KAPPA-REPLAY` marker lines of the runtime.
pub(crate) fn markers(stderr: &str) -> Vec<Vec<&str>> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("KAPPA-REPLAY "))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_never_outlasts_the_deadline() {
        let ten = Duration::from_secs(10);
        let now = std::time::Instant::now();
        assert_eq!(timeout_until(ten, None), ten);
        assert_eq!(timeout_until(ten, Some(now + Duration::from_secs(100))), ten);
        assert!(timeout_until(ten, Some(now + Duration::from_secs(2))) <= Duration::from_secs(2));
        assert_eq!(timeout_until(ten, now.checked_sub(Duration::from_secs(1))), Duration::ZERO);
    }

    #[test]
    fn reports_are_classified_and_located() {
        let prog = |f: &str| f.ends_with("a.c").then(|| "a.c".to_string());
        let ub = "a.c:8:31: runtime error: division by zero\n    #0 0x1 in g /tmp/a.c:8\n";
        let r = parse_report(ub, &prog).unwrap();
        assert_eq!(r.kind, Some(ErrorKind::DivByZero));
        assert_eq!(r.location, Some(("a.c".into(), 8)));
        let asan = "=====\n==1==ERROR: AddressSanitizer: attempting double-free on 0x6 in thread T0:\n    \
                    #0 0x7f in __interceptor_free ../../src/libsanitizer/asan/asan_malloc_linux.cpp:52\n    \
                    #1 0x55 in g /tmp/a.c:13\n";
        let r = parse_report(asan, &prog).unwrap();
        assert_eq!(r.kind, Some(ErrorKind::InvalidFree));
        assert_eq!(r.location, Some(("a.c".into(), 13)));
        let segv = "==2==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010 (pc 0x5 bp 0x7 sp 0x7 T0)\n";
        assert_eq!(parse_report(segv, &prog).unwrap().kind, Some(ErrorKind::NullDeref));
        let segv = "==2==ERROR: AddressSanitizer: SEGV on unknown address 0x55d5b7b47080 (pc 0x5 bp 0x7 sp 0x7 T0)\n";
        assert_eq!(parse_report(segv, &prog).unwrap().kind, Some(ErrorKind::InvalidDeref));
        let ub = "a.c:9:48: runtime error: division of -2147483648 by -1 cannot be represented in type 'int'\n";
        assert_eq!(parse_report(ub, &prog).unwrap().kind, Some(ErrorKind::DivOverflow));
        // sound11: shifts.
        let ub = "a.c:18:32: runtime error: shift exponent 40 is too large for 32-bit type 'int'\n";
        assert_eq!(parse_report(ub, &prog).unwrap().kind, Some(ErrorKind::ShiftAmount));
        let ub = "a.c:18:32: runtime error: shift exponent -1 is negative\n";
        assert_eq!(parse_report(ub, &prog).unwrap().kind, Some(ErrorKind::ShiftAmount));
        let ub = "a.c:8:11: runtime error: left shift of 1 by 31 places cannot be represented in type 'int'\n";
        assert_eq!(parse_report(ub, &prog).unwrap().kind, Some(ErrorKind::Overflow));
        let ub = "a.c:8:11: runtime error: left shift of negative value -1\n";
        assert_eq!(parse_report(ub, &prog).unwrap().kind, None);
    }
}
