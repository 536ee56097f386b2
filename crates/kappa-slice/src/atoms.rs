//! Abstraction of the arguments of atoms: a cheap first try at proving a query unsatisfiable.
//!
//! Each compound bit-vector argument of a comparison (`t == c`, `t ≤ u`, …) is replaced by a
//! symbol of its own, the same symbol for the same term. Any model of the query gives a model
//! of the abstraction (each symbol takes its term's value), so an **unsatisfiable abstraction
//! proves the query unsatisfiable**; a satisfiable one proves nothing, and the query itself is
//! then checked. This is the over-approximation by uninterpreted terms of lazy abstraction
//! refinement (predicate abstraction over the atoms, with the atoms' arguments as the
//! abstraction's variables; Flanagan and Qadeer, POPL 2002, section 3) used as a filter in
//! front of the bit-vector solver.
//!
//! Why the slicer needs it: merging condition (a) on the drivers (docs/benchmarks.md, issue
//! 24, branch `slice5`) costs up to 1.2 million units for queries such as `0 ≤ x ≤ 7 ∧
//! ¬(x ∈ {0, …, 7})` where `x` is `(head + count) % 8` over 32-bit symbols: Z3 bit-blasts the
//! signed remainder although the proof needs only the ranges of `x`. With `x` a symbol the
//! query is propositional over a few comparisons with constants.

use kappa_expr::{Op, Sort, Term};
use std::collections::HashMap;

/// The symbols that stand for abstracted terms, the same symbol for the same term across
/// queries (so that the caches of the solver see the same abstract queries again). Holds the
/// terms, so that their ids keep meaning what they meant.
#[derive(Default)]
pub(crate) struct AtomAbstraction {
    symbols: HashMap<u64, (Term, Term)>,
    /// The abstraction of each constraint of a path condition seen so far (they recur).
    constraints: HashMap<u64, (Term, Term)>,
}

impl AtomAbstraction {
    /// The abstraction of a query's constraints and condition, or `None` when nothing in them
    /// was abstracted.
    pub fn abstract_constraints(&mut self, pc: &[Term], cond: &Term) -> Option<(Vec<Term>, Term)> {
        let mut changed = false;
        let mut out = Vec::with_capacity(pc.len());
        for c in pc {
            let a = match self.constraints.get(&c.id()) {
                Some((_, a)) => a.clone(),
                None => {
                    let a = self.abstract_query(c).unwrap_or_else(|| c.clone());
                    self.constraints.insert(c.id(), (c.clone(), a.clone()));
                    a
                }
            };
            changed |= a.id() != c.id();
            out.push(a);
        }
        let cond = match self.abstract_query(cond) {
            Some(a) => {
                changed = true;
                a
            }
            None => cond.clone(),
        };
        changed.then_some((out, cond))
    }

    /// The abstraction of the boolean term `t` (see the module documentation), or `None` when
    /// nothing in it was abstracted (the query itself is as cheap).
    pub fn abstract_query(&mut self, t: &Term) -> Option<Term> {
        let mut memo: HashMap<u64, Term> = HashMap::new();
        let mut changed = false;
        let a = self.boolean(t, &mut memo, &mut changed);
        changed.then_some(a)
    }

    fn boolean(&mut self, t: &Term, memo: &mut HashMap<u64, Term>, changed: &mut bool) -> Term {
        if let Some(r) = memo.get(&t.id()) {
            return r.clone();
        }
        let r = match t.op() {
            Op::Not | Op::And | Op::Or => {
                let args: Vec<Term> = t.args().iter().map(|x| self.boolean(x, memo, changed)).collect();
                Term::apply(t.op(), &args, Sort::Bool)
            }
            Op::Ite if t.sort() == Sort::Bool => {
                let args: Vec<Term> = t.args().iter().map(|x| self.boolean(x, memo, changed)).collect();
                Term::apply(Op::Ite, &args, Sort::Bool)
            }
            Op::Eq if t.arg(0).sort() == Sort::Bool => {
                let args: Vec<Term> = t.args().iter().map(|x| self.boolean(x, memo, changed)).collect();
                Term::apply(Op::Eq, &args, Sort::Bool)
            }
            Op::Eq | Op::BvUlt | Op::BvUle | Op::BvSlt | Op::BvSle if matches!(t.arg(0).sort(), Sort::Bv(_)) => {
                let args: Vec<Term> = t.args().iter().map(|x| self.argument(x, changed)).collect();
                Term::apply(t.op(), &args, Sort::Bool)
            }
            _ => t.clone(),
        };
        memo.insert(t.id(), r.clone());
        r
    }

    /// A symbol for a compound bit-vector argument; symbols and constants stay. `changed` is
    /// set only when a term with an operation Z3 bit-blasts at a cost is abstracted
    /// ([`costly`]): a query over sums and bit tests is cheap already, and its abstraction
    /// (on netdev_ring: pointer sums, every one satisfiable) is work lost.
    fn argument(&mut self, x: &Term, changed: &mut bool) -> Term {
        if x.is_const() || x.as_var().is_some() {
            return x.clone();
        }
        *changed |= costly(x);
        let n = self.symbols.len();
        self.symbols.entry(x.id()).or_insert_with(|| (x.clone(), Term::fresh(&format!("atom#{n}"), x.sort()))).1.clone()
    }
}

/// Whether `t` has a division, a remainder, a shift by a non-constant amount or of a compound
/// term (the `%` and `/` by powers of two, lowered to shifts of sums), or a product of two
/// non-constants.
pub(crate) fn costly(t: &Term) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t.clone()];
    while let Some(x) = stack.pop() {
        if !seen.insert(x.id()) {
            continue;
        }
        match x.op() {
            Op::BvUDiv | Op::BvSDiv | Op::BvURem | Op::BvSRem => return true,
            Op::BvShl | Op::BvLShr | Op::BvAShr if !x.arg(1).is_const() || x.arg(0).as_var().is_none() => return true,
            Op::BvMul if !x.arg(0).is_const() && !x.arg(1).is_const() => return true,
            _ => stack.extend(x.args().iter().cloned()),
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, SymId, Value};
    use kappa_solver::{Query, Solver};

    /// A model of a query is a model of its abstraction, with each abstraction symbol valued
    /// as its term: checked on every assignment of two 4-bit symbols, for formulas with
    /// remainders, sums and products under comparisons.
    #[test]
    fn every_model_of_a_query_is_a_model_of_its_abstraction() {
        let h = Term::fresh("h", Sort::Bv(4));
        let c = Term::fresh("c", Sort::Bv(4));
        let s = h.bvadd(&c);
        let x = s.bvsrem(&Term::bv(4, 4));
        let y = h.bvmul(&Term::bv(3, 4));
        let zero = Term::bv(0, 4);
        let in_range = Term::bv(0, 4).bvsle(&x).and(&x.bvsle(&Term::bv(3, 4)));
        let one_of = Term::or_all((0..4).map(|k| x.eq(&Term::bv(k, 4))));
        let formulas = [
            in_range.and(&one_of.not()),
            in_range.and(&one_of),
            y.bvult(&x).or(&c.eq(&zero)).and(&s.eq(&y).not()),
            x.eq(&y).and(&h.bvule(&c)).and(&one_of),
        ];
        let mut abs = AtomAbstraction::default();
        let ids = [h.as_var().expect("h"), c.as_var().expect("c")];
        for f in &formulas {
            let a = abs.abstract_query(f).expect("something abstracted");
            for bits in 0u64..256 {
                let base = |s: SymId| ids.iter().position(|&v| v == s).map(|i| Value::Bv(bits >> (4 * i) & 15, 4));
                if eval(f, &base) != Some(Value::Bool(true)) {
                    continue;
                }
                let by_terms: HashMap<SymId, Value> = abs
                    .symbols
                    .values()
                    .map(|(t, sym)| (sym.as_var().expect("a symbol"), eval(t, &base).expect("closed")))
                    .collect();
                let env = |s: SymId| base(s).or_else(|| by_terms.get(&s).cloned());
                assert_eq!(eval(&a, &env), Some(Value::Bool(true)), "{f:?} at {bits:08b}");
            }
        }
    }

    /// The merging condition that motivated it: `0 ≤ x ≤ 3 ∧ x ∉ {0, …, 3}` with `x` a signed
    /// remainder is unsatisfiable already in the abstraction.
    #[test]
    fn a_range_and_its_values_are_decided_on_the_abstraction() {
        let h = Term::fresh("h", Sort::Bv(32));
        let c = Term::fresh("c", Sort::Bv(32));
        let x = h.bvadd(&c).bvsrem(&Term::bv(4, 32));
        let in_range = Term::bv(0, 32).bvsle(&x).and(&x.bvsle(&Term::bv(3, 32)));
        let one_of = Term::or_all((0..4).map(|k| x.eq(&Term::bv(k, 32))));
        let mut abs = AtomAbstraction::default();
        let (pc, cond) = abs.abstract_constraints(&[in_range], &one_of.not()).expect("abstracted");
        assert!(cond.symbols().iter().all(|s| Term::sym_info(*s).name.starts_with("atom#")));
        let mut z3 = kappa_solver::Z3Solver::new();
        assert!(z3.check(&Query { pc: &pc, cond }).is_unsat());
    }
}
