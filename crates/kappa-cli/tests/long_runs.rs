//! Long runs (issue 14): Ctrl-C and SIGTERM against the real binary, the memory cap measured from
//! outside, and the number of test files a run writes.
//!
//! The programs never finish in practice: `branches24.c` has 2^24 paths, `factor.c` one query Z3
//! does not decide in seconds.

use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/long").join(name)
}

/// `kappa ARGS` with SIGINT and SIGTERM at their default disposition (a test harness run in the
/// background may have SIGINT ignored, which kappa, like every Unix tool, would keep).
fn spawn(args: &[&str]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kappa"));
    cmd.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    cmd.spawn().expect("kappa starts")
}

fn send(child: &Child, sig: libc::c_int) {
    // SAFETY: a signal to our own child, which has not been reaped.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
}

/// Waits at most `limit` for the child; kills it and fails past that.
fn wait_within(child: &mut Child, limit: Duration) -> (ExitStatus, Duration) {
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().expect("wait") {
            return (st, start.elapsed());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("kappa did not exit within {limit:?} of the signal");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn read_all(r: Option<impl Read>) -> String {
    let mut s = String::new();
    if let Some(mut r) = r {
        let _ = r.read_to_string(&mut s);
    }
    s
}

fn stats(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("statistics JSON written");
    serde_json::from_str(&text).expect("statistics JSON parses")
}

fn test_files(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            n += test_files(&p);
        } else if p.extension().is_some_and(|x| x == "json") {
            n += 1;
        }
    }
    n
}

/// Starts `kappa CMD PROGRAM --out OUT --stats-json OUT/stats.json EXTRA`, sends `sig` after a
/// second, and checks what every interrupted run must give: exit within 2 s by the signal, the
/// statistics with the reason `interrupted` and verdict `unknown`, the summary (unless
/// `--quiet`), and the tests written so far on disk. Returns stdout.
fn interrupt(cmd: &str, prog: &str, sig: libc::c_int, extra: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let json = dir.path().join("stats.json");
    let mut args = vec![cmd, prog, "--out", out.to_str().unwrap(), "--stats-json", json.to_str().unwrap()];
    args.extend_from_slice(extra);
    let mut child = spawn(&args);
    std::thread::sleep(Duration::from_secs(1));
    assert!(child.try_wait().unwrap().is_none(), "{cmd} {prog} ended before the signal");
    send(&child, sig);
    let (status, took) = wait_within(&mut child, Duration::from_secs(2));
    let stdout = read_all(child.stdout.take());
    let stderr = read_all(child.stderr.take());
    assert_eq!(status.signal(), Some(sig), "ends by the signal (status {status:?}); stderr:\n{stderr}");
    assert!(took <= Duration::from_secs(2));
    assert!(stderr.contains("received: stopping the exploration"), "{stderr}");
    if !extra.contains(&"--quiet") {
        assert!(stdout.contains("exploration incomplete: interrupted"), "summary:\n{stdout}");
    }
    let s = stats(&json);
    assert_eq!(s["incomplete"][0], "interrupted", "{s}");
    assert_eq!(s["verdict"], "unknown");
    let tests = s["tests"].as_u64().unwrap();
    assert_eq!(test_files(&out.join("tests")) as u64, tests, "the tests written so far stay");
    stdout
}

#[test]
fn sigint_stops_run_with_its_report() {
    let prog = program("branches24.c");
    let stdout = interrupt("run", prog.to_str().unwrap(), libc::SIGINT, &["--search", "dfs"]);
    assert!(stdout.contains("paths: "), "{stdout}");
}

#[test]
fn sigterm_stops_run_with_its_report() {
    let prog = program("branches24.c");
    interrupt("run", prog.to_str().unwrap(), libc::SIGTERM, &[]);
}

#[test]
fn sigint_and_sigterm_stop_verify_with_unknown() {
    let prog = program("branches24.c");
    for sig in [libc::SIGINT, libc::SIGTERM] {
        let stdout = interrupt("verify", prog.to_str().unwrap(), sig, &["--quiet"]);
        assert_eq!(stdout.lines().last(), Some("RESULT: unknown (interrupted)"), "{stdout}");
    }
}

/// The signal arrives while Z3 works on a query it would spend its whole 10 s on: the query is
/// cancelled through Z3's interrupt, not waited for, and Z3 does not swallow the signal.
#[test]
fn sigint_cancels_the_running_query() {
    let prog = program("factor.c");
    let stdout = interrupt("verify", prog.to_str().unwrap(), libc::SIGINT, &["--quiet"]);
    assert_eq!(stdout.lines().last(), Some("RESULT: unknown (interrupted)"), "{stdout}");
}

/// A second Ctrl-C while the first is being handled (here: while the report and a large tree are
/// written) ends kappa at once.
#[test]
fn second_sigint_exits_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let tree = dir.path().join("tree.dot");
    let prog = program("branches24.c");
    let mut child =
        spawn(&["run", prog.to_str().unwrap(), "--out", out.to_str().unwrap(), "--tree", tree.to_str().unwrap()]);
    std::thread::sleep(Duration::from_secs(2));
    send(&child, libc::SIGINT);
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while !line.contains("received") {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "no message after the first SIGINT");
    }
    send(&child, libc::SIGINT);
    let (status, _) = wait_within(&mut child, Duration::from_secs(1));
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert_eq!(status.signal(), Some(libc::SIGINT));
    assert!(rest.contains("received again: exiting at once"), "{rest}");
}

/// `--max-memory 200` on a bfs frontier that grows without bound: the peak resident memory seen
/// from outside stays within 10% of the cap, the run goes on to its time limit, and the states
/// dropped are reported.
#[test]
fn memory_cap_is_kept_by_dropping_states() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let json = dir.path().join("stats.json");
    let prog = program("branches24.c");
    let mut child = spawn(&[
        "run",
        prog.to_str().unwrap(),
        "--search",
        "bfs",
        "--max-memory",
        "200",
        "--max-time",
        "20",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--stats-json",
        json.to_str().unwrap(),
    ]);
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    let start = Instant::now();
    let status = loop {
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            if let Some(kb) = text.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
                peak_kb = peak_kb.max(kb.trim().trim_end_matches("kB").trim().parse().unwrap_or(0));
            }
        }
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the run did not stop at its time limit");
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = read_all(child.stdout.take());
    assert!(status.success(), "{status:?}");
    assert!(peak_kb > 0);
    assert!(peak_kb as f64 / 1024.0 <= 220.0, "peak {peak_kb} kB over 200 MB + 10%");
    let s = stats(&json);
    let dropped = s["states_dropped"].as_u64().unwrap();
    assert!(dropped > 0, "the frontier outgrew the cap: {s}");
    let incomplete: Vec<&str> = s["incomplete"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert!(incomplete.iter().any(|r| r.starts_with("time limit")), "ran to its time limit: {incomplete:?}");
    assert!(incomplete.contains(&format!("memory cap of 200 MB: {dropped} states dropped").as_str()), "{incomplete:?}");
    assert!(stdout.contains(&format!("memory: {dropped} pending states dropped")), "{stdout}");
    assert!(s["memory_per_state_kb"].as_f64().unwrap() > 0.0);
}

fn run_tests(extra: &[&str]) -> (serde_json::Value, usize, String, PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let json = dir.path().join("stats.json");
    let prog = program("branches24.c");
    let mut args = vec![
        "run",
        prog.to_str().unwrap(),
        "--search",
        "dfs",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--stats-json",
        json.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_kappa")).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let tests = out.join("tests");
    let n = test_files(&tests);
    (stats(&json), n, String::from_utf8_lossy(&o.stdout).into_owned(), tests, dir)
}

#[test]
fn max_tests_caps_the_files_and_the_statistics_count_every_path() {
    let (s, files, stdout, _, _d) = run_tests(&["--max-time", "2", "--max-tests", "50"]);
    assert_eq!(files, 50);
    assert_eq!(s["tests"], 50);
    let completed = s["paths_completed"].as_u64().unwrap();
    assert!(completed > 50, "{s}");
    assert_eq!(s["tests_not_written"].as_u64().unwrap(), completed - 50);
    assert!(stdout.contains(&format!("{} paths got no test file: --max-tests 50 reached", completed - 50)), "{stdout}");
}

/// The default policy's threshold (`--path-tests`): every path up to it, then only paths that
/// cover a new branch or reach a new error; the number of files is bounded by the threshold plus
/// the branches, however long the run.
#[test]
fn path_tests_threshold_bounds_the_files() {
    let (s, files, stdout, _, _d) = run_tests(&["--max-time", "3", "--path-tests", "20"]);
    let branches = s["coverage"]["branches_total"].as_u64().unwrap() as usize;
    let completed = s["paths_completed"].as_u64().unwrap() as usize;
    assert!(completed > 20 + branches, "{s}");
    assert!((20..=20 + branches).contains(&files), "{files} files");
    assert_eq!(s["tests"].as_u64().unwrap() as usize, files);
    assert_eq!(s["tests_not_written"].as_u64().unwrap() as usize, completed - files);
    assert!(stdout.contains("only paths that reach a new error or cover a new branch get one"), "{stdout}");
}

/// `--path-tests all` writes a test for every path, in subdirectories of 1000 beyond the first
/// 1000.
#[test]
fn every_path_tests_are_sharded() {
    let (s, files, stdout, tests, _d) = run_tests(&["--max-states", "5000", "--path-tests", "all"]);
    let completed = s["paths_completed"].as_u64().unwrap() as usize;
    assert!(completed > 1000, "{s}");
    assert_eq!(files, completed);
    assert_eq!(s["tests_not_written"], 0);
    assert!(tests.join("test001000.json").is_file());
    assert!(tests.join("001/test001001.json").is_file());
    assert!(!tests.join("test001001.json").exists());
    assert!(stdout.contains("in subdirectories of 1000"), "{stdout}");
}
