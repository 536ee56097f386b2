//! Linking at the IR level: the library functions a program imports, with everything they reach
//! (callees, globals, string literals, struct types), are copied into the program with fresh ids.
//! An imported function's placeholder takes the library function's body under the placeholder's
//! id, and an imported global's object takes the library's definition, so that the program's
//! own code is left as it is.

use kappa_ir::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::VARIADIC_PREFIX;

/// Id maps from the library into the program.
struct Map {
    funcs: HashMap<FuncId, FuncId>,
    vars: HashMap<VarId, VarId>,
    objs: HashMap<ObjId, ObjId>,
    struct_off: u32,
    file_off: u32,
}

/// Links `lib` into `prog`, resolving every import of `prog`. Calls of a variadic function
/// resolved to its fixed-arity model `__kappa_va_NAME` drop their extra arguments.
pub fn link(prog: &mut Program, lib: &Program) -> Result<(), String> {
    if prog.data_model != lib.data_model {
        return Err("internal error: the C library model was lowered for another data model".into());
    }
    let lib_func: HashMap<&str, FuncId> = lib
        .functions
        .iter()
        .filter(|f| !f.locs.is_empty())
        .map(|f| (f.name.strip_prefix(VARIADIC_PREFIX).unwrap_or(&f.name), f.id))
        .collect();
    let lib_obj: HashMap<&str, ObjId> = lib
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| matches!(o.kind, ObjKind::Global { .. }))
        .map(|(i, o)| (o.name.as_str(), ObjId(i as u32)))
        .collect();

    redirect_constant_characters(prog);

    // What the imports reach in the library.
    let mut map = Map {
        funcs: HashMap::new(),
        vars: HashMap::new(),
        objs: HashMap::new(),
        struct_off: prog.structs.len() as u32,
        file_off: prog.files.len() as u32,
    };
    let mut fwork: Vec<FuncId> = Vec::new();
    let mut owork: Vec<ObjId> = Vec::new();
    let mut variadic_arity: HashMap<FuncId, usize> = HashMap::new();
    let mut specialised: Vec<(FuncId, FuncId, String)> = Vec::new();
    for imp in std::mem::take(&mut prog.imports) {
        match imp {
            Import::Function(f) => {
                let name = prog.func(f).name.clone();
                if let Some((model, binding)) = name.split_once('@') {
                    let lf = *lib_func.get(model).ok_or_else(|| format!("the C library has no `{model}`"))?;
                    specialised.push((f, lf, binding.to_string()));
                    continue;
                }
                let lf = *lib_func.get(name.as_str()).ok_or_else(|| format!("the C library has no `{name}`"))?;
                check_signature(prog, f, lib, lf)?;
                if lib.func(lf).name.starts_with(VARIADIC_PREFIX) {
                    variadic_arity.insert(f, lib.func(lf).params.len());
                }
                if let Some(prev) = map.funcs.insert(lf, f) {
                    return Err(format!("internal error: `{name}` imported twice ({prev}, {f})"));
                }
                fwork.push(lf);
            }
            Import::Object(o) => {
                let name = prog.obj(o).name.clone();
                let lo = *lib_obj.get(name.as_str()).ok_or_else(|| format!("the C library has no global `{name}`"))?;
                map.objs.insert(lo, o);
                owork.push(lo);
            }
        }
    }
    let mut need_funcs: BTreeSet<FuncId> = BTreeSet::new();
    let mut need_objs: BTreeSet<ObjId> = owork.iter().copied().collect();
    let mut need_vars: BTreeSet<VarId> = BTreeSet::new();
    while !fwork.is_empty() || !owork.is_empty() {
        while let Some(f) = fwork.pop() {
            if !need_funcs.insert(f) {
                continue;
            }
            let func = lib.func(f);
            need_vars.extend(func.vars.iter().copied());
            need_vars.extend(func.params.iter().copied());
            need_vars.extend(func.ret);
            for &s in &func.slots {
                if need_objs.insert(s) {
                    owork.push(s);
                }
            }
            for e in &func.edges {
                if let Op::Call { func: callee, .. } = &e.op {
                    fwork.push(*callee);
                }
                for x in e.op.exprs() {
                    refs(x, &mut |r| match r {
                        Ref::Var(v) => {
                            need_vars.insert(v);
                        }
                        Ref::Obj(o) => {
                            if need_objs.insert(o) {
                                owork.push(o);
                            }
                        }
                    });
                }
            }
        }
        while let Some(o) = owork.pop() {
            if let ObjKind::Global { init } = &lib.obj(o).kind {
                for it in init {
                    refs(&it.value, &mut |r| {
                        if let Ref::Obj(o2) = r {
                            if need_objs.insert(o2) {
                                owork.push(o2);
                            }
                        }
                    });
                }
            }
        }
    }
    for g in &lib.globals {
        if need_vars.contains(&g.var) {
            refs(&g.value, &mut |r| {
                if let Ref::Obj(o) = r {
                    need_objs.insert(o);
                }
            });
        }
    }

    // Fresh ids for what is not an import's placeholder.
    for &f in &need_funcs {
        if let std::collections::hash_map::Entry::Vacant(slot) = map.funcs.entry(f) {
            let id = FuncId(prog.functions.len() as u32);
            prog.functions.push(Function { id, name: lib.func(f).name.clone(), ..Default::default() });
            slot.insert(id);
        }
    }
    for &v in &need_vars {
        map.vars.insert(v, VarId((prog.vars.len() + map.vars.len()) as u32));
    }
    let mut next_obj = prog.objects.len() as u32;
    for &o in &need_objs {
        if let std::collections::hash_map::Entry::Vacant(slot) = map.objs.entry(o) {
            slot.insert(ObjId(next_obj));
            next_obj += 1;
        }
    }

    // Copy.
    prog.files.extend(lib.files.iter().cloned());
    for s in &lib.structs {
        let mut s = s.clone();
        for f in &mut s.fields {
            f.ty = map.ctype(&f.ty);
        }
        prog.structs.push(s);
    }
    let mut new_vars: Vec<(VarId, VarInfo)> = need_vars
        .iter()
        .map(|v| {
            let vi = lib.var(*v);
            let kind = match vi.kind {
                VarKind::Global => VarKind::Global,
                VarKind::Param(f) => VarKind::Param(map.func(f)),
                VarKind::Local(f) => VarKind::Local(map.func(f)),
                VarKind::Temp(f) => VarKind::Temp(map.func(f)),
                VarKind::Ret(f) => VarKind::Ret(map.func(f)),
            };
            let info = VarInfo {
                name: vi.name.clone(),
                ty: vi.ty,
                ctype: map.ctype(&vi.ctype),
                kind,
                span: map.span(vi.span),
            };
            (map.vars[v], info)
        })
        .collect();
    new_vars.sort_by_key(|(id, _)| *id);
    prog.vars.extend(new_vars.into_iter().map(|(_, i)| i));
    let mut new_objs: Vec<(ObjId, ObjInfo)> = Vec::new();
    for &o in &need_objs {
        let oi = lib.obj(o);
        let kind = match &oi.kind {
            ObjKind::Global { init } => ObjKind::Global {
                init: init.iter().map(|it| InitItem { offset: it.offset, value: map.expr(&it.value) }).collect(),
            },
            ObjKind::StringLit { bytes } => ObjKind::StringLit { bytes: bytes.clone() },
            ObjKind::Local(f) => ObjKind::Local(map.func(*f)),
            ObjKind::Function(f) => ObjKind::Function(map.func(*f)),
        };
        let info = ObjInfo {
            name: oi.name.clone(),
            ctype: map.ctype(&oi.ctype),
            kind,
            size: oi.size,
            span: map.span(oi.span),
        };
        new_objs.push((map.objs[&o], info));
    }
    new_objs.sort_by_key(|(id, _)| *id);
    for (id, info) in new_objs {
        if id.index() < prog.objects.len() {
            prog.objects[id.index()] = info;
        } else {
            prog.objects.push(info);
        }
    }
    for g in &lib.globals {
        if let Some(&v) = map.vars.get(&g.var) {
            prog.globals.push(GlobalInit { var: v, value: map.expr(&g.value) });
        }
    }
    for &f in &need_funcs {
        let id = map.func(f);
        map.install(prog, lib, f, id)?;
    }

    // Calls of variadic functions keep the model's parameters only.
    if !variadic_arity.is_empty() {
        for func in &mut prog.functions {
            for e in &mut func.edges {
                if let Op::Call { func: callee, args, .. } = &mut e.op {
                    if let Some(&n) = variadic_arity.get(callee) {
                        args.truncate(n);
                    }
                }
            }
        }
    }
    for (f, lf, binding) in specialised {
        specialise(prog, lib, f, lf, &binding, &map)?;
    }
    prog.validate().map_err(|e| format!("internal error: the linked program is malformed: {e}"))
}

/// Library functions with a second model for calls whose character argument is a constant:
/// (function, argument, model).
const CONSTANT_CHARACTER_MODELS: &[(&str, usize, &str)] = &[("strchr", 1, "__kappa_strchr_const")];

/// The program's calls of `strchr(s, 'c')` call `__kappa_strchr_const` instead (a new import):
/// `strchr` finds a symbolic character in a concrete string without forking (one ite-term), but
/// a constant character in a symbolic string is found best by forking at the match (`ini`'s
/// `strchr(line, ']')`: the ite-pointer made every later query a term over the whole line).
fn redirect_constant_characters(prog: &mut Program) {
    for &(name, arg, model) in CONSTANT_CHARACTER_MODELS {
        let Some(f) = prog.imports.iter().find_map(|i| match i {
            Import::Function(f) if prog.func(*f).name == name => Some(*f),
            _ => None,
        }) else {
            continue;
        };
        let mut target = None;
        for fi in 0..prog.functions.len() {
            for ei in 0..prog.functions[fi].edges.len() {
                let constant = matches!(&prog.functions[fi].edges[ei].op,
                    Op::Call { func, args, .. } if *func == f && args.get(arg).and_then(Expr::as_const).is_some());
                if !constant {
                    continue;
                }
                let to = *target.get_or_insert_with(|| {
                    let id = FuncId(prog.functions.len() as u32);
                    let ctype = prog.func(f).ctype.clone();
                    prog.functions.push(Function { id, name: model.to_string(), ctype, ..Default::default() });
                    prog.imports.push(Import::Function(id));
                    id
                });
                if let Op::Call { func, .. } = &mut prog.functions[fi].edges[ei].op {
                    *func = to;
                }
            }
        }
    }
}

/// A copy of the model `lf` (`__kappa_qsort`) under the placeholder `f`, whose calls of the
/// comparator placeholder call the program's function `binding` instead. The model calls
/// nothing else and touches no global, so that the copy shares nothing.
fn specialise(
    prog: &mut Program,
    lib: &Program,
    f: FuncId,
    lf: FuncId,
    binding: &str,
    base: &Map,
) -> Result<(), String> {
    let model = lib.func(lf);
    let target = prog
        .functions
        .iter()
        .find(|g| g.name == binding && !g.locs.is_empty())
        .map(|g| g.id)
        .ok_or_else(|| format!("internal error: the comparator `{binding}` is not lowered"))?;
    let mut map = Map {
        funcs: HashMap::new(),
        vars: HashMap::new(),
        objs: HashMap::new(),
        struct_off: base.struct_off,
        file_off: base.file_off,
    };
    map.funcs.insert(lf, f);
    for e in &model.edges {
        match &e.op {
            Op::Call { func, .. } if lib.func(*func).locs.is_empty() => {
                map.funcs.insert(*func, target);
            }
            Op::Call { func, .. } => {
                return Err(format!("internal error: the model `{}` calls `{}`", model.name, lib.func(*func).name))
            }
            _ => {}
        }
        for x in e.op.exprs() {
            let mut global = false;
            refs(x, &mut |r| match r {
                Ref::Var(v) => global |= lib.var(v).kind == VarKind::Global,
                Ref::Obj(o) => global |= !model.slots.contains(&o),
            });
            if global {
                return Err(format!("internal error: the model `{}` uses a global", model.name));
            }
        }
    }
    let mut own: Vec<VarId> = model.vars.clone();
    own.extend(model.params.iter().filter(|p| !model.vars.contains(p)));
    own.extend(model.ret.filter(|r| !model.vars.contains(r)));
    for v in own {
        let vi = lib.var(v);
        let id = VarId(prog.vars.len() as u32);
        let kind = match vi.kind {
            VarKind::Param(_) => VarKind::Param(f),
            VarKind::Ret(_) => VarKind::Ret(f),
            VarKind::Temp(_) => VarKind::Temp(f),
            _ => VarKind::Local(f),
        };
        map.vars.insert(v, id);
        prog.vars.push(VarInfo {
            name: vi.name.clone(),
            ty: vi.ty,
            ctype: map.ctype(&vi.ctype),
            kind,
            span: map.span(vi.span),
        });
    }
    for &o in &model.slots {
        let oi = lib.obj(o);
        let id = ObjId(prog.objects.len() as u32);
        map.objs.insert(o, id);
        prog.objects.push(ObjInfo {
            name: oi.name.clone(),
            ctype: map.ctype(&oi.ctype),
            kind: ObjKind::Local(f),
            size: oi.size,
            span: map.span(oi.span),
        });
    }
    map.install(prog, lib, lf, f)
}

/// The program's prototype and the model must agree on the parameters (a variadic function's
/// fixed ones) and the result's width.
fn check_signature(prog: &Program, f: FuncId, lib: &Program, lf: FuncId) -> Result<(), String> {
    let (Some(CType::Function(pt)), Some(CType::Function(lt))) = (&prog.func(f).ctype, &lib.func(lf).ctype) else {
        return Ok(());
    };
    let name = &prog.func(f).name;
    let dm = prog.data_model;
    let fits = |a: &CType, b: &CType| match (a.ir_ty(dm), b.ir_ty(dm)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => true,
        _ => matches!((a, b), (CType::Struct(_), CType::Struct(_))),
    };
    let arity_ok = if lib.func(lf).name.starts_with(VARIADIC_PREFIX) {
        pt.variadic && pt.params.len() == lt.params.len()
    } else {
        pt.unprototyped || pt.params.len() == lt.params.len()
    };
    if !arity_ok || !fits(&pt.ret, &lt.ret) || !pt.params.iter().zip(&lt.params).all(|(a, b)| fits(a, b)) {
        return Err(format!("`{name}` is declared with a type the C library's `{name}` does not have"));
    }
    Ok(())
}

enum Ref {
    Var(VarId),
    Obj(ObjId),
}

fn refs(e: &Expr, f: &mut dyn FnMut(Ref)) {
    e.walk(&mut |x| match x {
        Expr::Var(v) => f(Ref::Var(*v)),
        Expr::AddrOf(o) => f(Ref::Obj(*o)),
        _ => {}
    });
}

impl Map {
    /// Copies library function `lf` into the program as function `id` (its body, with every id
    /// mapped), marked as a library function.
    fn install(&self, prog: &mut Program, lib: &Program, lf: FuncId, id: FuncId) -> Result<(), String> {
        let model = lib.func(lf);
        let mut edges = Vec::with_capacity(model.edges.len());
        for e in &model.edges {
            edges.push(Edge {
                src: e.src,
                dst: e.dst,
                op: self.op(&e.op, model, &|x| lib.var_ty(x))?,
                span: self.span(e.span),
            });
        }
        let mut nf = Function {
            name: prog.func(id).name.clone(),
            id,
            params: model.params.iter().map(|v| self.vars[v]).collect(),
            ret: model.ret.map(|v| self.vars[&v]),
            ctype: model.ctype.as_ref().map(|t| self.ctype(t)),
            vars: model.vars.iter().map(|v| self.vars[v]).collect(),
            slots: model.slots.iter().map(|o| self.objs[o]).collect(),
            locs: model.locs.iter().map(|l| LocInfo { kind: l.kind.clone(), span: self.span(l.span) }).collect(),
            edges,
            entry: model.entry,
            exit: model.exit,
            span: self.span(model.span),
            nonnull_params: model.nonnull_params.clone(),
            out: Vec::new(),
            inc: Vec::new(),
        };
        nf.index_edges();
        prog.functions[id.index()] = nf;
        prog.library_functions.push(id);
        Ok(())
    }

    fn func(&self, f: FuncId) -> FuncId {
        self.funcs.get(&f).copied().unwrap_or(f)
    }

    fn span(&self, s: Span) -> Span {
        if !s.is_known() {
            return Span::default();
        }
        // Library spans name the model's file; they have no place in the program's text.
        Span { file: s.file + self.file_off, line: s.line, col: s.col, offset: 0, end: 0 }
    }

    fn ctype(&self, t: &CType) -> CType {
        match t {
            CType::Void | CType::Int { .. } | CType::Float(_) => t.clone(),
            CType::Pointer(p) => CType::Pointer(Arc::new(self.ctype(p))),
            CType::Array(el, len) => {
                let len = match len {
                    ArrayLen::Variable(Some(v)) => ArrayLen::Variable(self.vars.get(v).copied()),
                    l => l.clone(),
                };
                CType::Array(Arc::new(self.ctype(el)), len)
            }
            CType::Struct(s) => CType::Struct(StructId(s.0 + self.struct_off)),
            CType::Function(ft) => CType::Function(Arc::new(FuncType {
                ret: self.ctype(&ft.ret),
                params: ft.params.iter().map(|p| self.ctype(p)).collect(),
                variadic: ft.variadic,
                unprototyped: ft.unprototyped,
            })),
        }
    }

    fn expr(&self, e: &Expr) -> Expr {
        let b = |x: &Expr| Box::new(self.expr(x));
        match e {
            Expr::Int { .. } | Expr::Bool(_) | Expr::Null => e.clone(),
            Expr::Var(v) => Expr::Var(self.vars[v]),
            Expr::AddrOf(o) => Expr::AddrOf(self.objs[o]),
            Expr::Un(op, a) => Expr::Un(*op, b(a)),
            Expr::Bin(op, x, y) => Expr::Bin(*op, b(x), b(y)),
            Expr::Cast(op, w, a) => Expr::Cast(*op, *w, b(a)),
            Expr::Ite(c, x, y) => Expr::Ite(b(c), b(x), b(y)),
            Expr::PtrAdd(x, y) => Expr::PtrAdd(b(x), b(y)),
            Expr::PtrDiff(x, y) => Expr::PtrDiff(b(x), b(y)),
            Expr::Live(a) => Expr::Live(b(a)),
            Expr::InBounds(x, y) => Expr::InBounds(b(x), b(y)),
            Expr::Writable(a) => Expr::Writable(b(a)),
            Expr::Freeable(a) => Expr::Freeable(b(a)),
        }
    }

    fn op(&self, op: &Op, f: &Function, f_var_ty: &dyn Fn(VarId) -> Ty) -> Result<Op, String> {
        let v = |x: &VarId| self.vars[x];
        let e = |x: &Expr| self.expr(x);
        Ok(match op {
            Op::Skip => Op::Skip,
            Op::Assume(c) => Op::Assume(e(c)),
            Op::Assign { dst, value } => Op::Assign { dst: v(dst), value: e(value) },
            // Falling off the end of a non-void model (unreachable in the models) gives zero.
            Op::Nondet { dst, origin: NondetOrigin::Uninit { var } } if var.starts_with("return value of") => {
                let value = match f_var_ty(*dst) {
                    Ty::Int(w) => Expr::uint(0, w),
                    Ty::Ptr => Expr::Null,
                    Ty::Bool => Expr::Bool(false),
                };
                Op::Assign { dst: v(dst), value }
            }
            Op::Nondet { .. } => {
                return Err(format!("internal error: the C library's `{}` reads an input (Nondet)", f.name));
            }
            Op::Load { dst, ptr } => Op::Load { dst: v(dst), ptr: e(ptr) },
            Op::Store { ptr, value } => Op::Store { ptr: e(ptr), value: e(value) },
            Op::MemCopy { dst, src, size } => Op::MemCopy { dst: e(dst), src: e(src), size: e(size) },
            // Library memory is zero-filled: no input comes from inside the library.
            Op::Alloc { target, region, size, .. } => Op::Alloc {
                target: match target {
                    AllocTarget::Slot(o) => AllocTarget::Slot(self.objs[o]),
                    AllocTarget::Fresh(x) => AllocTarget::Fresh(v(x)),
                },
                region: *region,
                size: e(size),
                init: AllocInit::Zero,
            },
            Op::Free { ptr } => Op::Free { ptr: e(ptr) },
            Op::Call { dst, func, args } => {
                Op::Call { dst: dst.map(|d| v(&d)), func: self.func(*func), args: args.iter().map(e).collect() }
            }
            Op::Return(x) => Op::Return(x.as_ref().map(e)),
            Op::Halt { kind, code } => Op::Halt { kind: *kind, code: code.as_ref().map(e) },
            Op::Output { kind, args, dst } => {
                Op::Output { kind: *kind, args: args.iter().map(e).collect(), dst: dst.map(|d| v(&d)) }
            }
        })
    }
}
