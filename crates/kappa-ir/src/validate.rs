//! Structural and type checks of a lowered program. The front-end's tests and fuzz target run it
//! on everything they lower: an IR that fails here is a front-end bug.

use crate::expr::{BinOp, Expr, UnOp};
use crate::program::*;
use crate::types::Ty;

impl Program {
    /// Checks that every expression is well typed and every flowgraph well formed. Returns the
    /// first problem found.
    pub fn validate(&self) -> Result<(), String> {
        for g in &self.globals {
            self.check_const(&g.value).map_err(|e| format!("global {}: {e}", self.var(g.var).name))?;
        }
        for o in &self.objects {
            if let ObjKind::Global { init } = &o.kind {
                for it in init {
                    self.check_const(&it.value).map_err(|e| format!("object {}: {e}", o.name))?;
                }
            }
        }
        for f in &self.functions {
            self.validate_function(f).map_err(|e| format!("function {}: {e}", f.name))?;
        }
        Ok(())
    }

    fn check_const(&self, e: &Expr) -> Result<(), String> {
        match e {
            Expr::Int { .. } | Expr::Null | Expr::AddrOf(_) => Ok(()),
            Expr::PtrAdd(p, o) if matches!(**p, Expr::AddrOf(_)) && matches!(**o, Expr::Int { .. }) => Ok(()),
            _ => Err(format!("initialiser is not a constant: {e:?}")),
        }
    }

    fn validate_function(&self, f: &Function) -> Result<(), String> {
        let n = f.locs.len();
        if f.entry.index() >= n || f.exit.index() >= n {
            return Err("entry or exit out of range".into());
        }
        if f.loc(f.exit).kind != LocKind::Exit {
            return Err("exit location is not marked Exit".into());
        }
        if f.out.len() != n || f.inc.len() != n {
            return Err("edges not indexed".into());
        }
        for (i, e) in f.edges.iter().enumerate() {
            let ctx = |m: String| format!("edge e{i} {}->{}: {m}", e.src, e.dst);
            if e.src.index() >= n || e.dst.index() >= n {
                return Err(ctx("location out of range".into()));
            }
            if f.is_sink(e.src) {
                return Err(ctx("leaves a sink location".into()));
            }
            let into_exit = e.dst == f.exit;
            if matches!(e.op, Op::Return(_)) != into_exit {
                return Err(ctx("return edges, and only they, enter the exit".into()));
            }
            if matches!(e.op, Op::Halt { .. }) != (f.loc(e.dst).kind == LocKind::Halt) {
                return Err(ctx("halt edges, and only they, enter a halt location".into()));
            }
            self.check_op(f, &e.op).map_err(ctx)?;
        }
        Ok(())
    }

    fn check_op(&self, f: &Function, op: &Op) -> Result<(), String> {
        let own = |v: &VarId| -> Result<(), String> {
            if v.index() >= self.vars.len() {
                return Err(format!("unknown variable {v}"));
            }
            match self.var(*v).kind {
                VarKind::Global => Ok(()),
                VarKind::Param(g) | VarKind::Local(g) | VarKind::Temp(g) | VarKind::Ret(g) if g == f.id => Ok(()),
                _ => Err(format!("variable {} belongs to another function", self.var(*v).name)),
            }
        };
        let expect = |e: &Expr, want: Ty| -> Result<(), String> {
            let got = self.type_of(f, e)?;
            if got == want {
                Ok(())
            } else {
                Err(format!("expected {want}, found {got} in {e:?}"))
            }
        };
        let scalar = |e: &Expr| -> Result<Ty, String> {
            match self.type_of(f, e)? {
                Ty::Bool => Err(format!("boolean where a value is needed: {e:?}")),
                t => Ok(t),
            }
        };
        let pw = Ty::Int(self.ptr_bits());
        match op {
            Op::Skip => Ok(()),
            Op::Assume(c) => expect(c, Ty::Bool),
            Op::Assign { dst, value } => {
                own(dst)?;
                expect(value, self.var_ty(*dst))
            }
            Op::Nondet { dst, .. } => own(dst),
            Op::Load { dst, ptr } => {
                own(dst)?;
                expect(ptr, Ty::Ptr)
            }
            Op::Store { ptr, value } => {
                expect(ptr, Ty::Ptr)?;
                scalar(value).map(|_| ())
            }
            Op::MemCopy { dst, src, size } => {
                expect(dst, Ty::Ptr)?;
                expect(src, Ty::Ptr)?;
                expect(size, pw)
            }
            Op::Alloc { target, size, .. } => {
                match target {
                    AllocTarget::Slot(o) => {
                        if !f.slots.contains(o) {
                            return Err(format!("slot {} is not a slot of this function", self.obj(*o).name));
                        }
                    }
                    AllocTarget::Fresh(v) => {
                        own(v)?;
                        if self.var_ty(*v) != Ty::Ptr {
                            return Err("allocation result is not a pointer".into());
                        }
                    }
                }
                expect(size, pw)
            }
            Op::Free { ptr } => expect(ptr, Ty::Ptr),
            Op::Call { dst, func, args } => {
                let callee = self.functions.get(func.index()).ok_or("unknown function")?;
                if args.len() != callee.params.len() {
                    return Err(format!(
                        "call to {} with {} arguments, expects {}",
                        callee.name,
                        args.len(),
                        callee.params.len()
                    ));
                }
                for (a, p) in args.iter().zip(&callee.params) {
                    expect(a, self.var_ty(*p))?;
                }
                if let Some(d) = dst {
                    own(d)?;
                    let r = callee.ret.ok_or("call result of a void function used")?;
                    if self.var_ty(r) != self.var_ty(*d) {
                        return Err("call result type mismatch".into());
                    }
                }
                Ok(())
            }
            Op::Return(v) => match (v, f.ret) {
                (Some(e), Some(r)) => expect(e, self.var_ty(r)),
                (None, _) => Ok(()),
                (Some(_), None) => Err("returns a value from a void function".into()),
            },
            Op::Halt { code, .. } => match code {
                Some(c) => expect(c, Ty::Int(32)),
                None => Ok(()),
            },
            Op::Output { args, dst, .. } => {
                for a in args {
                    scalar(a)?;
                }
                if let Some(d) = dst {
                    own(d)?;
                }
                Ok(())
            }
        }
    }

    /// The type of an expression inside function `f`, checking its operands.
    pub fn type_of(&self, f: &Function, e: &Expr) -> Result<Ty, String> {
        let pb = self.ptr_bits();
        let t = |x: &Expr| self.type_of(f, x);
        Ok(match e {
            Expr::Int { bits, width } => {
                if *width == 0 || *width > 64 || (*width < 64 && bits >> width != 0) {
                    return Err(format!("bad constant {bits}:i{width}"));
                }
                Ty::Int(*width)
            }
            Expr::Bool(_) => Ty::Bool,
            Expr::Var(v) => {
                if v.index() >= self.vars.len() {
                    return Err(format!("unknown variable {v}"));
                }
                self.var_ty(*v)
            }
            Expr::Null => Ty::Ptr,
            Expr::AddrOf(o) => {
                let obj = self.objects.get(o.index()).ok_or("unknown object")?;
                if let ObjKind::Local(g) = obj.kind {
                    if g != f.id {
                        return Err(format!("address of another function's slot {}", obj.name));
                    }
                }
                Ty::Ptr
            }
            Expr::Un(op, a) => {
                let ta = t(a)?;
                match (op, ta) {
                    (UnOp::Not, Ty::Bool) => Ty::Bool,
                    (UnOp::Neg | UnOp::BitNot, Ty::Int(w)) => Ty::Int(w),
                    _ => return Err(format!("{op:?} on {ta}")),
                }
            }
            Expr::Bin(op, a, b) => {
                let (ta, tb) = (t(a)?, t(b)?);
                if ta != tb {
                    return Err(format!("{op:?} on {ta} and {tb}"));
                }
                match (op, ta) {
                    (BinOp::Eq | BinOp::Ne, _) => Ty::Bool,
                    (BinOp::Ult | BinOp::Ule | BinOp::Ugt | BinOp::Uge, Ty::Int(_) | Ty::Ptr) => Ty::Bool,
                    (BinOp::Slt | BinOp::Sle | BinOp::Sgt | BinOp::Sge, Ty::Int(_)) => Ty::Bool,
                    (BinOp::And | BinOp::Or | BinOp::Xor, Ty::Bool) => Ty::Bool,
                    (_, Ty::Int(w)) if !op.is_comparison() => Ty::Int(w),
                    _ => return Err(format!("{op:?} on {ta}")),
                }
            }
            Expr::Cast(op, w, a) => {
                let Ty::Int(from) = t(a)? else { return Err("cast of a non-integer".into()) };
                let ok = match op {
                    crate::expr::CastOp::Trunc => *w < from,
                    _ => *w > from,
                };
                if !ok || *w > 64 {
                    return Err(format!("{op:?} from i{from} to i{w}"));
                }
                Ty::Int(*w)
            }
            Expr::Ite(c, a, b) => {
                if t(c)? != Ty::Bool {
                    return Err("ite condition not boolean".into());
                }
                let (ta, tb) = (t(a)?, t(b)?);
                if ta != tb {
                    return Err(format!("ite arms {ta} and {tb}"));
                }
                ta
            }
            Expr::PtrAdd(p, o) => {
                if t(p)? != Ty::Ptr || t(o)? != Ty::Int(pb) {
                    return Err("ptradd operands".into());
                }
                Ty::Ptr
            }
            Expr::PtrDiff(p, q) => {
                if t(p)? != Ty::Ptr || t(q)? != Ty::Ptr {
                    return Err("ptrdiff operands".into());
                }
                Ty::Int(pb)
            }
            Expr::InBounds(p, n) => {
                if t(p)? != Ty::Ptr || t(n)? != Ty::Int(pb) {
                    return Err("inbounds operands".into());
                }
                Ty::Bool
            }
            Expr::Live(p) | Expr::Writable(p) | Expr::Freeable(p) => {
                if t(p)? != Ty::Ptr {
                    return Err("pointer predicate on a non-pointer".into());
                }
                Ty::Bool
            }
        })
    }
}
