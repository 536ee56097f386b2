//! Lowering of a parsed translation unit to the flowgraph IR.
//!
//! Two passes. The first walks the file-scope declarations: types, tags, typedefs, and the
//! declarations of functions and globals. The second lowers function bodies on demand, starting
//! from the entry functions and following calls, so that functions never called (the inline
//! helpers of system headers, say) are neither lowered nor reported. Globals are materialised on
//! first use for the same reason.

mod builder;
mod builtins;
mod checked;
mod expr;
pub(crate) mod fold;
mod format;
mod init;
mod stmt;
mod types;

use crate::diag::{Diagnostic, Result};
use crate::source_map::SourceMap;
use builder::FnBuilder;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};
use lang_c::visit::Visit;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What a name means in a scope.
#[derive(Clone, Debug)]
pub(crate) enum Sym {
    /// A register (scalar whose address is never taken).
    Reg {
        var: VarId,
        ty: CType,
    },
    /// An object in memory.
    Obj {
        obj: ObjId,
        ty: CType,
    },
    EnumConst(i128),
    Typedef(CType),
    /// A function: index into `Lowerer::funcs`.
    Func(usize),
    /// A file-scope variable not materialised yet: index into `Lowerer::globals`.
    Global(usize),
}

#[derive(Clone, Debug)]
pub(crate) enum TagSym {
    Struct(StructId),
    Enum(CType),
}

pub(crate) struct FuncEntry<'a> {
    pub name: String,
    pub ty: Arc<FuncType>,
    pub def: Option<&'a Node<FunctionDefinition>>,
    pub id: Option<FuncId>,
    /// GCC's `nonnull` attribute over all declarations: `Some([])` for every pointer parameter,
    /// else the 1-based parameter numbers it lists.
    pub nonnull: Option<Vec<usize>>,
    /// The translation unit of the definition (else of the first declaration).
    pub unit: usize,
}

pub(crate) struct GlobalEntry<'a> {
    pub name: String,
    pub ty: CType,
    pub init: Option<&'a Node<Initializer>>,
    pub span: LSpan,
    pub sym: Option<Sym>,
    /// Declared other than `extern` somewhere (a definition or tentative definition).
    pub defined: bool,
    /// The translation unit of the initialiser (else of the first declaration): its file scope
    /// is the one the initialiser is read in.
    pub unit: usize,
}

pub(crate) struct SwitchCtx {
    /// The value switched on (promoted), in a variable.
    pub value: Expr,
    pub ty: CType,
    pub cases: Vec<(i128, i128, Loc)>,
    pub default: Option<Loc>,
}

/// Per-function lowering state.
pub(crate) struct FnCtx {
    pub b: FnBuilder,
    pub name: String,
    pub ret_ty: CType,
    /// Hidden pointer parameter of functions returning a struct.
    pub sret: Option<VarId>,
    /// Names whose address is taken somewhere in the body: such scalars live in memory.
    pub addr_taken: HashSet<String>,
    pub labels: HashMap<String, Loc>,
    pub labels_defined: HashSet<String>,
    pub label_uses: Vec<(String, LSpan)>,
    pub breaks: Vec<Loc>,
    pub continues: Vec<Loc>,
    pub switches: Vec<SwitchCtx>,
    pub names: HashSet<String>,
    pub temps: u32,
}

impl FnCtx {
    fn new(func: FuncId, name: String, ret_ty: CType, span: Span) -> Self {
        FnCtx {
            b: FnBuilder::new(func, span),
            name,
            ret_ty,
            sret: None,
            addr_taken: HashSet::new(),
            labels: HashMap::new(),
            labels_defined: HashSet::new(),
            label_uses: Vec::new(),
            breaks: Vec::new(),
            continues: Vec::new(),
            switches: Vec::new(),
            names: HashSet::new(),
            temps: 0,
        }
    }
}

pub(crate) struct Lowerer<'a> {
    pub prog: Program,
    pub dm: DataModel,
    sm: &'a SourceMap,
    text: &'a str,
    scopes: Vec<HashMap<String, Sym>>,
    tags: Vec<HashMap<String, TagSym>>,
    pub funcs: Vec<FuncEntry<'a>>,
    globals: Vec<GlobalEntry<'a>>,
    global_addr_taken: HashSet<String>,
    worklist: Vec<usize>,
    pub fcx: FnCtx,
    strings: HashMap<Vec<u8>, ObjId>,
    /// Structs declared `__attribute__((packed))`, laid out as gcc does: every member has
    /// alignment 1 and bit-fields follow each other bit by bit.
    pub packed_structs: HashSet<StructId>,
    /// The definition (offset of its `struct` keyword) whose specifiers carry a trailing
    /// `__attribute__((packed))`, marked before the definition is laid out.
    pub packed_next: Option<usize>,
    /// The definition (offset of its `struct` keyword) followed by `__attribute__((aligned(N)))`,
    /// and N.
    pub aligned_next: Option<(usize, u64)>,
    /// Typedef names declared with `__attribute__((aligned))`: a type of another alignment,
    /// which kappa's types do not carry; a use of one is refused (system headers declare some).
    pub aligned_typedefs: HashSet<String>,
    /// Bit-fields, which are not among their struct's byte-addressed fields: (bit offset from
    /// the struct's start, width, declared type).
    pub bitfields: HashMap<(StructId, String), (u64, u32, CType)>,
    /// Struct definitions (offset of `struct`, tag) whose `__attribute__((packed))` or
    /// `((aligned))` (true) stood before the tag, which lang-c does not parse: the front-end
    /// took it out of the text.
    pub packed_tags: HashMap<(usize, String), bool>,
    /// Structs declared `__attribute__((aligned))` before the tag, not laid out as gcc does:
    /// their size and members are unsupported.
    pub aligned_structs: HashSet<StructId>,
    /// Names taken by globals, so that locals shadowing them get distinct printed names.
    global_names: HashSet<String>,
    /// Depth of evaluation without effect (`sizeof`, constant expressions).
    pub no_eval: u32,
    /// Types of conditionals' arms, by the arm's node: `c ? x : (d ? y : …)` finds the
    /// type of each arm by lowering it without effect, which for a chain of n conditionals (a
    /// slice's reads of the cells of an array) lowered the innermost one 2^n times.
    pub arm_types: HashMap<usize, CType>,
    /// Set while re-reading a definition's parameters to evaluate their array lengths.
    pub eval_param_vla: bool,
    /// Set while lowering `x++` whose value is discarded.
    pub discard_post: bool,
    /// Parameter registers of lowered functions, in order.
    param_vars: HashMap<FuncId, Vec<VarId>>,
    /// Names a linker provides (see [`crate::Options::externs`]).
    pub externs: std::collections::BTreeSet<String>,
    /// See [`crate::Options::overflow_checks`].
    pub overflow_checks: bool,
    /// The functions `atexit` registers, numbered from 1 (see `crate::implicit`).
    pub atexit_handlers: Vec<String>,
    /// The translation unit being read or lowered (a program of several files).
    pub unit: usize,
    /// The file scopes (names, tags) of the units other than the current one, which holds its
    /// own in `scopes[0]` and `tags[0]`.
    unit_scopes: Vec<(HashMap<String, Sym>, HashMap<String, TagSym>)>,
    /// Functions and variables of external linkage: one namespace for every unit, as the
    /// linker's (a `static` name stays in its unit's file scope).
    external: HashMap<String, Sym>,
    /// Whether the program has several translation units: errors are then the linker's
    /// (undefined reference, multiple definition).
    pub multi_unit: bool,
    /// Complete structs defined at file scope, by tag, with their unit: the candidates a later
    /// unit's definition of the same tag is compatible with.
    tag_defs: HashMap<String, Vec<(StructId, usize)>>,
    /// A unit's struct type compatible with one defined in an earlier unit (same tag, same
    /// members and layout: C11 6.2.7) → that one, which the program keeps.
    pub struct_alias: HashMap<StructId, StructId>,
    /// The functions whose address the program takes (index into `funcs`) → the object that
    /// is their address ([`ObjKind::Function`]).
    pub fn_objs: std::collections::BTreeMap<usize, ObjId>,
    /// Functions known from an earlier pass to have their address taken somewhere: the targets
    /// a call through a pointer may reach include these even where this pass has not yet seen
    /// their address taken (see `crate::lower_on_this_thread`).
    pub fn_addr_hint: std::collections::BTreeSet<usize>,
    /// Whether the program calls through a function pointer.
    pub indirect_calls: bool,
}

/// Collects the names used as `&name` (the only way a scalar's address escapes).
struct AddrTaken<'s>(&'s mut HashSet<String>);

impl<'ast> Visit<'ast> for AddrTaken<'_> {
    fn visit_unary_operator_expression(&mut self, u: &'ast UnaryOperatorExpression, span: &'ast LSpan) {
        if let UnaryOperator::Address = u.operator.node {
            if let Expression::Identifier(id) = &u.operand.node {
                self.0.insert(id.node.name.clone());
            }
        }
        lang_c::visit::visit_unary_operator_expression(self, u, span);
    }
}

/// Finds a call to a function that ends the program (`abort`, `exit`, a failed assertion).
struct EndsProgram(bool);

impl<'ast> Visit<'ast> for EndsProgram {
    fn visit_call_expression(&mut self, c: &'ast CallExpression, span: &'ast LSpan) {
        if let Expression::Identifier(id) = &c.callee.node {
            let ends = [
                "abort",
                "exit",
                "_Exit",
                "_exit",
                "quick_exit",
                "__assert_fail",
                "__assert_rtn",
                "__assert",
                "_assert",
            ];
            if ends.contains(&id.node.name.as_str()) {
                self.0 = true;
            }
        }
        lang_c::visit::visit_call_expression(self, c, span);
    }
}

impl<'a> Lowerer<'a> {
    pub fn new(sm: &'a SourceMap, text: &'a str, dm: DataModel) -> Self {
        let prog = Program { data_model: dm, files: sm.files.clone(), source: text.to_string(), ..Default::default() };
        Lowerer {
            prog,
            dm,
            sm,
            text,
            scopes: vec![HashMap::new()],
            tags: vec![HashMap::new()],
            funcs: Vec::new(),
            globals: Vec::new(),
            global_addr_taken: HashSet::new(),
            worklist: Vec::new(),
            fcx: FnCtx::new(FuncId(u32::MAX), String::new(), CType::Void, Span::default()),
            strings: HashMap::new(),
            packed_structs: HashSet::new(),
            packed_next: None,
            aligned_next: None,
            aligned_typedefs: HashSet::new(),
            bitfields: HashMap::new(),
            packed_tags: HashMap::new(),
            aligned_structs: HashSet::new(),
            global_names: HashSet::new(),
            no_eval: 0,
            arm_types: HashMap::new(),
            param_vars: HashMap::new(),
            discard_post: false,
            eval_param_vla: false,
            externs: Default::default(),
            overflow_checks: false,
            atexit_handlers: Vec::new(),
            unit: 0,
            unit_scopes: vec![Default::default()],
            external: HashMap::new(),
            multi_unit: false,
            tag_defs: HashMap::new(),
            struct_alias: HashMap::new(),
            fn_objs: std::collections::BTreeMap::new(),
            fn_addr_hint: std::collections::BTreeSet::new(),
            indirect_calls: false,
        }
    }

    /// The address of function `i` (its [`ObjKind::Function`] object, made at the first use);
    /// a function whose address is taken is lowered, since a call through a pointer may reach it.
    pub fn fn_addr(&mut self, i: usize) -> ObjId {
        if let Some(&o) = self.fn_objs.get(&i) {
            return o;
        }
        let id = self.func_id(i);
        let name = self.global_name(&format!("&{}", self.funcs[i].name));
        let span = self.funcs[i].def.map(|d| self.span(&d.span)).unwrap_or_default();
        self.prog.objects.push(ObjInfo {
            name,
            ctype: CType::Function(self.funcs[i].ty.clone()),
            kind: ObjKind::Function(id),
            size: Some(1),
            span,
        });
        let o = ObjId((self.prog.objects.len() - 1) as u32);
        self.fn_objs.insert(i, o);
        o
    }

    // ---- translation units ----

    /// Prepares for `n` translation units.
    pub fn set_units(&mut self, n: usize) {
        self.unit_scopes.resize_with(n.max(1), Default::default);
        self.multi_unit = n > 1;
    }

    /// Makes unit `u`'s file scope the current one (at file scope only); returns the unit that
    /// was current.
    pub fn enter_unit(&mut self, u: usize) -> usize {
        let prev = self.unit;
        if u == prev || u >= self.unit_scopes.len() {
            return prev;
        }
        let (names, tags) = std::mem::take(&mut self.unit_scopes[u]);
        let old_names = std::mem::replace(&mut self.scopes[0], names);
        let old_tags = std::mem::replace(&mut self.tags[0], tags);
        self.unit_scopes[prev] = (old_names, old_tags);
        self.unit = u;
        prev
    }

    /// A function or variable of external linkage, or one of the current unit's file scope.
    pub fn file_scope_sym(&self, name: &str) -> Option<Sym> {
        self.scopes[0].get(name).or_else(|| self.external.get(name)).cloned()
    }

    /// Declares a name of external linkage in the current unit and in the program's namespace.
    pub fn declare_external(&mut self, name: String, sym: Sym) {
        self.scopes[0].insert(name.clone(), sym.clone());
        self.external.insert(name, sym);
    }

    /// Where a definition was, for the linker's "first defined here".
    fn defined_at(&self, s: &LSpan) -> String {
        let p = self.sm.pos(s.start);
        format!("{}:{}:{}", p.file, p.line, p.col)
    }

    /// After a struct with a tag is defined at file scope: in a program of several files, the
    /// same definition read in an earlier unit (the usual header) makes it the same type.
    fn unify_struct(&mut self, id: StructId, tag: &str) {
        if !self.multi_unit || self.tags.len() != 1 {
            return;
        }
        let cands = self.tag_defs.get(tag).cloned().unwrap_or_default();
        for (c, u) in cands {
            if u != self.unit && self.same_layout(id, c) {
                self.struct_alias.insert(id, c);
                return;
            }
        }
        self.tag_defs.entry(tag.to_string()).or_default().push((id, self.unit));
    }

    fn same_layout(&self, n: StructId, c: StructId) -> bool {
        let (a, b) = (&self.prog.structs[n.0 as usize], &self.prog.structs[c.0 as usize]);
        // Bit-fields are kept apart from the byte-addressed fields.
        let bits = |s: StructId, m: Option<(StructId, StructId)>| {
            let mut v: Vec<(String, u64, u32, CType)> = self
                .bitfields
                .iter()
                .filter(|((id, _), _)| *id == s)
                .map(|((_, name), (off, w, t))| (name.clone(), *off, *w, canon_type(t, &self.struct_alias, m)))
                .collect();
            v.sort_by(|x, y| x.0.cmp(&y.0));
            v
        };
        bits(n, Some((n, c))) == bits(c, None)
            && a.is_union == b.is_union
            && a.size == b.size
            && a.align == b.align
            && a.complete == b.complete
            && a.fields.len() == b.fields.len()
            && a.fields.iter().zip(&b.fields).all(|(x, y)| {
                x.name == y.name
                    && x.offset == y.offset
                    && canon_type(&x.ty, &self.struct_alias, Some((n, c)))
                        == canon_type(&y.ty, &self.struct_alias, None)
            })
    }

    /// Whether two types are the same once the compatible structs of other units are one.
    pub fn same_type(&self, a: &CType, b: &CType) -> bool {
        a == b
            || (!self.struct_alias.is_empty()
                && canon_type(a, &self.struct_alias, None) == canon_type(b, &self.struct_alias, None))
    }

    // ---- diagnostics and spans ----

    pub fn span(&self, s: &LSpan) -> Span {
        if s.is_none() {
            return Span::default();
        }
        let (file, line, col) = self.sm.locate(s.start);
        Span { file, line, col, offset: s.start as u32, end: s.end as u32 }
    }

    pub fn error(&self, s: &LSpan, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(msg).at((!s.is_none()).then(|| self.sm.pos(s.start)))
    }

    pub fn unsupported(&self, s: &LSpan, what: impl Into<String>) -> Diagnostic {
        Diagnostic::unsupported(what).at((!s.is_none()).then(|| self.sm.pos(s.start)))
    }

    /// The source text of a node, shortened, for messages.
    pub fn snippet(&self, s: &LSpan) -> String {
        let t = self.text.get(s.start..s.end).unwrap_or("");
        let t: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
        if t.chars().count() > 48 {
            format!("{}…", t.chars().take(47).collect::<String>())
        } else {
            t
        }
    }

    // ---- scopes ----

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
        self.tags.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
        self.tags.pop();
    }

    pub fn declare(&mut self, name: String, sym: Sym) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, sym);
        }
    }

    pub fn at_file_scope(&self) -> bool {
        self.scopes.len() == 1
    }

    /// Looks a name up, materialising a global on first use.
    pub fn lookup(&mut self, name: &str) -> Option<Sym> {
        let sym = self.scopes.iter().rev().find_map(|s| s.get(name)).cloned()?;
        match sym {
            Sym::Global(i) => self.materialize_global(i).ok(),
            s => Some(s),
        }
    }

    /// Like [`Self::lookup`], but reports errors of materialising a global.
    pub fn lookup_checked(&mut self, name: &str) -> Result<Option<Sym>> {
        let Some(sym) = self.scopes.iter().rev().find_map(|s| s.get(name)).cloned() else { return Ok(None) };
        match sym {
            Sym::Global(i) => self.materialize_global(i).map(Some),
            s => Ok(Some(s)),
        }
    }

    pub fn lookup_tag(&self, name: &str) -> Option<TagSym> {
        self.tags.iter().rev().find_map(|s| s.get(name)).cloned()
    }

    pub fn lookup_tag_local(&self, name: &str) -> Option<TagSym> {
        self.tags.last().and_then(|s| s.get(name)).cloned()
    }

    // ---- variables ----

    /// A printed name unique within the current function and the globals.
    fn unique_name(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut k = 1;
        while self.fcx.names.contains(&name) || self.global_names.contains(&name) {
            name = format!("{base}.{k}");
            k += 1;
        }
        self.fcx.names.insert(name.clone());
        name
    }

    pub fn new_var(&mut self, name: &str, ctype: CType, kind: VarKind, span: Span) -> VarId {
        let ty = ctype.ir_ty(self.dm).unwrap_or(Ty::Int(32));
        let name = if kind == VarKind::Global { self.global_name(name) } else { self.unique_name(name) };
        self.prog.vars.push(VarInfo { name, ty, ctype, kind, span });
        let v = VarId((self.prog.vars.len() - 1) as u32);
        if kind != VarKind::Global {
            self.fcx.b.vars.push(v);
        }
        v
    }

    fn global_name(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut k = 1;
        while self.global_names.contains(&name) {
            name = format!("{base}.{k}");
            k += 1;
        }
        self.global_names.insert(name.clone());
        name
    }

    /// A fresh temporary of the given type in the current function.
    pub fn temp(&mut self, ctype: CType) -> VarId {
        self.fcx.temps += 1;
        let name = format!("$t{}", self.fcx.temps);
        let func = self.fcx.b.func;
        let v = self.new_var(&name, ctype, VarKind::Temp(func), Span::default());
        self.fcx.b.temps.insert(v);
        v
    }

    /// A new local memory slot of the current function.
    pub fn new_slot(&mut self, name: &str, ctype: CType, size: Option<u64>, span: Span) -> ObjId {
        let name = self.unique_name(name);
        let func = self.fcx.b.func;
        self.prog.objects.push(ObjInfo { name, ctype, kind: ObjKind::Local(func), size, span });
        let o = ObjId((self.prog.objects.len() - 1) as u32);
        self.fcx.b.slots.push(o);
        o
    }

    pub fn new_global_obj(&mut self, name: &str, ctype: CType, init: Vec<InitItem>, span: Span) -> ObjId {
        let name = self.global_name(name);
        let size = self.size_of(&ctype);
        self.prog.objects.push(ObjInfo { name, ctype, kind: ObjKind::Global { init }, size, span });
        ObjId((self.prog.objects.len() - 1) as u32)
    }

    /// The read-only object of a string literal (identical literals share one).
    pub fn string_obj(&mut self, bytes: Vec<u8>, span: Span) -> ObjId {
        if let Some(o) = self.strings.get(&bytes) {
            return *o;
        }
        let n = self.strings.len();
        let ctype = CType::Array(Arc::new(CType::CHAR), ArrayLen::Fixed(bytes.len() as u64));
        let name = self.global_name(&format!("$str{n}"));
        self.prog.objects.push(ObjInfo {
            name,
            ctype,
            kind: ObjKind::StringLit { bytes: bytes.clone() },
            size: Some(bytes.len() as u64),
            span,
        });
        let o = ObjId((self.prog.objects.len() - 1) as u32);
        self.strings.insert(bytes, o);
        o
    }

    // ---- evaluation without effect ----

    /// Runs `f` and throws away the code it emitted: for `sizeof`, `typeof` and constant
    /// expressions, whose operands are not evaluated.
    pub fn without_effect<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let mark = self.fcx.b.mark();
        let (nv, ns) = (self.fcx.b.vars.len(), self.fcx.b.slots.len());
        self.no_eval += 1;
        let r = f(self);
        self.no_eval -= 1;
        self.fcx.b.rollback(mark);
        self.fcx.b.vars.truncate(nv);
        self.fcx.b.slots.truncate(ns);
        r
    }

    /// The value of an integer constant expression, or `None` if the expression is not one.
    pub fn try_const_int(&mut self, e: &'a Node<Expression>) -> Result<Option<i128>> {
        let v = self.without_effect(|l| l.rvalue(e))?;
        let Some((e, ty)) = v.scalar() else { return Ok(None) };
        Ok(match fold::fold(&e) {
            Some(Expr::Int { bits, width }) => {
                Some(if ty.is_signed() { kappa_ir::expr::to_signed(bits, width) as i128 } else { bits as i128 })
            }
            _ => None,
        })
    }

    pub fn const_int(&mut self, e: &'a Node<Expression>) -> Result<i128> {
        self.try_const_int(e)?.ok_or_else(|| self.error(&e.span, "expected an integer constant expression"))
    }

    pub fn type_of_expr(&mut self, e: &'a Node<Expression>) -> Result<CType> {
        Ok(self.without_effect(|l| l.expr(e))?.ty())
    }

    /// Evaluates the length of a variable-length array dimension into a `size_t` register.
    pub fn vla_size(&mut self, e: &'a Node<Expression>) -> Result<VarId> {
        let v = self.rvalue(e)?;
        let (x, ty) = v.scalar().ok_or_else(|| self.error(&e.span, "array size is not an integer"))?;
        if !ty.is_integer() {
            return Err(self.error(&e.span, "array size is not an integer"));
        }
        let span = self.span(&e.span);
        // A length of 0 or less is undefined (C11 6.7.6.2p5), as UBSan's `vla-bound` reports;
        // a parameter's array is a pointer, its length is not checked (neither by gcc).
        if !self.eval_param_vla {
            let zero = self.convert(Expr::int(0, 32), &CType::INT, &ty);
            let op = if ty.is_signed() { BinOp::Sle } else { BinOp::Eq };
            let bad = Expr::bin(op, x.clone(), zero);
            let msg = format!("variable-length array bound `{}` is not positive", self.snippet(&e.span));
            self.check(bad, ErrorKind::VlaBound, msg, span);
        }
        let st = self.size_t();
        let x = self.convert(x, &ty, &st);
        let t = self.temp(st);
        self.fcx.b.step(Op::Assign { dst: t, value: x }, span);
        Ok(t)
    }

    // ---- pass 1: file scope ----

    pub fn collect(&mut self, unit: &'a TranslationUnit) -> Result<()> {
        // gcc's predefined type; only its use (va_arg) is unsupported.
        self.declare("__builtin_va_list".into(), Sym::Typedef(CType::ptr_to(CType::Void)));
        // One set for every unit: a name whose address is taken anywhere lives in memory.
        AddrTaken(&mut self.global_addr_taken).visit_translation_unit(unit);
        for ext in &unit.0 {
            match &ext.node {
                ExternalDeclaration::Declaration(d) => self.file_declaration(d)?,
                ExternalDeclaration::FunctionDefinition(fd) => self.function_declaration(fd)?,
                ExternalDeclaration::StaticAssert(sa) => self.static_assert(sa)?,
            }
        }
        Ok(())
    }

    pub fn static_assert(&mut self, sa: &'a Node<StaticAssert>) -> Result<()> {
        if self.const_int(&sa.node.expression)? == 0 {
            let msg: String = sa.node.message.node.concat();
            return Err(self.error(&sa.span, format!("static assertion failed: {msg}")));
        }
        Ok(())
    }

    fn file_declaration(&mut self, d: &'a Node<Declaration>) -> Result<()> {
        let (base, storage) = self.base_type(&d.node.specifiers, &d.span)?;
        for id in &d.node.declarators {
            let decl = self.declarator(base.clone(), &id.node.declarator, false)?;
            let Some((name, nspan)) = decl.name.clone() else { continue };
            if storage.typedef {
                self.note_aligned_typedef(&name, &decl.ty, &id.node.declarator, &d.node.specifiers)?;
                self.declare(name, Sym::Typedef(decl.ty));
                continue;
            }
            if let CType::Function(ft) = &decl.ty {
                let i = self.register_function(name, ft.clone(), None, &nspan, storage.is_static)?;
                self.note_nonnull(i, &d.node.specifiers, &id.node.declarator)?;
                continue;
            }
            let defined = !storage.is_extern || id.node.initializer.is_some();
            self.register_global(name, decl.ty, id.node.initializer.as_ref(), nspan, defined, storage.is_static)?;
        }
        Ok(())
    }

    fn register_global(
        &mut self,
        name: String,
        ty: CType,
        init: Option<&'a Node<Initializer>>,
        span: LSpan,
        defined: bool,
        is_static: bool,
    ) -> Result<()> {
        // A `static` name is the unit's own; any other is the program's (C11 6.2.2).
        let found = match self.scopes[0].get(&name) {
            Some(s) => Some(s.clone()),
            None if !is_static => self.external.get(&name).cloned(),
            None => None,
        };
        let existing = match found {
            Some(Sym::Global(i)) => Some(i),
            Some(Sym::Func(_)) => {
                return Err(self.error(&span, format!("`{name}` redeclared as a different kind of symbol")))
            }
            _ => None,
        };
        match existing {
            Some(i) => {
                let unit = self.unit;
                if init.is_some() {
                    if let Some(prev) = self.globals[i].init {
                        if self.globals[i].unit != unit {
                            let first = self.defined_at(&self.globals[i].span);
                            let _ = prev;
                            return Err(self
                                .error(&span, format!("multiple definition of `{name}` (first defined at {first})")));
                        }
                        return Err(self.error(&span, format!("redefinition of `{name}`")));
                    }
                }
                let g = &mut self.globals[i];
                g.defined |= defined;
                if init.is_some() {
                    g.init = init;
                    g.span = span;
                    g.unit = unit;
                }
                if matches!(g.ty, CType::Array(_, ArrayLen::Incomplete)) {
                    g.ty = ty;
                }
                self.scopes[0].entry(name).or_insert(Sym::Global(i));
            }
            None => {
                let unit = self.unit;
                self.globals.push(GlobalEntry { name: name.clone(), ty, init, span, sym: None, defined, unit });
                let sym = Sym::Global(self.globals.len() - 1);
                if is_static {
                    self.scopes[0].insert(name, sym);
                } else {
                    self.declare_external(name, sym);
                }
            }
        }
        Ok(())
    }

    fn register_function(
        &mut self,
        name: String,
        ft: Arc<FuncType>,
        def: Option<&'a Node<FunctionDefinition>>,
        span: &LSpan,
        is_static: bool,
    ) -> Result<usize> {
        // A `static` function is the unit's own; any other is the program's (C11 6.2.2).
        let found = match self.scopes[0].get(&name) {
            Some(s) => Some(s.clone()),
            None if !is_static => self.external.get(&name).cloned(),
            None => None,
        };
        match found {
            Some(Sym::Func(i)) => {
                let unit = self.unit;
                if def.is_some() {
                    if let Some(prev) = self.funcs[i].def {
                        if self.funcs[i].unit != unit {
                            let first = self.defined_at(&prev.node.declarator.span);
                            return Err(
                                self.error(span, format!("multiple definition of `{name}` (first defined at {first})"))
                            );
                        }
                        return Err(self.error(span, format!("redefinition of function `{name}`")));
                    }
                }
                let f = &mut self.funcs[i];
                if def.is_some() {
                    f.def = def;
                    f.ty = ft;
                    f.unit = unit;
                } else if f.ty.unprototyped && !ft.unprototyped {
                    f.ty = ft;
                }
                self.scopes[0].entry(name).or_insert(Sym::Func(i));
                Ok(i)
            }
            Some(Sym::Global(_)) => Err(self.error(span, format!("`{name}` redeclared as a different kind of symbol"))),
            _ => {
                let unit = self.unit;
                self.funcs.push(FuncEntry { name: name.clone(), ty: ft, def, id: None, nonnull: None, unit });
                let i = self.funcs.len() - 1;
                if is_static {
                    self.scopes[0].insert(name, Sym::Func(i));
                } else {
                    self.declare_external(name, Sym::Func(i));
                }
                Ok(i)
            }
        }
    }

    fn function_declaration(&mut self, fd: &'a Node<FunctionDefinition>) -> Result<()> {
        let (base, storage) = self.base_type(&fd.node.specifiers, &fd.span)?;
        let decl = self.declarator(base, &fd.node.declarator, false)?;
        let Some((name, nspan)) = decl.name else {
            return Err(self.error(&fd.span, "function definition without a name"));
        };
        let CType::Function(mut ft) = decl.ty else {
            return Err(self.error(&nspan, format!("`{name}` is defined like a function but is not one")));
        };
        if !fd.node.declarations.is_empty() || (ft.unprototyped && !decl.params.is_empty()) {
            ft = Arc::new(self.kr_types(&ft, &decl.params, &fd.node.declarations)?);
        }
        let i = self.register_function(name, ft, Some(fd), &nspan, storage.is_static)?;
        self.note_nonnull(i, &fd.node.specifiers, &fd.node.declarator)?;
        Ok(())
    }

    /// Records GCC's `__attribute__((nonnull))` / `nonnull(i, …)` of a function declaration.
    fn note_nonnull(
        &mut self,
        i: usize,
        specs: &'a [Node<DeclarationSpecifier>],
        decl: &'a Node<Declarator>,
    ) -> Result<()> {
        let from_specs = specs.iter().filter_map(|s| match &s.node {
            DeclarationSpecifier::Extension(e) => Some(e.iter()),
            _ => None,
        });
        for ext in from_specs.flatten().chain(decl.node.extensions.iter()) {
            let Extension::Attribute(a) = &ext.node else { continue };
            if a.name.node != "nonnull" && a.name.node != "__nonnull__" {
                continue;
            }
            let mut listed = Vec::new();
            for arg in &a.arguments {
                let k = self.const_int(arg)?;
                if k < 1 {
                    return Err(self.error(&arg.span, "nonnull: parameter numbers start at 1"));
                }
                listed.push(k as usize);
            }
            let entry = &mut self.funcs[i].nonnull;
            match (entry.as_mut(), listed.is_empty()) {
                (_, true) => *entry = Some(Vec::new()),
                (Some(v), false) if !v.is_empty() => v.extend(listed),
                (Some(_), false) => {}
                (None, false) => *entry = Some(listed),
            }
        }
        Ok(())
    }

    /// Parameter types of an old-style (K&R) definition, from its declaration list.
    fn kr_types(
        &mut self,
        ft: &FuncType,
        names: &[Option<(String, LSpan)>],
        decls: &'a [Node<Declaration>],
    ) -> Result<FuncType> {
        let mut types: HashMap<String, CType> = HashMap::new();
        for d in decls {
            let (base, _) = self.base_type(&d.node.specifiers, &d.span)?;
            for id in &d.node.declarators {
                let decl = self.declarator(base.clone(), &id.node.declarator, false)?;
                if let Some((n, _)) = decl.name {
                    types.insert(n, types::adjust_param(decl.ty));
                }
            }
        }
        let params =
            names.iter().map(|n| n.as_ref().and_then(|(n, _)| types.get(n).cloned()).unwrap_or(CType::INT)).collect();
        Ok(FuncType { ret: ft.ret.clone(), params, variadic: false, unprototyped: false })
    }

    /// Creates the register or object of a file-scope variable on first use.
    fn materialize_global(&mut self, i: usize) -> Result<Sym> {
        if let Some(s) = &self.globals[i].sym {
            return Ok(s.clone());
        }
        let (name, ty, init, span) = {
            let g = &self.globals[i];
            (g.name.clone(), g.ty.clone(), g.init, g.span)
        };
        // Initialisers are evaluated at file scope, whatever function first used the global.
        let inner_scopes = self.scopes.split_off(1);
        let inner_tags = self.tags.split_off(1);
        // A global the linker provides lives in memory, where the library's definition is.
        let import = !self.globals[i].defined && self.externs.contains(&name);
        let addr_taken = import || self.global_addr_taken.contains(&name);
        let r = if self.multi_unit && !self.globals[i].defined && !import {
            Err(self.error(
                &span,
                format!(
                    "undefined reference to `{name}` (declared `extern` and defined in none of the program's files)"
                ),
            ))
        } else {
            let prev = self.enter_unit(self.globals[i].unit);
            let r = self.define_static(&name, ty, init, &span, addr_taken, Some(i));
            self.enter_unit(prev);
            r
        };
        self.scopes.extend(inner_scopes);
        self.tags.extend(inner_tags);
        let sym = r?;
        if let (true, Sym::Obj { obj, .. }) = (import, &sym) {
            self.prog.imports.push(Import::Object(*obj));
        }
        self.globals[i].sym = Some(sym.clone());
        Ok(sym)
    }

    /// A variable of static storage (global or static local): a register if it is a scalar whose
    /// address is never taken, else an object; the initialiser must be constant.
    pub fn define_static(
        &mut self,
        name: &str,
        ty: CType,
        init: Option<&'a Node<Initializer>>,
        span: &LSpan,
        addr_taken: bool,
        global: Option<usize>,
    ) -> Result<Sym> {
        if let CType::Float(_) = ty {
            return Err(self.unsupported(span, format!("floating-point variable `{name}`")));
        }
        let scratch = FnCtx::new(FuncId(u32::MAX), String::new(), CType::Void, Span::default());
        let saved = std::mem::replace(&mut self.fcx, scratch);
        let r = self.static_init(name, ty, init, span, addr_taken, global);
        self.fcx = saved;
        r
    }

    fn static_init(
        &mut self,
        name: &str,
        ty: CType,
        init: Option<&'a Node<Initializer>>,
        span: &LSpan,
        addr_taken: bool,
        global: Option<usize>,
    ) -> Result<Sym> {
        let sp = self.span(span);
        if ty.is_scalar() && !addr_taken {
            let var = self.new_var(name, ty.clone(), VarKind::Global, sp);
            if let Some(g) = global {
                self.globals[g].sym = Some(Sym::Reg { var, ty: ty.clone() });
            }
            if let Some(init) = init {
                let value = self.static_scalar(&ty, init)?;
                self.prog.globals.push(GlobalInit { var, value });
            }
            return Ok(Sym::Reg { var, ty });
        }
        // Reserve the object first: an initialiser may take its own address.
        let obj = self.new_global_obj(name, ty.clone(), Vec::new(), sp);
        if let Some(g) = global {
            self.globals[g].sym = Some(Sym::Obj { obj, ty: ty.clone() });
        }
        let (ty, items) = match init {
            Some(init) => self.static_aggregate(&ty, init)?,
            None => (ty, Vec::new()),
        };
        let size = self.size_of(&ty);
        if size.is_none() {
            return Err(self.error(span, format!("variable `{name}` has incomplete type `{}`", self.ty_str(&ty))));
        }
        let o = &mut self.prog.objects[obj.index()];
        o.ctype = ty.clone();
        o.size = size;
        o.kind = ObjKind::Global { init: items };
        Ok(Sym::Obj { obj, ty })
    }

    // ---- pass 2: function bodies ----

    /// The id of a function with a body, queueing it for lowering.
    pub fn func_id(&mut self, i: usize) -> FuncId {
        if let Some(id) = self.funcs[i].id {
            return id;
        }
        let id = FuncId(self.prog.functions.len() as u32);
        self.prog.functions.push(Function { id, name: self.funcs[i].name.clone(), ..Default::default() });
        self.funcs[i].id = Some(id);
        if self.funcs[i].def.is_none() {
            // A function the linker provides: its declared type stays for the link to check.
            self.prog.functions[id.index()].ctype = Some(CType::Function(self.funcs[i].ty.clone()));
            self.prog.imports.push(Import::Function(id));
        } else {
            self.worklist.push(i);
        }
        id
    }

    /// The names of the functions with a body outside system headers, in the order of the file.
    pub fn defined_functions(&self) -> Vec<String> {
        self.funcs
            .iter()
            .filter(|f| {
                f.def.is_some_and(|d| {
                    let (file, _, _) = self.sm.locate(d.span.start);
                    !self.sm.files.get(file as usize).is_some_and(|n| n.starts_with("/usr/"))
                })
            })
            .map(|f| f.name.clone())
            .collect()
    }

    /// Materialises every global defined outside system headers (a library's exports).
    pub fn define_all_globals(&mut self) -> Result<()> {
        for i in 0..self.globals.len() {
            let (file, _, _) = self.sm.locate(self.globals[i].span.start);
            let system = self.sm.files.get(file as usize).is_some_and(|n| n.starts_with("/usr/"));
            if self.globals[i].defined && !system {
                self.materialize_global(i)?;
            }
        }
        Ok(())
    }

    pub fn lower_entries(&mut self, entries: &[String]) -> Result<()> {
        for e in entries {
            let sym = self.external.get(e).or_else(|| self.scopes[0].get(e)).cloned();
            let i = match sym {
                Some(Sym::Func(i)) if self.funcs[i].def.is_some() => i,
                _ if e == "main" => {
                    return Err(Diagnostic::error("no `main` function (use --entry to choose another one)"))
                }
                _ => return Err(Diagnostic::error(format!("no function named `{e}` with a body"))),
            };
            let id = self.func_id(i);
            if e == "main" {
                self.prog.main = Some(id);
            }
        }
        if self.prog.main.is_none() {
            if let Some(Sym::Func(i)) = self.external.get("main").or_else(|| self.scopes[0].get("main")).cloned() {
                if self.funcs[i].id.is_some() {
                    self.prog.main = self.funcs[i].id;
                }
            }
        }
        while let Some(i) = self.worklist.pop() {
            self.lower_function(i)?;
        }
        // `reach_error()` is lowered to an error location whatever its body says; under other
        // properties than unreach-call the body matters: one that calls nothing that ends the
        // program returns to its caller.
        for f in &self.funcs {
            if let (true, Some(def)) = (matches!(f.name.as_str(), "reach_error" | "__VERIFIER_error"), f.def) {
                let mut ends = EndsProgram(false);
                ends.visit_statement(&def.node.statement.node, &def.node.statement.span);
                if !ends.0 {
                    self.prog.returning_error_functions.push(f.name.clone());
                }
            }
        }
        Ok(())
    }

    fn lower_function(&mut self, i: usize) -> Result<()> {
        let Some(def) = self.funcs[i].def else { return Ok(()) };
        let Some(id) = self.funcs[i].id else { return Ok(()) };
        let ft = self.funcs[i].ty.clone();
        let name = self.funcs[i].name.clone();
        if ft.variadic {
            return Err(self.unsupported(&def.node.declarator.span, format!("variadic function definition `{name}`")));
        }
        let span = self.span(&def.span);
        let mut fcx = FnCtx::new(id, name.clone(), ft.ret.clone(), span);
        AddrTaken(&mut fcx.addr_taken).visit_statement(&def.node.statement.node, &def.node.statement.span);
        self.fcx = fcx;
        let prev_unit = self.enter_unit(self.funcs[i].unit);
        self.push_scope();
        let r = self.lower_body(&name, &ft, def);
        self.pop_scope();
        self.enter_unit(prev_unit);
        r?;
        let fcx =
            std::mem::replace(&mut self.fcx, FnCtx::new(FuncId(u32::MAX), String::new(), CType::Void, Span::default()));
        for (label, lspan) in &fcx.label_uses {
            if !fcx.labels_defined.contains(label) {
                return Err(self.error(lspan, format!("label `{label}` used but not defined")));
            }
        }
        let params = self.param_vars.remove(&id).unwrap_or_default();
        let mut f = fcx.b.finish(name, params, span);
        f.nonnull_params = match &self.funcs[i].nonnull {
            None => Vec::new(),
            Some(listed) => (0..ft.params.len())
                .filter(|k| ft.params[*k].is_pointer() && (listed.is_empty() || listed.contains(&(k + 1))))
                .collect(),
        };
        f.ctype = Some(CType::Function(ft));
        self.prog.functions[id.index()] = f;
        Ok(())
    }

    fn lower_body(&mut self, name: &str, ft: &FuncType, def: &'a Node<FunctionDefinition>) -> Result<()> {
        let decl = self.declarator(CType::Void, &def.node.declarator, false)?;
        let names = decl.params;
        let func = self.fcx.b.func;
        let mut params = Vec::new();
        if matches!(ft.ret, CType::Struct(_)) {
            let v = self.new_var("$sret", CType::ptr_to(ft.ret.clone()), VarKind::Param(func), Span::default());
            self.fcx.sret = Some(v);
            params.push(v);
        } else if ft.ret != CType::Void {
            if let CType::Float(_) = ft.ret {
                return Err(self.unsupported(
                    &def.node.declarator.span,
                    format!("function `{name}` returns a floating-point value"),
                ));
            }
            let v = self.new_var("$ret", ft.ret.clone(), VarKind::Ret(func), Span::default());
            self.fcx.b.ret = Some(v);
        }
        let mut prologue = Vec::new();
        for (k, pty) in ft.params.iter().enumerate() {
            let (pname, pspan) = names.get(k).cloned().flatten().unwrap_or((format!("$p{k}"), def.span));
            let sp = self.span(&pspan);
            if let CType::Float(_) = pty {
                return Err(self.unsupported(&pspan, format!("floating-point parameter `{pname}`")));
            }
            if matches!(pty, CType::Struct(_)) {
                // By value: the caller passes the address, the callee copies into its own slot.
                let v = self.new_var(&format!("{pname}.byval"), CType::ptr_to(pty.clone()), VarKind::Param(func), sp);
                params.push(v);
                let obj = self.new_slot(&pname, pty.clone(), self.size_of(pty), sp);
                prologue.push((obj, v, pty.clone(), true));
                self.declare(pname, Sym::Obj { obj, ty: pty.clone() });
            } else if self.fcx.addr_taken.contains(&pname) {
                let v = self.new_var(&format!("{pname}.param"), pty.clone(), VarKind::Param(func), sp);
                params.push(v);
                let obj = self.new_slot(&pname, pty.clone(), self.size_of(pty), sp);
                prologue.push((obj, v, pty.clone(), false));
                self.declare(pname, Sym::Obj { obj, ty: pty.clone() });
            } else {
                let v = self.new_var(&pname, pty.clone(), VarKind::Param(func), sp);
                params.push(v);
                self.declare(pname, Sym::Reg { var: v, ty: pty.clone() });
            }
        }
        self.param_vars.insert(func, params);
        // Parameters like `int m[n][n]`: now that `n` is in scope, evaluate the lengths.
        if ft.params.iter().any(has_unknown_vla) {
            self.eval_param_vla = true;
            let d = self.declarator(CType::Void, &def.node.declarator, false);
            self.eval_param_vla = false;
            if let CType::Function(precise) = d?.ty {
                for (k, pty) in precise.params.iter().enumerate() {
                    let Some((pname, _)) = names.get(k).cloned().flatten() else { continue };
                    if let Some(Sym::Reg { var, .. }) = self.scopes.last().and_then(|s| s.get(&pname)).cloned() {
                        self.declare(pname, Sym::Reg { var, ty: pty.clone() });
                    }
                }
            }
        }
        let span = self.span(&def.span);
        for (obj, v, ty, byval) in prologue {
            let size = self.size_of(&ty).unwrap_or(0);
            let size_e = Expr::uint(size, self.dm.ptr_bits());
            self.fcx.b.step(
                Op::Alloc {
                    target: AllocTarget::Slot(obj),
                    region: Region::Stack,
                    size: size_e.clone(),
                    init: AllocInit::Nondet,
                },
                span,
            );
            if byval {
                self.fcx.b.step(Op::MemCopy { dst: Expr::AddrOf(obj), src: Expr::Var(v), size: size_e }, span);
            } else {
                self.fcx.b.step(Op::Store { ptr: Expr::AddrOf(obj), value: Expr::Var(v) }, span);
            }
        }
        self.statement(&def.node.statement)?;
        // Falling off the end: main returns 0 (C99 5.1.2.2.3); elsewhere the value is arbitrary.
        let end = self.span(&def.span);
        match self.fcx.b.ret {
            Some(r) if name == "main" => {
                let zero = self.zero_of(&ft.ret);
                let _ = r;
                self.run_atexit(end)?;
                let exit = self.fcx.b.exit;
                self.fcx.b.edge_to(exit, Op::Return(Some(zero)), end);
            }
            Some(r) => {
                self.fcx.b.step(
                    Op::Nondet { dst: r, origin: NondetOrigin::Uninit { var: format!("return value of {name}") } },
                    end,
                );
                let exit = self.fcx.b.exit;
                self.fcx.b.edge_to(exit, Op::Return(None), end);
            }
            None => {
                if name == "main" {
                    self.run_atexit(end)?;
                }
                let exit = self.fcx.b.exit;
                self.fcx.b.edge_to(exit, Op::Return(None), end);
            }
        }
        Ok(())
    }
}

/// Whether a type mentions an array length not evaluated yet (a prototype's `int m[][n]`).
fn has_unknown_vla(t: &CType) -> bool {
    match t {
        CType::Array(_, ArrayLen::Variable(None)) => true,
        CType::Array(el, _) => has_unknown_vla(el),
        CType::Pointer(p) => has_unknown_vla(p),
        _ => false,
    }
}

/// `t` with every struct that has a compatible earlier definition replaced by it (`extra`: one
/// more such pair, while a definition is compared).
pub(crate) fn canon_type(t: &CType, alias: &HashMap<StructId, StructId>, extra: Option<(StructId, StructId)>) -> CType {
    match t {
        CType::Struct(s) => CType::Struct(match extra {
            Some((n, c)) if *s == n => c,
            _ => alias.get(s).copied().unwrap_or(*s),
        }),
        CType::Pointer(p) => CType::Pointer(Arc::new(canon_type(p, alias, extra))),
        CType::Array(el, len) => CType::Array(Arc::new(canon_type(el, alias, extra)), len.clone()),
        CType::Function(ft) => CType::Function(Arc::new(FuncType {
            ret: canon_type(&ft.ret, alias, extra),
            params: ft.params.iter().map(|p| canon_type(p, alias, extra)).collect(),
            variadic: ft.variadic,
            unprototyped: ft.unprototyped,
        })),
        _ => t.clone(),
    }
}

/// Rewrites every type of the program to the struct types it keeps (see
/// [`Lowerer::struct_alias`]).
pub(crate) fn apply_struct_alias(prog: &mut Program, alias: &HashMap<StructId, StructId>) {
    if alias.is_empty() {
        return;
    }
    for v in &mut prog.vars {
        v.ctype = canon_type(&v.ctype, alias, None);
    }
    for o in &mut prog.objects {
        o.ctype = canon_type(&o.ctype, alias, None);
    }
    for f in &mut prog.functions {
        if let Some(t) = &f.ctype {
            f.ctype = Some(canon_type(t, alias, None));
        }
    }
    for s in &mut prog.structs {
        for f in &mut s.fields {
            f.ty = canon_type(&f.ty, alias, None);
        }
    }
}
