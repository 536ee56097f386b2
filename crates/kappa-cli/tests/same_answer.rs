//! The charter's "same input, same answer" (issue 21): `kappa verify` run twice on the same
//! program does the same work, phase after phase. Every phase of `verify` (the short
//! exploration, k-induction's step programs, its base case, the plain exploration, a proof by
//! summaries) works in the thread's one Z3 context, so whatever one phase leaves in it steers
//! the next; before, the Z3 solver's map of translated terms was dropped in `RandomState`'s
//! order (a new seed per process), Z3 reused the freed ids in that order, and `step3_bug` in
//! compact mode did 3.0 M to 4.3 M units of solver work from one run to the next.
//!
//! The runs have no `--max-time` (the phases are bounded by work, the wall-clock backstops far
//! above what these programs take), so a loaded machine gives the same counts. Under
//! `--max-time` the phases' budgets are work sized from the limit (crate `phase` of kappa-cli):
//! with a limit far above the run, every phase (`phases` in the statistics) does the same work
//! twice.

mod common;

use common::{root, stats};

/// The work counts of the statistics of `kappa verify FILE ARGS --no-witnesses`, and its
/// result line.
/// Named work counts of a run.
type Counts = Vec<(String, Option<u64>)>;

fn counts(file: &str, args: &[&str]) -> (String, Counts) {
    let (result, work, _) = counts_and_phases(file, args);
    (result, work)
}

/// [`counts`] and what each phase did (the statistics' `phases`, their wall time left out).
fn counts_and_phases(file: &str, args: &[&str]) -> (String, Counts, Vec<serde_json::Value>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("s.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        // One engine's work: with several workers (the default is the cores) the scheduler
        // decides which worker explores what, and the counts vary while the verdict does not.
        .args(["verify", file, "--quiet", "--no-witnesses", "--jobs", "1", "--stats-json"])
        .arg(&json)
        .arg("--out")
        .arg(dir.path().join("out"))
        .args(args)
        .output()
        .expect("run kappa");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let s = stats(&json);
    let get = |path: &[&str]| {
        let mut v = &s;
        for k in path {
            v = &v[*k];
        }
        (path.join("."), v.as_u64())
    };
    let work = vec![
        get(&["solver_work"]),
        get(&["solver_queries"]),
        get(&["states_created"]),
        get(&["paths_completed"]),
        get(&["templates", "work"]),
        get(&["templates", "work_calls"]),
    ];
    let mut phases = s["phases"].as_array().cloned().unwrap_or_default();
    for p in &mut phases {
        if let Some(o) = p.as_object_mut() {
            o.remove("time_s");
        }
    }
    (stdout.lines().last().unwrap_or("").to_string(), work, phases)
}

/// `verify` twice on `file`: the same result and the same work counts, which are there.
fn twice_the_same(file: &str, args: &[&str], want: &str) {
    let (r1, c1) = counts(file, args);
    let (r2, c2) = counts(file, args);
    assert_eq!(r1, want, "{file}");
    assert_eq!(r2, want, "{file}");
    assert!(c1.iter().all(|(k, v)| v.is_some() || k.starts_with("templates")), "{file}: {c1:?}");
    assert_eq!(c1, c2, "{file}: the second run did other work");
}

#[test]
fn compact_mode_after_a_failed_proof_does_the_same_work_twice() {
    // The short exploration (compact), three step programs of k-induction, its base case, then
    // the plain exploration whose statistics these are.
    twice_the_same("bench/loops/step3_bug.c", &["--mode", "compact"], "RESULT: false(unreach-call)");
}

#[test]
fn a_k_induction_proof_does_the_same_work_twice() {
    // k = 1 fails, k = 2 proves it; the statistics are the validating exploration's.
    twice_the_same("tests/programs/proofs/kind_k2.c", &[], "RESULT: true");
}

#[test]
fn a_program_for_summaries_does_the_same_work_twice() {
    // Recursion that summaries may prove: the exploration before the proof ends on it.
    twice_the_same("bench/proofs/ackermann.c", &[], "RESULT: true");
}

/// `verify FILE --max-time 30` twice: the same result, work counts and phases. The limit is far
/// above what the run takes, so only the phases' shares of it (the short exploration's tenth,
/// k-induction's half, the base case's quarter, the summaries' tenth and half) could make the
/// work differ: they are budgets of work now, the wall clock only a backstop far above them.
fn twice_the_same_within_a_limit(file: &str, args: &[&str], want: &str, phases: &[&str]) {
    let args: Vec<&str> = args.iter().copied().chain(["--max-time", "30"]).collect();
    let (r1, c1, p1) = counts_and_phases(file, &args);
    let (r2, c2, p2) = counts_and_phases(file, &args);
    assert_eq!(r1, want, "{file}");
    assert_eq!(r2, want, "{file}");
    let names: Vec<&str> = p1.iter().filter_map(|p| p["phase"].as_str()).collect();
    for want in phases {
        assert!(names.contains(want), "{file}: no phase {want} in {names:?}");
    }
    assert_eq!(c1, c2, "{file}: the second run did other work");
    assert_eq!(p1, p2, "{file}: a phase of the second run did other work");
}

#[test]
fn under_a_time_limit_every_phase_does_the_same_work_twice() {
    // The short exploration, k-induction's step programs, its base case, the plain exploration.
    twice_the_same_within_a_limit(
        "bench/loops/step3_bug.c",
        &["--mode", "compact"],
        "RESULT: false(unreach-call)",
        &["short exploration", "k-induction step (k = 1)", "base case", "exploration"],
    );
    // The exploration's tenth before the proof by summaries, then the proof's rounds.
    twice_the_same_within_a_limit(
        "bench/proofs/mccarthy91.c",
        &[],
        "RESULT: true",
        &["exploration", "summaries check"],
    );
}
