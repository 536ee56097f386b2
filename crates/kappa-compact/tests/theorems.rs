//! Theorems 2 and 3 of the ATVA paper on random programs with bounded loops: each leaf of the
//! classic tree is an instance of a leaf of the compact tree for some κ (Theorem 2), and each
//! satisfiable instance of a compact leaf is a leaf of the classic tree (Theorem 3).
//!
//! The programs read their inputs before the loops, so that the leaves of both trees name
//! them in the same order; a leaf is compared by its end (exit code, or error and location)
//! and by the inputs that reach it.

mod common;

use common::*;
use kappa_engine::{Mode, Termination};
use kappa_expr::{SymId, Term};
use kappa_solver::{default_chain, expand_bounded_quantifiers, Model, Query, SatResult, Solver};
use std::collections::HashMap;
use std::fmt::Write;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

fn cond(r: &mut Rng) -> String {
    let v = r.pick(&["x", "y", "i", "a"]);
    match r.below(4) {
        0 => format!("{v} < {}", r.below(9) as i64 - 3),
        1 => format!("({v} & 1) == 0"),
        2 => format!("{v} != {}", r.below(6)),
        _ => format!("{v} <= {}", r.pick(&["x", "y", "a", "b"])),
    }
}

fn update(r: &mut Rng) -> String {
    let v = r.pick(&["x", "y"]);
    match r.below(4) {
        0 => format!("{v} = {v} + {};", r.below(4) + 1),
        1 => format!("{v} = {v} - {};", r.below(3) + 1),
        2 => format!("{v} = {v} * 2;"),
        _ => format!("{v} = {v} + a;"),
    }
}

/// A program with inputs a ∈ [-8, 8] and b ∈ [0, 4], then one or two bounded loops whose
/// bodies branch, then an exit code or an error depending on the variables.
fn program(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n\
         extern void __VERIFIER_error(void);\nint main(void) {\n\
         int a = __VERIFIER_nondet_int();\n    int b = __VERIFIER_nondet_int();\n\
         __VERIFIER_assume(a >= -8 && a <= 8);\n    __VERIFIER_assume(b >= 0 && b <= 4);\n",
    );
    let _ = writeln!(s, "    int x = {}, y = {};", r.below(5), r.below(5));
    for _ in 0..1 + r.below(2) {
        let bound = if r.below(2) == 0 { "b".to_string() } else { (r.below(4) + 1).to_string() };
        let _ = writeln!(s, "    for (int i = 0; i < {bound}; i++) {{");
        if r.below(3) == 0 {
            let _ = writeln!(s, "        {}", update(&mut r));
        } else {
            let _ = writeln!(s, "        if ({}) {{ {} }} else {{ {} }}", cond(&mut r), update(&mut r), update(&mut r));
        }
        let _ = writeln!(s, "    }}");
    }
    if r.below(2) == 0 {
        let _ = writeln!(s, "    while (y > a) y = y - {};", r.below(3) + 2);
    }
    let _ = writeln!(
        s,
        "    if ({} && {}) __VERIFIER_error();",
        cond(&mut r).replace('i', "b"),
        cond(&mut r).replace('i', "a")
    );
    let _ = writeln!(s, "    return (x * 3 + y) & 255;\n}}");
    s
}

/// A leaf reduced to what both trees can be compared on.
struct Leaf {
    end: String,
    pc: Vec<Term>,
    a: Term,
    b: Term,
    code: Option<Term>,
    kappas: Vec<SymId>,
}

fn leaves(tree: &Tree, prog: &kappa_ir::Program) -> Vec<Leaf> {
    tree.completed()
        .map(|l| {
            let ins: Vec<Term> = l.state.inputs.iter().map(|i| i.sym.clone()).collect();
            let (end, code) = match &l.how {
                Termination::Exit(c) => ("exit".to_string(), Some(c.clone())),
                Termination::Abort => ("abort".to_string(), None),
                Termination::Error { kind, span, .. } => (format!("{} at {}", kind.name(), prog.fmt_span(*span)), None),
                Termination::Stopped(r) => panic!("stopped: {r}"),
            };
            let pc = l.state.pc.constraints().to_vec();
            let kappas = symbols_named(&pc, "kappa");
            Leaf { end, pc, a: ins[0].clone(), b: ins[1].clone(), code, kappas }
        })
        .collect()
}

/// The constraints saying that a leaf's inputs and exit code are the given values.
fn pinned(l: &Leaf, a: &Term, b: &Term, code: &Option<Term>) -> Vec<Term> {
    let mut v = l.pc.clone();
    v.push(l.a.eq(a));
    v.push(l.b.eq(b));
    if let (Some(c), Some(want)) = (&l.code, code) {
        v.push(c.eq(want));
    }
    v
}

fn sat(solver: &mut dyn Solver, cs: &[Term]) -> SatResult {
    solver.check(&Query { pc: &[], cond: Term::and_all(cs.to_vec()) })
}

fn value(m: &Model, t: &Term) -> Term {
    let v = m.eval_completed(t).and_then(|v| v.as_bv()).expect("a value");
    Term::bv(v, t.width())
}

/// The instances of a compact leaf for κs in 0..=max (each), quantifiers expanded, with the
/// values of the κs.
fn instances(l: &Leaf, max: u64) -> Vec<(HashMap<SymId, Term>, Vec<Term>)> {
    let mut out = Vec::new();
    let k = l.kappas.len() as u32;
    for n in 0..(max + 1).pow(k) {
        let mut map = HashMap::new();
        let mut rest = n;
        for &s in &l.kappas {
            map.insert(s, Term::bv(rest % (max + 1), Term::sym_sort(s).width()));
            rest /= max + 1;
        }
        let mut budget = 100_000;
        let inst: Option<Vec<Term>> =
            l.pc.iter().map(|c| expand_bounded_quantifiers(&c.substitute(&map), &mut budget)).collect();
        out.push((map, inst.expect("bounded quantifiers")));
    }
    out
}

/// Like [`program`], with nested loops (the inner one summarised inside the outer template
/// when its count is proved) and sums of the loop counter (`x = x + i`).
fn nested_program(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0xd1b5_4a32_d192_ed03) | 1);
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n\
         extern void __VERIFIER_error(void);\nint main(void) {\n\
         int a = __VERIFIER_nondet_int();\n    int b = __VERIFIER_nondet_int();\n\
         __VERIFIER_assume(a >= -8 && a <= 8);\n    __VERIFIER_assume(b >= 0 && b <= 4);\n",
    );
    let _ = writeln!(s, "    int x = {}, y = {};", r.below(5), r.below(5));
    let outer = if r.below(2) == 0 { "b".to_string() } else { (r.below(3) + 1).to_string() };
    let inner = r.pick(&["b", "a", "i", "3", "b - i"]);
    let _ = writeln!(s, "    for (int i = 0; i < {outer}; i++) {{");
    let _ = writeln!(s, "        for (int j = {}; j < {inner}; j++)", r.pick(&["0", "i", "1"]));
    let _ = writeln!(s, "            {}", r.pick(&["x = x + 1;", "y = y + a;", "x = x + 2; y = y - 1;", "x = x + i;"]));
    if r.below(2) == 0 {
        let _ = writeln!(s, "        {}", r.pick(&["y = y + i;", "x = x - a;", "y = y + x;"]));
    }
    let _ = writeln!(s, "    }}");
    let _ = writeln!(
        s,
        "    if ({} && {}) __VERIFIER_error();",
        cond(&mut r).replace('i', "b"),
        cond(&mut r).replace('i', "a")
    );
    let _ = writeln!(s, "    return (x * 3 + y) & 255;\n}}");
    s
}

/// A program with a directly recursive function of the shape recursion templates summarise
/// (early paper, section 5.2): a parameter counting down to a base case, another unchanged or
/// counting, a return value built from the callee's, and an early exit on a condition.
fn recursive_program(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x94d0_49bb_1331_11eb) | 1);
    let step = r.below(2) + 1;
    let base = r.pick(&["n <= 0", "n < 1", "n == 0"]);
    let base = if step == 2 && base == "n == 0" { "n <= 0" } else { base };
    let early = r.pick(&["k == 3", "n == k", "(k & 1) == 1", "k < -6"]);
    let k_next = r.pick(&["k", "k + 1", "k - 2"]);
    let ret = r.pick(&["f(n - S, K)", "f(n - S, K) + 1", "f(n - S, K) + k", "n + f(n - S, K)", "f(n - S, K) - n"]);
    let ret = ret.replace('S', &step.to_string()).replace('K', k_next);
    let mut s = String::from(
        "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n\
         extern void __VERIFIER_error(void);\n",
    );
    let _ = writeln!(
        s,
        "int f(int n, int k) {{\n    if ({base}) return {};\n    if ({early}) return {};\n    return {ret};\n}}",
        r.below(5),
        r.pick(&["-1", "n", "k", "100"])
    );
    let _ = writeln!(
        s,
        "int main(void) {{\n    int a = __VERIFIER_nondet_int();\n    int b = __VERIFIER_nondet_int();\n\
         __VERIFIER_assume(a >= -8 && a <= 8);\n    __VERIFIER_assume(b >= 0 && b <= 4);\n\
         int x = f(b, a), y = 0;"
    );
    let _ = writeln!(
        s,
        "    if ({} && {}) __VERIFIER_error();",
        cond(&mut r).replace('i', "b"),
        cond(&mut r).replace('i', "a")
    );
    let _ = writeln!(s, "    return (x * 3 + y) & 255;\n}}");
    s
}

#[test]
fn compact_and_classic_leaves_correspond_with_recursion() {
    theorems_2_and_3(recursive_program, 1..=12, (40, 20));
}

#[test]
fn compact_and_classic_leaves_correspond() {
    theorems_2_and_3(program, 1..=24, (200, 100));
}

#[test]
fn compact_and_classic_leaves_correspond_with_nested_loops() {
    theorems_2_and_3(nested_program, 1..=10, (50, 25));
}

fn theorems_2_and_3(program: fn(u64) -> String, seeds: std::ops::RangeInclusive<u64>, min: (usize, usize)) {
    let mut solver = default_chain(Some(std::time::Duration::from_secs(60)));
    let mut checked = (0, 0);
    let (mut applied, mut programs) = (0, 0);
    for seed in seeds {
        let src = program(seed);
        let prog = lower(&src);
        let (rc, classic) = explore(&prog, config(Mode::Classic));
        let (rk, compact) = explore(&prog, config(Mode::Compact));
        assert!(
            rc.complete() && rk.complete(),
            "seed {seed}\n{src}\n{:?} {:?}",
            rc.stats.incomplete,
            rk.stats.incomplete
        );
        assert_eq!(rk.stats.failed_leaves, 0, "seed {seed}");
        applied += rk.stats.templates.applied;
        programs += 1;
        let cl = leaves(&classic, &prog);
        let kl = leaves(&compact, &prog);
        // Theorem 2: every classic leaf, at a model of its path condition, is an instance of a
        // compact leaf with the same end.
        for c in &cl {
            let m = solver.model(&Query { pc: &c.pc, cond: Term::tt() }).expect("classic leaf is satisfiable");
            let (a, b) = (value(&m, &c.a), value(&m, &c.b));
            let code = c.code.as_ref().map(|t| value(&m, t));
            let found = kl.iter().filter(|k| k.end == c.end).any(|k| {
                let cs = pinned(k, &a, &b, &code);
                match sat(&mut *solver, &cs) {
                    SatResult::Sat => true,
                    SatResult::Unsat => false,
                    // κ ≤ 20 covers every loop of these programs.
                    SatResult::Unknown(_) => {
                        let k2 = Leaf {
                            pc: cs,
                            a: k.a.clone(),
                            b: k.b.clone(),
                            code: None,
                            end: String::new(),
                            kappas: k.kappas.clone(),
                        };
                        instances(&k2, 20).iter().any(|(_, i)| sat(&mut *solver, i).is_sat())
                    }
                }
            });
            assert!(
                found,
                "seed {seed}: classic leaf ({}, a = {a}, b = {b}, code {code:?}) is no compact instance\n{src}",
                c.end
            );
            checked.0 += 1;
        }
        // Theorem 3: every satisfiable instance of a compact leaf is a classic leaf.
        for k in &kl {
            let max = if k.kappas.len() > 2 { 2 } else { 4 };
            for (kappas, inst) in instances(k, max) {
                let Ok(m) = solver.model(&Query { pc: &[], cond: Term::and_all(inst) }) else { continue };
                let (a, b) = (value(&m, &k.a), value(&m, &k.b));
                let code = k.code.as_ref().map(|t| value(&m, &t.substitute(&kappas)));
                let found =
                    cl.iter().filter(|c| c.end == k.end).any(|c| sat(&mut *solver, &pinned(c, &a, &b, &code)).is_sat());
                assert!(found, "seed {seed}: instance of compact leaf ({}, a = {a}, b = {b}, code {code:?}) is no classic leaf\n{src}", k.end);
                checked.1 += 1;
            }
        }
    }
    // Enough of both directions were exercised.
    eprintln!("checked {} classic leaves and {} compact instances; {applied} templates applied", checked.0, checked.1);
    assert!(applied >= programs, "templates were hardly exercised: {applied} applications in {programs} programs");
    assert!(checked.0 > min.0 && checked.1 > min.1, "{checked:?}");
}
