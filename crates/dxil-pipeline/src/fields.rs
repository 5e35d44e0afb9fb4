//! Typed access to the keys of a YAML mapping, the way LLVM's YAML I/O maps them: required
//! and optional keys, enumerations by name, and an error for any key the mapping does not
//! define.

use crate::error::PipelineError;
use crate::yaml::{Node, Value};

/// The entries of one mapping, and which keys it defines.
pub(crate) struct Fields<'a> {
    line: usize,
    what: &'a str,
    entries: &'a [(Node, Node)],
}

impl<'a> Fields<'a> {
    /// The mapping `node` (an entry of `what`) whose keys must all be among `known`.
    pub fn new(node: &'a Node, what: &'a str, known: &[&str]) -> Result<Self, PipelineError> {
        let entries = node.map(what)?;
        for (k, _) in entries {
            let key = k.scalar("a key")?;
            if !known.contains(&key) {
                return Err(PipelineError::new(
                    k.line,
                    format!(
                        "unknown key '{key}' in {what} (expected one of {})",
                        known.join(", ")
                    ),
                ));
            }
        }
        for (i, (k, _)) in entries.iter().enumerate() {
            if entries[..i].iter().any(|(p, _)| p.value == k.value) {
                return Err(PipelineError::new(
                    k.line,
                    format!("duplicated key '{}' in {what}", k.scalar("a key")?),
                ));
            }
        }
        Ok(Fields {
            line: node.line,
            what,
            entries,
        })
    }

    /// The value of `key`, when present and not null.
    pub fn get(&self, key: &str) -> Option<&'a Node> {
        self.entries
            .iter()
            .find(|(k, _)| matches!(&k.value, Value::Scalar { text, .. } if text == key))
            .map(|(_, v)| v)
            .filter(|v| !is_null(v))
    }

    /// The value of `key`, which must be present.
    pub fn required(&self, key: &str) -> Result<&'a Node, PipelineError> {
        self.get(key).ok_or_else(|| {
            PipelineError::new(
                self.line,
                format!("missing required key '{key}' in {}", self.what),
            )
        })
    }

    /// A string under `key`, which must be present.
    pub fn string(&self, key: &str) -> Result<String, PipelineError> {
        Ok(self.required(key)?.scalar(key)?.to_string())
    }

    /// An unsigned number under `key`, or `default`.
    pub fn u32_or(&self, key: &str, default: u32) -> Result<u32, PipelineError> {
        match self.get(key) {
            None => Ok(default),
            Some(n) => number(n, key),
        }
    }

    /// An unsigned number under `key`, which must be present.
    pub fn u32(&self, key: &str) -> Result<u32, PipelineError> {
        number(self.required(key)?, key)
    }

    /// A float under `key`, or `default`.
    pub fn f64_or(&self, key: &str, default: f64) -> Result<f64, PipelineError> {
        match self.get(key) {
            None => Ok(default),
            Some(n) => {
                let t = n.scalar(key)?;
                t.trim().parse().map_err(|_| {
                    PipelineError::new(
                        n.line,
                        format!("invalid floating point number '{t}' for {key}"),
                    )
                })
            }
        }
    }

    /// A boolean under `key` (`true`/`false`, or a number as LLVM's `bool` traits also
    /// take `0`/`1` through integer mapping), or `default`.
    pub fn bool_or(&self, key: &str, default: bool) -> Result<bool, PipelineError> {
        match self.get(key) {
            None => Ok(default),
            Some(n) => match n.scalar(key)? {
                "true" | "True" | "TRUE" | "1" => Ok(true),
                "false" | "False" | "FALSE" | "0" => Ok(false),
                t => Err(PipelineError::new(
                    n.line,
                    format!("invalid boolean '{t}' for {key}"),
                )),
            },
        }
    }

    /// An enumeration value under `key` named from `table`, or `default` when absent.
    pub fn enumeration<T: Copy>(
        &self,
        key: &str,
        table: &[(T, &str)],
        default: Option<T>,
    ) -> Result<T, PipelineError> {
        match (self.get(key), default) {
            (None, Some(d)) => Ok(d),
            (None, None) => Err(PipelineError::new(
                self.line,
                format!("missing required key '{key}' in {}", self.what),
            )),
            (Some(n), _) => enumeration(n, key, table),
        }
    }
}

/// The enumeration value `node` names from `table`.
pub(crate) fn enumeration<T: Copy>(
    node: &Node,
    key: &str,
    table: &[(T, &str)],
) -> Result<T, PipelineError> {
    let t = node.scalar(key)?;
    table
        .iter()
        .find(|(_, n)| *n == t)
        .map(|(v, _)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(_, n)| *n).collect();
            PipelineError::new(
                node.line,
                format!("unknown {key} '{t}' (expected one of {})", names.join(", ")),
            )
        })
}

/// An unsigned 32-bit number in `node`.
pub(crate) fn number(node: &Node, key: &str) -> Result<u32, PipelineError> {
    let t = node.scalar(key)?;
    let bytes = crate::values::parse(crate::model::DataFormat::UInt32, t)
        .map_err(|_| PipelineError::new(node.line, format!("invalid number '{t}' for {key}")))?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// Whether `node` is YAML's null (`~`, `null`, or nothing).
pub(crate) fn is_null(node: &Node) -> bool {
    matches!(&node.value, Value::Scalar { text, plain: true }
        if text.is_empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
}
