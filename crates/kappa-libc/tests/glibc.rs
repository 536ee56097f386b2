//! Every model of the C library against glibc: a driver program calls the modelled functions on
//! random inputs (given as standard input, or as files) and prints every result; run by kappa's
//! interpreter over the linked models and compiled by gcc against glibc, it must print the same
//! and exit the same. The drivers are in `tests/drivers/`.

use kappa_cfront::Options;
use kappa_interp::{run_main, Config, Outcome, ZeroInput};
use kappa_ir::testcase::{Bytes, FileInput, ProgramInputs};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn driver(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drivers").join(name)
}

/// xorshift64*: the same inputs every run (KAPPA_LIBC_SEED to explore).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Text biased towards what the models branch on: digits, signs, letters of bases up to 36,
    /// separators, white space, and now and then any byte.
    fn text(&mut self, max: usize) -> Vec<u8> {
        const ALPHABET: &[u8] = b"0123456789aAbBcCfFxXzZ -+|,#\n\t\x0b";
        let n = (self.next() % (max as u64 + 1)) as usize;
        (0..n)
            .map(|_| {
                let r = self.next();
                if r.is_multiple_of(13) {
                    (r >> 8) as u8
                } else {
                    ALPHABET[(r >> 8) as usize % ALPHABET.len()]
                }
            })
            .collect()
    }
}

struct Driver {
    prog: kappa_ir::Program,
    exe: PathBuf,
    _dir: tempfile::TempDir,
}

impl Driver {
    fn new(name: &str) -> Driver {
        let src = driver(name);
        let dir = tempfile::tempdir().expect("temporary directory");
        let exe = dir.path().join("driver");
        let out = Command::new("gcc")
            .args(["-std=gnu11", "-w", "-fno-builtin", "-O0"])
            .arg(&src)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("gcc runs");
        assert!(out.status.success(), "gcc: {}", String::from_utf8_lossy(&out.stderr));
        let prog = kappa_libc::lower_file(&src, &Options::default()).unwrap_or_else(|d| panic!("{name}: {d}"));
        Driver { prog, exe, _dir: dir }
    }

    /// (stdout, exit status) under glibc and under the models.
    fn both(&self, stdin: &[u8], files: &[(&str, &[u8])]) -> ((String, i32), (String, i32)) {
        let cwd = tempfile::tempdir().expect("temporary directory");
        for (name, bytes) in files {
            std::fs::write(cwd.path().join(name), bytes).expect("write a file");
        }
        let mut child = Command::new(&self.exe)
            .current_dir(cwd.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run the driver");
        let _ = child.stdin.take().expect("stdin").write_all(stdin);
        let out = child.wait_with_output().expect("driver ends");
        let glibc = (String::from_utf8_lossy(&out.stdout).into_owned(), out.status.code().unwrap_or(-1));
        let cfg = Config {
            program_inputs: ProgramInputs {
                argv: Vec::new(),
                stdin: Some(Bytes::new(stdin.to_vec())),
                files: files
                    .iter()
                    .map(|(n, b)| FileInput { name: n.to_string(), contents: Bytes::new(b.to_vec()) })
                    .collect(),
            },
            ..Config::default()
        };
        let r = run_main(&self.prog, &mut ZeroInput, &cfg);
        let status = match &r.outcome {
            Outcome::Exit(c) => *c & 0xff,
            o => panic!(
                "the model run ended with {o:?} on input {:?}\n{}",
                String::from_utf8_lossy(stdin),
                r.output_str()
            ),
        };
        (glibc, (r.output_str(), status))
    }
}

fn seed() -> u64 {
    std::env::var("KAPPA_LIBC_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x006b_6170_7061) | 1
}

fn differential(name: &str, runs: usize, max_len: usize) {
    let d = Driver::new(name);
    let mut rng = Rng(seed());
    let mut fixed: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"0x1f|x".to_vec(),
        b"-9223372036854775808".to_vec(),
        b"99999999999999999999999".to_vec(),
        b"  +0777 rest".to_vec(),
        b"abc, def,,ghi|a,b".to_vec(),
        b"-0x".to_vec(),
        b"zz|ZZ".to_vec(),
        b"line one\nline two#\nmore\n".to_vec(),
    ];
    fixed.extend((0..runs).map(|_| rng.text(max_len)));
    for input in &fixed {
        let (glibc, model) = d.both(input, &[]);
        assert_eq!(model, glibc, "{name} on input {:?}", String::from_utf8_lossy(input));
    }
}

#[test]
fn string_models_agree_with_glibc() {
    differential("string.c", 150, 40);
}

/// `strchr` with a constant character is linked to its forking model, with any other character
/// to the branch-free one; both are compared with glibc by the string driver.
#[test]
fn strchr_of_a_constant_character_has_its_own_model() {
    let prog = Driver::new("string.c").prog;
    let calls = |name: &str| {
        let f = prog.functions.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("`{name}` not linked"));
        prog.functions
            .iter()
            .flat_map(|g| &g.edges)
            .filter(|e| matches!(&e.op, kappa_ir::Op::Call { func, .. } if *func == f.id))
            .count()
    };
    assert_eq!(calls("__kappa_strchr_const"), 3);
    assert!(calls("strchr") >= 1);
}

#[test]
fn stdlib_models_agree_with_glibc() {
    differential("stdlib.c", 150, 30);
}

#[test]
fn ctype_models_agree_with_glibc() {
    differential("ctype.c", 40, 40);
}

#[test]
fn stdio_models_agree_with_glibc() {
    differential("stdio.c", 150, 40);
}

#[test]
fn printf_family_agrees_with_glibc() {
    differential("format.c", 150, 30);
}

#[test]
fn file_models_agree_with_glibc() {
    let d = Driver::new("files.c");
    let mut rng = Rng(seed());
    for _ in 0..60 {
        let a = rng.text(20);
        let b = rng.text(12);
        let (glibc, model) = d.both(b"", &[("A", &a), ("B", &b)]);
        assert_eq!(model, glibc, "files A={:?} B={:?}", String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
    }
}
