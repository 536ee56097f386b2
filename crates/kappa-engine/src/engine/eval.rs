//! Values of IR expressions in a state.

use super::*;

impl<'p> Engine<'p> {
    // ---- expressions ----

    pub(crate) fn reg(&self, st: &State, v: VarId) -> Result<SVal, String> {
        let idx = self.info.var_index[v.index()];
        let val = if self.prog.var(v).kind == VarKind::Global { st.globals.get(idx) } else { st.frame().regs.get(idx) };
        val.cloned().flatten().ok_or_else(|| format!("variable `{}` read before it is written", self.prog.var(v).name))
    }

    pub(crate) fn eval_int(&self, st: &State, e: &Expr) -> Result<Term, String> {
        match self.eval(st, e)? {
            SVal::Int(t) => Ok(t),
            _ => Err("integer expected".into()),
        }
    }

    pub(crate) fn eval_ptr(&self, st: &State, e: &Expr) -> Result<Pointer, String> {
        match self.eval(st, e)? {
            SVal::Ptr(p) => Ok(p),
            _ => Err("pointer expected".into()),
        }
    }

    pub(crate) fn eval_bool(&self, st: &State, e: &Expr) -> Result<Term, String> {
        match self.eval(st, e)? {
            SVal::Bool(t) => Ok(t),
            _ => Err("boolean expected".into()),
        }
    }

    pub(crate) fn eval(&self, st: &State, e: &Expr) -> Result<SVal, String> {
        let pw = self.pw();
        Ok(match e {
            Expr::Int { bits, width } => SVal::Int(Term::bv(*bits, *width)),
            Expr::Bool(b) => SVal::Bool(Term::bool(*b)),
            Expr::Var(v) => self.reg(st, *v)?,
            Expr::Null => SVal::Ptr(Pointer::null(pw)),
            Expr::AddrOf(o) => {
                let id = match &self.prog.obj(*o).kind {
                    ObjKind::Local(_) => *st
                        .frame()
                        .slots
                        .get(o)
                        .ok_or_else(|| format!("`{}` used before its declaration", self.prog.obj(*o).name))?,
                    _ => self.global_obj(*o)?,
                };
                SVal::Ptr(Pointer::to_obj(id, pw))
            }
            Expr::Un(op, a) => match (op, self.eval(st, a)?) {
                (UnOp::Neg, SVal::Int(t)) => SVal::Int(t.bvneg()),
                (UnOp::BitNot, SVal::Int(t)) => SVal::Int(t.bvnot()),
                (UnOp::Not, SVal::Bool(t)) => SVal::Bool(t.not()),
                _ => return Err("ill-typed unary operation".into()),
            },
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.eval(st, a)?, self.eval(st, b)?);
                bin(*op, &x, &y)?
            }
            Expr::Cast(op, w, a) => {
                let t = self.eval_int(st, a)?;
                SVal::Int(match op {
                    CastOp::ZExt => t.zext(*w),
                    CastOp::SExt => t.sext(*w),
                    CastOp::Trunc => t.extract(w - 1, 0),
                })
            }
            Expr::Ite(c, a, b) => {
                let c = self.eval_bool(st, c)?;
                if let Some(v) = c.as_bool() {
                    return self.eval(st, if v { a } else { b });
                }
                let (x, y) = (self.eval(st, a)?, self.eval(st, b)?);
                SVal::ite(&c, &x, &y).ok_or("ill-typed if-then-else")?
            }
            Expr::PtrAdd(p, o) => {
                let p = self.eval_ptr(st, p)?;
                let o = self.eval_int(st, o)?;
                SVal::Ptr(p.add(&o))
            }
            Expr::PtrDiff(p, q) => {
                let (p, q) = (self.eval_ptr(st, p)?, self.eval_ptr(st, q)?);
                SVal::Int(p.off.bvsub(&q.off))
            }
            Expr::Live(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, _| o.live.clone())?)
            }
            Expr::InBounds(p, n) => {
                let p = self.eval_ptr(st, p)?;
                let n = self.eval_int(st, n)?;
                SVal::Bool(self.over_objects(st, &p, |o, off| {
                    // off + n <= size, without overflow: n <= size and off <= size - n.
                    n.bvule(&o.size).and(&off.bvule(&o.size.bvsub(&n)))
                })?)
            }
            Expr::Writable(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, _| Term::bool(!o.readonly))?)
            }
            Expr::Freeable(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, off| {
                    o.live.and(&Term::bool(o.freeable)).and(&off.eq(&Term::bv(0, off.width())))
                })?)
            }
        })
    }
}

/// Binary operations on symbolic values, as the interpreter defines them.
fn bin(op: BinOp, x: &SVal, y: &SVal) -> Result<SVal, String> {
    use BinOp::*;
    Ok(match (x, y) {
        (SVal::Int(a), SVal::Int(b)) => match op {
            Add => SVal::Int(a.bvadd(b)),
            Sub => SVal::Int(a.bvsub(b)),
            Mul => SVal::Int(a.bvmul(b)),
            UDiv => SVal::Int(a.bvudiv(b)),
            SDiv => SVal::Int(a.bvsdiv(b)),
            URem => SVal::Int(a.bvurem(b)),
            SRem => SVal::Int(a.bvsrem(b)),
            Shl => SVal::Int(a.bvshl(b)),
            LShr => SVal::Int(a.bvlshr(b)),
            AShr => SVal::Int(a.bvashr(b)),
            And => SVal::Int(a.bvand(b)),
            Or => SVal::Int(a.bvor(b)),
            Xor => SVal::Int(a.bvxor(b)),
            Eq => SVal::Bool(a.eq(b)),
            Ne => SVal::Bool(a.ne(b)),
            Ult => SVal::Bool(a.bvult(b)),
            Ule => SVal::Bool(a.bvule(b)),
            Ugt => SVal::Bool(a.bvugt(b)),
            Uge => SVal::Bool(a.bvuge(b)),
            Slt => SVal::Bool(a.bvslt(b)),
            Sle => SVal::Bool(a.bvsle(b)),
            Sgt => SVal::Bool(a.bvsgt(b)),
            Sge => SVal::Bool(a.bvsge(b)),
        },
        (SVal::Bool(a), SVal::Bool(b)) => SVal::Bool(match op {
            And => a.and(b),
            Or => a.or(b),
            Xor | Ne => a.eq(b).not(),
            Eq => a.eq(b),
            _ => return Err("ill-typed boolean operation".into()),
        }),
        (SVal::Ptr(p), SVal::Ptr(q)) => SVal::Bool(match op {
            Eq => p.eq(q),
            Ne => p.eq(q).not(),
            Ult => p.lt(q, false),
            Ule => p.lt(q, true),
            Ugt => q.lt(p, false),
            Uge => q.lt(p, true),
            _ => return Err("ill-typed pointer operation".into()),
        }),
        _ => return Err("ill-typed operation".into()),
    })
}
