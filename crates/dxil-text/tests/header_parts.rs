//! Header sections printed from parts against the reference disassembly (`ID.ll`): each
//! section is compared with the reference's section of the same title and occurrence.
//! The entry signature tables come from PSV0 and the ViewId state from the `dx.viewIdState`
//! array read out of the reference text (the module layer supplies both in `dis`).

use std::collections::BTreeMap;

use dxil_container::{FeatureInfo, ShaderKind};
use dxil_parts::{Psv, ViewIdState};
use dxil_text::header::{
    entry_signatures_from_psv, print_header, print_view_id_state, program_kind, EntrySignature,
    ModuleHeader,
};

/// Title lines that start a section (text after `; `).
const TITLES: &[&str] = &[
    "Note: shader requires additional functionality:",
    "Input signature:",
    "Output signature:",
    "Patch Constant signature:",
    "Vertex Output signature:",
    "Primitive Output signature:",
    "Pipeline Runtime Information: ",
    "Buffer Definitions:",
    "Resource Bindings:",
    "ViewId state:",
    "Subobjects:",
];

fn title_of(line: &str) -> Option<String> {
    let t = line.strip_prefix("; ")?;
    if TITLES.contains(&t) {
        return Some(t.to_string());
    }
    for p in ["shader hash:", "shader debug name:"] {
        if t.starts_with(p) {
            return Some(p.to_string());
        }
    }
    None
}

/// The header text without the sections only the module layer prints, in order.
fn without_module_sections(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut keep = vec![true; lines.len()];
    let mut starts: Vec<(usize, String)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(t) = title_of(l) {
            let leading = !t.starts_with("shader ") && i > 0 && lines[i - 1] == ";";
            starts.push((if leading { i - 1 } else { i }, t));
        }
    }
    for (k, (start, t)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(lines.len(), |s| s.0);
        if matches!(t.as_str(), "Buffer Definitions:" | "Resource Bindings:") {
            keep[*start..end].iter_mut().for_each(|x| *x = false);
        }
    }
    let mut out = String::new();
    for (l, k) in lines.iter().zip(keep) {
        if k {
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

/// Splits header text into (title, occurrence) -> text. A section runs from the `;` line
/// before its title (for titles printed after a `;` line) up to the next section.
fn sections(text: &str) -> BTreeMap<(String, usize), String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut starts: Vec<(usize, String)> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(t) = title_of(l) {
            let leading = !t.starts_with("shader ") && i > 0 && lines[i - 1] == ";";
            starts.push((if leading { i - 1 } else { i }, t));
        }
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeMap::new();
    for (k, (start, t)) in starts.iter().enumerate() {
        let end = starts.get(k + 1).map_or(lines.len(), |s| s.0);
        let n = seen.entry(t.clone()).or_default();
        let mut s = lines[*start..end].join("\n");
        s.push('\n');
        out.insert((t.clone(), *n), s);
        *n += 1;
    }
    out
}

/// The `dx.viewIdState` array from the reference text.
fn view_id_array(ll: &str) -> Option<Vec<u32>> {
    let line = ll
        .lines()
        .find(|l| l.starts_with("!dx.viewIdState = !{!"))?;
    let n = line
        .strip_prefix("!dx.viewIdState = !{!")?
        .strip_suffix('}')?;
    let def = format!("!{n} = !{{");
    let node = ll.lines().find(|l| l.starts_with(&def))?;
    let body = node.strip_prefix(&def)?.strip_suffix('}')?;
    let (ty, vals) = body.split_once("] ")?;
    if vals == "zeroinitializer" {
        let count: usize = ty.strip_prefix('[')?.split(' ').next()?.parse().ok()?;
        return Some(vec![0; count]);
    }
    let vals = vals.strip_prefix('[')?.strip_suffix(']')?;
    vals.split(", ")
        .map(|v| {
            v.strip_prefix("i32 ")?
                .parse::<i64>()
                .ok()
                .map(|x| x as u32)
        })
        .collect()
}

struct TestModule {
    kind: Option<ShaderKind>,
    sigs: [EntrySignature; 3],
    view_id: Option<ViewIdState>,
}

impl ModuleHeader for TestModule {
    fn is_dxil(&self) -> bool {
        true
    }
    fn shader_kind(&self) -> Option<ShaderKind> {
        self.kind
    }
    fn entry_signatures(&self) -> [EntrySignature; 3] {
        self.sigs.clone()
    }
    fn print_buffer_definitions(&self, _: &mut String) -> bool {
        false
    }
    fn print_resource_bindings(&self, _: &mut String) -> bool {
        false
    }
    fn print_view_id_state(&self, out: &mut String) -> bool {
        match (&self.view_id, self.kind) {
            (Some(s), Some(k)) => {
                print_view_id_state(s, k, out);
                true
            }
            _ => false,
        }
    }
    fn print_subobjects(&self, _: &mut String) -> bool {
        false
    }
}

#[test]
fn corpus_header_sections_match_reference() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    // section label -> (compared, identical)
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut mismatches: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut missing_in_reference = 0usize;
    let (mut shaders, mut all_same, mut whole) = (0usize, 0usize, 0usize);
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read shader");
        let Ok(ll) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let header = ll.split("target datalayout").next().unwrap_or("");
        let parts = dxil_test_support::parts(&bytes).expect("container");
        let psv = parts
            .iter()
            .find(|(f, _)| f == b"PSV0")
            .map(|(_, d)| Psv::parse(d).expect("psv"));
        let kind = program_kind(&parts)
            .expect("program header")
            .and_then(ShaderKind::from_raw);
        let uses_view_id = match psv.as_ref().and_then(|p| p.runtime_info.info1.as_ref()) {
            Some(i1) => i1.uses_view_id != 0,
            None => parts
                .iter()
                .find(|(f, _)| f == b"SFI0")
                .and_then(|(_, d)| FeatureInfo::parse_exact(d, 0).ok())
                .is_some_and(|f| f.0 & (1 << 16) != 0),
        };
        let view_id = match (view_id_array(&ll), kind) {
            (Some(a), Some(k)) => Some(ViewIdState::deserialize(&a, k, uses_view_id)),
            _ => None,
        };
        let view_id = match view_id {
            Some(Ok(s)) => {
                let k = kind.expect("kind");
                let again = s.serialize(k, uses_view_id);
                let c = counts.entry("ViewIdState (serialize)".into()).or_default();
                c.0 += 1;
                if Some(&again) == view_id_array(&ll).as_ref() {
                    c.1 += 1;
                } else {
                    mismatches
                        .entry("ViewIdState (serialize)".into())
                        .or_default()
                        .push(id.clone());
                }
                Some(s)
            }
            Some(Err(e)) => {
                mismatches
                    .entry("ViewId state (deserialize)".into())
                    .or_default()
                    .push(format!("{id}: {e}"));
                None
            }
            None => None,
        };
        let module = TestModule {
            kind,
            sigs: psv
                .as_ref()
                .map(entry_signatures_from_psv)
                .unwrap_or_default(),
            view_id,
        };
        let mut out = String::new();
        let printed = print_header(&parts, &module, &mut out).expect("print");
        shaders += 1;
        let reference = sections(header);
        let mine = sections(&out);
        let mut same_shader = true;
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for section in &printed {
            let title = section.title(kind);
            let n = seen.entry(title).or_default();
            let key = (title.to_string(), *n);
            *n += 1;
            let label = format!("{section:?}");
            let c = counts.entry(label.clone()).or_default();
            c.0 += 1;
            match (mine.get(&key), reference.get(&key)) {
                (Some(a), Some(b)) if a == b => c.1 += 1,
                (Some(a), Some(b)) => {
                    same_shader = false;
                    mismatches
                        .entry(label)
                        .or_default()
                        .push(format!("{id}\n--- mine\n{a}--- reference\n{b}"));
                }
                (_, None) => {
                    same_shader = false;
                    missing_in_reference += 1;
                    mismatches
                        .entry(label)
                        .or_default()
                        .push(format!("{id}: not in reference"));
                }
                (None, Some(_)) => {
                    same_shader = false;
                    mismatches
                        .entry(label)
                        .or_default()
                        .push(format!("{id}: printed but not split"));
                }
            }
        }
        // Every section the reference has (other than the module layer's) must be printed.
        for key in reference.keys() {
            let module_only =
                matches!(key.0.as_str(), "Buffer Definitions:" | "Resource Bindings:");
            if !module_only && !mine.contains_key(key) {
                same_shader = false;
                mismatches
                    .entry("not printed".into())
                    .or_default()
                    .push(format!("{id}: {} #{}", key.0, key.1));
            }
        }
        if same_shader {
            all_same += 1;
        }
        if without_module_sections(header) == out {
            whole += 1;
        }
    }
    for (label, (n, ok)) in &counts {
        println!("{label}: {ok}/{n} identical");
    }
    println!("shaders with every printed section identical: {all_same}/{shaders}");
    println!("whole header identical once module-only sections are removed: {whole}/{shaders}");
    for (label, list) in &mismatches {
        println!("== {label}: {} mismatches", list.len());
        for m in list.iter().take(3) {
            println!("{m}");
        }
    }
    assert_eq!(missing_in_reference, 0);
    assert!(!mismatches.contains_key("ViewIdState (serialize)"));
    assert!(shaders > 0);
    assert_eq!(all_same, shaders, "some header sections differ");
    assert_eq!(whole, shaders, "header text differs outside the sections");
}
