//! SV-COMP task definitions (format 2.0): a YAML file naming the program, the properties to
//! check with their expected verdicts, and the language and data model.
//!
//! ```yaml
//! format_version: '2.0'
//! input_files: 'array-1.c'
//! properties:
//!   - property_file: ../properties/unreach-call.prp
//!     expected_verdict: true
//!   - property_file: ../properties/valid-memsafety.prp
//!     expected_verdict: false
//!     subproperty: valid-memtrack
//! options:
//!   language: C
//!   data_model: ILP32
//! ```
//!
//! Paths are relative to the task file.

use crate::property::{Property, Verdict};
use kappa_ir::DataModel;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One property of a task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TaskProperty {
    /// The property file, resolved against the task's directory.
    pub file: PathBuf,
    pub property: Property,
    /// `expected_verdict` (and `subproperty` for a violated `valid-memsafety`): `true` or
    /// `false(valid-memtrack)` as a verdict; none for coverage properties.
    pub expected: Option<Verdict>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub path: PathBuf,
    /// The program files, resolved against the task's directory (kappa handles one).
    pub input_files: Vec<PathBuf>,
    pub properties: Vec<TaskProperty>,
    pub data_model: DataModel,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTask {
    format_version: serde_yaml::Value,
    input_files: OneOrMany,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: Option<RawOptions>,
    /// Present in some task files; kappa has no use for it.
    #[serde(default, rename = "required_files")]
    _required_files: Option<serde_yaml::Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct RawProperty {
    property_file: String,
    #[serde(default)]
    expected_verdict: Option<bool>,
    #[serde(default)]
    subproperty: Option<String>,
}

#[derive(Deserialize)]
struct RawOptions {
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    data_model: Option<String>,
}

/// Whether a file is a task definition rather than a program (by its extension).
pub fn is_task_file(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("yml" | "yaml"))
}

impl Task {
    pub fn load(path: &Path) -> Result<Task, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Task::parse(&text, path)
    }

    /// Parses the text of the task file at `path` (paths inside are relative to its directory).
    pub fn parse(text: &str, path: &Path) -> Result<Task, String> {
        let name = path.display();
        let raw: RawTask = serde_yaml::from_str(text).map_err(|e| match e.location() {
            Some(l) => format!("{name}:{}:{}: not an SV-COMP task definition: {e}", l.line(), l.column()),
            None => format!("{name}: not an SV-COMP task definition: {e}"),
        })?;
        let version = match &raw.format_version {
            serde_yaml::Value::String(s) => s.clone(),
            serde_yaml::Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        if !matches!(version.as_str(), "2.0" | "2") {
            return Err(format!("{name}: task format version `{version}` (kappa reads format 2.0)"));
        }
        let dir = path.parent().unwrap_or(Path::new("."));
        let input_files: Vec<PathBuf> = match raw.input_files {
            OneOrMany::One(f) => vec![dir.join(f)],
            OneOrMany::Many(fs) => fs.into_iter().map(|f| dir.join(f)).collect(),
        };
        if input_files.is_empty() {
            return Err(format!("{name}: the task has no input files"));
        }
        let mut data_model = DataModel::LP64;
        if let Some(o) = &raw.options {
            if let Some(lang) = &o.language {
                if !lang.eq_ignore_ascii_case("c") {
                    return Err(format!("{name}: the task's language is {lang}; kappa verifies C"));
                }
            }
            if let Some(dm) = &o.data_model {
                data_model = dm.parse().map_err(|e| format!("{name}: {e}"))?;
            }
        }
        let mut properties = Vec::new();
        for p in raw.properties {
            let file = dir.join(&p.property_file);
            let ptext = std::fs::read_to_string(&file)
                .map_err(|e| format!("{name}: cannot read the property file {}: {e}", file.display()))?;
            let property = Property::parse(&ptext).map_err(|e| format!("{}: {e}", file.display()))?;
            let expected = match (p.expected_verdict, &p.subproperty) {
                (None, _) => None,
                (Some(true), _) => Some(Verdict::True),
                (Some(false), Some(sub)) => Some(Verdict::False(sub.clone())),
                (Some(false), None) => Some(Verdict::False(property.name().to_string())),
            };
            properties.push(TaskProperty { file, property, expected });
        }
        Ok(Task { path: path.to_path_buf(), input_files, properties, data_model })
    }

    /// The one program file kappa analyses.
    pub fn program(&self) -> Result<&Path, String> {
        match self.input_files.as_slice() {
            [one] => Ok(one),
            many => Err(format!(
                "{}: the task has {} input files; kappa analyses tasks of one file",
                self.path.display(),
                many.len()
            )),
        }
    }
}

/// Whether `got` agrees with the task's expected verdict: `Some(true)` agrees, `Some(false)`
/// contradicts it, `None` when either is not definite.
pub fn agrees(expected: &Verdict, got: &Verdict) -> Option<bool> {
    match (expected, got) {
        (_, Verdict::Unknown(_)) | (Verdict::Unknown(_), _) => None,
        (Verdict::True, Verdict::True) => Some(true),
        (Verdict::False(a), Verdict::False(b)) => Some(a == b),
        _ => Some(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_with_two_properties() {
        let dir = tempfile::tempdir().unwrap();
        let props = dir.path().join("properties");
        std::fs::create_dir(&props).unwrap();
        std::fs::write(props.join("unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
            .unwrap();
        std::fs::write(
            props.join("valid-memsafety.prp"),
            "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n\
             CHECK( init(main()), LTL(G valid-memtrack) )\n",
        )
        .unwrap();
        let yml = "format_version: '2.0'\n\ninput_files: 'a.c'\n\nproperties:\n  - property_file: properties/unreach-call.prp\n    expected_verdict: true\n  - property_file: properties/valid-memsafety.prp\n    expected_verdict: false\n    subproperty: valid-memtrack\n\noptions:\n  language: C\n  data_model: ILP32\n";
        let path = dir.path().join("a.yml");
        let t = Task::parse(yml, &path).unwrap();
        assert_eq!(t.program().unwrap(), dir.path().join("a.c"));
        assert_eq!(t.data_model, DataModel::ILP32);
        assert_eq!(t.properties.len(), 2);
        assert_eq!(t.properties[0].expected, Some(Verdict::True));
        assert_eq!(t.properties[1].property, Property::ValidMemsafety);
        assert_eq!(t.properties[1].expected, Some(Verdict::False("valid-memtrack".into())));
        assert_eq!(
            agrees(&Verdict::False("valid-memtrack".into()), &Verdict::False("valid-deref".into())),
            Some(false)
        );
    }

    #[test]
    fn bad_tasks_are_refused_with_a_reason() {
        let p = Path::new("t.yml");
        assert!(Task::parse("format_version: '1.0'\ninput_files: a.c\n", p).unwrap_err().contains("format version"));
        assert!(Task::parse("input_files: [a.c\n", p).unwrap_err().contains("t.yml:"));
        let e = Task::parse("format_version: '2.0'\ninput_files: a.java\noptions:\n  language: Java\n", p).unwrap_err();
        assert!(e.contains("Java"), "{e}");
        let e =
            Task::parse("format_version: '2.0'\ninput_files: a.c\nproperties:\n  - property_file: missing.prp\n", p)
                .unwrap_err();
        assert!(e.contains("missing.prp"), "{e}");
    }
}
