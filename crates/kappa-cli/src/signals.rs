//! Ctrl-C (SIGINT) and SIGTERM (issue 14; docs/spec-extensions.md, "Interrupting a run").
//!
//! The first signal stops a run cleanly, as KLEE's first Ctrl-C does: the engine ends its current
//! step, the query Z3 is running is cancelled ([`kappa_solver::interrupt`]), and the summary,
//! statistics, tree and verdict (`unknown (interrupted)`) are written as after any other limit.
//! A second signal ends the process at once. When everything is written, kappa ends by the signal
//! it received (exit status 130 for SIGINT, 143 for SIGTERM in a shell), so that a shell loop or
//! a supervisor sees it was interrupted.
//!
//! The handler only writes the signal's number into a pipe; a thread reads it and does the work
//! (Z3's interrupt, messages, killing replayed programs), which a signal handler may not.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

/// The signal that stopped the run (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);
/// The write end of the pipe to the watching thread.
static PIPE: AtomicI32 = AtomicI32::new(-1);
/// The engine is exploring: the grace period after the first signal applies.
static EXPLORING: AtomicBool = AtomicBool::new(false);

/// How long the exploration may take to stop after the first signal before kappa ends without
/// its report (a step the interrupt cannot reach, such as a long computation outside Z3).
const GRACE: Duration = Duration::from_secs(5);

/// What the first signal does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OnFirst {
    /// Stop the exploration and report (run, verify).
    Stop,
    /// Kill the replayed program and exit (replay: there is nothing to report).
    Exit,
}

extern "C" fn on_signal(sig: libc::c_int) {
    let fd = PIPE.load(Ordering::Relaxed);
    if fd >= 0 {
        let b = sig as u8;
        // SAFETY: write(2) is async-signal-safe; `b` lives for the call.
        unsafe {
            libc::write(fd, (&b as *const u8).cast(), 1);
        }
    }
}

/// Catches SIGINT and SIGTERM. A signal ignored when kappa starts stays ignored (a background
/// job's Ctrl-C is meant for the foreground, as with every Unix tool).
pub fn install(first: OnFirst) {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    PIPE.store(fds[1], Ordering::SeqCst);
    let reader = fds[0];
    if std::thread::Builder::new().name("kappa-signals".into()).spawn(move || watch(reader, first)).is_err() {
        return;
    }
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: plain sigaction calls with zero-initialised, then filled, structures.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 || old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as *const () as libc::sighandler_t;
            sa.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

fn watch(fd: libc::c_int, first: OnFirst) {
    loop {
        let mut b = 0u8;
        // SAFETY: reads one byte into `b`.
        let n = unsafe { libc::read(fd, (&mut b as *mut u8).cast(), 1) };
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if n <= 0 {
            return;
        }
        let sig = b as libc::c_int;
        let first_signal = RECEIVED.compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst).is_ok();
        if first_signal && first == OnFirst::Stop {
            eprintln!(
                "\nkappa: {} received: stopping the exploration and writing the report \
                 ({} again to exit at once)",
                name(sig),
                if sig == libc::SIGINT { "Ctrl-C" } else { "the signal" }
            );
            kappa_solver::interrupt::request();
            kappa_replay::kill_running();
            std::thread::spawn(move || {
                std::thread::sleep(GRACE);
                if EXPLORING.load(Ordering::SeqCst) {
                    eprintln!(
                        "kappa: the exploration did not stop within {} s of the signal: exiting without a report",
                        GRACE.as_secs()
                    );
                    die(sig);
                }
            });
        } else {
            if first == OnFirst::Stop {
                eprintln!("kappa: {} received again: exiting at once", name(sig));
            }
            kappa_replay::kill_running();
            die(sig);
        }
    }
}

fn name(sig: libc::c_int) -> &'static str {
    match sig {
        libc::SIGINT => "SIGINT (Ctrl-C)",
        libc::SIGTERM => "SIGTERM",
        _ => "a signal",
    }
}

/// Ends the process by `sig` with its default action (termination), as if it had not been
/// caught.
fn die(sig: libc::c_int) -> ! {
    // SAFETY: restoring the default action and sending the signal to this process.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::kill(libc::getpid(), sig);
    }
    std::process::exit(128 + sig)
}

/// Marks the exploration as running or over (the grace period applies while it runs).
pub fn exploring(on: bool) {
    EXPLORING.store(on, Ordering::SeqCst);
}

/// Has a signal stopped the run?
pub fn interrupted() -> bool {
    RECEIVED.load(Ordering::SeqCst) != 0
}

/// The end of a command: after an interrupt, the process ends by the signal (once the report is
/// written and flushed); otherwise with `code`.
pub fn finish(code: std::process::ExitCode) -> std::process::ExitCode {
    let sig = RECEIVED.load(Ordering::SeqCst);
    if sig != 0 {
        let _ = std::io::stdout().flush();
        let _ = std::io::stderr().flush();
        die(sig);
    }
    code
}
