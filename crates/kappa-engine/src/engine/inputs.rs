//! The program's inputs from outside (KLEE's POSIX model): `main`'s command line, standard input
//! and files, concrete or symbolic ([`crate::config::ProgramInputSpec`]). The C library model
//! (`kappa-libc`) reads standard input and files from buffers named by globals
//! ([`kappa_ir::testcase::env`]) that are set here before `main` runs; tests record the values.

use super::*;
use crate::config::ProgramInputSpec;
use kappa_ir::testcase::{env, Bytes, FileInput, ProgramInputs};

/// The symbolic parts of the inputs, shared by every state (they are made once, before `main`).
#[derive(Clone, Debug, Default)]
pub(crate) struct EnvTerms {
    /// Whether any input beyond `argc = 1` was given, so that tests record them.
    pub given: bool,
    pub argv0: Vec<u8>,
    pub args: Vec<Vec<u8>>,
    /// `argc`, when symbolic; the symbolic arguments (LEN byte symbols each).
    pub argc: Option<Term>,
    pub sym_args: Vec<Vec<Term>>,
    pub stdin: Option<Vec<Term>>,
    pub files: Vec<(String, Vec<Term>)>,
}

impl<'p> Engine<'p> {
    /// A global object of `bytes` concrete bytes followed by the symbolic bytes `sym`, then a
    /// NUL byte if `nul`.
    fn env_object(&mut self, st: &mut State, name: &str, bytes: &[u8], sym: &[Term], nul: bool) -> u32 {
        let pw = self.pw();
        let id = st.memory.next_id();
        let size = bytes.len() as u64 + sym.len() as u64 + u64::from(nul);
        let mut obj = Object::new(id, name, ObjectKind::Global, Term::bv(size, pw), Contents::zeroed(pw, 1, None), pw);
        for (k, b) in bytes.iter().enumerate() {
            obj.store(&Term::bv(k as u64, pw), &SVal::Int(Term::bv(u64::from(*b), 8)), pw);
        }
        for (k, b) in sym.iter().enumerate() {
            obj.store(&Term::bv((bytes.len() + k) as u64, pw), &SVal::Int(b.clone()), pw);
        }
        if nul {
            obj.store(&Term::bv(size - 1, pw), &SVal::Int(Term::bv(0, 8)), pw);
        }
        st.memory.add(obj);
        id
    }

    /// `n` symbolic bytes named `name[k]`: a symbol per byte, as KLEE's independence splits
    /// its input arrays by constant index. Constraints on different bytes of an input (each
    /// character of a line checked in turn) stay independent, so that the solver's queries
    /// are about the bytes a branch reads, and recur across paths for the caches; one array
    /// for the whole input tied every constraint to every other.
    fn input_bytes(&mut self, st: &mut State, name: &str, n: u64) -> Vec<Term> {
        (0..n).map(|k| self.fresh_sym(st, &format!("{name}[{k}]"), Sort::Bv(8))).collect()
    }

    /// Sets a global of the C library model by name, if the program has it (the library's
    /// input functions are linked only where the program uses them).
    fn set_env_global(&mut self, st: &mut State, name: &str, v: SVal) -> bool {
        let prog = self.prog;
        let pw = self.pw();
        if let Some(g) = prog.global_vars().find(|g| prog.var(*g).name == name) {
            let idx = self.info.var_index[g.index()];
            let v = match (v, prog.var_ty(g)) {
                (SVal::Int(t), Ty::Int(w)) if t.width() != w => SVal::Int(t.zext(w)),
                (v, _) => v,
            };
            Rc::make_mut(&mut st.globals)[idx] = Some(v);
            return true;
        }
        let Some(o) = prog.objects.iter().position(|o| o.name == name && matches!(o.kind, ObjKind::Global { .. }))
        else {
            return false;
        };
        let Some(&id) = self.info.global_obj.get(&ObjId(o as u32)) else { return false };
        let width = match &prog.objects[o].ctype {
            CType::Int { .. } => prog.objects[o].size.unwrap_or(8) as u32 * 8,
            _ => 0,
        };
        let v = match v {
            SVal::Int(t) if width != 0 && t.width() != width => SVal::Int(t.zext(width)),
            v => v,
        };
        if let Some(obj) = st.memory.get_mut(id) {
            obj.store(&Term::bv(0, pw), &v, pw);
        }
        true
    }

    /// Makes `argc`/`argv`, standard input and files; returns main's arguments.
    pub(crate) fn main_args(&mut self, st: &mut State, entry: &Function) -> Result<Vec<SVal>, String> {
        let spec: ProgramInputSpec = self.cfg.program_inputs.clone();
        let pw = self.pw();
        let pb = u64::from(pw / 8);
        let mut envt = EnvTerms { given: !spec.is_default(), ..EnvTerms::default() };
        envt.argv0 = if spec.argv0.is_empty() { b"prog".to_vec() } else { spec.argv0.clone() };
        envt.args = spec.args.clone();
        // argv[0] and the concrete arguments.
        let mut ptrs: Vec<SVal> = Vec::new();
        let concrete: Vec<Vec<u8>> = std::iter::once(envt.argv0.clone()).chain(spec.args.iter().cloned()).collect();
        for (k, a) in concrete.iter().enumerate() {
            let id = self.env_object(st, &format!("argv[{k}]"), a, &[], true);
            ptrs.push(SVal::Ptr(Pointer::to_obj(id, pw)));
        }
        let base = concrete.len() as u64;
        // Symbolic arguments: MAX strings of LEN bytes (then a NUL); argc decides how many count.
        let mut argc_val = Term::bv(base, 32);
        if let Some((min, max, len)) = spec.sym_args {
            let argc = self.fresh_sym(st, "argc", Sort::Bv(32));
            st.pc.push(Term::bv(base + u64::from(min), 32).bvule(&argc));
            st.pc.push(argc.bvule(&Term::bv(base + u64::from(max), 32)));
            for i in 0..u64::from(max) {
                let arg = self.input_bytes(st, &format!("arg{}", base + i), u64::from(len));
                let id = self.env_object(st, &format!("argv[{}]", base + i), &[], &arg, true);
                let present = Term::bv(base + i, 32).bvult(&argc);
                ptrs.push(SVal::Ptr(Pointer::ite(&present, &Pointer::to_obj(id, pw), &Pointer::null(pw))));
                envt.sym_args.push(arg);
            }
            argc_val = argc.clone();
            envt.argc = Some(argc);
        }
        let argv_id = st.memory.next_id();
        let mut argv = Object::new(
            argv_id,
            "argv",
            ObjectKind::Global,
            Term::bv((ptrs.len() as u64 + 1) * pb, pw),
            Contents::zeroed(pw, pb as u32, None),
            pw,
        );
        for (k, p) in ptrs.iter().enumerate() {
            argv.store(&Term::bv(k as u64 * pb, pw), p, pw);
        }
        st.memory.add(argv);
        // Standard input and files, where the program reads them.
        if let Some(n) = spec.sym_stdin {
            let data = self.input_bytes(st, "stdin", u64::from(n));
            let id = self.env_object(st, "stdin", &[], &data, false);
            self.set_env_global(st, env::STDIN_DATA, SVal::Ptr(Pointer::to_obj(id, pw)));
            self.set_env_global(st, env::STDIN_LEN, SVal::Int(Term::bv(u64::from(n), pw)));
            envt.stdin = Some(data);
        }
        if let Some((count, len)) = spec.sym_files {
            // struct { const char *name; unsigned char *data; unsigned long len; }[count]
            let rec = 3 * pb;
            let mut entries = Vec::new();
            for i in 0..count {
                let name = file_name(i);
                let name_id = self.env_object(st, &format!("file {name} name"), name.as_bytes(), &[], true);
                let data = self.input_bytes(st, &format!("file_{name}"), u64::from(len));
                let data_id = self.env_object(st, &format!("file {name}"), &[], &data, false);
                entries.push((name_id, data_id));
                envt.files.push((name, data));
            }
            let table_id = st.memory.next_id();
            let mut table = Object::new(
                table_id,
                "files",
                ObjectKind::Global,
                Term::bv(u64::from(count) * rec, pw),
                Contents::zeroed(pw, pb as u32, None),
                pw,
            );
            for (i, (name_id, data_id)) in entries.into_iter().enumerate() {
                let at = i as u64 * rec;
                table.store(&Term::bv(at, pw), &SVal::Ptr(Pointer::to_obj(name_id, pw)), pw);
                table.store(&Term::bv(at + pb, pw), &SVal::Ptr(Pointer::to_obj(data_id, pw)), pw);
                table.store(&Term::bv(at + 2 * pb, pw), &SVal::Int(Term::bv(u64::from(len), pw)), pw);
            }
            st.memory.add(table);
            self.set_env_global(st, env::FILES, SVal::Ptr(Pointer::to_obj(table_id, pw)));
            self.set_env_global(st, env::NFILES, SVal::Int(Term::bv(u64::from(count), 32)));
        }
        self.assumptions(entry, &spec);
        let mut out = Vec::new();
        for (k, p) in entry.params.iter().enumerate() {
            out.push(match (k, self.prog.var_ty(*p)) {
                (0, Ty::Int(w)) => SVal::Int(argc_val.zext(w)),
                (1, Ty::Ptr) => SVal::Ptr(Pointer::to_obj(argv_id, pw)),
                (_, Ty::Ptr) => {
                    // envp: an empty environment.
                    let id = self.env_object(st, "envp", &[0u8; 8][..pb as usize], &[], false);
                    SVal::Ptr(Pointer::to_obj(id, pw))
                }
                (_, t) => self.zero(t),
            });
        }
        self.env = envt;
        Ok(out)
    }

    /// What a run without input options assumes, where the program depends on it.
    fn assumptions(&mut self, entry: &Function, spec: &ProgramInputSpec) {
        let prog = self.prog;
        let reads = |v: VarId| entry.edges.iter().any(|e| e.op.exprs().iter().any(|x| mentions(x, v)));
        let uses_args = entry.params.iter().take(2).any(|p| reads(*p));
        // The C library model reads every stream through fgetc, and looks files up by name.
        let has = |name: &str| prog.library_functions.iter().any(|f| prog.func(*f).name == name);
        let mut notes = Vec::new();
        if uses_args && spec.args.is_empty() && spec.sym_args.is_none() {
            notes.push(
                "main ran with argc = 1, argv = {\"prog\", NULL} only (give arguments after --, or --sym-args MIN MAX LEN)"
                    .to_string(),
            );
        }
        if has("fgetc") && spec.sym_stdin.is_none() {
            notes.push("standard input was empty (--sym-stdin N for N symbolic bytes)".to_string());
        }
        if has("__kappa_find_file") && spec.sym_files.is_none() {
            notes.push("no file could be opened (--sym-files COUNT LEN for symbolic files A, B, …)".to_string());
        }
        self.stats.assumptions = notes;
    }

    /// The program's inputs of a test, read in the model of its path condition.
    pub(crate) fn test_program_inputs(&self, val: &dyn Fn(&Term) -> u64) -> ProgramInputs {
        let e = &self.env;
        if !e.given {
            return ProgramInputs::default();
        }
        let bytes = |b: &[Term]| -> Vec<u8> { b.iter().map(|t| val(t) as u8).collect() };
        let mut argv: Vec<Bytes> =
            std::iter::once(e.argv0.clone()).chain(e.args.iter().cloned()).map(Bytes::new).collect();
        let argc = e.argc.as_ref().map_or(argv.len() as u64, val);
        for arg in &e.sym_args {
            if argv.len() as u64 >= argc {
                break;
            }
            let mut b = bytes(arg);
            if let Some(z) = b.iter().position(|&c| c == 0) {
                b.truncate(z);
            }
            argv.push(Bytes::new(b));
        }
        ProgramInputs {
            argv,
            stdin: e.stdin.as_ref().map(|d| Bytes::new(bytes(d))),
            files: e
                .files
                .iter()
                .map(|(name, d)| FileInput { name: name.clone(), contents: Bytes::new(bytes(d)) })
                .collect(),
        }
    }
}

/// KLEE's names of symbolic files: A, B, …, Z, then A1, B1, ….
pub(crate) fn file_name(i: u32) -> String {
    let c = (b'A' + (i % 26) as u8) as char;
    if i < 26 {
        c.to_string()
    } else {
        format!("{c}{}", i / 26)
    }
}

fn mentions(e: &Expr, v: VarId) -> bool {
    let mut found = false;
    e.for_each_var(&mut |x| found |= x == v);
    found
}
