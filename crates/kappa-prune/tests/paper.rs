//! The examples of "Loop Path Reduction by State Pruning" (Gao and Lumetta, ASE 2018), Figures
//! 1 and 2, with exact state counts, and the promotion check.

use kappa_engine::{Config, Engine, Mode, RunReport, SearchKind};
use kappa_prune::{PostponeRule, PromotionCheck, PruneSearcher};
use std::path::PathBuf;

fn program(name: &str) -> kappa_ir::Program {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/prune").join(name);
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).expect("lowers")
}

fn run_with(prog: &kappa_ir::Program, mode: Mode, search: SearchKind, prune: Option<PruneSearcher>) -> RunReport {
    let cfg = Config { mode, search, ..Config::default() };
    let mut prog_c;
    let prog = if mode == Mode::Compact {
        prog_c = prog.clone();
        kappa_compact::inline_calls_in_loops(&mut prog_c);
        &prog_c
    } else {
        prog
    };
    let mut e = Engine::new(prog, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
    if let Some(p) = prune {
        e.set_searcher(Box::new(p));
    }
    if mode == Mode::Compact {
        e.set_templates(Box::new(kappa_compact::Compact::default()));
    }
    e.run(&mut |_, _| {})
}

fn bfs(prog: &kappa_ir::Program) -> RunReport {
    run_with(prog, Mode::Classic, SearchKind::Bfs, None)
}

fn prune(prog: &kappa_ir::Program, check: PromotionCheck) -> RunReport {
    run_with(prog, Mode::Classic, SearchKind::Prune, Some(PruneSearcher::new(SearchKind::Bfs, 1).with_check(check)))
}

fn counter(r: &RunReport, k: &str) -> u64 {
    r.stats.searcher.get(k).copied().unwrap_or_else(|| panic!("no counter {k}: {:?}", r.stats.searcher))
}

/// Fig. 2: three iterations of Fig. 1(a)'s loop. Full exploration: 8 paths. Loop state
/// pruning: s0 and s1 are explored (one through each side of the branch), the 4 states their
/// later iterations fork (s00, s01, s10, s11) are postponed and never explored, and the whole
/// loop is covered all the same.
#[test]
fn figure_2_two_explored_states_instead_of_eight() {
    let prog = program("fig1.c");
    let full = bfs(&prog);
    assert_eq!(full.stats.paths_completed, 8);
    assert!(full.complete());
    let r = prune(&prog, PromotionCheck::Sound);
    assert_eq!(r.stats.paths_completed, 2, "explored states");
    assert_eq!(counter(&r, "postponed"), 4);
    assert_eq!(counter(&r, "promoted"), 0);
    assert_eq!(counter(&r, "dropped"), 4);
    // The paper counts explored states: those created less the postponed ones never run.
    assert_eq!(r.stats.states_explored, r.stats.states_created - 4);
    assert_eq!(full.stats.states_explored, full.stats.states_created);
    assert_eq!(r.stats.coverage, full.stats.coverage);
    assert_eq!(r.stats.coverage.branches_covered, r.stats.coverage.branches_total);
    assert_eq!(r.stats.coverage.loop_paths_covered, 3, "two H2H paths and the H2E path");
    // Postponed states were dropped: the exploration is not complete (no `true` verdict).
    assert!(!r.complete());
    assert!(r.stats.incomplete.iter().any(|w| w.contains("4 postponed states")), "{:?}", r.stats.incomplete);
}

/// The base order among normal states does not change what pruning covers.
#[test]
fn every_base_order_covers_the_loop() {
    let prog = program("fig1.c");
    let full = bfs(&prog);
    for base in [SearchKind::Dfs, SearchKind::Random] {
        let r = run_with(&prog, Mode::Classic, SearchKind::Prune, Some(PruneSearcher::new(base, 7)));
        assert_eq!(r.stats.coverage, full.stats.coverage, "{base:?}");
        assert!(r.stats.paths_completed < 8, "{base:?}: {} paths", r.stats.paths_completed);
    }
}

/// Fig. 1(b): a condition after the loop that the two explored states cannot satisfy (every
/// character matched). A postponed state is promoted and covers it: 3 paths instead of 8. The
/// paper's check (the condition on the postponed states' present values, where j has not yet
/// reached 3) rules every state out and loses the branch, which is why it is not the default.
#[test]
fn figure_1b_a_postponed_state_is_promoted_to_cover_the_condition() {
    let prog = program("fig1b.c");
    let full = bfs(&prog);
    assert_eq!(full.stats.paths_completed, 8);
    assert_eq!(full.stats.coverage.branches_covered, full.stats.coverage.branches_total);
    let r = prune(&prog, PromotionCheck::Sound);
    assert_eq!(counter(&r, "promoted"), 1);
    assert_eq!(r.stats.paths_completed, 3);
    assert_eq!(r.stats.coverage, full.stats.coverage);
    let p = prune(&prog, PromotionCheck::Paper);
    assert_eq!(counter(&p, "promoted"), 0);
    assert_eq!(p.stats.coverage.branches_covered + 1, full.stats.coverage.branches_covered);
}

/// The SMT check of a promotion: the condition left uncovered reads values fixed before the
/// loop, so the solver rules out the postponed state whose path condition contradicts it and
/// promotes the one where it is satisfiable.
#[test]
fn the_solver_rules_out_a_state_and_promotes_another() {
    let prog = program("settled.c");
    let full = bfs(&prog);
    let r = prune(&prog, PromotionCheck::Sound);
    assert_eq!(counter(&r, "ruled_out"), 1);
    assert_eq!(counter(&r, "promoted"), 1);
    assert_eq!(r.stats.coverage, full.stats.coverage);
    assert!(r.stats.paths_completed < full.stats.paths_completed);
}

/// With compact symbolic execution: templates where the loops have them, pruning where they do
/// not; the coverage is that of compact exploration with bfs.
#[test]
fn pruning_composes_with_compact_mode() {
    for name in ["fig1.c", "fig1b.c", "settled.c"] {
        let prog = program(name);
        let full = run_with(&prog, Mode::Compact, SearchKind::Bfs, None);
        let r = run_with(&prog, Mode::Compact, SearchKind::Prune, Some(PruneSearcher::new(SearchKind::Bfs, 1)));
        assert_eq!(r.stats.coverage, full.stats.coverage, "{name}");
        assert!(r.stats.paths_completed <= full.stats.paths_completed, "{name}");
        assert!(r.stats.errors.is_empty());
    }
}

/// Without loops nothing is postponed, and the run is complete as with bfs.
#[test]
fn programs_without_loops_are_explored_completely() {
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) { int x = __VERIFIER_nondet_int(); \
               if (x > 3) { if (x < 10) return 1; return 2; } return 0; }\n";
    let prog = kappa_cfront::lower_preprocessed("noloop.c", src, &kappa_cfront::Options::default()).unwrap();
    let r = prune(&prog, PromotionCheck::Sound);
    assert!(r.complete(), "{:?}", r.stats.incomplete);
    assert_eq!(r.stats.paths_completed, 3);
    assert_eq!(counter(&r, "postponed"), 0);
}

/// The paper's "uncoverable path" cluster (section 4): a loop path no execution takes (a `break`
/// under `i > 100` in a loop of four iterations) keeps every prefix of the loop's paths
/// uncovered, so the paper's rule postpones nothing and explores what full exploration does
/// (16 paths). kappa's feasible rule checks whether a state can still complete an uncovered
/// path in its iteration (it cannot: `i` is at most 3) and postpones it; the promotion check
/// then proves the `break` uncoverable for every postponed state. Same coverage, 2 paths.
#[test]
fn a_loop_path_no_state_can_complete_does_not_keep_states_normal() {
    let prog = program("uncoverable_break.c");
    let full = bfs(&prog);
    assert_eq!(full.stats.paths_completed, 16);
    let paper = run_with(
        &prog,
        Mode::Classic,
        SearchKind::Prune,
        Some(PruneSearcher::new(SearchKind::Bfs, 1).with_rule(PostponeRule::Paper)),
    );
    assert_eq!(counter(&paper, "postponed"), 0);
    assert_eq!(paper.stats.states_explored, full.stats.states_explored);
    let r = prune(&prog, PromotionCheck::Sound);
    assert_eq!(r.stats.coverage, full.stats.coverage);
    assert_eq!(r.stats.paths_completed, 2);
    assert!(counter(&r, "completion_checks") > 0);
    assert_eq!(counter(&r, "postponed"), counter(&r, "postponed_when_selected"));
    assert_eq!(counter(&r, "frontier_given_up"), 1, "i > 100");
    assert_eq!(r.stats.states_explored + counter(&r, "dropped"), r.stats.states_created);
    assert!(r.stats.states_explored * 3 < full.stats.states_explored);
}

/// Whatever the postponement rule, pruning covers the branches and lines full exploration
/// covers.
#[test]
fn both_rules_cover_what_full_exploration_covers() {
    for name in ["fig1.c", "fig1b.c", "settled.c", "uncoverable_break.c"] {
        let prog = program(name);
        let full = bfs(&prog);
        for rule in [PostponeRule::Paper, PostponeRule::Feasible] {
            let r = run_with(
                &prog,
                Mode::Classic,
                SearchKind::Prune,
                Some(PruneSearcher::new(SearchKind::Bfs, 1).with_rule(rule)),
            );
            assert_eq!(r.stats.coverage.branches_covered, full.stats.coverage.branches_covered, "{name} {rule:?}");
            assert_eq!(r.stats.coverage.lines_covered, full.stats.coverage.lines_covered, "{name} {rule:?}");
        }
    }
}
