//! A `switch` forks once per arm, not once per case value (issue 22): case labels with nothing
//! between them share one location and the dispatch has one edge per target, its guard the
//! disjunction of the target's cases (adjacent values as one range), as KLEE lowers a switch.
//! The values stay symbolic inside an arm, so a parser's digit cases do not multiply its paths.
//! The lowering's meaning is checked against gcc by `exec_vs_gcc.rs`
//! (tests/programs/exec/069_switch_shared_arms.c).

mod common;

use common::{kappa_at_root as kappa, last_line, stats};

const DIGITS: &str = "tests/programs/conformance/switch_digit_cases.c";

/// Four hex characters, each one of three arms or the default (which ends the number): paths
/// 1 + 3 + 9 + 27 + 81 = 121, and the 16 of the 81 four-arm paths made only of letter arms can
/// also spell 0xBEEF (a second path each, ending in the error). With one edge per case value
/// there would be 23 ways per character.
#[test]
fn digit_cases_are_one_arm_in_every_mode() {
    for mode in ["classic", "compact"] {
        let dir = tempfile::tempdir().unwrap();
        let o = dir.path().to_str().unwrap().to_string();
        let json = dir.path().join("stats.json");
        let (out, err, code) = kappa(&[
            "run",
            "--mode",
            mode,
            "--max-time",
            "120",
            "--out",
            &o,
            "--stats-json",
            json.to_str().unwrap(),
            DIGITS,
        ]);
        assert_eq!(code, Some(0), "{mode}: {err}");
        assert_eq!(last_line(&out), "exploration complete", "{mode}:\n{out}");
        let s = stats(&json);
        assert_eq!(s["paths_completed"], 137, "{mode}: {s}");
        assert_eq!(s["paths_error"], 16, "{mode}: {s}");
        // Every test replays on the compiled program.
        let (rout, rerr, rcode) = kappa(&["replay", DIGITS, dir.path().join("tests").to_str().unwrap()]);
        assert_eq!(rcode, Some(0), "{mode}: {rerr}");
        assert_eq!(last_line(&rout), "REPLAY: match", "{mode}:\n{rout}");
    }
}

#[test]
fn the_error_behind_a_digit_run_is_found_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let o = dir.path().to_str().unwrap().to_string();
    let (out, err, code) =
        kappa(&["verify", "--quiet", "--max-time", "60", "--out", &o, "--property", "unreach-call", DIGITS]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(last_line(&out), "RESULT: false(unreach-call)", "{out}");
    for w in ["witness.graphml", "witness.yml"] {
        let (rout, rerr, rcode) = kappa(&["replay", DIGITS, dir.path().join(w).to_str().unwrap()]);
        assert_eq!(rcode, Some(0), "{w}: {rerr}");
        assert_eq!(last_line(&rout), "REPLAY: match", "{w}:\n{rout}");
    }
}
