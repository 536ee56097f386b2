//! Caches in front of the core solver: KLEE's `CachingSolver` and `CexCachingSolver` in one
//! layer, since both key on the set of constraints of a query.
//!
//! A query is the set of its constraints (`pc` ∪ {`cond`}), keyed by their sorted term ids.
//! Answers are reused when
//! * the same set was answered before (exact hit);
//! * the set contains a set known to be unsatisfiable (unsat-subset hit);
//! * the set is contained in a set known to be satisfiable (sat-superset hit), whose model then
//!   satisfies the query;
//! * a model of an earlier satisfiable query satisfies every constraint of this one, checked by
//!   evaluation (counterexample hit). This is what answers one side of most branches: the
//!   model found when the path condition was last extended often satisfies one of the two
//!   branch conditions.
//!
//! Every entry holds its terms, so their ids keep meaning what they meant. The caches are
//! bounded: past a number of entries, the older half is dropped.

use crate::syms::{free_symbols, InfoCache};
use crate::{Counters, Model, Query, SatResult, Solver, SolverStats};
use kappa_expr::{SymId, Term, Value};
use std::collections::{HashMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::time::Instant;

/// Hits of the caches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CachingStats {
    pub exact_hits: u64,
    pub unsat_subset_hits: u64,
    pub sat_superset_hits: u64,
    pub cex_hits: u64,
    /// Queries passed on to the inner solver.
    pub misses: u64,
}

enum Answer {
    /// Satisfiable, with a model when one was computed.
    Sat(Option<Rc<Model>>),
    Unsat,
}

struct Entry {
    /// Sorted, without duplicates.
    ids: Box<[u64]>,
    /// The constraints themselves: while the cache holds them, their ids cannot be reused.
    _terms: Box<[Term]>,
    answer: Answer,
}

enum Hit {
    Unsat,
    /// Satisfiable; a model of the query when one is known.
    Sat(Option<Model>),
}

/// The caches of the module documentation around an inner solver.
pub struct CachingSolver<S> {
    inner: S,
    entries: Vec<Entry>,
    exact: HashMap<Box<[u64]>, usize>,
    /// Term id → satisfiable entries containing it, oldest first.
    sat_postings: HashMap<u64, Vec<usize>>,
    /// Smallest term id → unsatisfiable entries whose smallest id it is.
    unsat_by_min: HashMap<u64, Vec<usize>>,
    /// The latest models, newest last.
    recent: VecDeque<Rc<Model>>,
    cap: usize,
    models_on_miss: bool,
    infos: InfoCache,
    counters: Counters,
    cstats: CachingStats,
}

/// Models of the latest satisfiable queries tried on every query.
const RECENT_MODELS: usize = 4;
/// Satisfiable entries sharing the query's newest constraint whose models are tried.
const CANDIDATES: usize = 8;
/// Entries looked at when searching a posting list.
const SCAN: usize = 64;

impl<S: Solver> CachingSolver<S> {
    pub fn new(inner: S) -> Self {
        CachingSolver::with_capacity(inner, 1 << 13)
    }

    /// At most `cap` entries are kept.
    pub fn with_capacity(inner: S, cap: usize) -> Self {
        CachingSolver {
            inner,
            entries: Vec::new(),
            exact: HashMap::new(),
            sat_postings: HashMap::new(),
            unsat_by_min: HashMap::new(),
            recent: VecDeque::new(),
            cap: cap.max(2),
            models_on_miss: true,
            infos: InfoCache::new(1 << 16),
            counters: Counters::default(),
            cstats: CachingStats::default(),
        }
    }

    /// Whether a `check` missing the caches asks the inner solver for a model (default), which
    /// costs a little more but feeds the counterexample cache, as KLEE's does.
    pub fn models_on_miss(mut self, yes: bool) -> Self {
        self.models_on_miss = yes;
        self
    }

    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The query's constraints sorted by id, without duplicates, and their ids.
    fn key(q: &Query) -> (Vec<Term>, Box<[u64]>) {
        let mut terms: Vec<Term> = q.constraints().cloned().collect();
        terms.sort();
        terms.dedup();
        let ids = terms.iter().map(Term::id).collect();
        (terms, ids)
    }

    fn lookup(&mut self, key: &[u64], terms: &[Term], q: &Query, syms: &[SymId]) -> Option<Hit> {
        if let Some(&e) = self.exact.get(key) {
            self.cstats.exact_hits += 1;
            return Some(match &self.entries[e].answer {
                Answer::Unsat => Hit::Unsat,
                Answer::Sat(m) => Hit::Sat(m.as_deref().cloned()),
            });
        }
        // A known unsatisfiable subset: its smallest id is one of the query's.
        for &id in key {
            if let Some(list) = self.unsat_by_min.get(&id) {
                if list.iter().rev().take(SCAN).any(|&e| subset(&self.entries[e].ids, key)) {
                    self.cstats.unsat_subset_hits += 1;
                    return Some(Hit::Unsat);
                }
            }
        }
        // A known satisfiable superset: it is in the posting list of every id of the query.
        let shortest = key.iter().map(|id| self.sat_postings.get(id).map_or(0, Vec::len)).min().unwrap_or(0);
        if shortest > 0 {
            let list = key.iter().filter_map(|id| self.sat_postings.get(id)).min_by_key(|l| l.len());
            if let Some(list) = list {
                for &e in list.iter().rev().take(SCAN) {
                    if subset(key, &self.entries[e].ids) {
                        if let Answer::Sat(m) = &self.entries[e].answer {
                            self.cstats.sat_superset_hits += 1;
                            return Some(Hit::Sat(m.as_ref().map(|m| restrict(m, syms))));
                        }
                    }
                }
            }
        }
        // Counterexamples: models of entries sharing the newest constraint that has any, then
        // the latest models.
        if !terms.iter().all(|t| self.infos.get(t).evaluable) {
            return None;
        }
        let mut candidates: Vec<Rc<Model>> = Vec::new();
        if let Some(list) = key.iter().rev().find_map(|id| self.sat_postings.get(id)) {
            let mut scored: Vec<(usize, usize)> =
                list.iter().rev().take(SCAN).map(|&e| (overlap(&self.entries[e].ids, key), e)).collect();
            scored.sort_by_key(|x| std::cmp::Reverse(x.0));
            for (_, e) in scored.into_iter().take(CANDIDATES) {
                if let Answer::Sat(Some(m)) = &self.entries[e].answer {
                    candidates.push(m.clone());
                }
            }
        }
        candidates.extend(self.recent.iter().rev().cloned());
        // The condition first: it is the constraint most likely to be false; then the newest
        // constraints (the largest ids), where a model of another path departs from this one.
        // Oldest first, a model of a sibling leaf of a comb (linsearch300) was refuted only by
        // the last of its 300 constraints.
        let order: Vec<&Term> = std::iter::once(&q.cond).chain(terms.iter().rev().filter(|t| **t != q.cond)).collect();
        let mut tried: Vec<*const Model> = Vec::new();
        for m in candidates {
            if tried.contains(&Rc::as_ptr(&m)) {
                continue;
            }
            tried.push(Rc::as_ptr(&m));
            // `eval` on a malformed term may panic: that only means "not decided".
            let sat =
                catch_unwind(AssertUnwindSafe(|| order.iter().all(|t| m.eval_completed(t) == Some(Value::Bool(true)))))
                    .unwrap_or(false);
            if sat {
                self.cstats.cex_hits += 1;
                let mut r = restrict(&m, syms);
                r.complete(syms);
                return Some(Hit::Sat(Some(r)));
            }
        }
        None
    }

    fn insert(&mut self, terms: Vec<Term>, ids: Box<[u64]>, answer: Answer) {
        if let Some(&e) = self.exact.get(&ids) {
            // Only to add a model to a satisfiable entry.
            if let (Answer::Sat(None), Answer::Sat(Some(m))) = (&self.entries[e].answer, &answer) {
                self.recent_push(m.clone());
                self.entries[e].answer = answer;
            }
            return;
        }
        if self.entries.len() >= self.cap {
            self.evict();
        }
        let e = self.entries.len();
        self.index(e, &ids, &answer);
        if let Answer::Sat(Some(m)) = &answer {
            self.recent_push(m.clone());
        }
        self.entries.push(Entry { ids, _terms: terms.into_boxed_slice(), answer });
    }

    fn recent_push(&mut self, m: Rc<Model>) {
        if self.recent.len() >= RECENT_MODELS {
            self.recent.pop_front();
        }
        self.recent.push_back(m);
    }

    fn index(&mut self, e: usize, ids: &[u64], answer: &Answer) {
        self.exact.insert(ids.into(), e);
        match answer {
            Answer::Unsat => {
                if let Some(&min) = ids.first() {
                    self.unsat_by_min.entry(min).or_default().push(e);
                }
            }
            Answer::Sat(_) => {
                for &id in ids {
                    self.sat_postings.entry(id).or_default().push(e);
                }
            }
        }
    }

    /// Estimated bytes of the entries and their indices: per entry its key and its terms'
    /// handles (16 bytes a constraint), the model's values (some 64 bytes each: a `BTreeMap`
    /// node's share and the value), and the index entries (the exact map's key again, a
    /// posting per constraint of a satisfiable entry).
    fn bytes(&self) -> u64 {
        let mut b = 0u64;
        for e in &self.entries {
            let n = e.ids.len() as u64;
            b += 64 + 16 * n + 8 * n + 32;
            b += match &e.answer {
                Answer::Sat(m) => 8 * n + m.as_ref().map_or(0, |m| 64 * m.len() as u64),
                Answer::Unsat => 8,
            };
        }
        b
    }

    /// Drops the older half of the entries and rebuilds the indices.
    fn evict(&mut self) {
        let drop = self.entries.len() / 2;
        self.entries.drain(..drop);
        self.exact.clear();
        self.sat_postings.clear();
        self.unsat_by_min.clear();
        let entries = std::mem::take(&mut self.entries);
        for (e, entry) in entries.iter().enumerate() {
            self.index(e, &entry.ids, &entry.answer);
        }
        self.entries = entries;
    }

    fn solve(&mut self, q: &Query, want_model: bool) -> Result<Option<Model>, SatResult> {
        let (terms, ids) = Self::key(q);
        let syms = free_symbols(&mut self.infos, &terms);
        match self.lookup(&ids, &terms, q, &syms) {
            Some(Hit::Unsat) => return Err(SatResult::Unsat),
            Some(Hit::Sat(m)) if !want_model => return Ok(m),
            Some(Hit::Sat(Some(m))) => return Ok(Some(m)),
            Some(Hit::Sat(None)) | None => {}
        }
        self.cstats.misses += 1;
        // Models of quantified queries are costly to extract (Z3 evaluates its quantifier
        // instantiations), and a stored model rarely decides later quantified queries.
        let quantified = terms.iter().any(Term::has_quantifier);
        if want_model || (self.models_on_miss && !quantified) {
            match self.inner.model(q) {
                Ok(m) => {
                    let rc = Rc::new(m.clone());
                    self.insert(terms, ids, Answer::Sat(Some(rc)));
                    Ok(Some(m))
                }
                Err(SatResult::Unsat) => {
                    self.insert(terms, ids, Answer::Unsat);
                    Err(SatResult::Unsat)
                }
                Err(e) => Err(e),
            }
        } else {
            match self.inner.check(q) {
                SatResult::Sat => {
                    self.insert(terms, ids, Answer::Sat(None));
                    Ok(None)
                }
                SatResult::Unsat => {
                    self.insert(terms, ids, Answer::Unsat);
                    Err(SatResult::Unsat)
                }
                e => Err(e),
            }
        }
    }
}

/// `a ⊆ b` for sorted slices.
fn subset(a: &[u64], b: &[u64]) -> bool {
    if a.len() > b.len() {
        return false;
    }
    let mut j = 0;
    for x in a {
        while j < b.len() && b[j] < *x {
            j += 1;
        }
        if j == b.len() || b[j] != *x {
            return false;
        }
        j += 1;
    }
    true
}

/// `|a ∩ b|` for sorted slices.
fn overlap(a: &[u64], b: &[u64]) -> usize {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                n += 1;
                i += 1;
                j += 1;
            }
        }
    }
    n
}

fn restrict(m: &Model, syms: &[SymId]) -> Model {
    let mut r = m.clone();
    r.retain(syms);
    r
}

impl<S: Solver> Solver for CachingSolver<S> {
    fn check(&mut self, q: &Query) -> SatResult {
        let start = Instant::now();
        let r = match self.solve(q, false) {
            Ok(_) => SatResult::Sat,
            Err(e) => e,
        };
        self.counters.record(&r, false, start.elapsed());
        r
    }

    fn model(&mut self, q: &Query) -> Result<Model, SatResult> {
        let start = Instant::now();
        let r = match self.solve(q, true) {
            Ok(Some(m)) => Ok(m),
            Ok(None) => Err(SatResult::Unknown("no model".into())),
            Err(e) => Err(e),
        };
        self.counters.record_model(&r, start.elapsed());
        r
    }

    fn stats(&self) -> SolverStats {
        let mut s = self.counters.over(self.inner.stats());
        s.cache = self.cstats.clone();
        s
    }

    pass_limits_on!(timeout, deadline, rlimit, work);

    fn cache_memory(&self) -> crate::CacheMemory {
        let mut m = self.inner.cache_memory();
        m.query_entries += self.entries.len() as u64;
        m.query_bytes += self.bytes();
        m.infos += self.infos.len() as u64;
        m
    }

    /// Every entry and the latest models go (their constraints' terms with them, unless a
    /// state holds them); the hit counters stay.
    fn release_caches(&mut self) {
        self.entries = Vec::new();
        self.exact = HashMap::new();
        self.sat_postings = HashMap::new();
        self.unsat_by_min = HashMap::new();
        self.recent.clear();
        self.infos.clear();
        self.inner.release_caches()
    }

    /// The caches' answer, if they have one; a miss asks nothing further (and is not counted
    /// as one: the query may still come as a [`Solver::check`]).
    fn check_cached(&mut self, q: &Query) -> Option<SatResult> {
        let (terms, ids) = Self::key(q);
        let syms = free_symbols(&mut self.infos, &terms);
        match self.lookup(&ids, &terms, q, &syms)? {
            Hit::Unsat => Some(SatResult::Unsat),
            Hit::Sat(_) => Some(SatResult::Sat),
        }
    }

    fn recent_models(&self) -> Vec<Model> {
        self.recent.iter().map(|m| (**m).clone()).collect()
    }

    fn seed_models(&mut self, models: Vec<Model>) {
        for m in models {
            self.recent_push(Rc::new(m));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{overlap, subset};

    #[test]
    fn sorted_set_operations() {
        assert!(subset(&[], &[1, 2]));
        assert!(subset(&[2, 5], &[1, 2, 3, 5]));
        assert!(!subset(&[2, 4], &[1, 2, 3, 5]));
        assert!(!subset(&[1, 2, 3], &[1, 2]));
        assert_eq!(overlap(&[1, 3, 5, 7], &[3, 4, 5, 6, 7]), 3);
        assert_eq!(overlap(&[], &[1]), 0);
    }
}
