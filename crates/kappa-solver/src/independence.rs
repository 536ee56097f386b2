//! KLEE's independent-constraint optimisation. Constraints of the path condition that share no
//! symbol with the new condition, even through other constraints, cannot change whether it is
//! satisfiable: they are satisfiable on their own (the path condition is), by values of symbols
//! the condition does not mention. Dropping them makes queries smaller and, more importantly,
//! makes the same small factors recur across paths, which is what the caches below feed on.

use crate::syms::InfoCache;
use crate::{Counters, Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{SymId, Term};
use std::collections::HashMap;
use std::time::Instant;

/// How [`IndependenceSolver::model`] solves a query whose constraints fall into several
/// independent groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModelStrategy {
    /// Each group as its own query, the models merged (KLEE's `computeInitialValues`). Each
    /// group is a query the caches below may already know.
    Split,
    /// The whole query at once.
    Whole,
}

/// Passes on only the constraints relevant to the condition (see the module documentation).
/// Valid only if the path condition of each query is satisfiable.
pub struct IndependenceSolver<S> {
    inner: S,
    strategy: ModelStrategy,
    infos: InfoCache,
    counters: Counters,
    dropped: u64,
}

impl<S: Solver> IndependenceSolver<S> {
    pub fn new(inner: S) -> Self {
        IndependenceSolver::with_strategy(inner, ModelStrategy::Split)
    }

    pub fn with_strategy(inner: S, strategy: ModelStrategy) -> Self {
        IndependenceSolver {
            inner,
            strategy,
            infos: InfoCache::new(1 << 16),
            counters: Counters::default(),
            dropped: 0,
        }
    }

    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The groups of constraints (indices into `cs`) connected by shared symbols, in order of
    /// their first constraint. Constraints without free symbols join the group of the last
    /// constraint (the condition), so that a closed condition is still checked.
    fn groups(&mut self, cs: &[&Term]) -> Vec<Vec<usize>> {
        let mut uf = UnionFind::default();
        let mut first: Vec<Option<SymId>> = Vec::with_capacity(cs.len());
        for c in cs {
            let info = self.infos.get(c);
            let mut it = info.free.iter();
            let f = it.next().copied();
            if let Some(f) = f {
                for &s in it {
                    uf.union(f, s);
                }
            }
            first.push(f);
        }
        let last_root = first.last().copied().flatten().map(|s| uf.find(s));
        let mut index: HashMap<Option<SymId>, usize> = HashMap::new();
        let mut out: Vec<Vec<usize>> = Vec::new();
        for (i, f) in first.iter().enumerate() {
            let root = f.map(|s| uf.find(s)).or(last_root);
            let g = *index.entry(root).or_insert_with(|| {
                out.push(Vec::new());
                out.len() - 1
            });
            out[g].push(i);
        }
        out
    }

    /// The constraints of `pc` relevant to `cond`.
    fn relevant(&mut self, q: &Query) -> Vec<Term> {
        let cond_syms = self.infos.get(&q.cond).free.clone();
        if cond_syms.is_empty() {
            // A closed condition: its truth does not depend on the path condition.
            return Vec::new();
        }
        let mut uf = UnionFind::default();
        let infos: Vec<_> = q.pc.iter().map(|c| self.infos.get(c)).collect();
        for info in &infos {
            if let Some((&f, rest)) = info.free.split_first() {
                for &s in rest {
                    uf.union(f, s);
                }
            }
        }
        for &s in &cond_syms[1..] {
            uf.union(cond_syms[0], s);
        }
        let root = uf.find(cond_syms[0]);
        q.pc.iter()
            .zip(&infos)
            .filter(|(_, info)| info.free.first().is_some_and(|&f| uf.find(f) == root))
            .map(|(c, _)| c.clone())
            .collect()
    }

    fn model_split(&mut self, q: &Query) -> Result<Model, SatResult> {
        let cs: Vec<&Term> = q.constraints().collect();
        let groups = self.groups(&cs);
        let mut model = Model::new();
        // The group of the condition first: it is the one that can be unsatisfiable.
        for g in groups.iter().rev() {
            let Some((&last, rest)) = g.split_last() else { continue };
            let pc: Vec<Term> = rest.iter().map(|&i| cs[i].clone()).collect();
            let sub = Query { pc: &pc, cond: cs[last].clone() };
            model.merge(self.inner.model(&sub)?);
        }
        Ok(model)
    }
}

impl<S: Solver> Solver for IndependenceSolver<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        let start = Instant::now();
        let r = match q.cond.as_bool() {
            Some(true) => SatResult::Sat,
            Some(false) => SatResult::Unsat,
            None => {
                let pc = self.relevant(q);
                self.dropped += (q.pc.len() - pc.len()) as u64;
                self.inner.check(&Query { pc: &pc, cond: q.cond.clone() })
            }
        };
        self.counters.record(&r, false, start.elapsed());
        r
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        let start = Instant::now();
        let r = match self.strategy {
            ModelStrategy::Split => self.model_split(q),
            ModelStrategy::Whole => self.inner.model(q),
        };
        self.counters.record_model(&r, start.elapsed());
        r
    }

    /// The caches key on the condition's factor, as [`Solver::check`] asks them.
    fn check_cached(&mut self, q: &Query) -> Option<SatResult> {
        match q.cond.as_bool() {
            Some(true) => Some(SatResult::Sat),
            Some(false) => Some(SatResult::Unsat),
            None => {
                let pc = self.relevant(q);
                self.inner.check_cached(&Query { pc: &pc, cond: q.cond.clone() })
            }
        }
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.counters.over(self.inner.stats());
        s.independent_dropped += self.dropped;
        s
    }

    pass_limits_on!(timeout, deadline, rlimit, work, models);

    fn cache_memory(&self) -> crate::CacheMemory {
        let mut m = self.inner.cache_memory();
        m.infos += self.infos.len() as u64;
        m
    }

    fn release_caches(&mut self) {
        self.infos.clear();
        self.inner.release_caches()
    }
}

/// Union-find over symbols, with path halving.
#[derive(Default)]
struct UnionFind {
    parent: HashMap<SymId, SymId>,
}

impl UnionFind {
    fn find(&mut self, mut s: SymId) -> SymId {
        loop {
            let p = *self.parent.entry(s).or_insert(s);
            if p == s {
                return s;
            }
            let gp = *self.parent.entry(p).or_insert(p);
            self.parent.insert(s, gp);
            s = gp;
        }
    }

    fn union(&mut self, a: SymId, b: SymId) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
}
