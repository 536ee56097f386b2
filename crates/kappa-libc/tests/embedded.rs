//! The model the build embeds (`build.rs`) is the model the front-end lowers now: the same
//! program, field for field (compared as JSON, which has every field but the edge indexes,
//! rebuilt on reading, and `edge_origin`, empty in a model), for both data models. Fails when
//! the embedded model is stale (the system headers changed since the build) or read wrongly.

use kappa_ir::DataModel;

#[test]
fn the_embedded_model_is_the_model_lowered_now() {
    for dm in [DataModel::LP64, DataModel::ILP32] {
        let lowered = kappa_libc::lower_library(dm).expect("the model lowers");
        let embedded = kappa_libc::embedded_library(dm).expect("the build embeds the model");
        assert!(lowered.edge_origin.is_empty());
        let a = without_pid(&serde_json::to_string(&lowered).expect("serialises"));
        let b = without_pid(&serde_json::to_string(&embedded).expect("serialises"));
        assert!(a == b, "{}: the embedded model differs from the model lowered now", dm.name());
        assert!(!embedded.functions.is_empty() && embedded.functions.len() == lowered.functions.len());
        for (f, g) in embedded.functions.iter().zip(&lowered.functions) {
            assert_eq!((&f.out, &f.inc), (&g.out, &g.inc), "{}: edge indexes of {}", dm.name(), f.name);
        }
        // The names embedded apart are the lowered model's functions (variadic ones under their
        // C name) and globals.
        let mut names: std::collections::BTreeSet<String> = lowered
            .functions
            .iter()
            .filter(|f| !f.locs.is_empty())
            .map(|f| f.name.strip_prefix(kappa_libc::VARIADIC_PREFIX).unwrap_or(&f.name).to_string())
            .collect();
        names.extend(
            lowered
                .objects
                .iter()
                .filter(|o| matches!(o.kind, kappa_ir::ObjKind::Global { .. }))
                .map(|o| o.name.clone()),
        );
        assert!(names.contains("strlen") && names.contains("open") && names.contains("stdin"), "{names:?}");
        assert_eq!(kappa_libc::provided(dm).expect("the names"), names, "{}", dm.name());
        // `library` is the embedded one: the same functions.
        let lib = kappa_libc::library(dm).expect("the library");
        assert_eq!(without_pid(&serde_json::to_string(&*lib).expect("serialises")), b);
    }
}

/// The text with the lowering process's id, in the name of the directory the model was
/// preprocessed in (`kappa-libc-0000012345-LP64`, in line markers and in the source snippets of
/// some error messages), made `N`s.
fn without_pid(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("kappa-libc-") {
        let (head, tail) = rest.split_at(i + "kappa-libc-".len());
        out.push_str(head);
        let digits = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.extend(std::iter::repeat_n('N', digits));
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}
