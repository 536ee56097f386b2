//! Path optimality checked, not assumed (issue 8), on generated heap programs:
//!
//! * every test of every heap mode, run on the gcc-compiled program, ends as it says, and drives
//!   some path of the program;
//! * POSE's traces drive pairwise different paths (it never explores one program path twice)
//!   and every path that some heap of at most four nodes drives is among them — so its traces
//!   are exactly the program paths concrete input heaps drive;
//! * lazy and lazier# drive the same paths (they only explore them several times over) and all
//!   three modes find the same errors.
//!
//! `KAPPA_HEAP_SEEDS=a..b` runs other seeds (default 0..100); `KAPPA_HEAP_KEEP=DIR` keeps the
//! programs.

mod common;

use common::{program, Tracer};
use kappa_engine::{Config, Engine, HeapKind, Mode};
use kappa_ir::testcase::{TestCase, TestOutcome};
use std::collections::BTreeSet;
use std::path::Path;

struct Run {
    traces: u64,
    tests: Vec<TestCase>,
    errors: BTreeSet<(String, u32)>,
}

fn explore(file: &Path, kind: HeapKind, out: &Path) -> Run {
    let opts = kappa_cfront::Options { entries: vec!["f".into()], ..Default::default() };
    let prog = kappa_cfront::lower_file(file, &opts).unwrap_or_else(|d| panic!("{d}"));
    let dir = out.join(kind.name());
    let cfg = Config {
        entry: "f".into(),
        mode: Mode::Classic,
        heap: kind,
        test_dir: Some(dir.clone()),
        program_name: file.display().to_string(),
        ..Config::default()
    };
    let mut engine = Engine::new(&prog, cfg, kappa_solver::default_chain(None));
    engine.set_heap(kappa_heap::model(kind));
    let report = engine.run(&mut |_, _| {});
    assert!(report.complete(), "{}: {:?}", kind.name(), report.stats.incomplete);
    assert_eq!(report.stats.tests_missing, 0);
    let mut tests = Vec::new();
    for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(e.path()).expect("test");
        tests.push(TestCase::from_json(&text).expect("json"));
    }
    assert_eq!(tests.len() as u64, report.stats.paths_completed);
    let errors = report.stats.errors.iter().map(|e| (e.kind.clone(), line_of(&e.location))).collect();
    Run { traces: report.stats.paths_completed, tests, errors }
}

fn line_of(location: &str) -> u32 {
    location.rsplit(':').nth(1).and_then(|l| l.parse().ok()).unwrap_or(0)
}

/// A test's heap as the tracing build reads it: nodes (val, next), then a and b.
fn heap_of(t: &TestCase) -> common::Heap {
    let nodes = t
        .heap
        .iter()
        .map(|o| {
            assert_eq!(o.ty, "struct node");
            let val = i32::from_le_bytes([o.bytes[0], o.bytes[1], o.bytes[2], o.bytes[3]]);
            let next = o.pointers.iter().find(|p| p.offset == 8).map_or(0, |p| p.target);
            (val, next)
        })
        .collect();
    let arg = |i: usize| t.args.get(i).map_or(0, |a| a.value as u32);
    (nodes, arg(0), arg(1))
}

/// The path a test drives, after checking that the run ends as the test says.
fn check_outcome(t: &TestCase, path: &str, value: i32) {
    let end = path.rsplit('|').next().unwrap_or("");
    let want = match &t.outcome {
        TestOutcome::Exit { code } => {
            assert_eq!(*code, value, "test {t:?} returns another value: path {path}");
            "ret".to_string()
        }
        TestOutcome::Error { error, location, .. } if error == "null_deref" => format!("null {}", line_of(location)),
        TestOutcome::Error { error, location, .. } if error == "reach_error" => format!("error {}", line_of(location)),
        other => panic!("unexpected outcome {other:?}"),
    };
    assert_eq!(end, want, "test {t:?} ends differently: path {path}");
}

fn seeds() -> std::ops::Range<u64> {
    let spec = std::env::var("KAPPA_HEAP_SEEDS").unwrap_or_default();
    spec.split_once("..").and_then(|(a, b)| Some(a.parse().ok()?..b.parse().ok()?)).unwrap_or(0..50)
}

/// The traces of one generated program under each heap mode: POSE, lazy, lazier#, and the
/// number of paths heaps of at most `NODES` nodes drive.
fn check_seed(seed: u64, keep: Option<&Path>) -> [u64; 4] {
    let p = program(seed);
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = match keep {
        Some(k) => {
            let d = k.join(format!("heap{seed:03}"));
            std::fs::create_dir_all(&d).expect("keep dir");
            d
        }
        None => tmp.path().to_path_buf(),
    };
    let tracer = Tracer::build(&p, &dir);
    let small = tracer.enumerate();
    let file = dir.join("prog.c");
    let mut paths_of = Vec::new();
    let mut runs = Vec::new();
    for kind in [HeapKind::Pose, HeapKind::Lazy, HeapKind::Lazier] {
        let run = explore(&file, kind, &dir);
        let heaps: Vec<_> = run.tests.iter().map(heap_of).collect();
        let paths = tracer.run(&heaps);
        assert_eq!(paths.len(), run.tests.len());
        for (t, (path, value)) in run.tests.iter().zip(&paths) {
            check_outcome(t, path, *value);
        }
        paths_of.push(paths.into_iter().map(|(p, _)| p).collect::<Vec<_>>());
        runs.push(run);
    }
    let pose: BTreeSet<&String> = paths_of[0].iter().collect();
    let ctx = format!("seed {seed}:\n{}", p.text);
    assert_eq!(pose.len() as u64, runs[0].traces, "POSE explored a path twice, {ctx}");
    let missed: Vec<&String> = small.iter().filter(|s| !pose.contains(s)).collect();
    assert!(missed.is_empty(), "POSE missed paths {missed:?}, {ctx}");
    for (k, name) in [(1, "lazy"), (2, "lazier")] {
        let other: BTreeSet<&String> = paths_of[k].iter().collect();
        assert_eq!(other, pose, "{name} drives other paths than POSE, {ctx}");
        assert_eq!(runs[k].errors, runs[0].errors, "{name} finds other errors than POSE, {ctx}");
        assert!(runs[k].traces >= runs[0].traces);
    }
    [runs[0].traces, runs[1].traces, runs[2].traces, small.len() as u64]
}

#[test]
fn pose_explores_each_program_path_once() {
    let keep = std::env::var_os("KAPPA_HEAP_KEEP").map(std::path::PathBuf::from);
    let seeds: Vec<u64> = seeds().collect();
    // The programs are independent: two workers share them.
    let workers = 2;
    let totals: Vec<[u64; 4]> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let (seeds, keep) = (&seeds, keep.as_deref());
                sc.spawn(move || {
                    seeds.iter().skip(w).step_by(workers).map(|&s| check_seed(s, keep)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a program failed its check (see above)")).collect()
    });
    let programs = totals.len();
    let sum = |i: usize| totals.iter().map(|t| t[i]).sum::<u64>();
    let (pose_traces, lazy_traces, lazier_traces, enumerated) = (sum(0), sum(1), sum(2), sum(3));
    assert!(programs >= 50 || std::env::var_os("KAPPA_HEAP_SEEDS").is_some());
    eprintln!(
        "{programs} programs: traces lazy {lazy_traces}, lazier {lazier_traces}, POSE {pose_traces} \
         (= program paths); paths of heaps of at most {} nodes: {enumerated}",
        common::NODES
    );
}
