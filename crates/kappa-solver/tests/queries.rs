//! Hand-written queries: answers, models, quantifiers, timeouts, the wrappers' effects.

use kappa_expr::{Elem, Op, Sort, Term, Value};
use kappa_solver::{
    default_chain, CachingSolver, IndependenceSolver, Model, Query, SatResult, Solver, Z3Mode, Z3Options, Z3Solver,
};
use std::time::{Duration, Instant};

fn bv(v: u64, w: u32) -> Term {
    Term::bv(v, w)
}

fn sym(name: &str, sort: Sort) -> Term {
    Term::fresh(name, sort)
}

/// Every constraint of the query is true under the model.
fn assert_model_satisfies(m: &Model, pc: &[Term], cond: &Term) {
    for c in pc.iter().chain(std::iter::once(cond)) {
        assert_eq!(m.eval(c), Some(Value::Bool(true)), "{c} under {m:?}");
    }
}

/// Every solver of [`solvers`] says whether `pc ∧ cond` is satisfiable as `expected` says, and a
/// model it gives satisfies it.
fn assert_every_solver_answers(pc: &[Term], cond: &Term, expected: bool) {
    for (name, mut s) in solvers() {
        let q = Query::new(pc, cond.clone());
        assert_eq!(s.check(&q).is_sat(), expected, "{name}: {cond}");
        match s.model(&q) {
            Ok(m) => {
                assert!(expected, "{name}: a model of an unsatisfiable query");
                assert_model_satisfies(&m, pc, cond);
            }
            Err(e) => assert!(!expected && e.is_unsat(), "{name}: {e}"),
        }
    }
}

/// The solvers a behaviour must hold for.
fn solvers() -> Vec<(&'static str, Box<dyn Solver>)> {
    let z3 = |mode| Z3Solver::with_options(Z3Options { mode, ..Z3Options::default() });
    vec![
        ("z3 prefix", Box::new(z3(Z3Mode::Prefix))),
        ("z3 push/pop", Box::new(z3(Z3Mode::PushPop))),
        ("z3 reset", Box::new(z3(Z3Mode::Reset))),
        ("default chain", default_chain(None)),
    ]
}

#[test]
fn bit_vector_sat_and_unsat() {
    let x = sym("x", Sort::Bv(32));
    let y = sym("y", Sort::Bv(32));
    let pc = vec![x.bvult(&bv(10, 32)), y.eq(&x.bvadd(&bv(5, 32)))];
    for (name, mut s) in solvers() {
        assert_eq!(s.check(&Query::new(&pc, y.bvugt(&bv(12, 32)))), SatResult::Sat, "{name}");
        assert_eq!(s.check(&Query::new(&pc, y.bvugt(&bv(14, 32)))), SatResult::Unsat, "{name}");
        // Overflow: x + 1 < x only at the top.
        assert_eq!(s.check(&Query::new(&[], x.bvadd(&bv(1, 32)).bvult(&x))), SatResult::Sat, "{name}");
        assert_eq!(s.check(&Query::new(&pc, x.bvadd(&bv(1, 32)).bvult(&x))), SatResult::Unsat, "{name}");
        let cond = y.bvugt(&bv(12, 32));
        let m = s.model(&Query::new(&pc, cond.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_model_satisfies(&m, &pc, &cond);
        assert_eq!(m.len(), 2, "{name}: values of x and y, nothing else: {m:?}");
        assert_eq!(s.model(&Query::new(&pc, y.bvugt(&bv(14, 32)))), Err(SatResult::Unsat), "{name}");
        let st = s.stats();
        assert_eq!(st.queries, 6, "{name}");
        assert_eq!((st.sat, st.unsat, st.unknown), (3, 3, 0), "{name}");
    }
}

#[test]
fn models_give_every_symbol_a_value() {
    let a = sym("a", Sort::Bv(8));
    let b = sym("b", Sort::Bv(64));
    let p = sym("p", Sort::Bool);
    let k = sym("k", Sort::Int);
    let mem = sym("mem", Sort::Array(Elem::Bv(32), Elem::Bv(8)));
    let i = sym("i", Sort::Bv(32));
    let free = sym("unconstrained", Sort::Bv(16));
    let pc = vec![
        a.zext(64).bvult(&b),
        p.or(&k.ilt(&Term::int(-5))),
        mem.select(&i).eq(&a),
        mem.select(&i.bvadd(&bv(1, 32))).eq(&bv(7, 8)),
        // A symbol nothing constrains still gets a value.
        free.eq(&free).or(&free.bvult(&bv(3, 16))),
        a.bv_to_nat().ile(&Term::int(100)).or(&p),
    ];
    let cond = a.bvugt(&bv(200, 8)).and(&b.bvugt(&bv(u64::MAX - 3, 64)));
    for (name, mut s) in solvers() {
        let m = s.model(&Query::new(&pc, cond.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut want: Vec<_> = pc.iter().chain([&cond]).flat_map(|c| c.symbols()).collect();
        want.sort();
        want.dedup();
        let got: Vec<_> = m.symbols().collect();
        assert_eq!(got, want, "{name}");
        assert_model_satisfies(&m, &pc, &cond);
        let Some(Value::Bv(bval, 64)) = m.value(b.as_var().unwrap()) else { panic!("{name}: b {m:?}") };
        assert!(bval > u64::MAX - 3, "{name}");
    }
}

#[test]
fn arrays_with_integer_indices_and_constant_arrays() {
    let arr = sym("arr", Sort::Array(Elem::Int, Elem::Bv(32)));
    let k = sym("k", Sort::Int);
    let zero = Term::const_array(Elem::Int, &bv(0, 32));
    let pc = vec![
        Term::int(0).ile(&k),
        k.ilt(&Term::int(4)),
        arr.select(&k).eq(&bv(42, 32)),
        arr.select(&k.iadd(&Term::int(1))).eq(&zero.store(&Term::int(2), &bv(9, 32)).select(&k)),
    ];
    let cond = arr.select(&k.iadd(&Term::int(1))).eq(&bv(9, 32));
    for (name, mut s) in solvers() {
        let m = s.model(&Query::new(&pc, cond.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.value(k.as_var().unwrap()), Some(Value::Int(2)), "{name}");
        assert_model_satisfies(&m, &pc, &cond);
        let ne = arr.select(&k).eq(&arr.select(&k.iadd(&Term::int(1))));
        assert_eq!(s.check(&Query::new(&pc, cond.and(&ne))), SatResult::Unsat, "{name}");
    }
}

#[test]
fn wide_bit_vectors() {
    let x = sym("x", Sort::Bv(64));
    let y = sym("y", Sort::Bv(64));
    let wide = x.concat(&y);
    assert_eq!(wide.sort(), Sort::Bv(128));
    // (x ++ y) + 1 carries into x exactly when y is all ones.
    let one = bv(1, 64).zext(128);
    let sum = wide.bvadd(&one);
    let hi = sum.extract(127, 64);
    let pc = vec![x.eq(&bv(5, 64))];
    let carry = hi.eq(&bv(6, 64));
    for (name, mut s) in solvers() {
        let m = s.model(&Query::new(&pc, carry.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(m.value(y.as_var().unwrap()), Some(Value::Bv(u64::MAX, 64)), "{name}");
        assert_eq!(s.check(&Query::new(&pc, carry.and(&y.bvult(&bv(u64::MAX, 64))))), SatResult::Unsat, "{name}");
    }
    // A 128-bit symbol cannot be given a `Value`: it is absent from the model, not an error.
    let big = sym("big", Sort::Bv(128));
    let mut s = Z3Solver::new();
    let m = s.model(&Query::new(&[], big.extract(7, 0).eq(&bv(3, 8)))).expect("sat");
    assert_eq!(m.value(big.as_var().unwrap()), None);
}

/// κ ≥ 0 ∧ ∀τ. 0 ≤ τ < κ → int2bv(τ) + i0 <u n: the shape of compact SE's loop templates.
fn template(kappa: &Term, i0: &Term, n: &Term) -> Term {
    let tau = sym("tau", Sort::Int);
    let body = Term::int(0).ile(&tau).and(&tau.ilt(kappa)).implies(&tau.int_to_bv(32).bvadd(i0).bvult(n));
    Term::forall(&[tau], &body)
}

#[test]
fn quantified_templates() {
    let kappa = sym("kappa", Sort::Int);
    let i0 = sym("i0", Sort::Bv(32));
    let n = sym("n", Sort::Bv(32));
    let t = template(&kappa, &i0, &n);
    assert_eq!(t.op(), Op::Forall);
    let pc = vec![Term::int(0).ile(&kappa), t.clone(), i0.eq(&bv(0, 32))];
    for (name, mut s) in solvers() {
        // Five iterations: n > 4 works.
        let cond = kappa.eq(&Term::int(5));
        let m = s.model(&Query::new(&pc, cond.clone())).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some(Value::Bv(nv, 32)) = m.value(n.as_var().unwrap()) else { panic!("{name}: {m:?}") };
        assert!(nv > 4, "{name}: n = {nv}");
        assert_eq!(m.value(kappa.as_var().unwrap()), Some(Value::Int(5)), "{name}");
        // The bound variable is not a symbol of the model.
        assert_eq!(m.len(), 3, "{name}: {m:?}");
        // ... but not with n = 3.
        assert_eq!(s.check(&Query::new(&pc, cond.and(&n.eq(&bv(3, 32))))), SatResult::Unsat, "{name}");
        // The loop exit with n = 10 forces κ = 10, which Z3's quantifier instantiation does not
        // find within a short time limit (int2bv under the quantifier): unknown, with a reason.
        let exit = kappa.int_to_bv(32).bvadd(&i0).bvuge(&n).and(&n.eq(&bv(10, 32)));
        s.set_timeout(Some(Duration::from_millis(300)));
        match s.model(&Query::new(&pc, exit)) {
            Ok(m) => assert_eq!(m.value(kappa.as_var().unwrap()), Some(Value::Int(10)), "{name}"),
            Err(SatResult::Unknown(r)) => assert!(r.contains("timeout") || r.contains("canceled"), "{name}: {r}"),
            Err(SatResult::Unsat) => panic!("{name}: the loop exit is reachable"),
            Err(e) => panic!("{name}: {e}"),
        }
    }
}

/// Factoring a 62-bit semiprime (2147483647 · 2147483629) with 32-bit factors: a query Z3
/// does not decide in seconds. The first factor's symbol, and the query.
fn semiprime() -> (Term, Term) {
    let p = sym("p", Sort::Bv(32));
    let q = sym("q", Sort::Bv(32));
    let prod = p.zext(64).bvmul(&q.zext(64));
    let n = 2147483647u64 * 2147483629;
    let cond = prod.eq(&bv(n, 64)).and(&p.bvugt(&bv(1, 32))).and(&q.bvugt(&bv(1, 32))).and(&p.bvult(&q));
    (p, cond)
}

#[test]
fn hard_query_times_out_with_a_reason() {
    let (p, cond) = semiprime();
    for mode in [Z3Mode::Prefix, Z3Mode::Reset] {
        let mut s = Z3Solver::with_options(Z3Options { mode, ..Z3Options::default() });
        s.set_timeout(Some(Duration::from_millis(50)));
        let start = Instant::now();
        let r = s.check(&Query::new(&[], cond.clone()));
        let el = start.elapsed();
        match &r {
            SatResult::Unknown(reason) => {
                assert!(reason.contains("timeout") || reason.contains("canceled"), "{mode:?}: reason {reason:?}")
            }
            SatResult::Sat => {}
            SatResult::Unsat => panic!("{mode:?}: a satisfiable query answered unsat"),
        }
        assert!(el < Duration::from_secs(5), "{mode:?}: the timeout was not applied ({el:?}, {r})");
        assert_eq!(s.stats().unknown, u64::from(r.is_unknown()));
        // The solver still works afterwards, and without the timeout.
        s.set_timeout(None);
        assert_eq!(s.check(&Query::new(&[], p.eq(&bv(3, 32)))), SatResult::Sat, "{mode:?}");
    }
}

#[test]
fn ill_sorted_terms_are_unknown_not_panics() {
    let x = sym("x", Sort::Bv(8));
    let y = sym("y", Sort::Bv(16));
    // Built with the raw constructor, bypassing the smart ones.
    let bad = Term::mk(Op::BvAdd, vec![x.clone(), y.clone()], Sort::Bv(8));
    let cond = bad.eq(&x);
    for (name, mut s) in solvers() {
        match s.check(&Query::new(&[], cond.clone())) {
            SatResult::Unknown(r) => assert!(r.contains("translation"), "{name}: {r}"),
            r => panic!("{name}: {r}"),
        }
        // A non-boolean constraint too.
        assert!(s.check(&Query::new(&[], x.clone())).is_unknown(), "{name}");
        assert!(s.check(&Query::new(&[x.eq(&bv(1, 8))], x.eq(&bv(1, 8)))).is_sat(), "{name}");
    }
}

#[test]
fn independence_ignores_unrelated_constraints() {
    // An unrelated group Z3 cannot decide quickly (factoring), and a simple one.
    let p = sym("p", Sort::Bv(32));
    let q = sym("q", Sort::Bv(32));
    let hard = p.zext(64).bvmul(&q.zext(64)).eq(&bv(2147483647u64 * 2147483629, 64));
    let x = sym("x", Sort::Bv(32));
    let pc = vec![hard, p.bvugt(&bv(1, 32)), q.bvugt(&bv(1, 32)), x.bvult(&bv(100, 32))];
    let mut s = IndependenceSolver::new(Z3Solver::new());
    s.set_timeout(Some(Duration::from_millis(200)));
    assert_eq!(s.check(&Query::new(&pc, x.bvugt(&bv(98, 32)))), SatResult::Sat);
    assert_eq!(s.check(&Query::new(&pc, x.bvugt(&bv(99, 32)))), SatResult::Unsat);
    let st = s.stats();
    assert_eq!(st.independent_dropped, 6);
    assert_eq!(st.core_calls, 2);
    // Without independence, the same query drowns in the unrelated group.
    let mut z = Z3Solver::new();
    z.set_timeout(Some(Duration::from_millis(200)));
    let r = z.check(&Query::new(&pc, x.bvugt(&bv(99, 32))));
    assert!(matches!(r, SatResult::Unknown(_) | SatResult::Unsat), "{r}");
    // A closed condition needs no constraint at all.
    assert_eq!(s.check(&Query::new(&pc, Term::ff())), SatResult::Unsat);
    assert_eq!(s.check(&Query::new(&pc, Term::tt())), SatResult::Sat);
}

#[test]
fn independence_models_cover_all_groups() {
    let xs: Vec<Term> = (0..6).map(|i| sym(&format!("x{i}"), Sort::Bv(16))).collect();
    let pc: Vec<Term> = (0..6).map(|i| xs[i].bvugt(&bv(100 * i as u64, 16))).collect();
    let cond = xs[0].eq(&xs[1].bvadd(&bv(3, 16)));
    let mut s = IndependenceSolver::new(Z3Solver::new());
    let m = s.model(&Query::new(&pc, cond.clone())).expect("sat");
    assert_eq!(m.len(), 6);
    assert_model_satisfies(&m, &pc, &cond);
    // Five groups: {x0, x1} with the condition, and one per other symbol.
    assert_eq!(s.stats().core_calls, 5);
    let unsat = xs[2].bvult(&bv(150, 16));
    assert_eq!(s.model(&Query::new(&pc, unsat)), Err(SatResult::Unsat));
}

#[test]
fn caching_answers_repeated_and_implied_queries() {
    let x = sym("x", Sort::Bv(32));
    let y = sym("y", Sort::Bv(32));
    let pc = vec![x.bvult(&bv(1000, 32)), y.eq(&x.bvmul(&bv(3, 32)))];
    let mut s = CachingSolver::new(Z3Solver::new());
    let q1 = Query::new(&pc, y.bvugt(&bv(2000, 32)));
    assert_eq!(s.check(&q1), SatResult::Sat);
    assert_eq!(s.stats().core_calls, 1);
    // The same query again: no Z3.
    assert_eq!(s.check(&q1), SatResult::Sat);
    let st = s.stats();
    assert_eq!((st.core_calls, st.cache.exact_hits), (1, 1));
    // The same set in another order is the same query.
    let pc_rev: Vec<Term> = pc.iter().rev().cloned().collect();
    assert_eq!(s.check(&Query::new(&pc_rev, y.bvugt(&bv(2000, 32)))), SatResult::Sat);
    assert_eq!(s.stats().core_calls, 1);
    // Implied by the model of the first: y > 2000 makes y > 1500 true.
    let implied = Query::new(&pc, y.bvugt(&bv(1500, 32)));
    assert_eq!(s.check(&implied), SatResult::Sat);
    let st = s.stats();
    assert_eq!((st.core_calls, st.cache.cex_hits), (1, 1));
    let m = s.model(&implied).expect("sat");
    assert_model_satisfies(&m, &pc, &y.bvugt(&bv(1500, 32)));
    assert_eq!(s.stats().core_calls, 1);
    // Unsat, then a superset of that set: unsat without Z3.
    let contradiction = y.bvugt(&bv(3000, 32));
    assert_eq!(s.check(&Query::new(&pc, contradiction.clone())), SatResult::Unsat);
    assert_eq!(s.stats().core_calls, 2);
    let more = vec![pc[0].clone(), pc[1].clone(), x.bvugt(&bv(5, 32))];
    assert_eq!(s.check(&Query::new(&more, contradiction)), SatResult::Unsat);
    let st = s.stats();
    assert_eq!((st.core_calls, st.cache.unsat_subset_hits), (2, 1));
    // A subset of a satisfiable set is satisfiable.
    assert_eq!(s.check(&Query::new(&pc[..1], pc[1].clone())), SatResult::Sat);
    let st = s.stats();
    assert_eq!((st.core_calls, st.cache.sat_superset_hits), (2, 1));
    // Something the models do not satisfy goes to Z3, and is right.
    assert_eq!(s.check(&Query::new(&pc, x.eq(&bv(7, 32)))), SatResult::Sat);
    assert_eq!(s.stats().core_calls, 3);
    assert_eq!(s.stats().queries, 9);
}

#[test]
fn counterexample_cache_completes_missing_symbols() {
    let x = sym("x", Sort::Bv(8));
    let z = sym("z", Sort::Bv(8));
    let mut s = CachingSolver::new(Z3Solver::new());
    assert!(s.check(&Query::new(&[], x.bvugt(&bv(3, 8)))).is_sat());
    // z is not in the stored model: z = 0 (its default) satisfies z < 5.
    let cond = z.bvult(&bv(5, 8));
    let m = s.model(&Query::new(&[x.bvugt(&bv(3, 8))], cond.clone())).expect("sat");
    assert_eq!(s.stats().core_calls, 1);
    assert_eq!(m.value(z.as_var().unwrap()), Some(Value::Bv(0, 8)));
    assert_model_satisfies(&m, &[x.bvugt(&bv(3, 8))], &cond);
}

#[test]
fn cache_eviction_keeps_answers_right() {
    let x = sym("x", Sort::Bv(16));
    let mut s = CachingSolver::with_capacity(Z3Solver::new(), 8);
    for round in 0..2 {
        for i in 0..40u64 {
            let c = x.eq(&bv(i, 16));
            let pc = vec![x.bvult(&bv(20, 16))];
            let want = if i < 20 { SatResult::Sat } else { SatResult::Unsat };
            assert_eq!(s.check(&Query::new(&pc, c)), want, "round {round}, {i}");
        }
    }
}

#[test]
fn chain_on_a_path() {
    // A path: each query adds a constraint the previous model may or may not satisfy.
    let xs: Vec<Term> = (0..4).map(|i| sym(&format!("v{i}"), Sort::Bv(32))).collect();
    let mut s = default_chain(Some(Duration::from_secs(10)));
    let mut z = Z3Solver::new();
    let mut pc: Vec<Term> = Vec::new();
    for step in 0..40u64 {
        let v = &xs[(step % 4) as usize];
        let w = &xs[((step + 1) % 4) as usize];
        let c = v.bvadd(&bv(step, 32)).bvult(&w.bvadd(&bv(1000, 32)));
        let (a, b) = (s.check(&Query::new(&pc, c.clone())), s.check(&Query::new(&pc, c.not())));
        assert_eq!(a, z.check(&Query::new(&pc, c.clone())), "step {step}");
        assert_eq!(b, z.check(&Query::new(&pc, c.not())), "step {step}");
        pc.push(if a.is_sat() { c } else { c.not() });
    }
    let (last, rest) = pc.split_last().expect("non-empty");
    let m = s.model(&Query::new(rest, last.clone())).expect("sat");
    assert_model_satisfies(&m, rest, last);
    let st = s.stats();
    assert_eq!(st.queries, 81);
    assert!(st.core_calls < 81, "{st}");
    assert!(st.cache.cex_hits > 0, "{st}");
}

/// `∀τ. τ <u κ → a[τ] + i0 <u n`, bit-vector τ: the shape compact SE gives template
/// conditions, over an input array read per iteration.
fn bv_template(kappa: &Term, a: &Term, i0: &Term, n: &Term) -> Term {
    let tau = sym("tau", Sort::Bv(64));
    let body = tau.bvult(kappa).implies(&a.select(&tau).bvadd(i0).bvult(n));
    Term::forall(&[tau], &body)
}

/// The quantifier-free query tried before a quantified one: its instances imply the quantifier
/// in positive position and are implied by it in negative position (Z3 proves both on the
/// quantified formulas), and a query whose witnesses need few iterations is answered by them.
#[test]
fn small_instances_under_approximate_quantifiers() {
    let kappa = sym("kappa", Sort::Bv(64));
    let a = sym("in", Sort::Array(Elem::Bv(64), Elem::Bv(32)));
    let i0 = sym("i0", Sort::Bv(32));
    let n = sym("n", Sort::Bv(32));
    let t = bv_template(&kappa, &a, &i0, &n);
    let nested = Term::and_all([t.clone(), kappa.bvugt(&bv(2, 64))]).or(&t.not().and(&n.eq(&bv(7, 32))));
    let mut z3 = Z3Solver::new();
    for f in [t.clone(), t.not(), nested, t.not().not().and(&i0.eq(&bv(1, 32)))] {
        for k in [1, 4] {
            let under = kappa_solver::under_approximate(&f, k, true).expect("bounded quantifiers");
            assert!(!under.has_quantifier());
            assert_eq!(z3.check(&Query::new(std::slice::from_ref(&under), f.not())), SatResult::Unsat, "{under} ⇏ {f}");
            let over = kappa_solver::under_approximate(&f, k, false).expect("bounded quantifiers");
            assert_eq!(z3.check(&Query::new(std::slice::from_ref(&f), over.not())), SatResult::Unsat, "{f} ⇏ {over}");
        }
    }
    // An ite over a quantifier has no polarity: no instances.
    let no_polarity = Term::ite(&t, &n.eq(&bv(1, 32)), &i0.eq(&bv(2, 32)));
    assert_eq!(no_polarity.op(), kappa_expr::Op::Ite);
    assert!(kappa_solver::under_approximate(&no_polarity, 4, true).is_none());
    // κ = 3 exits: answered by instances, with a model that satisfies the expanded query.
    let pc = vec![t.clone()];
    let exit = kappa.eq(&bv(3, 64)).and(&n.eq(&bv(10, 32)));
    let mut chain = default_chain(None);
    assert_eq!(chain.check(&Query::new(&pc, exit.clone())), SatResult::Sat);
    let m = chain.model(&Query::new(&pc, exit.clone())).expect("sat");
    let k = kappa.as_var().unwrap();
    assert_eq!(m.value(k), Some(Value::Bv(3, 64)));
    let mut budget = 100;
    let fixed = t.substitute(&std::collections::HashMap::from([(k, bv(3, 64))]));
    let expanded = kappa_solver::expand_bounded_quantifiers(&fixed, &mut budget).unwrap();
    assert_eq!(m.eval(&expanded), Some(Value::Bool(true)), "{expanded}");
}

/// A template's condition over a short buffer (κ ≤ 9 by the path condition) is asked as its
/// exact expansion, quantifier-free: the same answers, models that satisfy the quantified query,
/// and `expanded` counts them; with a bound of 1000 (too many instances) the quantified query
/// goes to Z3 as before.
#[test]
fn small_bounded_quantifiers_are_expanded_first() {
    let kappa = sym("kappa", Sort::Bv(64));
    let a = sym("in", Sort::Array(Elem::Bv(64), Elem::Bv(32)));
    let i0 = sym("i0", Sort::Bv(32));
    let n = sym("n", Sort::Bv(32));
    let t = bv_template(&kappa, &a, &i0, &n);
    let mut chain = default_chain(None);
    let short = vec![t.clone(), kappa.bvule(&bv(9, 64))];
    // Iteration 2 runs when κ = 5, so its element is below n - i0.
    let broken = kappa.eq(&bv(5, 64)).and(&a.select(&bv(2, 64)).bvadd(&i0).bvuge(&n));
    assert_eq!(chain.check(&Query::new(&short, broken)), SatResult::Unsat);
    let exit = kappa.eq(&bv(5, 64)).and(&n.eq(&bv(10, 32)));
    assert_eq!(chain.check(&Query::new(&short, exit.clone())), SatResult::Sat);
    let m = chain.model(&Query::new(&short, exit.clone())).expect("sat");
    let k = kappa.as_var().unwrap();
    assert_eq!(m.value(k), Some(Value::Bv(5, 64)));
    let mut budget = 100;
    let fixed = t.substitute(&std::collections::HashMap::from([(k, bv(5, 64))]));
    let expanded = kappa_solver::expand_bounded_quantifiers(&fixed, &mut budget).unwrap();
    assert_eq!(m.eval(&expanded), Some(Value::Bool(true)), "{expanded}");
    assert_eq!(chain.stats().expanded, 3, "{}", chain.stats());
    let long = vec![t.clone(), kappa.bvule(&bv(1000, 64))];
    let far = kappa.eq(&bv(500, 64)).and(&n.eq(&bv(10, 32)));
    assert_eq!(chain.check(&Query::new(&long, far)), SatResult::Sat);
    assert_eq!(chain.stats().expanded, 3, "{}", chain.stats());
}

/// Eight values, two swapped at symbolic indices `i` and `j` (each read an ite-chain over the
/// index, as the engine builds it for a small array): the sums of the two arrays.
fn swapped_sums(buggy: bool) -> (Vec<Term>, Term, Term) {
    let a: Vec<Term> = (0..8).map(|k| sym(&format!("a{k}"), Sort::Bv(32))).collect();
    let (i, j) = (sym("i", Sort::Bv(32)), sym("j", Sort::Bv(32)));
    let read = |arr: &[Term], x: &Term| {
        (0..8).rev().skip(1).fold(arr[7].clone(), |acc, k| Term::ite(&x.eq(&bv(k as u64, 32)), &arr[k], &acc))
    };
    let (ai, aj) = (read(&a, &i), read(&a, &j));
    // a[i] = a[j]; then a[j] = old a[i] (the swap) or the new a[i] (the bug).
    let after_i: Vec<Term> = (0..8).map(|k| Term::ite(&i.eq(&bv(k, 32)), &aj, &a[k as usize])).collect();
    let second = if buggy { read(&after_i, &i) } else { ai.clone() };
    let after: Vec<Term> = (0..8).map(|k| Term::ite(&j.eq(&bv(k, 32)), &second, &after_i[k as usize])).collect();
    let sum = |xs: &[Term]| xs.iter().skip(1).fold(xs[0].clone(), |s, x| s.bvadd(x));
    let pc = vec![i.bvult(&bv(8, 32)), j.bvult(&bv(8, 32))];
    (pc, sum(&a), sum(&after))
}

#[test]
fn queries_z3_gives_up_on_are_decided_by_cases_on_small_domains() {
    // Z3 (and cvc5) do not prove the sums equal within a minute: adders over multiplexers.
    // Split on i's and j's eight values each, the chains collapse and every case is trivial.
    let (pc, s0, s1) = swapped_sums(false);
    let mut s = default_chain(Some(Duration::from_secs(5)));
    assert_eq!(s.check(&Query::new(&pc, s0.ne(&s1))), SatResult::Unsat);
    assert!(s.stats().case_splits >= 1, "{}", s.stats());
    // The buggy swap loses a value: a model, and it satisfies the query.
    let (pc, s0, s1) = swapped_sums(true);
    let cond = s0.ne(&s1);
    let m = s.model(&Query::new(&pc, cond.clone())).expect("sat");
    assert_model_satisfies(&m, &pc, &cond);
}

/// Euclid's algorithm unrolled three steps on `0 < a, b <= 50` (32-bit `int`s), and the claim
/// that the last non-zero remainder divides both: what a recursive gcd's verification asks.
fn gcd_query(signed_ops: bool, lo: u64) -> (Vec<Term>, Term) {
    let (a, b) = (sym("a", Sort::Bv(32)), sym("b", Sort::Bv(32)));
    let rem = |x: &Term, y: &Term| if signed_ops { x.bvsrem(y) } else { x.bvurem(y) };
    let zero = bv(0, 32);
    let r1 = rem(&a, &b);
    let r2 = rem(&b, &r1);
    let r3 = rem(&r1, &r2);
    let pc = vec![
        bv(lo, 32).bvslt(&a),
        a.bvsle(&bv(50, 32)),
        bv(lo, 32).bvslt(&b),
        b.bvsle(&bv(50, 32)),
        r1.ne(&zero),
        r2.ne(&zero),
        r3.eq(&zero),
    ];
    let divides = Term::and_all([rem(&a, &r2).eq(&zero), rem(&b, &r2).eq(&zero)]);
    (pc, divides.not())
}

#[test]
fn bounded_symbols_are_narrowed_in_non_linear_queries() {
    let mut s = default_chain(Some(Duration::from_secs(20)));
    for signed_ops in [true, false] {
        let (pc, cond) = gcd_query(signed_ops, 0);
        assert_eq!(s.check(&Query::new(&pc, cond)), SatResult::Unsat, "signed {signed_ops}");
    }
    assert!(s.stats().narrowed >= 2, "{}", s.stats());
    // A model of the narrowed query is one of the original: both symbols, at 32 bits.
    let (pc, _) = gcd_query(true, 0);
    let cond = pc[4].clone();
    let m = s.model(&Query::new(&pc, cond.clone())).expect("sat");
    assert_model_satisfies(&m, &pc, &cond);
    // Ranges that include negative values are narrowed by sign extension; the models are
    // negative 32-bit values where the query wants them.
    let (a, b) = (sym("a", Sort::Bv(32)), sym("b", Sort::Bv(32)));
    let pc = vec![
        bv(-20i64 as u64 & 0xffff_ffff, 32).bvsle(&a),
        a.bvslt(&bv(0, 32)),
        bv(3, 32).bvsle(&b),
        b.bvsle(&bv(9, 32)),
    ];
    let cond = a.bvsrem(&b).eq(&bv(-7i64 as u64 & 0xffff_ffff, 32));
    let m = s.model(&Query::new(&pc, cond.clone())).expect("sat");
    assert_model_satisfies(&m, &pc, &cond);
    // Only comparisons of the symbol itself bound it: `(b & 1) == 0` says nothing of b's range.
    let b = sym("b", Sort::Bv(32));
    let pc = vec![bv(0, 32).eq(&b.bvand(&bv(1, 32))), bv(0, 32).bvsle(&b), b.bvsle(&bv(4, 32))];
    let cond = b.bvmul(&b).eq(&bv(16, 32));
    let m = s.model(&Query::new(&pc, cond.clone())).expect("b = 4");
    assert_model_satisfies(&m, &pc, &cond);
    // Every answer agrees with the plain solver on small bounded queries.
    let mut plain = Z3Solver::new();
    for lo in [0u64, 1, 3] {
        for hi in [2u64, 7, 16, 100] {
            let x = sym("x", Sort::Bv(16));
            let y = sym("y", Sort::Bv(16));
            let pc = vec![bv(lo, 16).bvule(&x), x.bvule(&bv(hi, 16)), bv(lo, 16).bvule(&y), y.bvult(&bv(hi, 16))];
            for cond in [
                x.bvmul(&y).eq(&bv(hi + 1, 16)),
                x.bvudiv(&y).eq(&bv(hi, 16)),
                x.bvsrem(&y).bvult(&bv(lo, 16)),
                x.bvmul(&y).bvult(&x),
            ] {
                let q = Query::new(&pc, cond.clone());
                assert_eq!(s.check(&q), plain.check(&q), "{cond} with {lo} <= x, y <= {hi}");
            }
        }
    }
}

/// The work limit: factoring 391 at 16 bits needs more than a thousand resource units, so Z3
/// gives up under that limit, the same way on every run; lifting the limit decides it.
#[test]
fn a_work_limit_gives_up_and_is_lifted() {
    let mut z3 = Z3Solver::new();
    let (x, y) = (sym("x", Sort::Bv(16)), sym("y", Sort::Bv(16)));
    let pc = vec![bv(1, 16).bvult(&x), bv(1, 16).bvult(&y), x.bvult(&bv(256, 16)), y.bvult(&bv(256, 16))];
    let cond = x.bvmul(&y).eq(&bv(391, 16));
    let q = Query::new(&pc, cond.clone());
    z3.set_rlimit(Some(1000));
    for _ in 0..3 {
        assert!(matches!(z3.check(&q), SatResult::Unknown(_)));
    }
    z3.set_rlimit(None);
    let m = z3.model(&q).expect("17 * 23");
    assert_model_satisfies(&m, &pc, &cond);
}

/// The work counter (Z3's consumed resource units) reaches the caller through every layer of
/// the chain, grows with the queries Z3 answers and not with those the caches answer, and a
/// query under a work limit costs about that limit: what a budget of template work relies on.
#[test]
fn work_done_is_counted_in_resource_units_through_the_chain() {
    let mut s = default_chain(None);
    let (x, y) = (sym("x", Sort::Bv(16)), sym("y", Sort::Bv(16)));
    let pc = vec![bv(1, 16).bvult(&x), bv(1, 16).bvult(&y), x.bvult(&bv(256, 16)), y.bvult(&bv(256, 16))];
    let q = Query::new(&pc, x.bvmul(&y).eq(&bv(391, 16)));
    let w0 = s.work();
    assert_eq!(s.check(&q), SatResult::Sat);
    let w1 = s.work();
    assert!(w1 > w0, "a factorisation costs work: {w0} -> {w1}");
    // Asked again: answered by the cache, no work.
    assert_eq!(s.check(&q), SatResult::Sat);
    assert_eq!(s.work(), w1);
    // Under a limit of 50,000 units Z3 stops near it: the counter says what the query cost.
    let hard = Query::new(&pc, x.bvmul(&y).eq(&bv(391 + 2, 16)).and(&x.bvudiv(&y).bvult(&bv(3, 16))));
    s.set_rlimit(Some(50_000));
    let r = s.check(&hard);
    s.set_rlimit(None);
    let w2 = s.work();
    assert!(w2 > w1, "{r}: {w1} -> {w2}");
    assert!(w2 - w1 < 5_000_000, "{r}: {} units under a limit of 50,000", w2 - w1);
}

/// `<ctype.h>`-style classification of input bytes: a table of flags read at `c + 128`, masked.
/// Constraints on one byte are decided as ranges of its values (Z3Solver's byte predicates);
/// each answer and model is checked against evaluating the constraints at all 256 values.
#[test]
fn byte_classifications_agree_with_evaluation() {
    let mut table = Term::const_array(Elem::Bv(64), &bv(0, 16));
    for i in 0..384u64 {
        let c = (i as i64 - 128) as u8;
        let mut flags = 0u64;
        if c.is_ascii_whitespace() || c == 0x0b {
            flags |= 0x2000;
        }
        if c.is_ascii_alphanumeric() {
            flags |= 0x8;
        }
        if c.is_ascii_digit() {
            flags |= 0x800;
        }
        table = table.store(&bv(i, 64), &bv(flags, 16));
    }
    let c = sym("c", Sort::Bv(8));
    let d = sym("d", Sort::Bv(8));
    let class = |x: &Term, mask: u64| {
        let ix = x.zext(32).sext(64).bvadd(&bv(128, 64));
        table.select(&ix).bvand(&bv(mask, 16)).ne(&bv(0, 16))
    };
    let cases: Vec<(Vec<Term>, Term)> = vec![
        (vec![class(&c, 0x2000)], c.eq(&bv(b' ' as u64, 8))),
        (vec![class(&c, 0x2000)], c.eq(&bv(b'a' as u64, 8))),
        (vec![class(&c, 0x8), class(&c, 0x800).not()], c.bvult(&bv(b'9' as u64, 8))),
        (vec![class(&c, 0x8), class(&d, 0x800)], c.eq(&d)),
        (vec![class(&c, 0x800), class(&c, 0x2000)], c.ne(&bv(0, 8))),
        (vec![class(&c, 0x8).not(), class(&c, 0x2000).not()], c.bvugt(&bv(0x7e, 8))),
    ];
    for (k, (pc, cond)) in cases.iter().enumerate() {
        let mut expected = false;
        let d_values = if k == 3 { 256 } else { 1 };
        for cv in 0..256u64 {
            for dv in 0..d_values {
                let env = |s| {
                    if Some(s) == c.as_var() {
                        Some(Value::Bv(cv, 8))
                    } else if Some(s) == d.as_var() {
                        Some(Value::Bv(dv, 8))
                    } else {
                        None
                    }
                };
                expected |= pc
                    .iter()
                    .chain(std::iter::once(cond))
                    .all(|t| kappa_expr::eval(t, &env) == Some(Value::Bool(true)));
            }
        }
        assert_every_solver_answers(pc, cond, expected);
    }
}

/// Constraints over two bytes whose parts are functions of one byte (urldecode's
/// `hex(c)·16 + hex(d)` through a `tolower`-style table read at `c + 128`, a classification
/// mask, a scrambling table of 256 distinct values that is no affine run): Z3Solver encodes
/// those parts by evaluation, and each answer and model must agree with evaluating the
/// constraints at all 65,536 pairs of values.
#[test]
fn byte_functions_inside_two_byte_constraints_agree_with_evaluation() {
    let mut lower = Term::const_array(Elem::Bv(64), &bv(0, 32));
    let mut scramble = Term::const_array(Elem::Bv(64), &bv(0, 16));
    for i in 0..384u64 {
        let c = (i as i64 - 128) as u8;
        let v = if i == 127 { 0xffff_ffff } else { c.to_ascii_lowercase() as u64 };
        lower = lower.store(&bv(i, 64), &bv(v, 32));
        scramble = scramble.store(&bv(i, 64), &bv((i * 7919 + 13) % 65521, 16));
    }
    let c = sym("c", Sort::Bv(8));
    let d = sym("d", Sort::Bv(8));
    let at = |t: &Term, x: &Term| t.select(&x.sext(64).bvadd(&bv(128, 64)));
    // hex(x) for an ascii hex digit: x - '0' for digits, lower(x) - 'a' + 10 for letters.
    let hex = |x: &Term| {
        let digit = x.bvule(&bv(b'9' as u64, 8));
        Term::ite(
            &digit,
            &x.sext(32).bvadd(&bv((-48i64) as u64 & 0xffff_ffff, 32)),
            &at(&lower, x).bvadd(&bv((-87i64) as u64 & 0xffff_ffff, 32)),
        )
    };
    let is_hex = |x: &Term| {
        let l = at(&lower, x);
        x.bvuge(&bv(b'0' as u64, 8))
            .and(&x.bvule(&bv(b'9' as u64, 8)))
            .or(&l.bvuge(&bv(b'a' as u64, 32)).and(&l.bvule(&bv(b'f' as u64, 32))))
    };
    let byte = |t: Term| t.extract(7, 0);
    let decoded = byte(hex(&c).bvmul(&bv(16, 32)).bvadd(&hex(&d)));
    let mixed = at(&scramble, &c).bvxor(&at(&scramble, &d));
    // The same constraints computed in Rust: the oracle the solvers' answers are checked against.
    let low = |x: u64| if x == 255 { 0xffff_ffffu64 } else { (x as u8).to_ascii_lowercase() as u64 };
    let r_hex = move |x: u64| if x <= b'9' as u64 { x.wrapping_sub(48) } else { low(x).wrapping_sub(87) };
    let r_is_hex =
        move |x: u64| (b'0' as u64..=b'9' as u64).contains(&x) || (b'a' as u64..=b'f' as u64).contains(&low(x));
    let r_decoded = move |x: u64, y: u64| r_hex(x).wrapping_mul(16).wrapping_add(r_hex(y)) & 0xff;
    let r_scramble = |x: u64| ((x as u8 as i8 as i64 + 128) as u64 * 7919 + 13) % 65521;
    type Oracle = Box<dyn Fn(u64, u64) -> bool>;
    let k = r_scramble(b'a' as u64) ^ r_scramble(b'%' as u64);
    let cases: Vec<(Vec<Term>, Term, Oracle)> = vec![
        (
            vec![is_hex(&c), is_hex(&d)],
            decoded.eq(&bv(0, 8)),
            Box::new(move |x, y| r_is_hex(x) && r_is_hex(y) && r_decoded(x, y) == 0),
        ),
        (
            vec![is_hex(&c), is_hex(&d)],
            decoded.eq(&bv(b'A' as u64, 8)),
            Box::new(move |x, y| r_is_hex(x) && r_is_hex(y) && r_decoded(x, y) == b'A' as u64),
        ),
        (
            vec![is_hex(&c), is_hex(&d), c.bvuge(&bv(b'a' as u64, 8))],
            decoded.eq(&bv(0x2f, 8)),
            Box::new(move |x, y| r_is_hex(x) && r_is_hex(y) && x >= b'a' as u64 && r_decoded(x, y) == 0x2f),
        ),
        (
            vec![is_hex(&c)],
            decoded.eq(&bv(0xff, 8)).and(&d.ne(&bv(b'f' as u64, 8))),
            Box::new(move |x, y| r_is_hex(x) && r_decoded(x, y) == 0xff && y != b'f' as u64),
        ),
        (vec![], mixed.eq(&bv(k, 16)), Box::new(move |x, y| r_scramble(x) ^ r_scramble(y) == k)),
    ];
    for (pc, cond, oracle) in &cases {
        let expected = (0..256u64).any(|x| (0..256u64).any(|y| oracle(x, y)));
        // The oracle is the constraints: checked by evaluation on a sample of pairs.
        for (x, y) in [(b'4', b'1'), (b'f', b'f'), (b'0', b'0'), (b'A', b'9'), (0xff, 0x80), (b'g', b'a'), (b'b', b'2')]
        {
            let env = |s| {
                let v = if Some(s) == c.as_var() {
                    x
                } else if Some(s) == d.as_var() {
                    y
                } else {
                    return None;
                };
                Some(Value::Bv(v as u64, 8))
            };
            let by_eval =
                pc.iter().chain(std::iter::once(cond)).all(|t| kappa_expr::eval(t, &env) == Some(Value::Bool(true)));
            assert_eq!(by_eval, oracle(x as u64, y as u64), "{cond} at ({x}, {y})");
        }
        assert_every_solver_answers(pc, cond, expected);
    }
}

/// Queries left undecided are counted by class, and logged as SMT-LIB scripts that another
/// solver reads as they are (cvc5 decides the logged non-linear query).
#[test]
fn undecided_queries_are_classified_and_logged() {
    use kappa_solver::{classify, QueryClass, UnknownLog};
    let dir = std::env::temp_dir().join(format!("kappa-unknown-log-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let log = dir.join("undecided.smt2");
    let _ = std::fs::remove_file(&log);
    let mut s = UnknownLog::new(Z3Solver::new(), Some(log.clone()));
    let (x, y) = (sym("x", Sort::Bv(16)), sym("y", Sort::Bv(16)));
    let pc = vec![bv(1, 16).bvult(&x), bv(1, 16).bvult(&y), x.bvult(&bv(256, 16)), y.bvult(&bv(256, 16))];
    let product = Query::new(&pc, x.bvmul(&y).eq(&bv(391, 16)));
    let linear = Query::new(&pc, x.bvadd(&y).eq(&bv(40, 16)));
    let a = sym("a", Sort::Array(Elem::Bv(16), Elem::Bv(16)));
    let read = Query::new(&pc, a.select(&x).eq(&y));
    assert_eq!(classify(&product), QueryClass::NonLinear);
    assert_eq!(classify(&linear), QueryClass::BitVector);
    assert_eq!(classify(&read), QueryClass::Arrays);
    let b = sym("b", Sort::Bv(16));
    let all = Term::forall(std::slice::from_ref(&b), &b.bvmul(&x).bvult(&a.select(&b)));
    assert_eq!(classify(&Query::new(&pc, all)), QueryClass::Quantified);
    // With almost no work allowed Z3 gives up on the product; decided queries are not logged.
    s.set_rlimit(Some(1000));
    assert!(matches!(s.check(&product), SatResult::Unknown(_)));
    s.set_rlimit(None);
    assert_eq!(s.check(&linear), SatResult::Sat);
    let stats = s.stats();
    assert_eq!(stats.unknown_classes.get("non-linear"), Some(&1));
    assert_eq!(stats.unknown_classes.values().sum::<u64>(), 1);
    let text = std::fs::read_to_string(&log).expect("the log is written");
    assert_eq!(text.matches("; undecided query").count(), 1);
    assert!(text.contains("class non-linear"), "{text}");
    let out = std::process::Command::new("cvc5")
        .arg("--lang=smt2")
        .arg(&log)
        .output()
        .expect("cvc5 is installed by scripts/setup.sh");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "sat", "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A template condition over 100 iterations (`∀τ <u κ. a[τ] <s a[τ+1]`, κ bounded by the loop's
/// exit): Z3's quantifier instantiation gives up on it, and the chain decides it by expanding
/// the quantifier into its 100 instances, an exact rewriting since the query bounds κ.
#[test]
fn quantifiers_with_a_known_bound_are_expanded_when_z3_gives_up() {
    let kappa = sym("kappa", Sort::Bv(64));
    let a = sym("a", Sort::Array(Elem::Bv(64), Elem::Bv(32)));
    let tau = sym("tau", Sort::Bv(64));
    let step = a.select(&tau).bvslt(&a.select(&tau.bvadd(&bv(1, 64))));
    let chain = Term::forall(std::slice::from_ref(&tau), &tau.bvult(&kappa).implies(&step));
    let pc = vec![
        chain,
        bv(100, 64).bvult(&kappa).not(),
        kappa.bvult(&bv(100, 64)).not(),
        a.select(&bv(0, 64)).eq(&bv(0, 32)),
    ];
    // Limited by work, not time, so that Z3 gives up the same way on a busy machine.
    let mut s = default_chain(Some(Duration::from_secs(120)));
    s.set_rlimit(Some(5_000_000));
    // 100 strict increases from 0 cannot end below 100.
    let low = a.select(&bv(100, 64)).bvslt(&bv(80, 32));
    assert_eq!(s.check(&Query::new(&pc, low)), SatResult::Unsat);
    let high = a.select(&bv(100, 64)).eq(&bv(150, 32));
    let m = s.model(&Query::new(&pc, high.clone())).expect("a chain from 0 to 150");
    let Some(Value::Array(_, _)) = m.value(a.as_var().unwrap()) else { panic!("{m:?}") };
    assert_model_satisfies(&m, &pc[1..], &high);
    let st = s.stats();
    assert_eq!(st.unknown, 0, "{st}");
    assert_eq!(st.expanded, 2, "both decided by the expansion: {st}");
}

/// The run's deadline bounds every query of the chain, its layers' retries included, below the
/// per-query timeout; cleared, the timeout applies again.
#[test]
fn the_run_deadline_bounds_every_query() {
    let (p, cond) = semiprime();
    let mut s = default_chain(Some(Duration::from_secs(30)));
    s.set_deadline(Some(Instant::now() + Duration::from_millis(300)));
    let start = Instant::now();
    let r = s.check(&Query::new(&[], cond.clone()));
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}: {r}", start.elapsed());
    assert!(matches!(r, SatResult::Unknown(_) | SatResult::Sat), "{r}");
    // Past the deadline nothing reaches Z3, not even a trivial query. (The query above may end
    // before the deadline: its timer is three quarters of the time that was left.)
    std::thread::sleep((start + Duration::from_millis(320)).saturating_duration_since(Instant::now()));
    assert!(matches!(s.check(&Query::new(&[], p.eq(&bv(3, 32)))), SatResult::Unknown(_)));
    s.set_deadline(None);
    assert_eq!(s.check(&Query::new(&[], p.eq(&bv(3, 32)))), SatResult::Sat);
}

/// A loop bound's validity check (∀τ < n: j + τ < b − i, as compact execution asks it) after a
/// satisfiable query on the same symbols: Z3's incremental core, misled by what the first query
/// left behind, spends seconds on it; the non-incremental retry decides it at once. Decided, and
/// the same way on every run (the first try is limited by work, not time).
#[test]
fn a_query_the_incremental_core_is_misled_on_is_decided_by_the_retry() {
    let (j, i, b) = (sym("j", Sort::Bv(32)), sym("i", Sort::Bv(32)), sym("b", Sort::Bv(32)));
    let tau = sym("tau", Sort::Bv(64));
    let bound = b.bvsub(&i);
    let not_in = j.bvadd(&tau.extract(31, 0)).bvslt(&bound).not();
    let first = tau.bvult(&bound.bvsub(&j).zext(64)).and(&not_in);
    let n = Term::ite(&j.bvslt(&bound), &bound.bvsub(&j).zext(64), &bv(0, 64));
    let second = not_in.and(&tau.bvult(&n));
    let mut s = Z3Solver::new();
    s.set_timeout(Some(Duration::from_secs(60)));
    assert!(s.check(&Query { pc: &[], cond: first }).is_sat());
    assert_eq!(s.check(&Query { pc: &[], cond: second }), SatResult::Unsat);
    assert_eq!(s.stats().retried, 1, "the second query went to the retry solver");
}
