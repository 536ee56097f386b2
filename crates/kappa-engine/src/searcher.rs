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

mod distance;
mod interleaved;
pub use interleaved::{Interleaved, Strategies};

pub trait Searcher {
    fn name(&self) -> &'static str;
    fn push(&mut self, s: State);
    fn pop(&mut self) -> Option<State>;
    /// States held, whether they will be explored or not.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Removes `n` pending states to keep the memory cap and returns them. The default takes
    /// the states the searcher would run next; the built-in searchers choose at random, as
    /// KLEE does over its cap (`rng` is the engine's seeded generator).
    fn evict(&mut self, n: usize, rng: &mut u64) -> Vec<State> {
        let _ = rng;
        (0..n).map_while(|_| self.pop()).collect()
    }

    /// A state to hand to a worker that has none (`--jobs`: work stealing), one whose subtree
    /// is likely large, if `accept` takes it (the pool judges by the state's depth whether
    /// its subtree pays for its replay, [`crate::WorkerPool::accepts`]). The built-in
    /// searchers offer their shallowest state that is not [`State::pinned`] (breadth-first
    /// its oldest, depth-first the bottom of its stack): on a tree that widens, the largest
    /// subtree and the cheapest replay; handing a random one over (as before 2026-12-02 for
    /// the random searchers) mostly gave a deep state with a small subtree. The default
    /// offers one state as `evict` chooses and puts it back if it is pinned or refused.
    fn donate(&mut self, rng: &mut u64, accept: &mut dyn FnMut(&State) -> bool) -> Option<State> {
        let s = self.evict(1, rng).pop()?;
        if s.pinned || !accept(&s) {
            self.push(s);
            return None;
        }
        Some(s)
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

/// The next number of a xorshift64* generator.
fn xorshift64_star(rng: &mut u64) -> u64 {
    let mut x = *rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *rng = x;
    x.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// `n` of the `len` positions, chosen uniformly at random (xorshift64* from `rng`).
fn random_positions(len: usize, n: usize, rng: &mut u64) -> Vec<bool> {
    let mut chosen = vec![false; len];
    let mut left = n.min(len);
    // Selection sampling (Knuth's algorithm S): each position with probability left/remaining.
    for (i, c) in chosen.iter_mut().enumerate() {
        if left == 0 {
            break;
        }
        let r = xorshift64_star(rng) % (len - i) as u64;
        if (r as usize) < left {
            *c = true;
            left -= 1;
        }
    }
    chosen
}

/// Removes the states at the chosen positions, keeping the order of the others.
fn evict_random<C>(states: &mut C, len: usize, n: usize, rng: &mut u64) -> Vec<State>
where
    C: Default + Extend<State> + IntoIterator<Item = State>,
{
    let chosen = random_positions(len, n, rng);
    let mut kept = C::default();
    let mut dropped = Vec::with_capacity(n);
    for (s, c) in std::mem::take(states).into_iter().zip(chosen) {
        if c {
            dropped.push(s);
        } else {
            kept.extend(std::iter::once(s));
        }
    }
    *states = kept;
    dropped
}

/// The searcher of a kind: breadth-first, depth-first, random, random-path, covnew or the last
/// two interleaved (a seed for the random choices). Loop state pruning is a technique of its
/// own crate: [`SearchKind::Prune`] gives breadth-first here, and the caller sets the pruning
/// searcher with [`Engine::set_searcher`].
pub fn by_kind(kind: SearchKind, seed: u64) -> Box<dyn Searcher> {
    match kind {
        SearchKind::Bfs | SearchKind::Prune => Box::new(Bfs::default()),
        SearchKind::Dfs => Box::new(Dfs::default()),
        SearchKind::Random => Box::new(RandomSearch::new(seed)),
        SearchKind::RandomPath => Box::new(Interleaved::new(Strategies::RandomPath, seed)),
        SearchKind::Covnew => Box::new(Interleaved::new(Strategies::Covnew, seed)),
        SearchKind::Interleaved => Box::new(Interleaved::new(Strategies::All, seed)),
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
    fn donate(&mut self, _rng: &mut u64, accept: &mut dyn FnMut(&State) -> bool) -> Option<State> {
        let i = self.0.iter().position(|s| !s.pinned)?;
        accept(&self.0[i]).then(|| self.0.remove(i))?
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn evict(&mut self, n: usize, rng: &mut u64) -> Vec<State> {
        let len = self.0.len();
        evict_random(&mut self.0, len, n, rng)
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
    fn donate(&mut self, _rng: &mut u64, accept: &mut dyn FnMut(&State) -> bool) -> Option<State> {
        let i = self.0.iter().position(|s| !s.pinned)?;
        accept(&self.0[i]).then(|| self.0.remove(i))
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn evict(&mut self, n: usize, rng: &mut u64) -> Vec<State> {
        let len = self.0.len();
        evict_random(&mut self.0, len, n, rng)
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
        xorshift64_star(&mut self.rng)
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
    fn donate(&mut self, _rng: &mut u64, accept: &mut dyn FnMut(&State) -> bool) -> Option<State> {
        let i = shallowest(self.states.iter().enumerate())?;
        accept(&self.states[i]).then(|| self.states.swap_remove(i))
    }
}

/// The position of the shallowest state that is not [`State::pinned`]; among equally deep
/// ones, an unchecked side (lazy feasibility: its check is Z3 work that the receiver does
/// instead of the donor) before the others, else the first.
fn shallowest<'a>(states: impl Iterator<Item = (usize, &'a State)>) -> Option<usize> {
    states.filter(|(_, s)| !s.pinned).min_by_key(|(_, s)| (s.depth, s.unchecked.is_none())).map(|(i, _)| i)
}
