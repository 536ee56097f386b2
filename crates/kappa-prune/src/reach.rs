//! What a postponed state can still do, from the flowgraphs alone: which locations it can reach
//! (through returns to its callers and calls of other functions), and whether the variables of
//! a condition keep their present values until a location (so that checking the condition on
//! the state now is checking it there).

use kappa_engine::state::State;
use kappa_ir::analysis::EdgeRole;
use kappa_ir::{EdgeId, Expr, FuncId, Loc, Op, Program, VarId, VarKind};
use std::collections::HashMap;

pub(crate) struct Reach {
    roles: Vec<Vec<EdgeRole>>,
    /// Functions each function may call, itself included, transitively.
    callable: Vec<Vec<bool>>,
    /// Locations reachable from a location (itself included), computed when first asked.
    from: HashMap<(FuncId, Loc), Vec<bool>>,
    /// Edges defining each variable, per function.
    defs: Vec<HashMap<VarId, Vec<EdgeId>>>,
}

impl Reach {
    pub fn new(prog: &Program) -> Reach {
        let roles: Vec<Vec<EdgeRole>> = prog.functions.iter().map(kappa_ir::analysis::edge_roles).collect();
        let n = prog.functions.len();
        let mut callable = vec![vec![false; n]; n];
        for f in &prog.functions {
            callable[f.id.index()][f.id.index()] = true;
            for e in &f.edges {
                if let Op::Call { func, .. } = &e.op {
                    if func.index() < n {
                        callable[f.id.index()][func.index()] = true;
                    }
                }
            }
        }
        // Transitive closure (Warshall): call graphs are small.
        for k in 0..n {
            for i in 0..n {
                if callable[i][k] {
                    let row_k = callable[k].clone();
                    for (dst, &src) in callable[i].iter_mut().zip(&row_k) {
                        *dst |= src;
                    }
                }
            }
        }
        let defs = prog
            .functions
            .iter()
            .map(|f| {
                let mut m: HashMap<VarId, Vec<EdgeId>> = HashMap::new();
                for (i, e) in f.edges.iter().enumerate() {
                    if let Some(v) = e.op.def() {
                        m.entry(v).or_default().push(EdgeId(i as u32));
                    }
                }
                m
            })
            .collect();
        Reach { roles, callable, from: HashMap::new(), defs }
    }

    /// Locations reachable from `l` in `f` (without taking a check's failing side).
    fn reachable(&mut self, prog: &Program, f: FuncId, l: Loc) -> &Vec<bool> {
        let roles = &self.roles;
        self.from.entry((f, l)).or_insert_with(|| {
            let func = prog.func(f);
            let mut seen = vec![false; func.locs.len()];
            if l.index() >= seen.len() {
                return seen;
            }
            seen[l.index()] = true;
            let mut work = vec![l];
            while let Some(u) = work.pop() {
                for &e in func.out_edges(u) {
                    if roles[f.index()][e.index()] == EdgeRole::CheckFail {
                        continue;
                    }
                    let v = func.edge(e).dst;
                    if !seen[v.index()] {
                        seen[v.index()] = true;
                        work.push(v);
                    }
                }
            }
            seen
        })
    }

    /// Functions that may run from `l` of `f` on (called from there, transitively).
    fn calls_from(&mut self, prog: &Program, f: FuncId, l: Loc) -> Vec<bool> {
        let seen = self.reachable(prog, f, l).clone();
        let mut out = vec![false; prog.functions.len()];
        let func = prog.func(f);
        for e in &func.edges {
            if let Op::Call { func: g, .. } = &e.op {
                if seen.get(e.src.index()).copied().unwrap_or(false) {
                    for (k, c) in self.callable[g.index()].iter().enumerate() {
                        out[k] |= c;
                    }
                }
            }
        }
        out
    }

    /// Whether the state may execute an edge leaving location `t` of `g`: in its current
    /// activations (from each frame's location, as far as the frames above can return), or in
    /// a new activation of `g` called on the way.
    pub fn can_reach(&mut self, prog: &Program, st: &State, g: FuncId, t: Loc) -> bool {
        let from_entry = self.reachable(prog, g, prog.func(g).entry)[t.index()];
        for fr in st.frames.iter().rev() {
            let (f, l) = (fr.func, fr.loc);
            if f == g && self.reachable(prog, f, l)[t.index()] {
                return true;
            }
            if from_entry && self.calls_from(prog, f, l)[g.index()] {
                return true;
            }
            let exit = prog.func(f).exit;
            if !self.reachable(prog, f, l).get(exit.index()).copied().unwrap_or(false) {
                return false;
            }
        }
        false
    }

    /// The variables of `c` that may change before the activation of frame `k` of the state
    /// stands at `t` (of the frame's function): those assigned on some way from the frame's
    /// location to `t`, globals, and the register a pending call will set. `None` when the
    /// condition cannot be checked on the frame at all: it reads memory predicates, or another
    /// activation of the function may reach `t`.
    pub fn changing_vars(&mut self, prog: &Program, st: &State, k: usize, c: &Expr, t: Loc) -> Option<Vec<VarId>> {
        let fr = st.frames.get(k)?;
        let (f, l) = (fr.func, fr.loc);
        if crate::lookahead::reads_memory(c) {
            return None;
        }
        // A new activation of `f` (called in any frame's future) starts afresh.
        for fr in &st.frames {
            if self.calls_from(prog, fr.func, fr.loc)[f.index()] {
                return None;
            }
        }
        let mut vars = Vec::new();
        c.for_each_var(&mut |v| {
            if !vars.contains(&v) {
                vars.push(v)
            }
        });
        let pending = st.frames.get(k + 1).and_then(|callee| callee.ret_to).and_then(|(_, dst)| dst);
        let from_l = self.reachable(prog, f, l).clone();
        let func = prog.func(f);
        let mut changing = Vec::new();
        for v in vars {
            let mut changes = prog.var(v).kind == VarKind::Global || pending == Some(v);
            if !changes {
                let defs = self.defs[f.index()].get(&v).cloned().unwrap_or_default();
                for d in defs {
                    let e = func.edge(d);
                    if from_l[e.src.index()] && self.reachable(prog, f, e.dst)[t.index()] {
                        changes = true;
                        break;
                    }
                }
            }
            if changes {
                changing.push(v);
            }
        }
        Some(changing)
    }
}
