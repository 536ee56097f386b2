//! State selection: the queue Q of Algorithm 2. Techniques plug in their own searcher (loop
//! state pruning does) through the [`Searcher`] trait.

use crate::state::State;
use std::collections::VecDeque;

pub trait Searcher {
    fn name(&self) -> &'static str;
    fn push(&mut self, s: State);
    fn pop(&mut self) -> Option<State>;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
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
