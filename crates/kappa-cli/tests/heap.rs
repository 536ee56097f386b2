//! Symbolic input heaps (issue 8): the POSE paper's programs written in C give the paper's
//! trace counts under lazy initialisation, lazier# and POSE; `nonnull` in both forms; null
//! dereferences as their own error paths; the bound on input objects; heap forks in the tree;
//! every test replays with gcc and the sanitizers.

use kappa_ir::testcase::{TestCase, TestOutcome};
use std::path::{Path, PathBuf};
use std::process::Command;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/heap").join(name)
}

struct Run {
    stats: serde_json::Value,
    stdout: String,
    tests: Vec<TestCase>,
}

fn run(cmd: &str, file: &Path, entry: &str, args: &[&str]) -> Run {
    let dir = tempfile::tempdir().expect("temp dir");
    let stats = dir.path().join("stats.json");
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args([cmd, "--quiet", "--entry", entry, "--stats-json"])
        .arg(&stats)
        .arg("--out")
        .arg(dir.path())
        .args(args)
        .arg(file)
        .output()
        .expect("run kappa");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let stats = serde_json::from_str(&std::fs::read_to_string(&stats).expect("stats")).expect("json");
    let mut tests = Vec::new();
    for e in std::fs::read_dir(dir.path().join("tests")).into_iter().flatten().flatten() {
        tests.push(TestCase::from_json(&std::fs::read_to_string(e.path()).expect("test")).expect("a test"));
    }
    Run { stats, stdout: String::from_utf8_lossy(&o.stdout).into_owned(), tests }
}

/// Every test ends on the gcc-compiled program as it says (the heap built by the harness).
fn replays(file: &Path, entry: &str, defines: &[String], tests: &[TestCase]) {
    let opts = kappa_replay::ReplayOptions { defines: defines.to_vec(), ..Default::default() };
    let h = kappa_replay::Harness::build(file, kappa_ir::DataModel::LP64, entry, &opts).expect("harness");
    assert!(h.sanitizers(), "the sanitizers are needed to observe null dereferences");
    for t in tests {
        let r = h.run(t).expect("replay");
        assert!(r.matches, "{}: {}\n{}", file.display(), r.explanation, t.to_json());
    }
}

#[test]
fn the_papers_programs_give_the_papers_trace_counts() {
    // (file, entry, -D, traces lazy / lazier# / POSE); the paper reports lazier# for hasNull(10)
    // only as worse than lazy's 78 - what we measure is 67.
    let cases: [(&str, &str, &str, [u64; 3]); 4] = [
        ("swap.c", "swap", "MAX=4", [21, 3, 2]),
        ("sum.c", "sum", "MAX=4", [23, 23, 4]),
        ("has_null.c", "hasNull", "MAX=4", [21, 16, 6]),
        ("has_null.c", "hasNull", "MAX=10", [78, 67, 12]),
    ];
    for (name, entry, define, want) in cases {
        let file = program(name);
        let defines = vec![define.to_string()];
        for (mode, traces) in ["lazy", "lazier", "pose"].into_iter().zip(want) {
            for engine_mode in ["classic", "compact"] {
                let r = run("run", &file, entry, &["--heap", mode, "--mode", engine_mode, "-D", define]);
                let s = &r.stats;
                assert_eq!(s["paths_completed"].as_u64(), Some(traces), "{name} {define} {mode} {engine_mode}: {s}");
                assert_eq!(s["heap_stats"]["traces"].as_u64(), Some(traces), "{name}: {s}");
                assert!(s["incomplete"].as_array().is_some_and(|a| a.is_empty()), "{name}: {s}");
                if mode == "pose" {
                    assert_eq!(s["heap_stats"]["heap_forks"].as_u64(), Some(0), "POSE never forks on the heap: {s}");
                }
                if engine_mode == "classic" {
                    replays(&file, entry, &defines, &r.tests);
                }
            }
        }
    }
}

#[test]
fn pose_reports_each_possibly_null_dereference_as_its_own_path() {
    // sum: one normal path, and a null_deref path for each of s0, s1, s2 (`this` is nonnull).
    let file = program("sum.c");
    let r = run("run", &file, "sum", &["--mode", "classic"]);
    let errors = r.stats["errors"].as_array().expect("errors");
    let lines: Vec<&str> =
        errors.iter().filter(|e| e["kind"] == "null_deref").filter_map(|e| e["location"].as_str()).collect();
    assert_eq!(lines.len(), 3, "{}", r.stats);
    for (l, want) in lines.iter().zip([":7:", ":8:", ":9:"]) {
        assert!(l.contains(want), "{lines:?}");
    }
    let normal = r.tests.iter().filter(|t| matches!(t.outcome, TestOutcome::Exit { .. })).count();
    assert_eq!(normal, 1);
    // Each null_deref test has exactly that parameter null, the earlier ones not.
    for t in &r.tests {
        if let TestOutcome::Error { location, .. } = &t.outcome {
            let k = [":7:", ":8:", ":9:"].iter().position(|l| location.contains(l)).expect("a known line");
            for (i, a) in t.args.iter().enumerate().skip(1).take(k + 1) {
                assert_eq!(a.value == 0, i == k + 1, "{}", t.to_json());
            }
        }
    }
    replays(&file, "sum", &[], &r.tests);
}

#[test]
fn p2_aborts_only_when_all_three_references_alias() {
    let file = program("p2.c");
    for mode in ["pose", "lazy", "lazier"] {
        let r = run("run", &file, "p2", &["--heap", mode, "--mode", "classic"]);
        let aborts: Vec<&TestCase> = r.tests.iter().filter(|t| t.outcome == TestOutcome::Abort).collect();
        assert_eq!(aborts.len(), 1, "{mode}: {}", r.stdout);
        let ids: Vec<u64> = aborts[0].args.iter().map(|a| a.value).collect();
        assert!(ids[0] != 0 && ids.iter().all(|&i| i == ids[0]), "{mode}: {}", aborts[0].to_json());
        assert_eq!(aborts[0].heap.len(), 1);
        // In every other test, they do not all alias.
        for t in r.tests.iter().filter(|t| t.outcome != TestOutcome::Abort) {
            assert!(!t.args.iter().all(|a| a.value == t.args[0].value), "{}", t.to_json());
        }
        replays(&file, "p2", &[], &r.tests);
    }
    // p1 never aborts when the references alias as a0.f == a1.f requires.
    let r = run("run", &program("p1.c"), "p1", &["--mode", "classic"]);
    assert_eq!(r.stats["paths_completed"].as_u64(), Some(2));
    replays(&program("p1.c"), "p1", &[], &r.tests);
}

#[test]
fn nonnull_in_both_forms() {
    let file = program("nonnull_forms.c");
    for (entry, null_params) in [("first", vec![0]), ("both", vec![]), ("second", vec![1])] {
        let r = run("run", &file, entry, &["--mode", "classic"]);
        let nulls: Vec<usize> = r
            .tests
            .iter()
            .filter(|t| matches!(&t.outcome, TestOutcome::Error { error, .. } if error == "null_deref"))
            .map(|t| t.args.iter().position(|a| a.value == 0).expect("a null parameter"))
            .collect();
        assert_eq!(nulls, null_params, "{entry}: {}", r.stdout);
        replays(&file, entry, &[], &r.tests);
    }
}

#[test]
fn the_bound_on_input_objects_stops_paths_and_verification_says_unknown() {
    let file = program("list_length.c");
    let r = run("run", &file, "length", &["--mode", "classic", "--max-heap-objects", "3"]);
    // Lengths 0, 1, 2 and 3 end (a cycle may end the walk early too); the walk needing a fourth
    // object stops.
    assert!(r.stats["paths_stopped"].as_u64().unwrap_or(0) >= 1, "{}", r.stats);
    let why = r.stats["incomplete"].to_string();
    assert!(why.contains("input heap bound of 3 input objects reached"), "{why}");
    assert!(r.stats["heap_stats"]["input_objects_max"].as_u64() == Some(3));
    replays(&file, "length", &[], &r.tests);
    let v = run("verify", &file, "length", &["--mode", "classic", "--max-heap-objects", "3"]);
    assert_eq!(
        v.stdout.lines().last(),
        Some("RESULT: unknown (input heap bound of 3 input objects reached)"),
        "{}",
        v.stdout
    );
}

#[test]
fn heap_forks_are_drawn_apart_in_the_tree() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tree = dir.path().join("t.dot");
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["run", "--quiet", "--entry", "swap", "--heap", "lazy", "--tree"])
        .arg(&tree)
        .arg("--out")
        .arg(dir.path())
        .arg(program("swap.c"))
        .output()
        .expect("run kappa");
    assert!(o.status.success());
    let dot = std::fs::read_to_string(&tree).expect("tree");
    let heap_edges = dot.lines().filter(|l| l.contains("->") && l.contains("style=dashed, color=blue")).count();
    // Lazy initialisation's cases: s (3), this->data (3 or 4), s->data.
    assert!(heap_edges >= 10, "{dot}");
    assert!(dot.contains("s = null") && dot.contains("s = this") && dot.contains("s fresh"), "{dot}");
}

#[test]
fn every_searcher_finds_the_same_traces_in_every_heap_mode() {
    // A tree insertion of bench/heap: the trace counts of a complete exploration do not depend
    // on the order states are taken in, and every searcher's tests replay.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/heap/tree_insert.c");
    let defines = vec!["K=3".to_string()];
    for heap in ["lazy", "lazier", "pose"] {
        let mut counts = Vec::new();
        for search in ["bfs", "dfs", "random"] {
            let r =
                run("run", &file, "insert", &["--heap", heap, "--search", search, "--mode", "classic", "-D", "K=3"]);
            let s = &r.stats;
            assert!(s["incomplete"].as_array().is_some_and(|a| a.is_empty()), "{heap} {search}: {s}");
            counts.push(s["heap_stats"]["traces"].as_u64());
            if search != "bfs" {
                replays(&file, "insert", &defines, &r.tests);
            }
        }
        assert!(counts.iter().all(|c| *c == counts[0]), "{heap}: traces by bfs, dfs, random: {counts:?}");
    }
}
