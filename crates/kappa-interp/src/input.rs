//! Where nondeterministic values come from.

use crate::RunResult;
use kappa_ir::{NondetOrigin, Ty};

/// Supplies the values of `Op::Nondet` edges and the contents of memory allocated with
/// `AllocInit::Nondet`.
pub trait InputSource {
    /// The next value for a nondet variable of type `ty` (`Int(w)`, `Ptr` or `Bool`). The
    /// interpreter keeps the low `w` bits of an integer, reads a pointer as null when 0 and as an
    /// invalid (dangling) pointer otherwise, and a boolean from bit 0. `None`: input exhausted.
    fn next(&mut self, origin: &NondetOrigin, ty: Ty) -> Option<u64>;

    /// Fills freshly allocated nondet memory. Returns false if the input is exhausted. The
    /// default fills zeros.
    fn fill(&mut self, origin: &NondetOrigin, buf: &mut [u8]) -> bool {
        let _ = origin;
        buf.fill(0);
        true
    }
}

/// Every value is zero (and nondet memory zero-filled).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZeroInput;

impl InputSource for ZeroInput {
    fn next(&mut self, _: &NondetOrigin, _: Ty) -> Option<u64> {
        Some(0)
    }
}

/// Replays recorded values in order, whatever their origin; running out makes the run
/// `Outcome::Stuck("input exhausted")`. Nondet memory takes the recorded fills in order; once
/// they run out (or when none were given) it is zero-filled, and a fill of the wrong length is
/// truncated or padded with zeros.
#[derive(Clone, Debug, Default)]
pub struct VecInput {
    values: Vec<u64>,
    pos: usize,
    fills: Vec<Vec<u8>>,
    fill_pos: usize,
}

impl VecInput {
    pub fn new(values: Vec<u64>) -> VecInput {
        VecInput { values, ..VecInput::default() }
    }

    pub fn with_fills(mut self, fills: Vec<Vec<u8>>) -> VecInput {
        self.fills = fills;
        self
    }

    /// The inputs a previous run consumed, to reproduce it exactly.
    pub fn replay(run: &RunResult) -> VecInput {
        VecInput::new(run.inputs.iter().map(|(_, _, v)| *v).collect())
            .with_fills(run.fills.iter().map(|(_, b)| b.clone()).collect())
    }

    /// Number of values consumed so far.
    pub fn consumed(&self) -> usize {
        self.pos
    }
}

impl InputSource for VecInput {
    fn next(&mut self, _: &NondetOrigin, _: Ty) -> Option<u64> {
        let v = self.values.get(self.pos).copied()?;
        self.pos += 1;
        Some(v)
    }

    fn fill(&mut self, _: &NondetOrigin, buf: &mut [u8]) -> bool {
        buf.fill(0);
        if let Some(f) = self.fills.get(self.fill_pos) {
            let n = f.len().min(buf.len());
            buf[..n].copy_from_slice(&f[..n]);
            self.fill_pos += 1;
        }
        true
    }
}

/// Seeded pseudo-random values (xorshift64*): uniform 64-bit values, masked by the interpreter to
/// the destination width; nondet memory gets random bytes. The same seed gives the same run.
#[derive(Clone, Debug)]
pub struct RandomInput {
    state: u64,
}

impl RandomInput {
    pub fn new(seed: u64) -> RandomInput {
        // Scramble the seed (splitmix64) so that small seeds give unrelated streams; the state of
        // xorshift must not be zero.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        RandomInput { state: if z == 0 { 0x2545_F491_4F6C_DD1D } else { z } }
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

impl InputSource for RandomInput {
    fn next(&mut self, _: &NondetOrigin, _: Ty) -> Option<u64> {
        Some(self.next_u64())
    }

    fn fill(&mut self, _: &NondetOrigin, buf: &mut [u8]) -> bool {
        for chunk in buf.chunks_mut(8) {
            let r = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&r[..chunk.len()]);
        }
        true
    }
}
