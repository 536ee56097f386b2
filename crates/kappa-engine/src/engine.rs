//! The executor: Algorithm 2 of the compact symbolic execution paper (ATVA 2013). A state is
//! taken from the searcher's queue; if a loop template applies at its location the template's
//! successors are produced (the □-lines, through [`crate::TemplateProvider`]); otherwise the
//! classic successors. Successors with satisfiable path conditions go back to the queue, those
//! the solver cannot decide become failed leaves.

use crate::config::{Config, SearchKind};
use crate::heap::{HeapModel, ProgramHeap};
use crate::memory::{byte_array_sort, Contents, Object, ObjectKind};
use crate::report::{ErrorEntry, RunReport, Stats};
use crate::searcher::{Bfs, Dfs, RandomSearch, Searcher};
use crate::state::{Frame, InputRecord, PathCondition, State};
use crate::template::{Applied, NoTemplates, TemplateProvider};
use crate::tree::{NodeKind, TreeObserver};
use crate::value::{Pointer, SVal, OBJ_BITS};
use kappa_expr::{Sort, Term, Value};
use kappa_ir::testcase::{Input, InputKind, TestCase, TestOutcome};
use kappa_ir::*;
use kappa_solver::{Query, SatResult, Solver};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// How a path ended.
#[derive(Clone, Debug)]
pub enum Termination {
    Exit(Term),
    Abort,
    Error {
        kind: ErrorKind,
        message: String,
        span: Span,
    },
    /// Stopped before its end: a limit, or something kappa does not handle.
    Stopped(String),
}

/// Why executing an edge could not go on normally.
enum Flow {
    Continue,
    Done(Termination),
    /// The edge split the state (a pointer resolved to several objects).
    Split(Vec<State>),
}

/// Per-program tables computed once.
struct Info {
    /// Position of each variable in its function's register file, or in the globals.
    var_index: Vec<usize>,
    /// Object instance of each global object / string literal.
    global_obj: HashMap<ObjId, u32>,
    /// Branch edges (edges of locations with several successors), per function.
    branch_edges: HashSet<(FuncId, EdgeId)>,
}

pub struct Engine<'p> {
    prog: &'p Program,
    cfg: Config,
    solver: Box<dyn Solver>,
    heap: Box<dyn HeapModel>,
    templates: Box<dyn TemplateProvider>,
    observers: Vec<Box<dyn TreeObserver>>,
    info: Info,
    stats: Stats,
    covered: HashSet<(FuncId, EdgeId)>,
    next_state: u64,
    next_node: u64,
    start: Instant,
    stop: bool,
    tests_written: u64,
    error_index: HashMap<(String, String), usize>,
    limit_hit: Option<String>,
    /// The per-query timeout last given to the solver: shortened as the time limit nears.
    query_timeout: Option<Duration>,
}

fn ty_name(t: Ty) -> String {
    t.to_string()
}

impl<'p> Engine<'p> {
    pub fn new(prog: &'p Program, cfg: Config, solver: Box<dyn Solver>) -> Engine<'p> {
        let mut var_index = vec![0usize; prog.vars.len()];
        for f in &prog.functions {
            for (i, v) in f.vars.iter().enumerate() {
                var_index[v.index()] = i;
            }
            for (i, p) in f.params.iter().enumerate() {
                // Parameters are in `vars` too when the front-end lists them; make sure.
                if !f.vars.contains(p) {
                    var_index[p.index()] = f.vars.len() + i;
                }
            }
        }
        for (i, g) in prog.global_vars().enumerate() {
            var_index[g.index()] = i;
        }
        let mut branch_edges = HashSet::new();
        for f in &prog.functions {
            for l in f.loc_ids() {
                let out = f.out_edges(l);
                if out.len() > 1 {
                    for e in out {
                        branch_edges.insert((f.id, *e));
                    }
                }
            }
        }
        let mut stats = Stats {
            mode: cfg.mode.name().into(),
            search: cfg.search.name().into(),
            heap: cfg.heap.name().into(),
            ..Stats::default()
        };
        stats.coverage.branches_total = branch_edges.len() as u64;
        Engine {
            prog,
            cfg,
            solver,
            heap: Box::new(ProgramHeap),
            templates: Box::new(NoTemplates),
            observers: Vec::new(),
            info: Info { var_index, global_obj: HashMap::new(), branch_edges },
            stats,
            covered: HashSet::new(),
            next_state: 0,
            next_node: 0,
            start: Instant::now(),
            stop: false,
            tests_written: 0,
            error_index: HashMap::new(),
            limit_hit: None,
            query_timeout: None,
        }
    }

    pub fn set_heap(&mut self, h: Box<dyn HeapModel>) {
        self.heap = h;
    }

    pub fn set_templates(&mut self, t: Box<dyn TemplateProvider>) {
        self.templates = t;
    }

    pub fn add_observer(&mut self, o: Box<dyn TreeObserver>) {
        self.observers.push(o);
    }

    pub fn observers(&mut self) -> &mut Vec<Box<dyn TreeObserver>> {
        &mut self.observers
    }

    // ---- for techniques (loop templates, searchers, heap models) ----

    pub fn program(&self) -> &'p Program {
        self.prog
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn solver(&mut self) -> &mut dyn Solver {
        self.clamp_query_timeout();
        self.solver.as_mut()
    }

    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// Is `pc ∧ cond` satisfiable for the state's path condition?
    pub fn check(&mut self, st: &State, cond: &Term) -> SatResult {
        self.query(st, cond)
    }

    /// The value of an IR expression in a state.
    pub fn eval_expr(&self, st: &State, e: &Expr) -> Result<SVal, String> {
        self.eval(st, e)
    }

    /// The register of `v` in the state (the top frame's for locals).
    pub fn reg_value(&self, st: &State, v: VarId) -> Option<SVal> {
        self.reg(st, v).ok()
    }

    pub fn set_reg_value(&self, st: &mut State, v: VarId, val: SVal) {
        self.set_reg(st, v, val)
    }

    /// The instance of a global object or string literal.
    pub fn global_object(&self, o: ObjId) -> Option<u32> {
        self.info.global_obj.get(&o).copied()
    }

    pub fn heap(&self) -> &dyn HeapModel {
        self.heap.as_ref()
    }

    /// A fresh symbol, named for the path.
    pub fn fresh(&self, st: &mut State, base: &str, sort: Sort) -> Term {
        self.fresh_sym(st, base, sort)
    }

    /// Executes the operation of an edge that neither forks nor ends the path (assignments,
    /// loads, stores, copies, assumes) and moves the state to the edge's target; the
    /// guard of an `assume` is returned, not added to the path condition.
    pub fn exec_straight(&mut self, st: &mut State, fid: FuncId, eid: EdgeId) -> Result<Option<Term>, String> {
        let e = self.func(fid).edge(eid);
        let guard = match &e.op {
            Op::Assume(c) => Some(self.eval_bool(st, c)?),
            Op::Skip | Op::Assign { .. } | Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } => None,
            op => return Err(format!("{} cannot be summarised", kappa_ir::print::Printer::new(self.prog).op(op))),
        };
        st.frame_mut().loc = e.dst;
        if guard.is_none() {
            match self.exec_op(st, fid, e)? {
                Flow::Continue => {}
                _ => return Err("the operation forks or ends the path".into()),
            }
        }
        Ok(guard)
    }

    /// The solver chain's counters, for benchmarks and debugging.
    pub fn solver_stats(&self) -> kappa_solver::SolverStats {
        self.solver.stats()
    }

    fn func(&self, f: FuncId) -> &'p Function {
        self.prog.func(f)
    }

    fn pw(&self) -> u32 {
        self.prog.ptr_bits()
    }

    // ---- the run ----

    /// Explores the program from the configured entry function.
    pub fn run(&mut self, progress: &mut dyn FnMut(&Stats, usize)) -> RunReport {
        self.start = Instant::now();
        let mut searcher: Box<dyn Searcher> = match self.cfg.search {
            SearchKind::Bfs | SearchKind::Prune => Box::new(Bfs::default()),
            SearchKind::Dfs => Box::new(Dfs::default()),
            SearchKind::Random => Box::new(RandomSearch::new(self.cfg.seed)),
        };
        let mut templates = std::mem::replace(&mut self.templates, Box::new(NoTemplates));
        let prepared = templates.prepare(self);
        self.templates = templates;
        if let Err(e) = prepared {
            self.stats.incomplete.push(e);
        }
        match self.initial_state() {
            Ok(s) => searcher.push(s),
            Err(reason) => {
                self.stats.incomplete.push(format!("unsupported: {reason}"));
            }
        }
        let mut out = Vec::new();
        let mut last_progress = Instant::now();
        while let Some(st) = searcher.pop() {
            if let Some(reason) = self.limit_reached() {
                self.limit_hit = Some(reason);
                self.stats.paths_stopped += 1 + searcher.len() as u64;
                break;
            }
            self.step(st, &mut out);
            for s in out.drain(..) {
                searcher.push(s);
            }
            if self.stop {
                break;
            }
            if last_progress.elapsed().as_millis() >= 100 {
                last_progress = Instant::now();
                self.refresh_stats();
                progress(&self.stats, searcher.len());
            }
        }
        if let Some(reason) = self.limit_hit.take() {
            self.stats.incomplete.push(reason);
        }
        if self.stop && !searcher.is_empty() {
            self.stats.incomplete.push("stopped at the first violation".into());
        }
        self.refresh_stats();
        RunReport { stats: self.stats.clone() }
    }

    fn refresh_stats(&mut self) {
        let s = self.solver.stats();
        self.stats.time_s = self.start.elapsed().as_secs_f64();
        self.stats.solver_time_s = s.time.as_secs_f64();
        self.stats.solver_queries = s.queries;
        self.stats.solver_unknown = s.unknown;
        self.stats.peak_memory_mb = self.stats.peak_memory_mb.max(crate::peak_rss_mb());
        self.stats.coverage.branches_covered = self.covered.len() as u64;
        self.stats.tests = self.tests_written;
    }

    fn limit_reached(&mut self) -> Option<String> {
        if let Some(t) = self.cfg.limits.time {
            if self.start.elapsed() >= t {
                return Some(format!("time limit of {}s reached", t.as_secs_f64()));
            }
        }
        let l = &self.cfg.limits;
        if let Some(n) = l.states {
            if self.stats.states_created >= n {
                return Some(format!("state limit of {n} reached"));
            }
        }
        if let Some(mb) = l.memory_mb {
            if self.stats.states_created.is_multiple_of(64) {
                let rss = crate::rss_mb();
                self.stats.peak_memory_mb = self.stats.peak_memory_mb.max(rss);
                if rss > mb as f64 {
                    return Some(format!("memory limit of {mb} MB reached"));
                }
            }
        }
        None
    }

    fn new_state_id(&mut self) -> u64 {
        self.next_state += 1;
        self.stats.states_created += 1;
        self.next_state
    }

    fn new_node(&mut self, parent: Option<u64>, func: FuncId, loc: Loc, label: Option<&str>, kind: NodeKind) -> u64 {
        self.next_node += 1;
        self.stats.tree_nodes += 1;
        let id = self.next_node;
        if !self.observers.is_empty() {
            let f = self.func(func);
            let line = f.loc(loc).span.line;
            let loc_text = if line > 0 { format!("{loc} (line {line})") } else { loc.to_string() };
            for o in &mut self.observers {
                o.node(id, parent, &f.name, &loc_text, label, kind.clone());
            }
        }
        id
    }

    fn mark(&mut self, node: u64, kind: NodeKind) {
        for o in &mut self.observers {
            o.mark(node, kind.clone());
        }
    }

    // ---- the initial state ----

    fn initial_state(&mut self) -> Result<State, String> {
        let prog = self.prog;
        let pw = self.pw();
        let entry = prog.func_by_name(&self.cfg.entry).ok_or_else(|| format!("no function `{}`", self.cfg.entry))?;
        let mut st = State { id: self.new_state_id(), memory: crate::memory::Memory::new(), ..dummy_state() };
        // Global objects and string literals, in program order.
        for (i, o) in prog.objects.iter().enumerate() {
            let id = st.memory.next_id();
            let (kind, data) = match &o.kind {
                ObjKind::Global { .. } => (ObjectKind::Global, Contents::constant(0, pw, 8)),
                ObjKind::StringLit { .. } => (ObjectKind::StringLit, Contents::constant(0, pw, 8)),
                ObjKind::Local(_) => continue,
            };
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
                ObjKind::Local(_) => {}
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
        };
        let ptypes: Vec<CType> = match &entry.ctype {
            Some(CType::Function(ft)) => ft.params.clone(),
            _ => Vec::new(),
        };
        if entry.name == "main" && !entry.params.is_empty() {
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
                        let pointee = ptypes.get(k).and_then(|t| t.pointee()).cloned().unwrap_or(CType::Void);
                        self.heap.input_pointer(&mut st, &pointee, &vi.name)?
                    }
                    Ty::Bool => return Err("boolean parameter".into()),
                };
                frame.regs[self.info.var_index[p.index()]] = Some(v);
            }
        }
        st.frames.push(frame);
        st.node = self.new_node(None, entry.id, entry.entry, None, NodeKind::Normal);
        Ok(st)
    }

    /// argc = 1, argv = { "prog", NULL } (as the interpreter and the replayed program get).
    fn main_args(&mut self, st: &mut State, entry: &Function) -> Result<Vec<SVal>, String> {
        let pw = self.pw();
        let pb = u64::from(pw / 8);
        let name_id = st.memory.next_id();
        let mut name =
            Object::new(name_id, "argv[0]", ObjectKind::Global, Term::bv(5, pw), Contents::constant(0, pw, 8), pw);
        for (k, b) in b"prog\0".iter().enumerate() {
            name.store(&Term::bv(k as u64, pw), &SVal::Int(Term::bv(u64::from(*b), 8)), pw);
        }
        st.memory.add(name);
        let argv_id = st.memory.next_id();
        let mut argv =
            Object::new(argv_id, "argv", ObjectKind::Global, Term::bv(2 * pb, pw), Contents::constant(0, pw, 8), pw);
        argv.store(&Term::bv(0, pw), &SVal::Ptr(Pointer::to_obj(name_id, pw)), pw);
        st.memory.add(argv);
        let mut out = Vec::new();
        for (k, p) in entry.params.iter().enumerate() {
            out.push(match (k, self.prog.var_ty(*p)) {
                (0, Ty::Int(w)) => SVal::Int(Term::bv(1, w)),
                (1, Ty::Ptr) => SVal::Ptr(Pointer::to_obj(argv_id, pw)),
                (_, Ty::Ptr) => SVal::Ptr(Pointer::null(pw)),
                (_, t) => self.zero(t),
            });
        }
        Ok(out)
    }

    fn zero(&self, t: Ty) -> SVal {
        match t {
            Ty::Int(w) => SVal::Int(Term::bv(0, w)),
            Ty::Ptr => SVal::Ptr(Pointer::null(self.pw())),
            Ty::Bool => SVal::Bool(Term::ff()),
        }
    }

    /// Constant initialisers of globals.
    fn const_value(&self, e: &Expr) -> Result<SVal, String> {
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

    fn global_obj(&self, o: ObjId) -> Result<u32, String> {
        self.info.global_obj.get(&o).copied().ok_or_else(|| format!("object {} has no instance", self.prog.obj(o).name))
    }

    // ---- stepping ----

    /// Runs a state until it forks, terminates, or uses up its step budget; successors that
    /// must go back to the searcher are pushed to `out`.
    fn step(&mut self, mut st: State, out: &mut Vec<State>) {
        for _ in 0..self.cfg.step_budget.max(1) {
            if let Some(maxd) = self.cfg.limits.depth {
                if st.depth >= maxd {
                    self.limit_hit.get_or_insert_with(|| format!("depth limit of {maxd} reached"));
                    self.finish(st, Termination::Stopped("depth limit".into()));
                    return;
                }
            }
            let (fid, loc) = st.loc();
            let f = self.func(fid);
            match &f.loc(loc).kind {
                LocKind::Exit => {
                    if !self.return_from(&mut st) {
                        return;
                    }
                    continue;
                }
                LocKind::Error { kind, message } => {
                    let span = f.loc(loc).span;
                    self.finish(st, Termination::Error { kind: *kind, message: message.clone(), span });
                    return;
                }
                LocKind::Halt => {
                    self.finish(st, Termination::Stopped("halt location reached without a halt edge".into()));
                    return;
                }
                LocKind::Normal => {}
            }
            // Compact symbolic execution: a template at this location replaces the loop.
            let mut templates = std::mem::replace(&mut self.templates, Box::new(NoTemplates));
            let applied = templates.apply(self, &st);
            self.templates = templates;
            match applied {
                Ok(Applied::Succs(succs, failed)) => {
                    self.stats.templates.applied += 1;
                    for _ in 0..failed {
                        self.stats.failed_leaves += 1;
                        let node = self.new_node(Some(st.node), fid, loc, Some("template"), NodeKind::Failed);
                        let _ = node;
                        self.failed_leaf_reason("a template's path condition".into());
                    }
                    for succ in succs {
                        let mut s = succ.state;
                        s.id = self.new_state_id();
                        s.depth = st.depth + 1;
                        let (sf, sl) = s.loc();
                        s.node = self.new_node(Some(st.node), sf, sl, Some(&succ.label), NodeKind::Template);
                        out.push(s);
                    }
                    return;
                }
                Ok(Applied::None) => {
                    if st.skip_templates_at == Some((fid, loc)) {
                        st.skip_templates_at = None;
                    }
                }
                Err(reason) => {
                    self.finish(st, Termination::Stopped(reason));
                    return;
                }
            }
            let edges = f.out_edges(loc);
            if edges.is_empty() {
                self.finish(st, Termination::Stopped(format!("location {loc} of {} has no successor", f.name)));
                return;
            }
            // The guard of each edge.
            let mut guards = Vec::with_capacity(edges.len());
            for e in edges {
                let g = match &f.edge(*e).op {
                    Op::Assume(c) => match self.eval(&st, c) {
                        Ok(SVal::Bool(t)) => t,
                        Ok(_) => {
                            self.finish(st, Termination::Stopped("branch condition is not boolean".into()));
                            return;
                        }
                        Err(reason) => {
                            self.finish(st, Termination::Stopped(reason));
                            return;
                        }
                    },
                    _ => Term::tt(),
                };
                guards.push(g);
            }
            let feasible = match self.feasible_edges(&st, &guards) {
                Some(f) => f,
                None => return,
            };
            // Failed leaves: successors whose feasibility the solver cannot decide.
            for (i, r) in feasible.iter().enumerate() {
                if let Feas::Unknown(reason) = r {
                    self.stats.failed_leaves += 1;
                    let e = f.edge(edges[i]);
                    let label = self.label(&e.op);
                    let node = self.new_node(Some(st.node), fid, e.dst, label.as_deref(), NodeKind::Failed);
                    let _ = node;
                    self.failed_leaf_reason(reason.clone());
                }
            }
            let taken: Vec<usize> =
                feasible.iter().enumerate().filter(|(_, r)| matches!(r, Feas::Yes { .. })).map(|(i, _)| i).collect();
            if taken.is_empty() {
                // Infeasible continuation (a failed `assume`, or only undecided successors).
                return;
            }
            let fork = taken.len() > 1;
            let mut succs = Vec::with_capacity(taken.len());
            for (n, &i) in taken.iter().enumerate() {
                let mut s = if n + 1 == taken.len() { std::mem::replace(&mut st, dummy_state()) } else { st.clone() };
                if let Feas::Yes { add: true } = feasible[i] {
                    s.pc.push(guards[i].clone());
                }
                if fork {
                    s.id = self.new_state_id();
                }
                succs.push((s, edges[i]));
            }
            if !fork {
                let (mut s, e) = succs.pop().expect("one successor");
                match self.exec_edge(&mut s, fid, e, None) {
                    Flow::Continue => {
                        st = s;
                        continue;
                    }
                    Flow::Done(t) => {
                        self.finish(s, t);
                        return;
                    }
                    Flow::Split(v) => {
                        out.extend(v);
                        return;
                    }
                }
            }
            for (mut s, e) in succs {
                let label = self.label(&f.edge(e).op);
                match self.exec_edge(&mut s, fid, e, label.as_deref()) {
                    Flow::Continue => out.push(s),
                    Flow::Done(t) => self.finish(s, t),
                    Flow::Split(v) => out.extend(v),
                }
            }
            return;
        }
        out.push(st);
    }

    fn failed_leaf_reason(&mut self, reason: String) {
        let r = format!("solver unknown ({reason})");
        if !self.stats.incomplete.contains(&r) {
            self.stats.incomplete.push(r);
        }
    }

    /// The text of a branch condition, for tree edges.
    fn label(&self, op: &Op) -> Option<String> {
        match op {
            Op::Assume(c) => Some(kappa_ir::print::Printer::new(self.prog).expr(c)),
            _ => None,
        }
    }

    /// Which out-edges can be taken. Returns `None` if the state was consumed.
    fn feasible_edges(&mut self, st: &State, guards: &[Term]) -> Option<Vec<Feas>> {
        let mut res: Vec<Feas> = guards
            .iter()
            .map(|g| match g.as_bool() {
                Some(true) => Feas::Yes { add: false },
                Some(false) => Feas::No,
                None => Feas::Ask,
            })
            .collect();
        let asks = res.iter().filter(|r| matches!(r, Feas::Ask)).count();
        if asks == 0 {
            return Some(res);
        }
        // Two complementary conditions: one query often settles both (the path condition is
        // satisfiable, so if one side is unsatisfiable the other side is implied).
        if guards.len() == 2 && asks == 2 && guards[1] == guards[0].not() {
            match self.query(st, &guards[0]) {
                SatResult::Unsat => return Some(vec![Feas::No, Feas::Yes { add: false }]),
                SatResult::Sat => match self.query(st, &guards[1]) {
                    SatResult::Unsat => return Some(vec![Feas::Yes { add: false }, Feas::No]),
                    SatResult::Sat => return Some(vec![Feas::Yes { add: true }, Feas::Yes { add: true }]),
                    SatResult::Unknown(r) => return Some(vec![Feas::Yes { add: true }, Feas::Unknown(r)]),
                },
                SatResult::Unknown(r) => match self.query(st, &guards[1]) {
                    // pc ∧ ¬g unsatisfiable: pc implies g (the guard is kept anyway, in case the
                    // path condition itself is one the solver could not decide).
                    SatResult::Unsat => return Some(vec![Feas::Yes { add: true }, Feas::No]),
                    SatResult::Sat => return Some(vec![Feas::Unknown(r), Feas::Yes { add: true }]),
                    SatResult::Unknown(r2) => return Some(vec![Feas::Unknown(r), Feas::Unknown(r2)]),
                },
            }
        }
        // Otherwise each guard on its own (an `assume` edge alone, a switch's dispatch).
        for (i, g) in guards.iter().enumerate() {
            if !matches!(res[i], Feas::Ask) {
                continue;
            }
            res[i] = match self.query(st, g) {
                SatResult::Sat => Feas::Yes { add: true },
                SatResult::Unsat => Feas::No,
                SatResult::Unknown(r) => Feas::Unknown(r),
            };
        }
        Some(res)
    }

    /// No query may run past the time limit: the solver's timeout is the time left when that
    /// is shorter than the per-query timeout.
    fn clamp_query_timeout(&mut self) {
        let Some(t) = self.cfg.limits.time else { return };
        let left = t.saturating_sub(self.start.elapsed()).max(Duration::from_millis(10));
        let want = Some(self.cfg.solver_timeout.map_or(left, |q| q.min(left)));
        let stale = match (self.query_timeout, want) {
            (Some(have), Some(w)) => have > w + Duration::from_millis(100),
            _ => true,
        };
        if stale {
            self.solver.set_timeout(want);
            self.query_timeout = want;
        }
    }

    fn query(&mut self, st: &State, cond: &Term) -> SatResult {
        self.clamp_query_timeout();
        self.solver.check(&Query { pc: st.pc.constraints(), cond: cond.clone() })
    }

    /// Leaves the function at its exit location. Returns false if the path terminated.
    fn return_from(&mut self, st: &mut State) -> bool {
        let Some(done) = st.frames.pop() else { return false };
        self.kill_frame_objects(st, &done);
        let f = self.func(done.func);
        let mut ret_val = f.ret.and_then(|r| done.regs.get(self.info.var_index[r.index()]).cloned().flatten());
        if let (Some(p), Some(SVal::Int(v))) = (&done.pending, &ret_val) {
            ret_val = Some(SVal::Int(p.ret.substitute(&HashMap::from([(p.hole, v.clone())]))));
        }
        match done.ret_to {
            None => {
                // The entry function returned: the program exits with its value.
                let code = match ret_val {
                    Some(SVal::Int(t)) => t.sext(32).extract(31, 0),
                    _ => Term::bv(0, 32),
                };
                let taken = std::mem::replace(st, dummy_state());
                self.finish(taken, Termination::Exit(code));
                false
            }
            Some((loc, dst)) => {
                let caller = st.frame_mut();
                caller.loc = loc;
                if let (Some(d), Some(v)) = (dst, ret_val) {
                    let idx = self.info.var_index[d.index()];
                    let caller = st.frame_mut();
                    caller.regs[idx] = Some(v);
                }
                true
            }
        }
    }

    fn kill_frame_objects(&mut self, st: &mut State, frame: &Frame) {
        let depth = st.frames.len() + 1;
        let ids: Vec<u32> = st
            .memory
            .ids()
            .filter(
                |id| matches!(st.memory.get(*id).map(|o| &o.kind), Some(ObjectKind::Stack { depth: d }) if *d == depth),
            )
            .collect();
        let _ = frame;
        for id in ids {
            if let Some(o) = st.memory.get_mut(id) {
                if o.alive {
                    o.alive = false;
                    o.data.clear(0);
                }
            }
        }
    }

    // ---- edges ----

    fn exec_edge(&mut self, st: &mut State, fid: FuncId, eid: EdgeId, label: Option<&str>) -> Flow {
        let f = self.func(fid);
        let e = f.edge(eid);
        if self.info.branch_edges.contains(&(fid, eid)) {
            self.covered.insert((fid, eid));
        }
        st.depth += 1;
        let node = self.new_node(Some(st.node), fid, e.dst, label, NodeKind::Normal);
        st.node = node;
        // The caller continues at the edge's target; a call then pushes the callee's frame.
        st.frame_mut().loc = e.dst;
        match self.exec_op(st, fid, e) {
            Ok(flow) => flow,
            Err(reason) => Flow::Done(Termination::Stopped(reason)),
        }
    }

    fn set_reg(&self, st: &mut State, v: VarId, val: SVal) {
        let idx = self.info.var_index[v.index()];
        if self.prog.var(v).kind == VarKind::Global {
            Rc::make_mut(&mut st.globals)[idx] = Some(val);
        } else {
            let regs = &mut st.frame_mut().regs;
            if idx >= regs.len() {
                regs.resize(idx + 1, None);
            }
            regs[idx] = Some(val);
        }
    }

    fn fresh_sym(&self, st: &mut State, base: &str, sort: Sort) -> Term {
        st.next_sym += 1;
        Term::fresh(&format!("{base}#{}", st.next_sym), sort)
    }

    fn exec_op(&mut self, st: &mut State, fid: FuncId, e: &'p Edge) -> Result<Flow, String> {
        let pw = self.pw();
        match &e.op {
            Op::Skip | Op::Assume(_) => {}
            Op::Assign { dst, value } => {
                let v = self.eval(st, value)?;
                self.set_reg(st, *dst, v);
            }
            Op::Nondet { dst, origin } => {
                let ty = self.prog.var_ty(*dst);
                let (kind, base) = match origin {
                    NondetOrigin::Call { name } => {
                        (InputKind::Nondet, name.trim_start_matches("__VERIFIER_nondet_").to_string())
                    }
                    NondetOrigin::Uninit { var } => (InputKind::Uninit, var.clone()),
                };
                let (v, sym) = match ty {
                    Ty::Int(w) => {
                        let t = self.fresh_sym(st, &base, Sort::Bv(w));
                        (SVal::Int(t.clone()), t)
                    }
                    Ty::Ptr => {
                        // An arbitrary pointer value: null if 0, otherwise invalid (as in the
                        // interpreter).
                        let t = self.fresh_sym(st, &base, Sort::Bv(pw));
                        (SVal::Ptr(Pointer { obj: Term::bv(0, OBJ_BITS), off: t.clone() }), t)
                    }
                    Ty::Bool => return Err("boolean input".into()),
                };
                // A _Bool holds 0 or 1, whatever the input.
                if matches!(self.prog.var(*dst).ctype, CType::Int { rank: IntRank::Bool, .. }) {
                    st.pc.push(sym.bvule(&Term::bv(1, sym.width())));
                }
                st.push_input(InputRecord {
                    kind,
                    origin: origin.clone(),
                    ty,
                    span: e.span,
                    sym,
                    size: 0,
                    iterated: None,
                });
                self.set_reg(st, *dst, v);
            }
            Op::Load { dst, ptr } => {
                let p = self.eval_ptr(st, ptr)?;
                let ty = self.prog.var_ty(*dst);
                let v = self.load(st, &p, ty)?;
                self.set_reg(st, *dst, v);
            }
            Op::Store { ptr, value } => {
                let p = self.eval_ptr(st, ptr)?;
                let v = self.eval(st, value)?;
                self.store(st, &p, &v)?;
            }
            Op::MemCopy { dst, src, size } => {
                let d = self.eval_ptr(st, dst)?;
                let s = self.eval_ptr(st, src)?;
                let n = self.eval_int(st, size)?;
                let n = n.as_bv().ok_or("memcpy of a symbolic size")?;
                self.memcopy(st, &d, &s, n)?;
            }
            Op::Alloc { target, region, size, init } => {
                let size = self.eval_int(st, size)?;
                let id = st.memory.next_id();
                let depth = st.frames.len();
                let kind = match (target, region) {
                    (AllocTarget::Slot(_), _) | (_, Region::Stack) => ObjectKind::Stack { depth },
                    (_, Region::Heap) => ObjectKind::Heap,
                };
                let name = match target {
                    AllocTarget::Slot(o) => self.prog.obj(*o).name.clone(),
                    AllocTarget::Fresh(_) => {
                        format!("{}@{}", if *region == Region::Heap { "malloc" } else { "alloca" }, e.span.line)
                    }
                };
                let data = match init {
                    AllocInit::Zero => Contents::constant(0, pw, 8),
                    AllocInit::Nondet => {
                        let arr = self.fresh_sym(st, &name, byte_array_sort(pw));
                        let var = match target {
                            AllocTarget::Slot(o) => self.prog.obj(*o).name.clone(),
                            AllocTarget::Fresh(_) => {
                                if *region == Region::Heap { "malloc" } else { "alloca" }.to_string()
                            }
                        };
                        st.push_input(InputRecord {
                            kind: InputKind::Memory,
                            origin: NondetOrigin::Uninit { var },
                            ty: Ty::Int(8),
                            span: e.span,
                            sym: arr.clone(),
                            size: size.as_bv().unwrap_or(0),
                            iterated: None,
                        });
                        Contents::symbolic(arr, pw, 8)
                    }
                };
                st.memory.add(Object::new(id, &name, kind, size, data, pw));
                match target {
                    AllocTarget::Slot(o) => {
                        if let Some(old) = st.frame_mut().slots.insert(*o, id) {
                            if let Some(obj) = st.memory.get_mut(old) {
                                obj.alive = false;
                            }
                        }
                    }
                    AllocTarget::Fresh(v) => self.set_reg(st, *v, SVal::Ptr(Pointer::to_obj(id, pw))),
                }
            }
            Op::Free { ptr } => {
                let p = self.eval_ptr(st, ptr)?;
                let cands = self.heap.candidates(&st.memory, &p.obj)?;
                match cands.as_slice() {
                    [(id, _)] => {
                        if let Some(o) = st.memory.get_mut(*id) {
                            o.alive = false;
                            o.data.clear(0);
                        }
                    }
                    _ => return self.split_free(st, &p),
                }
            }
            Op::Call { dst, func, args } => {
                let callee = self.func(*func);
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(st, a)?);
                }
                if st.frames.len() > 10_000 {
                    return Ok(Flow::Done(Termination::Stopped("call depth above 10000".into())));
                }
                let mut frame = Frame {
                    func: *func,
                    loc: callee.entry,
                    regs: vec![None; callee.vars.len() + callee.params.len()],
                    slots: HashMap::new(),
                    ret_to: Some((e.dst, *dst)),
                    pending: None,
                };
                for (p, v) in callee.params.iter().zip(vals) {
                    let idx = self.info.var_index[p.index()];
                    if idx >= frame.regs.len() {
                        frame.regs.resize(idx + 1, None);
                    }
                    frame.regs[idx] = Some(v);
                }
                st.frames.push(frame);
            }
            Op::Return(v) => {
                if let Some(v) = v {
                    let val = self.eval(st, v)?;
                    let f = self.func(fid);
                    if let Some(r) = f.ret {
                        self.set_reg(st, r, val);
                    }
                }
            }
            Op::Halt { kind, code } => {
                return Ok(Flow::Done(match kind {
                    HaltKind::Abort => Termination::Abort,
                    HaltKind::Exit => {
                        let c = match code {
                            Some(c) => self.eval_int(st, c)?,
                            None => Term::bv(0, 32),
                        };
                        Termination::Exit(c)
                    }
                }));
            }
            Op::Output { dst, .. } => {
                if let Some(d) = dst {
                    // Output has no effect on the path; its result is some non-negative count.
                    if let Ty::Int(w) = self.prog.var_ty(*d) {
                        let t = self.fresh_sym(st, "printed", Sort::Bv(w));
                        st.pc.push(t.bvsge(&Term::bv(0, w)));
                        self.set_reg(st, *d, SVal::Int(t));
                    }
                }
            }
        }
        Ok(Flow::Continue)
    }

    /// `free` of a pointer that may refer to several objects: one successor per object.
    fn split_free(&mut self, st: &mut State, p: &Pointer) -> Result<Flow, String> {
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        let mut out = Vec::new();
        for (id, cond) in cands {
            match self.query(st, &cond) {
                SatResult::Sat => {
                    let mut s = st.clone();
                    s.id = self.new_state_id();
                    s.pc.push(cond);
                    if let Some(o) = s.memory.get_mut(id) {
                        o.alive = false;
                        o.data.clear(0);
                    }
                    out.push(s);
                }
                SatResult::Unsat => {}
                SatResult::Unknown(r) => {
                    self.stats.failed_leaves += 1;
                    self.failed_leaf_reason(r);
                }
            }
        }
        Ok(Flow::Split(out))
    }

    // ---- memory ----

    fn load(&mut self, st: &mut State, p: &Pointer, ty: Ty) -> Result<SVal, String> {
        let pw = self.pw();
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        if cands.is_empty() {
            return Err("load through a pointer to no object".into());
        }
        let mut result: Option<SVal> = None;
        for (id, cond) in cands.into_iter().rev() {
            let obj = st.memory.get_mut(id).ok_or("dangling object id")?;
            let v = obj.load(&p.off, ty, pw);
            result = Some(match result {
                None => v,
                Some(other) => SVal::ite(&cond, &v, &other).ok_or("ill-typed load")?,
            });
        }
        result.ok_or_else(|| "load through a pointer to no object".into())
    }

    fn store(&mut self, st: &mut State, p: &Pointer, v: &SVal) -> Result<(), String> {
        let pw = self.pw();
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        if cands.is_empty() {
            return Err("store through a pointer to no object".into());
        }
        let single = cands.len() == 1;
        for (id, cond) in cands {
            let obj = st.memory.get_mut(id).ok_or("dangling object id")?;
            if single {
                obj.store(&p.off, v, pw);
            } else {
                // Write the new value where the pointer points, keep the old one elsewhere.
                let ty = match v {
                    SVal::Int(t) => Ty::Int(t.width()),
                    SVal::Ptr(_) => Ty::Ptr,
                    SVal::Bool(_) => Ty::Int(8),
                };
                let old = obj.load(&p.off, ty, pw);
                let nv = SVal::ite(&cond, v, &old).ok_or("ill-typed store")?;
                obj.store(&p.off, &nv, pw);
            }
        }
        Ok(())
    }

    fn memcopy(&mut self, st: &mut State, d: &Pointer, s: &Pointer, n: u64) -> Result<(), String> {
        let pw = self.pw();
        let sid = single_obj(self.heap.candidates(&st.memory, &s.obj)?)?;
        let did = single_obj(self.heap.candidates(&st.memory, &d.obj)?)?;
        // Read everything first: the ranges may overlap (memmove semantics).
        let src = st.memory.get_mut(sid).ok_or("dangling object id")?;
        let bytes = src.data.read(&s.off, n);
        let ptrs = src.ptrs.read(&s.off, n);
        let dst = st.memory.get_mut(did).ok_or("dangling object id")?;
        dst.data.write(&d.off, &bytes);
        dst.ptrs.write(&d.off, &ptrs);
        let _ = pw;
        Ok(())
    }

    // ---- expressions ----

    fn reg(&self, st: &State, v: VarId) -> Result<SVal, String> {
        let idx = self.info.var_index[v.index()];
        let val = if self.prog.var(v).kind == VarKind::Global { st.globals.get(idx) } else { st.frame().regs.get(idx) };
        val.cloned().flatten().ok_or_else(|| format!("variable `{}` read before it is written", self.prog.var(v).name))
    }

    fn eval_int(&self, st: &State, e: &Expr) -> Result<Term, String> {
        match self.eval(st, e)? {
            SVal::Int(t) => Ok(t),
            _ => Err("integer expected".into()),
        }
    }

    fn eval_ptr(&self, st: &State, e: &Expr) -> Result<Pointer, String> {
        match self.eval(st, e)? {
            SVal::Ptr(p) => Ok(p),
            _ => Err("pointer expected".into()),
        }
    }

    fn eval_bool(&self, st: &State, e: &Expr) -> Result<Term, String> {
        match self.eval(st, e)? {
            SVal::Bool(t) => Ok(t),
            _ => Err("boolean expected".into()),
        }
    }

    pub(crate) fn eval(&self, st: &State, e: &Expr) -> Result<SVal, String> {
        let pw = self.pw();
        Ok(match e {
            Expr::Int { bits, width } => SVal::Int(Term::bv(*bits, *width)),
            Expr::Bool(b) => SVal::Bool(Term::bool(*b)),
            Expr::Var(v) => self.reg(st, *v)?,
            Expr::Null => SVal::Ptr(Pointer::null(pw)),
            Expr::AddrOf(o) => {
                let id = match &self.prog.obj(*o).kind {
                    ObjKind::Local(_) => *st
                        .frame()
                        .slots
                        .get(o)
                        .ok_or_else(|| format!("`{}` used before its declaration", self.prog.obj(*o).name))?,
                    _ => self.global_obj(*o)?,
                };
                SVal::Ptr(Pointer::to_obj(id, pw))
            }
            Expr::Un(op, a) => match (op, self.eval(st, a)?) {
                (UnOp::Neg, SVal::Int(t)) => SVal::Int(t.bvneg()),
                (UnOp::BitNot, SVal::Int(t)) => SVal::Int(t.bvnot()),
                (UnOp::Not, SVal::Bool(t)) => SVal::Bool(t.not()),
                _ => return Err("ill-typed unary operation".into()),
            },
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.eval(st, a)?, self.eval(st, b)?);
                bin(*op, &x, &y)?
            }
            Expr::Cast(op, w, a) => {
                let t = self.eval_int(st, a)?;
                SVal::Int(match op {
                    CastOp::ZExt => t.zext(*w),
                    CastOp::SExt => t.sext(*w),
                    CastOp::Trunc => t.extract(w - 1, 0),
                })
            }
            Expr::Ite(c, a, b) => {
                let c = self.eval_bool(st, c)?;
                if let Some(v) = c.as_bool() {
                    return self.eval(st, if v { a } else { b });
                }
                let (x, y) = (self.eval(st, a)?, self.eval(st, b)?);
                SVal::ite(&c, &x, &y).ok_or("ill-typed if-then-else")?
            }
            Expr::PtrAdd(p, o) => {
                let p = self.eval_ptr(st, p)?;
                let o = self.eval_int(st, o)?;
                SVal::Ptr(p.add(&o))
            }
            Expr::PtrDiff(p, q) => {
                let (p, q) = (self.eval_ptr(st, p)?, self.eval_ptr(st, q)?);
                SVal::Int(p.off.bvsub(&q.off))
            }
            Expr::Live(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, _| Term::bool(o.alive))?)
            }
            Expr::InBounds(p, n) => {
                let p = self.eval_ptr(st, p)?;
                let n = self.eval_int(st, n)?;
                SVal::Bool(self.over_objects(st, &p, |o, off| {
                    // off + n <= size, without overflow: n <= size and off <= size - n.
                    n.bvule(&o.size).and(&off.bvule(&o.size.bvsub(&n)))
                })?)
            }
            Expr::Writable(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, _| Term::bool(!o.readonly))?)
            }
            Expr::Freeable(p) => {
                let p = self.eval_ptr(st, p)?;
                SVal::Bool(self.over_objects(st, &p, |o, off| {
                    Term::bool(o.alive && o.kind == ObjectKind::Heap).and(&off.eq(&Term::bv(0, off.width())))
                })?)
            }
        })
    }

    /// A predicate of the object a pointer refers to: false for null and for ids of no object.
    fn over_objects(&self, st: &State, p: &Pointer, pred: impl Fn(&Object, &Term) -> Term) -> Result<Term, String> {
        let cands = self.heap.candidates(&st.memory, &p.obj)?;
        let mut parts = Vec::new();
        for (id, cond) in cands {
            if let Some(o) = st.memory.get(id) {
                parts.push(cond.and(&pred(o, &p.off)));
            }
        }
        Ok(Term::or_all(parts))
    }

    // ---- termination and tests ----

    fn finish(&mut self, st: State, how: Termination) {
        if st.frames.is_empty() && st.node == 0 {
            return; // a placeholder state
        }
        let kind = match &how {
            Termination::Exit(_) => NodeKind::Exit,
            Termination::Abort => NodeKind::Abort,
            Termination::Error { kind, .. } => NodeKind::Error(kind.name().to_string()),
            Termination::Stopped(r) => NodeKind::Stopped(r.clone()),
        };
        self.mark(st.node, kind);
        for o in &mut self.observers {
            o.leaf(st.node, &st, &how);
        }
        if let Termination::Stopped(reason) = &how {
            self.stats.paths_stopped += 1;
            let r = if reason == "depth limit" { None } else { Some(format!("unsupported: {reason}")) };
            if let Some(r) = r {
                if !self.stats.incomplete.contains(&r) {
                    self.stats.incomplete.push(r);
                }
            }
            return;
        }
        self.stats.paths_completed += 1;
        let test = self.make_test(&st, &how);
        if test.is_none() {
            self.stats.tests_missing += 1;
        }
        let file = test.as_ref().and_then(|t| self.write_test(t));
        if let Termination::Error { kind, message, span } = &how {
            self.stats.paths_error += 1;
            let location = self.prog.fmt_span(*span);
            let key = (kind.name().to_string(), location.clone());
            match self.error_index.get(&key) {
                Some(&i) => self.stats.errors[i].paths += 1,
                None => {
                    self.error_index.insert(key, self.stats.errors.len());
                    self.stats.errors.push(ErrorEntry {
                        kind: kind.name().into(),
                        location,
                        test: file,
                        message: message.clone(),
                        paths: 1,
                        testcase: test.clone(),
                    });
                }
            }
            if self.cfg.stop_at_first_violation && matches!(kind, ErrorKind::ReachError | ErrorKind::Assert) {
                self.stop = true;
            }
        }
    }

    /// The test of a terminated path: a model of its path condition, read at its inputs.
    fn make_test(&mut self, st: &State, how: &Termination) -> Option<TestCase> {
        self.clamp_query_timeout();
        let model = match self.solver.model(&Query { pc: st.pc.constraints(), cond: Term::tt() }) {
            Ok(m) => m,
            Err(_) => return None,
        };
        let val = |t: &Term| -> u64 { model.eval_completed(t).and_then(|v| v.as_bv()).unwrap_or(0) };
        let mut inputs = Vec::new();
        let pw = self.pw();
        let prog = self.prog;
        let single = |kind: InputKind, origin: &NondetOrigin, ty: Ty, span: Span, v: u64| {
            let name = match origin {
                NondetOrigin::Call { name } => name.clone(),
                NondetOrigin::Uninit { var } => var.clone(),
            };
            Input {
                kind,
                name,
                site: prog.fmt_span(span),
                offset: span.offset,
                ty: ty_name(ty),
                value: v,
                signed: match ty {
                    Ty::Int(w) => kappa_expr::signed(v, w),
                    _ => v as i64,
                },
                bytes: Vec::new(),
            }
        };
        for r in st.inputs.iter() {
            if let Some(it) = &r.iterated {
                // κ iterations of a loop's inputs, then the partial iteration of the exit path.
                let kv = model.eval_completed(&it.kappa);
                let k =
                    kv.as_ref().and_then(|v| v.as_bv().or_else(|| v.as_int().map(|i| i.max(0) as u64))).unwrap_or(0);
                if k > 50_000_000 && !(it.core.is_empty() && it.prefix.is_empty()) {
                    return None;
                }
                let index = |t: u64| match it.kappa.sort() {
                    Sort::Bv(w) => Term::bv(t, w),
                    _ => Term::int(t as i64),
                };
                let emit = |sites: &Vec<crate::state::IteratedSite>, t: u64, inputs: &mut Vec<Input>| {
                    for site in sites {
                        let v = val(&site.array.select(&index(t)));
                        inputs.push(single(site.kind, &site.origin, site.ty, site.span, v));
                    }
                };
                if !it.core.is_empty() {
                    for t in 0..k {
                        emit(&it.core, t, &mut inputs);
                    }
                }
                emit(&it.prefix, k, &mut inputs);
                continue;
            }
            let mut input = single(r.kind, &r.origin, r.ty, r.span, 0);
            if r.kind == InputKind::Memory {
                let n = r.size.min(1 << 16);
                input.ty = "bytes".into();
                input.bytes = (0..n).map(|i| val(&r.sym.select(&Term::bv(i, pw))) as u8).collect();
            } else {
                let v = val(&r.sym);
                input.value = v;
                input.signed = match r.ty {
                    Ty::Int(w) => kappa_expr::signed(v, w),
                    _ => v as i64,
                };
            }
            inputs.push(input);
        }
        let (args, inputs): (Vec<Input>, Vec<Input>) = inputs.into_iter().partition(|i| i.kind == InputKind::Param);
        let outcome = match how {
            Termination::Exit(code) => TestOutcome::Exit { code: val(code) as u32 as i32 },
            Termination::Abort => TestOutcome::Abort,
            Termination::Error { kind, message, span } => TestOutcome::Error {
                error: kind.name().into(),
                location: self.prog.fmt_span(*span),
                message: message.clone(),
            },
            Termination::Stopped(_) => return None,
        };
        let _ = Value::Bool(true);
        Some(TestCase {
            kappa_test: 1,
            program: self.cfg.program_name.clone(),
            entry: self.cfg.entry.clone(),
            data_model: self.prog.data_model.name().into(),
            args,
            inputs,
            outcome,
        })
    }

    fn write_test(&mut self, t: &TestCase) -> Option<String> {
        let dir = self.cfg.test_dir.clone()?;
        self.tests_written += 1;
        let name = format!("test{:06}.json", self.tests_written);
        if std::fs::create_dir_all(&dir).is_err() {
            return None;
        }
        std::fs::write(dir.join(&name), t.to_json()).ok()?;
        Some(format!("tests/{name}"))
    }
}

#[derive(Clone, Debug)]
enum Feas {
    Ask,
    No,
    /// Feasible; `add` says whether its guard must join the path condition.
    Yes {
        add: bool,
    },
    Unknown(String),
}

fn single_obj(c: Vec<(u32, Term)>) -> Result<u32, String> {
    match c.as_slice() {
        [(id, _)] => Ok(*id),
        [] => Err("memory copy through a pointer to no object".into()),
        _ => Err("memory copy through a pointer to one of several objects".into()),
    }
}

/// A state with nothing in it, left behind when a state is moved out.
fn dummy_state() -> State {
    State {
        id: 0,
        frames: Vec::new(),
        globals: Rc::new(Vec::new()),
        memory: crate::memory::Memory::default(),
        pc: PathCondition::default(),
        inputs: Rc::new(Vec::new()),
        depth: 0,
        node: 0,
        next_sym: 0,
        skip_templates_at: None,
        last_cycle: None,
    }
}

/// Binary operations on symbolic values, as the interpreter defines them.
fn bin(op: BinOp, x: &SVal, y: &SVal) -> Result<SVal, String> {
    use BinOp::*;
    Ok(match (x, y) {
        (SVal::Int(a), SVal::Int(b)) => match op {
            Add => SVal::Int(a.bvadd(b)),
            Sub => SVal::Int(a.bvsub(b)),
            Mul => SVal::Int(a.bvmul(b)),
            UDiv => SVal::Int(a.bvudiv(b)),
            SDiv => SVal::Int(a.bvsdiv(b)),
            URem => SVal::Int(a.bvurem(b)),
            SRem => SVal::Int(a.bvsrem(b)),
            Shl => SVal::Int(a.bvshl(b)),
            LShr => SVal::Int(a.bvlshr(b)),
            AShr => SVal::Int(a.bvashr(b)),
            And => SVal::Int(a.bvand(b)),
            Or => SVal::Int(a.bvor(b)),
            Xor => SVal::Int(a.bvxor(b)),
            Eq => SVal::Bool(a.eq(b)),
            Ne => SVal::Bool(a.ne(b)),
            Ult => SVal::Bool(a.bvult(b)),
            Ule => SVal::Bool(a.bvule(b)),
            Ugt => SVal::Bool(a.bvugt(b)),
            Uge => SVal::Bool(a.bvuge(b)),
            Slt => SVal::Bool(a.bvslt(b)),
            Sle => SVal::Bool(a.bvsle(b)),
            Sgt => SVal::Bool(a.bvsgt(b)),
            Sge => SVal::Bool(a.bvsge(b)),
        },
        (SVal::Bool(a), SVal::Bool(b)) => SVal::Bool(match op {
            And => a.and(b),
            Or => a.or(b),
            Xor | Ne => a.eq(b).not(),
            Eq => a.eq(b),
            _ => return Err("ill-typed boolean operation".into()),
        }),
        (SVal::Ptr(p), SVal::Ptr(q)) => SVal::Bool(match op {
            Eq => p.eq(q),
            Ne => p.eq(q).not(),
            Ult => p.lt(q, false),
            Ule => p.lt(q, true),
            Ugt => q.lt(p, false),
            Uge => q.lt(p, true),
            _ => return Err("ill-typed pointer operation".into()),
        }),
        _ => return Err("ill-typed operation".into()),
    })
}
