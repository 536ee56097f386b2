//! Loop state pruning and coverage through the `kappa` command (issue 9): the coverage summary
//! of every searcher, the lcov tracefile read by lcov's own tools, `--tests covering` and the
//! gcov coverage of a replayed suite, the progress display, and pruning on board programs of
//! the benchmark (bench/prune.sh runs all 72 of them).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn prune_program(name: &str) -> PathBuf {
    root().join("tests/programs/prune").join(name)
}

fn kappa(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).args(args).output().expect("run kappa");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// `kappa run` with the statistics JSON read back.
fn run(file: &Path, out: &Path, extra: &[&str]) -> (String, Value) {
    let stats = out.join("stats.json");
    let mut args = vec!["run", s(file), "--quiet", "--out", s(out), "--stats-json", s(&stats)];
    args.extend_from_slice(extra);
    let (code, stdout, stderr) = kappa(&args);
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&stats).expect("stats")).expect("json");
    (stdout, v)
}

fn cov(v: &Value, key: &str) -> u64 {
    v["coverage"][key].as_u64().unwrap_or_else(|| panic!("no coverage.{key} in {v}"))
}

fn tests_in(dir: &Path) -> usize {
    std::fs::read_dir(dir.join("tests")).map(|d| d.count()).unwrap_or(0)
}

/// The board programs of the benchmark generator, at the given shapes and sizes.
fn boards(dir: &Path) -> PathBuf {
    let out = dir.join("boards");
    let st = Command::new("python3")
        .arg(root().join("bench/boards/gen.py"))
        .arg(&out)
        .arg("--sample")
        .status()
        .expect("python3 runs bench/boards/gen.py");
    assert!(st.success());
    out
}

/// Every searcher reports branch, line and loop-path coverage in the summary and the JSON, and
/// the searchers that explore everything agree on it.
#[test]
fn every_searcher_reports_coverage() {
    let file = prune_program("fig1b.c");
    let mut seen = Vec::new();
    for search in ["bfs", "dfs", "random", "prune"] {
        let dir = tempfile::tempdir().unwrap();
        let (stdout, v) = run(&file, dir.path(), &["--search", search]);
        let line = stdout.lines().find(|l| l.starts_with("coverage: ")).unwrap_or_else(|| panic!("{stdout}"));
        assert_eq!(
            line,
            format!(
                "coverage: branches {0}/{1} (100.0%), lines {2}/{3} (100.0%), loop paths {4}/{5} (100.0%)",
                cov(&v, "branches_covered"),
                cov(&v, "branches_total"),
                cov(&v, "lines_covered"),
                cov(&v, "lines_total"),
                cov(&v, "loop_paths_covered"),
                cov(&v, "loop_paths_total")
            ),
            "{search}"
        );
        seen.push(v["coverage"].clone());
    }
    assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
    assert_eq!(seen[0]["branches_total"], 6);
    assert_eq!(seen[0]["loop_paths_total"], 3);
}

/// `--coverage FILE` writes an lcov tracefile: lcov's own `--summary` reads it and gives the
/// figures of the run's statistics, and genhtml draws the HTML report from it.
#[test]
fn lcov_tracefile_is_read_by_lcov_and_genhtml() {
    let dir = tempfile::tempdir().unwrap();
    let info = dir.path().join("cov.info");
    // A run stopped early leaves a branch uncovered.
    let (_, v) =
        run(&prune_program("fig1b.c"), dir.path(), &["--search", "dfs", "--max-states", "8", "--coverage", s(&info)]);
    let out = Command::new("lcov")
        .args(["--summary", s(&info), "--rc", "lcov_branch_coverage=1"])
        .output()
        .expect("lcov is installed (scripts/setup.sh)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{text}");
    let figure = |what: &str| {
        let l = text.lines().find(|l| l.trim_start().starts_with(what)).unwrap_or_else(|| panic!("{text}"));
        let inner = l.split('(').nth(1).unwrap_or_else(|| panic!("{l}"));
        let mut w = inner.split_whitespace();
        let a: u64 = w.next().unwrap().parse().unwrap();
        w.next();
        let b: u64 = w.next().unwrap().parse().unwrap();
        (a, b)
    };
    assert_eq!(figure("branches"), (cov(&v, "branches_covered"), cov(&v, "branches_total")), "{text}");
    assert_eq!(figure("lines"), (cov(&v, "lines_covered"), cov(&v, "lines_total")), "{text}");
    assert!(cov(&v, "branches_covered") < cov(&v, "branches_total"), "the run must leave something uncovered");
    let html = dir.path().join("html");
    let st = Command::new("genhtml")
        .args(["--branch-coverage", "-q", "-o", s(&html), s(&info)])
        .status()
        .expect("genhtml is installed");
    assert!(st.success());
    let index = std::fs::read_to_string(html.join("index.html")).expect("genhtml wrote index.html");
    assert!(index.contains("fig1b.c") || index.contains("prune"), "index.html names the source");
}

/// `--tests covering` keeps the tests that add coverage: fewer than one per path, with the
/// coverage of them all; replaying both suites, gcov measures the same branch coverage on the
/// compiled program, and kappa's own figure for the replayed tests is the run's.
#[test]
fn covering_tests_have_the_coverage_of_all_tests_by_gcov() {
    let file = prune_program("fig1b.c");
    let all = tempfile::tempdir().unwrap();
    let covering = tempfile::tempdir().unwrap();
    let (_, va) = run(&file, all.path(), &["--mode", "classic"]);
    let (stdout, vc) = run(&file, covering.path(), &["--mode", "classic", "--tests", "covering"]);
    assert_eq!(tests_in(all.path()), 8);
    let n = tests_in(covering.path());
    assert!((2..8).contains(&n), "{n} covering tests");
    assert!(stdout.contains("paths got no test file: --tests covering"), "{stdout}");
    assert_eq!(va["coverage"], vc["coverage"]);
    let mut gcov = Vec::new();
    for d in [all.path(), covering.path()] {
        let rj = d.join("replay.json");
        let (code, stdout, stderr) = kappa(&["replay", s(&file), s(&d.join("tests")), "--stats-json", s(&rj)]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.ends_with("REPLAY: match\n"), "{stdout}");
        assert!(stdout.contains("gcov (the compiled program): lines"), "{stdout}");
        let r: Value = serde_json::from_str(&std::fs::read_to_string(&rj).unwrap()).unwrap();
        assert_eq!(r["mismatch"], 0);
        assert_eq!(r["kappa"]["branches"]["covered"], vc["coverage"]["branches_covered"], "{r}");
        gcov.push(r["gcov"]["branches"].clone());
    }
    assert_eq!(gcov[0], gcov[1]);
    // Every branch gcov sees in main is taken (the program has no other function).
    assert_eq!(gcov[1]["covered"], gcov[1]["total"], "{:?}", gcov[1]);
    assert!(gcov[1]["total"].as_u64().unwrap() >= 6);
}

/// A suite that covers less is measured as such by gcov: one test of fig1b.c leaves branches.
#[test]
fn gcov_sees_what_a_smaller_suite_leaves_uncovered() {
    let file = prune_program("fig1b.c");
    let dir = tempfile::tempdir().unwrap();
    run(&file, dir.path(), &["--mode", "classic", "--tests", "covering"]);
    let mut tests: Vec<PathBuf> =
        std::fs::read_dir(dir.path().join("tests")).unwrap().map(|e| e.unwrap().path()).collect();
    tests.sort();
    let rj = dir.path().join("one.json");
    let (code, stdout, stderr) = kappa(&["replay", s(&file), s(&tests[0]), s(&tests[0]), "--stats-json", s(&rj)]);
    assert_eq!(code, 0, "{stderr}");
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&rj).unwrap()).unwrap();
    let g = &r["gcov"]["branches"];
    assert!(g["covered"].as_u64().unwrap() < g["total"].as_u64().unwrap(), "{stdout}");
    let k = &r["kappa"]["branches"];
    assert!(k["covered"].as_u64().unwrap() < k["total"].as_u64().unwrap(), "{stdout}");
}

/// Bad input to `replay` of a suite: a clear message and exit code 2.
#[test]
fn replay_of_missing_tests_is_an_input_error() {
    let file = prune_program("fig1b.c");
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = kappa(&["replay", s(&file), s(&dir.path().join("nothing")), s(dir.path())]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.starts_with("kappa: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `--progress` writes lines with the coverage reached when stderr is no terminal.
#[test]
fn progress_shows_coverage_growing() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["run", s(&prune_program("fig1b.c")), "--mode", "classic", "--progress", "--out", s(dir.path())])
        .env("KAPPA_PROGRESS_INTERVAL_MS", "0")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let reached: Vec<u64> = stderr
        .lines()
        .filter_map(|l| l.split("reached: branches ").nth(1))
        .map(|r| r.split('/').next().unwrap().parse().unwrap())
        .collect();
    assert!(reached.len() >= 2, "{stderr}");
    assert!(reached.windows(2).all(|w| w[0] <= w[1]), "{reached:?}");
    assert_eq!(*reached.last().unwrap(), 6, "{stderr}");
}

/// `verify --search prune` never answers `true` while postponed states were dropped (unless a
/// proof says so: `--proof none` here, k-induction proves this program).
#[test]
fn verify_with_pruning_is_unknown_when_states_were_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, _) =
        kappa(&["verify", s(&prune_program("fig1.c")), "--search", "prune", "--proof", "none", "--out", s(dir.path())]);
    assert_eq!(code, 0);
    assert_eq!(
        stdout.lines().last().unwrap(),
        "RESULT: unknown (loop state pruning: 4 postponed states not explored)",
        "{stdout}"
    );
    let (_, stdout, _) = kappa(&["verify", s(&prune_program("fig1.c")), "--search", "bfs", "--out", s(dir.path())]);
    assert_eq!(stdout.lines().last().unwrap(), "RESULT: true");
}

/// Board programs of the benchmark (bench/boards/gen.py), in classic mode (the paper's KLEE): pruning covers every branch a
/// correct program has (full exploration can do no better; not every loop path is feasible) with far fewer states than bfs,
/// finds the planted bugs with a test that replays, and gcov agrees on the suite's coverage.
#[test]
fn pruning_on_board_programs() {
    let dir = tempfile::tempdir().unwrap();
    let boards = boards(dir.path());
    let mut names: Vec<PathBuf> = std::fs::read_dir(&boards).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert!(names.len() >= 4);
    for f in &names {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let out = dir.path().join(&name);
        let (_, v) = run(f, &out, &["--mode", "classic", "--search", "prune", "--tests", "covering"]);
        let bug = name.starts_with("bug_");
        let errors = v["errors"].as_array().unwrap();
        if bug {
            assert!(errors.iter().any(|e| e["kind"] == "out_of_bounds"), "{name}: bug missed: {v}");
        } else {
            assert!(errors.is_empty(), "{name}: {v}");
            assert_eq!(cov(&v, "branches_covered"), cov(&v, "branches_total"), "{name}");
        }
        let rj = out.join("replay.json");
        let (code, stdout, stderr) = kappa(&["replay", s(f), s(&out.join("tests")), "--stats-json", s(&rj)]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.ends_with("REPLAY: match\n"), "{name}: {stdout}");
        let r: Value = serde_json::from_str(&std::fs::read_to_string(&rj).unwrap()).unwrap();
        if !bug {
            // gcov counts the same conditions (kappa splits && and || the way gcc does).
            assert_eq!(r["gcov"]["branches"]["covered"], r["gcov"]["branches"]["total"], "{name}: {r}");
        }
        assert_eq!(r["kappa"]["branches"]["covered"], v["coverage"]["branches_covered"], "{name}: {r}");
    }
    // One full exploration for the state count: the paper's 10x and more.
    let f = boards.join("outside_rc_3x3.c");
    let classic = |search| ["--mode", "classic", "--search", search, "--tests", "covering"];
    let (_, full) = run(&f, &dir.path().join("bfs"), &classic("bfs"));
    let (_, pruned) = run(&f, &dir.path().join("prune"), &classic("prune"));
    assert!(full["incomplete"].as_array().unwrap().is_empty(), "{full}");
    assert_eq!(full["coverage"], pruned["coverage"]);
    let (a, b) = (full["states_created"].as_u64().unwrap(), pruned["states_created"].as_u64().unwrap());
    assert!(a >= 10 * b, "bfs {a} states, prune {b}");
}
