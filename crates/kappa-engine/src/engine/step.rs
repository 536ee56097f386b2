//! Stepping a state: templates, branches and their feasibility, calls and returns, the
//! operation of each edge.

use super::*;

impl<'p> Engine<'p> {
    // ---- stepping ----

    /// Runs a state until it forks, terminates, or uses up its step budget; successors that
    /// must go back to the searcher are pushed to `out`.
    pub(crate) fn step(&mut self, mut st: State, out: &mut Vec<State>) {
        if let Some((e, g)) = st.unchecked.take() {
            match self.check_unchecked(st, e, g, out) {
                Some(s) => st = s,
                None => return,
            }
        }
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
                    let (span, message) = self.error_site(&st, f.loc(loc).span, message);
                    self.finish(st, Termination::Error { kind: *kind, message, span });
                    return;
                }
                LocKind::Halt => {
                    self.finish(st, Termination::Stopped("halt location reached without a halt edge".into()));
                    return;
                }
                LocKind::Normal => {}
            }
            if let Some((same, cycle)) = self.lasso_at(&mut st, fid, loc) {
                st.pc.push(same);
                let span = f.loc(loc).span;
                let message = format!(
                    "this loop head can come back to a state it had {cycle} steps before: repeating them never ends"
                );
                self.finish(st, Termination::Error { kind: ErrorKind::NonTermination, message, span });
                return;
            }
            // The heap model's refinement of the input references these edges use (lazy
            // initialisation splits the state here).
            if self.heap_model.refines_uses() && !st.heap.is_empty() {
                let uses = self.reference_uses(&st, fid, loc);
                if !uses.is_empty() {
                    let alts = self.heap_model.refine(&st.heap, &uses);
                    if !alts.is_empty() {
                        out.extend(self.split_by(&st, alts));
                        return;
                    }
                }
            }
            // Compact symbolic execution: a template at this location replaces the loop.
            let skip = match st.skip_templates {
                Some((f0, l0, n)) if (f0, l0) == (fid, loc) => {
                    st.skip_templates = (n > 1).then_some((f0, l0, n - 1));
                    true
                }
                _ => false,
            };
            let applied = if skip {
                Ok(Applied::None)
            } else {
                let mut templates = std::mem::replace(&mut self.templates, Box::new(NoTemplates));
                let applied = templates.apply(self, &st);
                self.templates = templates;
                applied
            };
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
                        if let Some(sm) = &succ.summarised {
                            self.cov.on_summary(self.prog, &mut s, fid, loc, &sm.core, &sm.exit_path, &sm.kappa);
                        }
                        s.id = self.new_state_id();
                        s.depth = st.depth + 1;
                        let (sf, sl) = s.loc();
                        s.node = self.new_node(Some(st.node), sf, sl, Some(&succ.label), NodeKind::Template);
                        out.push(s);
                    }
                    return;
                }
                Ok(Applied::None) => {}
                Ok(Applied::Unroll(visits)) => {
                    if visits > 0 {
                        st.skip_templates = Some((fid, loc, visits));
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
            self.check_arguments_bound(&st, f, edges);
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
            if feasible.iter().any(|r| matches!(r, Feas::Unchecked)) {
                self.lazy_fork(st, fid, edges, guards, &feasible, out);
                return;
            }
            let taken: Vec<usize> =
                feasible.iter().enumerate().filter(|(_, r)| matches!(r, Feas::Yes { .. })).map(|(i, _)| i).collect();
            if taken.is_empty() {
                // Infeasible continuation (a failed `assume`, or only undecided successors).
                return;
            }
            let fork = taken.len() > 1;
            if fork {
                self.stats.heap_stats.branch_forks += taken.len() as u64 - 1;
            }
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

    pub(crate) fn failed_leaf_reason(&mut self, reason: String) {
        let r = format!("solver unknown ({reason})");
        if !self.stats.incomplete.contains(&r) {
            self.stats.incomplete.push(r);
        }
    }

    /// The text of a branch condition, for tree edges.
    pub(crate) fn label(&self, op: &Op) -> Option<String> {
        match op {
            Op::Assume(c) => Some(kappa_ir::print::Printer::new(self.prog).expr(c)),
            _ => None,
        }
    }

    /// Which out-edges can be taken. Returns `None` if the state was consumed.
    pub(crate) fn feasible_edges(&mut self, st: &State, guards: &[Term]) -> Option<Vec<Feas>> {
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
            // Not for a pinned state: its sides are never handed over, so a side left
            // unchecked is only checked later by this worker, after other queries, which made
            // a worker of two ask its queries in another order than one engine (compact mode:
            // counter_nondet_bug 13 Z3 checks, 1.64 M units, against 12 and 0.96 M).
            if !st.pinned && self.lazy_fork_here() {
                if let Some(res) = self.lazy_edges(st, guards) {
                    return Some(res);
                }
            }
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
    pub(crate) fn clamp_query_timeout(&mut self) {
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

    /// A feasibility query; its answer goes on the trails of the step's successors, or comes
    /// from the trail being replayed ([`crate::trail`]).
    pub(crate) fn query(&mut self, st: &State, cond: &Term) -> SatResult {
        if let Some(r) = self.replayed_answer() {
            self.record_answer(&r);
            return r;
        }
        self.clamp_query_timeout();
        let r = self.solver.check(&Query { pc: st.pc.constraints(), cond: cond.clone() });
        self.record_answer(&r);
        r
    }

    /// Whether forks may decide only the sides the solver's caches answer (lazy feasibility):
    /// with several workers of `--jobs`, so that a side only Z3 can decide is checked by the
    /// worker that steps it (docs/design-parallel.md, "Lazy feasibility"). One engine decides
    /// both sides at the fork, as before.
    pub(crate) fn lazy_feasibility(&self) -> bool {
        matches!(self.cfg.share, Share::Worker { count: 2.., .. })
    }

    /// Whether the fork under way is lazy ([`Engine::lazy_edges`]): only while another worker
    /// wants work (`lazy_wanted`), which a side left unchecked can then be handed to. When none
    /// does, the side would be checked by this worker later, alone, and the decided side would
    /// carry its guard although the other side is mostly infeasible (one engine drops a guard
    /// the path condition implies): under breadth-first search, where the unchecked side waits
    /// a whole level, two workers made 2.5 Z3 checks per state against one engine's 2.0 and
    /// completed half its paths (verify of argv_sort, docs/benchmarks.md). The choice goes on
    /// the trail ([`crate::trail::Answer::Lazy`]): a replay makes the same fork.
    pub(crate) fn lazy_fork_here(&mut self) -> bool {
        if !self.lazy_feasibility() {
            return false;
        }
        let lazy = match self.replaying.as_mut() {
            Some(answers) => answers.front() == Some(&crate::trail::Answer::Lazy) && answers.pop_front().is_some(),
            None => self.lazy_wanted,
        };
        if let (true, Some(rec)) = (lazy, &mut self.rec) {
            rec.push(crate::trail::Answer::Lazy);
        }
        lazy
    }

    /// What the solver's caches know of `pc ∧ cond` ([`Solver::check_cached`]); the answer
    /// goes on the trails of the step's successors like a query's ([`Engine::query`]).
    pub(crate) fn probe(&mut self, st: &State, cond: &Term) -> Option<SatResult> {
        let r = match self.replaying.as_mut() {
            Some(answers) => match answers.pop_front() {
                Some(crate::trail::Answer::Uncached) => None,
                Some(crate::trail::Answer::Lazy) => {
                    self.replay_mismatch = true;
                    Some(SatResult::Unknown("the replayed trail has a lazy fork's mark here".into()))
                }
                Some(a) => Some(a.result()),
                None => {
                    self.replay_mismatch = true;
                    Some(SatResult::Unknown("the replayed trail has no answer here".into()))
                }
            },
            None => self.solver.check_cached(&Query { pc: st.pc.constraints(), cond: cond.clone() }),
        };
        if let Some(rec) = &mut self.rec {
            rec.push(r.as_ref().map_or(crate::trail::Answer::Uncached, crate::trail::Answer::of));
        }
        r
    }

    /// Lazy feasibility of a branch `g` / `¬g` (both symbolic): the sides the caches answer
    /// are decided, and when the caches say only that one side is satisfiable, the other is
    /// left unchecked ([`Feas::Unchecked`]) for the state that takes it: on a comb (a linear
    /// search), the side that goes on is a counterexample-cache hit and the leaf's side needs
    /// Z3, so the spine costs cache hits and the leaves' checks are done by whichever worker
    /// steps them. `None` when the caches know neither side: both are decided by queries, as
    /// one engine does (a side left unchecked then would cost a query of its own later, where
    /// one query now often settles both). Cloud9 hands jobs over as paths in the tree (Bucur et
    /// al., EuroSys 2011, section 3.2); checking a job's last branch on the receiving side is
    /// kappa's addition.
    fn lazy_edges(&mut self, st: &State, guards: &[Term]) -> Option<Vec<Feas>> {
        let first = self.probe(st, &guards[0]);
        if let Some(SatResult::Unsat) = first {
            return Some(vec![Feas::No, Feas::Yes { add: false }]);
        }
        let second = self.probe(st, &guards[1]);
        match (first, second) {
            (_, Some(SatResult::Unsat)) => Some(vec![Feas::Yes { add: false }, Feas::No]),
            (Some(SatResult::Sat), Some(SatResult::Sat)) => {
                Some(vec![Feas::Yes { add: true }, Feas::Yes { add: true }])
            }
            (Some(SatResult::Sat), None) => Some(vec![Feas::Yes { add: true }, Feas::Unchecked]),
            (None, Some(SatResult::Sat)) => Some(vec![Feas::Unchecked, Feas::Yes { add: true }]),
            // Neither known, or an unknown answer (the caches keep none): query both.
            _ => None,
        }
    }

    /// The successors of a lazy fork ([`Engine::lazy_edges`]): the decided side takes its
    /// edge, [`State::provisional`]; the other stays at the branch, [`State::unchecked`].
    /// Neither is counted yet: the fork counts when the unchecked side is known feasible
    /// ([`Engine::check_unchecked`]), so that `states_created`, `states_explored`, the tree's
    /// nodes and the coverage are one engine's.
    fn lazy_fork(
        &mut self,
        mut st: State,
        fid: FuncId,
        edges: &[EdgeId],
        guards: Vec<Term>,
        feasible: &[Feas],
        out: &mut Vec<State>,
    ) {
        let f = self.func(fid);
        let last = feasible.len() - 1;
        for (i, (r, g)) in feasible.iter().zip(guards).enumerate() {
            let mut s = if i == last { std::mem::replace(&mut st, dummy_state()) } else { st.clone() };
            s.id = self.uncounted_state_id();
            match r {
                Feas::Unchecked => {
                    self.stats.states_unchecked += 1;
                    s.unchecked = Some((edges[i], g));
                    out.push(s);
                }
                Feas::Yes { add } => {
                    if *add {
                        s.pc.push(g);
                    }
                    s.provisional = true;
                    let label = self.label(&f.edge(edges[i]).op);
                    match self.exec_edge(&mut s, fid, edges[i], label.as_deref()) {
                        Flow::Continue => out.push(s),
                        Flow::Done(t) => self.finish(s, t),
                        Flow::Split(v) => out.extend(v),
                    }
                }
                Feas::No | Feas::Ask | Feas::Unknown(_) => {}
            }
        }
    }

    /// The step of an [`State::unchecked`] state begins with its check: infeasible, it ends
    /// with nothing counted; undecided, it is a failed leaf as at a fork; feasible, the fork
    /// that made it counts now (both its states and their first steps, and the branch), and
    /// the state takes its edge. `Some` when the state goes on in this step.
    fn check_unchecked(&mut self, mut st: State, e: EdgeId, g: Term, out: &mut Vec<State>) -> Option<State> {
        let (fid, _) = st.loc();
        let f = self.func(fid);
        match self.query(&st, &g) {
            SatResult::Sat => {
                self.stats.states_created += 2;
                self.count_state();
                self.count_state();
                self.stats.states_explored += 2;
                self.stats.heap_stats.branch_forks += 1;
                st.pc.push(g);
                let label = self.label(&f.edge(e).op);
                match self.exec_edge(&mut st, fid, e, label.as_deref()) {
                    Flow::Continue => Some(st),
                    Flow::Done(t) => {
                        self.finish(st, t);
                        None
                    }
                    Flow::Split(v) => {
                        out.extend(v);
                        None
                    }
                }
            }
            SatResult::Unsat => {
                self.stats.states_unchecked_infeasible += 1;
                None
            }
            SatResult::Unknown(reason) => {
                self.stats.failed_leaves += 1;
                let label = self.label(&f.edge(e).op);
                let _ = self.new_node(Some(st.node), fid, f.edge(e).dst, label.as_deref(), NodeKind::Failed);
                self.failed_leaf_reason(reason);
                None
            }
        }
    }

    /// Leaves the function at its exit location. Returns false if the path terminated.
    pub(crate) fn return_from(&mut self, st: &mut State) -> bool {
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
                    // The destination may be a global (`status = f();`).
                    self.set_reg(st, d, v);
                }
                true
            }
        }
    }

    pub(crate) fn kill_frame_objects(&mut self, st: &mut State, frame: &Frame) {
        for &id in &frame.stack_objs {
            st.memory.kill(id, &mut self.graves);
        }
    }

    // ---- edges ----

    pub(crate) fn exec_edge(&mut self, st: &mut State, fid: FuncId, eid: EdgeId, label: Option<&str>) -> Flow {
        let f = self.func(fid);
        let e = f.edge(eid);
        self.cov.on_edge(self.prog, st, fid, eid);
        st.depth += 1;
        let node = self.new_node(Some(st.node), fid, e.dst, label, NodeKind::Normal);
        if !self.silent {
            for o in &mut self.observers {
                o.edge(node, fid, eid);
            }
        }
        st.node = node;
        // The caller continues at the edge's target; a call then pushes the callee's frame.
        st.frame_mut().loc = e.dst;
        match self.exec_op(st, fid, e) {
            Ok(flow) => flow,
            Err(reason) => Flow::Done(Termination::Stopped(reason)),
        }
    }

    pub(crate) fn set_reg(&self, st: &mut State, v: VarId, val: SVal) {
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

    /// An error inside the C library model is the program's: it is reported at the program's
    /// call of the library (`memcpy(d, s, 9)` past the end of `d`), naming the function.
    pub(crate) fn error_site(&self, st: &State, span: Span, message: &str) -> (Span, String) {
        let prog = self.prog;
        let Some(top) = st.frames.last() else { return (span, message.to_string()) };
        if !prog.is_library(top.func) {
            return (span, message.to_string());
        }
        let mut callee = top.func;
        for (k, fr) in st.frames.iter().enumerate().rev().skip(1) {
            if prog.is_library(fr.func) {
                callee = fr.func;
                continue;
            }
            let ret = st.frames[k + 1].ret_to.map(|(l, _)| l);
            let func = prog.func(fr.func);
            let call = func.edges.iter().find(|e| {
                matches!(e.op, Op::Call { func: c, .. } if c == callee) && (Some(e.dst) == ret || e.src == fr.loc)
            });
            if let Some(e) = call {
                let name = &prog.func(callee).name;
                return (e.span, format!("in `{name}` ({}): {message}", prog.fmt_span(span)));
            }
            break;
        }
        (span, message.to_string())
    }

    /// A new input symbol of the state, named `base#n` (n counts the path's symbols). While a
    /// trail is replayed (`--jobs`), the symbol of that name and sort an earlier replay of
    /// this engine made, if any: the states a worker steals then share the symbols of their
    /// common inputs, as the states of one engine share those made on their common prefix, and
    /// its solver caches carry over from one stolen subtree to the next (with fresh symbols
    /// every stolen subtree started with caches that knew none of its terms: on tokens6 the
    /// receiver made 476 Z3 checks, one worker 55 for the whole tree). Sound: the names are
    /// numbered per path, so no path holds two inputs of one name, and different paths share
    /// no constraint.
    pub(crate) fn fresh_sym(&self, st: &mut State, base: &str, sort: Sort) -> Term {
        st.next_sym += 1;
        let name = format!("{base}#{}", st.next_sym);
        if self.replaying.is_none() {
            return Term::fresh(&name, sort);
        }
        self.replayed_syms.borrow_mut().entry((name, sort)).or_insert_with_key(|(n, s)| Term::fresh(n, *s)).clone()
    }

    pub(crate) fn exec_op(&mut self, st: &mut State, fid: FuncId, e: &'p Edge) -> Result<Flow, String> {
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
            Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } | Op::Free { .. } => {
                return self.memory_op(st, e);
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
                // Elements as wide as the scalars the object holds (word-level arrays).
                let ctype = match target {
                    AllocTarget::Slot(o) => Some(self.prog.obj(*o).ctype.clone()),
                    AllocTarget::Fresh(v) => self.prog.var(*v).ctype.pointee().cloned(),
                };
                let stride = ctype.map_or(1, |t| crate::memory::stride_of(&self.prog.layout(), &t));
                let data = match init {
                    AllocInit::Zero => Contents::zeroed(pw, stride, None),
                    AllocInit::Nondet => {
                        let arr = self.fresh_sym(st, &name, crate::memory::array_sort(pw, stride));
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
                        Contents::symbolic(arr, pw)
                    }
                };
                if matches!(kind, ObjectKind::Stack { .. }) {
                    st.frame_mut().stack_objs.push(id);
                }
                st.memory.add(Object::new(id, &name, kind, size, data, pw));
                if *region == Region::Heap {
                    let (site, _) = self.error_site(st, e.span, "");
                    Rc::make_mut(&mut st.alloc_sites).push((id, site));
                }
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
                    stack_objs: Vec::new(),
                    loop_cursor: None,
                };
                for (p, v) in callee.params.iter().zip(vals) {
                    let idx = self.info.var_index[p.index()];
                    if idx >= frame.regs.len() {
                        frame.regs.resize(idx + 1, None);
                    }
                    frame.regs[idx] = Some(v);
                }
                st.frames.push(Rc::new(frame));
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
}
