//! The sound promotion check's lookahead (section 3.4.2, `src/lookahead.rs`): it rules out
//! postponed states for branches no path can take, and never for a branch a state could still
//! cover (the coverage is that of full exploration).

use kappa_engine::{Config, Engine, Limits, RunReport, SearchKind};
use kappa_prune::{PromotionCheck, PruneSearcher};

fn lower(name: &str, src: &str) -> kappa_ir::Program {
    kappa_cfront::lower_preprocessed(name, src, &kappa_cfront::Options::default()).expect("lowers")
}

fn run(prog: &kappa_ir::Program, prune: Option<PromotionCheck>) -> RunReport {
    let cfg = Config {
        search: if prune.is_some() { SearchKind::Prune } else { SearchKind::Bfs },
        limits: Limits { states: Some(1500), ..Limits::default() },
        ..Config::default()
    };
    let mut e = Engine::new(prog, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
    if let Some(c) = prune {
        e.set_searcher(Box::new(PruneSearcher::new(SearchKind::Bfs, 1).with_check(c)));
    }
    e.run(&mut |_, _| {})
}

fn counter(r: &RunReport, k: &str) -> u64 {
    r.stats.searcher.get(k).copied().unwrap_or_else(|| panic!("no counter {k}: {:?}", r.stats.searcher))
}

/// A loop over clamped bounds that checks the index again: the check's failing side is
/// uncoverable. Havocking the index (the variables the loop changes) makes it satisfiable;
/// the lookahead knows `i >= lo` (the index only grows, and `i <= hi` guards the increment,
/// so it cannot wrap) and `i <= hi` (the loop guard on the way to the check), so it rules
/// every postponed state out and none is explored in vain.
#[test]
fn an_uncoverable_branch_behind_a_clamp_is_ruled_out() {
    let prog = lower(
        "clamp.c",
        "extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n\
             int a[4];\n\
             int p = __VERIFIER_nondet_int();\n\
             if (p < 0 || p >= 4) return 0;\n\
             int lo = p > 0 ? p - 1 : 0;\n\
             int hi = p < 3 ? p + 1 : 3;\n\
             int n = 0;\n\
             for (int i = lo; i <= hi; i++) {\n\
                 if (i < 0 || i >= 4) continue;\n\
                 if (a[i] == 0) n++;\n\
             }\n\
             return n;\n\
         }\n",
    );
    let full = run(&prog, None);
    assert!(full.complete());
    let r = run(&prog, Some(PromotionCheck::Sound));
    assert_eq!(r.stats.coverage, full.stats.coverage);
    assert!(r.stats.coverage.branches_covered < r.stats.coverage.branches_total, "the uncoverable sides");
    assert_eq!(counter(&r, "promoted"), 0, "{:?}", r.stats.searcher);
    assert_eq!(counter(&r, "frontier_given_up"), 2, "i < 0 and i >= 4: {:?}", r.stats.searcher);
    assert!(counter(&r, "lookahead_checks") > 0);
    assert_eq!(counter(&r, "ruled_out"), counter(&r, "promotion_checks"));
    assert!(r.stats.states_created < full.stats.states_created);
    assert_eq!(r.stats.states_explored + counter(&r, "dropped"), r.stats.states_created);
}

/// Fig. 1(b): the condition after the loop holds only after more iterations; the lookahead
/// follows the loop (its registers havocked at the header, `j` bounded by nothing) and lets
/// a postponed state be promoted to cover it.
#[test]
fn a_branch_coverable_in_a_later_iteration_is_not_ruled_out() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/prune/fig1b.c");
    let prog = kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).expect("lowers");
    let full = run(&prog, None);
    let r = run(&prog, Some(PromotionCheck::Sound));
    assert!(counter(&r, "lookahead_checks") > 0);
    assert_eq!(counter(&r, "promoted"), 1);
    assert_eq!(r.stats.coverage, full.stats.coverage);
}

/// A counter whose increment may wrap (`x <= z` with `z` the largest int): the lookahead
/// claims `x >= y` only where no increment can wrap, so the branch that needs the wrap stays
/// coverable.
#[test]
fn a_counter_that_may_wrap_is_not_claimed_monotone() {
    let prog = lower(
        "wrap.c",
        "extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n\
             int a[3];\n\
             int y = __VERIFIER_nondet_int();\n\
             int z = __VERIFIER_nondet_int();\n\
             int x = y;\n\
             for (int k = 0; k < 3; k++) {\n\
                 if (a[k] == 0) { if (x <= z) x++; }\n\
             }\n\
             if (x < y) { if (x == y + 1) return 1; }\n\
             return 0;\n\
         }\n",
    );
    let full = run(&prog, None);
    assert_eq!(full.stats.coverage.branches_covered, full.stats.coverage.branches_total);
    let r = run(&prog, Some(PromotionCheck::Sound));
    assert_eq!(r.stats.coverage, full.stats.coverage);
}

/// Random loop programs in the style of the benchmark's (clamped or checked bounds, counters
/// changed in the loop, conditions on them inside and after the loop, forks on an array of
/// inputs that make pruning postpone states): wherever full exploration completes, pruning
/// with the sound check covers every branch it covers.
#[test]
fn pruning_covers_what_full_exploration_covers_on_random_loop_programs() {
    // KAPPA_PRUNE_SEEDS=N checks N programs instead of 14 (a longer run by hand).
    let seeds = std::env::var("KAPPA_PRUNE_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(14u64);
    let (mut compared, mut lookahead, mut ruled_out) = (0, 0, 0);
    for seed in 0..seeds {
        let src = loop_program(seed);
        let prog = lower("loops.c", &src);
        let full = run(&prog, None);
        if !full.complete() {
            continue;
        }
        let r = run(&prog, Some(PromotionCheck::Sound));
        compared += 1;
        lookahead += counter(&r, "lookahead_checks");
        ruled_out += counter(&r, "ruled_out");
        assert!(
            r.stats.coverage.branches_covered >= full.stats.coverage.branches_covered,
            "seed {seed}: prune covers {} branches, bfs {}\n{src}",
            r.stats.coverage.branches_covered,
            full.stats.coverage.branches_covered
        );
    }
    eprintln!("{compared} programs compared; {lookahead} lookahead checks, {ruled_out} ruled out");
    assert!(compared * 4 >= seeds * 3, "{compared} of {seeds}");
    assert!(lookahead > 0 && ruled_out > 0, "{lookahead} {ruled_out}");
}

/// A random program: inputs `p`, `q` in small ranges, an array `a` of inputs, one or two
/// nested loops over `i` (and `j`) with bounds from the inputs (some clamped), registers `x`,
/// `y` assigned and incremented in the loop, conditions over all of them.
fn loop_program(seed: u64) -> String {
    let mut r = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: u64| {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        r % n
    };
    let vars = ["i", "x", "y", "p", "q"];
    let cond = |next: &mut dyn FnMut(u64) -> u64, inner: bool| {
        let pool: &[&str] = if inner { &["i", "j", "x", "y", "p", "q"] } else { &vars };
        let a = pool[next(pool.len() as u64) as usize];
        let ops = ["<", "<=", ">", ">=", "==", "!="];
        let op = ops[next(6) as usize];
        let b = match next(3) {
            0 => format!("{}", next(7) as i64 - 2),
            1 => pool[next(pool.len() as u64) as usize].to_string(),
            _ => format!("{} + {}", pool[next(pool.len() as u64) as usize], next(3)),
        };
        format!("{a} {op} {b}")
    };
    let assign = |next: &mut dyn FnMut(u64) -> u64| match next(5) {
        0 => "x++;".to_string(),
        1 => format!("x = x + {};", next(3) + 1),
        2 => "y = x;".to_string(),
        3 => format!("y = p + {};", next(3)),
        _ => "x = i;".to_string(),
    };
    let mut body = String::new();
    let (lo, hi) = match next(3) {
        0 => ("p - 1", "p + 1"),
        1 => ("lo", "hi"),
        _ => ("0", "2"),
    };
    body.push_str(&format!("    for (int i = {lo}; i <= {hi}; i++) {{\n"));
    for _ in 0..1 + next(3) {
        match next(4) {
            0 => body.push_str(&format!("        if ({}) continue;\n", cond(&mut next, false))),
            1 => body.push_str(&format!("        if ({}) {{ {} }}\n", cond(&mut next, false), assign(&mut next))),
            2 => {
                body.push_str(&format!("        if ({} && {}) s++;\n", cond(&mut next, false), cond(&mut next, false)))
            }
            _ => body.push_str(&format!("        {}\n", assign(&mut next))),
        }
    }
    if next(2) == 0 {
        body.push_str("        for (int j = 0; j < 2; j++) {\n");
        body.push_str(&format!("            if ({}) continue;\n", cond(&mut next, true)));
        body.push_str("            if (a[j + 1] == x) s++;\n");
        body.push_str(&format!("            if ({}) s++;\n", cond(&mut next, true)));
        body.push_str("        }\n");
    }
    body.push_str("        if (i >= 0 && i < 4 && a[i] == 0) s++;\n    }\n");
    for _ in 0..1 + next(2) {
        body.push_str(&format!("    if ({}) s++;\n", cond(&mut next, false).replace('i', "x")));
    }
    format!(
        "extern int __VERIFIER_nondet_int(void);\n\
         int main(void) {{\n\
         int a[4];\n\
         int p = __VERIFIER_nondet_int();\n\
         int q = __VERIFIER_nondet_int();\n\
         if (p < -1 || p > 4 || q < -2 || q > 3) return 0;\n\
         int lo = p > 0 ? p - 1 : 0;\n\
         int hi = p < 3 ? p + 1 : 3;\n\
         int x = q, y = 0, s = 0;\n\
         {body}\
         return s + y;\n\
         }}\n"
    )
}
