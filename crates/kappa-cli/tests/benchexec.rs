//! The BenchExec tool-info module `contrib/benchexec/kappa.py`, checked with BenchExec's own
//! `benchexec.test_tool_info` (BenchExec from PyPI, in the venv `scripts/setup.sh` makes,
//! `KAPPA_VENV`), and the benchmark definition over the task corpus run by BenchExec (without
//! containers: they need fuse-overlayfs 1.10, which Debian 12 does not have; limits through
//! cgroups).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn venv_python() -> PathBuf {
    let venv = std::env::var_os("KAPPA_VENV").map(PathBuf::from).unwrap_or_else(|| root().join("target/kappa-venv"));
    let py = venv.join("bin/python3");
    assert!(py.exists(), "no BenchExec venv at {}: run scripts/setup.sh (it sets up KAPPA_VENV)", venv.display());
    py
}

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_kappa")).parent().unwrap().to_path_buf()
}

fn python(args: &[&str]) -> (String, String, Option<i32>) {
    let path = format!("{}:{}", bin_dir().display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new(venv_python())
        .current_dir(root())
        .env("PYTHONPATH", root())
        .env("PATH", path)
        .args(args)
        .output()
        .expect("run python");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn the_tool_info_module_passes_benchexecs_check() {
    let dir = tempfile::tempdir().unwrap();
    let outputs = [
        ("RESULT: true", "true"),
        ("RESULT: false(unreach-call)", "false(unreach-call)"),
        ("RESULT: false(valid-deref)", "false(valid-deref)"),
        ("RESULT: false(valid-free)", "false(valid-free)"),
        ("RESULT: false(valid-memtrack)", "false(valid-memtrack)"),
        ("RESULT: false(valid-memcleanup)", "false(valid-memcleanup)"),
        ("RESULT: false(no-overflow)", "false(no-overflow)"),
        ("RESULT: unknown (timeout)", "TIMEOUT"),
        ("RESULT: unknown (solver unknown (timeout))", "unknown"),
        ("RESULT: done", "done"),
    ];
    let mut files = Vec::new();
    for (i, (text, _)) in outputs.iter().enumerate() {
        let f = dir.path().join(format!("out{i}.log"));
        std::fs::write(&f, format!("paths: 3 completed\n{text}\n")).unwrap();
        files.push(f.display().to_string());
    }
    let bin = bin_dir().display().to_string();
    let mut args = vec![
        "-m",
        "benchexec.test_tool_info",
        "contrib.benchexec.kappa",
        "--no-container",
        "--tool-directory",
        &bin,
        "--task-definition",
        "tests/programs/tasks/overflow_sum.yml",
        "--tool-output",
    ];
    args.extend(files.iter().map(String::as_str));
    let (out, err, code) = python(&args);
    let all = format!("{out}{err}");
    assert_eq!(code, Some(0), "{all}");
    assert!(all.contains("Name of tool: “kappa”"), "{all}");
    assert!(all.contains(&format!("Version: “{}”", env!("CARGO_PKG_VERSION"))), "{all}");
    // The task's data model and property reach the command line.
    assert!(
        all.contains("'--property', 'tests/programs/tasks/properties/no-overflow.prp', '--data-model', 'ILP32'"),
        "{all}"
    );
    for (f, (_, want)) in files.iter().zip(outputs) {
        assert!(all.contains(&format!("Result of analyzing tool output in “{f}”:\n\t“{want}”")), "{want}: {all}");
    }
    let warnings: Vec<&str> =
        all.lines().filter(|l| l.contains("WARNING") && !l.contains("Path to executable is absolute")).collect();
    assert!(warnings.is_empty(), "{all}");
}

#[test]
fn benchexec_runs_the_task_corpus_with_no_wrong_verdict() {
    let out_dir = tempfile::tempdir().unwrap();
    let o = format!("{}/", out_dir.path().display());
    let main = "import sys; from benchexec.benchexec import main; sys.exit(main())";
    let (out, err, code) = python(&[
        "-c",
        main,
        "--no-container",
        "--no-compress-results",
        "-o",
        &o,
        "contrib/benchexec/kappa-corpus.xml",
    ]);
    let all = format!("{out}{err}");
    assert_eq!(code, Some(0), "{all}");
    // Two run definitions (compact, classic) over the tasks, one run per task and property:
    // every one of them right.
    let number = |prefix: &str| -> Option<u32> {
        all.lines().find_map(|l| l.trim().strip_prefix(prefix)).and_then(|n| n.trim().split(' ').next()?.parse().ok())
    };
    let runs = number("Statistics:").expect("statistics");
    assert!(runs >= 14, "{all}");
    assert_eq!(number("correct:"), Some(runs), "{all}");
    assert_eq!(number("incorrect:"), Some(0), "{all}");
}
