//! Expressions. Each C expression becomes edges for its effects (loads, calls, checks,
//! assignments) and a pure IR expression for its value. Error checks are emitted as guarded
//! edges into error locations right before the operation they protect.

use super::fold::fold;
use super::{Lowerer, Sym};
use crate::diag::Result;
use kappa_ir::expr::to_signed;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};
use std::sync::Arc;

/// Memory designated by an lvalue.
#[derive(Clone, Debug)]
pub(crate) struct MemPlace {
    pub addr: Expr,
    pub ty: CType,
    /// The pointer this place was reached through, whose validity the access depends on; `None`
    /// for named objects, which are always live.
    pub base: Option<Expr>,
    /// Subscript checks collected on the way (`i <u n`, with the text for the message).
    pub checks: Vec<(Expr, String)>,
    /// The named object the place lies in, if known (kept when the address is saved in a
    /// temporary).
    pub root: Option<ObjId>,
    pub span: LSpan,
    /// A bit-field: the bits `shift .. shift + width` counted from the
    /// low bit of the byte at `addr` (gcc's little-endian order); `ty` is its declared type.
    pub bits: Option<BitRange>,
}

impl MemPlace {
    /// The whole of a named object.
    pub fn object(obj: ObjId, ty: CType, span: LSpan) -> MemPlace {
        MemPlace { bits: None, addr: Expr::AddrOf(obj), ty, base: None, checks: Vec::new(), root: Some(obj), span }
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct BitRange {
    pub shift: u32,
    pub width: u32,
}

impl BitRange {
    /// The bytes the field spans, which are all that an access reads or writes.
    pub fn bytes(self) -> u64 {
        (self.shift + self.width).div_ceil(8) as u64
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Place {
    Reg(VarId, CType),
    Mem(MemPlace),
}

#[derive(Clone, Debug)]
pub(crate) enum Value {
    Scalar(Expr, CType),
    /// A struct or union value, living in memory.
    Agg(MemPlace),
    Void,
}

impl Value {
    pub fn ty(&self) -> CType {
        match self {
            Value::Scalar(_, t) => t.clone(),
            Value::Agg(m) => m.ty.clone(),
            Value::Void => CType::Void,
        }
    }

    pub fn scalar(self) -> Option<(Expr, CType)> {
        match self {
            Value::Scalar(e, t) => Some((e, t)),
            _ => None,
        }
    }
}

/// Whether evaluating the expression may write a register (so that a value read before it
/// must be saved first).
pub(crate) fn has_side_effects(e: &Expression) -> bool {
    struct V(bool);
    impl<'ast> lang_c::visit::Visit<'ast> for V {
        fn visit_expression(&mut self, e: &'ast Expression, span: &'ast LSpan) {
            match e {
                // Input functions write no variable of the program.
                Expression::Call(c) if matches!(&c.node.callee.node, Expression::Identifier(id) if id.node.name.starts_with("__VERIFIER_nondet_")) =>
                    {}
                Expression::Call(_) | Expression::Statement(_) => self.0 = true,
                Expression::BinaryOperator(b)
                    if !matches!(
                        b.node.operator.node,
                        BinaryOperator::Index
                            | BinaryOperator::Multiply
                            | BinaryOperator::Divide
                            | BinaryOperator::Modulo
                            | BinaryOperator::Plus
                            | BinaryOperator::Minus
                            | BinaryOperator::ShiftLeft
                            | BinaryOperator::ShiftRight
                            | BinaryOperator::Less
                            | BinaryOperator::Greater
                            | BinaryOperator::LessOrEqual
                            | BinaryOperator::GreaterOrEqual
                            | BinaryOperator::Equals
                            | BinaryOperator::NotEquals
                            | BinaryOperator::BitwiseAnd
                            | BinaryOperator::BitwiseXor
                            | BinaryOperator::BitwiseOr
                            | BinaryOperator::LogicalAnd
                            | BinaryOperator::LogicalOr
                    ) =>
                {
                    self.0 = true
                }
                Expression::UnaryOperator(u)
                    if matches!(
                        u.node.operator.node,
                        UnaryOperator::PostIncrement
                            | UnaryOperator::PostDecrement
                            | UnaryOperator::PreIncrement
                            | UnaryOperator::PreDecrement
                    ) =>
                {
                    self.0 = true
                }
                _ => {}
            }
            if !self.0 {
                lang_c::visit::visit_expression(self, e, span);
            }
        }
    }
    let mut v = V(false);
    lang_c::visit::Visit::visit_expression(&mut v, e, &LSpan::none());
    v.0
}

/// Whether an expression reads a variable that a later effect could change (temporaries are
/// assigned once, so only named registers count).
fn reads_named(prog: &Program, e: &Expr) -> bool {
    let mut found = false;
    e.for_each_var(&mut |v| {
        if !matches!(prog.var(v).kind, VarKind::Temp(_)) {
            found = true
        }
    });
    found
}

fn is_null_constant(e: &Expr, ty: &CType) -> bool {
    matches!((e, ty), (Expr::Null, _) | (Expr::Int { bits: 0, .. }, CType::Int { .. }))
}

/// Decodes the escape sequences of a character or string literal body.
pub(crate) fn unescape(body: &str) -> std::result::Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else { return Err("trailing backslash".into()) };
        i += 1;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'e' | b'E' => out.push(27),
            b'\\' | b'\'' | b'"' | b'?' => out.push(c),
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + u32::from(b[i] - b'0');
                    i += 1;
                    n += 1;
                }
                out.push(v as u8);
            }
            b'x' => {
                let mut v: u32 = 0;
                let start = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = v.wrapping_mul(16).wrapping_add((b[i] as char).to_digit(16).unwrap_or(0));
                    i += 1;
                }
                if i == start {
                    return Err("\\x with no digits".into());
                }
                out.push(v as u8);
            }
            b'u' | b'U' => return Err("universal character names".into()),
            _ => out.push(c),
        }
    }
    Ok(out)
}

impl<'a> Lowerer<'a> {
    fn pw(&self) -> u32 {
        self.dm.ptr_bits()
    }

    /// Saves a value into a fresh temporary (unless it is already stable).
    pub(crate) fn materialize(&mut self, e: Expr, ty: &CType, span: Span) -> Expr {
        if matches!(e, Expr::Int { .. } | Expr::Null | Expr::AddrOf(_) | Expr::Bool(_)) {
            return e;
        }
        if let Expr::Var(v) = e {
            if matches!(self.prog.var(v).kind, VarKind::Temp(_)) {
                return e;
            }
        }
        let t = self.temp(ty.clone());
        self.fcx.b.step(Op::Assign { dst: t, value: e }, span);
        Expr::Var(t)
    }

    /// Keeps an earlier operand's value safe from the effects of a later one.
    fn protect(&mut self, v: Value, later: &Expression, span: Span) -> Value {
        match v {
            Value::Scalar(e, t) if has_side_effects(later) && reads_named(&self.prog, &e) => {
                let e = self.materialize(e, &t, span);
                Value::Scalar(e, t)
            }
            v => v,
        }
    }

    /// An error check: when `bad` holds, the program reaches an error location.
    pub(crate) fn check(&mut self, bad: Expr, kind: ErrorKind, message: String, span: Span) {
        let bad = super::fold::simplify(&bad);
        if bad == Expr::Bool(false) || self.no_eval > 0 {
            return;
        }
        let err = self.fcx.b.new_loc(LocKind::Error { kind, message }, span);
        let ok = self.fcx.b.fresh();
        self.fcx.b.branch(bad, err, ok, span);
        self.fcx.b.cur = ok;
    }

    /// Unconditionally reaches an error; the code after it is unreachable.
    pub(crate) fn error_now(&mut self, kind: ErrorKind, message: String, span: Span) {
        if self.no_eval > 0 {
            return;
        }
        let err = self.fcx.b.new_loc(LocKind::Error { kind, message }, span);
        self.fcx.b.jump(err, span);
    }

    // ---- entry points ----

    /// The value of an expression (arrays decay to pointers; functions are not values).
    pub(crate) fn expr(&mut self, e: &'a Node<Expression>) -> Result<Value> {
        let span = self.span(&e.span);
        match &e.node {
            Expression::Identifier(id) if matches!(self.lookup(&id.node.name), Some(Sym::EnumConst(_))) => {
                let Some(Sym::EnumConst(v)) = self.lookup(&id.node.name) else { unreachable!() };
                Ok(Value::Scalar(Expr::int(v, 32), CType::INT))
            }
            Expression::Identifier(_)
            | Expression::Member(_)
            | Expression::StringLiteral(_)
            | Expression::CompoundLiteral(_) => {
                let p = self.place(e)?;
                self.load(p, &e.span)
            }
            Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Indirection) => {
                let p = self.place(e)?;
                self.load(p, &e.span)
            }
            Expression::BinaryOperator(b) if matches!(b.node.operator.node, BinaryOperator::Index) => {
                let p = self.place(e)?;
                self.load(p, &e.span)
            }
            Expression::Constant(c) => self.constant(c),
            Expression::Call(c) => self.call(c, &e.span),
            Expression::SizeOfTy(s) => {
                let t = self.type_name(&s.node.0.node, &s.node.0.span)?;
                self.sizeof_type(&t, &s.span)
            }
            Expression::SizeOfVal(s) => {
                // Not evaluated: the lengths of variable-length arrays are already in registers.
                let t = match self.without_effect(|l| l.place_or_value(&s.node.0))? {
                    Ok(Place::Reg(_, t)) => t,
                    Ok(Place::Mem(m)) => m.ty,
                    Err(v) => v.ty(),
                };
                self.sizeof_type(&t, &s.span)
            }
            Expression::AlignOf(a) => {
                let t = self.type_name(&a.node.0.node, &a.node.0.span)?;
                let ts = super::types::type_specifiers(&a.node.0.node.specifiers);
                if let (Some(id), false) = (self.aligned_typedef_in(&ts), matches!(t, CType::Pointer(_))) {
                    return Err(self.unsupported(
                        &id.span,
                        format!("_Alignof a type `{}` declared with `__attribute__((aligned))`", id.node.name),
                    ));
                }
                Ok(Value::Scalar(Expr::uint(self.align_of(&t), self.pw()), self.size_t()))
            }
            Expression::UnaryOperator(u) => self.unary(u, &e.span),
            Expression::Cast(c) => self.cast(c, &e.span),
            Expression::BinaryOperator(b) => self.binary(b, &e.span),
            Expression::Conditional(c) => self.conditional(c, &e.span),
            Expression::Comma(list) => {
                let mut last = Value::Void;
                for x in list.iter() {
                    last = self.expr(x)?;
                }
                Ok(last)
            }
            Expression::OffsetOf(o) => {
                let t = self.type_name(&o.node.type_name.node, &o.node.type_name.span)?;
                let off = self.offsetof(&t, &o.node.designator)?;
                let _ = span;
                Ok(Value::Scalar(Expr::uint(off, self.pw()), self.size_t()))
            }
            Expression::VaArg(v) => Err(self.unsupported(&v.span, "variadic arguments (va_arg)")),
            Expression::GenericSelection(g) => Err(self.unsupported(&g.span, "_Generic selection")),
            Expression::Statement(s) => self.statement_expr(s),
        }
    }

    /// A scalar value (error for structs and void).
    pub(crate) fn rvalue(&mut self, e: &'a Node<Expression>) -> Result<Value> {
        self.expr(e)
    }

    pub(crate) fn scalar(&mut self, e: &'a Node<Expression>) -> Result<(Expr, CType)> {
        let v = self.expr(e)?;
        match v {
            Value::Scalar(x, t) => {
                if let CType::Float(_) = t {
                    return Err(self.unsupported(&e.span, "floating-point arithmetic"));
                }
                Ok((x, t))
            }
            Value::Agg(m) => Err(self.error(
                &e.span,
                format!("a value of type `{}` is used where a scalar is required", self.ty_str(&m.ty)),
            )),
            Value::Void => Err(self.error(&e.span, "a void value is used")),
        }
    }

    /// An lvalue, or for expressions that are not, their value.
    fn place_or_value(&mut self, e: &'a Node<Expression>) -> Result<std::result::Result<Place, Value>> {
        match &e.node {
            Expression::Identifier(id) if matches!(self.lookup(&id.node.name), Some(Sym::EnumConst(_))) => {
                Ok(Err(self.expr(e)?))
            }
            Expression::Identifier(_)
            | Expression::Member(_)
            | Expression::StringLiteral(_)
            | Expression::CompoundLiteral(_) => Ok(Ok(self.place(e)?)),
            Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Indirection) => {
                Ok(Ok(self.place(e)?))
            }
            Expression::BinaryOperator(b) if matches!(b.node.operator.node, BinaryOperator::Index) => {
                Ok(Ok(self.place(e)?))
            }
            _ => Ok(Err(self.expr(e)?)),
        }
    }

    fn sizeof_type(&mut self, t: &CType, span: &LSpan) -> Result<Value> {
        if let CType::Struct(id) = t {
            if self.aligned_structs.contains(id) {
                return Err(self.unsupported(span, "structs with `__attribute__((aligned))` (sizeof of one)"));
            }
        }
        match self.size_expr(t) {
            Some(n) => Ok(Value::Scalar(n, self.size_t())),
            None if *t == CType::Void => Ok(Value::Scalar(Expr::uint(1, self.pw()), self.size_t())),
            None => Err(self.error(span, format!("sizeof applied to incomplete type `{}`", self.ty_str(t)))),
        }
    }

    /// The size of a type in bytes as an expression: constant, or computed from the registers
    /// holding the lengths of variable-length arrays.
    pub(crate) fn size_expr(&self, t: &CType) -> Option<Expr> {
        let pw = self.pw();
        match t {
            CType::Array(el, ArrayLen::Variable(Some(n))) => {
                let e = self.size_expr(el)?;
                Some(fold_or(Expr::bin(BinOp::Mul, Expr::Var(*n), e)))
            }
            CType::Array(el, ArrayLen::Fixed(n)) if self.size_of(t).is_none() => {
                let e = self.size_expr(el)?;
                Some(fold_or(Expr::bin(BinOp::Mul, Expr::uint(*n, pw), e)))
            }
            t => self.size_of(t).map(|n| Expr::uint(n, pw)),
        }
    }

    fn offsetof(&mut self, t: &CType, d: &'a Node<OffsetDesignator>) -> Result<u64> {
        let (mut ty, mut off) = self.field(t, &d.node.base.node.name, &d.node.base.span)?;
        for m in &d.node.members {
            match &m.node {
                OffsetMember::Member(id) => {
                    let (t2, o2) = self.field(&ty, &id.node.name, &id.span)?;
                    ty = t2;
                    off += o2;
                }
                OffsetMember::IndirectMember(id) => return Err(self.error(&id.span, "`->` in offsetof")),
                OffsetMember::Index(e) => {
                    let i = self.const_int(e)?;
                    let CType::Array(el, _) = ty.clone() else {
                        return Err(self.error(&e.span, "subscript of a non-array in offsetof"));
                    };
                    off = off.wrapping_add((i as u64).wrapping_mul(self.size_of(&el).unwrap_or(0)));
                    ty = (*el).clone();
                }
            }
        }
        Ok(off)
    }

    /// Type and offset of a member, looking into anonymous struct/union members.
    pub(crate) fn field(&self, t: &CType, name: &str, span: &LSpan) -> Result<(CType, u64)> {
        let CType::Struct(id) = t else {
            return Err(self.error(
                span,
                format!("member `{name}` of a value of type `{}`, which is not a struct or union", self.ty_str(t)),
            ));
        };
        let s = &self.prog.structs[id.0 as usize];
        if !s.complete {
            return Err(self.error(span, format!("member access into incomplete type `{}`", self.ty_str(t))));
        }
        fn find(l: &Lowerer, id: StructId, name: &str) -> Option<(CType, u64)> {
            for f in &l.prog.structs[id.0 as usize].fields {
                match &f.name {
                    Some(n) if n == name => return Some((f.ty.clone(), f.offset)),
                    None => {
                        if let CType::Struct(inner) = &f.ty {
                            if let Some((t, o)) = find(l, *inner, name) {
                                return Some((t, o + f.offset));
                            }
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        find(self, *id, name).ok_or_else(|| {
            if self.bitfields.keys().any(|(_, n)| n == name) {
                self.unsupported(
                    span,
                    format!("bit-field `{name}` here (in an anonymous member, offsetof or a designator)"),
                )
            } else {
                self.error(span, format!("no member named `{name}` in `{}`", self.ty_str(t)))
            }
        })
    }

    // ---- places ----

    pub(crate) fn place(&mut self, e: &'a Node<Expression>) -> Result<Place> {
        let span = self.span(&e.span);
        match &e.node {
            Expression::Identifier(id) => self.ident_place(&id.node.name, &e.span),
            Expression::StringLiteral(s) => {
                let bytes = self.string_bytes(&s.node, &e.span)?;
                let n = bytes.len() as u64;
                let obj = self.string_obj(bytes, span);
                let ty = CType::Array(Arc::new(CType::CHAR), ArrayLen::Fixed(n));
                Ok(Place::Mem(MemPlace {
                    bits: None,
                    addr: Expr::AddrOf(obj),
                    ty,
                    base: None,
                    checks: Vec::new(),
                    root: Some(obj),
                    span: e.span,
                }))
            }
            Expression::Member(m) => {
                let name = &m.node.identifier.node.name;
                match m.node.operator.node {
                    MemberOperator::Direct => {
                        let base = match self.place_or_value(&m.node.expression)? {
                            Ok(Place::Mem(mp)) => mp,
                            Ok(Place::Reg(_, t)) | Err(Value::Scalar(_, t)) => {
                                return Err(self.error(
                                    &m.node.identifier.span,
                                    format!(
                                        "member `{name}` of a value of type `{}`, which is not a struct or union",
                                        self.ty_str(&t)
                                    ),
                                ))
                            }
                            Err(Value::Agg(mp)) => mp,
                            Err(Value::Void) => return Err(self.error(&e.span, "member of a void value")),
                        };
                        self.member_of(base, name, &m.node.identifier.span, &e.span)
                    }
                    MemberOperator::Indirect => {
                        let (p, pty) = self.scalar(&m.node.expression)?;
                        let Some(sty) = pty.pointee().cloned() else {
                            return Err(self.error(
                                &e.span,
                                format!(
                                    "`->` applied to a value of type `{}`, which is not a pointer",
                                    self.ty_str(&pty)
                                ),
                            ));
                        };
                        let base = MemPlace {
                            bits: None,
                            addr: p.clone(),
                            ty: sty,
                            base: Some(p),
                            checks: Vec::new(),
                            root: None,
                            span: e.span,
                        };
                        self.member_of(base, name, &m.node.identifier.span, &e.span)
                    }
                }
            }
            Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Indirection) => {
                let (p, pty) = self.scalar(&u.node.operand)?;
                let Some(t) = pty.pointee().cloned() else {
                    return Err(self.error(
                        &e.span,
                        format!("indirection through a value of type `{}`, which is not a pointer", self.ty_str(&pty)),
                    ));
                };
                let base = if static_object(&p).is_some() { None } else { Some(p.clone()) };
                Ok(Place::Mem(MemPlace {
                    bits: None,
                    root: root_of(&p),
                    addr: p,
                    ty: t,
                    base,
                    checks: Vec::new(),
                    span: e.span,
                }))
            }
            Expression::BinaryOperator(b) if matches!(b.node.operator.node, BinaryOperator::Index) => {
                self.index(b, &e.span)
            }
            Expression::CompoundLiteral(c) => {
                let ty = self.type_name(&c.node.type_name.node, &c.node.type_name.span)?;
                if self.at_file_scope() || self.fcx.b.func == FuncId(u32::MAX) {
                    return Err(self.unsupported(&e.span, "compound literal at file scope"));
                }
                let mp = self.compound_literal(ty, &c.node.initializer_list, &e.span)?;
                Ok(Place::Mem(mp))
            }
            Expression::Call(c) => match self.call(c, &e.span)? {
                Value::Agg(mp) => Ok(Place::Mem(mp)),
                _ => Err(self.error(&e.span, "expression is not assignable")),
            },
            Expression::Statement(_) | Expression::Conditional(_) | Expression::Comma(_) | Expression::Cast(_) => {
                match self.expr(e)? {
                    Value::Agg(mp) => Ok(Place::Mem(mp)),
                    _ => Err(self.error(&e.span, "expression is not assignable")),
                }
            }
            _ => Err(self.error(&e.span, "expression is not assignable")),
        }
    }

    fn ident_place(&mut self, name: &str, span: &LSpan) -> Result<Place> {
        let sym = self.lookup_checked(name).map_err(|d| d.at(Some(self.sm.pos(span.start))))?;
        match sym {
            Some(Sym::Reg { var, ty }) => Ok(Place::Reg(var, ty)),
            Some(Sym::Obj { obj, ty }) => {
                if let CType::Float(_) = ty {
                    return Err(self.unsupported(span, format!("floating-point variable `{name}`")));
                }
                Ok(Place::Mem(MemPlace::object(obj, ty, *span)))
            }
            Some(Sym::EnumConst(_)) => {
                Err(self.error(span, format!("enumeration constant `{name}` is not assignable")))
            }
            Some(Sym::Typedef(_)) => Err(self.error(span, format!("unexpected type name `{name}`"))),
            Some(Sym::Func(i)) => {
                // `printf`, `malloc`, `free`, … are kappa's own operations: there is no function
                // whose address could be taken (a function of the C library model has a body).
                if self.funcs[i].def.is_none() && !self.externs.contains(name) {
                    return Err(self.unsupported(
                        span,
                        format!(
                            "the address of `{name}`, which has no body (neither the program nor kappa's C library \
                             model defines it as a function)"
                        ),
                    ));
                }
                let ty = CType::Function(self.funcs[i].ty.clone());
                Ok(Place::Mem(MemPlace::object(self.fn_addr(i), ty, *span)))
            }
            Some(Sym::Global(_)) => Err(self.error(span, format!("`{name}` could not be defined"))),
            None if matches!(name, "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__")
                && !self.fcx.name.is_empty() =>
            {
                let mut bytes = self.fcx.name.as_bytes().to_vec();
                bytes.push(0);
                let n = bytes.len() as u64;
                let obj = self.string_obj(bytes, Span::default());
                let ty = CType::Array(Arc::new(CType::CHAR), ArrayLen::Fixed(n));
                Ok(Place::Mem(MemPlace::object(obj, ty, *span)))
            }
            None => Err(self.error(span, format!("use of undeclared identifier `{name}`"))),
        }
    }

    fn member_of(&mut self, base: MemPlace, name: &str, nspan: &LSpan, span: &LSpan) -> Result<Place> {
        if let CType::Struct(id) = &base.ty {
            if self.aligned_structs.contains(id) {
                return Err(self.unsupported(
                    nspan,
                    format!("structs with `__attribute__((aligned))` (member `{name}` of such a struct)"),
                ));
            }
        }
        let bitfield = match &base.ty {
            CType::Struct(id) => self.bitfields.get(&(*id, name.to_string())).cloned(),
            _ => None,
        };
        let (ty, off, bits) = match bitfield {
            Some((bit, width, ty)) => (ty, bit / 8, Some(BitRange { shift: (bit % 8) as u32, width })),
            None => {
                let (ty, off) = self.field(&base.ty, name, nspan)?;
                (ty, off, None)
            }
        };
        let addr = self.offset_ptr(base.addr, off);
        Ok(Place::Mem(MemPlace {
            bits,
            root: root_of(&addr).or(base.root),
            addr,
            ty,
            base: base.base,
            checks: base.checks,
            span: *span,
        }))
    }

    /// `p + off` for a constant byte offset, folded where possible.
    pub(crate) fn offset_ptr(&self, p: Expr, off: u64) -> Expr {
        if off == 0 {
            return p;
        }
        let e = Expr::ptr_add(p, Expr::uint(off, self.pw()));
        fold(&e).unwrap_or(e)
    }

    fn index(&mut self, b: &'a Node<BinaryOperatorExpression>, span: &LSpan) -> Result<Place> {
        let sp = self.span(span);
        // a[i] with a of array type keeps the array's bounds for a per-dimension check.
        let lhs = self.place_or_value(&b.node.lhs)?;
        let (arr_place, ptr_val) = match lhs {
            Ok(Place::Mem(mp)) if matches!(mp.ty, CType::Array(..)) => (Some(mp), None),
            Ok(p) => (None, Some(self.load(p, &b.node.lhs.span)?)),
            Err(v) => (None, Some(v)),
        };
        let ptr_val = ptr_val.map(|v| self.protect(v, &b.node.rhs.node, sp));
        let arr_place = arr_place.map(|mut mp| {
            if has_side_effects(&b.node.rhs.node) && reads_named(&self.prog, &mp.addr) {
                mp.addr = self.materialize(mp.addr.clone(), &CType::ptr_to(CType::Void), sp);
            }
            mp
        });
        let (iv, ity) = self.scalar(&b.node.rhs)?;
        if let Some(mp) = arr_place {
            let CType::Array(el, len) = mp.ty.clone() else { unreachable!() };
            if !ity.is_integer() {
                return Err(self.error(&b.node.rhs.span, "array subscript is not an integer"));
            }
            let idx = self.convert(iv, &ity, &self.ptrdiff_t());
            let esize =
                self.size_expr(&el).ok_or_else(|| self.error(span, "subscript of an array of incomplete type"))?;
            let mut checks = mp.checks.clone();
            let bound = match len {
                ArrayLen::Fixed(n) => Some(Expr::uint(n, self.pw())),
                ArrayLen::Variable(Some(c)) => Some(Expr::Var(c)),
                _ => None,
            };
            if let Some(n) = bound {
                let ok = fold_or(Expr::bin(BinOp::Ult, idx.clone(), n));
                let what = format!("index out of bounds in `{}`", self.snippet(span));
                checks.push((ok, what));
            }
            let off = fold_or(Expr::bin(BinOp::Mul, idx, esize));
            let addr = fold_or(Expr::ptr_add(mp.addr, off));
            return Ok(Place::Mem(MemPlace {
                bits: None,
                root: root_of(&addr).or(mp.root),
                addr,
                ty: (*el).clone(),
                base: mp.base,
                checks,
                span: *span,
            }));
        }
        let Some(Value::Scalar(pv, pty)) = ptr_val else {
            return Err(self.error(span, "subscripted value is not an array or pointer"));
        };
        // i[p] is p[i].
        let (p, pt, i, it) = if pty.is_pointer() { (pv, pty, iv, ity) } else { (iv, ity, pv, pty) };
        let Some(el) = pt.pointee().cloned() else {
            return Err(self.error(span, "subscripted value is not an array or pointer"));
        };
        if !it.is_integer() {
            return Err(self.error(span, "array subscript is not an integer"));
        }
        let addr = self.ptr_arith(p.clone(), &el, i, &it, false, span)?;
        let base = if static_object(&p).is_some() { None } else { Some(p) };
        Ok(Place::Mem(MemPlace {
            bits: None,
            root: root_of(&addr),
            addr,
            ty: el,
            base,
            checks: Vec::new(),
            span: *span,
        }))
    }

    /// `p ± i` scaled by the pointee size.
    pub(crate) fn ptr_arith(
        &mut self,
        p: Expr,
        el: &CType,
        i: Expr,
        ity: &CType,
        negate: bool,
        span: &LSpan,
    ) -> Result<Expr> {
        let esize = match el {
            CType::Void => Expr::uint(1, self.pw()), // GNU: arithmetic on void*
            t => self.size_expr(t).ok_or_else(|| {
                self.error(span, format!("arithmetic on a pointer to incomplete type `{}`", self.ty_str(t)))
            })?,
        };
        let idx = self.convert(i, ity, &self.ptrdiff_t());
        let mut off = Expr::bin(BinOp::Mul, idx, esize);
        if negate {
            off = Expr::un(UnOp::Neg, off);
        }
        let off = fold_or(off);
        if off.as_const() == Some(0) {
            return Ok(p);
        }
        Ok(fold_or(Expr::ptr_add(p, off)))
    }

    // ---- reading and writing places ----

    /// The checks guarding an access of `size` bytes to a memory place.
    pub(crate) fn access_checks(&mut self, mp: &MemPlace, size: u64, write: bool) {
        if self.no_eval > 0 {
            return;
        }
        let sp = self.span(&mp.span);
        let what = self.snippet(&mp.span);
        let pw = self.pw();
        if let Some(base) = &mp.base {
            self.check(
                Expr::bin(BinOp::Eq, base.clone(), Expr::Null),
                ErrorKind::NullDeref,
                format!("null pointer dereference in `{what}`"),
                sp,
            );
            self.check(
                Expr::Live(Box::new(base.clone())).negate(),
                ErrorKind::InvalidDeref,
                format!("dereference of freed or dead memory in `{what}`"),
                sp,
            );
        }
        for (ok, msg) in mp.checks.clone() {
            self.check(ok.negate(), ErrorKind::OutOfBounds, msg, sp);
        }
        let needs_bounds = match static_object(&mp.addr) {
            // A named object at a constant offset: decided now.
            Some((o, Some(off))) => match self.prog.obj(o).size {
                Some(osize) => off.checked_add(size).is_none_or(|end| end > osize),
                None => true,
            },
            _ => mp.checks.is_empty() || mp.base.is_some(),
        };
        if needs_bounds {
            let ib = Expr::InBounds(Box::new(mp.addr.clone()), Box::new(Expr::uint(size, pw)));
            self.check(ib.negate(), ErrorKind::OutOfBounds, format!("out-of-bounds access in `{what}`"), sp);
        }
        if write {
            let readonly = mp.root.map(|o| matches!(self.prog.obj(o).kind, ObjKind::StringLit { .. }));
            match readonly {
                Some(false) => {}
                Some(true) => {
                    self.error_now(ErrorKind::InvalidDeref, format!("write into a string literal in `{what}`"), sp)
                }
                None => self.check(
                    Expr::Writable(Box::new(mp.addr.clone())).negate(),
                    ErrorKind::InvalidDeref,
                    format!("write into read-only memory in `{what}`"),
                    sp,
                ),
            }
        }
    }

    /// The value stored in a place; arrays decay to a pointer to their first element.
    pub(crate) fn load(&mut self, p: Place, span: &LSpan) -> Result<Value> {
        match p {
            Place::Reg(v, t) => Ok(Value::Scalar(Expr::Var(v), t)),
            Place::Mem(mp) if mp.bits.is_some() => Ok(self.load_bits(&mp, span)),
            Place::Mem(mp) => match mp.ty.clone() {
                CType::Array(el, _) => Ok(Value::Scalar(mp.addr, CType::Pointer(el))),
                CType::Struct(_) => Ok(Value::Agg(mp)),
                // A function designator is converted to a pointer to the function (C11 6.3.2.1p4).
                CType::Function(_) => Ok(Value::Scalar(mp.addr, CType::ptr_to(mp.ty))),
                CType::Float(_) => Err(self.unsupported(span, "floating-point arithmetic")),
                CType::Void => Err(self.error(span, "a void value is used")),
                t => {
                    let size = self.size_of(&t).unwrap_or(0);
                    self.access_checks(&mp, size, false);
                    let dst = self.temp(t.clone());
                    let sp = self.span(span);
                    self.fcx.b.step(Op::Load { dst, ptr: mp.addr }, sp);
                    Ok(Value::Scalar(Expr::Var(dst), t))
                }
            },
        }
    }

    /// Stores a scalar (already converted to the place's type) into a place.
    pub(crate) fn store(&mut self, p: &Place, value: Expr, span: Span) {
        match p {
            Place::Reg(v, _) => self.fcx.b.step(Op::Assign { dst: *v, value }, span),
            Place::Mem(mp) if mp.bits.is_some() => self.store_bits(mp, value, span),
            Place::Mem(mp) => {
                let size = self.size_of(&mp.ty).unwrap_or(0);
                self.access_checks(mp, size, true);
                self.fcx.b.step(Op::Store { ptr: mp.addr.clone(), value }, span);
            }
        }
    }

    /// The bytes a bit-field spans, read one by one (so that no access goes past them, e.g. the
    /// end of a packed struct) and put together little-endian in 64 bits.
    fn load_span_bytes(&mut self, mp: &MemPlace, bits: BitRange, sp: Span) -> Expr {
        let uchar = CType::Int { rank: IntRank::Char, signed: false };
        let mut acc: Option<Expr> = None;
        for i in 0..bits.bytes() {
            let dst = self.temp(uchar.clone());
            self.fcx.b.step(Op::Load { dst, ptr: self.offset_ptr(mp.addr.clone(), i) }, sp);
            let byte = Expr::cast(CastOp::ZExt, 64, Expr::Var(dst));
            let byte = if i == 0 { byte } else { Expr::bin(BinOp::Shl, byte, Expr::uint(8 * i, 64)) };
            acc = Some(match acc {
                None => byte,
                Some(a) => Expr::bin(BinOp::Or, a, byte),
            });
        }
        acc.unwrap_or(Expr::uint(0, 64))
    }

    /// The value of a bit-field from its 64-bit word: its bits moved to the top, then back down
    /// with the sign (signed field) or zeros, in the type it promotes to.
    fn bits_value(&self, word: Expr, bits: BitRange, declared: &CType) -> (Expr, CType) {
        let top = Expr::bin(BinOp::Shl, word, Expr::uint(64 - u64::from(bits.shift + bits.width), 64));
        let signed = matches!(declared, CType::Int { signed: true, rank } if *rank != IntRank::Bool);
        let op = if signed { BinOp::AShr } else { BinOp::LShr };
        let v = Expr::bin(op, top, Expr::uint(64 - u64::from(bits.width), 64));
        // C11 6.3.1.1: a bit-field whose values all fit in int promotes to int (gcc: by width).
        let ty = if signed || bits.width < 32 { CType::INT } else { CType::UINT };
        (fold_or(Expr::cast(CastOp::Trunc, 32, v)), ty)
    }

    fn load_bits(&mut self, mp: &MemPlace, span: &LSpan) -> Value {
        let bits = mp.bits.expect("a bit-field place");
        self.access_checks(mp, bits.bytes(), false);
        let sp = self.span(span);
        let word = self.load_span_bytes(mp, bits, sp);
        let (v, ty) = self.bits_value(word, bits, &mp.ty);
        let dst = self.temp(ty.clone());
        self.fcx.b.step(Op::Assign { dst, value: v }, sp);
        Value::Scalar(Expr::Var(dst), ty)
    }

    /// Read-modify-write of the bytes a bit-field spans; `value` has the field's declared type.
    fn store_bits(&mut self, mp: &MemPlace, value: Expr, sp: Span) {
        let bits = mp.bits.expect("a bit-field place");
        self.access_checks(mp, bits.bytes(), true);
        let old = self.load_span_bytes(mp, bits, sp);
        let vw = self.int_bits(&mp.ty);
        let v = if vw < 64 { Expr::cast(CastOp::ZExt, 64, value) } else { value };
        let field = ((1u64 << bits.width) - 1) << bits.shift;
        let new = Expr::bin(
            BinOp::Or,
            Expr::bin(BinOp::And, old, Expr::uint(!field, 64)),
            Expr::bin(
                BinOp::And,
                Expr::bin(BinOp::Shl, v, Expr::uint(u64::from(bits.shift), 64)),
                Expr::uint(field, 64),
            ),
        );
        let word = self.temp(CType::Int { rank: IntRank::LongLong, signed: false });
        self.fcx.b.step(Op::Assign { dst: word, value: new }, sp);
        for i in 0..bits.bytes() {
            let byte = Expr::cast(CastOp::Trunc, 8, Expr::bin(BinOp::LShr, Expr::Var(word), Expr::uint(8 * i, 64)));
            let ptr = self.offset_ptr(mp.addr.clone(), i);
            self.fcx.b.step(Op::Store { ptr, value: fold_or(byte) }, sp);
        }
    }

    /// Copies an aggregate value into a memory place.
    pub(crate) fn copy_aggregate(&mut self, dst: &MemPlace, src: &MemPlace, span: Span) {
        let size = self.size_of(&dst.ty).unwrap_or(0);
        self.access_checks(src, size, false);
        self.access_checks(dst, size, true);
        let size = Expr::uint(size, self.pw());
        self.fcx.b.step(Op::MemCopy { dst: dst.addr.clone(), src: src.addr.clone(), size }, span);
    }

    // ---- constants ----

    fn constant(&mut self, c: &'a Node<Constant>) -> Result<Value> {
        match &c.node {
            Constant::Integer(i) => self.integer_constant(i, &c.span),
            Constant::Float(_) => Err(self.unsupported(&c.span, "floating-point constant")),
            Constant::Character(s) => {
                let (prefix, rest) = match s.find('\'') {
                    Some(i) => (&s[..i], &s[i..]),
                    None => ("", s.as_str()),
                };
                let body = rest.trim_start_matches('\'').strip_suffix('\'').unwrap_or("");
                let bytes =
                    unescape(body).map_err(|m| self.unsupported(&c.span, format!("character constant: {m}")))?;
                if !prefix.is_empty() {
                    return Err(self.unsupported(&c.span, "wide character constants"));
                }
                // A multi-character constant packs bytes big-endian (gcc); a char is signed.
                let mut v: i64 = 0;
                for (k, b) in bytes.iter().enumerate() {
                    v = if k == 0 && bytes.len() == 1 { *b as i8 as i64 } else { (v << 8) | i64::from(*b) };
                }
                Ok(Value::Scalar(Expr::int(v as i32 as i128, 32), CType::INT))
            }
        }
    }

    fn integer_constant(&mut self, i: &Integer, span: &LSpan) -> Result<Value> {
        let radix = match i.base {
            IntegerBase::Decimal => 10,
            IntegerBase::Octal => 8,
            IntegerBase::Hexadecimal => 16,
            IntegerBase::Binary => 2,
        };
        let digits = if i.number.is_empty() { "0" } else { &i.number };
        let v = u128::from_str_radix(digits, radix).map_err(|_| self.error(span, "integer constant is too large"))?;
        if v > u128::from(u64::MAX) {
            return Err(self.error(span, "integer constant is too large"));
        }
        if i.suffix.imaginary {
            return Err(self.unsupported(span, "imaginary constants"));
        }
        let v = v as u64;
        let decimal = radix == 10;
        let min_rank = match i.suffix.size {
            IntegerSize::Int => IntRank::Int,
            IntegerSize::Long => IntRank::Long,
            IntegerSize::LongLong => IntRank::LongLong,
        };
        // C11 6.4.4.1: the first type of the list in which the value fits.
        let mut candidates = Vec::new();
        for rank in [IntRank::Int, IntRank::Long, IntRank::LongLong] {
            if rank < min_rank {
                continue;
            }
            if !i.suffix.unsigned {
                candidates.push(CType::Int { rank, signed: true });
            }
            if i.suffix.unsigned || !decimal {
                candidates.push(CType::Int { rank, signed: false });
            }
        }
        for t in candidates {
            let bits = self.int_bits(&t);
            let max = if t.is_signed() {
                (1u64 << (bits - 1)) - 1
            } else if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            };
            if v <= max {
                return Ok(Value::Scalar(Expr::uint(v, bits), t));
            }
        }
        // gcc: a decimal constant too large for long long is unsigned long long.
        Ok(Value::Scalar(Expr::uint(v, 64), CType::Int { rank: IntRank::LongLong, signed: false }))
    }

    pub(crate) fn string_bytes(&self, parts: &[String], span: &LSpan) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        for p in parts {
            let Some(q) = p.find('"') else { return Err(self.error(span, "malformed string literal")) };
            let prefix = &p[..q];
            if !prefix.is_empty() && prefix != "u8" {
                return Err(self.unsupported(span, "wide string literals"));
            }
            let body = p[q + 1..].strip_suffix('"').unwrap_or(&p[q + 1..]);
            out.extend(unescape(body).map_err(|m| self.unsupported(span, format!("string literal: {m}")))?);
        }
        out.push(0);
        Ok(out)
    }

    // ---- operators ----

    fn unary(&mut self, u: &'a Node<UnaryOperatorExpression>, span: &LSpan) -> Result<Value> {
        let sp = self.span(span);
        let operand = &u.node.operand;
        match u.node.operator.node {
            UnaryOperator::Address => match self.place(operand)? {
                Place::Mem(mp) if mp.bits.is_some() => Err(self.error(span, "cannot take the address of a bit-field")),
                Place::Mem(mp) => Ok(Value::Scalar(mp.addr, CType::ptr_to(mp.ty))),
                Place::Reg(v, _) => {
                    Err(self.error(span, format!("cannot take the address of `{}`", self.prog.var(v).name)))
                }
            },
            UnaryOperator::Indirection => unreachable!("handled as a place"),
            UnaryOperator::Plus => {
                let (e, t) = self.arith_operand(operand)?;
                let pt = self.promote(&t);
                Ok(Value::Scalar(self.convert(e, &t, &pt), pt))
            }
            UnaryOperator::Minus | UnaryOperator::Complement => {
                let (e, t) = self.arith_operand(operand)?;
                let pt = self.promote(&t);
                let e = self.convert(e, &t, &pt);
                let op = if matches!(u.node.operator.node, UnaryOperator::Minus) { UnOp::Neg } else { UnOp::BitNot };
                if op == UnOp::Neg && pt.is_signed() {
                    let w = self.int_bits(&pt);
                    self.overflow_check(BinOp::Sub, &Expr::uint(0, w), &e, w, span);
                }
                Ok(Value::Scalar(fold_or(Expr::un(op, e)), pt))
            }
            UnaryOperator::Negate => {
                let c = self.bool_of(operand)?;
                Ok(Value::Scalar(bool_to_int(c.negate()), CType::INT))
            }
            UnaryOperator::PreIncrement
            | UnaryOperator::PreDecrement
            | UnaryOperator::PostIncrement
            | UnaryOperator::PostDecrement => {
                let inc = matches!(u.node.operator.node, UnaryOperator::PreIncrement | UnaryOperator::PostIncrement);
                let post = matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PostDecrement);
                let keep_old = post && !std::mem::take(&mut self.discard_post);
                let place = self.place(operand)?;
                let place = self.stable_place(place, sp);
                let Value::Scalar(old, ty) = self.load(place.clone(), &operand.span)? else {
                    return Err(self.error(span, "increment of a non-scalar"));
                };
                let old = if keep_old { self.materialize(old, &ty, sp) } else { old };
                let new = match &ty {
                    CType::Pointer(el) => {
                        let el = (**el).clone();
                        let one = Expr::int(1, 32);
                        self.ptr_arith(old.clone(), &el, one, &CType::INT, !inc, span)?
                    }
                    CType::Int { rank: IntRank::Bool, .. } => {
                        if inc {
                            Expr::uint(1, 8)
                        } else {
                            // b-- flips a _Bool (0 - 1 = -1 → 1; 1 - 1 = 0).
                            Expr::ite(
                                Expr::bin(BinOp::Eq, old.clone(), Expr::uint(0, 8)),
                                Expr::uint(1, 8),
                                Expr::uint(0, 8),
                            )
                        }
                    }
                    CType::Int { .. } => {
                        let pt = self.promote(&ty);
                        let w = self.int_bits(&pt);
                        let x = self.convert(old.clone(), &ty, &pt);
                        let bop = if inc { BinOp::Add } else { BinOp::Sub };
                        if pt.is_signed() {
                            self.overflow_check(bop, &x, &Expr::uint(1, w), w, span);
                        }
                        let r = Expr::bin(bop, x, Expr::uint(1, w));
                        self.convert(r, &pt, &ty)
                    }
                    CType::Float(_) => return Err(self.unsupported(span, "floating-point arithmetic")),
                    _ => return Err(self.error(span, "increment of a value that is not arithmetic or a pointer")),
                };
                self.store(&place, new.clone(), sp);
                if post {
                    Ok(Value::Scalar(old, ty))
                } else {
                    Ok(Value::Scalar(self.reread(&place, new), ty))
                }
            }
        }
    }

    /// The value of a place right after storing `stored` into it: the register itself, or the
    /// stored expression (memory is not read back; later effects are handled by `protect`).
    fn reread(&self, p: &Place, stored: Expr) -> Expr {
        match p {
            Place::Reg(v, _) => Expr::Var(*v),
            // A bit-field keeps only its width: the value read back is the stored one cut to it.
            Place::Mem(MemPlace { bits: Some(b), ty, .. }) => {
                let w = self.int_bits(ty);
                let v = if w < 64 { Expr::cast(CastOp::ZExt, 64, stored) } else { stored };
                let v = self.bits_value(v, BitRange { shift: 0, width: b.width }, ty).0;
                if w < 32 {
                    fold_or(Expr::cast(CastOp::Trunc, w, v))
                } else {
                    v
                }
            }
            Place::Mem(_) => stored,
        }
    }

    /// Lowers an expression whose value is not used: `x++` needs no copy of the old value.
    pub(crate) fn effect(&mut self, e: &'a Node<Expression>) -> Result<()> {
        match &e.node {
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PostDecrement) =>
            {
                self.discard_post = true;
                let r = self.expr(e);
                self.discard_post = false;
                r.map(|_| ())
            }
            Expression::Comma(list) => list.iter().try_for_each(|x| self.effect(x)),
            _ => self.expr(e).map(|_| ()),
        }
    }

    /// A place whose address does not change under later effects.
    fn stable_place(&mut self, p: Place, sp: Span) -> Place {
        match p {
            Place::Mem(mut mp) if reads_named(&self.prog, &mp.addr) => {
                let a = self.materialize(mp.addr.clone(), &CType::ptr_to(CType::Void), sp);
                if mp.base.is_some() {
                    mp.base = Some(a.clone());
                }
                mp.addr = a;
                Place::Mem(mp)
            }
            p => p,
        }
    }

    fn arith_operand(&mut self, e: &'a Node<Expression>) -> Result<(Expr, CType)> {
        let (x, t) = self.scalar(e)?;
        if !t.is_integer() {
            return Err(
                self.error(&e.span, format!("invalid operand of type `{}` to an arithmetic operator", self.ty_str(&t)))
            );
        }
        Ok((x, t))
    }

    /// The truth value of a scalar expression (`!= 0`), keeping comparisons as they are.
    pub(crate) fn bool_of(&mut self, e: &'a Node<Expression>) -> Result<Expr> {
        let (x, t) = self.scalar(e)?;
        Ok(self.truth(x, &t))
    }

    pub(crate) fn truth(&self, x: Expr, t: &CType) -> Expr {
        if let Expr::Ite(c, a, b) = &x {
            if a.as_const() == Some(1) && b.as_const() == Some(0) {
                return (**c).clone();
            }
        }
        let zero = self.zero_of(t);
        fold_or(Expr::bin(BinOp::Ne, x, zero))
    }

    fn cast(&mut self, c: &'a Node<CastExpression>, span: &LSpan) -> Result<Value> {
        let to = self.type_name(&c.node.type_name.node, &c.node.type_name.span)?;
        let v = self.expr(&c.node.expression)?;
        if to == CType::Void {
            return Ok(Value::Void);
        }
        if let CType::Float(_) = to {
            return Err(self.unsupported(span, "floating-point conversion"));
        }
        let (x, from) = match v {
            Value::Scalar(x, t) => (x, t),
            Value::Agg(mp) if self.same_type(&mp.ty, &to) => return Ok(Value::Agg(mp)),
            Value::Agg(_) | Value::Void => {
                return Err(self.error(span, format!("cannot cast to `{}`", self.ty_str(&to))))
            }
        };
        if let CType::Float(_) = from {
            return Err(self.unsupported(span, "floating-point conversion"));
        }
        Ok(Value::Scalar(self.cast_scalar(x, &from, &to, span)?, to))
    }

    pub(crate) fn cast_scalar(&mut self, x: Expr, from: &CType, to: &CType, span: &LSpan) -> Result<Expr> {
        Ok(match (from, to) {
            (CType::Int { .. }, CType::Int { .. }) => self.convert(x, from, to),
            (CType::Pointer(_), CType::Pointer(_)) => x,
            (CType::Int { .. }, CType::Pointer(_)) => {
                if fold(&x).and_then(|c| c.as_const()) == Some(0) {
                    Expr::Null
                } else {
                    return Err(self.unsupported(span, "conversion of an integer to a pointer"));
                }
            }
            (CType::Pointer(_), CType::Int { rank: IntRank::Bool, .. }) => self.convert(x, from, to),
            (CType::Pointer(_), CType::Int { .. }) => {
                if x == Expr::Null {
                    Expr::uint(0, self.int_bits(to))
                } else {
                    return Err(self.unsupported(span, "conversion of a pointer to an integer"));
                }
            }
            _ => {
                return Err(self.error(span, format!("cannot convert `{}` to `{}`", self.ty_str(from), self.ty_str(to))))
            }
        })
    }

    /// Conversion as by assignment (C11 6.5.16.1): arithmetic, pointers, null constants.
    pub(crate) fn assign_convert(&mut self, x: Expr, from: &CType, to: &CType, span: &LSpan) -> Result<Expr> {
        match (from, to) {
            (CType::Int { .. }, CType::Pointer(_)) if is_null_constant(&fold_or(x.clone()), from) => Ok(Expr::Null),
            (CType::Int { .. }, CType::Pointer(_)) => {
                Err(self.unsupported(span, "conversion of an integer to a pointer"))
            }
            (CType::Pointer(_), CType::Int { rank: IntRank::Bool, .. }) => Ok(self.convert(x, from, to)),
            (CType::Pointer(_), CType::Int { .. }) => {
                Err(self.unsupported(span, "conversion of a pointer to an integer"))
            }
            (CType::Float(_), _) | (_, CType::Float(_)) => Err(self.unsupported(span, "floating-point conversion")),
            (CType::Struct(_), _) | (_, CType::Struct(_)) | (CType::Void, _) => Err(self
                .error(span, format!("incompatible types: `{}` assigned to `{}`", self.ty_str(from), self.ty_str(to)))),
            _ => self.cast_scalar(x, from, to, span),
        }
    }

    fn binary(&mut self, b: &'a Node<BinaryOperatorExpression>, span: &LSpan) -> Result<Value> {
        use BinaryOperator as B;
        let sp = self.span(span);
        let op = b.node.operator.node.clone();
        match op {
            B::Index => unreachable!("handled as a place"),
            B::LogicalAnd | B::LogicalOr => {
                let t = self.temp(CType::INT);
                let (lt, lf, join) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
                self.cond(b, lt, lf, span)?;
                self.fcx.b.cur = lt;
                self.fcx.b.step(Op::Assign { dst: t, value: Expr::int(1, 32) }, sp);
                self.fcx.b.join(join, sp);
                self.fcx.b.cur = lf;
                self.fcx.b.step(Op::Assign { dst: t, value: Expr::int(0, 32) }, sp);
                self.fcx.b.join(join, sp);
                Ok(Value::Scalar(Expr::Var(t), CType::INT))
            }
            B::Assign => self.assign(&b.node.lhs, &b.node.rhs, span),
            B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr => {
                let arith = match op {
                    B::AssignMultiply => B::Multiply,
                    B::AssignDivide => B::Divide,
                    B::AssignModulo => B::Modulo,
                    B::AssignPlus => B::Plus,
                    B::AssignMinus => B::Minus,
                    B::AssignShiftLeft => B::ShiftLeft,
                    B::AssignShiftRight => B::ShiftRight,
                    B::AssignBitwiseAnd => B::BitwiseAnd,
                    B::AssignBitwiseXor => B::BitwiseXor,
                    _ => B::BitwiseOr,
                };
                let place = self.place(&b.node.lhs)?;
                let place = self.stable_place(place, sp);
                let Value::Scalar(old, lty) = self.load(place.clone(), &b.node.lhs.span)? else {
                    return Err(self.error(span, "compound assignment to a non-scalar"));
                };
                let old = if has_side_effects(&b.node.rhs.node) { self.materialize(old, &lty, sp) } else { old };
                let rhs = self.scalar(&b.node.rhs)?;
                let (r, rty) = self.arith(arith, (old, lty.clone()), rhs, span)?;
                let v = self.assign_convert(r, &rty, &lty, span)?;
                self.store(&place, v.clone(), sp);
                Ok(Value::Scalar(self.reread(&place, v), lty))
            }
            B::Less | B::Greater | B::LessOrEqual | B::GreaterOrEqual | B::Equals | B::NotEquals => {
                let c = self.comparison(b, span)?;
                Ok(Value::Scalar(bool_to_int(c), CType::INT))
            }
            _ => {
                let l = self.expr(&b.node.lhs)?;
                let l = self.protect(l, &b.node.rhs.node, sp);
                let Value::Scalar(lx, lt) = l else {
                    let rt = self.type_of_expr(&b.node.rhs)?;
                    return Err(self.invalid_operands(&op, &l.ty(), &rt, span));
                };
                let (rx, rt) = self.scalar(&b.node.rhs)?;
                let (x, t) = self.arith(op, (lx, lt), (rx, rt), span)?;
                Ok(Value::Scalar(x, t))
            }
        }
    }

    fn invalid_operands(&self, op: &BinaryOperator, a: &CType, b: &CType, span: &LSpan) -> crate::diag::Diagnostic {
        if matches!(a, CType::Float(_)) || matches!(b, CType::Float(_)) {
            return self.unsupported(span, "floating-point arithmetic");
        }
        self.error(
            span,
            format!("invalid operands to binary {} (`{}` and `{}`)", op_symbol(op), self.ty_str(a), self.ty_str(b)),
        )
    }

    /// Arithmetic, bitwise and shift operators, and pointer arithmetic.
    pub(crate) fn arith(
        &mut self,
        op: BinaryOperator,
        (lx, lt): (Expr, CType),
        (rx, rt): (Expr, CType),
        span: &LSpan,
    ) -> Result<(Expr, CType)> {
        use BinaryOperator as B;
        let sp = self.span(span);
        match (&op, &lt, &rt) {
            (B::Plus, CType::Pointer(el), CType::Int { .. }) => {
                let el = (**el).clone();
                return Ok((self.ptr_arith(lx, &el, rx, &rt, false, span)?, lt));
            }
            (B::Plus, CType::Int { .. }, CType::Pointer(el)) => {
                let el = (**el).clone();
                return Ok((self.ptr_arith(rx, &el, lx, &lt, false, span)?, rt));
            }
            (B::Minus, CType::Pointer(el), CType::Int { .. }) => {
                let el = (**el).clone();
                return Ok((self.ptr_arith(lx, &el, rx, &rt, true, span)?, lt));
            }
            (B::Minus, CType::Pointer(el), CType::Pointer(_)) => {
                let esize = match &**el {
                    CType::Void => Expr::uint(1, self.pw()),
                    t => {
                        self.size_expr(t).ok_or_else(|| self.error(span, "pointer subtraction on incomplete types"))?
                    }
                };
                let diff = Expr::PtrDiff(Box::new(lx), Box::new(rx));
                let e = if esize.as_const() == Some(1) { diff } else { Expr::bin(BinOp::SDiv, diff, esize) };
                return Ok((fold_or(e), self.ptrdiff_t()));
            }
            _ => {}
        }
        if !lt.is_integer() || !rt.is_integer() {
            return Err(self.invalid_operands(&op, &lt, &rt, span));
        }
        if matches!(op, B::ShiftLeft | B::ShiftRight) {
            let (plt, prt) = (self.promote(&lt), self.promote(&rt));
            let w = self.int_bits(&plt);
            let l = self.convert(lx, &lt, &plt);
            let r = self.convert(rx, &rt, &prt);
            let rw = self.int_bits(&prt);
            // The amount, as an unsigned number of the left operand's width.
            let amount = if rw > w {
                let big = fold_or(Expr::bin(BinOp::Uge, r.clone(), Expr::uint(u64::from(w), rw)));
                fold_or(Expr::ite(big, Expr::uint(u64::from(w), w), Expr::cast(CastOp::Trunc, w, r)))
            } else {
                self.resize(r, rw, w, false)
            };
            let bop = match op {
                B::ShiftLeft => BinOp::Shl,
                _ if plt.is_signed() => BinOp::AShr,
                _ => BinOp::LShr,
            };
            self.shift_amount_check(&amount, w, bop == BinOp::Shl && plt.is_signed(), span);
            if bop == BinOp::Shl && plt.is_signed() {
                self.shift_overflow_check(&l, &amount, w, span);
            }
            return Ok((fold_or(Expr::bin(bop, l, amount)), plt));
        }
        let ct = self.usual_arith(&lt, &rt);
        let l = self.convert(lx, &lt, &ct);
        let r = self.convert(rx, &rt, &ct);
        let signed = ct.is_signed();
        let w = self.int_bits(&ct);
        let bop = match op {
            B::Multiply => BinOp::Mul,
            B::Plus => BinOp::Add,
            B::Minus => BinOp::Sub,
            B::BitwiseAnd => BinOp::And,
            B::BitwiseOr => BinOp::Or,
            B::BitwiseXor => BinOp::Xor,
            B::Divide | B::Modulo => {
                let what = self.snippet(span);
                self.check(
                    Expr::bin(BinOp::Eq, r.clone(), Expr::uint(0, w)),
                    ErrorKind::DivByZero,
                    format!("division by zero in `{what}`"),
                    sp,
                );
                if signed {
                    let min = Expr::uint(1u64 << (w - 1), w);
                    let bad =
                        Expr::bin(BinOp::Eq, l.clone(), min).and(Expr::bin(BinOp::Eq, r.clone(), Expr::int(-1, w)));
                    self.check(bad, ErrorKind::DivOverflow, format!("signed division overflow in `{what}`"), sp);
                }
                let bop = match (op, signed) {
                    (B::Divide, true) => BinOp::SDiv,
                    (B::Divide, false) => BinOp::UDiv,
                    (_, true) => BinOp::SRem,
                    (_, false) => BinOp::URem,
                };
                let e = Expr::bin(bop, l, r);
                return Ok((fold(&e).unwrap_or(e), ct));
            }
            _ => return Err(self.invalid_operands(&op, &lt, &rt, span)),
        };
        if signed && matches!(bop, BinOp::Add | BinOp::Sub | BinOp::Mul) {
            self.overflow_check(bop, &l, &r, w, span);
        }
        Ok((fold_or(Expr::bin(bop, l, r)), ct))
    }

    /// With [`crate::Options::overflow_checks`]: an `overflow` error where signed `l op r`
    /// (`op` one of `+ - *`, or unary `-` as `0 - r`) does not fit in `w` bits. Below 64 bits
    /// the operation is done in twice the width; at 64 bits by the signs (`+`, `-`) and by
    /// division (`*`: `l != 0 && (l * r) / l != r`, with `-1 * MIN` apart).
    pub(crate) fn overflow_check(&mut self, op: BinOp, l: &Expr, r: &Expr, w: u32, span: &LSpan) {
        if !self.overflow_checks || self.no_eval > 0 {
            return;
        }
        let sp = self.span(span);
        let min = Expr::uint(1u64 << (w - 1), w);
        let bad = if w <= 32 {
            let ww = 2 * w;
            let x = |e: &Expr| Expr::cast(CastOp::SExt, ww, e.clone());
            let wide = Expr::bin(op, x(l), x(r));
            let lo = Expr::cast(CastOp::SExt, ww, min.clone());
            let hi = Expr::cast(CastOp::SExt, ww, Expr::uint((1u64 << (w - 1)) - 1, w));
            Expr::bin(BinOp::Slt, wide.clone(), lo).or(Expr::bin(BinOp::Sgt, wide, hi))
        } else {
            let zero = Expr::uint(0, w);
            let neg = |e: &Expr| Expr::bin(BinOp::Slt, e.clone(), zero.clone());
            let res = Expr::bin(op, l.clone(), r.clone());
            match op {
                BinOp::Add => Expr::bin(BinOp::Eq, neg(l), neg(r)).and(Expr::bin(BinOp::Ne, neg(&res), neg(l))),
                BinOp::Sub => Expr::bin(BinOp::Ne, neg(l), neg(r)).and(Expr::bin(BinOp::Ne, neg(&res), neg(l))),
                _ => {
                    let m1 = Expr::int(-1, w);
                    let trivial =
                        Expr::bin(BinOp::Eq, l.clone(), zero.clone()).or(Expr::bin(BinOp::Eq, l.clone(), m1.clone()));
                    let by_m1 = Expr::bin(BinOp::Eq, l.clone(), m1).and(Expr::bin(BinOp::Eq, r.clone(), min));
                    let back = Expr::bin(BinOp::Ne, Expr::bin(BinOp::SDiv, res, l.clone()), r.clone());
                    Expr::ite(trivial, by_m1, back)
                }
            }
        };
        let sym = match op {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            _ => "*",
        };
        self.check(bad, ErrorKind::Overflow, format!("signed overflow ({sym}) in `{}`", self.snippet(span)), sp);
    }

    /// With [`crate::Options::overflow_checks`]: an `overflow` error where a signed `l << k`
    /// (`k` below the width) has a value `l * 2^k` that does not fit in `w` bits. SV-COMP's
    /// no-overflow counts every operation of signed result type whose value is out of range, and
    /// C11 6.5.7p4 makes such a shift undefined (`1 << 31`). It fits exactly when `l >> (w - 1 -
    /// k)` (arithmetic) is 0 or -1: the bits shifted out and the new sign bit all equal the old
    /// sign. A negative `l` with a value in range (`-1 << 3`) is undefined in C11 too, but no
    /// overflow of the value, and not reported; nor is an amount of at least the width.
    pub(crate) fn shift_overflow_check(&mut self, l: &Expr, k: &Expr, w: u32, span: &LSpan) {
        if !self.overflow_checks || self.no_eval > 0 {
            return;
        }
        let sp = self.span(span);
        let in_width = Expr::bin(BinOp::Ult, k.clone(), Expr::uint(u64::from(w), w));
        let rest = Expr::bin(BinOp::AShr, l.clone(), Expr::bin(BinOp::Sub, Expr::uint(u64::from(w) - 1, w), k.clone()));
        let out =
            Expr::bin(BinOp::Ne, rest.clone(), Expr::uint(0, w)).and(Expr::bin(BinOp::Ne, rest, Expr::int(-1, w)));
        let bad = fold_or(in_width.and(out));
        self.check(bad, ErrorKind::Overflow, format!("signed overflow (<<) in `{}`", self.snippet(span)), sp);
    }

    /// A shift amount outside `0 .. w-1` (`k`, the amount as an unsigned `w`-bit number: a
    /// negative one is as large) is undefined behaviour (C11 6.5.7p3), and what the compiled
    /// program computes (x86 takes the amount modulo the width) is not kappa's 0: the error
    /// kind `shift_amount`, which no property but its own counts, so that a path through it
    /// gives no `true` (`--ub report`) or ends (`--ub stop`). A signed `<<` under
    /// `overflow_checks` reports it as an `overflow` (SV-COMP's no-overflow: `1 << 40` is no
    /// value of type `int`); UBSan reports "shift exponent … is too large"/"is negative".
    pub(crate) fn shift_amount_check(&mut self, k: &Expr, w: u32, signed_shl: bool, span: &LSpan) {
        if self.no_eval > 0 {
            return;
        }
        let bad = fold_or(Expr::bin(BinOp::Uge, k.clone(), Expr::uint(u64::from(w), w)));
        if bad == Expr::Bool(false) {
            return;
        }
        let sp = self.span(span);
        let what = self.snippet(span);
        if signed_shl && self.overflow_checks {
            self.check(bad, ErrorKind::Overflow, format!("shift amount out of range in `{what}`"), sp);
        } else {
            self.check(bad, ErrorKind::ShiftAmount, format!("shift amount out of range in `{what}`"), sp);
        }
    }

    /// A comparison as a boolean IR expression.
    pub(crate) fn comparison(&mut self, b: &'a Node<BinaryOperatorExpression>, span: &LSpan) -> Result<Expr> {
        use BinaryOperator as B;
        let sp = self.span(span);
        let l = self.expr(&b.node.lhs)?;
        let l = self.protect(l, &b.node.rhs.node, sp);
        let Value::Scalar(lx, lt) = l else {
            let rt = self.type_of_expr(&b.node.rhs)?;
            return Err(self.invalid_operands(&b.node.operator.node, &l.ty(), &rt, span));
        };
        let (rx, rt) = self.scalar(&b.node.rhs)?;
        let op = &b.node.operator.node;
        let (l, r, signed) = match (&lt, &rt) {
            (CType::Int { .. }, CType::Int { .. }) => {
                let ct = self.usual_arith(&lt, &rt);
                (self.convert(lx, &lt, &ct), self.convert(rx, &rt, &ct), ct.is_signed())
            }
            (CType::Pointer(_), CType::Pointer(_)) => (lx, rx, false),
            (CType::Pointer(_), CType::Int { .. }) if is_null_constant(&fold_or(rx.clone()), &rt) => {
                (lx, Expr::Null, false)
            }
            (CType::Int { .. }, CType::Pointer(_)) if is_null_constant(&fold_or(lx.clone()), &lt) => {
                (Expr::Null, rx, false)
            }
            _ => return Err(self.invalid_operands(op, &lt, &rt, span)),
        };
        let bop = match (op, signed) {
            (B::Equals, _) => BinOp::Eq,
            (B::NotEquals, _) => BinOp::Ne,
            (B::Less, true) => BinOp::Slt,
            (B::Less, false) => BinOp::Ult,
            (B::Greater, true) => BinOp::Sgt,
            (B::Greater, false) => BinOp::Ugt,
            (B::LessOrEqual, true) => BinOp::Sle,
            (B::LessOrEqual, false) => BinOp::Ule,
            (B::GreaterOrEqual, true) => BinOp::Sge,
            _ => BinOp::Uge,
        };
        Ok(fold_or(Expr::bin(bop, l, r)))
    }

    fn assign(&mut self, lhs: &'a Node<Expression>, rhs: &'a Node<Expression>, span: &LSpan) -> Result<Value> {
        let sp = self.span(span);
        let place = self.place(lhs)?;
        let place = if has_side_effects(&rhs.node) { self.stable_place(place, sp) } else { place };
        let lty = match &place {
            Place::Reg(_, t) => t.clone(),
            Place::Mem(mp) => mp.ty.clone(),
        };
        if let CType::Array(..) = lty {
            return Err(self.error(span, "array type is not assignable"));
        }
        let v = self.expr(rhs)?;
        match (v, &place) {
            (Value::Agg(src), Place::Mem(dst)) => {
                if !self.same_type(&src.ty, &dst.ty) {
                    return Err(self.error(
                        span,
                        format!(
                            "incompatible types: `{}` assigned to `{}`",
                            self.ty_str(&src.ty),
                            self.ty_str(&dst.ty)
                        ),
                    ));
                }
                self.copy_aggregate(dst, &src, sp);
                Ok(Value::Agg(dst.clone()))
            }
            (Value::Scalar(x, t), _) => {
                let x = self.assign_convert(x, &t, &lty, span)?;
                self.store(&place, x.clone(), sp);
                Ok(Value::Scalar(self.reread(&place, x), lty))
            }
            (v, _) => Err(self.error(
                span,
                format!("incompatible types: `{}` assigned to `{}`", self.ty_str(&v.ty()), self.ty_str(&lty)),
            )),
        }
    }

    /// The type of a conditional's arm, remembered by the arm's node (see `arm_types`) unless
    /// it names a variable-length array's length register, which lowering the arm again makes
    /// anew.
    fn arm_type(&mut self, e: &'a Node<Expression>) -> Result<CType> {
        fn has_vla(t: &CType) -> bool {
            match t {
                CType::Pointer(t) => has_vla(t),
                CType::Array(t, n) => matches!(n, ArrayLen::Variable(_)) || has_vla(t),
                CType::Function(f) => has_vla(&f.ret) || f.params.iter().any(has_vla),
                _ => false,
            }
        }
        let key = e as *const Node<Expression> as usize;
        if let Some(t) = self.arm_types.get(&key) {
            return Ok(t.clone());
        }
        let t = self.type_of_expr(e)?;
        if !has_vla(&t) {
            self.arm_types.insert(key, t.clone());
        }
        Ok(t)
    }

    fn conditional(&mut self, c: &'a Node<ConditionalExpression>, span: &LSpan) -> Result<Value> {
        let sp = self.span(span);
        // Types of both arms decide the result type; evaluate each on its own branch.
        let tt = self.arm_type(&c.node.then_expression)?;
        let ft = self.arm_type(&c.node.else_expression)?;
        let rty = if tt.is_integer() && ft.is_integer() {
            self.usual_arith(&tt, &ft)
        } else if tt == CType::Void || ft == CType::Void {
            CType::Void
        } else if tt.is_pointer() {
            tt.clone()
        } else if ft.is_pointer() {
            ft.clone()
        } else {
            tt.clone()
        };
        // A constant condition selects its arm without control flow, so that `c ? a : b` over
        // constants is an integer constant expression (C11 6.6; glibc's `_ISbit` in enums).
        if rty.is_scalar() {
            let cond = self.without_effect(|l| l.bool_of(&c.node.condition).map(|e| fold(&e)))?;
            if let Some(Expr::Bool(b)) = cond {
                let arm = if b { &c.node.then_expression } else { &c.node.else_expression };
                let (x, t) = self.scalar(arm)?;
                let x = self.assign_convert(x, &t, &rty, &arm.span)?;
                return Ok(Value::Scalar(x, rty));
            }
        }
        let (tl, fl, join) = (self.fcx.b.fresh(), self.fcx.b.fresh(), self.fcx.b.fresh());
        self.cond_expr(&c.node.condition, tl, fl)?;
        let result: Option<Place> = match &rty {
            CType::Void => None,
            CType::Struct(_) => {
                let size = self.size_of(&rty);
                let obj = self.new_slot("$tmp", rty.clone(), size, sp);
                let pw = self.pw();
                self.fcx.b.step(
                    Op::Alloc {
                        target: AllocTarget::Slot(obj),
                        region: Region::Stack,
                        size: Expr::uint(size.unwrap_or(0), pw),
                        init: AllocInit::Nondet,
                    },
                    sp,
                );
                Some(Place::Mem(MemPlace {
                    bits: None,
                    addr: Expr::AddrOf(obj),
                    ty: rty.clone(),
                    base: None,
                    checks: Vec::new(),
                    root: Some(obj),
                    span: *span,
                }))
            }
            t => Some(Place::Reg(self.temp(t.clone()), t.clone())),
        };
        for (l, arm) in [(tl, &c.node.then_expression), (fl, &c.node.else_expression)] {
            self.fcx.b.cur = l;
            let v = self.expr(arm)?;
            match (&result, v) {
                (None, _) => {}
                (Some(Place::Mem(dst)), Value::Agg(src)) => self.copy_aggregate(dst, &src, sp),
                (Some(p @ Place::Reg(..)), Value::Scalar(x, t)) => {
                    let x = self.assign_convert(x, &t, &rty, &arm.span)?;
                    self.store(p, x, sp);
                }
                (Some(_), v) => {
                    return Err(self.error(
                        &arm.span,
                        format!("incompatible operand types in conditional: `{}`", self.ty_str(&v.ty())),
                    ));
                }
            }
            self.fcx.b.join(join, sp);
        }
        self.fcx.b.cur = join;
        match result {
            None => Ok(Value::Void),
            Some(Place::Reg(v, t)) => Ok(Value::Scalar(Expr::Var(v), t)),
            Some(Place::Mem(mp)) => Ok(Value::Agg(mp)),
        }
    }

    /// Branches on a condition: `&&`, `||` and `!` become control flow.
    pub(crate) fn cond_expr(&mut self, e: &'a Node<Expression>, t: Loc, f: Loc) -> Result<()> {
        let sp = self.span(&e.span);
        match &e.node {
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) =>
            {
                self.cond(b, t, f, &e.span)
            }
            Expression::UnaryOperator(u) if matches!(u.node.operator.node, UnaryOperator::Negate) => {
                self.cond_expr(&u.node.operand, f, t)
            }
            Expression::BinaryOperator(b)
                if matches!(
                    b.node.operator.node,
                    BinaryOperator::Less
                        | BinaryOperator::Greater
                        | BinaryOperator::LessOrEqual
                        | BinaryOperator::GreaterOrEqual
                        | BinaryOperator::Equals
                        | BinaryOperator::NotEquals
                ) =>
            {
                let c = self.comparison(b, &e.span)?;
                self.fcx.b.branch(c, t, f, sp);
                Ok(())
            }
            Expression::Comma(list) => {
                let (last, init) = list.split_last().ok_or_else(|| self.error(&e.span, "empty expression"))?;
                for x in init {
                    self.expr(x)?;
                }
                self.cond_expr(last, t, f)
            }
            _ => {
                let c = self.bool_of(e)?;
                self.fcx.b.branch(c, t, f, sp);
                Ok(())
            }
        }
    }

    fn cond(&mut self, b: &'a Node<BinaryOperatorExpression>, t: Loc, f: Loc, _span: &LSpan) -> Result<()> {
        let mid = self.fcx.b.fresh();
        match b.node.operator.node {
            BinaryOperator::LogicalAnd => self.cond_expr(&b.node.lhs, mid, f)?,
            _ => self.cond_expr(&b.node.lhs, t, mid)?,
        }
        self.fcx.b.cur = mid;
        self.cond_expr(&b.node.rhs, t, f)
    }

    fn statement_expr(&mut self, s: &'a Node<Statement>) -> Result<Value> {
        let Statement::Compound(items) = &s.node else {
            return Err(self.error(&s.span, "statement expression without braces"));
        };
        self.push_scope();
        let mut last = Value::Void;
        let r = (|| {
            for (k, item) in items.iter().enumerate() {
                match &item.node {
                    BlockItem::Statement(st) if k + 1 == items.len() => {
                        if let Statement::Expression(Some(e)) = &st.node {
                            last = self.expr(e)?;
                        } else {
                            self.statement(st)?;
                        }
                    }
                    _ => self.block_item(item)?,
                }
            }
            Ok(())
        })();
        self.pop_scope();
        r?;
        Ok(last)
    }

    fn compound_literal(
        &mut self,
        ty: CType,
        items: &'a [Node<InitializerListItem>],
        span: &LSpan,
    ) -> Result<MemPlace> {
        let sp = self.span(span);
        let (ty, leaves) = self.init_leaves_list(&ty, items)?;
        let size = self.size_of(&ty).ok_or_else(|| self.error(span, "compound literal of incomplete type"))?;
        let obj = self.new_slot("$lit", ty.clone(), Some(size), sp);
        let pw = self.pw();
        self.fcx.b.step(
            Op::Alloc {
                target: AllocTarget::Slot(obj),
                region: Region::Stack,
                size: Expr::uint(size, pw),
                init: AllocInit::Zero,
            },
            sp,
        );
        self.store_leaves(obj, leaves)?;
        Ok(MemPlace::object(obj, ty, *span))
    }
}

/// The named object an address points into, and the constant offset if it is one.
pub(crate) fn static_object(e: &Expr) -> Option<(ObjId, Option<u64>)> {
    match e {
        Expr::AddrOf(o) => Some((*o, Some(0))),
        Expr::PtrAdd(b, off) => {
            let (o, base_off) = static_object(b)?;
            match (base_off, off.as_const()) {
                (Some(x), Some(y)) => Some((o, Some(x.wrapping_add(y)))),
                _ => Some((o, None)),
            }
        }
        _ => None,
    }
}

pub(crate) fn root_of(e: &Expr) -> Option<ObjId> {
    static_object(e).map(|(o, _)| o)
}

pub(crate) fn fold_or(e: Expr) -> Expr {
    fold(&e).unwrap_or(e)
}

pub(crate) fn bool_to_int(c: Expr) -> Expr {
    match c {
        Expr::Bool(b) => Expr::int(b as i128, 32),
        c => Expr::ite(c, Expr::int(1, 32), Expr::int(0, 32)),
    }
}

fn op_symbol(op: &BinaryOperator) -> &'static str {
    use BinaryOperator as B;
    match op {
        B::Multiply => "*",
        B::Divide => "/",
        B::Modulo => "%",
        B::Plus => "+",
        B::Minus => "-",
        B::ShiftLeft => "<<",
        B::ShiftRight => ">>",
        B::Less => "<",
        B::Greater => ">",
        B::LessOrEqual => "<=",
        B::GreaterOrEqual => ">=",
        B::Equals => "==",
        B::NotEquals => "!=",
        B::BitwiseAnd => "&",
        B::BitwiseXor => "^",
        B::BitwiseOr => "|",
        _ => "operator",
    }
}

#[allow(dead_code)]
fn signed_value(bits: u64, width: u32) -> i64 {
    to_signed(bits, width)
}
