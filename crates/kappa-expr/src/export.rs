//! Terms as owned DAGs that may cross threads (docs/design-parallel.md, "Templates computed
//! once"). A [`Term`] lives in its thread's pool and names its symbols by the thread's
//! [`SymId`]s; a [`Dag`] holds the same terms as plain data — nodes in topological order,
//! children by index, symbols by name and sort — so that one worker of `--jobs` can compute
//! something made of terms (a loop template of compact mode) and another rebuild it in its own
//! pool ([`Dag::import`]), mapping each symbol by name to one of its own.

use crate::term::{Op, Sort, SymId, Term};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// One node of a [`Dag`]: an operator (a symbol's `Op::Var` holds the index of the symbol in
/// [`Dag::syms`], not a thread's id), its sort and its children (indices of earlier nodes).
#[derive(Clone, Debug)]
struct DagNode {
    op: Op,
    sort: Sort,
    args: Vec<u32>,
}

/// Terms exported from one thread's pool: owned, `Send`, nodes in topological order.
#[derive(Clone, Debug, Default)]
pub struct Dag {
    /// The symbols the nodes mention, by name and sort.
    pub syms: Vec<(String, Sort)>,
    nodes: Vec<DagNode>,
}

/// Builds a [`Dag`] from terms, sharing common subterms (each distinct term is one node).
#[derive(Default)]
pub struct Exporter {
    dag: Dag,
    seen: HashMap<u64, u32>,
    sym_index: HashMap<SymId, u32>,
}

impl Exporter {
    pub fn new() -> Self {
        Exporter::default()
    }

    /// The node of `t` (and of its subterms, once each), iteratively: terms made over many
    /// iterations are deep chains.
    pub fn add(&mut self, t: &Term) -> u32 {
        if let Some(&i) = self.seen.get(&t.id()) {
            return i;
        }
        let mut stack: Vec<(Term, bool)> = vec![(t.clone(), false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.seen.contains_key(&x.id()) {
                continue;
            }
            if !expanded {
                stack.push((x.clone(), true));
                for a in x.args() {
                    if !self.seen.contains_key(&a.id()) {
                        stack.push((a.clone(), false));
                    }
                }
                continue;
            }
            let op = match x.op() {
                Op::Var(s) => Op::Var(SymId(self.sym(s))),
                op => op,
            };
            let args = x.args().iter().map(|a| self.seen[&a.id()]).collect();
            let i = self.dag.nodes.len() as u32;
            self.dag.nodes.push(DagNode { op, sort: x.sort(), args });
            self.seen.insert(x.id(), i);
        }
        self.seen[&t.id()]
    }

    /// The index of symbol `s` in [`Dag::syms`] (added if new).
    pub fn sym(&mut self, s: SymId) -> u32 {
        if let Some(&i) = self.sym_index.get(&s) {
            return i;
        }
        let info = Term::sym_info(s);
        let i = self.dag.syms.len() as u32;
        self.dag.syms.push((info.name.to_string(), info.sort));
        self.sym_index.insert(s, i);
        i
    }

    /// The symbols added so far, in the order of [`Dag::syms`].
    pub fn symbols(&self) -> Vec<SymId> {
        let mut v: Vec<(u32, SymId)> = self.sym_index.iter().map(|(s, i)| (*i, *s)).collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect()
    }

    pub fn finish(self) -> Dag {
        self.dag
    }
}

/// The terms of a [`Dag`] rebuilt in this thread's pool.
pub struct Imported {
    terms: Vec<Term>,
    /// This thread's symbol for each of [`Dag::syms`].
    pub syms: Vec<SymId>,
}

impl Imported {
    /// The term of node `i` (an index [`Exporter::add`] returned).
    pub fn term(&self, i: u32) -> Option<Term> {
        self.terms.get(i as usize).cloned()
    }
}

impl Dag {
    /// Rebuilds the terms in this thread's pool, exactly as they were (no simplification:
    /// [`Term::mk`]), each symbol replaced by `sym(index in [`Dag::syms`], name, sort)`; `None` if `sym` has none for one
    /// of them, a symbol it gives has another sort, or the DAG is malformed.
    pub fn import(&self, mut sym: impl FnMut(usize, &str, Sort) -> Option<SymId>) -> Option<Imported> {
        let mut syms = Vec::with_capacity(self.syms.len());
        for (i, (name, sort)) in self.syms.iter().enumerate() {
            let s = sym(i, name, *sort)?;
            if Term::sym_sort(s) != *sort {
                return None;
            }
            syms.push(s);
        }
        let mut terms: Vec<Term> = Vec::with_capacity(self.nodes.len());
        for n in &self.nodes {
            let op = match n.op {
                Op::Var(SymId(i)) => Op::Var(*syms.get(i as usize)?),
                op => op,
            };
            let args = n.args.iter().map(|&a| terms.get(a as usize).cloned()).collect::<Option<Vec<_>>>()?;
            terms.push(Term::mk(op, args, n.sort));
        }
        Some(Imported { terms, syms })
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// A hash of a term's structure that is the same in every thread: operators, sorts, constants
/// and symbols by name and sort ([`Term::structural_hash`] mixes the children's ids, which are
/// the thread's). Two terms of one thread with the same fingerprint may differ in symbols of
/// the same name; `memo` caches subterms by id.
pub fn fingerprint(t: &Term, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&h) = memo.get(&t.id()) {
        return h;
    }
    let mut stack: Vec<(Term, bool)> = vec![(t.clone(), false)];
    while let Some((x, expanded)) = stack.pop() {
        if memo.contains_key(&x.id()) {
            continue;
        }
        if !expanded {
            stack.push((x.clone(), true));
            for a in x.args() {
                if !memo.contains_key(&a.id()) {
                    stack.push((a.clone(), false));
                }
            }
            continue;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        match x.op() {
            Op::Var(s) => {
                let info = Term::sym_info(s);
                ("var", &*info.name).hash(&mut h);
            }
            op => op.hash(&mut h),
        }
        x.sort().hash(&mut h);
        for a in x.args() {
            memo[&a.id()].hash(&mut h);
        }
        memo.insert(x.id(), h.finish());
    }
    memo[&t.id()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Elem;

    /// A DAG made in one thread and rebuilt in another gives the same terms (printed alike,
    /// symbols mapped by name), shares common subterms, and has the same fingerprints.
    #[test]
    fn a_dag_crosses_threads_and_keeps_its_structure() {
        let x = Term::fresh("x#1", Sort::Bv(32));
        let a = Term::fresh("a#2", Sort::Array(Elem::Bv(64), Elem::Bv(32)));
        let k = Term::fresh("kappa#3", Sort::Bv(64));
        let sel = a.select(&k);
        let t1 = x.bvadd(&sel).bvult(&Term::bv(7, 32));
        let t2 = sel.eq(&x);
        let mut e = Exporter::new();
        let (i1, i2) = (e.add(&t1), e.add(&t2));
        let shared = e.add(&sel);
        let dag = e.finish();
        assert_eq!(dag.syms.len(), 3);
        let (s1, s2) = (t1.to_string(), t2.to_string());
        let mut memo = HashMap::new();
        let (f1, f2) = (fingerprint(&t1, &mut memo), fingerprint(&t2, &mut memo));
        let (r1, r2, g1, g2, same, made) = std::thread::spawn(move || {
            // Another thread's pool: make some symbols first so that ids differ.
            let _ = Term::fresh("other", Sort::Bool);
            let x2 = Term::fresh("x#1", Sort::Bv(32));
            let mut made = Vec::new();
            let imp = dag
                .import(|_, name, sort| {
                    made.push(name.to_string());
                    Some(if name == "x#1" { x2.as_var()? } else { Term::fresh_sym(name, sort) })
                })
                .expect("imports");
            let (t1, t2, sel) = (imp.term(i1).unwrap(), imp.term(i2).unwrap(), imp.term(shared).unwrap());
            let mut below = vec![t1.clone()];
            let (mut has_sel, mut has_x) = (false, false);
            while let Some(t) = below.pop() {
                has_sel |= t == sel;
                has_x |= t == x2;
                below.extend(t.args().iter().cloned());
            }
            let same = has_sel && has_x;
            let mut memo = HashMap::new();
            (t1.to_string(), t2.to_string(), fingerprint(&t1, &mut memo), fingerprint(&t2, &mut memo), same, made)
        })
        .join()
        .unwrap();
        assert_eq!((r1, r2), (s1, s2));
        assert_eq!((g1, g2), (f1, f2));
        assert!(same, "common subterms stay shared and symbols map by name");
        assert_eq!(made.len(), 3);
        // A symbol of another sort is refused.
        let mut e = Exporter::new();
        e.add(&x);
        assert!(e.finish().import(|_, _, _| Some(Term::fresh_sym("x#1", Sort::Bv(8)))).is_none());
        // A different structure has another fingerprint.
        let mut memo = HashMap::new();
        assert_ne!(fingerprint(&t1, &mut memo), fingerprint(&t1.not(), &mut memo));
    }
}
