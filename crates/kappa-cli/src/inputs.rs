//! Options that give the program its inputs from outside, as KLEE's POSIX runtime does:
//! `kappa run prog.c -- ARGS…`, `--sym-args MIN MAX LEN`, `--sym-stdin N`, `--sym-files COUNT LEN`.

use clap::Args;
use kappa_engine::ProgramInputSpec;

#[derive(Args, Clone, Debug, Default)]
pub struct InputOpts {
    /// Between MIN and MAX more command-line arguments, each of up to LEN symbolic characters.
    #[arg(long, num_args = 3, value_names = ["MIN", "MAX", "LEN"])]
    pub sym_args: Option<Vec<u32>>,
    /// N symbolic bytes of standard input.
    #[arg(long, value_name = "N")]
    pub sym_stdin: Option<u32>,
    /// COUNT files named A, B, … of LEN symbolic bytes each, which fopen/open can open.
    #[arg(long, num_args = 2, value_names = ["COUNT", "LEN"])]
    pub sym_files: Option<Vec<u32>>,
    /// The program's own (concrete) arguments, after `--`.
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

impl InputOpts {
    pub fn spec(&self) -> Result<ProgramInputSpec, String> {
        let sym_args = match self.sym_args.as_deref() {
            None => None,
            Some(&[min, max, len]) if min <= max && max <= 64 && len <= 4096 => Some((min, max, len)),
            Some(_) => return Err("--sym-args MIN MAX LEN needs MIN <= MAX <= 64 and LEN <= 4096".into()),
        };
        let sym_files = match self.sym_files.as_deref() {
            None => None,
            Some(&[count, len]) if count <= 26 && len <= 1 << 16 => Some((count, len)),
            Some(_) => return Err("--sym-files COUNT LEN needs COUNT <= 26 and LEN <= 65536".into()),
        };
        if self.sym_stdin.is_some_and(|n| n > 1 << 16) {
            return Err("--sym-stdin N needs N <= 65536".into());
        }
        Ok(ProgramInputSpec {
            argv0: Vec::new(),
            args: self.args.iter().map(|a| a.as_bytes().to_vec()).collect(),
            sym_args,
            sym_stdin: self.sym_stdin,
            sym_files,
            nondet_main: None,
        })
    }
}

/// `verify` and `testgen`: main's arguments are nondeterministic, as SV-COMP and Test-Comp
/// define them, unless `--` or `--sym-args` gave them ([`kappa_engine::NondetMain`]).
pub fn nondet_main(spec: &mut ProgramInputSpec) {
    if spec.args.is_empty() && spec.sym_args.is_none() {
        spec.nondet_main = Some(kappa_engine::NondetMain::DEFAULT);
    }
}
