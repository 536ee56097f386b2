//! The `kappa` command line (SPEC.md): `ir`, `run`, `verify`, `replay`, `slice`.
//!
//! Exit codes: 0 the command ran, 1 bad usage, 2 the input cannot be handled (one message with
//! file:line:col), 3 internal error.

use clap::{Args, Parser, Subcommand};
use kappa_cfront::{DiagKind, Options};
use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::DataModel;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "kappa", version, about = "Symbolic execution for C with loop templates (compact symbolic execution)")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options of the C front-end, shared by every command that reads a program.
#[derive(Args, Clone)]
struct FrontOpts {
    /// The C file (`.c`, or `.i` if already preprocessed).
    file: PathBuf,
    /// Integer sizes: ILP32 or LP64.
    #[arg(long, default_value = "LP64", value_parser = parse_dm)]
    data_model: DataModel,
    /// Add a directory to the preprocessor's include path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// Define a preprocessor macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Start here; its parameters become symbolic inputs.
    #[arg(long, default_value = "main")]
    entry: String,
}

fn parse_dm(s: &str) -> Result<DataModel, String> {
    s.parse()
}

/// Options of the exploring commands (SPEC.md); accepted now so that scripts keep working.
#[derive(Args, Clone)]
struct ExploreOpts {
    #[arg(long, default_value = "compact", value_parser = ["classic", "compact"])]
    mode: String,
    #[arg(long, default_value = "bfs", value_parser = ["bfs", "dfs", "random", "prune"])]
    search: String,
    #[arg(long, default_value = "pose", value_parser = ["pose", "lazy", "lazier"])]
    heap: String,
    #[arg(long)]
    max_time: Option<f64>,
    #[arg(long)]
    max_states: Option<u64>,
    #[arg(long)]
    max_depth: Option<u64>,
    #[arg(long, default_value_t = 4096)]
    max_memory: u64,
    #[arg(long, default_value = "kappa-out")]
    out: PathBuf,
    #[arg(long)]
    stats_json: Option<PathBuf>,
    #[arg(long)]
    tree: Option<PathBuf>,
    #[arg(long)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Print the lowered flowgraph IR (text, or Graphviz DOT with --dot).
    Ir {
        #[command(flatten)]
        front: FrontOpts,
        /// Print Graphviz DOT, one cluster per function, loops highlighted.
        #[arg(long)]
        dot: bool,
        /// Also print, per function, its natural loops and the cycles of compact symbolic
        /// execution (Definition 1 of the ATVA 2013 paper).
        #[arg(long)]
        loops: bool,
    },
    /// Explore the program symbolically (not built yet).
    Run {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        explore: ExploreOpts,
    },
    /// SV-COMP style verification of reach_error() reachability (not built yet).
    Verify {
        #[command(flatten)]
        front: FrontOpts,
        #[command(flatten)]
        explore: ExploreOpts,
        #[arg(long, default_value = "unreach-call")]
        property: String,
    },
    /// Replay a generated test on the program compiled by the system C compiler (not built yet).
    Replay { file: PathBuf, test: PathBuf },
    /// Path-sensitively sliced program, decompiled to C (not built yet).
    Slice {
        #[command(flatten)]
        front: FrontOpts,
        #[arg(long, value_delimiter = ',')]
        target: Vec<String>,
        #[arg(short = 'o')]
        output: Option<PathBuf>,
    },
}

fn front_options(f: &FrontOpts) -> Options {
    Options {
        data_model: f.data_model,
        include_dirs: f.include.clone(),
        defines: f.define.clone(),
        entries: vec![f.entry.clone()],
    }
}

fn load(f: &FrontOpts) -> Result<kappa_ir::Program, ExitCode> {
    kappa_cfront::lower_file(&f.file, &front_options(f)).map_err(|d| {
        eprintln!("{d}");
        ExitCode::from(2)
    })
}

fn not_built(what: &str) -> ExitCode {
    eprintln!("kappa: `{what}` is not built yet in this version (see the README's status section)");
    ExitCode::from(3)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Ir { front, dot, loops } => {
            let prog = match load(&front) {
                Ok(p) => p,
                Err(c) => return c,
            };
            if dot {
                print!("{}", kappa_ir::dot::program_to_dot(&prog));
            } else {
                print!("{}", kappa_ir::print::Printer::new(&prog).program());
                if loops {
                    print!("{}", loop_report(&prog));
                }
            }
            ExitCode::SUCCESS
        }
        Command::Verify { front, .. } => {
            // Valid C that kappa cannot handle is a verdict (unknown), not an input error.
            match kappa_cfront::lower_file(&front.file, &front_options(&front)) {
                Ok(_) => println!("RESULT: unknown (symbolic execution is not built yet)"),
                Err(d) if d.kind == DiagKind::Unsupported => {
                    eprintln!("{d}");
                    println!("RESULT: unknown (unsupported: {})", d.message);
                }
                Err(d) => {
                    eprintln!("{d}");
                    return ExitCode::from(2);
                }
            }
            ExitCode::SUCCESS
        }
        Command::Run { front, .. } => {
            if let Err(c) = load(&front) {
                return c;
            }
            not_built("run")
        }
        Command::Replay { .. } => not_built("replay"),
        Command::Slice { .. } => not_built("slice"),
    }
}

/// Loops and cycles per function, for `kappa ir --loops`.
fn loop_report(prog: &kappa_ir::Program) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let analyses = analyze_program(prog, &CycleOptions::default());
    for (f, a) in prog.functions.iter().zip(&analyses) {
        let _ = writeln!(out, "\nloops of {}:", f.name);
        for l in &a.loops.loops {
            let body: Vec<String> = l.body.iter().map(|x| x.to_string()).collect();
            let exits: Vec<String> =
                l.exits.iter().map(|e| format!("{}->{}", f.edge(*e).src, f.edge(*e).dst)).collect();
            let _ = writeln!(
                out,
                "  loop at {} (depth {}): body {{{}}}, exits {}",
                l.header,
                l.depth,
                body.join(" "),
                exits.join(" ")
            );
        }
        let trunc = if a.cycles.truncated { " (enumeration stopped at the cap)" } else { "" };
        let _ = writeln!(out, "  {} cycles{trunc}", a.cycles.len());
        for c in &a.cycles.cycles {
            let locs: Vec<String> = c.locs(f).map(|x| x.to_string()).collect();
            let _ = writeln!(
                out,
                "    entry {}: core {} {}, {} exit edges",
                c.entry,
                locs.join(" "),
                c.entry,
                c.exits.len()
            );
        }
    }
    out
}
