//! State selection: the queue Q of Algorithm 2. Techniques plug in their own searcher (loop
//! state pruning does, in `kappa-prune`) through the [`Searcher`] trait and
//! [`Engine::set_searcher`].
//!
//! A searcher sees every state when it is created ([`Searcher::add`], with the state it came
//! from), so it can decide about a state at its creation, and selects with the engine at hand
//! ([`Searcher::select`]), so it can ask the solver ([`Engine::check`]) or read the coverage
//! ([`Engine::coverage`]) before it brings a state back.

use crate::config::SearchKind;
use crate::engine::Engine;
use crate::state::State;
use std::collections::VecDeque;

pub trait Searcher {
    fn name(&self) -> &'static str;
    fn push(&mut self, s: State);
    fn pop(&mut self) -> Option<State>;
    /// States held, whether they will be explored or not.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The states one step of the state `parent` left to explore (`None` for the initial
    /// state): the successors of a fork, a split or a loop summary in edge order, or the parent
    /// itself when it used up its step budget (same id). The default pushes each.
    fn add(&mut self, _eng: &Engine<'_>, _parent: Option<u64>, succs: Vec<State>) {
        for s in succs {
            self.push(s);
        }
    }

    /// The next state to step; `None` ends the run. The default pops.
    fn select(&mut self, _eng: &mut Engine<'_>) -> Option<State> {
        self.pop()
    }

    /// After `select` returned `None`: why the states still held are not explored (the run is
    /// then incomplete). `None` when nothing is held back.
    fn held_back(&self) -> Option<String> {
        None
    }

    /// Counters for the statistics (`searcher` in the JSON).
    fn counters(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }
}

/// The searcher of a plain order: breadth-first, depth-first or random (a seed for random).
/// Loop state pruning is a technique of its own crate: [`SearchKind::Prune`] gives breadth-first
/// here, and the caller sets the pruning searcher with [`Engine::set_searcher`].
pub fn by_kind(kind: SearchKind, seed: u64) -> Box<dyn Searcher> {
    match kind {
        SearchKind::Bfs | SearchKind::Prune => Box::new(Bfs::default()),
        SearchKind::Dfs => Box::new(Dfs::default()),
        SearchKind::Random => Box::new(RandomSearch::new(seed)),
    }
}

/// Breadth-first: the paper's queue.
#[derive(Default)]
pub struct Bfs(VecDeque<State>);

impl Searcher for Bfs {
    fn name(&self) -> &'static str {
        "bfs"
    }
    fn push(&mut self, s: State) {
        self.0.push_back(s)
    }
    fn pop(&mut self) -> Option<State> {
        self.0.pop_front()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Depth-first: memory stays proportional to the depth of the tree, not its width.
#[derive(Default)]
pub struct Dfs(Vec<State>);

impl Searcher for Dfs {
    fn name(&self) -> &'static str {
        "dfs"
    }
    fn push(&mut self, s: State) {
        self.0.push(s)
    }
    fn pop(&mut self) -> Option<State> {
        self.0.pop()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// Uniformly random choice among the pending states, reproducible from a seed.
pub struct RandomSearch {
    states: Vec<State>,
    rng: u64,
}

impl RandomSearch {
    pub fn new(seed: u64) -> Self {
        RandomSearch { states: Vec::new(), rng: seed | 1 }
    }

    fn next(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

impl Searcher for RandomSearch {
    fn name(&self) -> &'static str {
        "random"
    }
    fn push(&mut self, s: State) {
        self.states.push(s)
    }
    fn pop(&mut self) -> Option<State> {
        if self.states.is_empty() {
            return None;
        }
        let i = (self.next() % self.states.len() as u64) as usize;
        Some(self.states.swap_remove(i))
    }
    fn len(&self) -> usize {
        self.states.len()
    }
}
