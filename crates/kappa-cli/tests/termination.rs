//! SV-COMP's `termination`: a lasso (a loop head reached again in a state the path had there)
//! gives `false(termination)`, confirmed by the concrete interpreter on the test's inputs;
//! programs that terminate are never answered `false`, including loops whose dead temporaries,
//! wrapping counters, globals or input position change (tests/programs/termination).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn verify(file: &Path, out: &Path) -> (String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", "--quiet", "--property", "termination", "--max-time", "20", "--out"])
        .arg(out)
        .arg("--stats-json")
        .arg(out.join("stats.json"))
        .arg(file)
        .output()
        .expect("run kappa");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn lassos_are_false_and_terminating_loops_are_not() {
    let dir = root().join("tests/programs/termination");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut lassos, mut terminating) = (0, 0);
    for f in files.iter().filter(|f| f.extension().is_some_and(|e| e == "c")) {
        let text = std::fs::read_to_string(f).unwrap();
        let want = text
            .lines()
            .find_map(|l| l.strip_prefix("// kappa-expect: property=termination verdict="))
            .unwrap_or_else(|| panic!("{}: no expectation", f.display()))
            .trim()
            .to_string();
        let out = tempfile::tempdir().unwrap();
        let (stdout, stderr) = verify(f, out.path());
        let got = stdout.lines().last().unwrap_or("").trim_start_matches("RESULT: ");
        assert_eq!(got, want, "{}:\n{stdout}\n{stderr}", f.display());
        if want == "false(termination)" {
            lassos += 1;
            let stats: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(out.path().join("stats.json")).unwrap()).unwrap();
            let errs = stats["errors"].as_array().cloned().unwrap_or_default();
            let e = errs.iter().find(|e| e["kind"] == "non_termination").unwrap_or_else(|| panic!("{stats}"));
            // The test of the lasso holds its inputs and names the outcome.
            let test = out.path().join(e["test"].as_str().expect("a test"));
            let test = std::fs::read_to_string(&test).unwrap();
            assert!(test.contains("non_termination") && test.contains("steps before"), "{test}");
            assert!(stderr.contains("no violation witness"), "{stderr}");
        } else {
            terminating += 1;
        }
    }
    assert!(lassos >= 5 && terminating >= 4, "{lassos} lassos, {terminating} terminating programs");
}

#[test]
fn other_commands_do_not_look_for_lassos() {
    // Outside `termination`, a loop that never ends is no error: `run` is cut by its depth
    // limit, and no path ends as a lasso.
    let out = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["run", "--quiet", "--mode", "classic", "--max-depth", "2000", "--out"])
        .arg(out.path())
        .arg("--stats-json")
        .arg(out.path().join("stats.json"))
        .arg("tests/programs/termination/lasso_continue.c")
        .output()
        .expect("run kappa");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let stats = std::fs::read_to_string(out.path().join("stats.json")).unwrap();
    assert!(stats.contains("\"states_created\"") && !stats.contains("non_termination"), "{stats}");
}
