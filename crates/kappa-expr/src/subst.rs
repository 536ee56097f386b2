//! Rebuilding terms: applying an operation through the smart constructors, and simultaneous
//! substitution of symbols (θ⟨φ⟩ of section 3.1 of the compact symbolic execution paper).

use crate::term::{Op, Sort, SymId, Term};
use std::collections::HashMap;

impl Term {
    /// `op(args)` through the smart constructors, so that the result is simplified.
    pub fn apply(op: Op, args: &[Term], sort: Sort) -> Term {
        let a = |i: usize| &args[i];
        match op {
            Op::BoolConst(_) | Op::BvConst(_) | Op::IntConst(_) | Op::Var(_) => Term::mk(op, Vec::new(), sort),
            Op::Not => a(0).not(),
            Op::And => Term::and_all(args.iter().cloned()),
            Op::Or => Term::or_all(args.iter().cloned()),
            Op::Ite => Term::ite(a(0), a(1), a(2)),
            Op::Eq => a(0).eq(a(1)),
            Op::BvNeg => a(0).bvneg(),
            Op::BvNot => a(0).bvnot(),
            Op::BvAdd => a(0).bvadd(a(1)),
            Op::BvSub => a(0).bvsub(a(1)),
            Op::BvMul => a(0).bvmul(a(1)),
            Op::BvUDiv => a(0).bvudiv(a(1)),
            Op::BvSDiv => a(0).bvsdiv(a(1)),
            Op::BvURem => a(0).bvurem(a(1)),
            Op::BvSRem => a(0).bvsrem(a(1)),
            Op::BvShl => a(0).bvshl(a(1)),
            Op::BvLShr => a(0).bvlshr(a(1)),
            Op::BvAShr => a(0).bvashr(a(1)),
            Op::BvAnd => a(0).bvand(a(1)),
            Op::BvOr => a(0).bvor(a(1)),
            Op::BvXor => a(0).bvxor(a(1)),
            Op::BvUlt => a(0).bvult(a(1)),
            Op::BvUle => a(0).bvule(a(1)),
            Op::BvSlt => a(0).bvslt(a(1)),
            Op::BvSle => a(0).bvsle(a(1)),
            Op::Concat => a(0).concat(a(1)),
            Op::Extract(h, l) => a(0).extract(h, l),
            Op::ZExt(w) => a(0).zext(w),
            Op::SExt(w) => a(0).sext(w),
            Op::IntAdd => a(0).iadd(a(1)),
            Op::IntSub => a(0).isub(a(1)),
            Op::IntMul => a(0).imul(a(1)),
            Op::IntLe => a(0).ile(a(1)),
            Op::IntLt => a(0).ilt(a(1)),
            Op::IntToBv(w) => a(0).int_to_bv(w),
            Op::BvToNat => a(0).bv_to_nat(),
            Op::Select => a(0).select(a(1)),
            Op::Store => a(0).store(a(1), a(2)),
            Op::ConstArray(i) => Term::const_array(i, a(0)),
            Op::Forall => {
                let (vars, body) = args.split_at(args.len() - 1);
                Term::forall(vars, &body[0])
            }
            Op::Lambda => Term::lambda(a(0), a(1)),
        }
    }

    /// Replaces symbols simultaneously (bound variables of quantifiers are left alone).
    pub fn substitute(&self, map: &HashMap<SymId, Term>) -> Term {
        let mut memo = HashMap::new();
        self.subst_memo(map, &mut memo)
    }

    /// Substitution sharing a memo table across several terms of one substitution.
    pub fn subst_memo(&self, map: &HashMap<SymId, Term>, memo: &mut HashMap<u64, Term>) -> Term {
        if map.is_empty() {
            return self.clone();
        }
        self.rebuild(map, memo)
    }

    /// Replaces subterms (by term id) outside quantifiers and λ-terms, simplifying what
    /// contains them: `ite(c, a, b)` with `c` replaced by `true` becomes `a`.
    pub fn replace(&self, terms: &HashMap<u64, Term>) -> Term {
        if terms.is_empty() {
            return self.clone();
        }
        let mut memo = terms.clone();
        self.rebuild(&HashMap::new(), &mut memo)
    }

    /// Post-order rebuild: symbols by `map`, terms already in `memo` by their entry.
    fn rebuild(&self, map: &HashMap<SymId, Term>, memo: &mut HashMap<u64, Term>) -> Term {
        // Iterative post-order, so that deep terms do not overflow the stack.
        let mut stack: Vec<(Term, bool)> = vec![(self.clone(), false)];
        while let Some((t, expanded)) = stack.pop() {
            if memo.contains_key(&t.id()) {
                continue;
            }
            if let Op::Var(s) = t.op() {
                let r = map.get(&s).cloned().unwrap_or_else(|| t.clone());
                memo.insert(t.id(), r);
                continue;
            }
            if t.args().is_empty() {
                memo.insert(t.id(), t.clone());
                continue;
            }
            if matches!(t.op(), Op::Forall | Op::Lambda) {
                // Bound variables shadow the substitution.
                let (vars, body) = t.args().split_at(t.args().len() - 1);
                let mut inner = map.clone();
                for v in vars {
                    if let Some(s) = v.as_var() {
                        inner.remove(&s);
                    }
                }
                let b = body[0].substitute(&inner);
                let r = if t.op() == Op::Lambda { Term::lambda(&vars[0], &b) } else { Term::forall(vars, &b) };
                memo.insert(t.id(), r);
                continue;
            }
            if !expanded {
                stack.push((t.clone(), true));
                for a in t.args() {
                    if !memo.contains_key(&a.id()) {
                        stack.push((a.clone(), false));
                    }
                }
                continue;
            }
            let args: Vec<Term> =
                t.args().iter().map(|a| memo.get(&a.id()).cloned().unwrap_or_else(|| a.clone())).collect();
            let r = if args.iter().zip(t.args()).all(|(x, y)| x == y) {
                t.clone()
            } else {
                Term::apply(t.op(), &args, t.sort())
            };
            memo.insert(t.id(), r);
        }
        memo.get(&self.id()).cloned().unwrap_or_else(|| self.clone())
    }
}
