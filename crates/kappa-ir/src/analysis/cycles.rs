//! Elementary cycles in the sense of Definition 1 of the ATVA 2013 compact symbolic execution
//! paper, the units templates are computed for.
//!
//! Definition 1: let `(u, e)` be an edge and `π = e ω e` a cyclic path such that `u e` is not a
//! suffix of `π` and the locations of `ω e` are pairwise distinct; let `X` be the edges not on
//! `π` whose source lies on `π`. Then `C = (π, e, X)` is a cycle with core `π`, entry location
//! `e` and exit edges `X`.
//!
//! So a core is an elementary circuit of the flowgraph, rotated to start at `e`, and `e`
//! qualifies as an entry when it has an incoming edge other than the core's last one: only then
//! can an execution arrive at `e` without having just gone around the core, which is where a
//! template replaces the iterations. The incoming edge may come from the core itself (the inner
//! loop's entry in nested loops, Fig. 3 of the paper). One circuit thus yields one cycle per
//! qualifying location on it. We work on edges, not location pairs: parallel edges between the
//! same two locations give distinct cores, and "`u e` is not a suffix of `π`" is read as "the
//! edge `(u, e)` is not the core's last edge".
//!
//! Two practical readings, both documented on [`CycleOptions`] and [`enumerate_cycles`]: only
//! the part of the flowgraph reachable from the function's entry is searched (states never
//! arrive elsewhere), and the function's entry counts as entered from the caller.
//!
//! Circuits are enumerated with Johnson's algorithm ("Finding all the elementary circuits of a
//! directed graph", 1975), which spends O(V + E) between two consecutive circuits. Their number
//! is exponential in the number of branches inside a loop (Appendix C of the paper), hence the
//! caps.

use super::scc::{is_nontrivial, Tarjan};
use super::Cfg;
use crate::program::{EdgeId, Function, Loc};

/// Limits and readings for [`enumerate_cycles`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleOptions {
    /// Stop after this many cycles (and report the enumeration as truncated).
    pub max_cycles: usize,
    /// Stop once the stored cores hold this many edges in total: long circuits in a large loop
    /// would otherwise use memory quadratic in the function's size before `max_cycles` is hit.
    pub max_core_edges: usize,
    /// Give up the circuits through one location (Johnson's root: a loop head, mostly) past
    /// this many, and keep none of them: a loop body with k sequential branches has 2^k
    /// circuits, which no template summarises usefully (alternating between them summarises
    /// nothing) and whose enumeration alone never ends for k ≈ 25. The loop is then explored
    /// classically; its inner loops (circuits that avoid the root) are still enumerated.
    pub max_circuits_per_root: usize,
    /// Treat the function's entry as having an extra incoming edge from the caller, so that a
    /// loop starting right at the entry (`f() { while (..) .. }` with no statement before it)
    /// still has a cycle entered there. With `false` Definition 1 is applied to the flowgraph
    /// alone.
    pub caller_enters_entry: bool,
}

impl Default for CycleOptions {
    fn default() -> Self {
        CycleOptions {
            max_cycles: 10_000,
            max_core_edges: 2_000_000,
            max_circuits_per_root: 64,
            caller_enters_entry: true,
        }
    }
}

/// A cycle `(π, e, X)` of Definition 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle {
    /// The entry location `e`.
    pub entry: Loc,
    /// The core `π` as edges: the first leaves `entry`, the last enters it. Its locations are
    /// pairwise distinct.
    pub core: Vec<EdgeId>,
    /// The exit edges `X`: every edge not on the core whose source is on the core, ordered by
    /// the position of their source along the core, then by edge order.
    pub exits: Vec<EdgeId>,
    /// The elementary circuit this cycle comes from: the cycles of one circuit are its rotations
    /// to each qualifying entry and share this number.
    pub circuit: u32,
}

impl Cycle {
    /// The locations of the core from the entry on (`e ω`, the final `e` not repeated).
    pub fn locs<'a>(&'a self, f: &'a Function) -> impl Iterator<Item = Loc> + 'a {
        self.core.iter().map(move |&e| f.edge(e).src)
    }

    /// The edges of the core from the entry up to location `u` on it: the prefix `ρ` of
    /// Algorithm 1, line 24, after which an exit edge from `u` is taken. `None` if `u` is not on
    /// the core.
    pub fn prefix_to(&self, f: &Function, u: Loc) -> Option<&[EdgeId]> {
        let k = self.core.iter().position(|&e| f.edge(e).src == u)?;
        Some(&self.core[..k])
    }
}

/// The cycles of a function.
#[derive(Clone, Debug, Default)]
pub struct Cycles {
    /// In enumeration order; the rotations of one circuit are adjacent.
    pub cycles: Vec<Cycle>,
    /// Indices into `cycles` per entry location.
    by_entry: Vec<Vec<u32>>,
    /// Number of elementary circuits enumerated (those whose cycles were cut off by a cap
    /// included).
    pub circuits: usize,
    /// A cap was hit: there are more cycles than `cycles` holds ("too many cycles").
    pub truncated: bool,
    /// Locations whose circuits were given up ([`CycleOptions::max_circuits_per_root`]): no
    /// cycle through them is in `cycles`.
    pub given_up: Vec<Loc>,
}

impl Cycles {
    pub fn len(&self) -> usize {
        self.cycles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cycles.is_empty()
    }

    /// The cycles whose entry location is `l`.
    pub fn at_entry(&self, l: Loc) -> impl Iterator<Item = &Cycle> + '_ {
        self.by_entry.get(l.index()).into_iter().flatten().map(|&i| &self.cycles[i as usize])
    }

    /// Locations that are the entry of at least one cycle, in increasing order.
    pub fn entries(&self) -> impl Iterator<Item = Loc> + '_ {
        self.by_entry.iter().enumerate().filter(|(_, v)| !v.is_empty()).map(|(i, _)| Loc(i as u32))
    }
}

/// Enumerates the cycles of `f` (Definition 1), up to the caps of `opts`.
///
/// Only locations reachable from the entry are considered, both for circuits and for the
/// incoming edges that make a location an entry: an edge from dead code brings no state.
pub fn enumerate_cycles(f: &Function, opts: &CycleOptions) -> Cycles {
    let g = Cfg::new(f);
    let reach = g.reachable();
    let mut j = Johnson::new(&g, &reach, opts);
    j.run();
    let mut by_entry = vec![Vec::new(); g.n];
    for (i, c) in j.out.cycles.iter().enumerate() {
        by_entry[c.entry.index()].push(i as u32);
    }
    j.out.by_entry = by_entry;
    j.out
}

struct Johnson<'a> {
    g: &'a Cfg,
    reach: &'a [bool],
    opts: &'a CycleOptions,
    /// Membership in the subgraph currently searched.
    in_sub: Vec<bool>,
    blocked: Vec<bool>,
    /// Johnson's `B` lists: locations to unblock when this one is unblocked.
    b: Vec<Vec<u32>>,
    /// Whether the location, while on the path, has led to a circuit (Johnson's `f`).
    closed: Vec<bool>,
    tarjan: Tarjan,
    /// Scratch membership mask for re-splitting a component, all false between uses.
    active: Vec<bool>,
    out: Cycles,
    core_edges: usize,
    /// Scratch: on-circuit flag per edge.
    on_circuit: Vec<bool>,
}

impl<'a> Johnson<'a> {
    fn new(g: &'a Cfg, reach: &'a [bool], opts: &'a CycleOptions) -> Self {
        Johnson {
            g,
            reach,
            opts,
            in_sub: vec![false; g.n],
            blocked: vec![false; g.n],
            b: vec![Vec::new(); g.n],
            closed: vec![false; g.n],
            tarjan: Tarjan::new(g.n),
            active: vec![false; g.n],
            out: Cycles::default(),
            core_edges: 0,
            on_circuit: vec![false; g.src.len()],
        }
    }

    /// Johnson's outer loop: take a non-trivial SCC, enumerate the circuits through its least
    /// location, remove that location and split the rest into SCCs again.
    fn run(&mut self) {
        let nodes: Vec<u32> = (0..self.g.n as u32).filter(|&v| self.reach[v as usize]).collect();
        let mut work: Vec<Vec<u32>> = self.nontrivial_sccs(&nodes, self.reach);
        while let Some(mut scc) = work.pop() {
            scc.sort_unstable();
            let s = scc[0];
            for &v in &scc {
                self.in_sub[v as usize] = true;
            }
            let done = self.circuits_from(s);
            for &v in &scc {
                self.in_sub[v as usize] = false;
                self.blocked[v as usize] = false;
                self.closed[v as usize] = false;
                self.b[v as usize].clear();
            }
            if done {
                return;
            }
            let rest = &scc[1..];
            let mut active = std::mem::take(&mut self.active);
            for &v in rest {
                active[v as usize] = true;
            }
            let sub = self.nontrivial_sccs(rest, &active);
            for &v in rest {
                active[v as usize] = false;
            }
            self.active = active;
            work.extend(sub);
        }
    }

    /// Non-trivial SCCs of the subgraph induced by `nodes`, ordered so that popping from the
    /// end takes the component with the least location first (a stable, readable order).
    fn nontrivial_sccs(&mut self, nodes: &[u32], active: &[bool]) -> Vec<Vec<u32>> {
        let g = self.g;
        let mut comps: Vec<Vec<u32>> =
            self.tarjan.run(g, nodes, active, |_| true).into_iter().filter(|c| is_nontrivial(g, c)).collect();
        comps.sort_by_key(|c| std::cmp::Reverse(c.iter().min().copied()));
        comps
    }

    /// Enumerates the circuits through `s` inside the current subgraph (all its other
    /// locations are greater than `s`). Returns true once a cap is hit.
    fn circuits_from(&mut self, s: u32) -> bool {
        let g = self.g;
        let (cycles_before, edges_before, circuits_before) =
            (self.out.cycles.len(), self.core_edges, self.out.circuits);
        let mut path: Vec<EdgeId> = Vec::new();
        let mut stack: Vec<(u32, usize)> = vec![(s, 0)];
        self.blocked[s as usize] = true;
        while let Some(top) = stack.last_mut() {
            let (v, i) = (top.0 as usize, top.1);
            if let Some(&e) = g.out[v].get(i) {
                top.1 += 1;
                let w = g.dst(e);
                if !self.in_sub[w as usize] {
                    continue;
                }
                if w == s {
                    if self.out.circuits - circuits_before >= self.opts.max_circuits_per_root {
                        // Too many circuits through s: none of them is kept.
                        self.out.cycles.truncate(cycles_before);
                        self.core_edges = edges_before;
                        self.out.given_up.push(Loc(s));
                        return false;
                    }
                    path.push(e);
                    let capped = self.emit(&path);
                    path.pop();
                    if capped {
                        return true;
                    }
                    for &(u, _) in &stack {
                        self.closed[u as usize] = true;
                    }
                } else if !self.blocked[w as usize] {
                    path.push(e);
                    stack.push((w, 0));
                    self.blocked[w as usize] = true;
                    self.closed[w as usize] = false;
                }
                continue;
            }
            if self.closed[v] {
                self.unblock(v as u32);
            } else {
                for &e in &g.out[v] {
                    let w = g.dst(e) as usize;
                    if self.in_sub[w] && !self.b[w].contains(&(v as u32)) {
                        self.b[w].push(v as u32);
                    }
                }
            }
            stack.pop();
            path.pop();
        }
        false
    }

    fn unblock(&mut self, u: u32) {
        let mut stack = vec![u];
        while let Some(x) = stack.pop() {
            if self.blocked[x as usize] {
                self.blocked[x as usize] = false;
                stack.append(&mut self.b[x as usize]);
            }
        }
    }

    /// Records the cycles of one circuit (edges, starting anywhere). Returns true if a cap was
    /// hit.
    fn emit(&mut self, circuit: &[EdgeId]) -> bool {
        let g = self.g;
        let k = circuit.len();
        let id = self.out.circuits as u32;
        self.out.circuits += 1;
        for &e in circuit {
            self.on_circuit[e.index()] = true;
        }
        let mut capped = false;
        for i in 0..k {
            let entering = circuit[(i + k - 1) % k];
            let v = g.src(circuit[i]);
            let from_caller = self.opts.caller_enters_entry && Some(v) == g.entry;
            let qualifies =
                from_caller || g.inc[v as usize].iter().any(|&e| e != entering && self.reach[g.src(e) as usize]);
            if !qualifies {
                continue;
            }
            if self.out.cycles.len() >= self.opts.max_cycles || self.core_edges + k > self.opts.max_core_edges {
                capped = true;
                break;
            }
            let core: Vec<EdgeId> = circuit[i..].iter().chain(&circuit[..i]).copied().collect();
            let exits: Vec<EdgeId> = core
                .iter()
                .flat_map(|&c| g.out[g.src(c) as usize].iter().copied())
                .filter(|e| !self.on_circuit[e.index()])
                .collect();
            self.core_edges += k;
            self.out.cycles.push(Cycle { entry: Loc(v), core, exits, circuit: id });
        }
        for &e in circuit {
            self.on_circuit[e.index()] = false;
        }
        if capped {
            self.out.truncated = true;
        }
        capped
    }
}
