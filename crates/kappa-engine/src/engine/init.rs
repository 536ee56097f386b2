//! The initial state: globals, string literals, the entry frame and its inputs.

use super::*;

impl<'p> Engine<'p> {
    // ---- the initial state ----

    /// The initial states: one, or several when the heap model splits on the resolution of
    /// `nonnull` pointer parameters at entry.
    pub(crate) fn initial_states(&mut self) -> Result<Vec<State>, String> {
        let prog = self.prog;
        let pw = self.pw();
        let entry = prog.func_by_name(&self.cfg.entry).ok_or_else(|| format!("no function `{}`", self.cfg.entry))?;
        let mut st = State { id: self.new_state_id(), memory: crate::memory::Memory::new(), ..dummy_state() };
        // Global objects and string literals, in program order.
        for (i, o) in prog.objects.iter().enumerate() {
            let id = st.memory.next_id();
            let stride = crate::memory::stride_of(&prog.layout(), &o.ctype);
            let kind = match &o.kind {
                ObjKind::Global { .. } => ObjectKind::Global,
                // A function's address: one read-only byte, like a string literal's.
                ObjKind::StringLit { .. } | ObjKind::Function(_) => ObjectKind::StringLit,
                ObjKind::Local(_) => continue,
            };
            let data = Contents::zeroed(pw, stride, None);
            let size = Term::bv(o.size.unwrap_or(0), pw);
            let mut obj = Object::new(id, &o.name, kind.clone(), size, data, pw);
            obj.readonly = kind == ObjectKind::StringLit;
            st.memory.add(obj);
            self.info.global_obj.insert(ObjId(i as u32), id);
        }
        for (i, o) in prog.objects.iter().enumerate() {
            let Some(&id) = self.info.global_obj.get(&ObjId(i as u32)) else { continue };
            match &o.kind {
                ObjKind::Global { init } => {
                    for item in init {
                        let v = self.const_value(&item.value)?;
                        if let Some(obj) = st.memory.get_mut(id) {
                            obj.store(&Term::bv(item.offset, pw), &v, pw);
                        }
                    }
                }
                ObjKind::StringLit { bytes } => {
                    if let Some(obj) = st.memory.get_mut(id) {
                        for (k, b) in bytes.iter().enumerate() {
                            obj.store(&Term::bv(k as u64, pw), &SVal::Int(Term::bv(u64::from(*b), 8)), pw);
                        }
                    }
                }
                ObjKind::Local(_) | ObjKind::Function(_) => {}
            }
        }
        // Global registers.
        let mut globals = Vec::new();
        for g in prog.global_vars() {
            let init = prog.globals.iter().find(|x| x.var == g);
            let v = match init {
                Some(i) => self.const_value(&i.value)?,
                None => self.zero(prog.var_ty(g)),
            };
            globals.push(Some(v));
        }
        st.globals = Rc::new(globals);
        // The entry frame: parameters are inputs (main(argc, argv) gets a fixed command line).
        let mut frame = Frame {
            func: entry.id,
            loc: entry.entry,
            regs: vec![None; entry.vars.len() + entry.params.len()],
            slots: HashMap::new(),
            ret_to: None,
            pending: None,
            stack_objs: Vec::new(),
            loop_cursor: None,
        };
        let ptypes: Vec<CType> = match &entry.ctype {
            Some(CType::Function(ft)) => ft.params.clone(),
            _ => Vec::new(),
        };
        let mut at_entry = Vec::new();
        if entry.name == "main" {
            let args = self.main_args(&mut st, entry)?;
            for (p, v) in entry.params.iter().zip(args) {
                frame.regs[self.info.var_index[p.index()]] = Some(v);
            }
        } else {
            for (k, p) in entry.params.iter().enumerate() {
                let vi = prog.var(*p);
                let v = match vi.ty {
                    Ty::Int(w) => {
                        let t = Term::fresh(&vi.name, Sort::Bv(w));
                        st.push_input(InputRecord {
                            kind: InputKind::Param,
                            origin: NondetOrigin::Uninit { var: vi.name.clone() },
                            ty: vi.ty,
                            span: vi.span,
                            sym: t.clone(),
                            size: 0,
                            iterated: None,
                        });
                        SVal::Int(t)
                    }
                    Ty::Ptr => {
                        // A reference into the symbolic input heap (POSE's symbolic location).
                        let pointee = ptypes.get(k).and_then(|t| t.pointee()).cloned().unwrap_or(CType::Void);
                        let class = self
                            .input_class(&pointee)
                            .map_err(|why| format!("pointer parameter `{}` of `{}`: {why}", vi.name, entry.name))?;
                        let origin = crate::heap::RefOrigin::Param { index: k, name: vi.name.clone() };
                        let r = self.new_reference(&mut st, class, origin, &vi.name);
                        let sym = st.heap.refs[r].sym.clone();
                        if entry.nonnull_params.contains(&k) {
                            st.pc.push(sym.ne(&Term::bv(0, OBJ_BITS)));
                            at_entry.push(r);
                        }
                        st.push_input(InputRecord {
                            kind: InputKind::Param,
                            origin: NondetOrigin::Uninit { var: vi.name.clone() },
                            ty: vi.ty,
                            span: vi.span,
                            sym: sym.clone(),
                            size: 0,
                            iterated: None,
                        });
                        SVal::Ptr(Pointer { obj: sym, off: Term::bv(0, pw) })
                    }
                    Ty::Bool => return Err("boolean parameter".into()),
                };
                frame.regs[self.info.var_index[p.index()]] = Some(v);
            }
        }
        st.frames.push(Rc::new(frame));
        st.node = self.new_node(None, entry.id, entry.entry, None, NodeKind::Normal);
        // `nonnull` parameters are resolved at entry, in parameter order, as Java's receiver is:
        // later references may alias them.
        let mut states = vec![st];
        for r in at_entry {
            let mut next = Vec::new();
            for s in states {
                let alts = self.heap_model.refine(&s.heap, &[crate::heap::RefUse::Entry(r)]);
                if alts.is_empty() {
                    next.push(s);
                } else {
                    next.extend(self.split_by(&s, alts));
                }
            }
            states = next;
        }
        Ok(states)
    }

    pub(crate) fn zero(&self, t: Ty) -> SVal {
        match t {
            Ty::Int(w) => SVal::Int(Term::bv(0, w)),
            Ty::Ptr => SVal::Ptr(Pointer::null(self.pw())),
            Ty::Bool => SVal::Bool(Term::ff()),
        }
    }

    /// Constant initialisers of globals.
    pub(crate) fn const_value(&self, e: &Expr) -> Result<SVal, String> {
        let pw = self.pw();
        Ok(match e {
            Expr::Int { bits, width } => SVal::Int(Term::bv(*bits, *width)),
            Expr::Null => SVal::Ptr(Pointer::null(pw)),
            Expr::AddrOf(o) => SVal::Ptr(Pointer::to_obj(self.global_obj(*o)?, pw)),
            Expr::PtrAdd(b, off) => match (b.as_ref(), off.as_ref()) {
                (Expr::AddrOf(o), Expr::Int { bits, .. }) => SVal::Ptr(Pointer {
                    obj: Term::bv(u64::from(self.global_obj(*o)?), OBJ_BITS),
                    off: Term::bv(*bits, pw),
                }),
                _ => return Err("non-constant initialiser".into()),
            },
            _ => return Err("non-constant initialiser".into()),
        })
    }

    pub(crate) fn global_obj(&self, o: ObjId) -> Result<u32, String> {
        self.info.global_obj.get(&o).copied().ok_or_else(|| format!("object {} has no instance", self.prog.obj(o).name))
    }
}
