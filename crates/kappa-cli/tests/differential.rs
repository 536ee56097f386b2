//! Differential testing of the symbolic engine against gcc: random programs from `kappa-gen`
//! (mixed-width arithmetic, branches, bounded loops, arrays, calls, deliberate errors) are
//! explored; every test kappa writes is compiled and run with gcc (with sanitizers, through
//! `kappa-replay`) and must end as kappa predicted. A fixed seed range runs in CI; set
//! `KAPPA_DIFF_SEEDS=START..END` for a longer campaign (see bench/differential.sh).

use kappa_engine::{Config, Engine, Limits, Mode, SearchKind};
use kappa_ir::testcase::TestCase;
use std::path::Path;
use std::time::Duration;

fn seeds(var: &str, default: std::ops::Range<u64>) -> std::ops::Range<u64> {
    match std::env::var(var) {
        Ok(s) => {
            let (a, b) = s.split_once("..").expect("START..END");
            a.parse().expect("start")..b.parse().expect("end")
        }
        Err(_) => default,
    }
}

/// Explores one generated program and replays its tests; returns (tests, templates applied,
/// mismatches).
fn check(seed: u64, dir: &Path, mode: Mode) -> (usize, u64, Vec<String>) {
    let cfg = kappa_gen::GenConfig { nondet_bool: true, ..kappa_gen::GenConfig::default() };
    let src = kappa_gen::generate(seed, &cfg);
    let file = dir.join(format!("gen{seed}.c"));
    std::fs::write(&file, &src).expect("write");
    let prog = match kappa_cfront::lower_file(&file, &kappa_cfront::Options::default()) {
        Ok(p) => p,
        Err(d) => return (0, 0, vec![format!("seed {seed}: does not lower: {d}")]),
    };
    let out = dir.join(format!("out{seed}"));
    let ecfg = Config {
        mode,
        search: SearchKind::Dfs,
        test_dir: Some(out.join("tests")),
        limits: Limits { states: Some(5000), time: Some(Duration::from_secs(20)), ..Limits::default() },
        program_name: file.display().to_string(),
        ..Config::default()
    };
    let solver = kappa_solver::default_chain(ecfg.solver_timeout);
    // Compact mode explores the program with small calls in loops inlined (as `kappa` does);
    // the tests replay on the original.
    let mut explored = prog.clone();
    if mode == Mode::Compact {
        kappa_compact::inline_calls_in_loops(&mut explored);
    }
    let mut engine = Engine::new(&explored, ecfg, solver);
    if mode == Mode::Compact {
        // Templates even for short loops, so that they are exercised.
        let mut c = kappa_compact::Compact::default();
        c.unroll_short_loops = false;
        engine.set_templates(Box::new(c));
    }
    let report = engine.run(&mut |_, _| {});
    let opts = kappa_replay::ReplayOptions::default();
    let harness = match kappa_replay::Harness::from_program(prog.clone(), "main", &opts) {
        Ok(h) => h,
        Err(e) => return (0, 0, vec![format!("seed {seed}: harness: {e}")]),
    };
    let mut files: Vec<_> =
        std::fs::read_dir(out.join("tests")).map(|r| r.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    let mut bad = Vec::new();
    for f in &files {
        let test = TestCase::from_json(&std::fs::read_to_string(f).unwrap_or_default()).expect("a test");
        match harness.run(&test) {
            Ok(r) if r.matches => {}
            Ok(r) => bad.push(format!("seed {seed}, {}: {}", f.display(), r.explanation)),
            Err(e) => bad.push(format!("seed {seed}, {}: {e}", f.display())),
        }
    }
    // A path the time limit cut while its test was being solved has none, and says so; with
    // no limit reached, every completed path has its test.
    let s = &report.stats;
    if files.len() as u64 + s.tests_missing != s.paths_completed || (s.tests_missing > 0 && s.incomplete.is_empty()) {
        bad.push(format!(
            "seed {seed}: {} tests for {} paths ({} without a test; incomplete: {:?})",
            files.len(),
            s.paths_completed,
            s.tests_missing,
            s.incomplete
        ));
    }
    (files.len(), report.stats.templates.applied, bad)
}

#[test]
fn every_test_of_random_programs_replays_with_gcc() {
    campaign(Mode::Classic, seeds("KAPPA_DIFF_SEEDS", 0..48));
}

/// Compact exploration: tests list every input of every iteration a template summarised.
#[test]
fn every_test_of_compact_exploration_replays_with_gcc() {
    campaign(Mode::Compact, seeds("KAPPA_DIFF_COMPACT_SEEDS", 0..24));
}

fn campaign(mode: Mode, range: std::ops::Range<u64>) {
    let opts = kappa_replay::ReplayOptions::default();
    assert!(
        kappa_replay::compiler_available(&opts, kappa_ir::DataModel::LP64),
        "no C compiler: scripts/setup.sh installs gcc"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let threads = 2;
    let results: Vec<(usize, u64, Vec<String>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let d = dir.path().to_path_buf();
                let r = range.clone();
                sc.spawn(move || {
                    let mut tests = 0;
                    let mut applied = 0;
                    let mut bad = Vec::new();
                    for seed in r.filter(|s| s % threads == t) {
                        let (n, a, b) = check(seed, &d, mode);
                        tests += n;
                        applied += a;
                        bad.extend(b);
                    }
                    (tests, applied, bad)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    let tests: usize = results.iter().map(|r| r.0).sum();
    let applied: u64 = results.iter().map(|r| r.1).sum();
    let bad: Vec<String> = results.into_iter().flat_map(|r| r.2).collect();
    eprintln!("{mode:?}: {} programs, {tests} tests replayed, {applied} templates applied", range.end - range.start);
    if mode == Mode::Compact {
        assert!(applied >= (range.end - range.start) / 2, "too few templates applied to test them: {applied}");
    }
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
    assert!(tests as u64 >= 2 * (range.end - range.start));
}
