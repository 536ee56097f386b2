//! Formulas over the program variables, shared by the slicer (issue 24) and the proofs (issue
//! 21; docs/design-memory-interpolants.md, "How kappa-proofs reuses it"). The symbolic store
//! maps program variables to terms over the inputs (section 3 of the PSS-CFG paper, "symbolic
//! execution"); interpolants, witness formulas and lazy annotation's labels are formulas over
//! the program variables at a node (one symbol per variable, [`VarSyms`]), so that they can be
//! carried backwards by substitution (weakest liberal preconditions) and instantiated in another
//! state's store (the merging conditions, Lemma 1; subsumption).

use kappa_expr::{Sort, SymId, Term};
use kappa_ir::{BinOp, CastOp, Expr, Program, Ty, UnOp, VarId};
use std::collections::HashMap;

/// Evaluates a scalar IR expression with `var` giving the term of each variable. Pointer forms
/// are not part of the fragment the slicer handles (checked before exploration).
pub fn term_of(e: &Expr, var: &dyn Fn(VarId) -> Term) -> Result<Term, String> {
    Ok(match e {
        Expr::Int { bits, width } => Term::bv(*bits, *width),
        Expr::Bool(b) => Term::bool(*b),
        Expr::Var(v) => var(*v),
        Expr::Un(op, a) => {
            let a = term_of(a, var)?;
            match op {
                UnOp::Neg => a.bvneg(),
                UnOp::BitNot => a.bvnot(),
                UnOp::Not => a.not(),
            }
        }
        Expr::Bin(op, a, b) => {
            let (x, y) = (term_of(a, var)?, term_of(b, var)?);
            bin(*op, &x, &y)
        }
        Expr::Cast(op, w, a) => {
            let t = term_of(a, var)?;
            match op {
                CastOp::ZExt => t.zext(*w),
                CastOp::SExt => t.sext(*w),
                CastOp::Trunc => t.extract(w - 1, 0),
            }
        }
        Expr::Ite(c, a, b) => Term::ite(&term_of(c, var)?, &term_of(a, var)?, &term_of(b, var)?),
        _ => return Err("pointer expression".into()),
    })
}

fn bin(op: BinOp, a: &Term, b: &Term) -> Term {
    use BinOp::*;
    if a.sort() == Sort::Bool {
        return match op {
            And => a.and(b),
            Or => a.or(b),
            Eq => a.eq(b),
            _ => a.eq(b).not(),
        };
    }
    match op {
        Add => a.bvadd(b),
        Sub => a.bvsub(b),
        Mul => a.bvmul(b),
        UDiv => a.bvudiv(b),
        SDiv => a.bvsdiv(b),
        URem => a.bvurem(b),
        SRem => a.bvsrem(b),
        Shl => a.bvshl(b),
        LShr => a.bvlshr(b),
        AShr => a.bvashr(b),
        And => a.bvand(b),
        Or => a.bvor(b),
        Xor => a.bvxor(b),
        Eq => a.eq(b),
        Ne => a.ne(b),
        Ult => a.bvult(b),
        Ule => a.bvule(b),
        Ugt => a.bvugt(b),
        Uge => a.bvuge(b),
        Slt => a.bvslt(b),
        Sle => a.bvsle(b),
        Sgt => a.bvsgt(b),
        Sge => a.bvsge(b),
    }
}

/// One symbol per program variable: the free symbols of interpolants and witness formulas.
pub struct VarSyms {
    syms: Vec<Option<Term>>,
    back: HashMap<SymId, VarId>,
}

impl VarSyms {
    pub fn new(prog: &Program) -> VarSyms {
        let mut syms = Vec::with_capacity(prog.vars.len());
        let mut back = HashMap::new();
        for (i, v) in prog.vars.iter().enumerate() {
            let t = match v.ty {
                Ty::Int(w) => {
                    let t = Term::fresh(&format!("pv.{}", v.name), Sort::Bv(w));
                    if let Some(s) = t.as_var() {
                        back.insert(s, VarId(i as u32));
                    }
                    Some(t)
                }
                _ => None,
            };
            syms.push(t);
        }
        VarSyms { syms, back }
    }

    pub fn get(&self, v: VarId) -> Term {
        self.syms[v.index()].clone().unwrap_or_else(Term::ff)
    }

    /// The symbol of an integer variable; `None` for pointers and booleans, which have none,
    /// and for a register added to the program after these symbols were made (a ghost).
    pub fn try_get(&self, v: VarId) -> Option<Term> {
        self.syms.get(v.index()).cloned().flatten()
    }

    /// The variable a symbol stands for, if it is one of the variables' symbols.
    pub fn var_of(&self, s: SymId) -> Option<VarId> {
        self.back.get(&s).copied()
    }

    /// The formula of an expression over the program variables.
    pub fn formula(&self, e: &Expr) -> Term {
        term_of(e, &|v| self.get(v)).unwrap_or_else(|_| Term::ff())
    }

    /// `phi[e_i / x_i]` for all pairs at once.
    pub fn subst(&self, phi: &Term, pairs: &[(VarId, Term)]) -> Term {
        if pairs.is_empty() || phi.is_const() {
            return phi.clone();
        }
        let mut map = HashMap::new();
        for (v, t) in pairs {
            if let Some(s) = self.get(*v).as_var() {
                map.insert(s, t.clone());
            }
        }
        phi.substitute(&map)
    }

    /// Whether the formula mentions the variable.
    pub fn mentions(&self, phi: &Term, v: VarId) -> bool {
        match self.get(v).as_var() {
            Some(s) => !phi.is_const() && phi.free_symbols().contains(&s),
            None => false,
        }
    }

    /// The formula instantiated in a store: every program-variable symbol replaced by the
    /// variable's term. Other symbols (quantified ones) stay.
    pub fn instantiate(&self, phi: &Term, store: &[Term]) -> Term {
        if phi.is_const() {
            return phi.clone();
        }
        let mut map = HashMap::new();
        for s in phi.free_symbols() {
            if let Some(v) = self.back.get(&s) {
                map.insert(s, store[v.index()].clone());
            }
        }
        phi.substitute(&map)
    }
}
