//! An interrupt requested while no Z3 check runs still cancels the check that starts next (its
//! own test binary: the request is process-wide).
//!
//! Z3 4.8 forgets a `Z3_interrupt` made outside a check, so a thread that looked at the
//! request just before it was made, and started its check just after, ran the whole check:
//! a Ctrl-C during `verify` of tests/programs/long/factor.c was once not answered within 2 s
//! (CI, `sigint_cancels_the_running_query`). The request is now repeated until forgotten.

use std::time::{Duration, Instant};
use z3::ast::BV;

#[test]
fn a_check_started_after_the_request_is_cancelled() {
    // Registers this thread's Z3 context with the interrupt.
    let _registered = kappa_solver::Z3Solver::new();
    kappa_solver::interrupt::request();
    // The request's first interrupt has come and gone: no check ran then.
    std::thread::sleep(Duration::from_millis(50));
    // Factoring (2^31 - 1) * (2^31 - 19) over 64-bit multiplication: Z3 takes minutes.
    let solver = z3::Solver::new();
    let mut p = z3::Params::new();
    p.set_bool("ctrl_c", false);
    p.set_u32("timeout", 20_000);
    solver.set_params(&p);
    let (a, b) = (BV::new_const("a", 64), BV::new_const("b", 64));
    let (two, big) = (BV::from_u64(2, 64), BV::from_u64(1 << 32, 64));
    for x in [&a, &b] {
        solver.assert(x.bvuge(&two));
        solver.assert(x.bvult(&big));
    }
    solver.assert(a.bvmul(&b).eq(BV::from_u64(4_611_685_975_477_714_963, 64)));
    let t = Instant::now();
    let r = solver.check();
    let took = t.elapsed();
    kappa_solver::interrupt::clear();
    assert_eq!(r, z3::SatResult::Unknown);
    assert!(took < Duration::from_secs(5), "the check ran {took:?} after the request");
}
