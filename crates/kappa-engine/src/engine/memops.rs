//! Memory operations through pointers — loads, stores, copies, frees — and the input heap:
//! which objects a pointer may denote, materialisation of input objects, refinements.
//!
//! A pointer's object term has *leaves* ([`crate::heap::leaves`]): constants (the program's own
//! objects, 0 for null) and input references ρ. A read through the pointer is the ite over its
//! leaves of what each denoted object holds (POSE's getfield c2); a write changes each object it
//! may denote under the condition that it does (putfield, mergeClauses): for an input reference,
//! that is its own object and every object of the heap model's alias set.

use super::*;
use crate::heap::{Alternative, Binding, InputClass, InputField, InputObject, InputRef, RefOrigin, RefUse, Resolution};

/// A view of an object for the IR's pointer predicates (`live`, `inbounds`, …).
pub(crate) struct ObjView {
    pub live: Term,
    pub size: Term,
    /// What `malloc` returned (or the caller allocated, for input objects): `free` may release it.
    pub freeable: bool,
    pub readonly: bool,
}

impl<'p> Engine<'p> {
    // ---- targets ----

    /// The objects a read through `obj` may see, each with the condition that `obj` denotes it.
    pub(crate) fn read_targets(&mut self, st: &mut State, obj: &Term) -> Result<Vec<(u32, Term)>, String> {
        let leaves =
            crate::heap::leaves(obj).ok_or_else(|| format!("a pointer whose object cannot be determined ({obj})"))?;
        let mut out: Vec<(u32, Term)> = Vec::new();
        for leaf in leaves {
            let id = if leaf.as_bv().is_some() {
                match crate::heap::program_objects(&st.memory, &leaf) {
                    Some(id) => id,
                    None => continue,
                }
            } else {
                let r = st
                    .heap
                    .ref_of(&leaf)
                    .ok_or_else(|| format!("a pointer whose object cannot be determined ({obj})"))?;
                match self.bind_for_access(st, r)? {
                    Some(o) => st.heap.objects[o].mem,
                    None => continue,
                }
            };
            push_target(&mut out, id, obj.eq(&leaf));
        }
        Ok(out)
    }

    /// The objects a write through `obj` may change, each with the condition that it does: the
    /// objects the leaves denote, and for input references every object of the heap model's
    /// alias set (POSE's putfield: a write through ρ updates each type-compatible object ρ' under
    /// ρ = ρ').
    pub(crate) fn write_targets(&mut self, st: &mut State, obj: &Term) -> Result<Vec<(u32, Term)>, String> {
        let mut out = self.read_targets(st, obj)?;
        let leaves = crate::heap::leaves(obj).unwrap_or_default();
        for leaf in leaves {
            let Some(r) = st.heap.ref_of(&leaf) else { continue };
            for o in self.heap_model.may_alias(&st.heap, r) {
                let cond = obj.eq(st.heap.identity(o));
                push_target(&mut out, st.heap.objects[o].mem, cond);
            }
        }
        Ok(out)
    }

    /// The input object reference `r` denotes when it is dereferenced, resolving it if the
    /// heap model does so without a fork (POSE's r1); `None` for a reference resolved to null.
    fn bind_for_access(&mut self, st: &mut State, r: usize) -> Result<Option<usize>, String> {
        match st.heap.refs[r].binding {
            Binding::Object(o) => return Ok(Some(o)),
            Binding::Null => return Ok(None),
            Binding::Unbound => {}
        }
        let alts = self.heap_model.refine(&st.heap, &[RefUse::Deref(r)]);
        match alts.as_slice() {
            [one] => {
                let one = one.clone();
                let assume = self.apply_alternative(st, &one)?;
                st.pc.push(assume);
            }
            _ => {
                let what = self.ref_name(&st.heap, r);
                return Err(format!("input reference `{what}` dereferenced before the heap model resolved it"));
            }
        }
        match st.heap.refs[r].binding {
            Binding::Object(o) => Ok(Some(o)),
            _ => Ok(None),
        }
    }

    // ---- refinement ----

    /// The assumptions of an alternative: ρ = 0, ρ = ρ', or ρ ∉ {0} ∪ {ρ' of the class}.
    fn alternative_condition(&self, heap: &crate::heap::InputHeap, alt: &Alternative) -> Term {
        let zero = Term::bv(0, OBJ_BITS);
        let mut parts = Vec::new();
        for &(r, res) in &alt.resolve {
            let rho = &heap.refs[r].sym;
            match res {
                Resolution::Null => parts.push(rho.eq(&zero)),
                Resolution::Alias(o) => parts.push(rho.eq(heap.identity(o))),
                Resolution::Fresh => {
                    parts.push(rho.ne(&zero));
                    for o in heap.objects_of(heap.refs[r].class) {
                        parts.push(rho.ne(heap.identity(o)));
                    }
                }
                // No assumption: a materialised reference may be a leaf of an ite-reference
                // (`ite(a = b, b->next, a->next)`) that is null where the other leaf is taken;
                // the reference dereferenced is non-null by the program's own null check.
                Resolution::Materialise => {}
            }
        }
        Term::and_all(parts)
    }

    /// Resolves the references of an alternative in `st`; returns its assumptions (not added to
    /// the path condition).
    fn apply_alternative(&mut self, st: &mut State, alt: &Alternative) -> Result<Term, String> {
        let assume = self.alternative_condition(&st.heap, alt);
        for &(r, res) in &alt.resolve {
            match res {
                Resolution::Null => Rc::make_mut(&mut st.heap).refs[r].binding = Binding::Null,
                Resolution::Alias(o) => Rc::make_mut(&mut st.heap).refs[r].binding = Binding::Object(o),
                Resolution::Fresh => {
                    self.materialise(st, r, &[])?;
                }
                Resolution::Materialise => {
                    let aliases = self.heap_model.may_alias(&st.heap, r);
                    self.materialise(st, r, &aliases)?;
                }
            }
        }
        Ok(assume)
    }

    /// Splits a state by the alternatives of a refinement: the feasible ones, each with its
    /// resolution applied and its assumptions in the path condition, as children in the tree.
    pub(crate) fn split_by(&mut self, st: &State, alts: Vec<Alternative>) -> Vec<State> {
        let mut out = Vec::new();
        let mut stopped = Vec::new();
        for alt in alts {
            let assume = self.alternative_condition(&st.heap, &alt);
            match self.query(st, &assume) {
                SatResult::Sat => {}
                SatResult::Unsat => continue,
                SatResult::Unknown(r) => {
                    self.stats.failed_leaves += 1;
                    self.failed_leaf_reason(r);
                    continue;
                }
            }
            let mut s = st.clone();
            match self.apply_alternative(&mut s, &alt) {
                Ok(a) => s.pc.push(a),
                Err(reason) => {
                    stopped.push((s, reason));
                    continue;
                }
            }
            let label = alt
                .resolve
                .iter()
                .map(|&(r, res)| {
                    let name = self.ref_name(&st.heap, r);
                    match res {
                        Resolution::Null => format!("{name} = null"),
                        Resolution::Alias(o) => {
                            format!("{name} = {}", self.ref_name(&st.heap, st.heap.objects[o].reference))
                        }
                        Resolution::Fresh | Resolution::Materialise => format!("{name} fresh"),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            out.push((s, label));
        }
        let fork = out.len() + stopped.len() > 1;
        if fork {
            self.stats.heap_stats.heap_forks += (out.len() + stopped.len()) as u64 - 1;
        }
        for (s, reason) in stopped {
            self.finish(s, Termination::Stopped(reason));
        }
        out.into_iter()
            .map(|(mut s, label)| {
                if fork {
                    s.id = self.new_state_id();
                    let (f, l) = s.loc();
                    s.node = self.new_node(Some(st.node), f, l, Some(&label), NodeKind::Heap);
                }
                s
            })
            .collect()
    }

    /// The references the out-edges of the state's location use, for refinement.
    pub(crate) fn reference_uses(&self, st: &State, fid: FuncId, loc: Loc) -> Vec<RefUse> {
        let f = self.func(fid);
        let mut uses = Vec::new();
        let deref = |p: &Expr, uses: &mut Vec<RefUse>| {
            if let Ok(SVal::Ptr(p)) = self.eval(st, p) {
                for r in st.heap.unbound_in(&p.obj) {
                    uses.push(RefUse::Deref(r));
                }
            }
        };
        for e in f.out_edges(loc) {
            match &f.edge(*e).op {
                Op::Assume(c) => {
                    if let Ok(SVal::Bool(t)) = self.eval(st, c) {
                        uses.extend(st.heap.unbound_in(&t).into_iter().map(RefUse::Compare));
                    }
                }
                Op::Load { ptr, .. } | Op::Store { ptr, .. } | Op::Free { ptr } => deref(ptr, &mut uses),
                Op::MemCopy { dst, src, .. } => {
                    deref(dst, &mut uses);
                    deref(src, &mut uses);
                }
                _ => {}
            }
        }
        uses.dedup();
        uses
    }

    // ---- input objects ----

    /// The class of input objects of type `t` (created on first use).
    pub(crate) fn input_class(&mut self, t: &CType) -> Result<usize, String> {
        if let Some(c) = self.input_types.get(t) {
            return Ok(c);
        }
        let layout = self.prog.layout();
        let name = layout.c_name(t);
        let class = match t {
            CType::Void | CType::Int { rank: IntRank::Char, .. } => {
                let n = self.cfg.input_buffer.max(1);
                InputClass {
                    ctype: t.clone(),
                    name: format!("{}[{n}]", if *t == CType::Void { "unsigned char".to_string() } else { name }),
                    size: n,
                    stride: 1,
                    fields: (0..n)
                        .map(|i| InputField { name: format!("[{i}]"), offset: i, bytes: 1, pointee: None })
                        .collect(),
                    terminated: *t != CType::Void,
                }
            }
            _ => {
                let size = layout.size_of(t).ok_or_else(|| format!("a pointer to `{name}`, a type without a size"))?;
                let mut fields = Vec::new();
                scalar_fields(self.prog, t, String::new(), 0, &mut fields)?;
                InputClass {
                    ctype: t.clone(),
                    name,
                    size,
                    stride: crate::memory::stride_of(&layout, t),
                    fields,
                    terminated: false,
                }
            }
        };
        self.input_types.insert(class)
    }

    /// A new input reference of class `class` (its domain constraint added to the path
    /// condition).
    pub(crate) fn new_reference(&mut self, st: &mut State, class: usize, origin: RefOrigin, name: &str) -> usize {
        let sym = self.fresh_sym(st, name, Sort::Bv(OBJ_BITS));
        st.pc.push(self.input_types.domain(class, &sym));
        Rc::make_mut(&mut st.heap).add_ref(InputRef { sym, class, origin, binding: Binding::Unbound })
    }

    /// Materialises the object of reference `r` (POSE's getfield r1 and, for every field, r2):
    /// each field starts as `ite(ρ = ρ₁, ρ₁'s field, ite(ρ = ρ₂, …, fresh))` over the objects `r`
    /// may alias, their current values — or fresh when it may alias none (lazy initialisation's
    /// fresh object). Pointer fields are new references. Returns the object's index.
    fn materialise(&mut self, st: &mut State, r: usize, aliases: &[usize]) -> Result<usize, String> {
        if st.heap.objects.len() >= self.cfg.max_heap_objects {
            return Err(format!("{HEAP_BOUND} of {} input objects reached", self.cfg.max_heap_objects));
        }
        let pw = self.pw();
        let class_ix = st.heap.refs[r].class;
        let class = self.input_types.classes[class_ix].clone();
        let name = self.ref_name(&st.heap, r);
        let rho = st.heap.refs[r].sym.clone();
        let index = st.heap.objects.len();
        let mem_id = st.memory.next_id();
        // Bytes outside the fields (padding): fresh, whatever the object aliases.
        let padding_sym = self.fresh_sym(st, &format!("*{name}"), crate::memory::array_sort(pw, class.stride));
        let data = Contents::symbolic(padding_sym.clone(), pw);
        let mut obj = Object::new(mem_id, &format!("*{name}"), ObjectKind::Input, Term::bv(class.size, pw), data, pw);
        let mut fields = Vec::with_capacity(class.fields.len());
        for f in &class.fields {
            let bits = (8 * f.bytes) as u32;
            let off = Term::bv(f.offset, pw);
            let (data0, shadow0, initial) = match &f.pointee {
                Some(pointee) => {
                    let pc = self.input_class(pointee)?;
                    let origin = RefOrigin::Field { object: index, offset: f.offset };
                    let fname = format!("{name}@{}", f.offset);
                    let fr = self.new_reference(st, pc, origin, &fname);
                    let sym = st.heap.refs[fr].sym.clone();
                    (Term::bv(0, bits), Some(sym.zext(bits)), sym)
                }
                None if class.terminated && f.offset + 1 == class.size => (Term::bv(0, bits), None, Term::bv(0, bits)),
                None => {
                    let sym = self.fresh_sym(st, &format!("{name}@{}", f.offset), Sort::Bv(bits));
                    (sym.clone(), None, sym)
                }
            };
            let (mut data, mut shadow) = (data0, shadow0);
            for &o in aliases.iter().rev() {
                let id = st.heap.identity(o).clone();
                let Some(other) = st.memory.get(st.heap.objects[o].mem) else { continue };
                let same = rho.eq(&id);
                data = Term::ite(&same, &other.data.read_at(f.offset, f.bytes), &data);
                if let Some(sh) = &shadow {
                    shadow = Some(Term::ite(&same, &other.ptrs.read_at(f.offset, f.bytes), sh));
                }
            }
            obj.data.write(&off, &data);
            if let Some(sh) = shadow {
                obj.ptrs.write(&off, &sh);
            }
            fields.push((f.offset, f.bytes, initial));
        }
        let freed: Vec<Term> = st.heap.freed.iter().filter(|(c, _)| *c == class_ix).map(|(_, t)| rho.eq(t)).collect();
        obj.freed_if = Term::or_all(freed);
        st.memory.add(obj);
        let heap = Rc::make_mut(&mut st.heap);
        heap.objects.push(InputObject { reference: r, class: class_ix, mem: mem_id, fields, padding: padding_sym });
        heap.refs[r].binding = Binding::Object(index);
        self.stats.heap_stats.input_objects += 1;
        self.stats.heap_stats.input_objects_max =
            self.stats.heap_stats.input_objects_max.max(heap.objects.len() as u64);
        Ok(index)
    }

    /// A reference as C would write it: `s`, `s->next`, `*p`, `s[@8]`.
    pub(crate) fn ref_name(&self, heap: &crate::heap::InputHeap, r: usize) -> String {
        match &heap.refs[r].origin {
            RefOrigin::Param { name, .. } => name.clone(),
            RefOrigin::Field { object, offset } => {
                let o = &heap.objects[*object];
                let base = self.ref_name(heap, o.reference);
                let field = match &self.input_types.classes[o.class].ctype {
                    CType::Struct(id) => self.prog.structs[id.0 as usize]
                        .fields
                        .iter()
                        .find(|f| f.offset == *offset)
                        .and_then(|f| f.name.clone()),
                    _ => None,
                };
                match field {
                    Some(f) => format!("{base}->{f}"),
                    None if *offset == 0 => format!("*{base}"),
                    None => format!("{base}[@{offset}]"),
                }
            }
        }
    }

    // ---- operations ----

    /// Runs a load, store, copy or free. Under a heap model that splits on the program's own
    /// pointers, a pointer that may denote several of the program's objects splits the state
    /// into one successor per object, each of which has run the edge.
    pub(crate) fn memory_op(&mut self, st: &mut State, e: &'p Edge) -> Result<Flow, String> {
        let ptr = match &e.op {
            Op::Load { ptr, .. } | Op::Store { ptr, .. } | Op::Free { ptr } => ptr,
            Op::MemCopy { dst, .. } => dst,
            _ => return Err("not a memory operation".into()),
        };
        if self.heap_model.split_program_pointers() {
            let p = self.eval_ptr(st, ptr)?;
            let mut srcs = vec![p.obj.clone()];
            if let Op::MemCopy { src, .. } = &e.op {
                srcs.push(self.eval_ptr(st, src)?.obj);
            }
            for obj in srcs {
                let leaves = crate::heap::leaves(&obj).unwrap_or_default();
                let objs: Vec<Term> =
                    leaves.into_iter().filter(|l| crate::heap::program_objects(&st.memory, l).is_some()).collect();
                if objs.len() > 1 {
                    return self.split_on_objects(st, e, &obj, objs);
                }
            }
        }
        self.memory_op_here(st, e)
    }

    /// One successor per object `obj` may denote, each running the edge.
    fn split_on_objects(&mut self, st: &mut State, e: &'p Edge, obj: &Term, objs: Vec<Term>) -> Result<Flow, String> {
        let mut out = Vec::new();
        for leaf in objs {
            let cond = obj.eq(&leaf);
            match self.query(st, &cond) {
                SatResult::Sat => {}
                SatResult::Unsat => continue,
                SatResult::Unknown(r) => {
                    self.stats.failed_leaves += 1;
                    self.failed_leaf_reason(r);
                    continue;
                }
            }
            let mut s = st.clone();
            s.pc.push(cond);
            s.id = self.new_state_id();
            match self.memory_op_here(&mut s, e) {
                Ok(Flow::Continue) => out.push(s),
                Ok(Flow::Split(v)) => out.extend(v),
                Ok(Flow::Done(t)) => self.finish(s, t),
                Err(reason) => self.finish(s, Termination::Stopped(reason)),
            }
        }
        if out.len() > 1 {
            self.stats.heap_stats.heap_forks += out.len() as u64 - 1;
        }
        Ok(Flow::Split(out))
    }

    fn memory_op_here(&mut self, st: &mut State, e: &'p Edge) -> Result<Flow, String> {
        match &e.op {
            Op::Load { dst, ptr } => {
                let p = self.eval_ptr(st, ptr)?;
                let ty = self.prog.var_ty(*dst);
                let targets = self.read_targets(st, &p.obj)?;
                let v = self.load(st, &p, ty, &targets)?;
                self.set_reg(st, *dst, v.clone());
                // Generalized symbolic execution initialises a reference field when it is read.
                if let SVal::Ptr(q) = &v {
                    let loaded = st.heap.unbound_in(&q.obj);
                    if !loaded.is_empty() {
                        let alts = self.heap_model.refine_loaded(&st.heap, &loaded);
                        if !alts.is_empty() {
                            return Ok(Flow::Split(self.split_by(st, alts)));
                        }
                    }
                }
            }
            Op::Store { ptr, value } => {
                let p = self.eval_ptr(st, ptr)?;
                let v = self.eval(st, value)?;
                let targets = self.write_targets(st, &p.obj)?;
                self.store(st, &p, &v, &targets)?;
            }
            Op::MemCopy { dst, src, size } => {
                let d = self.eval_ptr(st, dst)?;
                let s = self.eval_ptr(st, src)?;
                let n = self.eval_int(st, size)?;
                let n = n.as_bv().ok_or("memcpy of a symbolic size")?;
                self.memcopy(st, &d, &s, n)?;
            }
            Op::Free { ptr } => {
                let p = self.eval_ptr(st, ptr)?;
                let targets = self.write_targets(st, &p.obj)?;
                for (id, cond) in targets {
                    if let Some(o) = st.memory.get_mut(id) {
                        if cond.is_true() {
                            o.alive = false;
                            o.data.clear();
                        } else {
                            o.freed_if = o.freed_if.or(&cond);
                        }
                    }
                }
                // Input objects materialised later are dead if they alias what was freed.
                if let Some(leaves) = crate::heap::leaves(&p.obj) {
                    for leaf in leaves {
                        if let Some(r) = st.heap.ref_of(&leaf) {
                            let class = st.heap.refs[r].class;
                            Rc::make_mut(&mut st.heap).freed.push((class, p.obj.clone()));
                        }
                    }
                }
            }
            _ => return Err("not a memory operation".into()),
        }
        Ok(Flow::Continue)
    }

    pub(crate) fn load(
        &mut self,
        st: &mut State,
        p: &Pointer,
        ty: Ty,
        targets: &[(u32, Term)],
    ) -> Result<SVal, String> {
        let pw = self.pw();
        if targets.is_empty() {
            return Err("load through a pointer to no object".into());
        }
        let mut result: Option<SVal> = None;
        for (id, cond) in targets.iter().rev() {
            let obj = st.memory.get_mut(*id).ok_or("dangling object id")?;
            let v = obj.load(&p.off, ty, pw);
            result = Some(match result {
                None => v,
                Some(other) => SVal::ite(cond, &v, &other).ok_or("ill-typed load")?,
            });
        }
        result.ok_or_else(|| "load through a pointer to no object".into())
    }

    pub(crate) fn store(
        &mut self,
        st: &mut State,
        p: &Pointer,
        v: &SVal,
        targets: &[(u32, Term)],
    ) -> Result<(), String> {
        let pw = self.pw();
        if targets.is_empty() {
            return Err("store through a pointer to no object".into());
        }
        for (id, cond) in targets {
            let obj = st.memory.get_mut(*id).ok_or("dangling object id")?;
            if cond.is_true() {
                obj.store(&p.off, v, pw);
            } else {
                // Write the new value where the pointer points, keep the old one elsewhere.
                let ty = match v {
                    SVal::Int(t) => Ty::Int(t.width()),
                    SVal::Ptr(_) => Ty::Ptr,
                    SVal::Bool(_) => Ty::Int(8),
                };
                let old = obj.load(&p.off, ty, pw);
                let nv = SVal::ite(cond, v, &old).ok_or("ill-typed store")?;
                obj.store(&p.off, &nv, pw);
            }
        }
        Ok(())
    }

    pub(crate) fn memcopy(&mut self, st: &mut State, d: &Pointer, s: &Pointer, n: u64) -> Result<(), String> {
        let pw = self.pw();
        let src = self.read_targets(st, &s.obj)?;
        let dst = self.write_targets(st, &d.obj)?;
        if src.is_empty() || dst.is_empty() {
            return Err("memory copy through a pointer to no object".into());
        }
        // A copy of one whole object onto another of the same size (a struct assignment, the
        // havoc of an array in k-induction's step case) takes the contents as they are, in one
        // step rather than word by word.
        if let ([(si, sc)], [(di, dc)]) = (&src[..], &dst[..]) {
            let whole = |p: &Pointer, o: &crate::memory::Object| p.off.as_bv() == Some(0) && o.size.as_bv() == Some(n);
            let from =
                st.memory.get(*si).filter(|o| sc.is_true() && whole(s, o)).map(|o| (o.data.clone(), o.ptrs.clone()));
            if let Some((data, ptrs)) = from {
                if let Some(o) = st.memory.get_mut(*di).filter(|o| dc.is_true() && whole(d, o)) {
                    (o.data, o.ptrs) = (data, ptrs);
                    return Ok(());
                }
            }
        }
        // Pieces as wide as both offsets' alignment and the length allow (fields, words), all
        // read before any is written: the ranges may overlap (memmove semantics).
        let chunk = [8u64, 4, 2, 1]
            .into_iter()
            .find(|&c| n.is_multiple_of(c) && crate::memory::aligned(&s.off, c) && crate::memory::aligned(&d.off, c))
            .unwrap_or(1);
        let at = |p: &Pointer, k: u64| p.off.bvadd(&Term::bv(k, pw));
        let mut pieces: Vec<(u64, Term, Term)> = Vec::new();
        for i in 0..n / chunk {
            let (mut data, mut ptrs): (Option<Term>, Option<Term>) = (None, None);
            for (id, cond) in src.iter().rev() {
                let o = st.memory.get_mut(*id).ok_or("dangling object id")?;
                let (x, y) = (o.data.read(&at(s, i * chunk), chunk), o.ptrs.read(&at(s, i * chunk), chunk));
                data = Some(data.map_or(x.clone(), |acc| Term::ite(cond, &x, &acc)));
                ptrs = Some(ptrs.map_or(y.clone(), |acc| Term::ite(cond, &y, &acc)));
            }
            if let (Some(x), Some(y)) = (data, ptrs) {
                pieces.push((i * chunk, x, y));
            }
        }
        for (id, cond) in &dst {
            let o = st.memory.get_mut(*id).ok_or("dangling object id")?;
            for (k, data, ptrs) in &pieces {
                let off = at(d, *k);
                let (x, y) = if cond.is_true() {
                    (data.clone(), ptrs.clone())
                } else {
                    (Term::ite(cond, data, &o.data.read(&off, chunk)), Term::ite(cond, ptrs, &o.ptrs.read(&off, chunk)))
                };
                o.data.write(&off, &x);
                o.ptrs.write(&off, &y);
            }
        }
        Ok(())
    }

    /// A predicate of the object a pointer refers to, as a disjunction over the objects it may
    /// denote: false for null and for ids of no object. Input references not materialised yet are
    /// seen through their class (their objects exist, of the class's size, alive unless they
    /// alias a freed reference).
    pub(crate) fn over_objects(
        &self,
        st: &State,
        p: &Pointer,
        pred: impl Fn(&ObjView, &Term) -> Term,
    ) -> Result<Term, String> {
        let leaves = crate::heap::leaves(&p.obj)
            .ok_or_else(|| format!("a pointer whose object cannot be determined ({})", p.obj))?;
        let pw = self.pw();
        let mut parts = Vec::new();
        for leaf in leaves {
            let cond = p.obj.eq(&leaf);
            let view = if let Some(id) = crate::heap::program_objects(&st.memory, &leaf) {
                st.memory.get(id).map(|o| ObjView {
                    live: o.live(),
                    size: o.size.clone(),
                    freeable: matches!(o.kind, ObjectKind::Heap | ObjectKind::Input),
                    readonly: o.readonly,
                })
            } else if let Some(r) = st.heap.ref_of(&leaf) {
                let class = st.heap.refs[r].class;
                match st.heap.refs[r].binding {
                    Binding::Object(o) => st.memory.get(st.heap.objects[o].mem).map(|o| ObjView {
                        live: o.live(),
                        size: o.size.clone(),
                        freeable: true,
                        readonly: false,
                    }),
                    Binding::Null => None,
                    Binding::Unbound => {
                        let dead: Vec<Term> =
                            st.heap.freed.iter().filter(|(c, _)| *c == class).map(|(_, t)| leaf.eq(t)).collect();
                        Some(ObjView {
                            live: Term::or_all(dead).not(),
                            size: Term::bv(self.input_types.classes[class].size, pw),
                            freeable: true,
                            readonly: false,
                        })
                    }
                }
            } else if leaf.as_bv().is_some() {
                None
            } else {
                return Err(format!("a pointer whose object cannot be determined ({})", p.obj));
            };
            if let Some(v) = view {
                parts.push(cond.and(&pred(&v, &p.off)));
            }
        }
        Ok(Term::or_all(parts))
    }
}

/// Why a path stopped at the bound of input objects (a limit, not something unsupported).
pub(crate) const HEAP_BOUND: &str = "input heap bound";

fn push_target(out: &mut Vec<(u32, Term)>, id: u32, cond: Term) {
    match out.iter_mut().find(|(i, _)| *i == id) {
        Some((_, c)) => *c = c.or(&cond),
        None => out.push((id, cond)),
    }
}

/// The scalar pieces of a type at `base`: integers and pointers, through structs and arrays,
/// named as C would (`next`, `data[2]`, `inner.x`).
fn scalar_fields(prog: &Program, t: &CType, name: String, base: u64, out: &mut Vec<InputField>) -> Result<(), String> {
    const MAX_FIELDS: usize = 4096;
    let layout = prog.layout();
    match t {
        CType::Int { .. } => {
            out.push(InputField { name, offset: base, bytes: layout.size_of(t).unwrap_or(1), pointee: None })
        }
        CType::Pointer(p) => {
            let pointee = match p.as_ref() {
                CType::Function(_) => return Err("function pointers in input objects".into()),
                other => other.clone(),
            };
            out.push(InputField { name, offset: base, bytes: prog.data_model.ptr_bytes(), pointee: Some(pointee) })
        }
        CType::Array(e, ArrayLen::Fixed(n)) => {
            let es = layout.size_of(e).ok_or("an array of elements without a size")?;
            for i in 0..*n {
                scalar_fields(prog, e, format!("{name}[{i}]"), base + i * es, out)?;
                if out.len() > MAX_FIELDS {
                    return Err(format!("an input object with more than {MAX_FIELDS} scalar fields"));
                }
            }
        }
        CType::Struct(id) => {
            let s = &prog.structs[id.0 as usize];
            let member = |f: &kappa_ir::Field| {
                let n = f.name.clone().unwrap_or_default();
                if name.is_empty() {
                    n
                } else if n.is_empty() {
                    name.clone()
                } else {
                    format!("{name}.{n}")
                }
            };
            if s.is_union {
                // The member with the most pointers (else the first) decides what the bytes are.
                let mut best: Option<Vec<InputField>> = None;
                for f in &s.fields {
                    let mut v = Vec::new();
                    scalar_fields(prog, &f.ty, member(f), base + f.offset, &mut v)?;
                    let ptrs = v.iter().filter(|x| x.pointee.is_some()).count();
                    if best.as_ref().is_none_or(|b| ptrs > b.iter().filter(|x| x.pointee.is_some()).count()) {
                        best = Some(v);
                    }
                }
                out.extend(best.unwrap_or_default());
            } else {
                for f in &s.fields {
                    scalar_fields(prog, &f.ty, member(f), base + f.offset, out)?;
                }
            }
        }
        CType::Float(_) => return Err("floating point in input objects".into()),
        CType::Array(..) => return Err("a variable-length array in an input object".into()),
        CType::Void | CType::Function(_) => return Err("an input object of type void".into()),
    }
    if out.len() > MAX_FIELDS {
        return Err(format!("an input object with more than {MAX_FIELDS} scalar fields"));
    }
    Ok(())
}
