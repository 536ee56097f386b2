//! `kappa verify --proof lazy` (issue 21, lazy annotation with subsumption): loops whose
//! exploration has exponentially many paths, and whose invariants no k-induction candidate
//! expresses, are proved `true` by covering the states at their heads with labels of finished
//! subtrees (the `subsumed` statistic); the mutants with one constant changed so that gcc
//! finds a failing input are answered `false` (the counterexample replays), never `true`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The work budget of every run, in states: lazy annotation's own cap (`prove_lazy.rs`), and
/// the same for the runs without it, so that the comparison is at equal budget.
const BUDGET: &str = "20000";

/// What `kappa verify FILE --max-states BUDGET ARGS --stats-json` printed and its statistics.
struct Run {
    result: String,
    stdout: String,
    stats: serde_json::Value,
    yml: String,
}

fn verify(file: &str, args: &[&str]) -> Run {
    let dir = tempfile::tempdir().expect("temp dir");
    let stats = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", file, "--quiet", "--max-states", BUDGET])
        .args(args)
        .arg("--stats-json")
        .arg(&stats)
        .arg("--out")
        .arg(dir.path())
        .output()
        .expect("run kappa");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let text = std::fs::read_to_string(&stats).unwrap_or_default();
    Run {
        result: stdout.lines().last().unwrap_or("").to_string(),
        stats: serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
        yml: std::fs::read_to_string(dir.path().join("witness.yml")).unwrap_or_default(),
        stdout,
    }
}

/// A counter of the searcher in the statistics (`searcher.subsumed`).
fn counter(stats: &serde_json::Value, name: &str) -> u64 {
    stats["searcher"][name].as_u64().unwrap_or(0)
}

const PROVED: [&str; 5] = [
    "tests/programs/proofs/lazy_subset_sum.c",
    "tests/programs/proofs/lazy_bits.c",
    "tests/programs/proofs/lazy_calls.c",
    "tests/programs/proofs/lazy_close.c",
    "tests/programs/proofs/lazy_close_frame.c",
];

#[test]
fn exponential_loops_are_proved_by_subsumption() {
    for f in PROVED {
        let run = verify(f, &["--proof", "lazy"]);
        assert_eq!(run.result, "RESULT: true", "{f}: {}", run.stdout);
        assert!(run.stdout.contains("proof: lazy annotation"), "{f}: {}", run.stdout);
        let subsumed = counter(&run.stats, "subsumed");
        assert!(subsumed > 0, "{f}: no state covered: {}", run.stats);
        // Covering keeps the tree small: far fewer states than the 2^12..2^20 paths.
        let states = run.stats["states_created"].as_u64().unwrap_or(u64::MAX);
        assert!(states < 5_000, "{f}: {states} states");
        // The witness is written, with an invariant at the loop head.
        assert!(run.yml.contains("invariant"), "{f}: no witness: {}", run.yml);
    }
}

#[test]
fn without_lazy_annotation_they_stay_unknown() {
    // The same budget of states without the technique: k-induction does not prove them (the
    // step case reaches the error in `lazy_subset_sum` and `lazy_bits`; `lazy_calls`' loop
    // calls a function that writes a global, refused; `lazy_close`'s step case is
    // incomplete, `lazy_close_frame`'s reaches the error) and the classic exploration stops
    // at the state limit (measured: 20,001 states, no path completed, in all five; with lazy
    // annotation 49, 107, 33, 51 and 65 states).
    for f in PROVED {
        let run = verify(f, &["--proof", "kind", "--mode", "classic"]);
        assert_eq!(run.result, format!("RESULT: unknown (state limit of {BUDGET} reached)"), "{f}: {}", run.stdout);
    }
}

#[test]
fn an_unbounded_loop_is_closed_by_an_inductive_label() {
    // `lazy_close`: after the bounded loop, `while (nondet) if (n < 1000) n += 2;` has no
    // bound: no label of a finished subtree covers its iterations; the pool's candidates
    // that hold at the head's second arrival and that one iteration keeps (n even,
    // 0 <= n <= 1000) imply the exit's label and are kept as the head's label.
    // `lazy_close_frame`: the exit also needs `x <= 190` of the loop before, a conjunct of
    // the exit's label (no pool atom of the loop names x).
    for f in ["tests/programs/proofs/lazy_close.c", "tests/programs/proofs/lazy_close_frame.c"] {
        let run = verify(f, &["--proof", "lazy"]);
        assert_eq!(run.result, "RESULT: true", "{f}: {}", run.stdout);
        assert!(counter(&run.stats, "closed") >= 1, "{f}: not closed: {}", run.stats);
    }
}

#[test]
fn mutants_are_not_proved() {
    for f in [
        "tests/programs/proofs/lazy_subset_sum_bug.c",
        "tests/programs/proofs/lazy_bits_bug.c",
        "tests/programs/proofs/lazy_calls_bug.c",
        "tests/programs/proofs/lazy_close_bug.c",
        "tests/programs/proofs/lazy_close_frame_bug.c",
    ] {
        let run = verify(f, &["--proof", "lazy"]);
        assert_eq!(run.result, "RESULT: false(unreach-call)", "{f}: {}", run.stdout);
    }
}

#[test]
fn the_chain_proves_them_after_k_induction() {
    // `--proof kind,lazy` (lazy annotation is not in the default `all` yet): k-induction
    // fails, its base case is incomplete, lazy annotation proves the program.
    let run = verify("tests/programs/proofs/lazy_subset_sum.c", &["--proof", "kind,lazy"]);
    assert_eq!(run.result, "RESULT: true", "{}", run.stdout);
    assert!(run.stdout.contains("proof: lazy annotation"), "{}", run.stdout);
}
