//! End-to-end exploration of small programs whose paths can be counted by hand.

use kappa_engine::{Config, Engine, Mode, SearchKind};
use kappa_ir::Program;

fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

fn explore(prog: &Program, search: SearchKind) -> kappa_engine::RunReport {
    let cfg = Config { mode: Mode::Classic, search, ..Config::default() };
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let mut e = Engine::new(prog, cfg, solver);
    e.run(&mut |_, _| {})
}

const FOUR_BRANCHES: &str = r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int count = 0;
    for (int i = 0; i < 4; i++) {
        if (__VERIFIER_nondet_int() > 0) count++;
    }
    return count;
}
"#;

#[test]
fn four_nondet_branches_in_a_loop_of_four_give_16_paths() {
    let p = lower(FOUR_BRANCHES);
    for s in [SearchKind::Bfs, SearchKind::Dfs, SearchKind::Random] {
        let r = explore(&p, s);
        assert_eq!(r.stats.paths_completed, 16, "{s:?}: {:?}", r.stats);
        assert_eq!(r.stats.paths_error, 0);
        assert!(r.complete(), "{:?}", r.stats.incomplete);
    }
}

/// Runs each generated test in the concrete interpreter and checks the predicted outcome.
fn tests_replay(prog: &Program, dir: &std::path::Path) -> usize {
    use kappa_interp::{run_main, Config as IConfig, Outcome, VecInput};
    use kappa_ir::testcase::{InputKind, TestCase, TestOutcome};
    let mut n = 0;
    let mut files: Vec<_> =
        std::fs::read_dir(dir.join("tests")).map(|r| r.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for f in files {
        let t = TestCase::from_json(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let values: Vec<u64> = t.inputs.iter().filter(|i| i.kind != InputKind::Memory).map(|i| i.value).collect();
        let fills: Vec<Vec<u8>> =
            t.inputs.iter().filter(|i| i.kind == InputKind::Memory).map(|i| i.bytes.clone()).collect();
        let want = values.len();
        let mut input = VecInput::new(values).with_fills(fills);
        let r = run_main(prog, &mut input, &IConfig::default());
        let ok = match (&t.outcome, &r.outcome) {
            // A path halted by a limit: the program must get past its last input (what it does
            // after that was not explored).
            (TestOutcome::Halted { .. }, _) => input.consumed() >= want,
            (TestOutcome::Exit { code }, Outcome::Exit(c)) => code == c,
            (TestOutcome::Abort, Outcome::Abort) => true,
            (TestOutcome::Error { error, location, .. }, Outcome::Error { kind, span, .. }) => {
                error == kind.name() && *location == prog.fmt_span(*span)
            }
            _ => false,
        };
        assert!(ok, "{}: predicted {:?}, the interpreter says {:?}", f.display(), t.outcome, r.outcome);
        n += 1;
    }
    n
}

fn explore_to(prog: &Program, search: SearchKind, dir: &std::path::Path) -> kappa_engine::RunReport {
    let cfg = Config { mode: Mode::Classic, search, test_dir: Some(dir.join("tests")), ..Config::default() };
    let solver = kappa_solver::default_chain(cfg.solver_timeout);
    let mut e = Engine::new(prog, cfg, solver);
    e.run(&mut |_, _| {})
}

#[test]
fn errors_are_found_and_every_test_replays() {
    let src = r#"
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) {}
int table[8];
struct pt { int x; short y; };
int f(struct pt p, int k) { return p.x * k - p.y; }
int main(void) {
    int a = __VERIFIER_nondet_int();
    unsigned char c = __VERIFIER_nondet_uchar();
    int buf[4];
    struct pt q = { a, (short)c };
    int *p = &buf[c & 3];
    *p = a;
    for (int i = 0; i < 4; i++) buf[i] = i * a;
    if (c > 200) {
        if (a / (c - 250) == 3) reach_error();
    }
    if (f(q, 2) == 100) table[c % 9] = 1;
    int *h = (int *)malloc(3 * sizeof(int));
    if (c == 7) { free(h); return h[0]; }
    h[1] = a;
    free(h);
    return buf[2] & 0xff;
}
"#;
    let prog = lower(&format!("#include <stdlib.h>\n{src}"));
    let dir = tempfile::tempdir().unwrap();
    let r = explore_to(&prog, SearchKind::Dfs, dir.path());
    let kinds: std::collections::BTreeSet<String> = r.stats.errors.iter().map(|e| e.kind.clone()).collect();
    for k in ["reach_error", "div_by_zero", "out_of_bounds", "invalid_deref"] {
        assert!(kinds.contains(k), "missing {k}: {kinds:?}");
    }
    assert!(r.complete(), "{:?}", r.stats.incomplete);
    let n = tests_replay(&prog, dir.path());
    assert_eq!(n as u64, r.stats.paths_completed);
    assert!(n >= 6, "{n} tests");
}

/// The SV-COMP style corpus: whatever kappa explores within a small budget, each test it writes
/// replays in the interpreter to the predicted outcome.
#[test]
fn corpus_tests_replay_in_the_interpreter() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/svcomp");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    let mut total = 0;
    for f in files {
        let prog = kappa_cfront::lower_file(&f, &kappa_cfront::Options::default()).unwrap();
        let out = tempfile::tempdir().unwrap();
        let cfg = Config {
            mode: Mode::Classic,
            search: SearchKind::Dfs,
            test_dir: Some(out.path().join("tests")),
            limits: kappa_engine::Limits {
                states: Some(300),
                time: Some(std::time::Duration::from_secs(1)),
                ..Default::default()
            },
            solver_timeout: Some(std::time::Duration::from_secs(1)),
            ..Config::default()
        };
        let mut e = Engine::new(&prog, cfg, kappa_solver::default_chain(Some(std::time::Duration::from_secs(1))));
        e.run(&mut |_, _| {});
        total += tests_replay(&prog, out.path());
    }
    assert!(total > 100, "{total} tests");
}

/// A call's value assigned to a global reaches the global (it was written to a register of the
/// caller's frame: `status = f(); if (status == 1) reach_error();` was `true`).
#[test]
fn a_call_result_assigned_to_a_global_is_stored() {
    let reached = r#"
extern void reach_error(void);
int status;
int h(int p) { return p + 1; }
int main(void) {
    status = h(0);
    if (status == 1) reach_error();
    return 0;
}
"#;
    let not_reached = r#"
extern void reach_error(void);
int g;
int h(int p) { g = g + p; return p + 1; }
int main(void) {
    g = h(4);
    if (g != 5) reach_error();
    return 0;
}
"#;
    for (src, errors) in [(reached, 1), (not_reached, 0)] {
        let p = lower(src);
        for mode in [Mode::Classic, Mode::Compact] {
            let cfg = Config { mode, search: SearchKind::Dfs, ..Config::default() };
            let mut e = Engine::new(&p, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
            let r = e.run(&mut |_, _| {});
            assert_eq!((r.stats.paths_completed, r.stats.paths_error), (1, errors), "{mode:?}: {:?}\n{src}", r.stats);
        }
    }
}

/// A local whose frame returned is dead on every path, also when the frame forked (its object
/// is then shared by the two states, and each return must mark it dead in its own state).
#[test]
fn a_pointer_to_a_returned_frame_is_dangling_on_every_path() {
    let p = lower(
        r#"
extern int __VERIFIER_nondet_int(void);
int *keep;
void f(int x) {
    int local = x;
    keep = &local;
    if (x > 5)
        local = 1;
}
int main(void) {
    f(__VERIFIER_nondet_int());
    return *keep;
}
"#,
    );
    for s in [SearchKind::Bfs, SearchKind::Dfs] {
        let r = explore(&p, s);
        assert_eq!(r.stats.paths_completed, 2, "{s:?}");
        assert_eq!(r.stats.paths_error, 2, "{s:?}: {:?}", r.stats.errors);
        assert!(r.stats.errors.iter().all(|e| e.kind == "invalid_deref"), "{:?}", r.stats.errors);
    }
}

/// Deep recursion with forks at the bottom (issue 12: frames and stack objects are shared by
/// the forks, and a return marks only its own frame's objects dead): 300 activations, each with
/// a local array, forking in the innermost 5: 32 paths, each returning through all 300.
#[test]
fn deep_recursion_forks_at_the_bottom() {
    let p = lower(
        r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int walk(int n, int acc) {
    int local[4] = {n, n + 1, n + 2, n + 3};
    if (n == 0)
        return acc;
    if (n <= 5 && __VERIFIER_nondet_int() > 0)
        acc += local[n % 4];
    return walk(n - 1, acc);
}
int main(void) {
    int r = walk(300, 0);
    if (r == 22)
        reach_error();
    return 0;
}
"#,
    );
    let r = explore(&p, SearchKind::Bfs);
    assert_eq!(r.stats.paths_completed, 32);
    assert!(r.complete(), "{:?}", r.stats.incomplete);
    // local[n % 4] = n + n % 4 for n = 5..1 is 6, 4, 6, 4, 2: only the path adding all five
    // reaches 22.
    assert_eq!(r.stats.paths_error, 1, "{:?}", r.stats.errors);
}
