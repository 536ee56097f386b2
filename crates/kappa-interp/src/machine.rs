//! The interpreter proper: per-program tables, expression evaluation, the step loop.

use crate::memory::{Kind, Memory, PtrVal};
use crate::printf::Printf;
use crate::{limit, stop, stuck, Config, Fault, InputSource, Outcome, RunResult, Value, INVALID_OBJ, R};
use kappa_ir::expr::{mask, BinOp, CastOp, Expr, UnOp};
use kappa_ir::{
    AllocInit, AllocTarget, Edge, FuncId, Function, HaltKind, IntRank, Loc, LocKind, NondetOrigin, ObjId, ObjKind, Op,
    OutputKind, Program, Region, Ty, VarId, VarKind,
};
use std::cell::Cell;

/// `VarLoc::owner` of global registers.
const GLOBAL: u32 = u32::MAX;
/// `VarLoc::owner` of registers whose owner function does not exist.
const NO_OWNER: u32 = u32::MAX - 1;
/// Edges with deeper expressions are evaluated with an explicit stack instead of recursion, so
/// that no expression can overflow the native stack (a level of recursion costs up to ~1 KiB
/// unoptimised).
const RECURSIVE_DEPTH: usize = 200;

/// Where a register lives: `globals[idx]`, or `regs[idx]` of a frame of function `owner`.
#[derive(Clone, Copy)]
struct VarLoc {
    owner: u32,
    idx: u32,
    ty: Ty,
}

#[derive(Clone, Copy)]
enum ObjRef {
    /// A global or string literal: its instance id.
    Static(u32),
    /// A local slot: its index in the frame's slot table of `func`.
    Slot { func: u32, idx: u32 },
    /// A local object that is not among its function's slots.
    Bad,
}

struct FuncPrep {
    nregs: usize,
    nslots: usize,
    /// Out-edges (indices) per location, in edge order.
    out: Vec<Vec<u32>>,
    /// Per edge: some expression of the op is too deep to evaluate recursively.
    deep: Vec<bool>,
}

/// A program prepared for running: build once, run many times. Runs are independent.
pub struct Interpreter<'p> {
    prog: &'p Program,
    vars: Vec<VarLoc>,
    nglobals: usize,
    objs: Vec<ObjRef>,
    funcs: Vec<FuncPrep>,
    pw: u32,
}

enum Args<'x> {
    Values(&'x [Value]),
    Main,
}

impl<'p> Interpreter<'p> {
    pub fn new(prog: &'p Program) -> Interpreter<'p> {
        Interpreter::with_recursive_depth(prog, RECURSIVE_DEPTH)
    }

    /// `new`, with expressions deeper than `depth` evaluated without recursion (tests use 0 to
    /// exercise the iterative evaluator everywhere).
    pub(crate) fn with_recursive_depth(prog: &'p Program, depth: usize) -> Interpreter<'p> {
        let nf = prog.functions.len();
        let mut counts = vec![0u32; nf];
        let mut nglobals = 0u32;
        let vars = prog
            .vars
            .iter()
            .map(|v| {
                let (owner, idx) = match v.kind {
                    VarKind::Global => {
                        nglobals += 1;
                        (GLOBAL, nglobals - 1)
                    }
                    VarKind::Param(f) | VarKind::Local(f) | VarKind::Temp(f) | VarKind::Ret(f) => {
                        match counts.get_mut(f.index()) {
                            Some(c) => {
                                *c += 1;
                                (f.0, *c - 1)
                            }
                            None => (NO_OWNER, 0),
                        }
                    }
                };
                VarLoc { owner, idx, ty: v.ty }
            })
            .collect();
        let mut next_inst = 1u32;
        let mut objs: Vec<ObjRef> = prog
            .objects
            .iter()
            .map(|o| match o.kind {
                ObjKind::Global { .. } | ObjKind::StringLit { .. } | ObjKind::Function(_) => {
                    next_inst += 1;
                    ObjRef::Static(next_inst - 1)
                }
                ObjKind::Local(_) => ObjRef::Bad,
            })
            .collect();
        for (fi, f) in prog.functions.iter().enumerate() {
            for (si, o) in f.slots.iter().enumerate() {
                if let Some(r) = objs.get_mut(o.index()) {
                    if matches!(prog.objects[o.index()].kind, ObjKind::Local(g) if g.index() == fi) {
                        *r = ObjRef::Slot { func: fi as u32, idx: si as u32 };
                    }
                }
            }
        }
        let funcs = prog
            .functions
            .iter()
            .enumerate()
            .map(|(fi, f)| {
                let mut out = vec![Vec::new(); f.locs.len()];
                for (ei, e) in f.edges.iter().enumerate() {
                    if let Some(o) = out.get_mut(e.src.index()) {
                        o.push(ei as u32);
                    }
                }
                let deep = f.edges.iter().map(|e| op_exprs(&e.op).iter().any(|x| expr_depth(x) > depth)).collect();
                FuncPrep { nregs: counts[fi] as usize, nslots: f.slots.len(), out, deep }
            })
            .collect();
        Interpreter { prog, vars, nglobals: nglobals as usize, objs, funcs, pw: prog.ptr_bits() }
    }

    pub fn program(&self) -> &'p Program {
        self.prog
    }

    /// Runs `entry` with the given arguments (see [`crate::run`]).
    pub fn run(&self, entry: FuncId, args: &[Value], input: &mut dyn InputSource, config: &Config) -> RunResult {
        self.run_with(entry, Args::Values(args), input, config, &mut ())
    }

    /// Runs `main` (see [`crate::run_main`]).
    pub fn run_main(&self, input: &mut dyn InputSource, config: &Config) -> RunResult {
        self.run_main_traced(input, config, &mut ())
    }

    /// Runs `main`, telling `tracer` every edge taken and every return (witnesses of the
    /// path).
    pub fn run_main_traced(&self, input: &mut dyn InputSource, config: &Config, tracer: &mut dyn Tracer) -> RunResult {
        match self.prog.main {
            Some(m) => self.run_with(m, Args::Main, input, config, tracer),
            None => RunResult {
                outcome: Outcome::Stuck("the program has no main function".into()),
                output: Vec::new(),
                steps: 0,
                inputs: Vec::new(),
                fills: Vec::new(),
                last_loc: None,
                ret: None,
                edges: Vec::new(),
                lasso_start: None,
            },
        }
    }

    fn run_with(
        &self,
        entry: FuncId,
        args: Args,
        input: &mut dyn InputSource,
        config: &Config,
        tracer: &mut dyn Tracer,
    ) -> RunResult {
        let mut m = Machine {
            tracer,
            ip: self,
            cfg: config,
            input,
            mem: Memory::new(self.pw, config.max_memory),
            globals: Vec::new(),
            frames: Vec::new(),
            pool: Vec::new(),
            scratch: Vec::new(),
            out: Vec::new(),
            inputs: Vec::new(),
            fills: Vec::new(),
            steps: 0,
            ret: None,
            deep: Cell::new(false),
            pmask: mask(self.pw),
            edges: std::collections::HashSet::new(),
            lassos: config.lassos.then(|| Box::new(LassoWatch::new(self))),
        };
        let outcome = match m.start(entry, args) {
            Ok(()) => loop {
                if let Err(f) = m.step() {
                    break m.finish(f);
                }
            },
            Err(f) => m.finish(f),
        };
        let last_loc = m.frames.last().map(|f| (FuncId(f.func), Loc(f.loc)));
        let mut edges: Vec<(FuncId, kappa_ir::EdgeId)> =
            m.edges.iter().map(|&(f, e)| (FuncId(f), kappa_ir::EdgeId(e))).collect();
        edges.sort_unstable();
        RunResult {
            outcome,
            output: m.out,
            steps: m.steps,
            inputs: m.inputs,
            fills: m.fills,
            last_loc,
            ret: m.ret,
            edges,
            lasso_start: m.lassos.as_ref().and_then(|w| w.found),
        }
    }
}

#[derive(Default, Clone, PartialEq, Eq)]
struct Frame {
    func: u32,
    loc: u32,
    /// Registers of the function; `None` until written.
    regs: Vec<Option<Value>>,
    /// Instance of each local slot; 0 before its `Alloc`.
    slots: Vec<u32>,
    /// `Region::Stack` fresh instances, killed with the frame.
    stack: Vec<u32>,
    /// The caller's variable receiving the return value.
    ret_dst: Option<VarId>,
}

/// Watches a run: each edge as it is taken (before its operation), each function's return.
pub trait Tracer {
    fn edge(&mut self, func: FuncId, edge: usize) {
        let _ = (func, edge);
    }
    /// `func` reached its exit location and its frame was popped.
    fn returned(&mut self, func: FuncId) {
        let _ = func;
    }
}

/// No tracing.
impl Tracer for () {}

struct Machine<'a, 'p> {
    tracer: &'a mut dyn Tracer,
    ip: &'a Interpreter<'p>,
    cfg: &'a Config,
    input: &'a mut dyn InputSource,
    mem: Memory,
    globals: Vec<Value>,
    frames: Vec<Frame>,
    /// Popped frames, kept to reuse their vectors.
    pool: Vec<Frame>,
    /// Reused buffer for call and output arguments.
    scratch: Vec<Value>,
    out: Vec<u8>,
    inputs: Vec<(NondetOrigin, Ty, u64)>,
    fills: Vec<(NondetOrigin, Vec<u8>)>,
    steps: u64,
    /// The entry function's return value, once it returned.
    ret: Option<Value>,
    /// The edge being evaluated has deep expressions: use the iterative evaluator.
    deep: Cell<bool>,
    pmask: u64,
    /// Edges taken, when recorded.
    edges: std::collections::HashSet<(u32, u32)>,
    /// Earlier visits of loop heads, with [`Config::lassos`].
    lassos: Option<Box<LassoWatch>>,
}

impl<'a, 'p> Machine<'a, 'p> {
    // ---- start and end ----

    fn start(&mut self, entry: FuncId, args: Args) -> R<()> {
        let prog = self.ip.prog;
        // Globals and string literals, in object order (the ids were fixed by `Interpreter::new`).
        for (oi, o) in prog.objects.iter().enumerate() {
            let ObjRef::Static(want) = self.ip.objs[oi] else { continue };
            let id = match &o.kind {
                ObjKind::StringLit { bytes } => {
                    let size = o.size.unwrap_or(0).max(bytes.len() as u64);
                    let id = self.mem.alloc(Kind::Global, size)?;
                    self.mem.write_bytes(id, 0, bytes)?;
                    self.mem.set_kind(id, Kind::Str);
                    id
                }
                // A function's address: one read-only byte.
                ObjKind::Function(_) => {
                    let id = self.mem.alloc(Kind::Global, 1)?;
                    self.mem.set_kind(id, Kind::Str);
                    id
                }
                _ => self.mem.alloc(Kind::Global, o.size.unwrap_or(0))?,
            };
            if id != want {
                return stuck("internal: global instance numbering");
            }
        }
        for (oi, o) in prog.objects.iter().enumerate() {
            let (ObjKind::Global { init }, ObjRef::Static(id)) = (&o.kind, self.ip.objs[oi]) else { continue };
            for it in init {
                let v = self.const_value(&it.value).map_err(|f| self.ctx(f, &format!("initialiser of {}", o.name)))?;
                self.store(id, it.offset, v).map_err(|f| self.ctx(f, &format!("initialiser of {}", o.name)))?;
            }
        }
        // Global registers.
        self.globals = vec![Value::Bool(false); self.ip.nglobals];
        for (vi, v) in prog.vars.iter().enumerate() {
            let vl = self.ip.vars[vi];
            if vl.owner == GLOBAL {
                self.globals[vl.idx as usize] = match v.ty {
                    Ty::Int(w) if (1..=64).contains(&w) => Value::Int { bits: 0, width: w },
                    Ty::Ptr => Value::NULL,
                    Ty::Bool => Value::Bool(false),
                    Ty::Int(w) => return stuck(format!("global {} has width {w}", v.name)),
                };
            }
        }
        for g in &prog.globals {
            let v = self.const_value(&g.value)?;
            let name = prog.vars.get(g.var.index()).map_or("?", |v| v.name.as_str());
            self.set_global(g.var, v).map_err(|f| self.ctx(f, &format!("initial value of {name}")))?;
        }
        let Some(f) = prog.functions.get(entry.index()) else { return stuck(format!("no function {entry}")) };
        let vals = match args {
            Args::Values(v) => v.to_vec(),
            Args::Main => self.main_args(f)?,
        };
        self.push_frame(entry.0, &vals, None)
    }

    /// The command line of [`Config::program_inputs`] (`argc = 1`, `argv = {"prog", NULL}` by
    /// default), `envp = {NULL}`, as many as `main` takes; standard input and files go to the
    /// C library model's globals.
    fn main_args(&mut self, main: &Function) -> R<Vec<Value>> {
        let pi = &self.cfg.program_inputs;
        self.set_program_files()?;
        let n = main.params.len();
        if n == 0 {
            return Ok(Vec::new());
        }
        if n > 3 {
            return stuck(format!("main takes {n} parameters"));
        }
        let argv_bytes: Vec<Vec<u8>> =
            if pi.argv.is_empty() { vec![b"prog".to_vec()] } else { pi.argv.iter().map(|a| a.bytes.clone()).collect() };
        let argc = match self.ip.vars.get(main.params[0].index()).map(|v| v.ty) {
            Some(Ty::Int(w)) => Value::uint(argv_bytes.len() as u64, w),
            _ => return stuck("main's first parameter is not an integer"),
        };
        let mut args = vec![argc];
        let pb = self.mem.pbytes;
        let argv = self.mem.alloc(Kind::Global, (argv_bytes.len() as u64 + 1) * pb)?;
        for (k, a) in argv_bytes.iter().enumerate() {
            let s = self.c_string(a)?;
            self.mem.write_ptr(argv, k as u64 * pb, PtrVal { obj: s, off: 0 })?;
        }
        args.push(Value::Ptr { obj: argv, off: 0 });
        if n == 3 {
            let envp = self.mem.alloc(Kind::Global, pb)?;
            args.push(Value::Ptr { obj: envp, off: 0 });
        }
        Ok(args)
    }

    fn c_string(&mut self, bytes: &[u8]) -> R<u32> {
        let id = self.mem.alloc(Kind::Global, bytes.len() as u64 + 1)?;
        self.mem.write_bytes(id, 0, bytes)?;
        Ok(id)
    }

    /// Standard input and files for the C library model, where the program has its globals.
    fn set_program_files(&mut self) -> R<()> {
        use kappa_ir::testcase::env;
        let pi = &self.cfg.program_inputs;
        if let Some(stdin) = &pi.stdin {
            let data = self.mem.alloc(Kind::Global, stdin.bytes.len() as u64)?;
            self.mem.write_bytes(data, 0, &stdin.bytes)?;
            self.set_named_global(env::STDIN_DATA, Value::Ptr { obj: data, off: 0 })?;
            self.set_named_global(env::STDIN_LEN, Value::uint(stdin.bytes.len() as u64, 64))?;
        }
        if !pi.files.is_empty() {
            let pb = self.mem.pbytes;
            let table = self.mem.alloc(Kind::Global, pi.files.len() as u64 * 3 * pb)?;
            for (k, f) in pi.files.iter().enumerate() {
                let at = k as u64 * 3 * pb;
                let name = self.c_string(f.name.as_bytes())?;
                let data = self.mem.alloc(Kind::Global, f.contents.bytes.len() as u64)?;
                self.mem.write_bytes(data, 0, &f.contents.bytes)?;
                self.mem.write_ptr(table, at, PtrVal { obj: name, off: 0 })?;
                self.mem.write_ptr(table, at + pb, PtrVal { obj: data, off: 0 })?;
                self.mem.write_int(table, at + 2 * pb, pb, f.contents.bytes.len() as u64)?;
            }
            self.set_named_global(env::FILES, Value::Ptr { obj: table, off: 0 })?;
            self.set_named_global(env::NFILES, Value::uint(pi.files.len() as u64, 32))?;
        }
        Ok(())
    }

    /// Sets a global register or global object (at offset 0) by name; nothing if there is none.
    fn set_named_global(&mut self, name: &str, v: Value) -> R<()> {
        let prog = self.ip.prog;
        if let Some(vi) = prog.vars.iter().position(|x| x.name == name && x.kind == kappa_ir::VarKind::Global) {
            let v = match (v, prog.vars[vi].ty) {
                (Value::Int { bits, .. }, Ty::Int(w)) => Value::uint(bits, w),
                (v, _) => v,
            };
            return self.set_global(VarId(vi as u32), v);
        }
        let found = prog.objects.iter().position(|o| o.name == name && matches!(o.kind, ObjKind::Global { .. }));
        if let Some(oi) = found {
            if let ObjRef::Static(id) = self.ip.objs[oi] {
                let v = match (v, prog.objects[oi].size) {
                    (Value::Int { bits, .. }, Some(n @ 1..=8)) => Value::uint(bits, n as u32 * 8),
                    (v, _) => v,
                };
                self.store(id, 0, v)?;
            }
        }
        Ok(())
    }

    fn const_value(&self, e: &Expr) -> R<Value> {
        let addr = |o: &ObjId| match self.ip.objs.get(o.index()) {
            Some(ObjRef::Static(id)) => Ok(*id),
            _ => stuck(format!("initialiser takes the address of {o}, which is not a global object")),
        };
        match e {
            Expr::Int { bits, width } if (1..=64).contains(width) => Ok(Value::uint(*bits, *width)),
            Expr::Null => Ok(Value::NULL),
            Expr::AddrOf(o) => Ok(Value::Ptr { obj: addr(o)?, off: 0 }),
            Expr::PtrAdd(p, k) => match (&**p, &**k) {
                (Expr::AddrOf(o), Expr::Int { bits, .. }) => Ok(Value::Ptr { obj: addr(o)?, off: bits & self.pmask }),
                _ => stuck(format!("initialiser is not a constant: {e:?}")),
            },
            _ => stuck(format!("initialiser is not a constant: {e:?}")),
        }
    }

    /// Adds the location to a `Stuck` reason.
    fn ctx(&self, f: Fault, what: &str) -> Fault {
        match *f.0 {
            Outcome::Stuck(m) => Fault(Box::new(Outcome::Stuck(format!("{what}: {m}")))),
            o => Fault(Box::new(o)),
        }
    }

    fn finish(&self, f: Fault) -> Outcome {
        match *f.0 {
            Outcome::Stuck(m) => {
                let prog = self.ip.prog;
                let place = match self.frames.last() {
                    Some(fr) => {
                        let f = &prog.functions[fr.func as usize];
                        let span = f.locs.get(fr.loc as usize).map(|l| l.span).unwrap_or_default();
                        if span.is_known() {
                            format!("in {} at L{} ({})", f.name, fr.loc, prog.fmt_span(span))
                        } else {
                            format!("in {} at L{}", f.name, fr.loc)
                        }
                    }
                    None => "before the entry function".into(),
                };
                Outcome::Stuck(format!("{place}: {m}"))
            }
            o => o,
        }
    }

    // ---- frames and registers ----

    fn push_frame(&mut self, func: u32, args: &[Value], ret_dst: Option<VarId>) -> R<()> {
        let prog = self.ip.prog;
        let Some(f) = prog.functions.get(func as usize) else {
            return stuck(format!("call of unknown function f{func}"));
        };
        if self.frames.len() >= self.cfg.max_depth {
            return limit(format!("call depth limit of {} exceeded (calling {})", self.cfg.max_depth, f.name));
        }
        if args.len() != f.params.len() {
            return stuck(format!("{} takes {} arguments, given {}", f.name, f.params.len(), args.len()));
        }
        if f.entry.index() >= f.locs.len() {
            return stuck(format!("{} has no valid entry location", f.name));
        }
        let fp = &self.ip.funcs[func as usize];
        let mut fr = self.pool.pop().unwrap_or_default();
        fr.func = func;
        fr.loc = f.entry.0;
        fr.regs.clear();
        fr.regs.resize(fp.nregs, None);
        fr.slots.clear();
        fr.slots.resize(fp.nslots, 0);
        fr.stack.clear();
        fr.ret_dst = ret_dst;
        for (p, v) in f.params.iter().zip(args) {
            match self.ip.vars.get(p.index()) {
                Some(vl) if vl.owner == func && vl.ty == v.ty() => fr.regs[vl.idx as usize] = Some(*v),
                Some(vl) if vl.owner == func => {
                    return stuck(format!(
                        "argument {v:?} for parameter {} of type {}",
                        prog.vars[p.index()].name,
                        vl.ty
                    ))
                }
                _ => return stuck(format!("parameter {p} does not belong to {}", f.name)),
            }
        }
        self.frames.push(fr);
        Ok(())
    }

    /// At the exit location: pop the frame, pass the return value on.
    fn leave(&mut self) -> R<()> {
        let Some(fr) = self.frames.pop() else { return stuck("no frame") };
        self.tracer.returned(FuncId(fr.func));
        for &s in fr.slots.iter().chain(&fr.stack) {
            if s != 0 {
                self.mem.kill(s);
            }
        }
        let f = &self.ip.prog.functions[fr.func as usize];
        let ret = f.ret.and_then(|r| match self.ip.vars.get(r.index()) {
            Some(vl) if vl.owner == fr.func => fr.regs.get(vl.idx as usize).copied().flatten(),
            _ => None,
        });
        let dst = fr.ret_dst;
        if self.frames.is_empty() {
            // Keep the exited frame visible for `last_loc`.
            self.frames.push(fr);
            self.ret = ret;
            let code = match ret {
                Some(Value::Int { bits, width }) => kappa_ir::expr::to_signed(bits, width.clamp(1, 64)) as i32,
                _ => 0,
            };
            return stop(Outcome::Exit(code));
        }
        self.pool.push(fr);
        if let Some(d) = dst {
            let Some(v) = ret else {
                return stuck(format!("{} returned without a value, and the caller uses it", f.name));
            };
            self.set_var(d, v)?;
        }
        Ok(())
    }

    fn top(&self) -> R<&Frame> {
        match self.frames.last() {
            Some(f) => Ok(f),
            None => stuck("no frame"),
        }
    }

    fn var_ty(&self, v: VarId) -> R<Ty> {
        match self.ip.vars.get(v.index()) {
            Some(vl) => Ok(vl.ty),
            None => stuck(format!("unknown variable {v}")),
        }
    }

    fn var_name(&self, v: VarId) -> &str {
        self.ip.prog.vars.get(v.index()).map_or("?", |v| v.name.as_str())
    }

    fn read_var(&self, fr: &Frame, v: VarId) -> R<Value> {
        let Some(vl) = self.ip.vars.get(v.index()) else { return stuck(format!("unknown variable {v}")) };
        if vl.owner == GLOBAL {
            return Ok(self.globals[vl.idx as usize]);
        }
        if vl.owner != fr.func {
            return stuck(format!("variable {} read outside its function", self.var_name(v)));
        }
        match fr.regs[vl.idx as usize] {
            Some(x) => Ok(x),
            None => stuck(format!("variable {} read before it is written", self.var_name(v))),
        }
    }

    fn set_var(&mut self, v: VarId, val: Value) -> R<()> {
        let Some(&vl) = self.ip.vars.get(v.index()) else { return stuck(format!("unknown variable {v}")) };
        if vl.ty != val.ty() {
            return stuck(format!("value {val:?} assigned to {} of type {}", self.var_name(v), vl.ty));
        }
        if vl.owner == GLOBAL {
            self.globals[vl.idx as usize] = val;
            return Ok(());
        }
        match self.frames.last_mut() {
            Some(fr) if fr.func == vl.owner => {
                fr.regs[vl.idx as usize] = Some(val);
                Ok(())
            }
            _ => stuck(format!("variable {} written outside its function", self.var_name(v))),
        }
    }

    fn set_global(&mut self, v: VarId, val: Value) -> R<()> {
        match self.ip.vars.get(v.index()) {
            Some(vl) if vl.owner == GLOBAL => self.set_var(v, val),
            _ => stuck(format!("{v} is not a global variable")),
        }
    }

    // ---- the step ----

    fn step(&mut self) -> R<()> {
        if self.lassos.is_some() {
            self.watch_lasso()?;
        }
        let ip: &'a Interpreter<'p> = self.ip;
        let prog: &'p Program = ip.prog;
        let fr = self.top()?;
        let (fi, li) = (fr.func as usize, fr.loc as usize);
        let f = &prog.functions[fi];
        let fp = &ip.funcs[fi];
        let Some(info) = f.locs.get(li) else { return stuck(format!("location L{li} does not exist")) };
        match &info.kind {
            LocKind::Normal => {}
            LocKind::Exit => return self.leave(),
            LocKind::Error { kind, message } => {
                return stop(Outcome::Error {
                    kind: *kind,
                    message: message.clone(),
                    func: FuncId(fi as u32),
                    loc: Loc(li as u32),
                    span: info.span,
                })
            }
            LocKind::Halt => return stuck("halt location reached without a halt edge"),
        }
        let mut chosen = None;
        for &ei in &fp.out[li] {
            let e = &f.edges[ei as usize];
            let enabled = match &e.op {
                Op::Assume(c) => {
                    self.deep.set(fp.deep[ei as usize]);
                    match self.eval_top(fr, c)? {
                        Value::Bool(b) => b,
                        v => return stuck(format!("assume of a non-boolean {v:?}")),
                    }
                }
                _ => true,
            };
            if enabled {
                if let Some(first) = chosen {
                    return stuck(format!("edges e{first} and e{ei} are both enabled"));
                }
                chosen = Some(ei);
                if !self.cfg.check_determinism {
                    break;
                }
            }
        }
        let Some(ei) = chosen else {
            if fp.out[li].is_empty() {
                return stuck(format!("location L{li} has no out-edges (a function without a body?)"));
            }
            return stop(Outcome::AssumeViolated);
        };
        if self.steps >= self.cfg.max_steps {
            return limit(format!("step limit of {} reached", self.cfg.max_steps));
        }
        if self.steps & 0xffff == 0 && self.cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return limit(String::from("time limit reached"));
        }
        self.steps += 1;
        if self.cfg.record_edges {
            self.edges.insert((fi as u32, ei));
        }
        self.deep.set(fp.deep[ei as usize]);
        self.tracer.edge(FuncId(fi as u32), ei as usize);
        self.exec(f, &f.edges[ei as usize])
    }

    fn goto(&mut self, f: &Function, dst: Loc) -> R<()> {
        if dst.index() >= f.locs.len() {
            return stuck(format!("edge into nonexistent location {dst}"));
        }
        match self.frames.last_mut() {
            Some(fr) => {
                fr.loc = dst.0;
                Ok(())
            }
            None => stuck("no frame"),
        }
    }

    fn exec(&mut self, f: &'p Function, e: &'p Edge) -> R<()> {
        match &e.op {
            Op::Skip | Op::Assume(_) => {}
            Op::Assign { dst, value } => {
                let v = self.ev(value)?;
                self.set_var(*dst, v)?;
            }
            Op::Nondet { dst, origin } => {
                let ty = self.var_ty(*dst)?;
                let Some(raw) = self.input.next(origin, ty) else { return stuck("input exhausted") };
                let (v, rec) = match ty {
                    Ty::Int(w) if (1..=64).contains(&w) => (Value::uint(raw, w), raw & mask(w)),
                    Ty::Bool => (Value::Bool(raw & 1 != 0), raw & 1),
                    Ty::Ptr => {
                        let raw = raw & self.pmask;
                        (if raw == 0 { Value::NULL } else { Value::Ptr { obj: INVALID_OBJ, off: raw } }, raw)
                    }
                    Ty::Int(w) => return stuck(format!("nondet value of width {w}")),
                };
                self.inputs.push((origin.clone(), ty, rec));
                self.set_var(*dst, v)?;
            }
            Op::Load { dst, ptr } => {
                let ty = self.var_ty(*dst)?;
                let (obj, off) = self.ev_ptr(ptr)?;
                let v = match ty {
                    Ty::Int(w) => Value::uint(self.mem.read_int(obj, off, mem_bytes(w)?)?, w),
                    Ty::Ptr => self.mem.read_ptr(obj, off)?,
                    Ty::Bool => return stuck("load of a boolean"),
                };
                self.set_var(*dst, v)?;
            }
            Op::Store { ptr, value } => {
                let (obj, off) = self.ev_ptr(ptr)?;
                let v = self.ev(value)?;
                self.store(obj, off, v)?;
            }
            Op::MemCopy { dst, src, size } => {
                let d = self.ev_ptr(dst)?;
                let s = self.ev_ptr(src)?;
                let n = self.ev_word(size)?;
                if n > 0 {
                    self.mem.copy(d, s, n)?;
                }
            }
            Op::Alloc { target, region, size, init } => self.alloc(target, *region, size, *init)?,
            Op::Free { ptr } => {
                let (obj, off) = self.ev_ptr(ptr)?;
                if !self.mem.freeable(obj, off) {
                    return stuck("free of a pointer that is not freeable (missing check)");
                }
                self.mem.kill(obj);
            }
            Op::Call { dst, func, args } => {
                let mut vals = std::mem::take(&mut self.scratch);
                vals.clear();
                for a in args {
                    vals.push(self.ev(a)?);
                }
                self.goto(f, e.dst)?;
                let r = self.push_frame(func.0, &vals, *dst);
                self.scratch = vals;
                return r;
            }
            Op::Return(v) => {
                if let Some(x) = v {
                    let val = self.ev(x)?;
                    let Some(r) = f.ret else {
                        return stuck("return with a value from a function without a return variable");
                    };
                    self.set_var(r, val)?;
                }
            }
            Op::Halt { kind: HaltKind::Abort, .. } => {
                self.goto(f, e.dst)?;
                return stop(Outcome::Abort);
            }
            Op::Halt { kind: HaltKind::Exit, code } => {
                let code = match code {
                    Some(c) => match self.ev(c)? {
                        v @ Value::Int { .. } => v.as_signed().unwrap_or(0) as i32,
                        v => return stuck(format!("exit code {v:?}")),
                    },
                    None => 0,
                };
                self.goto(f, e.dst)?;
                return stop(Outcome::Exit(code));
            }
            Op::Output { kind, args, dst } => {
                let ret = self.output(*kind, args)?;
                if let Some(d) = dst {
                    match self.var_ty(*d)? {
                        Ty::Int(w) => self.set_var(*d, Value::uint(ret, w))?,
                        t => return stuck(format!("output result assigned to a {t}")),
                    }
                }
            }
        }
        self.goto(f, e.dst)
    }

    fn store(&mut self, obj: u32, off: u64, v: Value) -> R<()> {
        match v {
            Value::Int { bits, width } => self.mem.write_int(obj, off, mem_bytes(width)?, bits),
            Value::Ptr { obj: po, off: poff } => self.mem.write_ptr(obj, off, PtrVal { obj: po, off: poff }),
            Value::Bool(_) => stuck("store of a boolean"),
        }
    }

    fn alloc(&mut self, target: &AllocTarget, region: Region, size: &Expr, init: AllocInit) -> R<()> {
        let n = self.ev_word(size)?;
        let prog = self.ip.prog;
        let (id, origin) = match target {
            AllocTarget::Slot(o) => {
                let fr = self.top()?;
                let (idx, old) = match self.ip.objs.get(o.index()) {
                    Some(ObjRef::Slot { func, idx }) if *func == fr.func => (*idx as usize, fr.slots[*idx as usize]),
                    _ => return stuck(format!("alloc of {o}, which is not a slot of this function")),
                };
                self.mem.kill(old);
                let id = self.mem.alloc(Kind::Stack, n)?;
                if let Some(fr) = self.frames.last_mut() {
                    fr.slots[idx] = id;
                }
                (id, prog.objects[o.index()].name.as_str())
            }
            AllocTarget::Fresh(v) => {
                let (kind, name) = match region {
                    Region::Stack => (Kind::Stack, "alloca"),
                    Region::Heap => (Kind::Heap, "malloc"),
                };
                if self.var_ty(*v)? != Ty::Ptr {
                    return stuck("allocation result is not a pointer");
                }
                let id = self.mem.alloc(kind, n)?;
                if let (Kind::Stack, Some(fr)) = (kind, self.frames.last_mut()) {
                    fr.stack.push(id);
                }
                self.set_var(*v, Value::Ptr { obj: id, off: 0 })?;
                (id, name)
            }
        };
        if init == AllocInit::Nondet && n > 0 {
            let origin = NondetOrigin::Uninit { var: origin.into() };
            let mut buf = vec![0u8; n as usize];
            if !self.input.fill(&origin, &mut buf) {
                return stuck("input exhausted");
            }
            self.mem.write_bytes(id, 0, &buf)?;
            self.fills.push((origin, buf));
        }
        Ok(())
    }

    fn output(&mut self, kind: OutputKind, args: &[Expr]) -> R<u64> {
        let mut vals = std::mem::take(&mut self.scratch);
        vals.clear();
        for a in args {
            match self.ev(a) {
                Ok(v) => vals.push(v),
                Err(f) => {
                    self.scratch = vals;
                    return Err(f);
                }
            }
        }
        let r = self.output_vals(kind, &vals);
        self.scratch = vals;
        r
    }

    fn output_vals(&mut self, kind: OutputKind, vals: &[Value]) -> R<u64> {
        let string = |m: &Memory, v: Option<&Value>| match v {
            Some(Value::Ptr { obj, off }) => m.read_cstr(*obj, *off, None),
            _ => stuck("output of a string that is not a pointer"),
        };
        let room = |out: &Vec<u8>, n: usize| {
            if (out.len() + n) as u64 > self.cfg.max_output {
                limit(format!("output limit of {} bytes exceeded", self.cfg.max_output))
            } else {
                Ok(())
            }
        };
        match kind {
            OutputKind::Printf => {
                let fmt = string(&self.mem, vals.first())?;
                let p = Printf {
                    mem: &self.mem,
                    long_bits: self.ip.prog.data_model.int_bits(IntRank::Long),
                    max_output: self.cfg.max_output,
                };
                p.format(&fmt, vals.get(1..).unwrap_or(&[]), &mut self.out)
            }
            OutputKind::Puts => {
                let s = string(&self.mem, vals.first())?;
                room(&self.out, s.len() + 1)?;
                self.out.extend_from_slice(&s);
                self.out.push(b'\n');
                Ok(s.len() as u64 + 1)
            }
            OutputKind::Putchar => match vals.first() {
                Some(Value::Int { bits, .. }) => {
                    room(&self.out, 1)?;
                    self.out.push(*bits as u8);
                    Ok(u64::from(*bits as u8))
                }
                _ => stuck("putchar of a non-integer"),
            },
        }
    }

    // ---- expressions ----

    /// Evaluates in the current frame.
    fn ev(&self, e: &Expr) -> R<Value> {
        self.eval_top(self.top()?, e)
    }

    fn ev_ptr(&self, e: &Expr) -> R<(u32, u64)> {
        ptr_of(self.ev(e)?)
    }

    fn ev_word(&self, e: &Expr) -> R<u64> {
        self.word_of(self.ev(e)?)
    }

    /// Evaluates an expression of the current edge, recursively or not (see `RECURSIVE_DEPTH`).
    fn eval_top(&self, fr: &Frame, e: &Expr) -> R<Value> {
        if self.deep.get() {
            self.eval_iter(fr, e)
        } else {
            self.eval(fr, e)
        }
    }

    /// A pointer-width integer (sizes, offsets).
    fn word_of(&self, v: Value) -> R<u64> {
        match v {
            Value::Int { bits, width } if width == self.ip.pw => Ok(bits),
            v => stuck(format!("pointer-width integer expected, found {v:?}")),
        }
    }

    /// Evaluates an expression. Kept to a thin dispatcher over small helpers so that each level
    /// of recursion costs little stack, also unoptimised (see `RECURSIVE_DEPTH`).
    fn eval(&self, fr: &Frame, e: &Expr) -> R<Value> {
        match e {
            Expr::Int { bits, width } => const_int(*bits, *width),
            Expr::Bool(b) => Ok(Value::Bool(*b)),
            Expr::Var(v) => self.read_var(fr, *v),
            Expr::Null => Ok(Value::NULL),
            Expr::AddrOf(o) => self.addr_of(fr, *o),
            Expr::Un(op, a) => un(*op, self.eval(fr, a)?),
            Expr::Bin(op, a, b) => self.eval_bin(fr, *op, a, b),
            Expr::Cast(op, w, a) => cast(*op, *w, self.eval(fr, a)?),
            Expr::Ite(c, a, b) => self.eval_ite(fr, c, a, b),
            _ => self.eval_pointer_op(fr, e),
        }
    }

    fn eval_bin(&self, fr: &Frame, op: BinOp, a: &Expr, b: &Expr) -> R<Value> {
        let x = self.eval(fr, a)?;
        match (op, x) {
            (BinOp::And, Value::Bool(false)) => Ok(x),
            (BinOp::Or, Value::Bool(true)) => Ok(x),
            _ => bin(op, x, self.eval(fr, b)?, self.ip.pw),
        }
    }

    fn eval_ite(&self, fr: &Frame, c: &Expr, a: &Expr, b: &Expr) -> R<Value> {
        match self.eval(fr, c)? {
            Value::Bool(true) => self.eval(fr, a),
            Value::Bool(false) => self.eval(fr, b),
            v => stuck(format!("ite condition {v:?}")),
        }
    }

    fn addr_of(&self, fr: &Frame, o: ObjId) -> R<Value> {
        match self.ip.objs.get(o.index()) {
            Some(ObjRef::Static(id)) => Ok(Value::Ptr { obj: *id, off: 0 }),
            Some(ObjRef::Slot { func, idx }) if *func == fr.func => match fr.slots[*idx as usize] {
                0 => stuck(format!("address of slot {} before its alloc", self.ip.prog.objects[o.index()].name)),
                id => Ok(Value::Ptr { obj: id, off: 0 }),
            },
            _ => stuck(format!("address of {o}, which is not an object of this function")),
        }
    }

    fn eval_pointer_op(&self, fr: &Frame, e: &Expr) -> R<Value> {
        match e {
            Expr::PtrAdd(a, b) | Expr::PtrDiff(a, b) | Expr::InBounds(a, b) => {
                let x = self.eval(fr, a)?;
                let y = self.eval(fr, b)?;
                self.ptr_op(e, x, y)
            }
            Expr::Live(a) | Expr::Writable(a) | Expr::Freeable(a) => {
                let x = self.eval(fr, a)?;
                self.ptr_op(e, x, Value::Bool(false))
            }
            _ => stuck("internal: not a pointer operation"),
        }
    }

    /// A pointer operation on its evaluated operands (`b` is ignored by the unary ones).
    fn ptr_op(&self, e: &Expr, a: Value, b: Value) -> R<Value> {
        Ok(match e {
            Expr::PtrAdd(..) => {
                let (obj, off) = ptr_of(a)?;
                Value::Ptr { obj, off: off.wrapping_add(self.word_of(b)?) & self.pmask }
            }
            Expr::PtrDiff(..) => {
                let (a, b) = (ptr_of(a)?.1, ptr_of(b)?.1);
                Value::Int { bits: a.wrapping_sub(b) & self.pmask, width: self.ip.pw }
            }
            Expr::InBounds(..) => {
                let (obj, off) = ptr_of(a)?;
                Value::Bool(self.mem.in_bounds(obj, off, self.word_of(b)?))
            }
            Expr::Live(_) => Value::Bool(self.mem.live(ptr_of(a)?.0)),
            Expr::Writable(_) => Value::Bool(self.mem.writable(ptr_of(a)?.0)),
            Expr::Freeable(_) => {
                let (obj, off) = ptr_of(a)?;
                Value::Bool(self.mem.freeable(obj, off))
            }
            _ => return stuck("internal: not a pointer operation"),
        })
    }

    /// The same evaluation as [`Machine::eval`] (same order, same short-circuits, same
    /// operations), with an explicit stack: for expressions of any depth.
    fn eval_iter(&self, fr: &Frame, root: &Expr) -> R<Value> {
        enum Task<'e> {
            Visit(&'e Expr),
            /// Apply a unary, cast or pointer operation to the operands on the value stack.
            Apply(&'e Expr),
            /// The left operand is evaluated: short-circuit, or evaluate the right one.
            Rhs(BinOp, &'e Expr),
            Bin(BinOp),
            /// The condition is evaluated: evaluate one arm.
            Pick(&'e Expr, &'e Expr),
        }
        fn pop(vals: &mut Vec<Value>) -> R<Value> {
            match vals.pop() {
                Some(v) => Ok(v),
                None => stuck("internal: evaluation stack underflow"),
            }
        }
        let mut tasks = vec![Task::Visit(root)];
        let mut vals: Vec<Value> = Vec::new();
        while let Some(t) = tasks.pop() {
            match t {
                Task::Visit(e) => match e {
                    Expr::Un(_, a) | Expr::Cast(_, _, a) | Expr::Live(a) | Expr::Writable(a) | Expr::Freeable(a) => {
                        tasks.push(Task::Apply(e));
                        tasks.push(Task::Visit(a));
                    }
                    Expr::PtrAdd(a, b) | Expr::PtrDiff(a, b) | Expr::InBounds(a, b) => {
                        tasks.push(Task::Apply(e));
                        tasks.push(Task::Visit(b));
                        tasks.push(Task::Visit(a));
                    }
                    Expr::Bin(op, a, b) => {
                        tasks.push(Task::Rhs(*op, b));
                        tasks.push(Task::Visit(a));
                    }
                    Expr::Ite(c, a, b) => {
                        tasks.push(Task::Pick(a, b));
                        tasks.push(Task::Visit(c));
                    }
                    // Leaves: no recursion.
                    _ => vals.push(self.eval(fr, e)?),
                },
                Task::Rhs(op, b) => match (op, vals.last()) {
                    (BinOp::And, Some(Value::Bool(false))) | (BinOp::Or, Some(Value::Bool(true))) => {}
                    _ => {
                        tasks.push(Task::Bin(op));
                        tasks.push(Task::Visit(b));
                    }
                },
                Task::Bin(op) => {
                    let y = pop(&mut vals)?;
                    let x = pop(&mut vals)?;
                    vals.push(bin(op, x, y, self.ip.pw)?);
                }
                Task::Pick(a, b) => match pop(&mut vals)? {
                    Value::Bool(true) => tasks.push(Task::Visit(a)),
                    Value::Bool(false) => tasks.push(Task::Visit(b)),
                    v => return stuck(format!("ite condition {v:?}")),
                },
                Task::Apply(e) => {
                    let v = match e {
                        Expr::Un(op, _) => un(*op, pop(&mut vals)?)?,
                        Expr::Cast(op, w, _) => cast(*op, *w, pop(&mut vals)?)?,
                        Expr::PtrAdd(..) | Expr::PtrDiff(..) | Expr::InBounds(..) => {
                            let y = pop(&mut vals)?;
                            let x = pop(&mut vals)?;
                            self.ptr_op(e, x, y)?
                        }
                        _ => {
                            let x = pop(&mut vals)?;
                            self.ptr_op(e, x, Value::Bool(false))?
                        }
                    };
                    vals.push(v);
                }
            }
        }
        match (vals.pop(), vals.is_empty()) {
            (Some(v), true) => Ok(v),
            _ => stuck("internal: evaluation stack"),
        }
    }
}

fn ptr_of(v: Value) -> R<(u32, u64)> {
    match v {
        Value::Ptr { obj, off } => Ok((obj, off)),
        v => stuck(format!("pointer expected, found {v:?}")),
    }
}

fn const_int(bits: u64, width: u32) -> R<Value> {
    if (1..=64).contains(&width) {
        Ok(Value::Int { bits: bits & mask(width), width })
    } else {
        stuck(format!("constant of width {width}"))
    }
}

/// Bytes of an integer of width `w` in memory.
fn mem_bytes(w: u32) -> R<u64> {
    if w.is_multiple_of(8) && (8..=64).contains(&w) {
        Ok(u64::from(w / 8))
    } else {
        stuck(format!("memory access of an i{w}"))
    }
}

/// `bits` of width `w` (1..=64) as signed.
fn sext(bits: u64, w: u32) -> i64 {
    let shift = 64 - w;
    ((bits << shift) as i64) >> shift
}

fn un(op: UnOp, a: Value) -> R<Value> {
    Ok(match (op, a) {
        (UnOp::Neg, Value::Int { bits, width }) => Value::Int { bits: bits.wrapping_neg() & mask(width), width },
        (UnOp::BitNot, Value::Int { bits, width }) => Value::Int { bits: !bits & mask(width), width },
        (UnOp::Not, Value::Bool(b)) => Value::Bool(!b),
        _ => return stuck(format!("{op:?} of {a:?}")),
    })
}

fn cast(op: CastOp, w: u32, a: Value) -> R<Value> {
    let Value::Int { bits, width } = a else { return stuck(format!("{op:?} of {a:?}")) };
    if !(1..=64).contains(&w) || !(1..=64).contains(&width) {
        return stuck(format!("{op:?} from i{width} to i{w}"));
    }
    let bits = match op {
        CastOp::ZExt | CastOp::Trunc => bits,
        CastOp::SExt => sext(bits, width) as u64,
    };
    Ok(Value::Int { bits: bits & mask(w), width: w })
}

/// A binary operation; `pw` is the pointer width.
fn bin(op: BinOp, x: Value, y: Value, pw: u32) -> R<Value> {
    use BinOp::*;
    match (x, y) {
        (Value::Int { bits: a, width: w }, Value::Int { bits: b, width: w2 }) if w == w2 && (1..=64).contains(&w) => {
            int_bin(op, a, b, w)
        }
        (Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(match op {
            And => a && b,
            Or => a || b,
            Xor | Ne => a != b,
            Eq => a == b,
            _ => return stuck(format!("{op:?} on booleans")),
        })),
        (Value::Ptr { obj: o1, off: f1 }, Value::Ptr { obj: o2, off: f2 }) => {
            // Offsets order as signed numbers: an instance sits at an address far from 0 and
            // `base + off` compares like `off` does for offsets of either sign, so a pointer one
            // before the start is below the start, as with gcc.
            let (p, q) = ((o1, sext(f1, pw)), (o2, sext(f2, pw)));
            Ok(Value::Bool(match op {
                Eq => p == q,
                Ne => p != q,
                Ult => p < q,
                Ule => p <= q,
                Ugt => p > q,
                Uge => p >= q,
                _ => return stuck(format!("{op:?} on pointers")),
            }))
        }
        _ => stuck(format!("{op:?} on {x:?} and {y:?}")),
    }
}

fn int_bin(op: BinOp, a: u64, b: u64, w: u32) -> R<Value> {
    use BinOp::*;
    let m = mask(w);
    let int = |v: u64| Ok(Value::Int { bits: v & m, width: w });
    let (sa, sb) = (sext(a, w), sext(b, w));
    let min = 1u64 << (w - 1);
    match op {
        Add => int(a.wrapping_add(b)),
        Sub => int(a.wrapping_sub(b)),
        Mul => int(a.wrapping_mul(b)),
        UDiv | URem | SDiv | SRem if b == 0 => stuck("division by zero (missing check)"),
        SDiv | SRem if a == min && b == m => stuck("signed division overflow MIN / -1 (missing check)"),
        UDiv => int(a / b),
        URem => int(a % b),
        SDiv => int(sa.wrapping_div(sb) as u64),
        SRem => int(sa.wrapping_rem(sb) as u64),
        Shl => int(if b >= u64::from(w) { 0 } else { a << b }),
        LShr => int(if b >= u64::from(w) { 0 } else { a >> b }),
        AShr => int(if b >= u64::from(w) { (sa >> 63) as u64 } else { (sa >> b) as u64 }),
        And => int(a & b),
        Or => int(a | b),
        Xor => int(a ^ b),
        Eq => Ok(Value::Bool(a == b)),
        Ne => Ok(Value::Bool(a != b)),
        Ult => Ok(Value::Bool(a < b)),
        Ule => Ok(Value::Bool(a <= b)),
        Ugt => Ok(Value::Bool(a > b)),
        Uge => Ok(Value::Bool(a >= b)),
        Slt => Ok(Value::Bool(sa < sb)),
        Sle => Ok(Value::Bool(sa <= sb)),
        Sgt => Ok(Value::Bool(sa > sb)),
        Sge => Ok(Value::Bool(sa >= sb)),
    }
}

/// The expressions an operation evaluates.
fn op_exprs(op: &Op) -> Vec<&Expr> {
    match op {
        Op::Skip | Op::Nondet { .. } | Op::Return(None) | Op::Halt { code: None, .. } => Vec::new(),
        Op::Assume(e) | Op::Assign { value: e, .. } | Op::Load { ptr: e, .. } | Op::Free { ptr: e } => vec![e],
        Op::Return(Some(e)) | Op::Halt { code: Some(e), .. } | Op::Alloc { size: e, .. } => vec![e],
        Op::Store { ptr, value } => vec![ptr, value],
        Op::MemCopy { dst, src, size } => vec![dst, src, size],
        Op::Call { args, .. } | Op::Output { args, .. } => args.iter().collect(),
    }
}

/// Nesting depth of an expression, computed without recursion.
fn expr_depth(e: &Expr) -> usize {
    let mut max = 0;
    let mut stack = vec![(e, 1usize)];
    while let Some((e, d)) = stack.pop() {
        max = max.max(d);
        match e {
            Expr::Int { .. } | Expr::Bool(_) | Expr::Var(_) | Expr::Null | Expr::AddrOf(_) => {}
            Expr::Un(_, a) | Expr::Cast(_, _, a) | Expr::Live(a) | Expr::Writable(a) | Expr::Freeable(a) => {
                stack.push((a, d + 1))
            }
            Expr::Bin(_, a, b) | Expr::PtrAdd(a, b) | Expr::PtrDiff(a, b) | Expr::InBounds(a, b) => {
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
            Expr::Ite(c, a, b) => {
                stack.push((c, d + 1));
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
        }
    }
    max
}

/// How many earlier loop-head visits a visit is compared with (as the engine's window).
const LASSO_WINDOW: usize = 8;
/// Memory in use above which no snapshot is taken (the run is then not confirmed as a lasso).
const LASSO_MAX_BYTES: u64 = 1 << 16;

/// One visit of a loop head: everything the rest of the run depends on.
#[derive(PartialEq, Eq)]
struct LassoSnap {
    frames: Vec<Frame>,
    globals: Vec<Value>,
    mem: crate::memory::MemorySnapshot,
}

/// The loop heads, the live registers there (by the interpreter's register index), and the
/// run's last visits ([`Config::lassos`]).
struct LassoWatch {
    heads: Vec<Vec<u32>>,
    /// Per function, per head (as in `heads`): which registers are live.
    live: Vec<Vec<Vec<bool>>>,
    snaps: std::collections::VecDeque<(u32, u32, u64, LassoSnap)>,
    /// The steps taken before the visit the run repeats, once found.
    found: Option<u64>,
}

impl LassoWatch {
    fn new(ip: &Interpreter<'_>) -> LassoWatch {
        let prog = ip.prog;
        let mut heads = Vec::new();
        let mut live = Vec::new();
        for (fi, f) in prog.functions.iter().enumerate() {
            let h: Vec<u32> = kappa_ir::analysis::loop_headers(f).iter().map(|l| l.0).collect();
            let liveness = kappa_ir::analysis::Liveness::of(f);
            let n = ip.funcs[fi].nregs;
            let per_head = h
                .iter()
                .map(|&l| {
                    let mut regs = vec![true; n];
                    for (pos, v) in f.vars.iter().enumerate() {
                        if let Some(vl) = ip.vars.get(v.index()).filter(|vl| vl.owner == fi as u32) {
                            if let Some(r) = regs.get_mut(vl.idx as usize) {
                                *r = liveness.is_live(Loc(l), pos);
                            }
                        }
                    }
                    regs
                })
                .collect();
            heads.push(h);
            live.push(per_head);
        }
        LassoWatch { heads, live, snaps: Default::default(), found: None }
    }
}

impl<'a, 'p> Machine<'a, 'p> {
    /// At a loop head: stops the run with `non_termination` if the state equals one of the last
    /// visits of this head; records the visit otherwise.
    fn watch_lasso(&mut self) -> R<()> {
        let Some(w) = self.lassos.as_mut() else { return Ok(()) };
        let Some(top) = self.frames.last() else { return Ok(()) };
        let (fi, li) = (top.func, top.loc);
        let Some(h) = w.heads.get(fi as usize).and_then(|h| h.binary_search(&li).ok()) else { return Ok(()) };
        let Some(mem) = self.mem.snapshot(LASSO_MAX_BYTES) else { return Ok(()) };
        let mut frames = self.frames.clone();
        if let Some(t) = frames.last_mut() {
            for (r, v) in t.regs.iter_mut().enumerate() {
                if !w.live[fi as usize][h].get(r).copied().unwrap_or(true) {
                    *v = None;
                }
            }
        }
        let snap = LassoSnap { frames, globals: self.globals.clone(), mem };
        if let Some(&(_, _, at, _)) = w.snaps.iter().find(|(f, l, _, s)| *f == fi && *l == li && *s == snap) {
            w.found = Some(at);
            let prog = self.ip.prog;
            let span = prog.functions[fi as usize].locs.get(li as usize).map(|l| l.span).unwrap_or_default();
            return stop(Outcome::Error {
                kind: kappa_ir::ErrorKind::NonTermination,
                message: format!(
                    "this loop head is reached in the state it had {} steps before: the run repeats forever",
                    self.steps - at
                ),
                func: FuncId(fi),
                loc: Loc(li),
                span,
            });
        }
        if w.snaps.len() >= LASSO_WINDOW {
            w.snaps.pop_front();
        }
        w.snaps.push_back((fi, li, self.steps, snap));
        Ok(())
    }
}
