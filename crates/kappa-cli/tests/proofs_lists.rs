//! `kappa verify` on lists of nondet length (issue 21): the list-segment abstraction
//! (`kappa_proofs::lseg`) turns a list pushed at its front or back into ghost positions whose numeric program
//! k-induction proves; programs whose heap breaks the abstraction's checks (a cycle, shared
//! tails, an append after other than the last node, a store that breaks the nodes' data, a
//! use after free) are never proved.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `kappa verify FILE` with default options (into a fresh directory): the whole standard
/// output and the standard error.
fn verify(file: &str) -> (String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", file, "--quiet", "--out"])
        .arg(dir.path())
        .output()
        .expect("run kappa");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn result(stdout: &str) -> &str {
    stdout.lines().last().unwrap_or("")
}

#[test]
fn a_push_front_list_walked_and_freed_is_proved() {
    let (out, err) = verify("bench/proofs/sll_const.c");
    assert_eq!(result(&out), "RESULT: true", "{out}\n{err}");
    assert!(out.contains("proof: k-induction"), "proved by k-induction, not by an exploration: {out}");
}

#[test]
fn a_list_appended_at_its_tail_with_each_node_holding_its_index_is_proved() {
    let (out, err) = verify("bench/proofs/sll_index.c");
    assert_eq!(result(&out), "RESULT: true", "{out}\n{err}");
    assert!(out.contains("proof: k-induction"), "{out}");
}

#[test]
fn the_bug_twins_are_false() {
    for f in ["bench/proofs/sll_const_bug.c", "bench/proofs/sll_index_bug.c"] {
        let (out, err) = verify(f);
        assert_eq!(result(&out), "RESULT: false(unreach-call)", "{f}: {out}\n{err}");
    }
}

/// Each program breaks the abstraction in its own way; each has a concrete failing input
/// (in its header, checked with gcc), so kappa finds the bug by exploration.
#[test]
fn heaps_outside_the_abstraction_are_not_proved() {
    for (f, why) in [
        ("tests/programs/proofs/lseg_cycle.c", "a store into next other than a push"),
        // The shared tail is only a pending next now: the walk from the unlinked node fails.
        ("tests/programs/proofs/lseg_share.c", "the step case reaches an error"),
        ("tests/programs/proofs/lseg_append_middle.c", "a store into next other than a push"),
        ("tests/programs/proofs/lseg_late_store.c", "reach_error"),
        ("tests/programs/proofs/lseg_index_break.c", "reach_error"),
    ] {
        let (out, err) = verify(f);
        assert_eq!(result(&out), "RESULT: false(unreach-call)", "{f}: {out}\n{err}");
        // Asked for by name, k-induction says why the abstract program is not proved.
        let dir = tempfile::tempdir().expect("temp dir");
        let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
            .current_dir(root())
            .args(["verify", f, "--quiet", "--proof", "kind", "--out"])
            .arg(dir.path())
            .output()
            .expect("run kappa");
        let note = String::from_utf8_lossy(&o.stderr);
        assert!(note.contains("not proved") && note.contains(why), "{f}: {note}");
    }
}

#[test]
fn a_read_of_a_freed_node_is_not_proved() {
    // Bounded: the exploration after the failed proof does not end by itself (its verdict is
    // unknown either way: undefined behaviour, or the time limit).
    let dir = tempfile::tempdir().expect("temp dir");
    let o = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(["verify", "tests/programs/proofs/lseg_use_after_free.c", "--quiet", "--proof", "kind"])
        .args(["--max-states", "2000", "--max-time", "10", "--out"])
        .arg(dir.path())
        .output()
        .expect("run kappa");
    let (out, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(result(&out).starts_with("RESULT: unknown"), "{out}\n{err}");
    assert!(err.contains("not proved") && err.contains("freed or dead memory"), "{err}");
}

/// A cycle (`head->next = head`, then insertions after `head`), a queue in globals changed by
/// `enqueue` / `dequeue` (inlined into `main`, its globals made locals), a list appended through
/// `struct node **`: each proved, and its bug twin is not.
#[test]
fn a_cycle_a_queue_in_globals_and_an_append_through_a_link_are_proved() {
    for f in ["bench/proofs/circular.c", "bench/proofs/queue_fifo.c", "tests/programs/proofs/lseg_link_append.c"] {
        let (out, err) = verify(f);
        assert_eq!(result(&out), "RESULT: true", "{f}: {out}\n{err}");
        assert!(out.contains("proof: k-induction"), "{f}: {out}");
    }
    for f in
        ["bench/proofs/circular_bug.c", "bench/proofs/queue_fifo_bug.c", "tests/programs/proofs/lseg_link_append_bug.c"]
    {
        let (out, err) = verify(f);
        assert_eq!(result(&out), "RESULT: false(unreach-call)", "{f}: {out}\n{err}");
    }
}

/// Heaps the cycle and link cases must not take for lists: a node whose next points into the
/// cycle but that is never linked (a lasso), a list closed into a cycle whose walk
/// counts past its length. Each is false with a gcc-checked input, never proved.
#[test]
fn lassos_and_closed_cycles_are_not_proved() {
    for f in ["tests/programs/proofs/lseg_lasso.c", "tests/programs/proofs/lseg_close_count.c"] {
        let (out, err) = verify(f);
        assert_eq!(result(&out), "RESULT: false(unreach-call)", "{f}: {out}\n{err}");
    }
}
