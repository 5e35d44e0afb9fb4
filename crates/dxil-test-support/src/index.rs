//! `index.jsonl` files (one JSON object per line) and the hex-encoded containers in
//! `../shared/rootsig/index.jsonl`.

use std::path::Path;

use serde_json::Value;

/// Every non-empty line of a JSON-lines file, parsed; `None` (after a note) when the file
/// is unreadable. Panics on a line that is not JSON: reference data must be well formed.
pub fn read_jsonl(path: &Path) -> Option<Vec<Value>> {
    let Ok(text) = std::fs::read_to_string(path) else {
        crate::skip(&format!("{} absent", path.display()));
        return None;
    };
    let values = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", path.display(), n + 1))
        })
        .collect();
    Some(values)
}

/// Decodes a hex string (pairs of digits); a malformed pair is skipped.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .filter_map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok())
        .collect()
}

/// The root-signature-only containers of `../shared/rootsig/index.jsonl` (`container_hex`,
/// present for the strings the reference compiler accepted); empty (after a note) when the
/// file is absent.
pub fn rootsig_containers() -> Vec<Vec<u8>> {
    let Some(path) = crate::paths::shared_path("rootsig/index.jsonl") else {
        return Vec::new();
    };
    read_jsonl(&path)
        .unwrap_or_default()
        .iter()
        .filter_map(|v| Some(unhex(v.get("container_hex")?.as_str()?)))
        .collect()
}

/// The `source.hlsl` part of an offload-test-suite case (`../shared/exec/ID.test`, split
/// into parts by `#--- NAME` or `//--- NAME` lines): the text up to the next part.
pub fn exec_source(test: &str) -> Option<&str> {
    let start = test.find("--- source.hlsl\n")? + "--- source.hlsl\n".len();
    let rest = &test[start..];
    let end = ["\n#--- ", "\n//--- "]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
        .map_or(rest.len(), |e| e + 1);
    Some(&rest[..end])
}
