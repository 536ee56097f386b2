//! The program's inputs from outside (KLEE's POSIX model): `main`'s command line, standard input
//! and files, concrete or symbolic ([`crate::config::ProgramInputSpec`]). The C library model
//! (`kappa-libc`) reads standard input and files from buffers named by globals
//! ([`kappa_ir::testcase::env`]) that are set here before `main` runs; tests record the values.

use super::*;
use crate::config::{NondetMain, ProgramInputSpec};
use kappa_ir::testcase::{env, Bytes, FileInput, ProgramInputs};

/// Most arguments a test gives a program whose `argc` (under [`NondetMain`]) exceeds the
/// arguments materialised: the rest are empty strings the path never read.
const MAX_TEST_ARGC: u64 = 4096;

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
    /// Under [`NondetMain`]: the bound, and `argv[0]`'s symbolic characters.
    pub nondet: Option<NondetMain>,
    pub argv0_sym: Option<Vec<Term>>,
    /// Objects of the command line a path must not read past: (object id, bytes materialised,
    /// the condition under which reading past them reads what the bound cut off).
    pub bounded: Vec<(u32, u64, Term)>,
    /// Why the bound cut something off, once a path was found that reads past it.
    pub cut: Option<String>,
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
        let mut spec: ProgramInputSpec = self.cfg.program_inputs.clone();
        let pw = self.pw();
        let pb = u64::from(pw / 8);
        // SV-COMP's nondeterministic command line, where main reads it.
        let nondet = spec.nondet_main.take().filter(|_| reads_main_args(entry));
        let mut envt = EnvTerms { given: !spec.is_default() || nondet.is_some(), nondet, ..EnvTerms::default() };
        envt.argv0 = if spec.argv0.is_empty() { b"prog".to_vec() } else { spec.argv0.clone() };
        envt.args = spec.args.clone();
        // argv[0] and the concrete arguments.
        let mut ptrs: Vec<SVal> = Vec::new();
        let concrete: Vec<Vec<u8>> = std::iter::once(envt.argv0.clone()).chain(spec.args.iter().cloned()).collect();
        for (k, a) in concrete.iter().enumerate() {
            let id = match nondet {
                Some(b) if k == 0 => {
                    let name = self.input_bytes(st, "arg0", u64::from(b.len));
                    let id = self.env_object(st, "argv[0]", &[], &name, true);
                    envt.bounded.push((id, u64::from(b.len), Term::tt()));
                    envt.argv0_sym = Some(name);
                    id
                }
                _ => self.env_object(st, &format!("argv[{k}]"), a, &[], true),
            };
            ptrs.push(SVal::Ptr(Pointer::to_obj(id, pw)));
        }
        let base = concrete.len() as u64;
        // Symbolic arguments: MAX strings of LEN bytes (then a NUL); argc decides how many count.
        let mut argc_val = Term::bv(base, 32);
        let spec_sym_args = spec.sym_args.or(nondet.map(|b| (0, b.args, b.len)));
        if let Some((min, max, len)) = spec_sym_args {
            let argc = self.fresh_sym(st, "argc", Sort::Bv(32));
            let end = Term::bv(base + u64::from(max), 32);
            if nondet.is_some() {
                // Any positive int: argv[argc] is the first pointer not materialised past `end`.
                st.pc.push(argc.bvsge(&Term::bv(1, 32)));
            } else {
                st.pc.push(Term::bv(base + u64::from(min), 32).bvule(&argc));
                st.pc.push(argc.bvule(&end));
            }
            for i in 0..u64::from(max) {
                let arg = self.input_bytes(st, &format!("arg{}", base + i), u64::from(len));
                let id = self.env_object(st, &format!("argv[{}]", base + i), &[], &arg, true);
                if nondet.is_some() {
                    envt.bounded.push((id, u64::from(len), Term::tt()));
                }
                let present = Term::bv(base + i, 32).bvult(&argc);
                ptrs.push(SVal::Ptr(Pointer::ite(&present, &Pointer::to_obj(id, pw), &Pointer::null(pw))));
                envt.sym_args.push(arg);
            }
            argc_val = argc.clone();
            envt.argc = Some(argc);
        }
        let argv_id = st.memory.next_id();
        let argv_size = match (nondet, &envt.argc) {
            // argv[0..=argc], the pointers past those materialised read as NULL (and cut).
            (Some(_), Some(argc)) => argc.zext(pw).bvadd(&Term::bv(1, pw)).bvmul(&Term::bv(pb, pw)),
            _ => Term::bv((ptrs.len() as u64 + 1) * pb, pw),
        };
        let mut argv =
            Object::new(argv_id, "argv", ObjectKind::Global, argv_size, Contents::zeroed(pw, pb as u32, None), pw);
        for (k, p) in ptrs.iter().enumerate() {
            argv.store(&Term::bv(k as u64 * pb, pw), p, pw);
        }
        st.memory.add(argv);
        if let (Some(_), Some(argc)) = (nondet, &envt.argc) {
            // argv[base + max] is the NULL that ends argv only when argc is no larger.
            let end = base + u64::from(spec_sym_args.map_or(0, |s| s.1));
            envt.bounded.push((argv_id, end * pb, argc.bvugt(&Term::bv(end, 32))));
        }
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
        self.env = envt;
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
        Ok(out)
    }

    /// What a run without input options assumes, where the program depends on it.
    fn assumptions(&mut self, entry: &Function, spec: &ProgramInputSpec) {
        let prog = self.prog;
        let uses_args = reads_main_args(entry);
        // The C library model reads every stream through fgetc, and looks files up by name.
        let has = |name: &str| prog.library_functions.iter().any(|f| prog.func(*f).name == name);
        let mut notes = Vec::new();
        if uses_args && spec.args.is_empty() && spec.sym_args.is_none() && self.env.nondet.is_none() {
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
        let string = |b: &[Term]| {
            let mut b = bytes(b);
            if let Some(z) = b.iter().position(|&c| c == 0) {
                b.truncate(z);
            }
            Bytes::new(b)
        };
        let argv0 = e.argv0_sym.as_deref().map_or_else(|| Bytes::new(e.argv0.clone()), string);
        let mut argv: Vec<Bytes> = std::iter::once(argv0).chain(e.args.iter().cloned().map(Bytes::new)).collect();
        let argc = e.argc.as_ref().map_or(argv.len() as u64, val);
        for arg in &e.sym_args {
            if argv.len() as u64 >= argc {
                break;
            }
            argv.push(string(arg));
        }
        // Under the nondeterministic command line, arguments past those materialised, which the
        // path did not read.
        while (argv.len() as u64) < argc.min(MAX_TEST_ARGC) && e.nondet.is_some() {
            argv.push(Bytes::new(Vec::new()));
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

impl<'p> Engine<'p> {
    /// Under [`NondetMain`]: whether the access a bounds check (`inbounds(p, n)`, one of
    /// `edges`' guards) guards may read past what the command line materialised, on a path
    /// that can take it. The first such path makes the run incomplete: the bound cut off inputs
    /// that path depends on (a longer argument, more arguments), and no `true` may be given.
    pub(crate) fn check_arguments_bound(&mut self, st: &State, f: &Function, edges: &[EdgeId]) {
        if self.env.bounded.is_empty() || self.env.cut.is_some() {
            return;
        }
        let Some((p, n)) = edges.iter().find_map(|e| match &f.edge(*e).op {
            Op::Assume(c) => in_bounds_of(c),
            _ => None,
        }) else {
            return;
        };
        let (Ok(p), Ok(n)) = (self.eval_ptr(st, p), self.eval_int(st, n)) else { return };
        let Some(leaves) = crate::heap::leaves(&p.obj) else { return };
        let pw = self.pw();
        let mut parts = Vec::new();
        for leaf in leaves {
            let Some(id) = crate::heap::program_objects(&st.memory, &leaf) else { continue };
            for (_, limit, extra) in self.env.bounded.iter().filter(|b| b.0 == id) {
                let lim = Term::bv(*limit, pw);
                let inside = n.bvule(&lim).and(&p.off.bvule(&lim.bvsub(&n)));
                parts.push(p.obj.eq(&leaf).and(&inside.not()).and(extra));
            }
        }
        let past = Term::or_all(parts);
        if past.is_false() {
            return;
        }
        let Some(b) = self.env.nondet else { return };
        let what = format!(
            "arguments bound: a path reads past argv[0..={}] of up to {} characters (choose with -- ARGS or --sym-args)",
            b.args, b.len
        );
        match self.query(st, &past) {
            SatResult::Unsat => return,
            SatResult::Sat => {}
            SatResult::Unknown(r) => self.failed_leaf_reason(r),
        }
        self.stats.incomplete.push(what.clone());
        self.env.cut = Some(what);
    }
}

/// Whether `main` reads `argc` or `argv`.
fn reads_main_args(entry: &Function) -> bool {
    let reads = |v: VarId| entry.edges.iter().any(|e| e.op.exprs().iter().any(|x| mentions(x, v)));
    entry.params.iter().take(2).any(|p| reads(*p))
}

/// The pointer and size of a bounds check `inbounds(p, n)` or its negation.
fn in_bounds_of(c: &Expr) -> Option<(&Expr, &Expr)> {
    match c {
        Expr::InBounds(p, n) => Some((p, n)),
        Expr::Un(UnOp::Not, x) => in_bounds_of(x),
        _ => None,
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
