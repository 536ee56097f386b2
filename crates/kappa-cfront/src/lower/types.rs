//! C types: declaration specifiers and declarators to [`CType`], struct layout, and the integer
//! conversions of C11 6.3.1 (promotions, usual arithmetic conversions).

use super::{Lowerer, Sym, TagSym};
use crate::diag::Result;
use kappa_ir::{ArrayLen, CType, CastOp, Expr, Field, FloatKind, FuncType, IntRank, StructDef, StructId};
use lang_c::ast::*;
use lang_c::span::Node;
use std::sync::Arc;

/// What a declaration's specifiers say besides the type.
#[derive(Default, Clone, Copy)]
pub(crate) struct Storage {
    pub typedef: bool,
    pub is_extern: bool,
    pub is_static: bool,
}

/// A declared type and name.
pub(crate) struct Declared {
    pub ty: CType,
    pub name: Option<(String, lang_c::span::Span)>,
    /// Parameter names of a function declarator, for definitions.
    pub params: Vec<Option<(String, lang_c::span::Span)>>,
}

impl<'a> Lowerer<'a> {
    pub(crate) fn int_bits(&self, t: &CType) -> u32 {
        match t {
            CType::Int { rank, .. } => self.dm.int_bits(*rank),
            _ => self.dm.ptr_bits(),
        }
    }

    pub(crate) fn size_of(&self, t: &CType) -> Option<u64> {
        kappa_ir::Layout { dm: self.dm, structs: &self.prog.structs }.size_of(t)
    }

    pub(crate) fn align_of(&self, t: &CType) -> u64 {
        kappa_ir::Layout { dm: self.dm, structs: &self.prog.structs }.align_of(t)
    }

    pub(crate) fn ty_str(&self, t: &CType) -> String {
        kappa_ir::types::c_decl(&self.prog.structs, t, "")
    }

    /// The `size_t` type of the data model.
    pub(crate) fn size_t(&self) -> CType {
        CType::ULONG
    }

    pub(crate) fn ptrdiff_t(&self) -> CType {
        CType::LONG
    }

    /// Integer promotion (C11 6.3.1.1): ranks below int become int (every such type fits).
    pub(crate) fn promote(&self, t: &CType) -> CType {
        match t {
            CType::Int { rank, .. } if *rank < IntRank::Int => CType::INT,
            _ => t.clone(),
        }
    }

    /// Usual arithmetic conversions (C11 6.3.1.8) for two promoted integer types.
    pub(crate) fn usual_arith(&self, a: &CType, b: &CType) -> CType {
        let (a, b) = (self.promote(a), self.promote(b));
        let (CType::Int { rank: ra, signed: sa }, CType::Int { rank: rb, signed: sb }) = (&a, &b) else {
            return a;
        };
        if a == b {
            return a;
        }
        if sa == sb {
            return if ra >= rb { a.clone() } else { b.clone() };
        }
        let (s_rank, u_rank) = if *sa { (*ra, *rb) } else { (*rb, *ra) };
        let (signed_t, unsigned_t) = if *sa { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
        if u_rank >= s_rank {
            return unsigned_t;
        }
        if self.dm.int_bits(s_rank) > self.dm.int_bits(u_rank) {
            return signed_t;
        }
        CType::Int { rank: s_rank, signed: false }
    }

    /// Converts an integer or pointer expression between scalar types, as C's conversion does.
    pub(crate) fn convert(&self, e: Expr, from: &CType, to: &CType) -> Expr {
        if let CType::Int { rank: IntRank::Bool, .. } = to {
            if matches!(from, CType::Int { rank: IntRank::Bool, .. }) {
                return e;
            }
            let zero = self.zero_of(from);
            let c = fold_bool(Expr::bin(kappa_ir::BinOp::Ne, e, zero));
            return match c {
                Expr::Bool(b) => Expr::uint(b as u64, 8),
                c => Expr::ite(c, Expr::uint(1, 8), Expr::uint(0, 8)),
            };
        }
        match (from, to) {
            (CType::Int { .. }, CType::Int { .. }) => {
                let (fw, tw) = (self.int_bits(from), self.int_bits(to));
                self.resize(e, fw, tw, from.is_signed())
            }
            _ => e,
        }
    }

    /// Resizes an integer expression, folding constants.
    pub(crate) fn resize(&self, e: Expr, from: u32, to: u32, signed: bool) -> Expr {
        use std::cmp::Ordering::*;
        match from.cmp(&to) {
            Equal => e,
            Greater => match e {
                Expr::Int { bits, .. } => Expr::uint(bits, to),
                e => Expr::cast(CastOp::Trunc, to, e),
            },
            Less => match e {
                Expr::Int { bits, .. } if signed => Expr::int(kappa_ir::expr::to_signed(bits, from) as i128, to),
                Expr::Int { bits, .. } => Expr::uint(bits, to),
                e => Expr::cast(if signed { CastOp::SExt } else { CastOp::ZExt }, to, e),
            },
        }
    }

    pub(crate) fn zero_of(&self, t: &CType) -> Expr {
        match t {
            CType::Pointer(_) => Expr::Null,
            _ => Expr::uint(0, self.int_bits(t)),
        }
    }

    /// The base type of declaration specifiers, and the storage class.
    pub(crate) fn base_type(
        &mut self,
        specs: &'a [Node<DeclarationSpecifier>],
        span: &lang_c::span::Span,
    ) -> Result<(CType, Storage)> {
        let mut storage = Storage::default();
        let mut ts: Vec<&'a Node<TypeSpecifier>> = Vec::new();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::StorageClass(sc) => match sc.node {
                    StorageClassSpecifier::Typedef => storage.typedef = true,
                    StorageClassSpecifier::Extern => storage.is_extern = true,
                    StorageClassSpecifier::Static => storage.is_static = true,
                    StorageClassSpecifier::ThreadLocal => {
                        return Err(self.unsupported(&sc.span, "thread-local storage"))
                    }
                    _ => {}
                },
                DeclarationSpecifier::TypeSpecifier(t) => ts.push(t),
                _ => {}
            }
        }
        // `struct S { … } __attribute__((packed))`: the definition is marked before it is laid out.
        let packed = specs.iter().any(|s| matches!(&s.node, DeclarationSpecifier::Extension(e) if has_packed(e)));
        self.mark_packed_definition(&ts, packed);
        let mut aligned = None;
        for s in specs {
            if let DeclarationSpecifier::Extension(e) = &s.node {
                aligned = aligned.max(self.aligned_attr(e)?);
            }
        }
        self.mark_aligned_definition(&ts, aligned);
        let ty = self.type_from_specifiers(&ts, span)?;
        Ok((ty, storage))
    }

    pub(crate) fn specifier_qualifier_type(
        &mut self,
        specs: &'a [Node<SpecifierQualifier>],
        span: &lang_c::span::Span,
    ) -> Result<CType> {
        let ts = type_specifiers(specs);
        let packed = specs.iter().any(|s| matches!(&s.node, SpecifierQualifier::Extension(e) if has_packed(e)));
        self.mark_packed_definition(&ts, packed);
        let mut aligned = None;
        for s in specs {
            if let SpecifierQualifier::Extension(e) = &s.node {
                aligned = aligned.max(self.aligned_attr(e)?);
            }
        }
        self.mark_aligned_definition(&ts, aligned);
        self.type_from_specifiers(&ts, span)
    }

    /// `__attribute__((aligned(N)))` (or `aligned` alone: 16, gcc's biggest alignment on x86)
    /// among the attributes: N, a power of two.
    pub(crate) fn aligned_attr(&mut self, e: &'a [Node<Extension>]) -> Result<Option<u64>> {
        let mut best = None;
        for x in e {
            let Extension::Attribute(a) = &x.node else { continue };
            if a.name.node != "aligned" && a.name.node != "__aligned__" {
                continue;
            }
            let n = match a.arguments.as_slice() {
                [] => 16,
                [arg] => {
                    let n = self.const_int(arg)?;
                    if n <= 0 || (n & (n - 1)) != 0 {
                        return Err(self.error(&arg.span, format!("requested alignment {n} is not a power of two")));
                    }
                    n as u64
                }
                _ => return Err(self.error(&x.span, "`aligned` takes at most one argument")),
            };
            best = best.max(Some(n));
        }
        Ok(best)
    }

    /// An `aligned` attribute on a typedef makes a type of another alignment, which kappa's types
    /// do not carry: the name is noted and its uses are refused (a struct defined in the typedef
    /// takes the attribute, as gcc does).
    pub(crate) fn note_aligned_typedef(
        &mut self,
        name: &str,
        ty: &CType,
        d: &'a Node<Declarator>,
        specs: &'a [Node<DeclarationSpecifier>],
    ) -> Result<()> {
        let defines_struct = specs.iter().any(|s| {
            matches!(&s.node, DeclarationSpecifier::TypeSpecifier(t)
                if matches!(&t.node, TypeSpecifier::Struct(st) if st.node.declarations.is_some()))
        });
        let in_specs = specs.iter().any(|s| matches!(&s.node, DeclarationSpecifier::Extension(e) if has_aligned(e)));
        let ts: Vec<&'a Node<TypeSpecifier>> = specs
            .iter()
            .filter_map(|s| match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        let of_aligned = self.aligned_typedef_in(&ts).is_some() && !matches!(ty, CType::Pointer(_));
        if has_aligned(&d.node.extensions) || (in_specs && !defines_struct) || of_aligned {
            self.aligned_typedefs.insert(name.to_string());
        } else {
            self.aligned_typedefs.remove(name);
        }
        Ok(())
    }

    /// A typedef name among the specifiers that was declared `aligned`: its alignment is not
    /// the type's, so a member of that type (not a pointer to it) or `_Alignof` is refused.
    pub(crate) fn aligned_typedef_in(&self, ts: &[&'a Node<TypeSpecifier>]) -> Option<&'a Node<Identifier>> {
        ts.iter().find_map(|t| match &t.node {
            TypeSpecifier::TypedefName(id) if self.aligned_typedefs.contains(&id.node.name) => Some(id),
            _ => None,
        })
    }

    /// A trailing `__attribute__((aligned(N)))` among the specifiers applies to the struct
    /// defined there, if any.
    fn mark_aligned_definition(&mut self, ts: &[&'a Node<TypeSpecifier>], aligned: Option<u64>) {
        let Some(n) = aligned else { return };
        for t in ts {
            if let TypeSpecifier::Struct(st) = &t.node {
                if st.node.declarations.is_some() {
                    self.aligned_next = Some((st.span.start, n));
                }
            }
        }
    }

    /// A trailing `__attribute__((packed))` among the specifiers applies to the struct defined
    /// there, if any (on a member it is the member's, see `define_struct`).
    fn mark_packed_definition(&mut self, ts: &[&'a Node<TypeSpecifier>], packed: bool) {
        if !packed {
            return;
        }
        for t in ts {
            if let TypeSpecifier::Struct(st) = &t.node {
                if st.node.declarations.is_some() {
                    self.packed_next = Some(st.span.start);
                }
            }
        }
    }

    fn type_from_specifiers(&mut self, ts: &[&'a Node<TypeSpecifier>], span: &lang_c::span::Span) -> Result<CType> {
        let (mut signed, mut unsigned, mut longs) = (false, false, 0);
        let (mut char_, mut short, mut int, mut bool_, mut void) = (false, false, false, false, false);
        let mut float: Option<FloatKind> = None;
        let mut other: Option<CType> = None;
        let mut seen: Vec<&'static str> = Vec::new();
        for t in ts {
            let word = specifier_word(&t.node);
            if !compatible(&seen, word) {
                return Err(self.error(&t.span, "two or more data types in declaration specifiers".to_string()));
            }
            seen.push(word);
            match &t.node {
                TypeSpecifier::Void => void = true,
                TypeSpecifier::Char => char_ = true,
                TypeSpecifier::Short => short = true,
                TypeSpecifier::Int => int = true,
                TypeSpecifier::Long => longs += 1,
                TypeSpecifier::Signed => signed = true,
                TypeSpecifier::Unsigned => unsigned = true,
                TypeSpecifier::Bool => bool_ = true,
                TypeSpecifier::Float => float = Some(FloatKind::Float),
                TypeSpecifier::Double => float = Some(FloatKind::Double),
                TypeSpecifier::TS18661Float(f) => {
                    float = Some(if f.width > 64 { FloatKind::LongDouble } else { FloatKind::Double })
                }
                TypeSpecifier::Complex => return Err(self.unsupported(&t.span, "complex numbers (_Complex)")),
                TypeSpecifier::Atomic(_) => return Err(self.unsupported(&t.span, "_Atomic types")),
                TypeSpecifier::Struct(st) => other = Some(self.struct_type(st)?),
                TypeSpecifier::Enum(et) => other = Some(self.enum_type(et)?),
                TypeSpecifier::TypedefName(id) => match self.lookup(&id.node.name) {
                    Some(Sym::Typedef(t)) => other = Some(t),
                    _ => return Err(self.error(&id.span, format!("unknown type name `{}`", id.node.name))),
                },
                TypeSpecifier::TypeOf(to) => {
                    other = Some(match &to.node {
                        TypeOf::Type(tn) => self.type_name(&tn.node, &tn.span)?,
                        TypeOf::Expression(e) => self.type_of_expr(e)?,
                    })
                }
            }
        }
        if let Some(t) = other {
            return Ok(t);
        }
        if void {
            return Ok(CType::Void);
        }
        if bool_ {
            return Ok(CType::BOOL);
        }
        if let Some(mut f) = float {
            if longs > 0 && f == FloatKind::Double {
                f = FloatKind::LongDouble;
            }
            return Ok(CType::Float(f));
        }
        let rank = if char_ {
            IntRank::Char
        } else if short {
            IntRank::Short
        } else if longs >= 2 {
            IntRank::LongLong
        } else if longs == 1 {
            IntRank::Long
        } else if int || signed || unsigned {
            IntRank::Int
        } else {
            // `x;` or `f()` without a type: implicit int (C89), as gcc accepts with a warning.
            let _ = span;
            IntRank::Int
        };
        Ok(CType::Int { rank, signed: !unsigned })
    }

    fn struct_type(&mut self, st: &'a Node<StructType>) -> Result<CType> {
        let is_union = matches!(st.node.kind.node, StructKind::Union);
        let tag = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let id = match (&tag, &st.node.declarations) {
            // A reference: find the tag in any enclosing scope, or declare it incomplete here.
            (Some(name), None) => match self.lookup_tag(name) {
                Some(TagSym::Struct(id)) => id,
                _ => self.declare_struct(name.clone(), is_union),
            },
            // A definition: a new type in the current scope unless forward-declared here.
            (Some(name), Some(_)) => match self.lookup_tag_local(name) {
                Some(TagSym::Struct(id)) if !self.prog.structs[id.0 as usize].complete => id,
                _ => self.declare_struct(name.clone(), is_union),
            },
            (None, _) => {
                let n = self.prog.structs.len();
                self.declare_struct(format!("__anon{n}"), is_union)
            }
        };
        if let Some(decls) = &st.node.declarations {
            let leading = tag.as_ref().and_then(|t| self.packed_tags.get(&(st.span.start, t.clone())).copied());
            if leading == Some(true) {
                self.aligned_structs.insert(id);
            }
            if leading == Some(false) || self.packed_next == Some(st.span.start) {
                self.packed_next = None;
                self.packed_structs.insert(id);
            }
            self.define_struct(id, is_union, decls)?;
            if let Some((at, n)) = self.aligned_next {
                if at == st.span.start {
                    self.aligned_next = None;
                    let s = &mut self.prog.structs[id.0 as usize];
                    s.align = s.align.max(n);
                    s.size = s.size.div_ceil(s.align) * s.align;
                }
            }
        }
        Ok(CType::Struct(id))
    }

    fn declare_struct(&mut self, name: String, is_union: bool) -> StructId {
        let id = StructId(self.prog.structs.len() as u32);
        self.prog.structs.push(StructDef {
            name: name.clone(),
            is_union,
            fields: Vec::new(),
            size: 0,
            align: 1,
            complete: false,
        });
        if let Some(scope) = self.tags.last_mut() {
            scope.insert(name, TagSym::Struct(id));
        }
        id
    }

    /// Lays a struct or union out as gcc does on the System V ABIs (x86-64 LP64 and i386 ILP32):
    /// members at their type's alignment; a bit-field in the next bits of the storage unit of
    /// its declared type unless it would cross that unit's boundary (then at the next unit),
    /// `T : 0` moving to the next boundary of `T`, a named bit-field giving the struct its
    /// type's alignment and an unnamed one not. In a packed struct every member has
    /// alignment 1 and bit-fields follow each other bit by bit, across units.
    fn define_struct(&mut self, id: StructId, is_union: bool, decls: &'a [Node<StructDeclaration>]) -> Result<()> {
        let mut fields = Vec::new();
        let (mut size, mut align) = (0u64, 1u64);
        let packed = self.packed_structs.contains(&id);
        // The position is kept in bits, for the bit-fields.
        let mut bitpos = 0u64;
        for d in decls {
            let StructDeclaration::Field(f) = &d.node else { continue };
            let base = self.specifier_qualifier_type(&f.node.specifiers, &f.span)?;
            let spec_packed =
                f.node.specifiers.iter().any(|s| matches!(&s.node, SpecifierQualifier::Extension(e) if has_packed(e)));
            let field_ts = type_specifiers(&f.node.specifiers);
            // An `aligned` among the specifiers that define a struct is that struct's.
            let defines_struct = f.node.specifiers.iter().any(|s| {
                matches!(&s.node, SpecifierQualifier::TypeSpecifier(t)
                    if matches!(&t.node, TypeSpecifier::Struct(st) if st.node.declarations.is_some()))
            });
            let mut spec_aligned = None;
            if !defines_struct {
                for s in &f.node.specifiers {
                    if let SpecifierQualifier::Extension(e) = &s.node {
                        spec_aligned = spec_aligned.max(self.aligned_attr(e)?);
                    }
                }
            }
            let mut declarators: Vec<Option<&'a Node<StructDeclarator>>> =
                f.node.declarators.iter().map(Some).collect();
            if declarators.is_empty() {
                declarators.push(None); // anonymous struct/union member
            }
            for sd in declarators {
                let (ty, name, member_packed, member_aligned) = match sd.and_then(|sd| sd.node.declarator.as_ref()) {
                    Some(decl) => {
                        let d = self.declarator(base.clone(), decl, false)?;
                        let aligned = self.aligned_attr(&decl.node.extensions)?;
                        (d.ty, d.name.map(|n| n.0), spec_packed || has_packed(&decl.node.extensions), aligned)
                    }
                    None => (base.clone(), None, spec_packed, None),
                };
                let span = sd.map(|s| s.span).unwrap_or(f.span);
                if !matches!(ty, CType::Pointer(_)) {
                    if let Some(id) = self.aligned_typedef_in(&field_ts) {
                        return Err(self.unsupported(
                            &id.span,
                            format!("a member of type `{}`, declared with `__attribute__((aligned))`", id.node.name),
                        ));
                    }
                }
                if let Some(w) = sd.and_then(|sd| sd.node.bit_width.as_ref()) {
                    let what = name.clone().unwrap_or_default();
                    if member_packed && !packed {
                        return Err(self.unsupported(
                            &span,
                            format!("bit-field `{what}` with `__attribute__((packed))` outside a packed struct"),
                        ));
                    }
                    // Bit-fields wider than int are read through 32 bits: not supported.
                    let bits = match &ty {
                        CType::Int { rank, .. } if *rank <= IntRank::Int => self.size_of(&ty).unwrap_or(0) * 8,
                        _ => {
                            return Err(
                                self.unsupported(&span, format!("bit-field `{what}` of type `{}`", self.ty_str(&ty)))
                            )
                        }
                    };
                    let width = self.const_int(w)?;
                    if width < 0 || width as u64 > bits || (width == 0 && name.is_some()) {
                        return Err(self.error(&w.span, format!("invalid width {width} of bit-field `{what}`")));
                    }
                    let width = width as u64;
                    if width == 0 {
                        // `T : 0` moves to the next boundary of T, even in a packed struct.
                        bitpos = bitpos.div_ceil(bits) * bits;
                        continue;
                    }
                    let start = if is_union {
                        0
                    } else if !packed && bitpos % bits + width > bits {
                        bitpos.div_ceil(bits) * bits
                    } else {
                        bitpos
                    };
                    if let Some(n) = name {
                        self.bitfields.insert((id, n), (start, width as u32, ty.clone()));
                        if !packed {
                            align = align.max(self.align_of(&ty));
                        }
                    }
                    if is_union {
                        size = size.max(if packed { width.div_ceil(8) } else { bits / 8 });
                    } else {
                        bitpos = start + width;
                    }
                    continue;
                }
                if sd.is_none() && !matches!(ty, CType::Struct(_)) {
                    continue;
                }
                let fsize = match (&ty, self.size_of(&ty)) {
                    (_, Some(s)) => s,
                    (CType::Array(_, ArrayLen::Incomplete), None) => 0, // flexible array member
                    _ => {
                        return Err(self.error(&span, format!("field has incomplete type `{}`", self.ty_str(&ty))));
                    }
                };
                let mut falign = if packed || member_packed { 1 } else { self.align_of(&ty) };
                // `aligned(N)` on a member raises its alignment (in a packed struct too).
                falign = falign.max(spec_aligned.max(member_aligned).unwrap_or(1));
                align = align.max(falign);
                if is_union {
                    fields.push(Field { name, ty, offset: 0 });
                    size = size.max(fsize);
                } else {
                    let offset = bitpos.div_ceil(8).div_ceil(falign) * falign;
                    fields.push(Field { name, ty, offset });
                    bitpos = (offset + fsize) * 8;
                }
            }
        }
        if !is_union {
            size = bitpos.div_ceil(8);
        }
        size = size.div_ceil(align) * align;
        let s = &mut self.prog.structs[id.0 as usize];
        s.fields = fields;
        s.size = size;
        s.align = align;
        s.complete = true;
        Ok(())
    }

    fn enum_type(&mut self, et: &'a Node<EnumType>) -> Result<CType> {
        if et.node.enumerators.is_empty() {
            if let Some(name) = &et.node.identifier {
                if let Some(TagSym::Enum(t)) = self.lookup_tag(&name.node.name) {
                    return Ok(t);
                }
            }
            return Ok(CType::UINT);
        }
        let mut next: i128 = 0;
        let mut values = Vec::new();
        for en in &et.node.enumerators {
            if let Some(e) = &en.node.expression {
                next = self.const_int(e)?;
            }
            // Each enumerator is in scope right after its own definition.
            let name = en.node.identifier.node.name.clone();
            self.declare(name.clone(), Sym::EnumConst(next));
            values.push((name, next));
            next += 1;
        }
        // gcc: unsigned int when no value is negative, int otherwise; wider when needed.
        let min = values.iter().map(|v| v.1).min().unwrap_or(0);
        let max = values.iter().map(|v| v.1).max().unwrap_or(0);
        let ty = if min >= 0 && max <= u32::MAX as i128 {
            CType::UINT
        } else if min >= i32::MIN as i128 && max <= i32::MAX as i128 {
            CType::INT
        } else if min >= 0 {
            CType::Int { rank: IntRank::LongLong, signed: false }
        } else {
            CType::Int { rank: IntRank::LongLong, signed: true }
        };
        if let Some(name) = &et.node.identifier {
            if let Some(scope) = self.tags.last_mut() {
                scope.insert(name.node.name.clone(), TagSym::Enum(ty.clone()));
            }
        }
        Ok(ty)
    }

    pub(crate) fn type_name(&mut self, tn: &'a TypeName, span: &lang_c::span::Span) -> Result<CType> {
        let base = self.specifier_qualifier_type(&tn.specifiers, span)?;
        match &tn.declarator {
            Some(d) => Ok(self.declarator(base, d, false)?.ty),
            None => Ok(base),
        }
    }

    /// Applies a declarator to a base type. Prefix pointers apply first, then the suffixes
    /// (arrays, functions) from the innermost outwards, then any parenthesised inner declarator.
    /// With `eval_vla`, the lengths of variable-length dimensions are evaluated in the current
    /// function (at the point of declaration, as C requires); without, they stay unknown.
    pub(crate) fn declarator(&mut self, base: CType, d: &'a Node<Declarator>, eval_vla: bool) -> Result<Declared> {
        let mut ty = base;
        let mut params = Vec::new();
        let derived = &d.node.derived;
        for dd in derived.iter().filter(|x| matches!(x.node, DerivedDeclarator::Pointer(_))) {
            let _ = dd;
            ty = CType::ptr_to(ty);
        }
        let suffixes: Vec<&'a Node<DerivedDeclarator>> =
            derived.iter().filter(|x| !matches!(x.node, DerivedDeclarator::Pointer(_))).collect();
        for (i, dd) in suffixes.into_iter().enumerate().rev() {
            match &dd.node {
                DerivedDeclarator::Array(a) => {
                    let len = match &a.node.size {
                        ArraySize::Unknown => ArrayLen::Incomplete,
                        ArraySize::VariableUnknown => ArrayLen::Incomplete,
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            let c =
                                if eval_vla { self.try_const_int(e)? } else { self.try_const_int(e).ok().flatten() };
                            match c {
                                Some(n) if n >= 0 => ArrayLen::Fixed(n as u64),
                                Some(_) => return Err(self.error(&e.span, "array size is negative")),
                                None if !eval_vla => ArrayLen::Variable(None),
                                None => ArrayLen::Variable(Some(self.vla_size(e)?)),
                            }
                        }
                    };
                    if matches!(ty, CType::Function(_)) {
                        return Err(self.error(&dd.span, "array of functions"));
                    }
                    ty = CType::Array(Arc::new(ty), len);
                }
                DerivedDeclarator::Function(fd) => {
                    let (ptys, names, variadic) = self.parameters(&fd.node)?;
                    if i == 0 {
                        params = names;
                    }
                    ty = CType::Function(Arc::new(FuncType { ret: ty, params: ptys, variadic, unprototyped: false }));
                }
                DerivedDeclarator::KRFunction(ids) => {
                    if i == 0 {
                        params = ids.iter().map(|id| Some((id.node.name.clone(), id.span))).collect();
                    }
                    let unprototyped = ids.is_empty();
                    let ptys = vec![CType::INT; ids.len()];
                    ty = CType::Function(Arc::new(FuncType { ret: ty, params: ptys, variadic: false, unprototyped }));
                }
                DerivedDeclarator::Block(_) => return Err(self.unsupported(&dd.span, "blocks (clang extension)")),
                DerivedDeclarator::Pointer(_) => {}
            }
        }
        match &d.node.kind.node {
            DeclaratorKind::Abstract => Ok(Declared { ty, name: None, params }),
            DeclaratorKind::Identifier(id) => Ok(Declared { ty, name: Some((id.node.name.clone(), id.span)), params }),
            DeclaratorKind::Declarator(inner) => {
                let mut r = self.declarator(ty, inner, eval_vla)?;
                if r.params.is_empty() {
                    r.params = params;
                }
                Ok(r)
            }
        }
    }

    /// Parameter types after adjustment (arrays and functions become pointers), names, variadic.
    #[allow(clippy::type_complexity)]
    fn parameters(
        &mut self,
        fd: &'a FunctionDeclarator,
    ) -> Result<(Vec<CType>, Vec<Option<(String, lang_c::span::Span)>>, bool)> {
        let mut tys = Vec::new();
        let mut names = Vec::new();
        for p in &fd.parameters {
            let (base, _) = self.base_type(&p.node.specifiers, &p.span)?;
            let d = match &p.node.declarator {
                Some(d) => self.declarator(base, d, self.eval_param_vla)?,
                None => Declared { ty: base, name: None, params: Vec::new() },
            };
            let ty = adjust_param(d.ty);
            if ty == CType::Void && fd.parameters.len() == 1 && d.name.is_none() {
                return Ok((Vec::new(), Vec::new(), false)); // f(void)
            }
            tys.push(ty);
            names.push(d.name);
        }
        Ok((tys, names, matches!(fd.ellipsis, Ellipsis::Some)))
    }
}

/// Parameters of array or function type are pointers (C11 6.7.6.3p7-8).
pub(crate) fn adjust_param(t: CType) -> CType {
    match t {
        CType::Array(e, _) => CType::Pointer(e),
        CType::Function(_) => CType::ptr_to(t),
        t => t,
    }
}

/// Folds a comparison of constants, so that constant conditions become `true`/`false`.
pub(crate) fn fold_bool(e: Expr) -> Expr {
    super::fold::fold(&e).unwrap_or(e)
}

/// A type specifier as a keyword, for the combination check; `type` stands for a struct,
/// union, enum, typedef name or typeof.
fn specifier_word(t: &TypeSpecifier) -> &'static str {
    match t {
        TypeSpecifier::Void => "void",
        TypeSpecifier::Char => "char",
        TypeSpecifier::Short => "short",
        TypeSpecifier::Int => "int",
        TypeSpecifier::Long => "long",
        TypeSpecifier::Signed => "signed",
        TypeSpecifier::Unsigned => "unsigned",
        TypeSpecifier::Bool => "_Bool",
        TypeSpecifier::Float => "float",
        TypeSpecifier::Double => "double",
        TypeSpecifier::TS18661Float(_) => "float",
        TypeSpecifier::Complex => "_Complex",
        _ => "type",
    }
}

/// Can `word` join the specifiers `seen` (C11 6.7.2p2: `long long int`, `unsigned char`, … but
/// not `int int` or `unsigned double`)?
fn compatible(seen: &[&str], word: &str) -> bool {
    let has = |w: &str| seen.contains(&w);
    let longs = seen.iter().filter(|w| **w == "long").count();
    let base = ["void", "char", "short", "int", "_Bool", "float", "double", "type"];
    match word {
        "long" => {
            longs < 2
                && !["void", "char", "short", "_Bool", "float", "type"].iter().any(|w| has(w))
                && !(longs == 1 && has("double"))
        }
        "signed" | "unsigned" => {
            !has("signed") && !has("unsigned") && !["void", "_Bool", "float", "double", "type"].iter().any(|w| has(w))
        }
        "short" => !base.iter().filter(|w| **w != "int").any(|w| has(w)) && longs == 0,
        "int" => {
            !base.iter().any(|w| has(w))
                || (has("short") && !has("int") && !base.iter().any(|w| *w != "short" && has(w)))
        }
        "char" => !base.iter().any(|w| has(w)) && longs == 0,
        "double" => !base.iter().any(|w| has(w)) && longs <= 1 && !has("signed") && !has("unsigned"),
        "_Complex" => true,
        _ => !base.iter().any(|w| has(w)) && longs == 0 && !has("signed") && !has("unsigned"),
    }
}

/// `__attribute__((packed))` (or `__packed__`) among the attributes.
/// The type specifiers among a member's or a type name's specifiers and qualifiers.
pub(crate) fn type_specifiers(specs: &[Node<SpecifierQualifier>]) -> Vec<&Node<TypeSpecifier>> {
    specs
        .iter()
        .filter_map(|s| match &s.node {
            SpecifierQualifier::TypeSpecifier(t) => Some(t),
            _ => None,
        })
        .collect()
}

fn has_aligned(e: &[Node<Extension>]) -> bool {
    e.iter()
        .any(|x| matches!(&x.node, Extension::Attribute(a) if a.name.node == "aligned" || a.name.node == "__aligned__"))
}

fn has_packed(e: &[Node<Extension>]) -> bool {
    e.iter()
        .any(|x| matches!(&x.node, Extension::Attribute(a) if a.name.node == "packed" || a.name.node == "__packed__"))
}
