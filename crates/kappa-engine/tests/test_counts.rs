//! Every completed path is counted once by the test statistics: in `tests` (less
//! `tests_on_halt`), `tests_not_written` or `tests_missing` — also when the run's limit (its
//! deadline, an interrupt) refuses the model query of a path's test as the path ends, and for
//! two workers sharing a pool. A clean-clone CI run of two workers cut by `--max-time` found one
//! path in none of them (long_runs.rs `path_tests_threshold_bounds_the_files`): the refusals
//! are made deterministic here by a solver that refuses chosen model queries as the deadline
//! does.

use kappa_engine::{Config, Engine, Mode, SearchKind, Share, TestPolicy, WorkerPool};
use kappa_ir::Program;
use kappa_solver::{Model, Query, SatResult, Solver, SolverStats};
use std::sync::Arc;
use std::time::Duration;

fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

/// Six independent branches (64 paths), the error on one of them.
const BRANCHY: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int s = 0;
    for (int i = 0; i < 6; i++) {
        if (__VERIFIER_nondet_int() > i) s += 1 << i;
    }
    if (s == 63) reach_error();
    return s;
}
"#;

/// The engine's solver chain, whose model queries number `refuse(k)` answer as the run's
/// deadline does (`unknown`, [`kappa_solver::DEADLINE`]).
struct Refusing {
    inner: Box<dyn Solver>,
    models: u64,
    refuse: fn(u64) -> bool,
}

impl Solver for Refusing {
    fn check(&mut self, q: &Query) -> SatResult {
        self.inner.check(q)
    }
    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        self.models += 1;
        if (self.refuse)(self.models) {
            return Err(SatResult::Unknown(kappa_solver::DEADLINE.into()));
        }
        self.inner.model(q)
    }
    fn stats(&self) -> SolverStats {
        self.inner.stats()
    }
    fn set_timeout(&mut self, t: Option<Duration>) {
        self.inner.set_timeout(t)
    }
}

fn config(tests: &std::path::Path, policy: TestPolicy) -> Config {
    Config {
        mode: Mode::Classic,
        search: SearchKind::Dfs,
        test_dir: Some(tests.to_path_buf()),
        tests: policy,
        ..Config::default()
    }
}

fn engine<'p>(prog: &'p Program, cfg: Config, refuse: fn(u64) -> bool) -> Engine<'p> {
    let inner = kappa_solver::default_chain(cfg.solver_timeout);
    Engine::new(prog, cfg, Box::new(Refusing { inner, models: 0, refuse }))
}

fn files(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir).map_or(0, |d| d.filter_map(Result::ok).filter(|e| e.path().is_file()).count() as u64)
}

/// Every completed path in exactly one of the counts, and no test missing: the refusals are
/// the limit's, not the solver's.
fn assert_counted(s: &kappa_engine::Stats, on_disk: u64) {
    assert_eq!(s.tests, on_disk, "{s:?}");
    assert_eq!(s.tests_missing, 0, "the limit's refusals are not the solver's failures: {s:?}");
    assert_eq!(s.paths_completed, s.tests - s.tests_on_halt + s.tests_not_written, "{s:?}");
}

#[test]
fn a_test_refused_by_the_limit_is_counted_not_written() {
    let prog = lower(BRANCHY);
    // Every path gets a file (`--path-tests all`); the 3rd and 7th model queries are refused.
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = config(dir.path(), TestPolicy { max: None, every_path_until: None });
    let report = engine(&prog, cfg, |k| k == 3 || k == 7).run(&mut |_, _| {});
    let s = &report.stats;
    assert_eq!(s.paths_completed, 64, "{s:?}");
    assert_eq!(s.tests_not_written, 2, "{s:?}");
    assert_counted(s, files(dir.path()));
}

#[test]
fn an_error_without_a_file_is_not_counted_twice() {
    let prog = lower(BRANCHY);
    // `--max-tests 0`: no path gets a file; the error path's test is made in memory (verify
    // replays it), and its model query is refused: it was counted not written already.
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = config(dir.path(), TestPolicy { max: Some(0), every_path_until: None });
    let report = engine(&prog, cfg, |_| true).run(&mut |_, _| {});
    let s = &report.stats;
    assert_eq!((s.paths_completed, s.paths_error, s.tests), (64, 1, 0), "{s:?}");
    assert_eq!(s.tests_not_written, 64, "{s:?}");
    assert_counted(s, files(dir.path()));
}

/// Two workers of `--jobs 2` in one pool, with every fifth model query refused, under the
/// policy of `--path-tests 4`: the merged counts hold every path once, and the files are
/// within the policy's bound for the whole run (four, then one per branch or line at most).
#[test]
fn two_workers_count_every_path_once() {
    let prog = lower(BRANCHY);
    for round in 0..4 {
        let dir = tempfile::tempdir().expect("temp dir");
        let cfg = config(dir.path(), TestPolicy { max: None, every_path_until: Some(4) });
        let pool = Arc::new(WorkerPool::default());
        let prog = &prog;
        let reports: Vec<kappa_engine::RunReport> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2)
                .map(|index| {
                    let mut cfg = cfg.clone();
                    cfg.share = Share::Worker { index, count: 2, pool: pool.clone() };
                    scope.spawn(move || engine(prog, cfg, |k| k % 5 == 0).run(&mut |_, _| {}))
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a worker")).collect()
        });
        let mut s = reports[0].stats.clone();
        s.absorb(&reports[1].stats);
        assert_eq!(s.paths_completed, 64, "round {round}: {s:?}");
        assert_counted(&s, files(dir.path()));
        let map = kappa_ir::analysis::CoverageMap::new(prog);
        let items = (0..map.len() as u32)
            .filter(|&i| {
                matches!(
                    map.kind(kappa_ir::analysis::ItemId(i)),
                    kappa_ir::analysis::ItemKind::Branch | kappa_ir::analysis::ItemKind::Line
                )
            })
            .count() as u64;
        assert!(s.tests <= 4 + items, "round {round}: {} files for {items} items", s.tests);
    }
}
