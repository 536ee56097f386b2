//! The examples of the compact symbolic execution papers, written in C: the compact trees have
//! the nodes and leaves the papers draw, and the leaves' path conditions are the papers'
//! (checked by the solver).

mod common;

use common::*;
use kappa_engine::{Mode, NodeKind, Termination};
use kappa_expr::{Elem, Sort, SymId, Term};
use kappa_solver::{default_chain, Query, SatResult};

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

/// `A(j)`: the int at index `j` (a 64-bit term) of the byte array `a` (little endian).
fn elem(a: &Term, j: &Term) -> Term {
    let byte = |k: u64| a.select(&j.bvmul(&Term::bv(4, 64)).bvadd(&Term::bv(k, 64)));
    byte(3).concat(&byte(2)).concat(&byte(1)).concat(&byte(0))
}

fn valid(solver: &mut dyn kappa_solver::Solver, assumptions: &[Term], claim: &Term) -> SatResult {
    solver.check(&Query { pc: assumptions, cond: claim.not() })
}

fn sym(s: SymId) -> Term {
    Term::var(s)
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

    let mut solver = default_chain(Some(std::time::Duration::from_secs(300)));
    let mut seen_f = false;
    let mut seen_e = false;
    for leaf in leaves {
        let Termination::Exit(code) = &leaf.how else { panic!("leaf {:?}", leaf.how) };
        let pc: Vec<Term> = leaf.state.pc.constraints().to_vec();
        // The inputs: A's contents (bytes), then n and x.
        let ins = &leaf.state.inputs;
        let calls: Vec<Term> = ins
            .iter()
            .filter(|i| matches!(i.origin, kappa_ir::NondetOrigin::Call { .. }))
            .map(|i| i.sym.clone())
            .collect();
        assert_eq!(calls.len(), 2, "n, x");
        let (n, x) = (calls[0].clone(), calls[1].clone());
        let a = ins
            .iter()
            .find(|i| matches!(&i.origin, kappa_ir::NondetOrigin::Uninit { var } if var == "A"))
            .map(|i| i.sym.clone())
            .expect("A's contents are an input");
        assert_eq!(a.sort(), Sort::Array(Elem::Bv(64), Elem::Bv(8)));
        let kappas = symbols_named(&pc, "kappa");
        assert_eq!(kappas.len(), 1, "one parameter κ");
        let k = sym(kappas[0]);
        let tau = Term::var(Term::fresh_sym("tau", Sort::Bv(64)));
        // i + τ with i = 0 (the composition with i := 0), as a C int.
        let it = |t: &Term| t.extract(31, 0);
        // φ*[κ] = ∀τ (0 ≤ τ < κ → i + τ < n ∧ A(i + τ) ≠ x)
        let body = it(&tau).bvslt(&n).and(&elem(&a, &it(&tau).sext(64)).ne(&x));
        let phi_star = Term::forall(std::slice::from_ref(&tau), &tau.bvult(&k).implies(&body));
        let prefix = [n.bvsge(&Term::bv(0, 32)), n.bvsle(&Term::bv(100, 32))];
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
        // The leaf's path condition and the paper's, under the assumptions on n, are equivalent.
        assert_eq!(valid(&mut *solver, &prefix, &ours.implies(&paper)), SatResult::Unsat, "ours ⊆ paper");
        assert_eq!(valid(&mut *solver, &prefix, &paper.implies(&ours)), SatResult::Unsat, "paper ⊆ ours");
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
        let ins = &leaf.state.inputs;
        let calls: Vec<Term> = ins
            .iter()
            .filter(|i| matches!(i.origin, kappa_ir::NondetOrigin::Call { .. }))
            .map(|i| i.sym.clone())
            .collect();
        let (n, x) = (calls[0].clone(), calls[1].clone());
        let a = ins
            .iter()
            .find(|i| matches!(&i.origin, kappa_ir::NondetOrigin::Uninit { var } if var == "A"))
            .map(|i| i.sym.clone())
            .expect("A's contents are an input");
        let mut count = Term::bv(0, 32);
        for j in 0..3u64 {
            let hit = Term::bv(j, 32).bvslt(&n).and(&elem(&a, &Term::bv(j, 64)).eq(&x));
            count = count.bvadd(&Term::ite(&hit, &Term::bv(1, 32), &Term::bv(0, 32)));
        }
        let pc: Vec<Term> = leaf.state.pc.constraints().to_vec();
        assert_eq!(valid(&mut *solver, &pc, &code.eq(&count)), SatResult::Unsat, "cnt at leaf {}", leaf.node);
        assert_eq!(solver.check(&Query { pc: &[], cond: Term::and_all(pc) }), SatResult::Sat);
    }
}
