//! Calls: user functions, and the functions kappa knows without a body — the SV-COMP interface
//! (`__VERIFIER_nondet_*`, `__VERIFIER_assume`, `reach_error`, …), assertions, `abort`/`exit`,
//! memory allocation and output.

use super::expr::{MemPlace, Value};
use super::{Lowerer, Sym};
use crate::diag::Result;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};

/// The return type of `__VERIFIER_nondet_<suffix>` when the program does not declare it.
fn nondet_type(suffix: &str) -> Option<CType> {
    use IntRank::*;
    let t = |rank, signed| CType::Int { rank, signed };
    Some(match suffix {
        "bool" | "_Bool" => CType::BOOL,
        "char" | "schar" => t(Char, true),
        "uchar" | "u8" | "unsigned_char" => t(Char, false),
        "short" | "sshort" | "s16" => t(Short, true),
        "ushort" | "u16" | "unsigned_short" => t(Short, false),
        "int" | "s32" | "i32" => t(Int, true),
        "uint" | "unsigned" | "u32" | "unsigned_int" => t(Int, false),
        "long" | "slong" => t(Long, true),
        "ulong" | "unsigned_long" | "size_t" | "sector_t" => t(Long, false),
        "longlong" | "s64" | "i64" | "loff_t" => t(LongLong, true),
        "ulonglong" | "u64" | "unsigned_long_long" => t(LongLong, false),
        "pchar" | "pointer" => return None,
        _ => return None,
    })
}

/// Functions whose meaning kappa fixes whatever the program says about them.
fn is_verifier_builtin(name: &str) -> bool {
    name == "reach_error"
        || name == "__VERIFIER_error"
        || name == "__VERIFIER_assume"
        || name.starts_with("__VERIFIER_nondet_")
}

impl<'a> Lowerer<'a> {
    pub(crate) fn call(&mut self, c: &'a Node<CallExpression>, span: &LSpan) -> Result<Value> {
        let Expression::Identifier(id) = &c.node.callee.node else {
            return self.indirect_call(&c.node.callee, &c.node.arguments, span);
        };
        let name = id.node.name.as_str();
        // A global function pointer whose initialiser cannot be lowered (`void (*quit)(int) =
        // exit;`) says why, rather than looking undeclared.
        let sym = self.lookup_checked(name).map_err(|d| d.at(Some(self.sm.pos(c.node.callee.span.start))))?;
        let func = match sym {
            Some(Sym::Func(i)) => Some(i),
            Some(Sym::Reg { ty, .. } | Sym::Obj { ty, .. }) if matches!(ty.pointee(), Some(CType::Function(_))) => {
                return self.indirect_call(&c.node.callee, &c.node.arguments, span);
            }
            Some(_) => return Err(self.error(&c.node.callee.span, format!("called object `{name}` is not a function"))),
            None => None,
        };
        let has_body = func.is_some_and(|i| self.funcs[i].def.is_some());
        if is_verifier_builtin(name) || !has_body {
            if let Some(v) = self.builtin(name, func, &c.node.arguments, span)? {
                return Ok(v);
            }
            match func {
                None => {
                    return Err(self.error(
                        &c.node.callee.span,
                        format!(
                            "call to undeclared function `{name}` (declared nowhere, defined nowhere, and not \
                             a C library function kappa models)"
                        ),
                    ))
                }
                Some(i) if self.externs.contains(name) => return self.user_call(i, &c.node.arguments, span),
                // Several files are a whole program: what none defines is the linker's error.
                Some(_) if self.multi_unit => {
                    return Err(self.error(
                        &c.node.callee.span,
                        format!(
                            "undefined reference to `{name}` (no body in any of the program's files, and not a C \
                             library function kappa models)"
                        ),
                    ))
                }
                Some(_) => {
                    return Err(self.unsupported(&c.node.callee.span, format!("call to `{name}`, which has no body")))
                }
            }
        }
        let i = func.unwrap_or_default();
        self.user_call(i, &c.node.arguments, span)
    }

    fn user_call(&mut self, i: usize, args: &'a [Node<Expression>], span: &LSpan) -> Result<Value> {
        let sp = self.span(span);
        let ft = self.funcs[i].ty.clone();
        let name = self.funcs[i].name.clone();
        if !ft.unprototyped && (args.len() < ft.params.len() || (args.len() > ft.params.len() && !ft.variadic)) {
            return Err(self.error(
                span,
                format!("function `{name}` expects {} argument(s), {} given", ft.params.len(), args.len()),
            ));
        }
        if ft.unprototyped && args.len() != ft.params.len() && !ft.params.is_empty() {
            return Err(self.error(
                span,
                format!("function `{name}` expects {} argument(s), {} given", ft.params.len(), args.len()),
            ));
        }
        let mut vals: Vec<Expr> = Vec::new();
        // A struct result goes to a temporary the callee writes through a hidden pointer.
        let sret = if let CType::Struct(_) = ft.ret {
            let size = self.size_of(&ft.ret);
            let obj = self.new_slot("$ret", ft.ret.clone(), size, sp);
            let pw = self.dm.ptr_bits();
            self.fcx.b.step(
                Op::Alloc {
                    target: AllocTarget::Slot(obj),
                    region: Region::Stack,
                    size: Expr::uint(size.unwrap_or(0), pw),
                    init: AllocInit::Nondet,
                },
                sp,
            );
            vals.push(Expr::AddrOf(obj));
            Some(obj)
        } else {
            None
        };
        self.call_args(&ft, args, &mut vals)?;
        let id = self.func_id(i);
        if let Some(obj) = sret {
            self.fcx.b.step(Op::Call { dst: None, func: id, args: vals }, sp);
            return Ok(Value::Agg(MemPlace {
                bits: None,
                root: Some(obj),
                addr: Expr::AddrOf(obj),
                ty: ft.ret.clone(),
                base: None,
                checks: Vec::new(),
                span: *span,
            }));
        }
        match &ft.ret {
            CType::Void => {
                self.fcx.b.step(Op::Call { dst: None, func: id, args: vals }, sp);
                Ok(Value::Void)
            }
            CType::Float(_) => Err(self.unsupported(span, format!("`{name}` returns a floating-point value"))),
            t => {
                let dst = self.temp(t.clone());
                self.fcx.b.step(Op::Call { dst: Some(dst), func: id, args: vals }, sp);
                Ok(Value::Scalar(Expr::Var(dst), t.clone()))
            }
        }
    }

    /// A call through a function pointer (`fp(x)`, `(*fp)(x)`, `ops->open(x)`, `table[i](x)`),
    /// lowered as CBMC removes function pointers: the pointer is compared with the address of
    /// every function of a compatible type whose address the program takes, and each match
    /// calls that function directly; null is a null dereference, anything else an invalid one.
    /// The backends see only direct calls, so every technique (templates, summaries, slicing
    /// of calls) applies to the targets unchanged.
    pub(crate) fn indirect_call(
        &mut self,
        callee: &'a Node<Expression>,
        args: &'a [Node<Expression>],
        span: &LSpan,
    ) -> Result<Value> {
        let sp = self.span(span);
        let (p, pty) = self.scalar(callee)?;
        let Some(CType::Function(ft)) = pty.pointee().cloned() else {
            return Err(self.error(
                &callee.span,
                format!("called object of type `{}` is not a function or function pointer", self.ty_str(&pty)),
            ));
        };
        match &ft.ret {
            CType::Struct(_) => {
                return Err(self.unsupported(span, "a call through a function pointer to a function returning a struct"))
            }
            CType::Float(_) => return Err(self.unsupported(span, "floating-point arithmetic (a returned value)")),
            _ => {}
        }
        if !ft.unprototyped && (args.len() < ft.params.len() || (args.len() > ft.params.len() && !ft.variadic)) {
            return Err(self.error(
                span,
                format!("the function pointer's type expects {} argument(s), {} given", ft.params.len(), args.len()),
            ));
        }
        self.indirect_calls = true;
        // The pointer is kept in a temporary before the arguments, whose effects may change it.
        let p = self.materialize(p, &pty, sp);
        let mut vals = Vec::new();
        self.call_args(&ft, args, &mut vals)?;
        let targets: Vec<usize> = self
            .fn_addr_hint
            .iter()
            .chain(self.fn_objs.keys())
            .copied()
            .collect::<std::collections::BTreeSet<usize>>()
            .into_iter()
            .filter(|&i| self.callable_through(&ft, &self.funcs[i].ty, args.len()))
            .collect();
        let what = format!("`{}`", self.snippet(&callee.span));
        self.check(
            Expr::bin(BinOp::Eq, p.clone(), Expr::Null),
            ErrorKind::NullDeref,
            format!("call through {what}, a null function pointer"),
            sp,
        );
        let dst = match &ft.ret {
            CType::Void => None,
            t => Some(self.temp(t.clone())),
        };
        let join = self.fcx.b.fresh();
        for i in targets {
            let obj = self.fn_addr(i);
            let (hit, miss) = (self.fcx.b.fresh(), self.fcx.b.fresh());
            self.fcx.b.branch(Expr::bin(BinOp::Eq, p.clone(), Expr::AddrOf(obj)), hit, miss, sp);
            self.fcx.b.cur = hit;
            let func = self.func_id(i);
            self.fcx.b.step(Op::Call { dst, func, args: vals.clone() }, sp);
            self.fcx.b.jump(join, sp);
            self.fcx.b.cur = miss;
        }
        self.error_now(
            ErrorKind::InvalidDeref,
            format!("call through {what}, which is not the address of a function of its type"),
            sp,
        );
        self.fcx.b.cur = join;
        Ok(match dst {
            Some(v) => Value::Scalar(Expr::Var(v), ft.ret.clone()),
            None => Value::Void,
        })
    }

    /// Whether a function of type `f` may be called through a pointer of type `p` with `n`
    /// arguments: the same number of parameters and the same machine types (C calls through an
    /// incompatible type undefined; code that passes `struct x *` for `void *` is common, and is
    /// the same call on every ABI kappa models).
    fn callable_through(&self, p: &FuncType, f: &FuncType, n: usize) -> bool {
        let same = |a: &CType, b: &CType| match (a, b) {
            (CType::Void, CType::Void) => true,
            (CType::Struct(_), _) | (_, CType::Struct(_)) => a == b,
            _ => a.ir_ty(self.dm).is_some() && a.ir_ty(self.dm) == b.ir_ty(self.dm),
        };
        if !same(&p.ret, &f.ret) || p.variadic != f.variadic {
            return false;
        }
        if p.unprototyped || f.unprototyped {
            return f.params.is_empty() && f.unprototyped || f.params.len() == n;
        }
        p.params.len() == f.params.len() && p.params.iter().zip(&f.params).all(|(a, b)| same(a, b))
    }

    /// The arguments of a call, evaluated left to right and converted as the prototype `ft`
    /// says (the default promotions past its parameters); appended to `vals`.
    fn call_args(&mut self, ft: &FuncType, args: &'a [Node<Expression>], vals: &mut Vec<Expr>) -> Result<()> {
        for (k, a) in args.iter().enumerate() {
            let v = self.expr(a)?;
            let later_effects = args[k + 1..].iter().any(|x| super::expr::has_side_effects(&x.node));
            let x = match (v, ft.params.get(k)) {
                (Value::Agg(mp), Some(CType::Struct(_))) => {
                    let size = self.size_of(&mp.ty).unwrap_or(0);
                    self.access_checks(&mp, size, false);
                    mp.addr
                }
                (Value::Scalar(x, t), Some(pt)) => {
                    let pt = pt.clone();
                    self.assign_convert(x, &t, &pt, &a.span)?
                }
                (Value::Scalar(x, t), None) => {
                    if let CType::Float(_) = t {
                        return Err(self.unsupported(&a.span, "floating-point arithmetic"));
                    }
                    let pt = self.promote(&t);
                    self.convert(x, &t, &pt)
                }
                (v, _) => {
                    return Err(self.error(&a.span, format!("invalid argument of type `{}`", self.ty_str(&v.ty()))))
                }
            };
            let x = if later_effects {
                let ty = self.prog.expr_ty(&x);
                let ct = match ty {
                    Ty::Ptr => CType::ptr_to(CType::Void),
                    Ty::Int(w) => int_ctype(w),
                    Ty::Bool => CType::INT,
                };
                let sp = self.span(&a.span);
                self.materialize(x, &ct, sp)
            } else {
                x
            };
            vals.push(x);
        }
        Ok(())
    }

    pub(crate) fn int_args(
        &mut self,
        args: &'a [Node<Expression>],
        n: usize,
        name: &str,
        span: &LSpan,
    ) -> Result<Vec<(Expr, CType)>> {
        if args.len() != n {
            return Err(self.error(span, format!("`{name}` expects {n} argument(s), {} given", args.len())));
        }
        let mut out: Vec<(Expr, CType)> = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let (x, t) = self.scalar(a)?;
            let later = args[k + 1..].iter().any(|x| super::expr::has_side_effects(&x.node));
            let sp = self.span(&a.span);
            let x = if later { self.materialize(x, &t, sp) } else { x };
            out.push((x, t));
        }
        Ok(out)
    }

    /// An arbitrary byte read as a `_Bool` is C's conversion of it: 0 or 1. Other types pass.
    pub(crate) fn normalize_bool(&mut self, v: VarId, ty: &CType, sp: Span) -> Expr {
        if !matches!(ty, CType::Int { rank: IntRank::Bool, .. }) {
            return Expr::Var(v);
        }
        let b = self.temp(ty.clone());
        let value = Expr::ite(Expr::bin(BinOp::Ne, Expr::Var(v), Expr::uint(0, 8)), Expr::uint(1, 8), Expr::uint(0, 8));
        self.fcx.b.step(Op::Assign { dst: b, value }, sp);
        Expr::Var(b)
    }

    /// `__VERIFIER_assume(a && b)` is `assume(a); assume(b)`: a path on which `a` fails ends
    /// there, so `b` need not be guarded.
    fn assume(&mut self, e: &'a Node<Expression>, sp: Span) -> Result<()> {
        if let Expression::BinaryOperator(b) = &e.node {
            if matches!(b.node.operator.node, BinaryOperator::LogicalAnd) {
                self.assume(&b.node.lhs, sp)?;
                return self.assume(&b.node.rhs, sp);
            }
        }
        let c = super::expr::fold_or(self.bool_of(e)?);
        if self.no_eval == 0 && c != Expr::Bool(true) {
            self.fcx.b.step(Op::Assume(c), sp);
        }
        Ok(())
    }

    /// Lowers a call to a function kappa models; `None` if `name` is not one of them.
    fn builtin(
        &mut self,
        name: &str,
        func: Option<usize>,
        args: &'a [Node<Expression>],
        span: &LSpan,
    ) -> Result<Option<Value>> {
        let sp = self.span(span);
        let pw = self.dm.ptr_bits();
        let size_t = self.size_t();
        if let Some(suffix) = name.strip_prefix("__VERIFIER_nondet_") {
            let declared = func
                .map(|i| self.funcs[i].ty.ret.clone())
                .filter(|t| !matches!(t, CType::Int { rank: IntRank::Int, signed: true }) || suffix == "int");
            let ty = match declared.or_else(|| nondet_type(suffix)) {
                Some(CType::Float(_)) => return Err(self.unsupported(span, format!("floating-point input `{name}`"))),
                Some(t @ (CType::Int { .. } | CType::Pointer(_))) => t,
                Some(_) | None => {
                    return Err(self.unsupported(span, format!("nondeterministic input of unknown type `{name}`")))
                }
            };
            if let CType::Pointer(_) = ty {
                return Err(self.unsupported(span, format!("nondeterministic pointers (`{name}`)")));
            }
            for a in args {
                self.expr(a)?;
            }
            let dst = self.temp(ty.clone());
            self.fcx.b.step(Op::Nondet { dst, origin: NondetOrigin::Call { name: name.to_string() } }, sp);
            let dst = self.normalize_bool(dst, &ty, sp);
            return Ok(Some(Value::Scalar(dst, ty)));
        }
        let v = match name {
            "reach_error" | "__VERIFIER_error" => {
                for a in args {
                    self.expr(a)?;
                }
                self.error_now(ErrorKind::ReachError, format!("{name}() is called"), sp);
                Value::Void
            }
            "__VERIFIER_assume" => {
                let [a] = args else { return Err(self.error(span, "`__VERIFIER_assume` expects 1 argument")) };
                self.assume(a, sp)?;
                Value::Void
            }
            "__assert_fail" | "__assert_rtn" | "__assert" | "_assert" | "__assert_perror_fail" => {
                let text = match args.first().map(|a| &a.node) {
                    Some(Expression::StringLiteral(s)) => {
                        let b = self.string_bytes(&s.node, span)?;
                        String::from_utf8_lossy(&b[..b.len().saturating_sub(1)]).into_owned()
                    }
                    _ => String::new(),
                };
                for a in args {
                    self.expr(a)?;
                }
                let msg =
                    if text.is_empty() { "assertion failed".to_string() } else { format!("assertion `{text}` failed") };
                self.error_now(ErrorKind::Assert, msg, sp);
                Value::Void
            }
            "assert" | "__VERIFIER_assert" => {
                let [a] = args else { return Err(self.error(span, format!("`{name}` expects 1 argument"))) };
                let c = self.bool_of(a)?;
                let (kind, msg) = if name == "assert" {
                    (ErrorKind::Assert, format!("assertion `{}` failed", self.snippet(&a.span)))
                } else {
                    (ErrorKind::ReachError, format!("__VERIFIER_assert({}) fails", self.snippet(&a.span)))
                };
                self.check(c.negate(), kind, msg, sp);
                Value::Void
            }
            "abort" | "__builtin_abort" | "__builtin_trap" => {
                if self.no_eval == 0 {
                    let halt = self.fcx.b.new_loc(LocKind::Halt, sp);
                    self.fcx.b.edge_to(halt, Op::Halt { kind: HaltKind::Abort, code: None }, sp);
                    self.fcx.b.cur = self.fcx.b.fresh();
                }
                Value::Void
            }
            // quick_exit (C11 7.22.4.7) runs the handlers of at_quick_exit, not atexit's, and
            // ends the program as _Exit does.
            "exit" | "_exit" | "_Exit" | "quick_exit" => {
                let v = self.int_args(args, 1, name, span)?;
                let (x, t) = v.into_iter().next().unwrap_or((Expr::int(0, 32), CType::INT));
                let mut code = self.convert(x, &t, &CType::INT);
                if self.no_eval == 0 && (name == "exit" || name == "quick_exit") && !self.atexit_handlers.is_empty() {
                    code = self.materialize(code, &CType::INT, sp);
                    if name == "exit" {
                        self.run_atexit(sp)?;
                    } else {
                        let run = self.lookup_func(crate::implicit::QUICK_EXIT_RUN)?;
                        self.fcx.b.step(Op::Call { dst: None, func: run, args: Vec::new() }, sp);
                    }
                }
                if self.no_eval == 0 {
                    let halt = self.fcx.b.new_loc(LocKind::Halt, sp);
                    self.fcx.b.edge_to(halt, Op::Halt { kind: HaltKind::Exit, code: Some(code) }, sp);
                    self.fcx.b.cur = self.fcx.b.fresh();
                }
                Value::Void
            }
            "malloc" | "alloca" | "__builtin_alloca" | "calloc" => {
                let mut overflow = Expr::Bool(false);
                let size = if name == "calloc" {
                    let v = self.int_args(args, 2, name, span)?;
                    let n = self.convert(v[0].0.clone(), &v[0].1, &size_t);
                    let m = self.convert(v[1].0.clone(), &v[1].1, &size_t);
                    overflow = product_overflows(&n, &m, self.dm.ptr_bits());
                    super::expr::fold_or(Expr::bin(BinOp::Mul, n, m))
                } else {
                    let v = self.int_args(args, 1, name, span)?;
                    self.convert(v[0].0.clone(), &v[0].1, &size_t)
                };
                let dst = self.temp(CType::ptr_to(CType::Void));
                let region = if name.contains("alloca") { Region::Stack } else { Region::Heap };
                let init = if name == "calloc" { AllocInit::Zero } else { AllocInit::Nondet };
                let alloc = Op::Alloc { target: AllocTarget::Fresh(dst), region, size, init };
                match overflow {
                    Expr::Bool(false) => self.fcx.b.step(alloc, sp),
                    // calloc(n, m) with n·m beyond SIZE_MAX returns NULL (C11 7.22.3.2; glibc).
                    Expr::Bool(true) => self.fcx.b.step(Op::Assign { dst, value: Expr::Null }, sp),
                    c => {
                        let (null, ok, done) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
                        self.fcx.b.branch(c, null, ok, sp);
                        self.fcx.b.cur = null;
                        self.fcx.b.step(Op::Assign { dst, value: Expr::Null }, sp);
                        self.fcx.b.jump(done, sp);
                        self.fcx.b.cur = ok;
                        self.fcx.b.step(alloc, sp);
                        self.fcx.b.join(done, sp);
                    }
                }
                Value::Scalar(Expr::Var(dst), CType::ptr_to(CType::Void))
            }
            // C11 7.22.3.5: the bytes of the new block past the old one's size are indeterminate.
            // The block is allocated here, at the program's call, as malloc's (its bytes are the
            // call site's inputs, which replay feeds); the library's `__kappa_realloc_into`
            // copies the old bytes into it and frees the old block (or it, for `n == 0`).
            "realloc" if self.file_scope_sym(crate::implicit::REALLOC_INTO).is_some() => {
                let v = self.int_args(args, 2, name, span)?;
                if !v[0].1.is_pointer() {
                    return Err(self.error(&args[0].span, "`realloc` of a value that is not a pointer"));
                }
                let p = self.materialize(v[0].0.clone(), &v[0].1, sp);
                let n = self.convert(v[1].0.clone(), &v[1].1, &size_t);
                let n = self.materialize(n, &size_t, sp);
                let into = self.lookup_func(crate::implicit::REALLOC_INTO)?;
                let block = self.temp(CType::ptr_to(CType::Void));
                let dst = self.temp(CType::ptr_to(CType::Void));
                self.fcx.b.step(
                    Op::Alloc {
                        target: AllocTarget::Fresh(block),
                        region: Region::Heap,
                        size: n.clone(),
                        init: AllocInit::Nondet,
                    },
                    sp,
                );
                self.fcx.b.step(Op::Call { dst: Some(dst), func: into, args: vec![p, n, Expr::Var(block)] }, sp);
                Value::Scalar(Expr::Var(dst), CType::ptr_to(CType::Void))
            }
            // reallocarray(p, n, m) as realloc(p, n * m) (the same indeterminate bytes); where
            // n * m overflows, the library's own (NULL, errno ENOMEM).
            "reallocarray" if func.is_some() && self.file_scope_sym(crate::implicit::REALLOC_INTO).is_some() => {
                let v = self.int_args(args, 3, name, span)?;
                if !v[0].1.is_pointer() {
                    return Err(self.error(&args[0].span, "`reallocarray` of a value that is not a pointer"));
                }
                let p = self.materialize(v[0].0.clone(), &v[0].1, sp);
                let n = self.convert(v[1].0.clone(), &v[1].1, &size_t);
                let n = self.materialize(n, &size_t, sp);
                let m = self.convert(v[2].0.clone(), &v[2].1, &size_t);
                let m = self.materialize(m, &size_t, sp);
                let into = self.lookup_func(crate::implicit::REALLOC_INTO)?;
                let library = self.func_id(func.unwrap_or_default());
                let overflow = product_overflows(&n, &m, pw);
                let size = super::expr::fold_or(Expr::bin(BinOp::Mul, n.clone(), m.clone()));
                let block = self.temp(CType::ptr_to(CType::Void));
                let dst = self.temp(CType::ptr_to(CType::Void));
                let refused = Op::Call { dst: Some(dst), func: library, args: vec![p.clone(), n, m] };
                let (bad, ok, done) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
                self.fcx.b.branch(overflow, bad, ok, sp);
                self.fcx.b.cur = bad;
                self.fcx.b.step(refused, sp);
                self.fcx.b.jump(done, sp);
                self.fcx.b.cur = ok;
                self.fcx.b.step(
                    Op::Alloc {
                        target: AllocTarget::Fresh(block),
                        region: Region::Heap,
                        size: size.clone(),
                        init: AllocInit::Nondet,
                    },
                    sp,
                );
                self.fcx.b.step(Op::Call { dst: Some(dst), func: into, args: vec![p, size, Expr::Var(block)] }, sp);
                self.fcx.b.join(done, sp);
                Value::Scalar(Expr::Var(dst), CType::ptr_to(CType::Void))
            }
            "atexit" | "at_quick_exit" => {
                let handler = match args {
                    [Node { node: Expression::Identifier(h), .. }] => h.node.name.as_str(),
                    _ => {
                        return Err(
                            self.unsupported(span, format!("`{name}` with a handler that is not a function's name"))
                        )
                    }
                };
                let k = self.atexit_handlers.iter().position(|h| h == handler).map_or(0, |k| k + 1);
                match self.lookup(handler) {
                    Some(Sym::Func(_)) if k > 0 => {}
                    _ => return Err(self.error(span, format!("`{name}` of `{handler}`, which is not a function"))),
                }
                let register = self.lookup_func(if name == "atexit" {
                    crate::implicit::ATEXIT_REGISTER
                } else {
                    crate::implicit::QUICK_EXIT_REGISTER
                })?;
                let dst = self.temp(CType::INT);
                if self.no_eval == 0 {
                    self.fcx
                        .b
                        .step(Op::Call { dst: Some(dst), func: register, args: vec![Expr::int(k as i128, 32)] }, sp);
                }
                Value::Scalar(Expr::Var(dst), CType::INT)
            }
            "free" => {
                let [a] = args else { return Err(self.error(span, "`free` expects 1 argument")) };
                let (p, t) = self.scalar(a)?;
                if !t.is_pointer() {
                    return Err(self.error(&a.span, "`free` of a value that is not a pointer"));
                }
                let p = self.materialize(p, &t, sp);
                if self.no_eval == 0 {
                    // free(NULL) does nothing; anything else must be a live heap block's start.
                    let (do_free, done) = (self.fcx.b.fresh(), self.fcx.b.fresh());
                    let is_null = Expr::bin(BinOp::Eq, p.clone(), Expr::Null);
                    self.fcx.b.branch(is_null, done, do_free, sp);
                    self.fcx.b.cur = do_free;
                    let what = self.snippet(&a.span);
                    self.check(
                        Expr::Freeable(Box::new(p.clone())).negate(),
                        ErrorKind::InvalidFree,
                        format!("invalid free of `{what}`"),
                        sp,
                    );
                    self.fcx.b.step(Op::Free { ptr: p }, sp);
                    self.fcx.b.join(done, sp);
                }
                Value::Void
            }
            "printf" | "fprintf" | "sprintf" | "snprintf"
                if self.externs.contains("__kappa_fmt_begin")
                    && args.len()
                        >= [1, 2, 2, 3][["printf", "fprintf", "sprintf", "snprintf"]
                            .iter()
                            .position(|n| *n == name)
                            .unwrap_or(0)] =>
            {
                let (dest, k) = match name {
                    "printf" => (super::format::Dest::Stdout, 0),
                    "fprintf" => {
                        let (s, _) = self.scalar(&args[0])?;
                        (super::format::Dest::Stream(s), 1)
                    }
                    "sprintf" => {
                        let (b, _) = self.scalar(&args[0])?;
                        (super::format::Dest::Buffer(b, None), 1)
                    }
                    _ => {
                        let (b, _) = self.scalar(&args[0])?;
                        let sp0 = self.span(&args[0].span);
                        let b = self.materialize(b, &CType::ptr_to(CType::CHAR), sp0);
                        let (n, t) = self.scalar(&args[1])?;
                        let n = self.convert(n, &t, &size_t);
                        (super::format::Dest::Buffer(b, Some(n)), 2)
                    }
                };
                if !matches!(args[k].node, Expression::StringLiteral(_)) && name == "printf" {
                    return self.builtin_output(name, args, span).map(Some);
                }
                self.printf_family(name, dest, &args[k], &args[k + 1..], span)?
            }
            "printf" | "puts" | "putchar" => self.builtin_output(name, args, span)?,
            "qsort" | "bsearch" if self.externs.contains("__kappa_qsort") => self.sort_call(name, args, span)?,
            _ => return self.builtin_rest(name, args, span),
        };
        let _ = pw;
        Ok(Some(v))
    }

    /// The function of the front-end's own C text (see `crate::implicit`) named `name`.
    fn lookup_func(&mut self, name: &str) -> Result<FuncId> {
        match self.lookup(name).or_else(|| self.file_scope_sym(name)) {
            Some(Sym::Func(i)) => Ok(self.func_id(i)),
            _ => Err(crate::diag::Diagnostic::error(format!("internal error: `{name}` is not defined"))),
        }
    }

    /// Runs `atexit`'s handlers, when the program registers any: at `exit` and at the return
    /// from `main`.
    pub(crate) fn run_atexit(&mut self, sp: Span) -> Result<()> {
        if self.atexit_handlers.is_empty() || self.no_eval > 0 {
            return Ok(());
        }
        let run = self.lookup_func(crate::implicit::ATEXIT_RUN)?;
        self.fcx.b.step(Op::Call { dst: None, func: run, args: Vec::new() }, sp);
        Ok(())
    }

    /// Before a `return` of `main`: the handlers of `atexit`.
    pub(crate) fn main_returns(&mut self, sp: Span) -> Result<()> {
        if self.fcx.name == "main" {
            self.run_atexit(sp)?;
        }
        Ok(())
    }

    /// `qsort(base, n, size, cmp)` and `bsearch(key, base, n, size, cmp)` with `cmp` a function
    /// of the program: a call of the library model specialised to `cmp` (`__kappa_qsort@cmp`).
    fn sort_call(&mut self, name: &str, args: &'a [Node<Expression>], span: &LSpan) -> Result<Value> {
        let n = if name == "qsort" { 4 } else { 5 };
        if args.len() != n {
            return Err(self.error(span, format!("`{name}` expects {n} arguments, {} given", args.len())));
        }
        let cmp = &args[n - 1];
        let ident = match &cmp.node {
            Expression::Identifier(id) => Some(id.node.name.clone()),
            Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Address) => {
                match &u.node.operand.node {
                    Expression::Identifier(id) => Some(id.node.name.clone()),
                    _ => None,
                }
            }
            _ => None,
        };
        let func = ident.as_ref().and_then(|c| match self.lookup(c) {
            Some(Sym::Func(i)) if self.funcs[i].def.is_some() => Some(i),
            _ => None,
        });
        let (Some(cname), Some(ci)) = (ident, func) else {
            return Err(self.unsupported(
                &cmp.span,
                format!("`{name}` with a comparator that is not a function defined in the program (function pointers)"),
            ));
        };
        let ft = self.funcs[ci].ty.clone();
        if ft.params.len() != 2 || !ft.params.iter().all(|p| p.is_pointer()) || !ft.ret.is_integer() {
            return Err(
                self.error(&cmp.span, format!("`{cname}` is not a comparator: int (const void *, const void *)"))
            );
        }
        self.func_id(ci);
        let size_t = self.size_t();
        let vp = CType::ptr_to(CType::Void);
        let mut vals = Vec::new();
        let mut params = Vec::new();
        for (k, a) in args[..n - 1].iter().enumerate() {
            let (x, t) = self.scalar(a)?;
            let want =
                if (name == "qsort" && k == 0) || (name == "bsearch" && k < 2) { vp.clone() } else { size_t.clone() };
            let x = self.assign_convert(x, &t, &want, &a.span)?;
            let sp = self.span(&a.span);
            vals.push(self.materialize(x, &want, sp));
            params.push(want);
        }
        let (model, ret) =
            if name == "qsort" { ("__kappa_qsort", CType::Void) } else { ("__kappa_bsearch", vp.clone()) };
        let dst = self.library_call(&format!("{model}@{cname}"), ret.clone(), params, vals, span)?;
        Ok(match dst {
            Some(d) => Value::Scalar(Expr::Var(d), ret),
            None => Value::Void,
        })
    }

    /// `printf` (with a format that is not a literal), `puts`, `putchar`: kappa's output operation.
    fn builtin_output(&mut self, name: &str, args: &'a [Node<Expression>], span: &LSpan) -> Result<Value> {
        let sp = self.span(span);
        let v = match name {
            "printf" | "puts" | "putchar" => {
                let kind = match name {
                    "printf" => OutputKind::Printf,
                    "puts" => OutputKind::Puts,
                    _ => OutputKind::Putchar,
                };
                if args.is_empty() {
                    return Err(self.error(span, format!("`{name}` expects arguments")));
                }
                let mut vals = Vec::new();
                for (k, a) in args.iter().enumerate() {
                    let (x, t) = self.scalar(a)?;
                    let later = args[k + 1..].iter().any(|x| super::expr::has_side_effects(&x.node));
                    let pt = self.promote(&t);
                    let x = self.convert(x, &t, &pt);
                    let x = if later { self.materialize(x, &pt, sp) } else { x };
                    vals.push(x);
                }
                let dst = self.temp(CType::INT);
                self.fcx.b.step(Op::Output { kind, args: vals, dst: Some(dst) }, sp);
                Value::Scalar(Expr::Var(dst), CType::INT)
            }
            _ => Value::Void,
        };
        Ok(v)
    }

    fn builtin_rest(&mut self, name: &str, args: &'a [Node<Expression>], span: &LSpan) -> Result<Option<Value>> {
        let sp = self.span(span);
        let size_t = self.size_t();
        let v = match name {
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                let Some(first) = args.first() else {
                    return Err(self.error(span, "`__builtin_expect` expects arguments"));
                };
                let v = self.expr(first)?;
                for a in &args[1..] {
                    self.expr(a)?;
                }
                v
            }
            // The C library model's view of an object's bounds (realloc copies the old block).
            "__kappa_in_bounds" => {
                let v = self.int_args(args, 2, name, span)?;
                let (p, n) = (v[0].0.clone(), self.convert(v[1].0.clone(), &v[1].1, &size_t));
                let b = Expr::InBounds(Box::new(p), Box::new(n));
                Value::Scalar(Expr::ite(b, Expr::int(1, 32), Expr::int(0, 32)), CType::INT)
            }
            // The C library model's branch-free choice between two sizes (`strchr`'s first match
            // of a symbolic character): one ite-term, where `?:` would fork a path per arm.
            "__kappa_select" => {
                let v = self.int_args(args, 3, name, span)?;
                let c = self.truth(v[0].0.clone(), &v[0].1);
                let a = self.convert(v[1].0.clone(), &v[1].1, &size_t);
                let b = self.convert(v[2].0.clone(), &v[2].1, &size_t);
                Value::Scalar(Expr::ite(c, a, b), size_t.clone())
            }
            // The C library model's copy of `n` bytes it has just read and written through
            // checked accesses (so none here), with the pointers they hold: a byte loop copies
            // a pointer's bytes, not the pointer (memcpy, memmove, realloc, qsort).
            "__kappa_memcopy" => {
                let v = self.int_args(args, 3, name, span)?;
                let n = self.convert(v[2].0.clone(), &v[2].1, &size_t);
                if self.no_eval == 0 {
                    self.fcx.b.step(Op::MemCopy { dst: v[0].0.clone(), src: v[1].0.clone(), size: n }, sp);
                }
                Value::Void
            }
            _ if super::checked::checked_op(name).is_some() => {
                let k = super::checked::checked_op(name).unwrap_or_else(|| unreachable!());
                self.checked_arith(name, k, args, span)?
            }
            "__builtin_unreachable" => {
                if self.no_eval == 0 {
                    self.fcx.b.step(Op::Assume(Expr::Bool(false)), sp);
                }
                Value::Void
            }
            _ => return Ok(None),
        };
        Ok(Some(v))
    }
}

/// A C integer type of the given width, for temporaries of computed values.
fn int_ctype(w: u32) -> CType {
    match w {
        8 => CType::Int { rank: IntRank::Char, signed: true },
        16 => CType::Int { rank: IntRank::Short, signed: true },
        32 => CType::INT,
        _ => CType::Int { rank: IntRank::LongLong, signed: true },
    }
}

/// Whether `n · m` overflows `w`-bit unsigned arithmetic: `m != 0 && n > MAX / m`, folded when
/// both are constants (the usual `calloc(k, sizeof(T))`).
fn product_overflows(n: &Expr, m: &Expr, w: u32) -> Expr {
    let max = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    match (n, m) {
        (Expr::Int { bits: a, .. }, Expr::Int { bits: b, .. }) => Expr::Bool(*b != 0 && *a > max / *b),
        (_, Expr::Int { bits: 0, .. }) | (Expr::Int { bits: 0, .. }, _) => Expr::Bool(false),
        (_, Expr::Int { bits: b, .. }) => Expr::bin(BinOp::Ugt, n.clone(), Expr::uint(max / b, w)),
        (Expr::Int { bits: a, .. }, _) => Expr::bin(BinOp::Ugt, m.clone(), Expr::uint(max / a, w)),
        _ => {
            // The divisor is 1 where m = 0 (no division by zero; the conjunct is false there).
            let m_zero = Expr::bin(BinOp::Eq, m.clone(), Expr::uint(0, w));
            let divisor = Expr::ite(m_zero.clone(), Expr::uint(1, w), m.clone());
            let limit = Expr::bin(BinOp::UDiv, Expr::uint(max, w), divisor);
            m_zero.negate().and(Expr::bin(BinOp::Ugt, n.clone(), limit))
        }
    }
}
