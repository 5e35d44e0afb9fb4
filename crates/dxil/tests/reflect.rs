//! Reflection over the corpus: every shader reflects, its JSON has the documented top-level
//! field order, and its resources are the rows of the reference's `; Resource Bindings:`
//! table (name, class, binding, count).

use dxil::module::model::ResourceClass;
use dxil::reflect;

/// The rows of the reference's resource table.
fn reference_rows(ll: &str) -> Vec<&str> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in ll.lines() {
        if line.starts_with("; ------------------------------ ----------") {
            in_table = true;
            continue;
        }
        if !in_table {
            continue;
        }
        if line == ";" || !line.starts_with("; ") {
            break;
        }
        rows.push(line);
    }
    rows
}

/// Whether a reference row describes (name, class, bind, count): it starts with the name,
/// holds the class, and ends with the binding then the count (columns may run together
/// when a value is wider than its column).
fn row_matches(row: &str, name: &str, class: &str, bind: &str, count: &str) -> bool {
    let Some(rest) = row.strip_prefix("; ").and_then(|r| r.strip_prefix(name)) else {
        return false;
    };
    let Some(before_count) = rest.trim_end().strip_suffix(count) else {
        return false;
    };
    rest.contains(class) && before_count.trim_end().ends_with(bind)
}

#[test]
fn corpus_reflection_matches_resource_bindings() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut total, mut same) = (0usize, 0usize);
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let r = reflect(&bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
        let json = serde_json::to_value(&r).expect("json");
        let keys: Vec<&str> = json
            .as_object()
            .expect("object")
            .keys()
            .map(String::as_str)
            .collect();
        // serde_json's map is ordered by key unless preserve_order is on; check the set.
        let mut want = vec![
            "shader_model",
            "dxil_version",
            "validator_version",
            "shader_flags",
            "required_features",
            "entry_points",
            "resources",
            "constant_buffers",
        ];
        want.sort_unstable();
        let mut got = keys.clone();
        got.sort_unstable();
        assert_eq!(got, want, "{id}");
        let text = serde_json::to_string(&r).expect("json text");
        let positions: Vec<usize> = [
            "\"shader_model\"",
            "\"dxil_version\"",
            "\"validator_version\"",
            "\"shader_flags\"",
            "\"required_features\"",
            "\"entry_points\"",
            "\"resources\"",
            "\"constant_buffers\"",
        ]
        .iter()
        .map(|k| text.find(k).expect("key"))
        .collect();
        assert!(
            positions.windows(2).all(|w| w[0] < w[1]),
            "{id}: field order"
        );

        let Ok(ll) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let rows = reference_rows(&ll);
        let mut mine = Vec::new();
        for class in ResourceClass::BINDING_ORDER {
            mine.extend(r.resources.iter().filter(|res| res.class == class));
        }
        let ok = rows.len() == mine.len()
            && rows.iter().zip(&mine).all(|(row, res)| {
                let (class, prefix) = match res.class {
                    ResourceClass::SRV => ("texture", "t"),
                    ResourceClass::UAV => ("UAV", "u"),
                    ResourceClass::CBuffer => ("cbuffer", "cb"),
                    ResourceClass::Sampler => ("sampler", "s"),
                };
                let mut bind = format!("{prefix}{}", res.lower_bound);
                if res.space != 0 {
                    bind.push_str(&format!(",space{}", res.space));
                }
                let count = res.count.map_or("unbounded".into(), |c| c.to_string());
                row_matches(row, &res.name, class, &bind, &count)
            });
        total += 1;
        if ok {
            same += 1;
        } else if total - same <= 3 {
            println!("{id}: {mine:?} vs {rows:?}");
        }
    }
    println!("reflected resources equal to the reference bindings: {same}/{total}");
    assert_eq!(same, total);
}
