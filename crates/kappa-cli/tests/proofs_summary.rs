//! `kappa verify --proof summaries` (issue 21, docs/design-proofs.md "Function summaries"):
//! recursive programs on nondet arguments proved `true` by function summaries, with the
//! summaries printed and a correctness witness written; a wrong summary is never used (a bug
//! under recursion is still `false`), and a recursive function with a side effect is not
//! summarised. Programs: tests/programs/proofs/summ_*.c.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// stdout, stderr of `kappa verify PROGRAM --max-time T` (plus `extra`), output in a temp dir.
fn verify(program: &str, t: &str, extra: &[&str]) -> (String, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", program, "--max-time", t, "--out"])
        .arg(dir.path())
        .args(extra)
        .output()
        .expect("run kappa");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned(), dir)
}

fn result(out: &str) -> &str {
    out.lines().last().unwrap_or("")
}

#[test]
fn nested_recursion_is_proved_by_its_summary_with_a_witness() {
    let (out, err, dir) = verify("tests/programs/proofs/summ_nested.c", "20", &[]);
    assert_eq!(result(&out), "RESULT: true", "{out}\n{err}");
    // The summary that proves it: f returns 0, from a precondition the call site establishes.
    let line = out.lines().find(|l| l.starts_with("summary: f(n):")).unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("(\\result == 0)"), "{line}");
    assert!(line.contains("requires (n >= 0)"), "{line}");
    assert!(out.contains("proof: by function summaries"), "{out}");
    let witness = std::fs::read_to_string(dir.path().join("witness.yml")).unwrap();
    assert!(witness.contains("entry_type: invariant_set") || witness.contains("invariant_set"), "{witness}");
}

#[test]
fn mutual_recursion_is_proved_and_its_bug_is_found() {
    let (out, err, _d) = verify("tests/programs/proofs/summ_mutual_sub.c", "20", &[]);
    assert_eq!(result(&out), "RESULT: true", "{out}\n{err}");
    for f in ["s1(m, n)", "s2(m, n)"] {
        let line = out.lines().find(|l| l.starts_with(&format!("summary: {f}"))).unwrap_or_else(|| panic!("{out}"));
        assert!(line.contains("(\\result == (m - n))"), "{line}");
    }
    // One function off by one at n == 1: no summary survives that proves main, and the
    // exploration finds the failing input.
    let (out, err, _d) = verify("tests/programs/proofs/summ_mutual_sub_bug.c", "20", &[]);
    assert_eq!(result(&out), "RESULT: false(unreach-call)", "{out}\n{err}");
    assert!(!out.contains("summary:"), "{out}");
}

#[test]
fn without_the_technique_or_with_a_side_effect_there_is_no_proof() {
    let (out, err, _d) = verify("tests/programs/proofs/summ_nested.c", "3", &["--proof", "none"]);
    assert!(result(&out).starts_with("RESULT: unknown"), "{out}\n{err}");
    // `f` counts its calls in a global: its effect is more than its result.
    let (out, err, _d) = verify("tests/programs/proofs/summ_global.c", "3", &[]);
    assert!(result(&out).starts_with("RESULT: unknown"), "{out}\n{err}");
    assert!(err.contains("no proof by summaries: f uses a global variable"), "{err}");
}

#[test]
fn without_a_time_limit_the_exploration_before_the_proof_ends() {
    // A tenth of no limit is no limit: the plain exploration of unbounded recursion ran for
    // good before the proof began. It now has a budget of work and the proof follows.
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", "bench/proofs/mccarthy91.c", "--no-witnesses", "--out"])
        .arg(dir.path())
        .output()
        .expect("run kappa");
    let (out, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(result(&out), "RESULT: true", "{out}\n{err}");
    assert!(out.contains("exploration incomplete: query limit of 5000 reached"), "{out}");
}
