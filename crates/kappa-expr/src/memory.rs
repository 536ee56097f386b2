//! Symbolic memories θ and symbolic states (l, θ, φ), with the operations of section 3.1 of the
//! compact symbolic execution paper (ATVA 2013):
//!
//! * θ⟨φ⟩ replaces every initial symbol a̲ = θ_I(a) in φ by θ(a) — [`SymMemory::apply`];
//! * θ1 ◇ θ2 is the memory with (θ1 ◇ θ2)(a) = θ1⟨θ2(a)⟩ — [`SymMemory::compose`];
//! * s1 ◇ s2 = (l2, θ1 ◇ θ2, φ1 ∧ θ1⟨φ2⟩) — [`SymState::compose`];
//! * s[ν] instantiates parameters κ by values — [`SymState::instantiate`].

use crate::term::{Sort, SymId, Term};
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
use std::rc::Rc;

/// The variables a memory speaks about, each with its initial symbol (θ_I).
#[derive(Debug)]
pub struct Frame<K: Ord> {
    init: BTreeMap<K, Term>,
    by_sym: HashMap<SymId, K>,
}

impl<K: Ord + Clone + Hash> Frame<K> {
    /// A frame with a fresh initial symbol per variable (named after it).
    pub fn new(vars: impl IntoIterator<Item = (K, String, Sort)>) -> Rc<Frame<K>> {
        let mut init = BTreeMap::new();
        let mut by_sym = HashMap::new();
        for (k, name, sort) in vars {
            let t = Term::fresh(&format!("{name}0"), sort);
            if let Some(s) = t.as_var() {
                by_sym.insert(s, k.clone());
            }
            init.insert(k, t);
        }
        Rc::new(Frame { init, by_sym })
    }

    /// θ_I(k): the symbol standing for the value of `k` when the memory starts.
    pub fn initial(&self, k: &K) -> Option<&Term> {
        self.init.get(k)
    }

    pub fn vars(&self) -> impl Iterator<Item = &K> {
        self.init.keys()
    }

    /// The variable whose initial value a symbol stands for.
    pub fn var_of(&self, s: SymId) -> Option<&K> {
        self.by_sym.get(&s)
    }
}

/// θ: the value of every variable of a frame as a term over initial symbols and inputs.
#[derive(Clone, Debug)]
pub struct SymMemory<K: Ord> {
    frame: Rc<Frame<K>>,
    /// Values that differ from the initial symbol.
    vals: BTreeMap<K, Term>,
}

impl<K: Ord + Clone + Hash> SymMemory<K> {
    /// θ_I: every variable holds its initial symbol.
    pub fn identity(frame: &Rc<Frame<K>>) -> Self {
        SymMemory { frame: frame.clone(), vals: BTreeMap::new() }
    }

    pub fn frame(&self) -> &Rc<Frame<K>> {
        &self.frame
    }

    /// θ(k).
    pub fn get(&self, k: &K) -> Option<Term> {
        self.vals.get(k).or_else(|| self.frame.initial(k)).cloned()
    }

    pub fn set(&mut self, k: K, t: Term) {
        if self.frame.initial(&k) == Some(&t) {
            self.vals.remove(&k);
        } else {
            self.vals.insert(k, t);
        }
    }

    /// The variables whose value is not their initial symbol.
    pub fn changed(&self) -> impl Iterator<Item = (&K, &Term)> {
        self.vals.iter()
    }

    fn substitution(&self) -> HashMap<SymId, Term> {
        self.vals
            .iter()
            .filter_map(|(k, v)| self.frame.initial(k).and_then(|t| t.as_var()).map(|s| (s, v.clone())))
            .collect()
    }

    /// θ⟨φ⟩: φ with each initial symbol a̲ replaced by θ(a).
    pub fn apply(&self, phi: &Term) -> Term {
        phi.substitute(&self.substitution())
    }

    /// θ1 ◇ θ2 (self = θ1): the effect of code with effect θ1 followed by code with effect θ2.
    pub fn compose(&self, other: &SymMemory<K>) -> SymMemory<K> {
        let sub = self.substitution();
        let mut memo = HashMap::new();
        let mut out = self.clone();
        for k in self.frame.vars() {
            let Some(v2) = other.get(k) else { continue };
            let v = v2.subst_memo(&sub, &mut memo);
            out.set(k.clone(), v);
        }
        out
    }

    /// Replaces symbols (parameters κ, say) in every value.
    pub fn substitute(&self, map: &HashMap<SymId, Term>) -> SymMemory<K> {
        let mut memo = HashMap::new();
        let mut out = SymMemory::identity(&self.frame);
        for (k, v) in &self.vals {
            out.set(k.clone(), v.subst_memo(map, &mut memo));
        }
        out
    }

    /// θ ≡ θ' syntactically (hash-consing makes equal simplified terms identical).
    pub fn same_as(&self, other: &SymMemory<K>) -> bool {
        self.frame.vars().all(|k| self.get(k) == other.get(k))
    }
}

/// A symbolic state (l, θ, φ).
#[derive(Clone, Debug)]
pub struct SymState<L, K: Ord> {
    pub loc: L,
    pub mem: SymMemory<K>,
    pub pc: Term,
}

impl<L: Clone, K: Ord + Clone + Hash> SymState<L, K> {
    pub fn initial(loc: L, frame: &Rc<Frame<K>>) -> Self {
        SymState { loc, mem: SymMemory::identity(frame), pc: Term::tt() }
    }

    /// s1 ◇ s2 = (l2, θ1 ◇ θ2, φ1 ∧ θ1⟨φ2⟩) (self = s1).
    pub fn compose(&self, other: &SymState<L, K>) -> SymState<L, K> {
        SymState {
            loc: other.loc.clone(),
            mem: self.mem.compose(&other.mem),
            pc: self.pc.and(&self.mem.apply(&other.pc)),
        }
    }

    /// s[ν]: each parameter replaced by its value.
    pub fn instantiate(&self, nu: &HashMap<SymId, Term>) -> SymState<L, K> {
        SymState { loc: self.loc.clone(), mem: self.mem.substitute(nu), pc: self.pc.substitute(nu) }
    }
}
