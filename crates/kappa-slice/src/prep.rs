//! What the slicer needs to know about the program before it explores it: that it stays inside
//! the fragment of the paper's language (section 3: integer variables, assignments and `assume`
//! operations; calls are inlined during symbolic execution as in section 5), and per function the
//! post-dominators (for control dependence and `mergepoint`), the loop headers and the variables
//! each loop may modify (for the loop invariant of `SPLIT`).

use crate::SliceError;
use kappa_ir::analysis::{dominators, natural_loops, post_dominators, strongly_connected_components, DomTree};
use kappa_ir::*;
use std::collections::{BTreeSet, HashMap, HashSet};

pub(crate) struct FuncFacts {
    pub postdom: DomTree,
    /// Loop header → the variables the loop (and what it calls) may write.
    pub loop_mods: HashMap<Loc, Vec<VarId>>,
    /// Locations several edges lead to: where states of different paths meet and may merge.
    pub join: Vec<bool>,
    /// Variables a call of the function may write (its callees' included).
    pub writes: BTreeSet<VarId>,
}

pub(crate) struct Prepared<'p> {
    pub prog: &'p Program,
    pub entry: FuncId,
    pub facts: HashMap<FuncId, FuncFacts>,
}

impl<'p> Prepared<'p> {
    pub fn func(&self, f: FuncId) -> &'p Function {
        self.prog.func(f)
    }

    pub fn facts(&self, f: FuncId) -> &FuncFacts {
        &self.facts[&f]
    }
}

fn unsupported(prog: &Program, span: Span, what: impl Into<String>) -> SliceError {
    SliceError::Unsupported { message: what.into(), location: span.is_known().then(|| prog.fmt_span(span)) }
}

fn width_ok(t: Ty) -> bool {
    matches!(t, Ty::Int(8 | 16 | 32 | 64))
}

fn expr_ok(prog: &Program, e: &Expr) -> bool {
    let mut ok = true;
    e.walk(&mut |x| match x {
        Expr::Int { width, .. } | Expr::Cast(_, width, _) => ok &= matches!(width, 8 | 16 | 32 | 64),
        Expr::Var(v) => ok &= width_ok(prog.var_ty(*v)),
        Expr::Bool(_) | Expr::Un(..) | Expr::Bin(..) | Expr::Ite(..) => {}
        _ => ok = false,
    });
    ok
}

/// Checks the program and computes the per-function facts for the functions `entry` reaches.
pub(crate) fn prepare<'p>(prog: &'p Program, entry: &str) -> Result<Prepared<'p>, SliceError> {
    let entry_id = prog
        .functions
        .iter()
        .position(|f| f.name == entry && !f.locs.is_empty())
        .map(|i| FuncId(i as u32))
        .ok_or_else(|| SliceError::Input(format!("no function `{entry}` with a body in the program")))?;
    // Functions reachable from the entry, in an order where callees come first; recursion is
    // outside the fragment (the paper inlines calls).
    let mut order = Vec::new();
    let mut state: HashMap<FuncId, u8> = HashMap::new();
    fn visit(
        prog: &Program,
        f: FuncId,
        state: &mut HashMap<FuncId, u8>,
        order: &mut Vec<FuncId>,
        stack: &mut Vec<FuncId>,
    ) -> Result<(), SliceError> {
        match state.get(&f) {
            Some(2) => return Ok(()),
            Some(1) => {
                let names: Vec<&str> = stack.iter().map(|g| prog.func(*g).name.as_str()).collect();
                return Err(unsupported(
                    prog,
                    prog.func(f).span,
                    format!("recursion ({} calls `{}` again)", names.join(" → "), prog.func(f).name),
                ));
            }
            _ => {}
        }
        state.insert(f, 1);
        stack.push(f);
        let func = prog.func(f);
        if func.locs.is_empty() {
            return Err(unsupported(prog, func.span, format!("call to `{}`, which has no body", func.name)));
        }
        for e in &func.edges {
            if let Op::Call { func: g, .. } = &e.op {
                visit(prog, *g, state, order, stack)?;
            }
        }
        stack.pop();
        state.insert(f, 2);
        order.push(f);
        Ok(())
    }
    visit(prog, entry_id, &mut state, &mut order, &mut Vec::new())?;

    let ent = prog.func(entry_id);
    for p in &ent.params {
        if !width_ok(prog.var_ty(*p)) {
            return Err(unsupported(
                prog,
                prog.var(*p).span,
                format!("parameter `{}` is not an integer", prog.var(*p).name),
            ));
        }
    }
    // Variables a call of each function may write (its own, and its callees').
    let mut writes: HashMap<FuncId, BTreeSet<VarId>> = HashMap::new();
    let mut facts = HashMap::new();
    for &fid in &order {
        let f = prog.func(fid);
        if !f.slots.is_empty() {
            let o = f.slots[0];
            return Err(unsupported(
                prog,
                prog.obj(o).span,
                format!("memory: `{}` is an array, a struct or a variable whose address is taken", prog.obj(o).name),
            ));
        }
        let mut w: BTreeSet<VarId> = BTreeSet::new();
        for e in &f.edges {
            check_edge(prog, e)?;
            if let Some(d) = e.op.def() {
                w.insert(d);
            }
            if let Op::Call { func: g, .. } = &e.op {
                w.extend(writes[g].iter().copied());
                w.extend(prog.func(*g).params.iter().copied());
                w.extend(prog.func(*g).ret);
            }
            if let Op::Return(Some(_)) = &e.op {
                w.extend(f.ret);
            }
        }
        for v in &f.vars {
            if !width_ok(prog.var_ty(*v)) && f.edges.iter().any(|e| e.op.def() == Some(*v)) {
                return Err(unsupported(prog, prog.var(*v).span, format!("`{}` is not an integer", prog.var(*v).name)));
            }
        }
        let dom = dominators(f);
        let loops = natural_loops(f, &dom);
        if strongly_connected_components(f, &loops).has_irreducible() {
            return Err(unsupported(
                prog,
                f.span,
                format!("irreducible control flow (a `goto` into a loop) in `{}`", f.name),
            ));
        }
        let mut loop_mods = HashMap::new();
        for l in &loops.loops {
            let body: HashSet<Loc> = l.body.iter().copied().collect();
            let mut m: BTreeSet<VarId> = BTreeSet::new();
            for e in &f.edges {
                if !body.contains(&e.src) {
                    continue;
                }
                m.extend(e.op.def());
                if let Op::Call { func: g, .. } = &e.op {
                    m.extend(writes[g].iter().copied());
                    m.extend(prog.func(*g).params.iter().copied());
                    m.extend(prog.func(*g).ret);
                }
                if let Op::Return(Some(_)) = &e.op {
                    m.extend(f.ret);
                }
            }
            loop_mods.insert(l.header, m.into_iter().collect());
        }
        let mut indeg = vec![0u32; f.locs.len()];
        for e in &f.edges {
            indeg[e.dst.index()] += 1;
        }
        let join = indeg.iter().map(|&d| d >= 2).collect();
        facts.insert(fid, FuncFacts { postdom: post_dominators(f), loop_mods, join, writes: w.clone() });
        writes.insert(fid, w);
    }
    Ok(Prepared { prog, entry: entry_id, facts })
}

fn check_edge(prog: &Program, e: &Edge) -> Result<(), SliceError> {
    let bad = |what: &str| Err(unsupported(prog, e.span, what.to_string()));
    match &e.op {
        Op::Skip | Op::Return(None) => {}
        Op::Assume(c) | Op::Return(Some(c)) => {
            if !expr_ok(prog, c) {
                return bad("pointers");
            }
        }
        Op::Assign { dst, value } => {
            if !width_ok(prog.var_ty(*dst)) || !expr_ok(prog, value) {
                return bad("pointers");
            }
        }
        Op::Nondet { dst, .. } => {
            if !width_ok(prog.var_ty(*dst)) {
                return bad("a nondeterministic value that is not an integer");
            }
        }
        Op::Call { dst, args, .. } => {
            if args.iter().any(|a| !expr_ok(prog, a)) || dst.is_some_and(|d| !width_ok(prog.var_ty(d))) {
                return bad("pointers");
            }
        }
        Op::Halt { code, .. } => {
            if code.as_ref().is_some_and(|c| !expr_ok(prog, c)) {
                return bad("pointers");
            }
        }
        Op::Output { dst: None, .. } => {}
        Op::Output { dst: Some(_), .. } => return bad("the value printf returns"),
        Op::Load { .. } | Op::Store { .. } | Op::MemCopy { .. } | Op::Alloc { .. } | Op::Free { .. } => {
            return bad("memory operations (arrays, pointers, structs)")
        }
    }
    Ok(())
}
