//! Lowers the C library model at build time and embeds it (as JSON, in `OUT_DIR`) in the
//! library, so that a run does not preprocess, parse and lower the same text again (0.11 s of
//! every run's serial start: docs/benchmarks.md, branch `startup8`). The same code lowers it
//! as at run time (`src/model.rs`, by the same front-end); cargo runs this again when the
//! model, the front-end or the IR change (build dependencies), when a system header the model
//! includes changes (each is a `rerun-if-changed`) and when `KAPPA_CPP` does. Without a
//! working preprocessor at build time the embedded model is empty and the library lowers the
//! model at run time as before.

#[path = "src/model.rs"]
#[allow(dead_code)]
mod model;

use kappa_ir::DataModel;

fn main() {
    println!("cargo:rerun-if-changed=c");
    println!("cargo:rerun-if-changed=src/model.rs");
    println!("cargo:rerun-if-env-changed=KAPPA_CPP");
    println!("cargo:rerun-if-env-changed=KAPPA_EMULATE_M32");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for dm in [DataModel::LP64, DataModel::ILP32] {
        let mut names = String::new();
        let text = match model::lower_library(dm) {
            Ok(prog) => {
                for n in model::provided_names(&prog) {
                    names.push_str(&n);
                    names.push('\n');
                }
                // The headers gcc read (not the `-m32` emulation's stub in the temporary directory).
                let tmp = std::env::temp_dir();
                for f in &prog.files {
                    let p = std::path::Path::new(f);
                    if p.is_absolute() && !p.starts_with(&tmp) {
                        println!("cargo:rerun-if-changed={f}");
                    }
                }
                match serde_json::to_string(&prog) {
                    Ok(t) => t,
                    Err(e) => {
                        println!("cargo:warning=the C library model ({}) is not embedded: {e}", dm.name());
                        String::new()
                    }
                }
            }
            Err(d) => {
                println!(
                    "cargo:warning=the C library model ({}) is not embedded (lowered at run time): {d}",
                    dm.name()
                );
                String::new()
            }
        };
        for (file, content) in
            [(format!("model-{}.json", dm.name()), text), (format!("provided-{}.txt", dm.name()), names)]
        {
            let path = out.join(file);
            std::fs::write(&path, content).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
    }
}
