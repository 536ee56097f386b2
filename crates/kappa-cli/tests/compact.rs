//! Compact symbolic execution decides loop programs whose classic trees are infinite (or far
//! too large): counters to a nondet bound, bugs a million iterations deep, loops in sequence,
//! searches over arrays with arbitrary contents. Counterexamples replay on the real program.

use std::path::{Path, PathBuf};
use std::process::Command;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/svcomp").join(name)
}

fn verify(file: &Path, mode: &str, max_time: &str, out: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--mode", mode, "--quiet", "--max-time", max_time, "--out"])
        .arg(out)
        .arg(file)
        .output()
        .expect("run kappa");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn replay(file: &Path, test: &Path) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_kappa")).arg("replay").arg(file).arg(test).output().expect("run kappa");
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The test of the path that ended in an error.
fn error_test(out: &Path) -> PathBuf {
    let rd = std::fs::read_dir(out.join("tests")).expect("tests written");
    rd.flatten()
        .map(|e| e.path())
        .find(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("\"kind\": \"error\"")))
        .expect("an error test")
}

fn compiler() -> bool {
    Command::new("cc").arg("--version").output().is_ok_and(|o| o.status.success())
}

#[test]
fn compact_decides_what_classic_cannot() {
    let cases = [
        ("count_up_to_bound.c", "true"),
        ("loops_in_sequence.c", "true"),
        ("million_iterations_safe.c", "true"),
        ("array_search_arbitrary.c", "true"),
        ("million_iterations.c", "false"),
        ("million_iterations_nondet.c", "false"),
    ];
    for (name, want) in cases {
        let file = program(name);
        let dir = tempfile::tempdir().expect("temp dir");
        // A generous limit: these take about a second; the benchmark measures the time.
        let out = verify(&file, "compact", "120", dir.path());
        let last = out.lines().last().unwrap_or("");
        let expect =
            if want == "true" { "RESULT: true".to_string() } else { "RESULT: false(unreach-call)".to_string() };
        assert_eq!(last, expect, "{name}:\n{out}");
        if want == "false" {
            // The counterexample (κ, and every input of every iteration) replays on the real
            // program, compiled by the system C compiler.
            if compiler() {
                let (code, text) = replay(&file, &error_test(dir.path()));
                assert_eq!(code, Some(0), "{name}: {text}");
            }
        }
        // Classic symbolic execution does not get there in a few seconds.
        let dir = tempfile::tempdir().expect("temp dir");
        let classic = verify(&file, "classic", "2", dir.path());
        assert!(
            classic.lines().last().unwrap_or("").starts_with("RESULT: unknown"),
            "{name}: classic decided it:\n{classic}"
        );
    }
}
