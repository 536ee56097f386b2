//! KLEE's default searcher for bug finding on real programs, `random-path` and `nurs:covnew`
//! taking turns (KLEE's `InterleavedSearcher`), with a depth-first stream as a third turn.
//!
//! * **random-path** walks the symbolic execution tree from its root and takes a child at
//!   random at every fork until it reaches a pending state: a state's chance halves with every
//!   fork above it, so states in small subtrees are not starved by big ones (uniform random
//!   selection favours the subtrees with the most states).
//! * **covnew** draws a state with weight `1/max(1, s - 1000)² + 1/md2u²` (KLEE's
//!   `WeightedRandomSearcher`, `CoveringNew`): `s` the edges the state ran since its path last
//!   reached a branch or line of the program that no state had reached (no first term if it
//!   never did), `md2u` its distance in edges to the nearest such branch or line not reached yet
//!   ([`super::distance`]; 10000 when none is reachable).
//! * **depth-first**: the newest state in `dfs` order. Every pending state has its place in
//!   that order, and a state the other turns take leaves its successors at its place, so the
//!   depth-first turn goes on where it was and is not restarted from short prefixes by the
//!   random choices (a searcher taking the newest state and a random one in turn is). A path to a
//!   bug through code that is already covered (a long line of input, tens of forks deep in one
//!   direction) gives coverage nothing to prefer it by, and random-path reaches a state `d` forks
//!   deep with probability `2^-d`; depth-first search goes there first.
//!
//! Every choice comes from one xorshift generator seeded by `--seed`, so a run repeats.

use super::distance::{Distances, FAR};
use super::{random_positions, xorshift64_star, Searcher};
use crate::engine::Engine;
use crate::state::State;

/// Which choices take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategies {
    RandomPath,
    Covnew,
    /// Random-path, covnew and depth-first in turn.
    All,
}

/// Edges a state may run after new coverage before its covnew weight falls (KLEE's 1000
/// instructions).
const COVNEW_SLACK: u64 = 1000;
/// covnew's distance when no uncovered code is reachable (KLEE's 10000).
const NO_DISTANCE: u32 = 10_000;

const NONE: usize = usize::MAX;

struct Node {
    parent: usize,
    children: Vec<usize>,
    /// The pending state at this leaf (a slot), if any.
    slot: usize,
}

struct Pending {
    state: State,
    node: usize,
    /// The depth at which the state's path last reached new coverage.
    new_at: Option<u64>,
    weight: f64,
}

/// A Fenwick tree of the pending states' weights, by slot: draws in O(log n).
#[derive(Default)]
struct Weights(Vec<f64>);

impl Weights {
    fn add(&mut self, slot: usize, w: f64) {
        if slot + 1 >= self.0.len() {
            return;
        }
        let mut i = slot + 1;
        while i < self.0.len() {
            self.0[i] += w;
            i += i & i.wrapping_neg();
        }
    }

    fn total(&self) -> f64 {
        let mut i = self.0.len().saturating_sub(1);
        let mut s = 0.0;
        while i > 0 {
            s += self.0[i];
            i &= i - 1;
        }
        s
    }

    /// The slot where the running sum passes `r`.
    fn find(&self, mut r: f64) -> usize {
        let n = self.0.len().saturating_sub(1);
        let mut pos = 0;
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next <= n && self.0[next] <= r {
                pos = next;
                r -= self.0[next];
            }
            step >>= 1;
        }
        pos
    }

    fn rebuild(&mut self, weights: impl Iterator<Item = f64>, slots: usize) {
        let n = slots.max(16).next_power_of_two();
        self.0 = vec![0.0; n + 1];
        for (s, w) in weights.enumerate() {
            let mut i = s + 1;
            while i <= n {
                self.0[i] += w;
                i += i & i.wrapping_neg();
            }
        }
    }
}

/// A state's place: its slot and its id.
type Place = (usize, u64);
/// The selected state's id, tree node, last new coverage and the state before it.
type Selected = (u64, usize, Option<u64>, Option<Place>);

pub struct Interleaved {
    strategies: Strategies,
    rng: u64,
    slots: Vec<Option<Pending>>,
    free: Vec<usize>,
    len: usize,
    nodes: Vec<Node>,
    free_nodes: Vec<usize>,
    weights: Weights,
    dist: Option<Distances>,
    /// The state last selected: its id, tree node, last new coverage and the state before it
    /// in depth-first order (slot and id), until its successors are added.
    current: Option<Selected>,
    /// Branches and lines reached when the current state was selected.
    reached_before: usize,
    /// Depth-first order, oldest first: a list through the slots.
    prev: Vec<usize>,
    next: Vec<usize>,
    first: usize,
    last: usize,
    /// Selections made: the turn is `turns % 3` (random-path, covnew, depth-first).
    turns: u64,
    picks: [u64; 3],
    distance_updates: u64,
}

impl Interleaved {
    pub fn new(strategies: Strategies, seed: u64) -> Interleaved {
        let root = Node { parent: NONE, children: Vec::new(), slot: NONE };
        Interleaved {
            strategies,
            rng: seed | 1,
            slots: Vec::new(),
            free: Vec::new(),
            len: 0,
            nodes: vec![root],
            free_nodes: Vec::new(),
            weights: Weights::default(),
            dist: None,
            current: None,
            reached_before: 0,
            prev: Vec::new(),
            next: Vec::new(),
            first: NONE,
            last: NONE,
            turns: 0,
            picks: [0; 3],
            distance_updates: 0,
        }
    }

    fn new_node(&mut self, parent: usize) -> usize {
        let n = Node { parent, children: Vec::new(), slot: NONE };
        let id = match self.free_nodes.pop() {
            Some(id) => {
                self.nodes[id] = n;
                id
            }
            None => {
                self.nodes.push(n);
                self.nodes.len() - 1
            }
        };
        self.nodes[parent].children.push(id);
        id
    }

    /// Removes an empty node and the ancestors it leaves empty.
    fn prune(&mut self, mut n: usize) {
        while n != 0 && n != NONE && self.nodes[n].children.is_empty() && self.nodes[n].slot == NONE {
            let p = self.nodes[n].parent;
            if let Some(i) = self.nodes[p].children.iter().position(|&c| c == n) {
                self.nodes[p].children.swap_remove(i);
            }
            self.free_nodes.push(n);
            n = p;
        }
    }

    fn weight(&self, st: &State, new_at: Option<u64>) -> f64 {
        let inv_new = match new_at {
            Some(d) => 1.0 / (st.depth.saturating_sub(d).saturating_sub(COVNEW_SLACK).max(1) as f64),
            None => 0.0,
        };
        let md2u = self.dist.as_ref().map_or(FAR, |d| d.of_state(st));
        let md2u = if md2u == 0 || md2u >= FAR { NO_DISTANCE } else { md2u };
        let inv_d = 1.0 / md2u as f64;
        inv_new * inv_new + inv_d * inv_d
    }

    /// Puts a state at tree node `node`.
    fn insert(&mut self, state: State, node: usize, new_at: Option<u64>) -> usize {
        let weight = self.weight(&state, new_at);
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.slots.push(None);
                self.slots.len() - 1
            }
        };
        self.nodes[node].slot = slot;
        self.slots[slot] = Some(Pending { state, node, new_at, weight });
        self.len += 1;
        if slot + 1 >= self.weights.0.len() {
            self.rebuild_weights();
        } else {
            self.weights.add(slot, weight);
        }
        slot
    }

    /// Links a slot into depth-first order after `after` (first when `NONE`).
    fn link_after(&mut self, slot: usize, after: usize) {
        if self.prev.len() <= slot {
            self.prev.resize(slot + 1, NONE);
            self.next.resize(slot + 1, NONE);
        }
        let next = if after == NONE { self.first } else { self.next[after] };
        self.prev[slot] = after;
        self.next[slot] = next;
        if after == NONE {
            self.first = slot;
        } else {
            self.next[after] = slot;
        }
        if next == NONE {
            self.last = slot;
        } else {
            self.prev[next] = slot;
        }
    }

    fn unlink(&mut self, slot: usize) {
        let (p, n) = (self.prev[slot], self.next[slot]);
        if p == NONE {
            self.first = n;
        } else {
            self.next[p] = n;
        }
        if n == NONE {
            self.last = p;
        } else {
            self.prev[n] = p;
        }
    }

    /// The pending state at `slot` has this id.
    fn holds(&self, slot: usize, id: u64) -> bool {
        self.slots.get(slot).and_then(|p| p.as_ref()).is_some_and(|p| p.state.id == id)
    }

    /// Takes the state out of its slot; its tree node stays (empty) for its successors.
    fn take(&mut self, slot: usize) -> Option<Pending> {
        let p = self.slots.get_mut(slot)?.take()?;
        self.unlink(slot);
        self.weights.add(slot, -p.weight);
        self.nodes[p.node].slot = NONE;
        self.free.push(slot);
        self.len -= 1;
        Some(p)
    }

    fn rebuild_weights(&mut self) {
        let n = self.slots.len();
        let ws: Vec<f64> = self.slots.iter().map(|p| p.as_ref().map_or(0.0, |p| p.weight)).collect();
        self.weights.rebuild(ws.into_iter(), n);
    }

    /// The program's branches and lines reached, with the distance table made on first use.
    fn reached(&mut self, eng: &Engine<'_>) -> usize {
        let dist = self.dist.get_or_insert_with(|| Distances::new(eng.program(), eng.coverage().map()));
        dist.count(eng.coverage().reached())
    }

    /// New distances once states reached more code; then every pending state's weight.
    fn refresh(&mut self, eng: &Engine<'_>) {
        let reached = self.reached(eng);
        if self.strategies == Strategies::RandomPath {
            return;
        }
        let Some(dist) = self.dist.as_mut() else { return };
        if dist.reached == reached {
            return;
        }
        dist.update(eng.program(), eng.coverage().map(), eng.coverage().reached());
        self.distance_updates += 1;
        for k in 0..self.slots.len() {
            if let Some(p) = &self.slots[k] {
                let w = self.weight(&p.state, p.new_at);
                if let Some(p) = &mut self.slots[k] {
                    p.weight = w;
                }
            }
        }
        self.rebuild_weights();
    }

    fn random_path(&mut self) -> Option<usize> {
        let mut n = 0;
        loop {
            if self.nodes[n].slot != NONE {
                return Some(self.nodes[n].slot);
            }
            let c = &self.nodes[n].children;
            if c.is_empty() {
                return None;
            }
            n = c[(xorshift64_star(&mut self.rng) % c.len() as u64) as usize];
        }
    }

    fn covnew(&mut self) -> Option<usize> {
        let total = self.weights.total();
        if total.is_nan() || total <= 0.0 {
            return None;
        }
        // 53 random bits as a fraction of the total.
        let r = (xorshift64_star(&mut self.rng) >> 11) as f64 / (1u64 << 53) as f64 * total;
        let s = self.weights.find(r);
        // Rounding may land on an empty slot: the nearest live one.
        if self.slots.get(s).is_some_and(|p| p.is_some()) {
            return Some(s);
        }
        (s..self.slots.len()).chain(0..s).find(|&k| self.slots[k].is_some())
    }

    /// The next state, and the state before it in depth-first order.
    fn choose(&mut self) -> Option<(Pending, Option<Place>)> {
        if let Some(cur) = self.current.take() {
            // Its successors were never added: the path ended outside `add`.
            self.prune(cur.1);
        }
        if self.len == 0 {
            return None;
        }
        let turn = match self.strategies {
            Strategies::RandomPath => 0,
            Strategies::Covnew => 1,
            Strategies::All => self.turns % 3,
        };
        self.turns += 1;
        let slot = match turn {
            0 => self.random_path(),
            1 => self.covnew(),
            _ => (self.last != NONE).then_some(self.last),
        };
        let slot = slot.or_else(|| self.slots.iter().position(|p| p.is_some()))?;
        self.picks[turn as usize] += 1;
        let before = self.prev.get(slot).copied().filter(|&b| b != NONE);
        let before = before.and_then(|b| Some((b, self.slots[b].as_ref()?.state.id)));
        self.take(slot).map(|p| (p, before))
    }
}

impl Searcher for Interleaved {
    fn name(&self) -> &'static str {
        match self.strategies {
            Strategies::RandomPath => "random-path",
            Strategies::Covnew => "covnew",
            Strategies::All => "interleaved",
        }
    }

    fn push(&mut self, s: State) {
        let node = self.new_node(0);
        let slot = self.insert(s, node, None);
        self.link_after(slot, self.last);
    }

    fn pop(&mut self) -> Option<State> {
        let (p, _) = self.choose()?;
        // Without `add`, the state's node is not wanted for successors.
        self.prune(p.node);
        Some(p.state)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn evict(&mut self, n: usize, rng: &mut u64) -> Vec<State> {
        let live: Vec<usize> = (0..self.slots.len()).filter(|&k| self.slots[k].is_some()).collect();
        let chosen = random_positions(live.len(), n, rng);
        let mut out = Vec::new();
        for (slot, c) in live.into_iter().zip(chosen) {
            if c {
                if let Some(p) = self.take(slot) {
                    self.prune(p.node);
                    out.push(p.state);
                }
            }
        }
        out
    }

    fn donate(&mut self, _rng: &mut u64, accept: &mut dyn FnMut(&State) -> bool) -> Option<State> {
        let slot = super::shallowest(self.slots.iter().enumerate().filter_map(|(k, p)| Some((k, &p.as_ref()?.state))))?;
        let p = self.slots[slot].as_ref()?;
        if !accept(&p.state) {
            return None;
        }
        let p = self.take(slot)?;
        self.prune(p.node);
        Some(p.state)
    }

    fn add(&mut self, eng: &Engine<'_>, parent: Option<u64>, succs: Vec<State>) {
        self.refresh(eng);
        let grew = self.reached(eng) > self.reached_before;
        // Successors take their parent's place in depth-first order; other states go last.
        let (node, new_at, mut after) = match self.current.take() {
            Some((id, node, new_at, before)) if Some(id) == parent => {
                let after = match before {
                    None => NONE,
                    Some((b, bid)) if self.holds(b, bid) => b,
                    Some(_) => self.last,
                };
                (node, new_at, after)
            }
            other => {
                if let Some((_, node, _, _)) = other {
                    self.prune(node);
                }
                (NONE, None, self.last)
            }
        };
        let one = succs.len() == 1;
        for s in succs {
            let new_at = if grew && parent.is_some() { Some(s.depth) } else { new_at };
            let at = if node == NONE {
                self.new_node(0)
            } else if one {
                node
            } else {
                self.new_node(node)
            };
            let slot = self.insert(s, at, new_at);
            self.link_after(slot, after);
            after = slot;
        }
        if node != NONE {
            self.prune(node);
        }
    }

    fn select(&mut self, eng: &mut Engine<'_>) -> Option<State> {
        self.refresh(eng);
        self.reached_before = self.reached(eng);
        let (p, before) = self.choose()?;
        self.current = Some((p.state.id, p.node, p.new_at, before));
        Some(p.state)
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("random_path_picks", self.picks[0]),
            ("covnew_picks", self.picks[1]),
            ("depth_first_picks", self.picks[2]),
            ("distance_updates", self.distance_updates),
        ]
    }
}
