//! The examples of the compact symbolic execution papers, written in C: the compact trees have
//! the nodes and leaves the papers draw, and the leaves' path conditions are the papers'
//! (checked by the solver).

mod common;

use common::*;
use kappa_engine::{Mode, NodeKind, Termination};
use kappa_expr::{Elem, Sort, SymId, Term};
use kappa_solver::{default_chain, expand_bounded_quantifiers, Query, SatResult};
use std::collections::HashMap;

/// Figure 1(a) of the ATVA paper: linSrch(A, n, x) over an array with arbitrary contents.
/// Locations: a (i := 0), b (i < n?), c (A[i] != x?), d (i := i + 1), e (r := i), f (r := -1).
const LINEAR_SEARCH: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
    int A[100];
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0);
    __VERIFIER_assume(n <= 100);
    int i = 0, r;
    while (1) {
        if (i >= n) { r = -1; break; }
        if (A[i] == x) { r = i; break; }
        i = i + 1;
    }
    return r;
}
"#;

/// The inputs of a leaf of both examples: n, x (`__VERIFIER_nondet_int` results, in order) and
/// the contents of the uninitialised array A.
fn inputs(leaf: &Leaf) -> (Term, Term, Term) {
    let ins = &leaf.state.inputs;
    let calls: Vec<Term> =
        ins.iter().filter(|i| matches!(i.origin, kappa_ir::NondetOrigin::Call { .. })).map(|i| i.sym.clone()).collect();
    assert_eq!(calls.len(), 2, "n, x");
    let a = ins
        .iter()
        .find(|i| matches!(&i.origin, kappa_ir::NondetOrigin::Uninit { var } if var == "A"))
        .map(|i| i.sym.clone())
        .expect("A's contents are an input");
    (calls[0].clone(), calls[1].clone(), a)
}

/// `A(j)`: the int at index `j` (a 64-bit term) of `a`, an `int` array (one 32-bit element per
/// index: kappa keeps arrays of ints as arrays of words).
fn elem(a: &Term, j: &Term) -> Term {
    a.select(j)
}

/// Is `assumptions → claim` valid (`Unsat`)? The assumptions must be satisfiable, as path
/// conditions are for the solver chain.
fn valid(solver: &mut dyn kappa_solver::Solver, assumptions: &[Term], claim: &Term) -> SatResult {
    solver.check(&Query { pc: assumptions, cond: claim.not() })
}

fn sym(s: SymId) -> Term {
    Term::var(s)
}

/// `t` with the κs given values and every (then bounded) quantifier expanded.
fn at_kappas(t: &Term, values: &HashMap<SymId, Term>) -> Term {
    let mut budget = 1_000_000;
    expand_bounded_quantifiers(&t.substitute(values), &mut budget).expect("bounded quantifiers")
}

/// `t` with each `∀τ. body` replaced by its instance `body[τ := v]`: a consequence of `t`
/// without quantifiers.
fn instance_at(t: &Term, v: u64) -> Term {
    if !t.has_quantifier() {
        return t.clone();
    }
    if t.op() == kappa_expr::Op::Forall {
        let (vars, body) = t.args().split_at(t.args().len() - 1);
        let map: HashMap<SymId, Term> =
            vars.iter().filter_map(|x| Some((x.as_var()?, Term::bv(v, x.sort().width())))).collect();
        return instance_at(&body[0].substitute(&map), v);
    }
    let args: Vec<Term> = t.args().iter().map(|a| instance_at(a, v)).collect();
    Term::apply(t.op(), &args, t.sort())
}

#[test]
fn linear_search_gives_the_compact_tree_of_figure_1c() {
    let prog = lower(LINEAR_SEARCH);
    let (report, tree) = explore(&prog, config(Mode::Compact));
    assert!(report.complete(), "{:?}", report.stats.incomplete);
    assert_eq!(report.stats.failed_leaves, 0);
    // One application of the template at b: the node u with the two template nodes f and e.
    assert_eq!(report.stats.templates.applied, 1, "{:?}", report.stats.templates);
    let tnodes = tree.template_nodes();
    assert_eq!(tnodes.len(), 2, "{:#?}", tree.nodes);
    assert_eq!(tnodes[0].parent, tnodes[1].parent, "both template nodes are children of u");
    let u = tnodes[0].parent.expect("u");
    assert_eq!(tree.children(u).len(), 2, "u has exactly the template's two successors");
    // Two leaves, both normal exits: r = -1 after leaving through (b, f), r = i through (c, e).
    let leaves: Vec<_> = tree.completed().collect();
    assert_eq!(leaves.len(), 2);
    assert_eq!(report.stats.paths_completed, 2);
    assert_eq!(report.stats.paths_error, 0);

    // n ≤ BOUND: κ ≤ BOUND in both path conditions. The equivalence of each instance is a
    // query over BOUND words of A whose time in Z3 varies a lot from run to run (it depends
    // on the order of declarations); 30 keeps the worst runs short.
    const BOUND: u64 = 30;
    let mut solver = default_chain(Some(std::time::Duration::from_secs(300)));
    let mut seen_f = false;
    let mut seen_e = false;
    for leaf in leaves {
        let Termination::Exit(code) = &leaf.how else { panic!("leaf {:?}", leaf.how) };
        let pc: Vec<Term> = leaf.state.pc.constraints().to_vec();
        // The inputs: A's contents (words), then n and x.
        let (n, x, a) = inputs(leaf);
        assert_eq!(a.sort(), Sort::Array(Elem::Bv(64), Elem::Bv(32)));
        let kappas = symbols_named(&pc, "kappa");
        assert_eq!(kappas.len(), 1, "one parameter κ");
        let k = sym(kappas[0]);
        let tau = Term::var(Term::fresh_sym("tau", Sort::Bv(64)));
        // i + τ with i = 0 (the composition with i := 0), as a C int.
        let it = |t: &Term| t.extract(31, 0);
        // φ*[κ] = ∀τ (0 ≤ τ < κ → i + τ < n ∧ A(i + τ) ≠ x)
        let body = it(&tau).bvslt(&n).and(&elem(&a, &it(&tau).sext(64)).ne(&x));
        let phi_star = Term::forall(std::slice::from_ref(&tau), &tau.bvult(&k).implies(&body));
        let prefix = [n.bvsge(&Term::bv(0, 32)), n.bvsle(&Term::bv(BOUND, 32))];
        let is_f = code.as_bv() == Some(u32::MAX as u64);
        let paper = if is_f {
            // φ_bf[κ] = φ*[κ] ∧ i + κ ≥ n
            seen_f = true;
            phi_star.and(&it(&k).bvsge(&n))
        } else {
            // φ_ce[κ] = φ*[κ] ∧ i + κ < n ∧ A(i + κ) = x, and r = i + κ
            seen_e = true;
            assert_eq!(valid(&mut *solver, &pc, &code.eq(&it(&k))), SatResult::Unsat, "r = κ at e");
            phi_star.and(&it(&k).bvslt(&n)).and(&elem(&a, &it(&k).sext(64)).eq(&x))
        };
        let ours = Term::and_all(pc.clone());
        // The leaf's path condition and the paper's, under the assumptions on n, are
        // equivalent: for each κ ≤ BOUND (quantifier-free once κ is known) ...
        for c in 0..=BOUND {
            let at = HashMap::from([(kappas[0], Term::bv(c, 64))]);
            let same = at_kappas(&ours, &at).eq(&at_kappas(&paper, &at));
            assert_eq!(valid(&mut *solver, &prefix, &same), SatResult::Unsat, "κ = {c}: ours ≠ paper");
        }
        // ... and neither holds for κ > BOUND (their instances at τ = BOUND already exclude it).
        let more = k.bvugt(&Term::bv(BOUND, 64));
        for (name, f) in [("ours", &ours), ("paper", &paper)] {
            let cs = [prefix[0].clone(), prefix[1].clone(), instance_at(f, BOUND)];
            assert_eq!(solver.check(&Query { pc: &cs, cond: more.clone() }), SatResult::Unsat, "{name}: κ > {BOUND}");
        }
    }
    assert!(seen_f && seen_e);
}

/// Figure 2(a) of the early paper: countIf(A, n, x) counts the elements equal to x. n ≤ 3 keeps
/// the classic tree finite (2^4 - 1 paths) for comparison.
const COUNT_IF: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int countIf(int *A, int n, int x) {
    int cnt = 0;
    for (int i = 0; i < n; i++)
        if (A[i] == x)
            cnt++;
    return cnt;
}
int main(void) {
    int A[3];
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0);
    __VERIFIER_assume(n <= 3);
    return countIf(A, n, x);
}
"#;

#[test]
fn count_if_gives_a_compact_tree_that_is_a_list() {
    let prog = lower(COUNT_IF);
    let (classic, _) = explore(&prog, config(Mode::Classic));
    assert!(classic.complete());
    assert_eq!(classic.stats.paths_completed, 15, "n = 0..3 with 2^n paths each");

    let (report, tree) = explore(&prog, config(Mode::Compact));
    assert!(report.complete(), "{:?}", report.stats.incomplete);
    assert_eq!(report.stats.failed_leaves, 0);
    // Figure 2(c): "basically a single linked list". Each application of a template (with a
    // fresh κ) has one successor that ends (the exit i ≥ n, then return) and at most one that
    // goes on, through the other branch of the body, to the next application; each step
    // consumes at least one element, so with n ≤ 3 there are four applications and four leaves.
    let mut apps: Vec<u64> = tree.template_nodes().iter().filter_map(|n| n.parent).collect();
    apps.sort();
    apps.dedup();
    assert_eq!(apps.len(), 4, "{:#?}", tree.nodes);
    assert_eq!(report.stats.templates.applied, 4);
    assert_eq!(tree.completed().count(), 4);
    let below = |node: u64, anc: u64| {
        let mut n = Some(node);
        while let Some(id) = n {
            if id == anc {
                return true;
            }
            n = tree.node(id).parent;
        }
        false
    };
    // The applications lie on one branch, each below the previous one.
    for w in apps.windows(2) {
        assert!(below(w[1], w[0]), "application {} is not below {}", w[1], w[0]);
    }
    for &u in &apps {
        let succ = tree.children(u);
        assert!(succ.len() <= 2 && succ.iter().all(|s| s.kind == NodeKind::Template));
        let going_on = succ.iter().filter(|s| apps.iter().any(|&p| p != u && below(p, s.id))).count();
        assert!(going_on <= 1, "a list, not a tree");
    }
    let leaves: Vec<_> = tree.completed().collect();
    // Every leaf returns the number of elements equal to x, whatever the κs.
    let mut solver = default_chain(Some(std::time::Duration::from_secs(300)));
    for leaf in leaves {
        let Termination::Exit(code) = &leaf.how else { panic!("leaf {:?}", leaf.how) };
        let (n, x, a) = inputs(leaf);
        let mut count = Term::bv(0, 32);
        for j in 0..3u64 {
            let hit = Term::bv(j, 32).bvslt(&n).and(&elem(&a, &Term::bv(j, 64)).eq(&x));
            count = count.bvadd(&Term::ite(&hit, &Term::bv(1, 32), &Term::bv(0, 32)));
        }
        let pc: Vec<Term> = leaf.state.pc.constraints().to_vec();
        let all = Term::and_all(pc.clone());
        // Each κ is at most 3 (n ≤ 3): the instances of the quantifiers at τ = 3 exclude more.
        let kappas = symbols_named(&pc, "kappa");
        for &k in &kappas {
            let more = sym(k).bvugt(&Term::bv(3, 64));
            let r = solver.check(&Query { pc: &[instance_at(&all, 3)], cond: more });
            assert_eq!(r, SatResult::Unsat, "leaf {}: κ > 3", leaf.node);
        }
        // For every κ ≤ 3, the leaf returns the count.
        let mut feasible = 0;
        for combo in 0..4u64.pow(kappas.len() as u32) {
            let at: HashMap<SymId, Term> =
                kappas.iter().enumerate().map(|(i, &k)| (k, Term::bv(combo / 4u64.pow(i as u32) % 4, 64))).collect();
            let inst = at_kappas(&all, &at);
            // (The instance may be unsatisfiable: it is a condition, not a path condition.)
            let wrong = inst.and(&code.substitute(&at).eq(&count).not());
            let r = solver.check(&Query { pc: &[], cond: wrong });
            assert_eq!(r, SatResult::Unsat, "cnt at leaf {}", leaf.node);
            feasible += usize::from(solver.check(&Query { pc: &[], cond: inst }).is_sat());
        }
        assert!(feasible > 0, "leaf {} has no feasible instance", leaf.node);
    }
}
