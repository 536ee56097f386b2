//! Builds one function's flowgraph: an insertion point that edges extend, and a final cleanup
//! (unreachable locations removed, chains of `skip` edges contracted).

use kappa_ir::{Edge, Expr, FuncId, Function, Loc, LocInfo, LocKind, ObjId, Op, Span, VarId};

pub(crate) struct FnBuilder {
    pub func: FuncId,
    pub locs: Vec<LocInfo>,
    pub edges: Vec<Edge>,
    /// The location the next edge starts from.
    pub cur: Loc,
    pub entry: Loc,
    pub exit: Loc,
    pub vars: Vec<VarId>,
    pub slots: Vec<ObjId>,
    pub ret: Option<VarId>,
    /// Temporaries introduced by the lowering (candidates for coalescing).
    pub temps: std::collections::HashSet<VarId>,
    /// Locations that head a loop written in the source (a loop statement's head, a label), in
    /// order of creation: their position survives skip contraction.
    heads: Vec<Loc>,
}

impl FnBuilder {
    pub fn new(func: FuncId, span: Span) -> Self {
        let mut b = FnBuilder {
            func,
            locs: Vec::new(),
            edges: Vec::new(),
            cur: Loc(0),
            entry: Loc(0),
            exit: Loc(0),
            vars: Vec::new(),
            slots: Vec::new(),
            ret: None,
            temps: std::collections::HashSet::new(),
            heads: Vec::new(),
        };
        b.entry = b.new_loc(LocKind::Normal, span);
        b.exit = b.new_loc(LocKind::Exit, span);
        b.cur = b.entry;
        b
    }

    pub fn new_loc(&mut self, kind: LocKind, span: Span) -> Loc {
        self.locs.push(LocInfo { kind, span });
        Loc((self.locs.len() - 1) as u32)
    }

    /// Marks `l` as the head of a loop statement or a label: when skip contraction folds it
    /// into an unpositioned location (the body of `while (1)`), that location takes `l`'s
    /// position, so loop heads keep a source line (k-induction's checks, witness invariants).
    pub fn mark_head(&mut self, l: Loc) {
        self.heads.push(l);
    }

    pub fn fresh(&mut self) -> Loc {
        self.new_loc(LocKind::Normal, Span::default())
    }

    /// Adds an edge from the current location to `dst`.
    pub fn edge_to(&mut self, dst: Loc, op: Op, span: Span) {
        self.edges.push(Edge { src: self.cur, dst, op, span });
    }

    /// Adds an edge from the current location to a new one, which becomes current.
    pub fn step(&mut self, op: Op, span: Span) {
        let next = self.new_loc(LocKind::Normal, span);
        self.edge_to(next, op, span);
        self.cur = next;
    }

    /// Jumps to `dst`; code after a jump is unreachable until a label makes it reachable again.
    pub fn jump(&mut self, dst: Loc, span: Span) {
        self.edge_to(dst, Op::Skip, span);
        self.cur = self.fresh();
    }

    /// Continues at `l`, falling through from the current location.
    pub fn join(&mut self, l: Loc, span: Span) {
        if self.cur != l {
            self.edge_to(l, Op::Skip, span);
        }
        self.cur = l;
    }

    /// A guarded branch: `cond` leads to `t`, its negation to `f`. Constant conditions give a
    /// single edge, so that no infeasible edge is left for the engine to prune.
    pub fn branch(&mut self, cond: Expr, t: Loc, f: Loc, span: Span) {
        match cond {
            Expr::Bool(true) => self.edge_to(t, Op::Skip, span),
            Expr::Bool(false) => self.edge_to(f, Op::Skip, span),
            c => {
                let neg = c.clone().negate();
                self.edge_to(t, Op::Assume(c), span);
                self.edge_to(f, Op::Assume(neg), span);
            }
        }
    }

    /// Number of edges so far; lowering uses it to tell whether an expression emitted code.
    pub fn mark(&self) -> (usize, usize, Loc) {
        (self.edges.len(), self.locs.len(), self.cur)
    }

    pub fn rollback(&mut self, m: (usize, usize, Loc)) {
        self.edges.truncate(m.0);
        self.locs.truncate(m.1);
        self.heads.retain(|h| h.index() < m.1);
        self.cur = m.2;
    }

    /// The finished function: unreachable locations dropped, `skip` chains contracted,
    /// locations renumbered in order of first visit.
    pub fn finish(mut self, name: String, params: Vec<VarId>, span: Span) -> Function {
        self.coalesce_copies();
        self.contract_skips();
        let n = self.locs.len();
        // Depth-first order from the entry gives readable numbering.
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, e) in self.edges.iter().enumerate() {
            succ[e.src.index()].push(i);
        }
        let mut order: Vec<Option<u32>> = vec![None; n];
        let mut next = 0u32;
        let mut stack = vec![self.entry.index()];
        while let Some(l) = stack.pop() {
            if order[l].is_some() {
                continue;
            }
            order[l] = Some(next);
            next += 1;
            for &e in succ[l].iter().rev() {
                let d = self.edges[e].dst.index();
                if order[d].is_none() {
                    stack.push(d);
                }
            }
        }
        // The exit stays even when no return reaches it (a function that always aborts).
        if order[self.exit.index()].is_none() {
            order[self.exit.index()] = Some(next);
            next += 1;
        }
        let mut locs = vec![LocInfo { kind: LocKind::Normal, span: Span::default() }; next as usize];
        for (i, o) in order.iter().enumerate() {
            if let Some(o) = o {
                locs[*o as usize] = self.locs[i].clone();
            }
        }
        let mut edges: Vec<Edge> = self
            .edges
            .into_iter()
            .filter_map(|e| {
                let src = order[e.src.index()]?;
                let dst = order[e.dst.index()]?;
                Some(Edge { src: Loc(src), dst: Loc(dst), ..e })
            })
            .collect();
        edges.sort_by_key(|e| e.src);
        let mut f = Function {
            name,
            id: self.func,
            params,
            ret: self.ret,
            ctype: None,
            vars: self.vars,
            slots: self.slots,
            locs,
            edges,
            entry: Loc(order[self.entry.index()].unwrap_or(0)),
            exit: Loc(order[self.exit.index()].unwrap_or(0)),
            span,
            nonnull_params: Vec::new(),
            out: Vec::new(),
            inc: Vec::new(),
        };
        f.index_edges();
        f
    }

    /// `t := e; x := t` with `t` a temporary read nowhere else becomes `x := e`: the lowering
    /// computes values into temporaries before it knows where they go.
    fn coalesce_copies(&mut self) {
        // Uses and defining edges counted once and kept up to date: rescanning every edge for
        // each copy made lowering quadratic (a decompiled slice of 14,000 branches took minutes).
        let mut uses: std::collections::HashMap<VarId, usize> = std::collections::HashMap::new();
        let mut defs: std::collections::HashMap<VarId, Vec<usize>> = std::collections::HashMap::new();
        for (i, e) in self.edges.iter().enumerate() {
            e.op.for_each_use(&mut |v| *uses.entry(v).or_default() += 1);
            if let Some(d) = e.op.def() {
                defs.entry(d).or_default().push(i);
            }
        }
        let mut gone: std::collections::HashSet<VarId> = std::collections::HashSet::new();
        loop {
            let mut changed = false;
            for i in 0..self.edges.len() {
                let (x, t) = match &self.edges[i].op {
                    Op::Assign { dst, value: Expr::Var(t) }
                        if self.temps.contains(t)
                            && dst != t
                            && uses.get(t) == Some(&1)
                            && defs.get(t).is_some_and(|d| !d.is_empty()) =>
                    {
                        (*dst, *t)
                    }
                    _ => continue,
                };
                let moved = defs.remove(&t).unwrap_or_default();
                for &j in &moved {
                    self.edges[j].op.set_def(x);
                }
                let xd = defs.entry(x).or_default();
                xd.retain(|&j| j != i);
                xd.extend(moved);
                self.edges[i].op = Op::Skip;
                uses.remove(&t);
                self.temps.remove(&t);
                gone.insert(t);
                changed = true;
            }
            if !changed {
                break;
            }
        }
        self.vars.retain(|v| !gone.contains(v));
        // Temporaries no edge mentions any more (their only use was coalesced away).
        let mut live: std::collections::HashSet<VarId> = std::collections::HashSet::new();
        for e in &self.edges {
            e.op.for_each_use(&mut |v| {
                live.insert(v);
            });
            if let Some(d) = e.op.def() {
                live.insert(d);
            }
        }
        let temps = &self.temps;
        self.vars.retain(|v| !temps.contains(v) || live.contains(v));
    }

    /// Removes locations whose only outgoing edge is a `skip`, redirecting their incoming edges.
    /// The entry is kept, so that a loop at the start of a function still has an edge entering
    /// it from outside (Definition 1 of the compact SE paper needs one).
    fn contract_skips(&mut self) {
        let n = self.locs.len();
        let mut out_count = vec![0usize; n];
        for e in &self.edges {
            out_count[e.src.index()] += 1;
        }
        // target[l] = where a lone skip from l leads.
        let mut target: Vec<Option<Loc>> = vec![None; n];
        for e in &self.edges {
            let s = e.src.index();
            if out_count[s] == 1
                && e.op == Op::Skip
                && e.src != self.entry
                && e.src != e.dst
                && self.locs[s].kind == LocKind::Normal
            {
                target[s] = Some(e.dst);
            }
        }
        let resolve = |mut l: Loc, target: &Vec<Option<Loc>>| {
            let mut steps = 0;
            while let Some(t) = target[l.index()] {
                l = t;
                steps += 1;
                if steps > n {
                    break; // a cycle of skips: `for (;;);` keeps one
                }
            }
            l
        };
        let resolved: Vec<Loc> = (0..n).map(|i| resolve(Loc(i as u32), &target)).collect();
        // A head folded into an unpositioned location hands its position on; the first-created
        // (outermost) head wins when several fold into the same location.
        for &h in &self.heads {
            let t = resolved[h.index()];
            if t != h && !self.locs[t.index()].span.is_known() {
                self.locs[t.index()].span = self.locs[h.index()].span;
            }
        }
        // Locations on a pure skip cycle resolve to themselves via the cap: keep their edges.
        let mut keep_src = vec![true; n];
        for i in 0..n {
            if target[i].is_some() && resolved[i].index() != i && target[resolved[i].index()].is_none() {
                keep_src[i] = false;
            }
        }
        let edges = std::mem::take(&mut self.edges);
        for mut e in edges {
            if !keep_src[e.src.index()] {
                continue;
            }
            if keep_src[e.dst.index()] {
                self.edges.push(e);
                continue;
            }
            e.dst = resolved[e.dst.index()];
            self.edges.push(e);
        }
    }
}
