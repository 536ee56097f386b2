//! What the tests that start the real `kappa` binary share (issue 14).
#![allow(dead_code)]

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/long").join(name)
}

/// `kappa ARGS` with SIGINT and SIGTERM at their default disposition (a test harness run in the
/// background may have SIGINT ignored, which kappa, like every Unix tool, would keep).
pub fn spawn(args: &[&str]) -> Child {
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

pub fn send(child: &Child, sig: libc::c_int) {
    // SAFETY: a signal to our own child, which has not been reaped.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
}

/// Waits at most `limit` for the child; kills it and fails past that.
pub fn wait_within(child: &mut Child, limit: Duration) -> (ExitStatus, Duration) {
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

pub fn read_all(r: Option<impl Read>) -> String {
    let mut s = String::new();
    if let Some(mut r) = r {
        let _ = r.read_to_string(&mut s);
    }
    s
}

pub fn stats(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("statistics JSON written");
    serde_json::from_str(&text).expect("statistics JSON parses")
}

pub fn test_files(dir: &Path) -> usize {
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

/// The repository's root, where the tests run kappa (paths like `tests/programs/…` are
/// relative to it).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `kappa ARGS` run in the repository's root: standard output, standard error, exit code.
pub fn kappa_at_root(args: &[&str]) -> (String, String, Option<i32>) {
    kappa_in(&root(), args)
}

/// `kappa ARGS` run in `dir`: standard output, standard error, exit code.
pub fn kappa_in(dir: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).current_dir(dir).args(args).output().expect("run kappa");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

pub fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}
