//! Initialisers (C11 6.7.9): braced lists with designators and brace elision are flattened into
//! leaves (a scalar expression or string bytes at a byte offset). Static objects turn the leaves
//! into constant [`InitItem`]s; automatic objects store them after a zeroing allocation.

use super::expr::{fold_or, MemPlace, Place, Value};
use super::{GlobalEntry, Lowerer, Sym};
use crate::diag::Result;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};
use std::sync::Arc;

pub(crate) enum Leaf<'a> {
    /// A scalar (or a struct value, for `struct s x = y;` inside a list).
    Expr {
        off: u64,
        ty: CType,
        e: &'a Node<Expression>,
    },
    Bytes {
        off: u64,
        bytes: Vec<u8>,
    },
}

/// An initialiser item that is the constant 0, or a braced list of such items.
fn is_zero_item(item: &Node<InitializerListItem>) -> bool {
    match &item.node.initializer.node {
        Initializer::Expression(e) => matches!(&e.node, Expression::Constant(c)
            if matches!(&c.node, Constant::Integer(i) if i.number.trim_start_matches('0').is_empty())),
        Initializer::List(l) => l.iter().all(is_zero_item),
    }
}

fn is_char(t: &CType) -> bool {
    matches!(t, CType::Int { rank: IntRank::Char, .. })
}

impl<'a> Lowerer<'a> {
    /// The leaves of an initialiser, and the type completed by it (`int a[] = {1, 2}`).
    pub(crate) fn init_leaves(&mut self, ty: &CType, init: &'a Node<Initializer>) -> Result<(CType, Vec<Leaf<'a>>)> {
        match &init.node {
            Initializer::List(items) => self.init_leaves_list(ty, items),
            Initializer::Expression(e) => {
                if let (CType::Array(el, len), Expression::StringLiteral(s)) = (ty, &e.node) {
                    if is_char(el) {
                        let bytes = self.string_bytes(&s.node, &e.span)?;
                        let ty = match len {
                            ArrayLen::Incomplete => CType::Array(el.clone(), ArrayLen::Fixed(bytes.len() as u64)),
                            _ => ty.clone(),
                        };
                        return Ok((ty.clone(), vec![Leaf::Bytes { off: 0, bytes: self.fit_string(bytes, &ty) }]));
                    }
                }
                if let CType::Array(..) = ty {
                    return Err(self.error(&e.span, "array initialiser must be a braced list or a string literal"));
                }
                Ok((ty.clone(), vec![Leaf::Expr { off: 0, ty: ty.clone(), e }]))
            }
        }
    }

    /// A string for a char array of known length drops the NUL that does not fit (C11 6.7.9p14).
    fn fit_string(&self, mut bytes: Vec<u8>, ty: &CType) -> Vec<u8> {
        if let CType::Array(_, ArrayLen::Fixed(n)) = ty {
            bytes.truncate(*n as usize);
        }
        bytes
    }

    pub(crate) fn init_leaves_list(
        &mut self,
        ty: &CType,
        items: &'a [Node<InitializerListItem>],
    ) -> Result<(CType, Vec<Leaf<'a>>)> {
        let mut out = Vec::new();
        let mut ty = ty.clone();
        if ty.is_scalar() {
            let Some(first) = items.first() else { return Ok((ty, out)) };
            match &first.node.initializer.node {
                Initializer::Expression(e) => out.push(Leaf::Expr { off: 0, ty: ty.clone(), e }),
                Initializer::List(inner) => return self.init_leaves_list(&ty, inner),
            }
            return Ok((ty, out));
        }
        // `char s[] = {"abc"}`
        if let (CType::Array(el, _), [item]) = (&ty, items) {
            if let Initializer::Expression(e) = &item.node.initializer.node {
                if matches!(e.node, Expression::StringLiteral(_)) && is_char(el) && item.node.designation.is_empty() {
                    return self.init_leaves(&ty, &item.node.initializer);
                }
            }
        }
        let mut idx = 0;
        let mut count = 0;
        self.fill(&ty, 0, items, &mut idx, true, false, &mut out, &mut count)?;
        if let CType::Array(el, ArrayLen::Incomplete) = &ty {
            ty = CType::Array(el.clone(), ArrayLen::Fixed(count));
        }
        Ok((ty, out))
    }

    /// Initialises the object of type `ty` at `off` from `items[*idx..]`. A braced object takes
    /// all items of its list; an elided one (brace elision) takes what it needs and stops at a
    /// designator, which belongs to the enclosing list. `count` receives the number of array
    /// elements initialised (for incomplete arrays).
    #[allow(clippy::too_many_arguments)]
    fn fill(
        &mut self,
        ty: &CType,
        off: u64,
        items: &'a [Node<InitializerListItem>],
        idx: &mut usize,
        braced: bool,
        mut first_designated_ok: bool,
        out: &mut Vec<Leaf<'a>>,
        count: &mut u64,
    ) -> Result<()> {
        match ty {
            CType::Array(el, len) => {
                let esize = self.size_of(el).ok_or_else(|| self.error(&items[0].span, "array of incomplete type"))?;
                let n = match len {
                    ArrayLen::Fixed(n) => Some(*n),
                    _ => None,
                };
                let mut i = 0u64;
                while *idx < items.len() {
                    let item = &items[*idx];
                    if !item.node.designation.is_empty() && !first_designated_ok {
                        if !braced {
                            return Ok(());
                        }
                        let desig = &item.node.designation;
                        let (lo, hi) = match &desig[0].node {
                            Designator::Index(e) => {
                                let v = self.const_int(e)?;
                                (v, v)
                            }
                            Designator::Range(r) => (self.const_int(&r.node.from)?, self.const_int(&r.node.to)?),
                            Designator::Member(m) => {
                                return Err(self.error(&m.span, "field designator in an array initialiser"))
                            }
                        };
                        if lo < 0 || n.is_some_and(|n| hi as u64 >= n) {
                            return Err(self.error(&desig[0].span, "array designator index out of bounds"));
                        }
                        let start = *idx;
                        for k in lo..=hi {
                            *idx = start;
                            self.designated(el, off + k as u64 * esize, &desig[1..], items, idx, out)?;
                        }
                        i = hi as u64 + 1;
                        *count = (*count).max(i);
                        continue;
                    }
                    first_designated_ok = false;
                    if n.is_some_and(|n| i >= n) {
                        if braced {
                            *idx += 1; // excess elements: gcc warns and drops them
                            continue;
                        }
                        return Ok(());
                    }
                    self.init_sub(el, off + i * esize, items, idx, out)?;
                    i += 1;
                    *count = (*count).max(i);
                }
                Ok(())
            }
            CType::Struct(id) => {
                // Bit-fields are not among the struct's byte-addressed fields: a list of zeros
                // (`= {0}`) is what the zeroing allocation gives; any other value is not placed.
                if self.bitfields.keys().any(|(s, _)| s == id) {
                    if braced && items.iter().all(is_zero_item) {
                        *idx = items.len();
                        return Ok(());
                    }
                    return Err(self.unsupported(
                        &items.get(*idx).or(items.first()).map(|i| i.span).unwrap_or_else(LSpan::none),
                        "initialiser of a struct with bit-fields (other than `{0}`)",
                    ));
                }
                let sdef = self.prog.structs[id.0 as usize].clone();
                if !sdef.complete {
                    return Err(self.error(
                        &items.first().map(|i| i.span).unwrap_or_else(LSpan::none),
                        "initialiser for incomplete type",
                    ));
                }
                let mut f = 0usize;
                while *idx < items.len() {
                    let item = &items[*idx];
                    if !item.node.designation.is_empty() && !first_designated_ok {
                        if !braced {
                            return Ok(());
                        }
                        let desig = &item.node.designation;
                        let Designator::Member(m) = &desig[0].node else {
                            return Err(self.error(&desig[0].span, "array designator in a struct initialiser"));
                        };
                        let name = &m.node.name;
                        match sdef.fields.iter().position(|fl| fl.name.as_deref() == Some(name.as_str())) {
                            Some(k) => {
                                let fl = &sdef.fields[k];
                                self.designated(&fl.ty, off + fl.offset, &desig[1..], items, idx, out)?;
                                f = k + 1;
                            }
                            None => {
                                // A member of an anonymous struct/union member.
                                let (fty, foff) = self.field(ty, name, &m.span)?;
                                self.designated(&fty, off + foff, &desig[1..], items, idx, out)?;
                                f = sdef.fields.len();
                            }
                        }
                        if sdef.is_union && !braced {
                            return Ok(());
                        }
                        continue;
                    }
                    first_designated_ok = false;
                    if f >= sdef.fields.len() || (sdef.is_union && f >= 1) {
                        if braced {
                            *idx += 1;
                            continue;
                        }
                        return Ok(());
                    }
                    let fl = &sdef.fields[f];
                    if fl.name.is_some() || matches!(fl.ty, CType::Struct(_)) {
                        self.init_sub(&fl.ty, off + fl.offset, items, idx, out)?;
                    }
                    f += 1;
                }
                Ok(())
            }
            t => {
                // A scalar in an elided context takes one item.
                if *idx < items.len() {
                    self.init_sub(t, off, items, idx, out)?;
                }
                Ok(())
            }
        }
    }

    /// Follows the remaining designators of `items[*idx]`, then initialises that subobject.
    fn designated(
        &mut self,
        ty: &CType,
        off: u64,
        rest: &'a [Node<Designator>],
        items: &'a [Node<InitializerListItem>],
        idx: &mut usize,
        out: &mut Vec<Leaf<'a>>,
    ) -> Result<()> {
        let (mut ty, mut off) = (ty.clone(), off);
        for d in rest {
            match &d.node {
                Designator::Member(m) => {
                    let (t, o) = self.field(&ty, &m.node.name, &m.span)?;
                    ty = t;
                    off += o;
                }
                Designator::Index(e) => {
                    let k = self.const_int(e)?;
                    let CType::Array(el, _) = ty.clone() else {
                        return Err(self.error(&d.span, "array designator for a non-array"));
                    };
                    off += k as u64 * self.size_of(&el).unwrap_or(0);
                    ty = (*el).clone();
                }
                Designator::Range(_) => return Err(self.unsupported(&d.span, "nested range designators")),
            }
        }
        let item = &items[*idx];
        match &item.node.initializer.node {
            Initializer::List(list) => {
                *idx += 1;
                self.braced(&ty, off, list, out)
            }
            Initializer::Expression(e) => {
                if ty.is_aggregate() && !self.initialises_whole(&ty, e)? {
                    let mut c = 0;
                    return self.fill(&ty, off, items, idx, false, true, out, &mut c);
                }
                *idx += 1;
                self.expr_leaf(&ty, off, e, out)
            }
        }
    }

    fn init_sub(
        &mut self,
        ty: &CType,
        off: u64,
        items: &'a [Node<InitializerListItem>],
        idx: &mut usize,
        out: &mut Vec<Leaf<'a>>,
    ) -> Result<()> {
        let item = &items[*idx];
        match &item.node.initializer.node {
            Initializer::List(list) => {
                *idx += 1;
                self.braced(ty, off, list, out)
            }
            Initializer::Expression(e) => {
                if ty.is_aggregate() && !self.initialises_whole(ty, e)? {
                    let mut c = 0;
                    return self.fill(ty, off, items, idx, false, false, out, &mut c);
                }
                *idx += 1;
                self.expr_leaf(ty, off, e, out)
            }
        }
    }

    /// Whether an expression initialises a whole aggregate (a string for a char array, a struct
    /// value of the same type), rather than its first element by brace elision.
    fn initialises_whole(&mut self, ty: &CType, e: &'a Node<Expression>) -> Result<bool> {
        match ty {
            CType::Array(el, _) => Ok(is_char(el) && matches!(e.node, Expression::StringLiteral(_))),
            CType::Struct(_) => Ok(self.type_of_expr(e)? == *ty),
            _ => Ok(true),
        }
    }

    fn expr_leaf(&mut self, ty: &CType, off: u64, e: &'a Node<Expression>, out: &mut Vec<Leaf<'a>>) -> Result<()> {
        if let (CType::Array(el, _), Expression::StringLiteral(s)) = (ty, &e.node) {
            if is_char(el) {
                let bytes = self.string_bytes(&s.node, &e.span)?;
                out.push(Leaf::Bytes { off, bytes: self.fit_string(bytes, ty) });
                return Ok(());
            }
        }
        out.push(Leaf::Expr { off, ty: ty.clone(), e });
        Ok(())
    }

    fn braced(
        &mut self,
        ty: &CType,
        off: u64,
        list: &'a [Node<InitializerListItem>],
        out: &mut Vec<Leaf<'a>>,
    ) -> Result<()> {
        let (_, leaves) = self.init_leaves_list(ty, list)?;
        for l in leaves {
            out.push(match l {
                Leaf::Expr { off: o, ty, e } => Leaf::Expr { off: off + o, ty, e },
                Leaf::Bytes { off: o, bytes } => Leaf::Bytes { off: off + o, bytes },
            });
        }
        Ok(())
    }

    /// Stores the leaves into a freshly (zero-)allocated local object.
    pub(crate) fn store_leaves(&mut self, obj: ObjId, leaves: Vec<Leaf<'a>>) -> Result<()> {
        for leaf in leaves {
            match leaf {
                Leaf::Bytes { off, bytes } => {
                    for (k, b) in bytes.iter().enumerate() {
                        if *b == 0 {
                            continue; // the allocation zeroed it
                        }
                        let addr = self.offset_ptr(Expr::AddrOf(obj), off + k as u64);
                        let sp = self.span(&LSpan::none());
                        self.fcx.b.step(Op::Store { ptr: addr, value: Expr::uint(u64::from(*b), 8) }, sp);
                    }
                }
                Leaf::Expr { off, ty, e } => {
                    let sp = self.span(&e.span);
                    let addr = self.offset_ptr(Expr::AddrOf(obj), off);
                    let dst = MemPlace {
                        bits: None,
                        root: Some(obj),
                        addr,
                        ty: ty.clone(),
                        base: None,
                        checks: Vec::new(),
                        span: e.span,
                    };
                    match self.expr(e)? {
                        Value::Agg(src) => {
                            if src.ty != ty {
                                return Err(self.error(&e.span, "initialiser has the wrong struct type"));
                            }
                            self.copy_aggregate(&dst, &src, sp);
                        }
                        Value::Scalar(x, t) => {
                            let x = self.assign_convert(x, &t, &ty, &e.span)?;
                            self.store(&Place::Mem(dst), x, sp);
                        }
                        Value::Void => return Err(self.error(&e.span, "a void value is used")),
                    }
                }
            }
        }
        Ok(())
    }

    /// A constant initialiser of a scalar of static storage.
    pub(crate) fn static_scalar(&mut self, ty: &CType, init: &'a Node<Initializer>) -> Result<Expr> {
        let mark = self.fcx.b.mark();
        let (x, t) = self.scalar_initializer(init)?;
        let x = self.assign_convert(x, &t, ty, &init.span)?;
        self.const_init_value(x, mark, &init.span)
    }

    fn const_init_value(&mut self, x: Expr, mark: (usize, usize, Loc), span: &LSpan) -> Result<Expr> {
        let emitted = self.fcx.b.mark().0 != mark.0;
        match super::fold::fold(&x) {
            Some(c @ (Expr::Int { .. } | Expr::Null | Expr::AddrOf(_) | Expr::PtrAdd(..))) if !emitted => Ok(c),
            _ => Err(self.error(span, "initialiser element is not a compile-time constant")),
        }
    }

    /// The constant contents of an object of static storage.
    pub(crate) fn static_aggregate(
        &mut self,
        ty: &CType,
        init: &'a Node<Initializer>,
    ) -> Result<(CType, Vec<InitItem>)> {
        let (ty, leaves) = self.init_leaves(ty, init)?;
        let mut items: Vec<InitItem> = Vec::new();
        for leaf in leaves {
            match leaf {
                Leaf::Bytes { off, bytes } => {
                    for (k, b) in bytes.iter().enumerate() {
                        items.push(InitItem { offset: off + k as u64, value: Expr::uint(u64::from(*b), 8) });
                    }
                }
                Leaf::Expr { off, ty: lty, e } => {
                    if !lty.is_scalar() {
                        return Err(self.error(&e.span, "initialiser element is not a compile-time constant"));
                    }
                    let mark = self.fcx.b.mark();
                    let (x, t) = self.scalar(e)?;
                    let x = self.assign_convert(x, &t, &lty, &e.span)?;
                    let c = self.const_init_value(x, mark, &e.span)?;
                    items.push(InitItem { offset: off, value: c });
                }
            }
        }
        // Later initialisers of the same subobject override earlier ones; zeros are implicit.
        let mut by_off: std::collections::BTreeMap<u64, Expr> = std::collections::BTreeMap::new();
        for it in items {
            by_off.insert(it.offset, it.value);
        }
        let items = by_off
            .into_iter()
            .filter(|(_, v)| !matches!(v, Expr::Int { bits: 0, .. } | Expr::Null))
            .map(|(offset, value)| InitItem { offset, value })
            .collect();
        Ok((ty, items))
    }

    /// A block-scope `extern` declaration refers to the file-scope variable of that name.
    pub(crate) fn extern_global(&mut self, name: String, ty: CType, span: LSpan) -> Result<usize> {
        if let Some(Sym::Global(i)) = self.scopes[0].get(&name) {
            return Ok(*i);
        }
        self.globals.push(GlobalEntry { name: name.clone(), ty, init: None, span, sym: None, defined: false });
        let i = self.globals.len() - 1;
        self.scopes[0].insert(name, Sym::Global(i));
        Ok(i)
    }

    #[allow(dead_code)]
    fn array_of(&self, el: CType, n: u64) -> CType {
        CType::Array(Arc::new(el), ArrayLen::Fixed(n))
    }

    #[allow(dead_code)]
    fn folded(&self, e: Expr) -> Expr {
        fold_or(e)
    }
}
