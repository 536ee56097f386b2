//! SV-COMP's `termination`: a lasso (a loop head reached again in a state the path had there)
//! gives `false(termination)`, confirmed by the concrete interpreter on the test's inputs;
//! programs that terminate are never answered `false`, including loops whose dead temporaries,
//! wrapping counters, globals or input position change (tests/programs/termination). The
//! violation witness is SV-COMP's GraphML lasso (a stem to a `cyclehead` node and the cycle back),
//! which `kappa replay` confirms.

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

fn replay(file: &Path, witness: &Path) -> (String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .arg("replay")
        .arg(file)
        .arg(witness)
        .output()
        .expect("run kappa");
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
            // The GraphML witness: a stem to a `cyclehead` node and a cycle back to it, which
            // kappa's validator follows to the repeated state.
            let w = out.path().join("witness.graphml");
            let text = std::fs::read_to_string(&w).unwrap_or_else(|e| panic!("{}: {e}\n{stderr}", f.display()));
            assert!(text.contains("<data key=\"cyclehead\">true</data>"), "{text}");
            assert!(!stdout.contains("does not lead to the lasso"), "{stdout}");
            let (rout, _) = replay(f, &w);
            assert!(rout.ends_with("REPLAY: match\n"), "{}: {rout}", f.display());
            // The same witness with one of its values changed no longer leads to a repeat (where the
            // value decides), and is never confirmed on a terminating program.
            for t in files.iter().filter(|t| t.file_name().is_some_and(|n| n.to_string_lossy().starts_with("term_"))) {
                let (rout, _) = replay(t, &w);
                assert!(!rout.contains("REPLAY: match"), "{} with {}'s witness: {rout}", t.display(), f.display());
            }
        } else {
            terminating += 1;
        }
    }
    assert!(lassos >= 5 && terminating >= 4, "{lassos} lassos, {terminating} terminating programs");
}

/// A witness whose value leads the run elsewhere is not confirmed: `lasso_continue` repeats only
/// from a start of 3.
#[test]
fn a_lasso_witness_with_another_value_is_not_confirmed() {
    let f = root().join("tests/programs/termination/lasso_continue.c");
    let out = tempfile::tempdir().unwrap();
    let (stdout, stderr) = verify(&f, out.path());
    assert!(stdout.ends_with("RESULT: false(termination)\n"), "{stdout}\n{stderr}");
    let w = out.path().join("witness.graphml");
    let text = std::fs::read_to_string(&w).unwrap();
    assert!(text.contains("\\result == 3;"), "{text}");
    std::fs::write(&w, text.replace("\\result == 3;", "\\result == 5;")).unwrap();
    let (rout, rerr) = replay(&f, &w);
    assert!(rout.contains("REPLAY: mismatch"), "{rout}\n{rerr}");
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
