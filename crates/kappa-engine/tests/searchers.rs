//! The random-path, covnew and interleaved searchers: every path explored when time allows, a
//! deep error reached within a state budget that breadth-first search does not reach, and the
//! same exploration for the same seed.

use kappa_engine::config::Limits;
use kappa_engine::{Config, Engine, Mode, SearchKind};
use kappa_ir::Program;

fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

fn explore(prog: &Program, search: SearchKind, seed: u64, states: Option<u64>) -> kappa_engine::RunReport {
    let cfg = Config {
        mode: Mode::Classic,
        search,
        seed,
        limits: Limits { states, ..Limits::default() },
        ..Config::default()
    };
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let mut e = Engine::new(prog, cfg, solver);
    e.run(&mut |_, _| {})
}

/// Two calls, a loop and branches on both sides of each call: 2 · 2^4 · 3 paths.
const CALLS_AND_LOOP: &str = r#"
extern int __VERIFIER_nondet_int(void);
static int sign(int v) {
    if (v > 0) return 1;
    if (v < 0) return -1;
    return 0;
}
int main(void) {
    int count = 0;
    if (__VERIFIER_nondet_int() > 5) count = 10;
    for (int i = 0; i < 4; i++) {
        if (__VERIFIER_nondet_int() > 0) count++;
    }
    return count + sign(__VERIFIER_nondet_int());
}
"#;

#[test]
fn the_new_searchers_explore_every_path() {
    let p = lower(CALLS_AND_LOOP);
    for s in [SearchKind::RandomPath, SearchKind::Covnew, SearchKind::Interleaved] {
        let r = explore(&p, s, 1, None);
        assert_eq!(r.stats.paths_completed, 96, "{s:?}: {:?}", r.stats);
        assert!(r.complete(), "{s:?}: {:?}", r.stats.incomplete);
        assert_eq!(r.stats.coverage.branches_covered, r.stats.coverage.branches_total, "{s:?}");
    }
}

/// The error is at the end of every path, 30 forks deep: a tree of 2^30 paths.
const DEEP_ERROR: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int x = 0;
    for (int i = 0; i < 30; i++) {
        if (__VERIFIER_nondet_int() > 0) x++; else x--;
    }
    if (x < 100) reach_error();
    return 0;
}
"#;

#[test]
fn interleaved_reaches_an_error_thirty_forks_deep_that_breadth_first_search_does_not() {
    let p = lower(DEEP_ERROR);
    let budget = Some(3000);
    let bfs = explore(&p, SearchKind::Bfs, 1, budget);
    assert_eq!(bfs.stats.paths_error, 0, "breadth-first search reaches depth 11 with 3000 states");
    let random_path = explore(&p, SearchKind::RandomPath, 1, budget);
    assert_eq!(random_path.stats.paths_error, 0, "random-path favours shallow states");
    for seed in [1, 2, 3] {
        let r = explore(&p, SearchKind::Interleaved, seed, budget);
        assert!(r.stats.paths_error >= 1, "seed {seed}: {:?}", r.stats);
        assert!(!r.complete());
    }
}

/// A program whose exploration is cut by the state budget; the tests written tell the order.
fn tests_of_run(prog: &Program, search: SearchKind, seed: u64) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = Config {
        mode: Mode::Classic,
        search,
        seed,
        limits: Limits { states: Some(400), ..Limits::default() },
        test_dir: Some(dir.path().to_path_buf()),
        ..Config::default()
    };
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let mut e = Engine::new(prog, cfg, solver);
    let r = e.run(&mut |_, _| {});
    assert!(!r.complete());
    let mut files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect()
}

#[test]
fn the_same_seed_repeats_a_run_and_another_seed_changes_it() {
    // 2^10 paths, of which 400 states complete some.
    let p = lower(&DEEP_ERROR.replace("i < 30", "i < 10"));
    for s in [SearchKind::RandomPath, SearchKind::Covnew, SearchKind::Interleaved] {
        let a = tests_of_run(&p, s, 7);
        let b = tests_of_run(&p, s, 7);
        let c = tests_of_run(&p, s, 8);
        assert!(!a.is_empty(), "{s:?}");
        assert_eq!(a, b, "{s:?}: seed 7 twice");
        assert_ne!(a, c, "{s:?}: seeds 7 and 8");
    }
}
