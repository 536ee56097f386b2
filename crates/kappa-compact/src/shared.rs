//! Templates computed once and shared between the workers of `--jobs` (issue 23;
//! docs/design-parallel.md, "Templates computed once"). A [`Template`]'s terms live in the
//! computing thread's term pool, so it travels as a [`SharedTemplate`]: its terms as one owned
//! [`Dag`] with symbols by name, and its other fields as they are. A receiving worker rebuilds
//! it in its own pool ([`SharedTemplate::import`]).
//!
//! Symbols. Those the computation made (θ_I's initial symbols, κ, τ, the input arrays of the
//! sites) are the template's own: each worker gets fresh ones of the same names (they are
//! placeholders that [`crate::Compact`] substitutes at each application). The others come from
//! the state the template was computed for, through what its shape keeps of it (object sizes,
//! `freed_if`, the objects pointer registers refer to): the receiver maps them by name to its
//! own state's symbols of the same names (a state names its symbols `base#n`, unique on its
//! path), and since the shared key hashes those terms by structure with symbols by name
//! ([`kappa_expr::export::fingerprint`]), a state with the same key has them, in the same
//! places. A template mentioning any other symbol of the state is not shared.

use crate::template::{Exit, Site, Template, Var};
use kappa_engine::state::State;
use kappa_engine::value::SVal;
use kappa_engine::Engine;
use kappa_expr::export::{fingerprint, Dag, Exporter};
use kappa_expr::{SymId, Term};
use kappa_ir::testcase::InputKind;
use kappa_ir::{EdgeId, Loc, NondetOrigin, Span, Ty};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// What the pool holds for a (cycle, shape): a template, or why the cycle got none there.
pub type Shared = Result<SharedTemplate, String>;

struct SharedSite {
    edge: EdgeId,
    kind: InputKind,
    origin: NondetOrigin,
    ty: Ty,
    span: Span,
    array: u32,
}

struct SharedExit {
    edge: EdgeId,
    loc: Loc,
    theta: Vec<(Var, u32)>,
    rest: u32,
    forall: Option<(u32, u32)>,
    prefix_sites: Vec<usize>,
    label: String,
}

/// A [`Template`] as owned data ([`Dag`] node indices in place of terms).
pub struct SharedTemplate {
    dag: Dag,
    /// Per symbol of the DAG: the computation made it (else the state's, mapped by name).
    own: Vec<bool>,
    cycle: u32,
    entry: Loc,
    kappa: u32,
    init: Vec<(Var, u32)>,
    sites: Vec<SharedSite>,
    core_sites: Vec<usize>,
    exits: Vec<SharedExit>,
    filtered: bool,
    forall: Option<(u32, u32)>,
    forall_syms: Vec<u32>,
    returns: Option<(u32, u32)>,
    /// The number of iterations ([`crate::nested::trip_count`], over θ_I): `None` if not
    /// computed yet, `Some(None)` if none was proved.
    count: Option<Option<u32>>,
}

/// The terms of a state that its shape ([`crate::Compact`]'s key) describes: object sizes,
/// `freed_if`, and the objects its pointer registers refer to.
fn shape_terms(eng: &Engine<'_>, st: &State) -> Vec<Term> {
    let prog = eng.program();
    let (fid, _) = st.loc();
    let mut out = Vec::new();
    for v in prog.func(fid).vars.iter().copied().chain(prog.global_vars()) {
        if let Some(SVal::Ptr(p)) = eng.reg_value(st, v) {
            out.push(p.obj);
        }
    }
    for id in st.memory.ids() {
        if let Some(o) = st.memory.get(id) {
            out.push(o.size.clone());
            out.push(o.freed_if.clone());
        }
    }
    out
}

/// The symbols of a state's shape terms, by name.
pub fn shape_symbols(eng: &Engine<'_>, st: &State) -> HashMap<String, SymId> {
    let mut out = HashMap::new();
    for t in shape_terms(eng, st) {
        for s in t.symbols() {
            out.insert(Term::sym_info(s).name.to_string(), s);
        }
    }
    out
}

/// The shape of a state ([`crate::Compact`]'s cache key) in a form that is the same in every
/// worker: what the local shape hashes, with terms by [`fingerprint`] (structure, symbols by
/// name) instead of the thread's term ids.
pub fn shared_shape(eng: &Engine<'_>, st: &State) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut memo = HashMap::new();
    let prog = eng.program();
    let (fid, loc) = st.loc();
    (fid, loc).hash(&mut h);
    let mut slots: Vec<(kappa_ir::ObjId, u32)> = st.frame().slots.iter().map(|(a, b)| (*a, *b)).collect();
    slots.sort();
    slots.hash(&mut h);
    for v in prog.func(fid).vars.iter().copied().chain(prog.global_vars()) {
        match eng.reg_value(st, v) {
            Some(SVal::Ptr(p)) => (v, 1u8, fingerprint(&p.obj, &mut memo)).hash(&mut h),
            Some(SVal::Int(t)) => (v, 2u8, t.sort()).hash(&mut h),
            Some(SVal::Bool(_)) => (v, 3u8).hash(&mut h),
            None => (v, 0u8).hash(&mut h),
        }
    }
    for id in st.memory.ids() {
        if let Some(o) = st.memory.get(id) {
            (id, fingerprint(&o.size, &mut memo), o.alive, o.readonly, format!("{:?}", o.kind), &*o.name).hash(&mut h);
            (o.data.stride(), o.ptrs.stride(), fingerprint(&o.freed_if, &mut memo)).hash(&mut h);
        }
    }
    h.finish()
}

impl SharedTemplate {
    /// Exports `t`, computed for `st`: the symbols made since `mark` ([`Term::syms_made`]
    /// before the computation) are the template's own; any other must be one of `st`'s shape
    /// ([`shape_symbols`]), else `None` (the template depends on more of the state than its
    /// shape says, and is not shared).
    pub fn export(
        t: &Template,
        count: Option<&Option<Term>>,
        mark: u32,
        eng: &Engine<'_>,
        st: &State,
    ) -> Option<SharedTemplate> {
        let mut e = Exporter::new();
        let count = count.map(|c| c.as_ref().map(|c| e.add(c)));
        let pair = |e: &mut Exporter, p: &Option<(Term, Term)>| p.as_ref().map(|(a, b)| (e.add(a), e.add(b)));
        let kappa = e.add(&t.kappa);
        let init = t.init.iter().map(|(v, x)| (*v, e.add(x))).collect();
        let sites = t
            .sites
            .iter()
            .map(|s| SharedSite {
                edge: s.edge,
                kind: s.kind,
                origin: s.origin.clone(),
                ty: s.ty,
                span: s.span,
                array: e.add(&s.array),
            })
            .collect();
        let exits = t
            .exits
            .iter()
            .map(|x| SharedExit {
                edge: x.edge,
                loc: x.loc,
                theta: x.theta.iter().map(|(v, y)| (*v, e.add(y))).collect(),
                rest: e.add(&x.rest),
                forall: pair(&mut e, &x.forall),
                prefix_sites: x.prefix_sites.clone(),
                label: x.label.clone(),
            })
            .collect();
        let forall = pair(&mut e, &t.forall);
        let returns = pair(&mut e, &t.returns);
        let mut fs: Vec<SymId> = t.forall_syms.iter().copied().collect();
        fs.sort();
        let forall_syms = fs.into_iter().map(|s| e.sym(s)).collect();
        let syms = e.symbols();
        let mut state_syms: Option<HashSet<SymId>> = None;
        let mut own = Vec::with_capacity(syms.len());
        for s in syms {
            let mine = s.0 >= mark;
            if !mine {
                let of_state = state_syms.get_or_insert_with(|| shape_symbols(eng, st).into_values().collect());
                if !of_state.contains(&s) {
                    return None;
                }
            }
            own.push(mine);
        }
        Some(SharedTemplate {
            dag: e.finish(),
            own,
            cycle: t.cycle,
            entry: t.entry,
            kappa,
            init,
            sites,
            core_sites: t.core_sites.clone(),
            exits,
            filtered: t.filtered,
            forall,
            forall_syms,
            returns,
            count,
        })
    }

    /// Its exits were filtered ([`crate::template::filter_exits`]).
    pub fn filtered(&self) -> bool {
        self.filtered
    }

    /// Its number of iterations was computed.
    pub fn counted(&self) -> bool {
        self.count.is_some()
    }

    /// The template in this thread's pool, for `st` (whose shared shape is the one the
    /// template was published under): its own symbols made afresh with their names, the
    /// state's mapped by name to `st`'s; `None` if `st` lacks one of them. With it, its
    /// number of iterations if it was computed.
    pub fn import(&self, eng: &Engine<'_>, st: &State) -> Option<(Template, Option<Option<Term>>)> {
        let mut state_syms: Option<HashMap<String, SymId>> = None;
        let imp = self.dag.import(|i, name, sort| {
            if *self.own.get(i)? {
                Some(Term::fresh_sym(name, sort))
            } else {
                state_syms.get_or_insert_with(|| shape_symbols(eng, st)).get(name).copied()
            }
        })?;
        let term = |i: u32| imp.term(i);
        let pair = |p: &Option<(u32, u32)>| -> Option<Option<(Term, Term)>> {
            match p {
                Some((a, b)) => Some(Some((term(*a)?, term(*b)?))),
                None => Some(None),
            }
        };
        let mut sites = Vec::with_capacity(self.sites.len());
        for s in &self.sites {
            sites.push(Site {
                edge: s.edge,
                kind: s.kind,
                origin: s.origin.clone(),
                ty: s.ty,
                span: s.span,
                array: term(s.array)?,
            });
        }
        let mut exits = Vec::with_capacity(self.exits.len());
        for x in &self.exits {
            exits.push(Exit {
                edge: x.edge,
                loc: x.loc,
                theta: x.theta.iter().map(|(v, y)| Some((*v, term(*y)?))).collect::<Option<Vec<_>>>()?,
                rest: term(x.rest)?,
                forall: pair(&x.forall)?,
                prefix_sites: x.prefix_sites.clone(),
                label: x.label.clone(),
            });
        }
        let count = match self.count {
            Some(Some(c)) => Some(Some(term(c)?)),
            Some(None) => Some(None),
            None => None,
        };
        let t = Template {
            cycle: self.cycle,
            entry: self.entry,
            kappa: term(self.kappa)?,
            init: self.init.iter().map(|(v, x)| Some((*v, term(*x)?))).collect::<Option<Vec<_>>>()?,
            sites,
            core_sites: self.core_sites.clone(),
            exits,
            filtered: self.filtered,
            forall: pair(&self.forall)?,
            forall_syms: self.forall_syms.iter().map(|&i| imp.syms.get(i as usize).copied()).collect::<Option<_>>()?,
            returns: pair(&self.returns)?,
        };
        Some((t, count))
    }
}

/// The pool of a worker of `--jobs`, if this engine is one.
pub fn pool<'a>(eng: &'a Engine<'_>) -> Option<&'a std::sync::Arc<kappa_engine::WorkerPool>> {
    match &eng.config().share {
        kappa_engine::Share::Worker { count: 2.., pool, .. } => Some(pool),
        _ => None,
    }
}

/// What a worker takes from the pool: a template (or why there is none) and, if known, its
/// number of iterations.
pub type Taken = (Result<Rc<Template>, String>, Option<Option<Term>>);

/// Rebuilds a pool entry (what another worker computed) for `st`; `None` if it does not fit.
pub fn import_entry(eng: &Engine<'_>, st: &State, entry: &(dyn std::any::Any + Send + Sync)) -> Option<Taken> {
    match entry.downcast_ref::<Shared>()? {
        Ok(t) => t.import(eng, st).map(|(t, c)| (Ok(Rc::new(t)), c)),
        Err(why) => Some((Err(why.clone()), None)),
    }
}

/// Looks up (cycle `id`, `shape`) in the pool and imports what another worker computed.
pub fn take(eng: &Engine<'_>, st: &State, id: u32, shape: u64) -> Option<Taken> {
    let entry = pool(eng)?.templates.get((id, shape))?;
    import_entry(eng, st, entry.as_ref())
}

/// What this worker computed, as the pool's entry; a template is exported with the symbols
/// made since `mark` as its own ([`SharedTemplate::export`]). `None` when it cannot be shared.
pub fn entry(
    eng: &Engine<'_>,
    st: &State,
    r: &Result<Rc<Template>, String>,
    count: Option<&Option<Term>>,
    mark: u32,
) -> Option<std::sync::Arc<dyn std::any::Any + Send + Sync>> {
    let shared: Shared = match r {
        Ok(t) => Ok(SharedTemplate::export(t, count, mark, eng, st)?),
        Err(why) => Err(why.clone()),
    };
    Some(std::sync::Arc::new(shared))
}
