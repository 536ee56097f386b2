//! Per-query cost of the solver configurations on an engine-like workload: a depth-first
//! exploration whose path conditions grow to 20–50 bit-vector constraints over a few inputs,
//! with both sides of each branch checked and a model asked for at the end of each path.
//!
//! `cargo run --release -p kappa-solver --example bench [queries]`

use kappa_expr::{Elem, Sort, Term};
use kappa_solver::{
    CachingSolver, IndependenceSolver, ModelStrategy, Query, SatResult, Solver, Z3Mode, Z3Options, Z3Solver,
};
use std::time::{Duration, Instant};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

struct Inputs {
    ints: Vec<Term>,
    chars: Vec<Term>,
    bufs: Vec<Term>,
}

impl Inputs {
    fn new(n: usize) -> Inputs {
        Inputs {
            ints: (0..n).map(|i| Term::fresh(&format!("n{i}"), Sort::Bv(32))).collect(),
            chars: (0..6).map(|i| Term::fresh(&format!("c{i}"), Sort::Bv(8))).collect(),
            bufs: (0..n / 2).map(|i| Term::fresh(&format!("buf{i}"), Sort::Array(Elem::Bv(32), Elem::Bv(8)))).collect(),
        }
    }
}

/// A branch condition of the kind C code produces, over inputs near `focus` (so that the path
/// condition falls into several independent groups).
fn gen_cond(rng: &mut Rng, inp: &Inputs, focus: usize) -> Term {
    let pick = |rng: &mut Rng| inp.ints[(focus + rng.below(2) as usize) % inp.ints.len()].clone();
    // One buffer per pair of integers, so that the buffer does not tie everything together.
    let buf = |_: &mut Rng| inp.bufs[focus % inp.bufs.len()].clone();
    let ch = |rng: &mut Rng| inp.chars[(focus + rng.below(2) as usize) % inp.chars.len()].clone();
    let k = |rng: &mut Rng| Term::bv(rng.below(200), 32);
    // Mostly comparisons and equalities, now and then arithmetic that is harder to bit-blast.
    match rng.below(20) {
        0..=3 => pick(rng).bvadd(&k(rng)).bvslt(&pick(rng)),
        4..=6 => pick(rng).bvult(&k(rng)),
        7..=8 => pick(rng).eq(&k(rng)),
        9..=10 => pick(rng).bvand(&Term::bv(0xff, 32)).eq(&Term::bv(rng.below(256), 32)),
        11 => pick(rng).bvmul(&Term::bv(3 + rng.below(5), 32)).bvsle(&pick(rng).bvadd(&k(rng))),
        12..=14 => buf(rng).select(&pick(rng)).eq(&Term::bv(rng.below(128), 8)),
        15 => pick(rng).bvurem(&Term::bv(2 + rng.below(6), 32)).eq(&Term::bv(0, 32)),
        16..=17 => {
            let (a, b) = (pick(rng), pick(rng));
            Term::ite(&a.bvslt(&b), &a, &b).bvsle(&k(rng))
        }
        _ => ch(rng).zext(32).bvsub(&Term::bv(48, 32)).bvult(&Term::bv(10, 32)),
    }
}

#[derive(Default)]
struct Tally {
    checks: u64,
    models: u64,
    sat: u64,
    unsat: u64,
    unknown: u64,
    pc_len: u64,
    /// Time of each query, µs.
    lat: Vec<f64>,
}

/// A workload: its inputs, and how many constraints in a row concern the same inputs.
struct Workload {
    name: &'static str,
    inp: Inputs,
    run_len: usize,
}

fn explore(
    s: &mut dyn Solver,
    w: &Workload,
    rng: &mut Rng,
    pc: &mut Vec<Term>,
    depth: usize,
    budget: &mut u64,
    t: &mut Tally,
) {
    let inp = &w.inp;
    let target = 20 + (depth % 31);
    if pc.len() >= target || *budget == 0 {
        if let Some((last, rest)) = pc.split_last() {
            t.models += 1;
            let st = Instant::now();
            if s.model(&Query { pc: rest, cond: last.clone() }).is_err() {
                t.unknown += 1;
            }
            t.lat.push(st.elapsed().as_secs_f64() * 1e6);
        }
        return;
    }
    let focus = pc.len() / w.run_len;
    let c = gen_cond(rng, inp, focus);
    let mut sides = Vec::new();
    for cond in [c.clone(), c.not()] {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        t.checks += 1;
        t.pc_len += pc.len() as u64;
        let st = Instant::now();
        let r = s.check(&Query { pc, cond: cond.clone() });
        t.lat.push(st.elapsed().as_secs_f64() * 1e6);
        match r {
            SatResult::Sat => {
                t.sat += 1;
                sides.push(cond);
            }
            SatResult::Unsat => t.unsat += 1,
            SatResult::Unknown(_) => t.unknown += 1,
        }
    }
    // Follow one feasible side, and now and then both.
    let both = rng.below(8) == 0;
    for (i, cond) in sides.into_iter().enumerate() {
        if i > 0 && !both {
            break;
        }
        pc.push(cond);
        explore(s, w, rng, pc, depth + 1, budget, t);
        pc.pop();
    }
}

fn run(name: &str, s: &mut dyn Solver, w: &Workload, queries: u64) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut t = Tally::default();
    let start = Instant::now();
    let mut budget = queries;
    while budget > 0 {
        let mut pc = Vec::new();
        explore(s, w, &mut rng, &mut pc, 0, &mut budget, &mut t);
    }
    let el = start.elapsed();
    let n = t.checks + t.models;
    let st = s.stats();
    t.lat.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| t.lat.get(((t.lat.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(0.0);
    println!(
        "{name:<46} mean {:>7.1} µs/query, median {:>6.1}, p90 {:>7.1}  ({} checks, {} models, avg pc {:.1}; sat {} unsat {} unknown {}; core calls {}, Z3 {:.0} ms, translate {:.0} ms; hits exact {} cex {} subset {} superset {})",
        el.as_secs_f64() * 1e6 / n as f64,
        pct(0.5),
        pct(0.9),
        t.checks,
        t.models,
        t.pc_len as f64 / t.checks.max(1) as f64,
        t.sat,
        t.unsat,
        t.unknown,
        st.core_calls,
        st.core_time.as_secs_f64() * 1e3,
        st.translate_time.as_secs_f64() * 1e3,
        st.cache.exact_hits,
        st.cache.cex_hits,
        st.cache.unsat_subset_hits,
        st.cache.sat_superset_hits,
    );
}

fn z3(mode: Z3Mode) -> Z3Solver {
    Z3Solver::with_options(Z3Options { mode, ..Z3Options::default() })
}

/// `model` of a query made of `groups` independent groups, split or whole, straight over Z3.
fn model_strategies(inp: &Inputs) {
    let mut rng = Rng(42);
    let mut pcs = Vec::new();
    for _ in 0..200 {
        // Four groups of constraints over disjoint inputs, built to be satisfiable.
        let mut pc = Vec::new();
        for g in 0..4 {
            let a = &inp.ints[2 * g];
            let b = &inp.ints[2 * g + 1];
            let lo = rng.below(100);
            pc.push(a.bvugt(&Term::bv(lo, 32)));
            pc.push(a.bvult(&Term::bv(lo + 1000, 32)));
            pc.push(a.bvadd(&Term::bv(rng.below(50), 32)).bvslt(b));
            pc.push(b.bvmul(&Term::bv(3, 32)).bvand(&Term::bv(0xf, 32)).eq(&Term::bv(rng.below(16), 32)));
            pc.push(inp.chars[g].zext(32).bvult(&b.bvand(&Term::bv(0x7f, 32))));
        }
        pcs.push(pc);
    }
    for strat in [ModelStrategy::Split, ModelStrategy::Whole] {
        let mut s = IndependenceSolver::with_strategy(z3(Z3Mode::Prefix), strat);
        let start = Instant::now();
        let mut ok = 0;
        for pc in &pcs {
            let (last, rest) = pc.split_last().expect("non-empty");
            ok += usize::from(s.model(&Query { pc: rest, cond: last.clone() }).is_ok());
        }
        println!(
            "model of 4 independent groups, {strat:?}: {:>8.1} µs/query ({ok}/{} sat)",
            start.elapsed().as_secs_f64() * 1e6 / pcs.len() as f64,
            pcs.len()
        );
    }
}

fn main() {
    let queries: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let timeout = std::env::args().nth(2).and_then(|s| s.parse().ok()).map(Duration::from_millis);
    let workloads = [
        Workload { name: "A: 8 inputs, 6 constraints per focus", inp: Inputs::new(8), run_len: 6 },
        Workload { name: "B: 32 inputs, 2 constraints per focus", inp: Inputs::new(32), run_len: 2 },
    ];
    for w in &workloads {
        println!("== workload {} ({queries} queries)", w.name);
        let mut configs: Vec<(&str, Box<dyn Solver>)> = vec![
            ("Z3 (prefix scopes)", Box::new(z3(Z3Mode::Prefix))),
            ("Z3 (push/pop per query)", Box::new(z3(Z3Mode::PushPop))),
            ("Independence(Z3)", Box::new(IndependenceSolver::new(z3(Z3Mode::Prefix)))),
            ("Caching(Z3)", Box::new(CachingSolver::new(z3(Z3Mode::Prefix)))),
            ("Caching(Independence(Z3))", Box::new(CachingSolver::new(IndependenceSolver::new(z3(Z3Mode::Prefix))))),
            ("Independence(Caching(Z3))  [default_chain]", kappa_solver::default_chain(timeout)),
            (
                "Independence(Caching(Z3)), no models on miss",
                Box::new(IndependenceSolver::new(CachingSolver::new(z3(Z3Mode::Prefix)).models_on_miss(false))),
            ),
        ];
        if std::env::var("KAPPA_BENCH_RESET").is_ok() {
            configs.push(("Z3 (reset per query)", Box::new(z3(Z3Mode::Reset))));
        }
        for (name, s) in &mut configs {
            s.set_timeout(timeout);
            run(name, s.as_mut(), w, queries);
        }
    }
    model_strategies(&workloads[0].inp);
}
